import { describe, expect, it } from 'vitest';
import type { SpaceEventOf } from './events.ts';
import type { Ship, SpaceState, Turret } from './model.ts';
import { advanceTo, type DuelShip, duel, PLAYER_A, PLAYER_B, person, play, refusal } from './test-kit.ts';

const ace = person('Ace', { Pilot: 1, Gunnery: 1 });
const rookie = person('Rookie', {});
const ordnance = (a: DuelShip, b: DuelShip) => advanceTo(duel([a], [b]), 'ordnance', 'a');
const launch = { type: 'space.launch', ship: 's1', turret: 1, weapon: 0, target: 's2' };
/** The Corsair's first laser at the missiles locked on to it. */
const counterFirst = { type: 'space.counter', ship: 's2', turret: 0, protect: 's2', weapons: [0] };

/** The Free trader's missile just launched at the Corsair three hexes off, both crewed by an ace. */
const missileAtCorsair = () =>
  play(
    ordnance(
      { design: 'Free trader', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Corsair', at: { q: 3, r: 0 }, crew: ace },
    ),
    launch,
    [],
    PLAYER_A,
  ).state;

function withWeapon(
  s: SpaceState,
  ship: string,
  turret: number,
  weapon: number,
  patch: Record<string, unknown>,
) {
  const sh = s.ships[ship] as Ship;
  const turrets = sh.turrets.map((t, i) =>
    i === turret ? { ...t, weapons: t.weapons.map((w, j) => (j === weapon ? { ...w, ...patch } : w)) } : t,
  ) as Turret[];
  return { ...s, ships: { ...s.ships, [ship]: { ...sh, turrets } } };
}

describe('missiles (§6.8)', () => {
  const base = () =>
    ordnance(
      { design: 'Free trader', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Corsair', at: { q: 3, r: 0 }, crew: rookie },
    );

  it('a launch at Short range strikes in the firing side’s next ordnance phase: 1d6 hits', () => {
    let s = play(base(), launch, [], PLAYER_A).state;
    expect(s.missiles).toEqual([
      { id: 'm1', ship: 's1', side: 'a', target: 's2', range: 3, computer: 1, strikesAt: 2 },
    ]);
    expect((s.ships.s1 as Ship).turrets[1]?.weapons[0]?.ready).toBe(2);
    s = advanceTo(s, 'return', 'a');
    expect(s.missiles).toHaveLength(1);
    // Entering A's next ordnance phase: 2 hits (face 2), each a location roll (Hull, Hull).
    const { state, events } = play(s, { type: 'space.phase.end' }, [2, 3, 3, 4, 3]);
    expect(events.find((e) => e.type === 'space.missile.struck')).toMatchObject({
      hitsFace: 2,
      hits: 2,
      early: false,
    });
    expect(state.missiles).toEqual([]);
    expect((state.ships.s2 as Ship).hullPoints).toBe(6);
  });

  it('a launch at Long range strikes one player turn of its side later', () => {
    const far = play(base(), { type: 'space.override', ship: 's2', at: { q: 12, r: 0 } }).state;
    const s = play(far, launch, [], PLAYER_A).state;
    expect(s.missiles[0]?.strikesAt).toBe(4);
    expect(
      refusal(
        play(base(), { type: 'space.override', ship: 's2', at: { q: 16, r: 0 } }).state,
        launch,
        PLAYER_A,
      ),
    ).toBe('SPACE_OUT_OF_RANGE');
  });

  it('sand sets a missile off early on 1d6 ≤ canisters (at most 3); armour takes hits off', () => {
    let s = play(base(), launch, [], PLAYER_A).state;
    s = advanceTo(s, 'return', 'a');
    const sanded = play(s, { type: 'space.override', ship: 's2', sand: 2 }).state;
    const early = play(sanded, { type: 'space.phase.end' }, [2]);
    expect(early.events.find((e) => e.type === 'space.missile.struck')).toMatchObject({
      sandFace: 2,
      early: true,
      hits: 0,
    });
    const through = play(sanded, { type: 'space.phase.end' }, [3, 1, 3, 4]);
    expect(through.events.find((e) => e.type === 'space.missile.struck')).toMatchObject({
      sandFace: 3,
      early: false,
      hits: 1,
    });
    expect(through.dice.remaining).toBe(0);
  });

  it('armoured hulls take 1 hit off a missile, heavily armoured 2, never below 0', () => {
    let s = ordnance(
      { design: 'Free trader', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Escort destroyer', at: { q: 3, r: 0 }, crew: rookie },
    );
    s = advanceTo(play(s, launch, [], PLAYER_A).state, 'return', 'a');
    expect(
      play(s, { type: 'space.phase.end' }, [2]).events.find((e) => e.type === 'space.missile.struck'),
    ).toMatchObject({ hits: 0 });
  });

  it('no ready missile, a second launch from one rack in a phase, a sand caster as a launcher: refused', () => {
    const s = base();
    expect(refusal(withWeapon(s, 's1', 1, 0, { ready: 0 }), launch, PLAYER_A)).toBe('SPACE_NO_AMMUNITION');
    const once = play(s, launch, [], PLAYER_A).state;
    expect(refusal(once, launch, PLAYER_A)).toBe('SPACE_WEAPON_USED');
    expect(refusal(s, { ...launch, turret: 0 }, PLAYER_A)).toBe('SPACE_WRONG_WEAPON');
    expect(refusal(advanceTo(s, 'movement', 'b'), launch, PLAYER_A)).toBe('SPACE_WRONG_PHASE');
  });

  it('a missile whose target is destroyed is removed', () => {
    let s = play(base(), launch, [], PLAYER_A).state;
    s = play(s, { type: 'space.override', ship: 's2', destroyed: true }).state;
    expect(s.missiles).toEqual([]);
  });
});

describe('counter-missile fire (§6.9)', () => {
  it('the target shoots at missiles locked on to it, as a Short shot against a 20 t target with the launcher’s computer', () => {
    const s = advanceTo(missileAtCorsair(), 'laser', 'b');
    const { state, events } = play(s, counterFirst, [4, 4], PLAYER_B);
    const shot = events[0] as SpaceEventOf<'space.fired'>;
    expect(shot).toMatchObject({ at: 'missiles', missilesDestroyed: ['m1'], roll: { need: 8 } });
    expect(Object.fromEntries(shot.roll.dms.map((d) => [d.label, d.value]))).toEqual({
      Gunnery: 1,
      'computer model': 2,
      'target tonnage': -2,
      "target's computer": -1,
    });
    expect(state.missiles).toEqual([]);
    expect(
      refusal(state, { type: 'space.counter', ship: 's2', turret: 0, protect: 's2', weapons: [1] }, PLAYER_B),
    ).toBe('SPACE_NO_MISSILES');
  });

  it('in return fire only at missiles locked on to itself; in laser fire a friend within 6 hexes', () => {
    const s = advanceTo(missileAtCorsair(), 'return', 'a');
    expect(play(s, counterFirst, [1, 1], PLAYER_B).events).toHaveLength(1);
    expect(refusal(s, { type: 'space.counter', ship: 's2', turret: 0, protect: 's1' }, PLAYER_B)).toBe(
      'SPACE_NOT_A_TARGET',
    );
  });
});

describe('a fleet chip against the other side’s counter-missile fire (§6.4)', () => {
  it('the launching side’s chip guard lowers each counter-fire roll by one while its chips last', () => {
    let s = missileAtCorsair();
    s = { ...s, sides: { ...s.sides, a: { ...s.sides.a, chips: 1 } } };
    s = play(s, { type: 'space.chip.guard', side: 'a', on: true, also: ['counter'] }, [], PLAYER_A).state;
    s = advanceTo(s, 'laser', 'b');
    // 4 + 4 + Gunnery 1 + computer 2 − 2 (20 t) − 1 (the missile's computer) = 8, less the chip: 7, a miss.
    const { state, events } = play(s, counterFirst, [4, 4], PLAYER_B);
    expect(events[0]).toMatchObject({
      at: 'missiles',
      chipAgainst: 1,
      missilesDestroyed: [],
      roll: { total: 7 },
    });
    expect(state.sides.a.chips).toBe(0);
    expect(state.missiles).toHaveLength(1);
  });
});

describe('counter-missile fire with pool windows (§6.4, §6.9)', () => {
  it('each weapon’s roll waits for its own side’s points after the dice; the launcher’s side has no say', () => {
    let s = missileAtCorsair();
    s = advanceTo(s, 'laser', 'b');
    s = play(s, { type: 'space.windows', on: true }).state;
    s = {
      ...s,
      ships: {
        ...s.ships,
        s1: { ...(s.ships.s1 as Ship), pool: 2 },
        s2: { ...(s.ships.s2 as Ship), pool: 2 },
      },
    };
    // 3 + 4 + Gunnery 1 + computer 2 − tonnage 2 − the missile's computer 1 = 7: a miss, for now.
    const counter = { type: 'space.counter', ship: 's2', turret: 0, protect: 's2', weapons: [0, 1] };
    const opened = play(s, counter, [3, 4], PLAYER_B);
    expect(opened.events.map((e) => e.type)).toEqual(['space.roll.opened']);
    expect(opened.state.open).toMatchObject({ counter: true, target: 's2', roll: { total: 7 }, rest: [1] });
    // The missile is the other side's, but the roll is the firing ship's own.
    expect(refusal(opened.state, { type: 'space.pool.after', ship: 's1', points: -1 }, PLAYER_A)).toBe(
      'SPACE_NOT_IN_ROLL',
    );
    expect(refusal(opened.state, { type: 'space.roll.pass' }, PLAYER_A)).toBe('SPACE_NOT_IN_ROLL');
    const spent = play(opened.state, { type: 'space.pool.after', ship: 's2', points: 1 }, [], PLAYER_B).state;
    expect((spent.ships.s2 as Ship).pool).toBe(1);
    // Its side's pass closes it: 8, the missile is gone, and the second laser has nothing to shoot.
    const closed = play(spent, { type: 'space.roll.pass' }, [], PLAYER_B);
    const shot = closed.events.find((e) => e.type === 'space.fired') as SpaceEventOf<'space.fired'>;
    expect(shot).toMatchObject({
      at: 'missiles',
      missilesDestroyed: ['m1'],
      spent: true,
      roll: { total: 8 },
    });
    expect(shot.roll.dms).toContainEqual({ label: 'pool after the dice', value: 1 });
    expect(closed.state.missiles).toEqual([]);
    expect(closed.state.open).toBeNull();
    expect((closed.state.ships.s2 as Ship).pool).toBe(1);
  });

  it('a missed roll leaves the missile; the next weapon rolls in a window of its own', () => {
    let s = missileAtCorsair();
    s = advanceTo(s, 'laser', 'b');
    s = play(s, { type: 'space.windows', on: true }).state;
    const counter = { type: 'space.counter', ship: 's2', turret: 0, protect: 's2', weapons: [0, 1] };
    s = play(s, counter, [1, 2], PLAYER_B).state;
    const next = play(s, { type: 'space.roll.pass' }, [6, 5], PLAYER_B);
    expect(next.events.find((e) => e.type === 'space.fired')).toMatchObject({
      hits: 0,
      missilesDestroyed: [],
    });
    expect(next.state.missiles).toHaveLength(1);
    expect(next.state.open).toMatchObject({ counter: true, weapon: 1, roll: { faces: [6, 5] }, rest: [] });
    // The referee closes it: the second laser hits.
    const done = play(next.state, { type: 'space.roll.pass' });
    expect(done.state.missiles).toEqual([]);
  });
});

describe('sand and reloading (§6.10)', () => {
  it('a cast adds a canister around the ship and uses a ready round', () => {
    const s = ordnance(
      { design: 'Scout/courier', at: { q: 0, r: 0 }, crew: ace },
      { design: 'Corsair', at: { q: 9, r: 0 } },
    );
    const after = play(s, { type: 'space.sand', ship: 's1', turret: 0, weapon: 1 }, [], PLAYER_A).state;
    expect((after.ships.s1 as Ship).sand).toBe(1);
    expect((after.ships.s1 as Ship).turrets[0]?.weapons[1]?.ready).toBe(2);
    expect(refusal(after, { type: 'space.sand', ship: 's1', turret: 0, weapon: 1 }, PLAYER_A)).toBe(
      'SPACE_WEAPON_USED',
    );
  });

  it('one gunner loads one round a turn from the magazine, and may not have fired that turn', () => {
    const s = withWeapon(
      ordnance(
        { design: 'Free trader', at: { q: 0, r: 0 }, crew: ace },
        { design: 'Corsair', at: { q: 3, r: 0 } },
      ),
      's1',
      1,
      0,
      { ready: 1 },
    );
    const reload = { type: 'space.reload', ship: 's1', turret: 1, weapon: 0, rounds: 1 };
    const after = play(s, reload, [], PLAYER_A).state;
    expect((after.ships.s1 as Ship).turrets[1]?.weapons[0]?.ready).toBe(2);
    expect((after.ships.s1 as Ship).magazine.missiles).toBe(5);
    // Busy until its side's next player turn.
    expect(refusal(after, launch, PLAYER_A)).toBe('SPACE_TURRET_BUSY');
    expect(refusal(s, { ...reload, rounds: 2 }, PLAYER_A)).toBe('SPACE_TOO_FEW_GUNNERS');
    expect(refusal(withWeapon(s, 's1', 1, 0, { ready: 3 }), reload, PLAYER_A)).toBe('SPACE_LAUNCHER_FULL');
    const launched = play(s, launch, [], PLAYER_A).state;
    expect(refusal(launched, reload, PLAYER_A)).toBe('SPACE_TURRET_BUSY');
    const empty = {
      ...s,
      ships: { ...s.ships, s1: { ...(s.ships.s1 as Ship), magazine: { missiles: 0, sand: 0 } } },
    };
    expect(refusal(empty, reload, PLAYER_A)).toBe('SPACE_MAGAZINE_EMPTY');
  });
});
