import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordingDice, ScriptedDice, SeededDice } from '../../../engine/dice/source.ts';
import { Rng } from '../../../engine/rng.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import { defaultSpacePack } from '../data/space-pack.ts';
import { REPAIR_ITEMS, type SpaceCommand, spaceCommandSchema } from './commands.ts';
import { decideSpace, decideSpaceInPlace } from './decide.ts';
import type { SpaceEvent } from './events.ts';
import { workingCopy } from './evolve.ts';
import { initialSpace, type Ship, type SpaceState } from './model.ts';
import { policyCommands } from './policy.ts';
import { expectShipInBounds, fold, GM, PLAYER_A } from './test-kit.ts';
import { viewSpace } from './view.ts';

/** A command drawn at random: often a sensible one, often nonsense the rules must refuse cleanly. */
function randomCommand(s: SpaceState, rng: Rng): SpaceCommand {
  const ids = s.order;
  const ship = ids[rng.int(0, ids.length - 1)] as string;
  const other = ids[rng.int(0, ids.length - 1)] as string;
  const turret = rng.int(0, 3);
  const weapon = rng.int(0, 2);
  if (s.open) {
    const pick = rng.int(0, 3);
    if (pick === 0)
      return {
        type: 'space.pool.after',
        ship: rng.int(0, 1) ? s.open.ship : s.open.target,
        points: rng.int(0, 1) ? 1 : -1,
      };
    return { type: 'space.roll.pass' };
  }
  if (rng.int(0, 30) === 0) return { type: 'space.windows', on: rng.int(0, 1) === 0 };
  const sensible = policyCommands(s);
  if (sensible.length > 0 && rng.int(0, 2) > 0)
    return sensible[rng.int(0, sensible.length - 1)] as SpaceCommand;
  const pick = rng.int(0, 12);
  const raw: Record<string, unknown> = [
    { type: 'space.phase.end' },
    { type: 'space.phase.end' },
    { type: 'space.move', ship, thrust: { q: rng.int(-3, 3), r: rng.int(-3, 3) } },
    { type: 'space.fire', ship, turret, target: other, ...(rng.int(0, 3) === 0 ? { chip: 1 } : {}) },
    { type: 'space.counter', ship, turret, protect: other },
    { type: 'space.launch', ship, turret, weapon, target: other },
    { type: 'space.sand', ship, turret, weapon },
    { type: 'space.reload', ship, turret, weapon, rounds: rng.int(1, 2) },
    { type: 'space.repair', ship, item: REPAIR_ITEMS[rng.int(0, REPAIR_ITEMS.length - 1)], turret },
    { type: 'space.detect', ship, target: other },
    // A chip guard, sometimes against the other side's own rolls too (§6.4).
    {
      type: 'space.chip.guard',
      side: rng.int(0, 1) === 0 ? 'a' : 'b',
      on: rng.int(0, 2) > 0,
      also: (['counter', 'detect', 'repair'] as const).filter(() => rng.int(0, 1) === 0),
    },
    { type: 'space.detection.resolve' },
    { type: 'space.initiative' },
    { type: 'space.roles', intruder: rng.int(0, 1) === 0 ? 'a' : 'b' },
  ][pick] as Record<string, unknown>;
  return spaceCommandSchema.parse(raw) as SpaceCommand;
}

function checkInvariants(s: SpaceState): void {
  for (const id of s.order) {
    const ship = s.ships[id] as Ship;
    expectShipInBounds(ship);
    expect(ship.pool).toBeGreaterThanOrEqual(0);
    expect(ship.sand).toBeGreaterThanOrEqual(0);
  }
  expect(s.sides.a.chips).toBeGreaterThanOrEqual(0);
  expect(s.sides.b.chips).toBeGreaterThanOrEqual(0);
  for (const m of s.missiles) expect((s.ships[m.target] as Ship).destroyed).toBe(false);
  // No ship the other side has not found is in player A's view.
  const view = viewSpace(s, PLAYER_A) as { ships: Record<string, unknown> };
  for (const id of s.order) {
    const ship = s.ships[id] as Ship;
    if (ship.side === 'b' && !ship.detected) expect(view.ships[id]).toBeUndefined();
  }
}

describe('random play through space combat', () => {
  it('keeps every invariant; refusals are RuleErrors; replay and the in-place path give the same state', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom('Standard meeting', 'Pirate ambush', 'Gravity well'),
        (seed, scenario) => {
          const rng = Rng.fromSeed(seed);
          const dice = new SeededDice(seed + 1);
          const log: SpaceEvent[] = [];
          let s = initialSpace();
          const send = (command: SpaceCommand) => {
            const recording = new RecordingDice(dice);
            let events: SpaceEvent[];
            try {
              events = decideSpace(s, command, { actor: GM, dice: recording }, defaultSpacePack);
            } catch (e) {
              if (!isRuleError(e)) throw e;
              return;
            }
            const work = workingCopy(s);
            decideSpaceInPlace(
              work,
              command,
              { actor: GM, dice: new ScriptedDice(recording.faces.map((f) => f.face)) },
              defaultSpacePack,
            );
            s = fold(s, events);
            log.push(...events);
            expect(work).toEqual(s);
          };
          send({ type: 'space.scenario.load', scenario });
          send({ type: 'space.ship.control', ship: 's1', seatId: PLAYER_A.seatId });
          for (let step = 0; step < 120 && s.phase !== 'ended'; step++) {
            send(randomCommand(s, rng));
            checkInvariants(s);
          }
          expect(fold(initialSpace(), log)).toEqual(s);
        },
      ),
      { numRuns: 15 },
    );
  });
});
