/**
 * Space combat of Rhylanor Express (digest §6) as a slice the ruleset embeds: command schemas and
 * roles, decide, evolve, view and redact over `SpaceState`. The ruleset shell routes every
 * `space.*` command and event here.
 */

export type { SpaceCommand, SpaceCommandOf } from './commands.ts';
export { SPACE_COMMAND_ROLES, spaceCommandSchema, spaceCommandSchemas } from './commands.ts';
export { decideSpace, decideSpaceWindow, type SpaceWindowCommand } from './decide.ts';
export type { SpaceEvent, SpaceEventOf } from './events.ts';
export { isSpaceEvent, SPACE_EVENT_TYPES } from './events.ts';
export { evolveSpace, evolveSpaceInPlace } from './evolve.ts';
export type { SpaceState } from './model.ts';
export { initialSpace } from './model.ts';
export { redactSpace, viewSpace } from './view.ts';
