import { expect } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import type { Seat } from '../../../engine/ruleset.ts';
import { defaultSpacePack, type Person, type Side, type SpacePack } from '../data/space-pack.ts';
import { spaceEventProblem } from '../event-problems.ts';
import { type SpaceCommand, spaceCommandSchema } from './commands.ts';
import { decideSpace } from './decide.ts';
import { spaceEventSchemas } from './event-schemas.ts';
import type { SpaceEvent } from './events.ts';
import { evolveSpace } from './evolve.ts';
import { type Hex, initialSpace, type Ship, type SpaceState } from './model.ts';

/** Helpers for the space-combat tests: commands through the schema, scripted dice, folded events. */

export const GM: Seat = { seatId: 'gm', role: 'gm' };
export const PLAYER_A: Seat = { seatId: 'pa', role: 'player' };
export const PLAYER_B: Seat = { seatId: 'pb', role: 'player' };
export const SPECTATOR: Seat = { seatId: 'sp', role: 'spectator' };

export interface Played {
  readonly state: SpaceState;
  readonly events: SpaceEvent[];
  readonly dice: ScriptedDice;
}

export function fold(state: SpaceState, events: readonly SpaceEvent[]): SpaceState {
  let s = state;
  for (const e of events) {
    fitsSpaceSchema(e);
    // An honest event must follow its state too, or the import would refuse it.
    const problem = spaceEventProblem(s, e);
    if (problem) throw new Error(`${e.type} could not follow its state: ${problem}`);
    s = evolveSpace(s, e);
  }
  return s;
}

/** Sends one command (checked by the schema) with scripted faces; every face must be used. */
export function play(
  state: SpaceState,
  command: Record<string, unknown> & { type: string },
  faces: readonly number[] = [],
  actor: Seat = GM,
  pack: SpacePack = defaultSpacePack,
): Played {
  const parsed = spaceCommandSchema.parse(command) as SpaceCommand;
  const dice = new ScriptedDice(faces);
  const events = decideSpace(state, parsed, { actor, dice }, pack);
  if (dice.remaining !== 0) throw new Error(`${dice.remaining} scripted faces were not used`);
  return { state: fold(state, events), events, dice };
}

/** The RuleError code a command is refused with (and a check that it was refused at all). */
export function refusal(
  state: SpaceState,
  command: Record<string, unknown> & { type: string },
  actor: Seat = GM,
  faces: readonly number[] = [],
): string {
  try {
    play(state, command, faces, actor);
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
  throw new Error(`${command.type} was accepted`);
}

export const person = (name: string, skills: Record<string, number>, intDm = 0): Person => ({
  name,
  intDm,
  skills,
  armour: 0,
  vaccSuit: false,
});

export interface DuelShip {
  readonly design: string;
  readonly at: Hex;
  readonly vel?: Hex;
  readonly crew?: Person;
  readonly name?: string;
}

/**
 * Two or more ships on the map in the movement phase of turn 1, side A Intruder: each ship crewed
 * at every post by its `crew` (default: nobody skilled), side A's commander with Space Tactics 1
 * so A chooses, the first ship of A commanded by PLAYER_A and of B by PLAYER_B.
 */
export function duel(a: readonly DuelShip[], b: readonly DuelShip[]): SpaceState {
  let s = initialSpace();
  const add = (ships: readonly DuelShip[], side: Side) => {
    ships.forEach((ship, i) => {
      s = play(s, {
        type: 'space.ship.add',
        design: ship.design,
        name: ship.name ?? `${side.toUpperCase()}${i + 1}`,
        side,
        at: ship.at,
        vel: ship.vel ?? { q: 0, r: 0 },
      }).state;
      const id = s.order[s.order.length - 1] as string;
      const crew = ship.crew ?? person(`crew of ${id}`, {});
      for (const post of ['captain', 'pilot', 'navigator', 'gunner', 'engineer'])
        s = play(s, { type: 'space.crew.assign', ship: id, post, person: crew }).state;
      if (i === 0)
        s = play(s, {
          type: 'space.ship.control',
          ship: id,
          seatId: side === 'a' ? PLAYER_A.seatId : PLAYER_B.seatId,
        }).state;
    });
  };
  add(a, 'a');
  add(b, 'b');
  s = play(s, {
    type: 'space.commander.assign',
    side: 'a',
    person: person('Admiral', { 'Space Tactics': 1 }),
  }).state;
  s = play(s, { type: 'space.initiative' }).state;
  s = play(s, { type: 'space.roles', intruder: 'a' }).state;
  return s;
}

export const shipNamed = (s: SpaceState, name: string): Ship => {
  const found = Object.values(s.ships).find((sh) => sh.name === name);
  if (!found) throw new Error(`no ship ${name}`);
  return found;
};

/** Ends phases until the given phase (and side) is reached. */
export function advanceTo(
  s: SpaceState,
  phase: SpaceState['phase'],
  side?: Side,
  faces: number[] = [],
): SpaceState {
  let state = s;
  for (let i = 0; i < 20; i++) {
    if (state.phase === phase && (side === undefined || state.turnSide === side)) return state;
    state = play(state, { type: 'space.phase.end' }, i === 0 ? faces : []).state;
  }
  throw new Error(`never reached ${phase}`);
}

/** Every event decide makes must pass its import schema, or an honest log would be refused on import. */
export function fitsSpaceSchema(event: SpaceEvent): void {
  const fit = spaceEventSchemas[event.type].safeParse(event);
  if (!fit.success)
    throw new Error(`${event.type} does not fit its import schema: ${JSON.stringify(fit.error.issues[0])}`);
}

/** A ship's numbers stay in their bounds: hull points, drive, jump and computer ratings, magazines, ready rounds 0–3. */
export function expectShipInBounds(ship: Ship): void {
  expect(ship.hullPoints).toBeGreaterThanOrEqual(0);
  expect(ship.hullPoints).toBeLessThanOrEqual(ship.hullPointsMax);
  for (const r of [ship.maneuver, ship.jump, ship.computer]) {
    expect(r.now).toBeGreaterThanOrEqual(0);
    expect(r.now).toBeLessThanOrEqual(r.max);
  }
  expect(ship.magazine.missiles).toBeGreaterThanOrEqual(0);
  expect(ship.magazine.sand).toBeGreaterThanOrEqual(0);
  for (const t of ship.turrets)
    for (const w of t.weapons) {
      expect(w.ready).toBeGreaterThanOrEqual(0);
      expect(w.ready).toBeLessThanOrEqual(3);
    }
}
