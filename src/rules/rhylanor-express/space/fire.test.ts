import { describe, expect, it } from 'vitest';
import type { SpaceEventOf } from './events.ts';
import type { Ship, SpaceState } from './model.ts';
import { advanceTo, type DuelShip, duel, PLAYER_A, PLAYER_B, person, play, refusal } from './test-kit.ts';

const ace = person('Ace', { Pilot: 2, Gunnery: 1, 'Space Tactics': 1 });
const rookie = person('Rookie', {});

function laserPhase(a: DuelShip, b: DuelShip): SpaceState {
  return advanceTo(duel([a], [b]), 'laser');
}
const fired = (events: readonly { type: string }[]) =>
  events.filter((e) => e.type === 'space.fired') as SpaceEventOf<'space.fired'>[];

describe('laser fire (§6.7)', () => {
  const base = () =>
    laserPhase(
      { design: 'Corsair', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Free trader', at: { q: 3, r: 0 }, crew: rookie },
    );

  it('one roll per weapon, 8+ at Short, with the breakdown; natural 2 misses, natural 12 hits', () => {
    // Three beam lasers: 3+3 (+2) hits → Hull; 1+1 misses; 6+6 hits → Turret, the second of two.
    const { state, events } = play(
      base(),
      { type: 'space.fire', ship: 's1', turret: 0, target: 's2' },
      [3, 3, 3, 4, 1, 1, 6, 6, 5, 5, 2],
      PLAYER_A,
    );
    const shots = fired(events);
    expect(shots.map((f) => [f.natural, f.roll.total, f.roll.need, f.hits])).toEqual([
      [6, 8, 8, 1],
      [2, 4, 8, 0],
      [12, 14, 8, 1],
    ]);
    expect(shots[0]?.roll.dms).toEqual([
      { label: 'Gunnery', value: 1 },
      { label: 'computer model', value: 2 },
      { label: "target's computer", value: -1 },
    ]);
    const trader = state.ships.s2 as Ship;
    expect(trader.hullPoints).toBe(3);
    expect(trader.turrets[1]?.state).toBe(1);
    expect(state.firedAt).toEqual({ s2: ['s1'] });
  });

  it('at Long range (6–15) it takes 12+, but a natural 12 still hits whatever the DMs', () => {
    let s = play(base(), { type: 'space.override', ship: 's2', at: { q: 10, r: 0 } }).state;
    const miss = play(
      s,
      { type: 'space.fire', ship: 's1', turret: 0, target: 's2', weapons: [0] },
      [5, 4],
      PLAYER_A,
    );
    expect(fired(miss.events)[0]).toMatchObject({ hits: 0, roll: { total: 11, need: 12, success: false } });
    s = play(s, { type: 'space.override', ship: 's2', at: { q: 16, r: 0 } }).state;
    expect(refusal(s, { type: 'space.fire', ship: 's1', turret: 0, target: 's2' }, PLAYER_A)).toBe(
      'SPACE_OUT_OF_RANGE',
    );
  });

  it('the DM table: tonnage, hull armour, pilot rating, sand, weapon type', () => {
    const dms = (
      a: DuelShip,
      b: DuelShip,
      turret: number,
      faces: number[],
      patch: Record<string, unknown> = {},
    ) => {
      let s = laserPhase(a, b);
      if (Object.keys(patch).length > 0) s = play(s, { type: 'space.override', ship: 's2', ...patch }).state;
      const { events } = play(
        s,
        { type: 'space.fire', ship: 's1', turret, target: 's2', weapons: [0] },
        faces,
        PLAYER_A,
      );
      return Object.fromEntries((fired(events)[0]?.roll.dms ?? []).map((d) => [d.label, d.value]));
    };
    // Escort destroyer's laser battery (+6) at a 400 t armoured patrol cruiser flown by Pilot-2.
    expect(
      dms(
        { design: 'Escort destroyer', at: { q: 0, r: 0 }, crew: rookie },
        { design: 'Patrol cruiser', at: { q: 2, r: 0 }, crew: ace },
        0,
        [1, 1],
      ),
    ).toEqual({
      'unskilled (Gunnery)': -3,
      'computer model': 5,
      weapon: 6,
      "target's Pilot rating": -2,
      "target's computer": -3,
      'target hull': -1,
    });
    // Pulse laser (−1) at a 1,000 t heavily armoured destroyer (+1 tonnage, −2 hull) in 2 canisters of sand.
    expect(
      dms(
        { design: 'Scout/courier', at: { q: 0, r: 0 }, crew: ace },
        { design: 'Escort destroyer', at: { q: 2, r: 0 }, crew: rookie },
        0,
        [1, 1],
        {
          sand: 2,
        },
      ),
    ).toEqual({
      Gunnery: 1,
      'computer model': 1,
      'target tonnage': 1,
      weapon: -1,
      "target's computer": -5,
      "target's sand": -4,
      'target hull': -2,
    });
    // Sand counts at most −6; the particle accelerator (+2) ignores it; a 10 t fighter is −2.
    expect(
      dms(
        { design: 'Escort destroyer', at: { q: 0, r: 0 }, crew: ace },
        { design: 'Fighter', at: { q: 2, r: 0 }, crew: rookie },
        1,
        [1, 1],
        {
          sand: 5,
        },
      ),
    ).toEqual({ Gunnery: 1, 'computer model': 5, 'target tonnage': -2, weapon: 2, "target's computer": -1 });
  });

  it('sand: −2 a canister up to −6 at the target, −1 firing out through one’s own', () => {
    let s = laserPhase(
      { design: 'Corsair', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Pinnace', at: { q: 2, r: 0 }, crew: rookie },
    );
    s = play(s, { type: 'space.override', ship: 's2', sand: 4 }).state;
    s = play(s, { type: 'space.override', ship: 's1', sand: 1 }).state;
    const { events } = play(
      s,
      { type: 'space.fire', ship: 's1', turret: 0, target: 's2', weapons: [0] },
      [1, 1],
      PLAYER_A,
    );
    const dms = Object.fromEntries((fired(events)[0]?.roll.dms ?? []).map((d) => [d.label, d.value]));
    expect(dms["target's sand"]).toBe(-6);
    expect(dms['firing out through own sand']).toBe(-1);
    expect(dms['target tonnage']).toBe(-1);
  });

  it('hits per weapon: pulse 2, fusion 3, battery 1d6; fusion reaches only 5 hexes', () => {
    const pulse = laserPhase(
      { design: 'Scout/courier', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Corsair', at: { q: 1, r: 0 }, crew: rookie },
    );
    expect(
      fired(
        play(pulse, { type: 'space.fire', ship: 's1', turret: 0, target: 's2' }, [6, 6, 3, 4, 3, 4], PLAYER_A)
          .events,
      )[0]?.hits,
    ).toBe(2);
    const fusion = laserPhase(
      { design: 'Patrol cruiser', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Corsair', at: { q: 5, r: 0 }, crew: rookie },
    );
    expect(
      fired(
        play(
          fusion,
          { type: 'space.fire', ship: 's1', turret: 0, target: 's2' },
          [6, 6, 3, 4, 3, 4, 3, 4],
          PLAYER_A,
        ).events,
      )[0]?.hits,
    ).toBe(3);
    const far = play(fusion, { type: 'space.override', ship: 's2', at: { q: 6, r: 0 } }).state;
    expect(refusal(far, { type: 'space.fire', ship: 's1', turret: 0, target: 's2' }, PLAYER_A)).toBe(
      'SPACE_OUT_OF_RANGE',
    );
    const battery = laserPhase(
      { design: 'Escort destroyer', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Corsair', at: { q: 9, r: 0 }, crew: rookie },
    );
    const b = play(
      battery,
      { type: 'space.fire', ship: 's1', turret: 0, target: 's2' },
      [6, 6, 2, 3, 4, 3, 4],
      PLAYER_A,
    );
    expect(fired(b.events)[0]).toMatchObject({ hits: 2, hitsFace: 2 });
  });

  it('return fire only at ships that fired at it this turn; a turret engages one ship a phase', () => {
    let s = laserPhase(
      { design: 'Corsair', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Free trader', at: { q: 3, r: 0 }, crew: rookie },
    );
    // Before anyone fired, return fire has no target.
    const quiet = advanceTo(s, 'return');
    expect(refusal(quiet, { type: 'space.fire', ship: 's2', turret: 0, target: 's1' }, PLAYER_B)).toBe(
      'SPACE_NOT_A_TARGET',
    );
    s = play(
      s,
      { type: 'space.fire', ship: 's1', turret: 0, target: 's2', weapons: [0] },
      [1, 2],
      PLAYER_A,
    ).state;
    expect(
      refusal(s, { type: 'space.fire', ship: 's1', turret: 0, target: 's2', weapons: [0] }, PLAYER_A),
    ).toBe('SPACE_WEAPON_USED');
    s = advanceTo(s, 'return');
    const back = play(s, { type: 'space.fire', ship: 's2', turret: 0, target: 's1' }, [1, 2], PLAYER_B);
    expect(fired(back.events)).toHaveLength(1);
    expect(refusal(s, { type: 'space.fire', ship: 's1', turret: 0, target: 's2' }, PLAYER_A)).toBe(
      'SPACE_NOT_YOUR_TURN',
    );
  });

  it('no beam fire with the power plant damaged, the computer at 0 or the turret damaged; no gunner, no shot', () => {
    const s = laserPhase(
      { design: 'Corsair', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Free trader', at: { q: 3, r: 0 }, crew: rookie },
    );
    const fire = { type: 'space.fire', ship: 's1', turret: 0, target: 's2' };
    expect(refusal(play(s, { type: 'space.override', ship: 's1', power: 1 }).state, fire, PLAYER_A)).toBe(
      'SPACE_CANNOT_FIRE',
    );
    expect(refusal(play(s, { type: 'space.override', ship: 's1', computer: 0 }).state, fire, PLAYER_A)).toBe(
      'SPACE_CANNOT_FIRE',
    );
    const hitTurret = {
      ...s,
      ships: {
        ...s.ships,
        s1: {
          ...(s.ships.s1 as Ship),
          turrets: (s.ships.s1 as Ship).turrets.map((t, i) => (i === 0 ? { ...t, state: 1 as const } : t)),
        },
      },
    };
    expect(refusal(hitTurret, fire, PLAYER_A)).toBe('SPACE_TURRET_DOWN');
    expect(refusal(s, { ...fire, turret: 1 }, PLAYER_A)).toBe('SPACE_WEAPON_USED');
    expect(refusal(s, { ...fire, turret: 1, weapons: [0] }, PLAYER_A)).toBe('SPACE_WRONG_WEAPON');
    expect(refusal(s, { ...fire, turret: 7 }, PLAYER_A)).toBe('SPACE_TURRET_UNKNOWN');
    expect(refusal(s, { ...fire, target: 's1' }, PLAYER_A)).toBe('SPACE_NOT_A_TARGET');
    expect(refusal(s, fire, PLAYER_B)).toBe('SPACE_NOT_YOUR_SHIP');
    const unmanned = { ...s, ships: { ...s.ships, s1: { ...(s.ships.s1 as Ship), crew: {} } } };
    expect(refusal(unmanned, fire, PLAYER_A)).toBe('SPACE_NO_GUNNER');
  });

  it('fleet chips and ship pool points add to the roll and are spent; none left is refused', () => {
    const s = laserPhase(
      { design: 'Corsair', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Free trader', at: { q: 3, r: 0 }, crew: rookie },
    );
    expect(s.sides.a.chips).toBe(1);
    expect((s.ships.s1 as Ship).pool).toBe(1);
    const { state, events } = play(
      s,
      { type: 'space.fire', ship: 's1', turret: 0, target: 's2', weapons: [0], chip: 1, pool: 1 },
      [2, 2, 3, 4],
      PLAYER_A,
    );
    expect(fired(events)[0]?.roll).toMatchObject({ chip: 1, pool: 1, total: 8, success: true });
    expect(state.sides.a.chips).toBe(0);
    expect((state.ships.s1 as Ship).pool).toBe(0);
    const after = play(state, { type: 'space.override', ship: 's2', hullPoints: 3 }).state;
    expect(
      refusal(
        after,
        { type: 'space.fire', ship: 's1', turret: 0, target: 's2', weapons: [1], chip: 1 },
        PLAYER_A,
      ),
    ).toBe('SPACE_NO_CHIPS');
    expect(
      refusal(
        after,
        { type: 'space.fire', ship: 's1', turret: 0, target: 's2', weapons: [1], pool: -1 },
        PLAYER_A,
      ),
    ).toBe('SPACE_NO_POOL');
  });
});

describe('a ship’s pool against shots at it (§6.4)', () => {
  it('its guard takes points off each shot at it, before the dice, while its pool lasts', () => {
    let s = laserPhase(
      { design: 'Corsair', at: { q: 0, r: 0 }, crew: rookie },
      { design: 'Free trader', at: { q: 3, r: 0 }, crew: ace },
    );
    expect((s.ships.s2 as Ship).pool).toBe(1);
    s = play(s, { type: 'space.pool.guard', ship: 's2', points: 2 }, [], PLAYER_B).state;
    const { state, events } = play(
      s,
      { type: 'space.fire', ship: 's1', turret: 0, target: 's2', weapons: [0, 1] },
      [4, 4, 4, 4],
      PLAYER_A,
    );
    const shots = fired(events);
    // Only one point was left: the first shot takes it, the second finds the pool empty.
    expect(shots[0]?.against).toBe(1);
    expect(shots[0]?.roll.dms).toContainEqual({ label: "target's pool", value: -1 });
    expect(shots[1]?.against).toBeUndefined();
    expect((state.ships.s2 as Ship).pool).toBe(0);
    expect(refusal(s, { type: 'space.pool.guard', ship: 's2', points: 1 }, PLAYER_A)).toBe(
      'SPACE_NOT_YOUR_SHIP',
    );
  });
});

describe('pool windows after the dice (§6.4)', () => {
  it('a shot waits while either ship spends points; both sides pass and it takes effect; the next weapon rolls', () => {
    let s = laserPhase(
      { design: 'Corsair', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Free trader', at: { q: 3, r: 0 }, crew: ace },
    );
    s = play(s, { type: 'space.windows', on: true }).state;
    // 5 + 3 + Gunnery 1 + computer 2 − target's computer 1 − its Pilot 2 = 8: a hit, for now.
    let r = play(
      s,
      { type: 'space.fire', ship: 's1', turret: 0, target: 's2', weapons: [0, 1] },
      [5, 3],
      PLAYER_A,
    );
    expect(r.events.map((e) => e.type)).toEqual(['space.roll.opened']);
    s = r.state;
    expect(s.open).toMatchObject({ weapon: 0, roll: { total: 8 }, rest: [1] });
    expect(refusal(s, { type: 'space.move', ship: 's1', thrust: { q: 0, r: 0 } }, PLAYER_A)).toBe(
      'SPACE_ROLL_OPEN',
    );
    expect(refusal(s, { type: 'space.pool.after', ship: 's2', points: -2 }, PLAYER_B)).toBe('SPACE_NO_POOL');
    s = play(s, { type: 'space.pool.after', ship: 's2', points: -1 }, [], PLAYER_B).state;
    expect((s.ships.s2 as Ship).pool).toBe(0);
    s = play(s, { type: 'space.roll.pass' }, [], PLAYER_A).state;
    expect(s.open?.passed).toEqual(['a']);
    // The second pass closes it: a miss at 7; the next laser rolls (double six) and waits in turn.
    r = play(s, { type: 'space.roll.pass' }, [6, 6], PLAYER_B);
    const shots = fired(r.events);
    expect(shots[0]).toMatchObject({ hits: 0, spent: true, roll: { total: 7, success: false } });
    expect(shots[0]?.roll.dms).toContainEqual({ label: 'pool after the dice', value: -1 });
    expect(r.state.open).toMatchObject({ weapon: 1, roll: { faces: [6, 6] }, rest: [] });
    // The referee may close a window at once.
    const closed = play(r.state, { type: 'space.roll.pass' }, [3, 4]);
    expect(fired(closed.events)[0]).toMatchObject({ natural: 12, hits: 1 });
    expect(closed.state.open).toBeNull();
    expect((closed.state.ships.s2 as Ship).hullPoints).toBe(3);
  });
});

describe('a side’s fleet chip against shots at its ships (§6.4)', () => {
  it('one chip a shot, before the dice, while the chips last', () => {
    let s = laserPhase(
      { design: 'Corsair', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Free trader', at: { q: 3, r: 0 }, crew: rookie },
    );
    s = { ...s, sides: { ...s.sides, b: { ...s.sides.b, chips: 1 } } };
    expect(refusal(s, { type: 'space.chip.guard', side: 'b', on: true }, PLAYER_A)).toBe(
      'SPACE_NOT_YOUR_SIDE',
    );
    s = play(s, { type: 'space.chip.guard', side: 'b', on: true }, [], PLAYER_B).state;
    const { state, events } = play(
      s,
      { type: 'space.fire', ship: 's1', turret: 0, target: 's2', weapons: [0, 1] },
      [1, 2, 1, 2],
      PLAYER_A,
    );
    const shots = fired(events);
    expect(shots[0]?.chipAgainst).toBe(1);
    expect(shots[0]?.roll.dms).toContainEqual({ label: "defending side's fleet chip", value: -1 });
    expect(shots[1]?.chipAgainst).toBeUndefined();
    expect(state.sides.b.chips).toBe(0);
  });
});
