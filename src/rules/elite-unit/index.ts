/** Elite Unit (the d20 system of seed 003): the ruleset and the helpers clients, CLI and simulator use. */

export type { EliteUnitCommand } from './commands.ts';
export { commandSchema } from './commands.ts';
export { defaultPack, parsePack } from './data/pack.ts';
export type { Pack } from './data/pack-schema.ts';
export type { EliteUnitEvent } from './events.ts';
export { effective, effectiveValue } from './rules/effective.ts';
export { decideAndFold, eliteUnit } from './ruleset.ts';
export type { Character, EliteUnitOptions, EliteUnitState } from './state.ts';
export { isYourMove, type Move, whoseMove } from './your-move.ts';
