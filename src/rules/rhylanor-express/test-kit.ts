import type { z } from 'zod';
import { ScriptedDice } from '../../engine/dice/source.ts';
import type { DecideContext, Seat } from '../../engine/ruleset.ts';
import { type RhylanorCommand, type RhylanorEvent, type RhylanorState, rhylanorExpress } from './ruleset.ts';

/** Test helpers: run commands through the exported ruleset (schema, decide, evolve) with scripted dice. */

export const GM_SEAT: Seat = { seatId: 'gm', role: 'gm' };
export const PLAYER: Seat = { seatId: 'p1', role: 'player' };
export const OTHER_PLAYER: Seat = { seatId: 'p2', role: 'player' };

export function fresh(): RhylanorState {
  let s = rhylanorExpress.setup({});
  s = rhylanorExpress.evolve(s, { type: 'seat.joined', seatId: 'gm', role: 'gm', name: 'Referee' });
  s = rhylanorExpress.evolve(s, { type: 'seat.joined', seatId: 'p1', role: 'player', name: 'Ana' });
  return rhylanorExpress.evolve(s, { type: 'seat.joined', seatId: 'p2', role: 'player', name: 'Bo' });
}

/** The pack with each named career given one skill table of a single skill on all six faces (any face gives it). */
export function oneSkillTables(
  state: RhylanorState,
  skills: Readonly<Record<string, string>>,
): RhylanorState {
  const careers = state.pack.careers.map((k) => {
    const skill = skills[k.name];
    return skill === undefined ? k : { ...k, tables: [[skill, skill, skill, skill, skill, skill]] };
  });
  return { ...state, pack: { ...state.pack, careers } };
}

/** A fight of one against one: c1 for the Crew (side a) at the origin, c2 for side b `metres` off. */
export function startDuel(state: RhylanorState, metres = 50, sideB = 'Guard'): RhylanorState {
  return play(state, {
    type: 'combat.start',
    sides: [
      { id: 'a', name: 'Crew', members: [{ characterId: 'c1', x: 0, y: 0 }] },
      { id: 'b', name: sideB, members: [{ characterId: 'c2', x: metres, y: 0 }] },
    ],
  }).state;
}

export interface Played {
  readonly state: RhylanorState;
  readonly events: RhylanorEvent[];
}

/** Parses the command as the server would, decides, folds. Faces must all be used. */
export function play(
  state: RhylanorState,
  command: unknown,
  faces: number[] = [],
  actor: Seat = GM_SEAT,
): Played {
  const parsed = rhylanorExpress.commandSchema.parse(command) as RhylanorCommand;
  const dice = new ScriptedDice(faces);
  const ctx: DecideContext = { actor, dice };
  const events = rhylanorExpress.decide(state, parsed, ctx);
  if (dice.remaining !== 0) throw new Error(`${dice.remaining} scripted face(s) unused`);
  let s = state;
  for (const e of events) {
    fitsSchema(e);
    // An honest event must follow its state too, or the import would refuse it.
    const problem = rhylanorExpress.eventProblem?.(s, e);
    if (problem) throw new Error(`${e.type} could not follow its state: ${problem}`);
    s = rhylanorExpress.evolve(s, e);
  }
  return { state: s, events };
}

export function of<T extends RhylanorEvent['type']>(
  events: RhylanorEvent[],
  type: T,
): Extract<RhylanorEvent, { type: T }>[] {
  return events.filter((e): e is Extract<RhylanorEvent, { type: T }> => e.type === type);
}

/**
 * Every event decide makes must pass its import schema (`eventSchemas`), or an honest log would be
 * refused on import: each test that plays a command checks it.
 */
export function fitsSchema(event: { readonly type: string }): void {
  const schema = (rhylanorExpress.eventSchemas as Record<string, z.ZodType> | undefined)?.[event.type];
  if (!schema) throw new Error(`${event.type} has no import schema`);
  const fit = schema.safeParse(event);
  if (!fit.success)
    throw new Error(`${event.type} does not fit its import schema: ${JSON.stringify(fit.error.issues[0])}`);
}
