/** Fundamental Duck!: the ruleset and the types clients, the CLI and the simulator use. */

export { candidateCommands } from './candidates.ts';
export { type ShotPreview, shotPreview } from './combat.ts';
export type { FdCommand } from './commands.ts';
export type { FdEvent } from './events.ts';
export { fundamentalDuck } from './ruleset.ts';
export type { FdOptions } from './setup.ts';
export type { FdState, Teamer, Threat } from './state.ts';
export { pendingOf } from './view.ts';
