import { describe, expect, it } from 'vitest';
import type { SpaceEventOf } from './events.ts';
import type { Ship, SpaceState } from './model.ts';
import { CRITICAL, hullPointsFor, LOCATION, rangeBand, shipClassOf, tonnageDm } from './tables.ts';
import { advanceTo, duel, GM, PLAYER_A, PLAYER_B, person, play, refusal } from './test-kit.ts';
import { redactSpace } from './view.ts';

const engineer = {
  ...person('Tamsin', { Engineering: 2, Mechanical: 1, Electronics: 1 }, 1),
  vaccSuit: false,
};
const suited = { ...person('Suited', { Pilot: 1 }), vaccSuit: true };

const onMap = (design: string, crew = engineer) =>
  duel([{ design, at: { q: 0, r: 0 }, crew }], [{ design: 'Corsair', at: { q: 9, r: 0 } }]);

/** One hit on ship s1 with these faces (location 2d6, then any further dice). */
function hit(s: SpaceState, faces: number[]) {
  return play(s, { type: 'space.ground.hit', ship: 's1', majors: 1 }, faces);
}
const effect = (events: readonly { type: string }[]) =>
  (events.find((e) => e.type === 'space.damaged') as SpaceEventOf<'space.damaged'>).effect;

describe('the space tables (§6.1, §6.7, §6.11)', () => {
  it('range bands', () => {
    expect([0, 1, 5, 6, 15, 16].map(rangeBand)).toEqual([
      'boarding',
      'short',
      'short',
      'long',
      'long',
      'out',
    ]);
  });
  it('tonnage DMs and hull points', () => {
    expect([10, 20, 21, 99, 100, 999, 1000, 1999, 2000].map(tonnageDm)).toEqual([
      -2, -2, -1, -1, 0, 0, 1, 1, 2,
    ]);
    expect(hullPointsFor(400, 'normal')).toBe(8);
    expect(hullPointsFor(400, 'armoured')).toBe(16);
    expect(hullPointsFor(1000, 'heavilyArmoured')).toBe(60);
    expect(hullPointsFor(10, 'normal')).toBe(1);
  });
  it('ship classes and the location and critical rows', () => {
    expect([shipClassOf(400, 1), shipClassOf(400, 0), shipClassOf(40, 0)]).toEqual([
      'starship',
      'spaceship',
      'smallCraft',
    ]);
    expect(LOCATION.starship).toHaveLength(11);
    expect(LOCATION.spaceship[2]).toBe('maneuver');
    expect(LOCATION.smallCraft[5]).toBe('computer');
    expect(CRITICAL.smallCraft).toEqual(['drive', 'drive', 'drive', 'crew', 'computer', 'explode']);
  });
});

describe('damage (§6.11)', () => {
  it('starship locations: power plant twice destroys it; maneuver, jump, computer drop a step; fuel and hold lose 10 t', () => {
    let s = onMap('Rhylanor Express');
    s = hit(s, [1, 1]).state;
    expect((s.ships.s1 as Ship).power).toBe(1);
    s = hit(s, [1, 1]).state;
    expect((s.ships.s1 as Ship).power).toBe(2);
    s = onMap('Corsair');
    s = hit(s, [1, 2]).state;
    expect((s.ships.s1 as Ship).maneuver.now).toBe(2);
    s = hit(s, [2, 2]).state;
    expect((s.ships.s1 as Ship).jump.now).toBe(1);
    s = hit(s, [2, 3]).state;
    expect((s.ships.s1 as Ship).fuel).toBe(80);
    s = hit(s, [4, 4]).state;
    expect((s.ships.s1 as Ship).cargo).toBe(30);
    s = hit(s, [4, 5]).state;
    expect((s.ships.s1 as Ship).computer.now).toBe(1);
  });

  it('a drive or computer hit at 0 destroys it; a hull hit at 0 hull points becomes a critical', () => {
    let s = play(onMap('Corsair'), { type: 'space.override', ship: 's1', maneuver: 0, hullPoints: 0 }).state;
    s = hit(s, [1, 2]).state;
    expect((s.ships.s1 as Ship).maneuver).toMatchObject({ now: 0, destroyed: true });
    const crit = hit(s, [3, 3, 5]);
    expect(crit.events[0]).toMatchObject({ critFace: 5, effect: { item: 'computer', critical: true } });
    expect((crit.state.ships.s1 as Ship).computer.destroyed).toBe(true);
  });

  it('spaceships take a 4 on the maneuver drive; small craft have Drive, Cabin, Computer, Weapons', () => {
    expect(effect(hit(onMap('System defence boat'), [2, 2]).events).item).toBe('maneuver');
    let s = onMap('Pinnace', suited);
    s = play(s, { type: 'space.crew.assign', ship: 's1', post: 'gunner', person: engineer }).state;
    const drive = hit(s, [2, 3]);
    expect(effect(drive.events).item).toBe('drive');
    expect((drive.state.ships.s1 as Ship).power).toBe(1);
    // The first Cabin hit kills everyone aboard without a vacc suit; a second is a critical.
    const cabin = hit(s, [3, 3]);
    expect(cabin.events[0]).toMatchObject({ effect: { item: 'cabin' }, killed: ['Tamsin'] });
    expect(effect(hit(cabin.state, [4, 4, 2]).events)).toEqual({ item: 'drive', critical: true });
    expect(effect(hit(s, [5, 5]).events).item).toBe('weapons');
  });

  it('a turret hit picks a turret at random; a damaged turret hit again is destroyed', () => {
    let s = onMap('Corsair');
    const first = hit(s, [5, 5, 3]);
    expect(effect(first.events)).toMatchObject({ item: 'turret', turret: 2, turretFace: 3 });
    s = hit(first.state, [5, 6, 3]).state;
    expect((s.ships.s1 as Ship).turrets[2]).toMatchObject({ state: 2, hits: 2 });
    // Destroyed turrets are not picked again: two left, face 2 is the second of them.
    expect(effect(hit(s, [5, 5, 2]).events)).toMatchObject({ turret: 1 });
  });

  it('the hold hits a carried craft when there is no cargo', () => {
    const s = { ...onMap('Corsair') };
    const empty = { ...s, ships: { ...s.ships, s1: { ...(s.ships.s1 as Ship), cargo: 0 } } };
    const r = hit(empty, [4, 4]);
    expect(effect(r.events)).toMatchObject({ item: 'hold', carried: 0 });
    expect((r.state.ships.s1 as Ship).carried[0]).toEqual({ design: 'Pinnace', state: 1 });
  });

  it('criticals: Crew hits everyone aboard with a penetration-8 roll and a 1-in-6 blow-out; Explode destroys', () => {
    const s = onMap('Corsair');
    const crew = hit(s, [6, 6, 4, 3, 4, 1]);
    const people = crew.events.find((e) => e.type === 'space.crew.hit') as SpaceEventOf<'space.crew.hit'>;
    expect(people.people).toEqual([
      { name: 'Tamsin', woundFaces: [3, 4], woundRoll: 15, blowFace: 1, blownOut: true },
    ]);
    const boom = hit(s, [6, 6, 6]);
    expect(boom.events.map((e) => e.type)).toEqual(['space.damaged', 'space.ship.destroyed']);
    expect((boom.state.ships.s1 as Ship).destroyed).toBe(true);
  });
});

describe('damage control (§6.12)', () => {
  const damaged = () => {
    let s = onMap('Corsair');
    s = hit(s, [1, 1]).state; // power plant damaged
    s = hit(s, [3, 4]).state; // hull
    return advanceTo(s, 'ordnance', 'a');
  };

  it('2d6 + skill + Int DM, 8+: the item regains a level; one try a turn', () => {
    const s = damaged();
    const { state, events } = play(s, { type: 'space.repair', ship: 's1', item: 'power' }, [3, 2], PLAYER_A);
    expect(events[0]).toMatchObject({
      roll: {
        dms: [
          { label: 'Engineering', value: 2 },
          { label: 'Int DM', value: 1 },
        ],
        total: 8,
        success: true,
      },
    });
    expect((state.ships.s1 as Ship).power).toBe(0);
    expect(refusal(state, { type: 'space.repair', ship: 's1', item: 'hull' }, PLAYER_A)).toBe(
      'SPACE_ALREADY_REPAIRED',
    );
    const hull = play(s, { type: 'space.repair', ship: 's1', item: 'hull' }, [3, 3], PLAYER_A);
    expect(hull.events[0]).toMatchObject({
      roll: {
        dms: [
          { label: 'Mechanical', value: 1 },
          { label: 'Int DM', value: 1 },
        ],
      },
    });
    expect((hull.state.ships.s1 as Ship).hullPoints).toBe(8);
  });

  it('with pool windows on, a damage-control roll waits for its own ship’s points after the dice', () => {
    let s = damaged();
    s = { ...s, ships: { ...s.ships, s1: { ...(s.ships.s1 as Ship), pool: 2 } } };
    s = play(s, { type: 'space.windows', on: true }).state;
    // 2 + 2 + Engineering 2 + Int 1 = 7: short of 8, for now.
    let r = play(s, { type: 'space.repair', ship: 's1', item: 'power' }, [2, 2], PLAYER_A);
    expect(r.events.map((e) => e.type)).toEqual(['space.roll.opened']);
    s = r.state;
    expect(s.open).toMatchObject({ repair: { item: 'power' }, roll: { total: 7 } });
    // It is the ship's own roll: the other side has no say and no pass.
    expect(refusal(s, { type: 'space.roll.pass' }, PLAYER_B)).toBe('SPACE_NOT_IN_ROLL');
    s = play(s, { type: 'space.pool.after', ship: 's1', points: 1 }, [], PLAYER_A).state;
    r = play(s, { type: 'space.roll.pass' }, [], PLAYER_A);
    expect(r.events.map((e) => e.type)).toEqual([
      'space.roll.passed',
      'space.roll.closed',
      'space.repair.rolled',
    ]);
    expect(r.events[2]).toMatchObject({ spent: true, roll: { total: 8, success: true } });
    const ship = r.state.ships.s1 as Ship;
    expect([ship.power, ship.pool]).toEqual([0, 1]);
    expect(refusal(r.state, { type: 'space.repair', ship: 's1', item: 'hull' }, PLAYER_A)).toBe(
      'SPACE_ALREADY_REPAIRED',
    );
  });

  it('the other side’s fleet chip goes against its damage control when its chip guard says so (§6.4)', () => {
    let s = damaged();
    s = { ...s, sides: { ...s.sides, b: { ...s.sides.b, chips: 1 } } };
    const guard = { type: 'space.chip.guard', side: 'b', on: true, also: ['repair'] };
    expect(refusal(s, guard, PLAYER_A)).toBe('SPACE_NOT_YOUR_SIDE');
    // Shots only (no `also`): damage control is untouched.
    const shotsOnly = play(s, { ...guard, also: undefined }, [], PLAYER_B).state;
    const plain = play(shotsOnly, { type: 'space.repair', ship: 's1', item: 'power' }, [3, 2], PLAYER_A);
    expect(plain.events[0]).toMatchObject({ roll: { total: 8, success: true } });
    expect(plain.state.sides.b.chips).toBe(1);
    s = play(s, guard, [], PLAYER_B).state;
    expect(s.sides.b.chipAlso).toEqual(['repair']);
    const r = play(s, { type: 'space.repair', ship: 's1', item: 'power' }, [3, 2], PLAYER_A);
    expect(r.events[0]).toMatchObject({ chipAgainst: 1, roll: { total: 7, success: false } });
    expect(r.events[0]).toMatchObject({
      roll: { dms: expect.arrayContaining([{ label: "other side's fleet chip", value: -1 }]) },
    });
    expect(r.state.sides.b.chips).toBe(0);
    expect((r.state.ships.s1 as Ship).power).toBe(1);
    // With windows on, the chip goes before the dice and is paid when the window opens.
    const windowed = play(s, { type: 'space.windows', on: true }).state;
    const opened = play(windowed, { type: 'space.repair', ship: 's1', item: 'power' }, [3, 2], PLAYER_A);
    expect(opened.state.open).toMatchObject({ chipAgainst: 1, roll: { total: 7 } });
    expect(opened.state.sides.b.chips).toBe(0);
    const closed = play(opened.state, { type: 'space.roll.pass' }, [], PLAYER_A);
    expect(closed.events.at(-1)).toMatchObject({ type: 'space.repair.rolled', chipAgainst: 1, spent: true });
    expect(closed.state.sides.b.chips).toBe(0);
    // No chips left: nothing goes against the next roll.
    const none = play(
      advanceTo(advanceTo(r.state, 'movement', 'b'), 'ordnance', 'a'),
      { type: 'space.repair', ship: 's1', item: 'power' },
      [3, 2],
      PLAYER_A,
    );
    expect(none.events[0]).not.toHaveProperty('chipAgainst');
  });

  it('damage control aboard a ship the other side has not found stays with its side and the referee', () => {
    const hiddenShip = (s: SpaceState): SpaceState => ({
      ...s,
      ships: { ...s.ships, s1: { ...(s.ships.s1 as Ship), detected: false, pool: 2 } },
    });
    const quiet = hiddenShip(damaged());
    const rolled = play(quiet, { type: 'space.repair', ship: 's1', item: 'power' }, [3, 2], PLAYER_A).events;
    expect(rolled.map((e) => e.type)).toEqual(['space.repair.rolled']);
    const event = rolled[0] as SpaceEventOf<'space.repair.rolled'>;
    expect(redactSpace(event, PLAYER_B)).toBeNull();
    expect(redactSpace(event, PLAYER_A)).toEqual(event);
    expect(redactSpace(event, GM)).toEqual(event);
    // With pool windows on, the open roll is as secret as its result.
    const windowed = play(quiet, { type: 'space.windows', on: true }).state;
    const opened = play(windowed, { type: 'space.repair', ship: 's1', item: 'power' }, [2, 2], PLAYER_A);
    expect(opened.events.map((e) => redactSpace(e, PLAYER_B))).toEqual([null]);
    const closed = play(opened.state, { type: 'space.roll.pass' }, [], PLAYER_A).events;
    const result = closed.find((e) => e.type === 'space.repair.rolled');
    expect(result && redactSpace(result, PLAYER_B)).toBeNull();
    // A ship already found repairs in plain sight.
    const found = play(
      damaged(),
      { type: 'space.repair', ship: 's1', item: 'power' },
      [3, 2],
      PLAYER_A,
    ).events;
    expect(redactSpace(found[0] as SpaceEventOf<'space.repair.rolled'>, PLAYER_B)).toEqual(found[0]);
  });

  it('nothing damaged, or destroyed, cannot be repaired; a failed roll changes nothing but the turn’s try', () => {
    const s = damaged();
    expect(refusal(s, { type: 'space.repair', ship: 's1', item: 'jump' }, PLAYER_A)).toBe(
      'SPACE_NOTHING_TO_REPAIR',
    );
    expect(refusal(s, { type: 'space.repair', ship: 's1', item: 'drive' }, PLAYER_A)).toBe(
      'SPACE_NOTHING_TO_REPAIR',
    );
    const failed = play(s, { type: 'space.repair', ship: 's1', item: 'power' }, [1, 1], PLAYER_A).state;
    expect((failed.ships.s1 as Ship).power).toBe(1);
    expect(
      refusal(advanceTo(s, 'movement', 'b'), { type: 'space.repair', ship: 's1', item: 'power' }, PLAYER_A),
    ).toBe('SPACE_WRONG_PHASE');
  });

  it('after the battle: hit once is free, destroyed costs full price, more than once 1d6 × 10%', () => {
    let s = damaged();
    s = hit(s, [1, 1]).state; // power plant destroyed (second hit)
    s = hit(s, [1, 2]).state;
    s = hit(s, [1, 2]).state; // maneuver hit twice
    const { events } = play(s, { type: 'space.battle.end' }, [4]);
    expect(events[0]).toMatchObject({
      type: 'space.battle.ended',
      repairs: [
        { ship: 's1', item: 'power plant', hits: 2, cost: 'full' },
        { ship: 's1', item: 'maneuver drive', hits: 2, cost: 'percent', percent: 40, face: 4 },
        { ship: 's1', item: 'hull', hits: 1, cost: 'free' },
      ],
    });
  });
});

describe('ships in ground combat (§6.14)', () => {
  it('2d6 + computer + Gunnery, 8+; each hit is Major penetrations by weapon; missiles use a round', () => {
    const s = onMap('Corsair', person('Gun', { Gunnery: 1 }));
    const beams = play(
      s,
      { type: 'space.ground.fire', ship: 's1', turret: 0, target: 'bunker' },
      [3, 2, 1, 1, 6, 6],
      PLAYER_A,
    );
    const shots = (beams.events[0] as SpaceEventOf<'space.ground.fired'>).shots;
    expect(shots.map((x) => [x.roll.total, x.majors])).toEqual([
      [8, 1],
      [5, 0],
      [15, 1],
    ]);
    const missiles = play(
      s,
      { type: 'space.ground.fire', ship: 's1', turret: 1, target: 'bunker' },
      [6, 6, 5, 1, 1, 6, 6, 2],
      PLAYER_A,
    );
    expect((missiles.events[0] as SpaceEventOf<'space.ground.fired'>).shots.map((x) => x.majors)).toEqual([
      5, 0, 2,
    ]);
    expect((missiles.state.ships.s1 as Ship).turrets[1]?.weapons.map((w) => w.ready)).toEqual([2, 2, 2]);
  });

  it('each Major penetration from the ground is one location roll', () => {
    const { events } = play(
      onMap('Corsair'),
      { type: 'space.ground.hit', ship: 's1', majors: 2 },
      [3, 4, 3, 4],
    );
    expect(events.filter((e) => e.type === 'space.damaged')).toHaveLength(2);
  });
});
