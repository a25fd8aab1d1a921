/** Rhylanor Express (classic Traveller house rules): the ruleset and the helpers clients use. */

export type { Character, Wound } from './character.ts';
export { formatUpp, parseUpp } from './character.ts';
export { defaultPack, parsePack } from './data/pack.ts';
export type { Pack } from './data/pack-schema.ts';
export type { PersonalEvent } from './events.ts';
export type { RhylanorCommand, RhylanorEvent, RhylanorState } from './ruleset.ts';
export { rhylanorExpress } from './ruleset.ts';
export type { RhylanorOptions } from './state.ts';
export { chanceOutOf36 } from './task.ts';
