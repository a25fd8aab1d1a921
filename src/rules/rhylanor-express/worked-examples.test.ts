import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import type { Ship, SpaceState } from './space/model.ts';
import {
  advanceTo,
  duel,
  PLAYER_A,
  person,
  play as playSpace,
  refusal as spaceRefusal,
} from './space/test-kit.ts';
import { fresh, of, PLAYER, play } from './test-kit.ts';

/** Digest §10: the document's worked examples, with scripted dice. */

function steveAndSpider() {
  let s = fresh();
  s = play(s, {
    type: 'character.create',
    name: 'Fantastic Steve',
    upp: '777777',
    skills: { Lasers: 2 },
    weapons: ['laser-carbine'],
  }).state;
  s = play(s, { type: 'character.create', name: 'Cave spider', upp: '777700', skills: {} }).state;
  s = play(s, {
    type: 'combat.start',
    sides: [
      { id: 'a', name: 'Steve', members: [{ characterId: 'c1', x: 0, y: 0 }] },
      { id: 'b', name: 'Spider', members: [{ characterId: 'c2', x: 100, y: 0 }] },
    ],
  }).state;
  s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
  s = play(s, { type: 'combat.order', intruder: 'a' }).state;
  s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }).state;
  return play(s, { type: 'combat.next' }).state;
}

describe('Fantastic Steve (§7.6 example)', () => {
  it('Lasers-2, short range, rolls 9: 11 gives 2 hits and uses 3 shots', () => {
    const s = steveAndSpider();
    // to-hit 4+5; two wound rolls (laser: raised one level) 1+1 → 2+5 = 7 light → moderate; 1+1.
    const r = play(
      s,
      { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c2'] },
      [4, 5, 1, 1, 1, 1],
    );
    const fired = of(r.events, 'combat.fired')[0];
    expect(fired?.rounds).toBe(3);
    const hits = of(r.events, 'combat.hits')[0];
    expect(hits?.hits).toBe(2);
    // The book's arithmetic: 9 on the dice + Lasers-2 = 11 against Effective range's 8+.
    expect(hits?.roll).toMatchObject({ natural: 9, total: 11, target: 8, margin: 3 });
    expect(of(r.events, 'combat.fired')[0]?.targets[0]?.band).toMatch(/effective/i);
    expect(r.state.characters.c1?.weapons[0]?.loaded).toBe(47);
    // The breakdown names what added what.
    const opened = r.events.find((e) => e.type === 'task.rolled' || e.type === 'window.opened');
    expect(opened).toBeUndefined();
    const wounds = of(r.events, 'character.wounded');
    expect(wounds).toHaveLength(2);
    expect(wounds[0]?.rolled).toBe('light');
    expect(wounds[0]?.wound.level).toBe('moderate');
  });

  it('the same roll with 1 shot scores only 1 hit', () => {
    const s = steveAndSpider();
    const r = play(
      s,
      { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c2'], rounds: 1 },
      [4, 5, 1, 1],
    );
    expect(of(r.events, 'combat.hits')[0]?.hits).toBe(1);
    expect(r.state.characters.c1?.weapons[0]?.loaded).toBe(49);
  });
});

describe('Dr Sanchez and the Screaming Monkey Fever (§8.4 example)', () => {
  it('fail, two successes, snake eyes, ten straight successes; then a failed and a good day of treatment', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'marchetti', owner: 'p1', name: 'Dr Sanchez' }).state;
    s = play(s, { type: 'character.create', name: 'Chester Goodfellow', upp: '777777' }).state;
    s = play(s, {
      type: 'research.start',
      characterId: 'c1',
      name: 'Screaming Monkey Fever',
      kind: 'disease',
      fromPack: 'screaming-monkey-fever',
    }).state;
    const lab = { dms: [{ source: 'medical computer', value: 1 }] };
    // One roll a week of game time (§8.4): the referee passes the week after each.
    const week = (faces: number[]) => {
      const r = play(s, { type: 'research.roll', researchId: 'r1', ...lab }, faces, PLAYER);
      s = play(r.state, { type: 'time.pass', days: 7 }).state;
      return r.events.find((e) => e.type === 'research.rolled') as Extract<
        (typeof r.events)[number],
        { type: 'research.rolled' }
      >;
    };
    // Medic-3 + Int B (+1) + computer +1 = +5 against 10+.
    expect(week([2, 2])).toMatchObject({ successes: 0, done: false }); // 9: fails
    expect(week([3, 2])).toMatchObject({ successes: 1 });
    expect(week([4, 3])).toMatchObject({ successes: 2 });
    expect(week([1, 1])).toMatchObject({ successes: 0, wiped: true }); // snake eyes
    for (let i = 1; i <= 10; i++) expect(week([5, 5]).successes).toBe(i);
    expect(s.research.r1?.done).toBe(true);
    // Treatment 8+: Medic-3 + Int +1 + medical scanner +1 = +5.
    let r = play(
      s,
      { type: 'disease.treat', researchId: 'r1', medicId: 'c1', patientId: 'c2' },
      [1, 1],
      PLAYER,
    );
    s = r.state;
    expect(s.characters.c2?.mods[2]).toBe(-1); // a day of screaming: −1 End
    // One try a day (§8.4 reading): the same day is refused, the next day he tries again.
    const treat = { type: 'disease.treat', researchId: 'r1', medicId: 'c1', patientId: 'c2' };
    expect(refusalCode(() => play(s, treat, [2, 2], PLAYER))).toBe('TOO_SOON');
    s = play(s, { type: 'time.pass', hours: 23 }).state;
    expect(refusalCode(() => play(s, treat, [2, 2], PLAYER))).toBe('TOO_SOON');
    s = play(s, { type: 'time.pass', hours: 1 }).state;
    r = play(s, treat, [2, 2], PLAYER);
    expect(r.events.find((e) => e.type === 'task.rolled')).toMatchObject({
      roll: { total: 9, success: true },
    });
    expect(r.state.characters.c2?.mods[2]).toBe(-1);
  });
});

describe('Reloading a triple missile turret (§6.10 example)', () => {
  const gunner = person('Gunner', { Gunnery: 1 });
  /** A corsair in its side's ordnance phase with turret T2's three racks empty (nine rounds to load). */
  function emptyTurret(): SpaceState {
    const s = advanceTo(
      duel(
        [{ design: 'Corsair', at: { q: 0, r: 0 }, crew: gunner }],
        [{ design: 'Free trader', at: { q: 9, r: 0 } }],
      ),
      'ordnance',
      'a',
    );
    const ship = s.ships.s1 as Ship;
    const turrets = ship.turrets.map((t, i) =>
      i === 1 ? { ...t, weapons: t.weapons.map((w) => ({ ...w, ready: 0 })) } : t,
    );
    return { ...s, ships: { ...s.ships, s1: { ...ship, turrets } } };
  }
  const readyIn = (s: SpaceState) => (s.ships.s1 as Ship).turrets[1]?.weapons.map((w) => w.ready);
  const load = (weapon: number, rounds: number) => ({
    type: 'space.reload',
    ship: 's1',
    turret: 1,
    weapon,
    rounds,
  });

  it('the turret holds nine ready missiles, three a rack', () => {
    const s = duel(
      [{ design: 'Corsair', at: { q: 0, r: 0 } }],
      [{ design: 'Free trader', at: { q: 9, r: 0 } }],
    );
    expect((s.ships.s1 as Ship).turrets[1]?.weapons.map((w) => [w.kind, w.ready])).toEqual([
      ['missileRack', 3],
      ['missileRack', 3],
      ['missileRack', 3],
    ]);
  });

  it('one gunner loads one missile a turn', () => {
    const s = playSpace(emptyTurret(), load(0, 1), [], PLAYER_A).state;
    expect(readyIn(s)).toEqual([1, 0, 0]);
    expect((s.ships.s1 as Ship).magazine.missiles).toBe(17);
    expect(spaceRefusal(s, load(1, 1), PLAYER_A)).toBe('SPACE_TOO_FEW_GUNNERS');
  });

  it('nine gunners refill all nine in one turn, and not a tenth', () => {
    let s = playSpace(emptyTurret(), {
      type: 'space.gunner.assign',
      ship: 's1',
      turret: 1,
      person: gunner,
      hands: 9,
    }).state;
    expect((s.ships.s1 as Ship).turrets[1]?.hands).toBe(9);
    for (const weapon of [0, 1, 2]) s = playSpace(s, load(weapon, 3), [], PLAYER_A).state;
    expect(readyIn(s)).toEqual([3, 3, 3]);
    expect((s.ships.s1 as Ship).magazine.missiles).toBe(9);
    expect((s.ships.s1 as Ship).turrets[1]?.loadedRounds).toBe(9);
  });

  it('four gunners load four rounds that turn; the fifth waits for the next', () => {
    let s = playSpace(emptyTurret(), {
      type: 'space.gunner.assign',
      ship: 's1',
      turret: 1,
      person: gunner,
      hands: 4,
    }).state;
    s = playSpace(s, load(0, 3), [], PLAYER_A).state;
    expect(spaceRefusal(s, load(1, 2), PLAYER_A)).toBe('SPACE_TOO_FEW_GUNNERS');
    s = playSpace(s, load(1, 1), [], PLAYER_A).state;
    expect(readyIn(s)).toEqual([3, 1, 0]);
    expect(spaceRefusal(s, load(2, 1), PLAYER_A)).toBe('SPACE_TOO_FEW_GUNNERS');
    // Its side's next ordnance phase: four more hands' worth.
    s = advanceTo(advanceTo(s, 'movement', 'b'), 'ordnance', 'a');
    s = playSpace(s, load(1, 2), [], PLAYER_A).state;
    s = playSpace(s, load(2, 2), [], PLAYER_A).state;
    expect(readyIn(s)).toEqual([3, 3, 2]);
  });
});
