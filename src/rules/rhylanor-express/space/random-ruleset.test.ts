import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../engine/dice/source.ts';
import { Rng } from '../../../engine/rng.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import type { Seat } from '../../../engine/ruleset.ts';
import { rhylanorExpress } from '../index.ts';
import type { RhylanorEvent, RhylanorState } from '../ruleset.ts';
import type { Ship } from './model.ts';
import { policyCommands } from './policy.ts';
import { expectShipInBounds } from './test-kit.ts';

/**
 * Random play through space combat as the acceptance tests drive it: the exported ruleset's
 * `decide` / `evolve`, players sending their own ships' orders. The corsair of "Pirate ambush" lies
 * quiet; until side A finds it, nothing A's player receives may hold its name or place, and its
 * crew's sheets never reach him at all.
 */

const GM: Seat = { seatId: 'gm', role: 'gm' };
const PLAYER_A: Seat = { seatId: 'pa', role: 'player' };
const PLAYER_B: Seat = { seatId: 'pb', role: 'player' };

/** The corsair's crew (the pack's NPC sheets): never shown to the other side, found or not. */
const CORSAIR_CREW = ['Corsair captain', 'Pirate navigator', 'Pirate gunner', 'Pirate engineer'];

function randomCommand(s: RhylanorState, rng: Rng): Record<string, unknown> {
  const space = s.space;
  const ids = space.order;
  const ship = ids[rng.int(0, ids.length - 1)] as string;
  const other = ids[rng.int(0, ids.length - 1)] as string;
  if (space.open)
    return rng.int(0, 2) === 0 ? { type: 'pool.spend', ship, points: 1 } : { type: 'pool.pass' };
  const sensible = policyCommands(space);
  if (sensible.length > 0 && rng.int(0, 4) > 0) return sensible[rng.int(0, sensible.length - 1)] as never;
  if (rng.int(0, 1) === 0) return { type: 'space.phase.end' };
  const options: Record<string, unknown>[] = [
    { type: 'space.detect', ship, target: other },
    { type: 'space.detect', ship },
    { type: 'space.detection.resolve' },
    { type: 'space.surprise.place', ship, at: { q: rng.int(-20, 20), r: rng.int(-10, 10) } },
    // Slipping away ends the battle: now and then only.
    rng.int(0, 5) === 0 ? { type: 'space.surprise.slip' } : { type: 'space.detection.resolve' },
    { type: 'space.initiative' },
    { type: 'space.roles', intruder: rng.int(0, 1) === 0 ? 'a' : 'b' },
    { type: 'space.posture', ship, quiet: rng.int(0, 1) === 0 },
    { type: 'space.move', ship, thrust: { q: rng.int(-2, 2), r: rng.int(-2, 2) } },
    { type: 'space.fire', ship, turret: rng.int(0, 2), target: other },
    { type: 'space.launch', ship, turret: 1, weapon: rng.int(0, 2), target: other },
    { type: 'space.sand', ship, turret: 2, weapon: rng.int(1, 2) },
    { type: 'space.reload', ship, turret: rng.int(1, 2), weapon: rng.int(0, 2), rounds: 1 },
    { type: 'space.repair', ship, item: 'hull' },
    { type: 'space.windows', on: rng.int(0, 1) === 0 },
  ];
  return options[rng.int(0, options.length - 1)] as Record<string, unknown>;
}

/** Who sends it: the ship's own player for his ship's orders, else the referee. */
function sender(s: RhylanorState, command: Record<string, unknown>): Seat {
  const id = typeof command.ship === 'string' ? command.ship : undefined;
  const ship = id ? s.space.ships[id] : undefined;
  if (!ship || command.type === 'space.override') return GM;
  return ship.side === 'a' ? PLAYER_A : PLAYER_B;
}

describe('the space pack in a player’s hands', () => {
  it('holds no crew sheets (the pirates’ among them) and no set-ups; the referee has them all', () => {
    const s = rhylanorExpress.setup({});
    const seen = rhylanorExpress.view(s, PLAYER_A) as { pack: RhylanorState['pack'] };
    expect(seen.pack.space.people).toEqual([]);
    expect(seen.pack.space.scenarios).toEqual([]);
    expect(seen.pack.space.ships.length).toBe(s.pack.space.ships.length);
    const text = JSON.stringify(seen);
    for (const name of CORSAIR_CREW) expect(text).not.toContain(name);
    const referee = rhylanorExpress.view(s, GM) as { pack: RhylanorState['pack'] };
    expect(referee.pack.space.people.map((p) => p.name)).toEqual(expect.arrayContaining(CORSAIR_CREW));
  });
});

describe('random play through space combat via the exported ruleset', () => {
  it('keeps hulls, ratings and ammunition in bounds, replays to the same state, and a quiet ship stays hidden', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rng = Rng.fromSeed(seed);
        const dice = new SeededDice(seed + 7);
        const start = rhylanorExpress.setup({});
        let s = start;
        const log: RhylanorEvent[] = [];
        const send = (json: Record<string, unknown>, actor: Seat) => {
          const parsed = rhylanorExpress.commandSchema.safeParse(json);
          if (!parsed.success) return;
          let events: RhylanorEvent[];
          try {
            events = rhylanorExpress.decide(s, parsed.data, { actor, dice });
          } catch (e) {
            if (isRuleError(e)) return;
            throw e;
          }
          for (const e of events) {
            s = rhylanorExpress.evolve(s, e);
            log.push(e);
            const corsair = s.space.ships.s2;
            const shown = JSON.stringify(rhylanorExpress.redact(e, PLAYER_A));
            for (const name of CORSAIR_CREW) expect(shown).not.toContain(name);
            if (corsair && !corsair.detected && corsair.at) {
              expect(shown).not.toContain(corsair.name);
              expect(shown).not.toContain(`"q":${corsair.at.q},"r":${corsair.at.r}}`);
            }
          }
        };
        send({ type: 'space.scenario.load', scenario: 'Pirate ambush' }, GM);
        send({ type: 'space.ship.control', ship: 's1', seatId: PLAYER_A.seatId }, GM);
        send({ type: 'space.ship.control', ship: 's2', seatId: PLAYER_B.seatId }, GM);
        for (let step = 0; step < 400 && s.space.phase !== 'ended'; step++) {
          const command = randomCommand(s, rng);
          send(command, sender(s, command));
          for (const id of s.space.order) {
            expectShipInBounds(s.space.ships[id] as Ship);
          }
          const corsair = s.space.ships.s2 as Ship;
          const view = JSON.stringify(rhylanorExpress.view(s, PLAYER_A));
          for (const name of CORSAIR_CREW) expect(view).not.toContain(name);
          if (!corsair.detected) expect(view).not.toContain(corsair.name);
        }
        let replayed = start;
        for (const e of log) replayed = rhylanorExpress.evolve(replayed, e);
        expect(JSON.stringify(replayed)).toBe(JSON.stringify(s));
      }),
      { numRuns: 12 },
    );
  });
});
