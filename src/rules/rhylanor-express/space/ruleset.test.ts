import { describe, expect, it } from 'vitest';
import { EnteredDice } from '../../../engine/dice/source.ts';
import type { Seat } from '../../../engine/ruleset.ts';
import { rhylanorExpress } from '../index.ts';

/** Space combat through the exported ruleset, as the acceptance tests drive it: plain JSON, entered dice. */

const GM: Seat = { seatId: 'gm', role: 'gm' };
type State = ReturnType<typeof rhylanorExpress.setup>;

function send(state: State, json: unknown, faces: number[] = [], actor: Seat = GM): State {
  const command = rhylanorExpress.commandSchema.parse(json);
  const dice = new EnteredDice(faces);
  let s = state;
  for (const e of rhylanorExpress.decide(s, command, { actor, dice })) s = rhylanorExpress.evolve(s, e);
  expect(dice.unused).toBe(0);
  return s;
}

describe('space combat through the exported ruleset', () => {
  it('loads a pack scenario, chooses roles, moves, fires with entered dice', () => {
    let s = rhylanorExpress.setup({});
    s = send(s, { type: 'space.scenario.load', scenario: 'Gravity well' });
    s = send(s, { type: 'space.initiative' });
    s = send(s, { type: 'space.roles', intruder: 'a' });
    expect(s.space.phase).toBe('movement');
    s = send(s, { type: 'space.move', ship: 's1', thrust: { q: 1, r: 0 } });
    expect(s.space.ships.s1?.at).toEqual({ q: -9, r: 1 });
    expect(s.space.ships.s1?.vel).toEqual({ q: 4, r: 0 });
    s = send(s, { type: 'space.phase.end' });
    expect(s.space.phase).toBe('laser');
    // A player reads the phase serial to tell which of his ships moved or fired this phase.
    const seen = rhylanorExpress.view(s, { seatId: 'p', role: 'player' }) as {
      space: { phaseSerial: number };
    };
    expect(seen.space.phaseSerial).toBe(s.space.phaseSerial);
    expect(s.space.ships.s1?.movedPhase).toBe(s.space.phaseSerial - 1);
  });

  it('a roll without its faces asks for them (DICE_NEEDED) and changes nothing', () => {
    let s = rhylanorExpress.setup({});
    s = send(s, { type: 'space.scenario.load', scenario: 'Standard meeting' });
    s = send(s, { type: 'space.override', ship: 's3', at: { q: -12, r: 0 } });
    s = send(s, { type: 'space.initiative' });
    s = send(s, { type: 'space.roles', intruder: 'a' });
    s = send(s, { type: 'space.phase.end' });
    const before = s;
    const command = rhylanorExpress.commandSchema.parse({
      type: 'space.fire',
      ship: 's1',
      turret: 0,
      target: 's3',
    });
    expect(() => rhylanorExpress.decide(s, command, { actor: GM, dice: new EnteredDice([4]) })).toThrow(
      expect.objectContaining({ code: 'DICE_NEEDED' }),
    );
    expect(s).toBe(before);
    const after = send(s, { type: 'space.fire', ship: 's1', turret: 0, target: 's3', weapons: [0] }, [1, 1]);
    expect(after.space.firedAt).toEqual({ s3: ['s1'] });
  });

  it('one set of window commands: pool.spend (a ship), pool.pass and window.close work a space roll as they work a firefight’s', () => {
    const A: Seat = { seatId: 'pa', role: 'player' };
    const B: Seat = { seatId: 'pb', role: 'player' };
    let s = rhylanorExpress.setup({});
    s = send(s, { type: 'space.scenario.load', scenario: 'Standard meeting' });
    s = send(s, { type: 'space.ship.control', ship: 's1', seatId: 'pa' });
    s = send(s, { type: 'space.ship.control', ship: 's3', seatId: 'pb' });
    s = send(s, { type: 'space.override', ship: 's3', at: { q: -12, r: 0 }, pool: 2 });
    s = send(s, { type: 'space.initiative' });
    s = send(s, { type: 'space.roles', intruder: 'a' });
    s = send(s, { type: 'space.windows', on: true });
    s = send(s, { type: 'space.phase.end' });
    s = send(s, { type: 'space.fire', ship: 's1', turret: 0, target: 's3', weapons: [0, 1] }, [4, 4], A);
    const total = s.space.open?.roll.total as number;
    // Bad input: a roll index the space window lacks, a ship not in the roll; nothing changes.
    for (const [bad, code, actor] of [
      [{ type: 'pool.spend', ship: 's3', delta: -1, rollIndex: 1 }, 'INVALID_VALUE', B],
      [{ type: 'pool.spend', ship: 's3', delta: -3 }, 'SPACE_NO_POOL', B],
      [{ type: 'window.close' }, 'ROLE_NOT_ALLOWED', A],
    ] as const) {
      const command = rhylanorExpress.commandSchema.parse(bad);
      expect(() => rhylanorExpress.decide(s, command, { actor, dice: new EnteredDice([]) })).toThrow(
        expect.objectContaining({ code }),
      );
    }
    s = send(s, { type: 'pool.spend', ship: 's3', delta: -1 }, [], B);
    expect(s.space.ships.s3?.pool).toBe(1);
    expect(s.space.open?.after).toBe(-1);
    s = send(s, { type: 'pool.pass' }, [], A);
    expect(s.space.open?.passed).toEqual(['a']);
    s = send(s, { type: 'pool.pass', side: 'b' }, [1, 1], B);
    // Closed: the first laser resolved with −1, the second rolled (double one) and waits in turn.
    expect(s.space.open).toMatchObject({ weapon: 1, roll: { faces: [1, 1] } });
    // The referee closes it with a total of his own: the override is named in the breakdown.
    const command = rhylanorExpress.commandSchema.parse({
      type: 'window.close',
      totals: [{ index: 0, total: 12 }],
    });
    const events = rhylanorExpress.decide(s, command, { actor: GM, dice: new EnteredDice([]) });
    const fired = events.find((e) => e.type === 'space.fired') as {
      roll: { total: number; success: boolean; dms: readonly unknown[] };
      natural: number;
    };
    expect(fired.roll.success).toBe(false);
    // Natural 2 still misses on the faces, whatever the total.
    expect(fired.roll.total).toBe(12);
    expect(fired.roll.dms).toContainEqual({
      label: 'referee override',
      value: 12 - (s.space.open?.roll.total as number),
    });
    expect(fired.natural).toBe(2);
    expect(total).toBeGreaterThan(0);
  });

  it('a player may not send referee commands; bad JSON is refused by the schema', () => {
    const s = rhylanorExpress.setup({});
    expect(rhylanorExpress.commandRoles['space.scenario.load']).toEqual(['gm']);
    expect(
      rhylanorExpress.commandSchema.safeParse({ type: 'space.move', ship: 's1', thrust: { q: 99, r: 0 } })
        .success,
    ).toBe(false);
    expect(
      rhylanorExpress.commandSchema.safeParse({
        type: 'space.fire',
        ship: 's1',
        turret: 0,
        target: 's2',
        extra: 1,
      }).success,
    ).toBe(false);
    expect(s.space.phase).toBe('setup');
  });
});
