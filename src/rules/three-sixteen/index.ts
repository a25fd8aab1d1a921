/** 3:16 Carnage Amongst the Stars: the ruleset and the helpers clients and the simulator use. */

export type { ThreeSixteenCommand } from './commands.ts';
export type { ThreeSixteenEvent } from './events.ts';
export { legalCommands, pendingDecisions, threeSixteen } from './ruleset.ts';
export type { ThreeSixteenOptions, ThreeSixteenState } from './state.ts';
