import { definePart } from '../commands.ts';
import { encounterCommands } from './decide.ts';
import { ENCOUNTER_EVENT_TYPES, evolveEncounter } from './evolve.ts';

/** The encounter as a part of the ruleset: dominance, rounds, flashbacks, abilities, support. */
export const encounterPart = definePart({
  name: 'encounter',
  commands: encounterCommands,
  eventTypes: ENCOUNTER_EVENT_TYPES,
  evolve: evolveEncounter,
});
