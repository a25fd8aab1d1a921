/**
 * The 3:16 facts as typed data plus small pure functions over them. No state machine, no events:
 * the encounter and campaign code import from here.
 */

export * from './aa-methods.ts';
export * from './alien-abilities.ts';
export * from './flashback-slots.ts';
export * from './kill-steps.ts';
export * from './kit.ts';
export * from './medals.ts';
export * from './planet-lists.ts';
export * from './planet-sheet.ts';
export * from './ranks.ts';
export * from './support.ts';
export * from './threat.ts';
export * from './trooper-creation.ts';
export * from './trooper-names.ts';
export * from './weapons.ts';
