import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { coverOf, distanceToLine, metresToCover, rangeBand, splitRounds } from './combat.ts';
import { defaultPack } from './data/pack.ts';
import { deviate } from './resolve.ts';
import { type RhylanorState, rhylanorExpress } from './ruleset.ts';
import { fresh, of, PLAYER, play, startDuel } from './test-kit.ts';

const rifle = defaultPack.weapons.find((w) => w.id === 'rifle');

/** Vashti (c1, p1) and Arrano (c2, p1) against two guards (c3, c4); no Tactics on side a. */
function table(
  extra: { zeroG?: boolean; disposition?: string; positions?: [number, number][] } = {},
): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'vashti', owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'arrano', owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
  s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
  const p = extra.positions ?? [
    [0, 0],
    [0, 3],
    [30, 0],
    [30, 2],
  ];
  return play(s, {
    type: 'combat.start',
    sides: [
      {
        id: 'a',
        name: 'Crew',
        members: [
          { characterId: 'c1', x: p[0]?.[0], y: p[0]?.[1] },
          { characterId: 'c2', x: p[1]?.[0], y: p[1]?.[1] },
        ],
      },
      {
        id: 'b',
        name: 'Guards',
        disposition: extra.disposition ?? 'noisy',
        members: [
          { characterId: 'c3', x: p[2]?.[0], y: p[2]?.[1] },
          { characterId: 'c4', x: p[3]?.[0], y: p[3]?.[1] },
        ],
      },
    ],
  }).state;
}

describe('fire combat (§7.6)', () => {
  it('range bands by the weapon, secondary targets near the line, rounds split to the primary', () => {
    expect(
      rifle && [rangeBand(rifle, 100), rangeBand(rifle, 101), rangeBand(rifle, 600), rangeBand(rifle, 601)],
    ).toEqual(['effective', 'long', 'extreme', null]);
    expect(splitRounds(10, 3)).toEqual([4, 3, 3]);
    expect(distanceToLine({ x: 5, y: 4 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(4);
  });

  it('DMs: evading target, a walking shooter, cover with the standing target’s Recon; one roll per target', () => {
    let s = table();
    expect(refusalCode(() => play(s, { type: 'combat.order', intruder: 'b' }))).toBe('ROLL_OFF_NEEDED');
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    s = play(s, { type: 'combat.order', intruder: 'b' }).state;
    // Guards: c3 stands in cover −2; c4 evades.
    s = play(s, { type: 'combat.place', characterId: 'c3', cover: 2 }).state;
    s = play(s, { type: 'character.edit', characterId: 'c3', skills: { Recon: 1 } }).state;
    s = play(s, { type: 'combat.move', characterId: 'c3', option: 'stand' }).state;
    s = play(s, { type: 'combat.move', characterId: 'c4', option: 'evade', x: 30, y: 4 }).state;
    for (let i = 0; i < 6; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat).toMatchObject({ phasing: 'a', phase: 'movement', turn: 1 });
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'walk', x: 5, y: 0 }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    // Vashti's auto-pistol (Pistols-0, Dex 8: 0) at c3 25 m off: Long, 10+.
    const r = play(
      s,
      { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c3'] },
      [6, 6],
      PLAYER,
    );
    const hit = of(r.events, 'combat.hits')[0];
    expect(hit?.roll.mods).toEqual([
      { source: 'Pistols-0', value: 0 },
      { source: 'Dex DM', value: 0 },
      { source: 'snap shot on the move', value: -2 },
      { source: 'target in cover', value: -2 },
      { source: 'target uses cover (Recon)', value: -1 },
    ]);
    expect(hit?.roll).toMatchObject({ target: 10, total: 7, success: false });
    expect(hit?.hits).toBe(0);
    // Arrano stood still: her body pistol reaches only 20 m (Extreme): out of range at 30.
    expect(
      refusalCode(() =>
        play(
          r.state,
          { type: 'combat.fire', characterId: 'c2', weaponIndex: 0, targets: ['c4'] },
          [],
          PLAYER,
        ),
      ),
    ).toBe('OUT_OF_RANGE');
  });

  it('a weapon with several targets rolls once per target, secondaries within 4 m of the line', () => {
    let s = table({
      positions: [
        [0, 0],
        [0, 3],
        [50, 0],
        [40, 3],
      ],
    });
    s = play(s, { type: 'character.edit', characterId: 'c1', ammo: [{ index: 0, loaded: 15 }] }).state;
    s = {
      ...s,
      characters: {
        ...s.characters,
        c1: {
          ...(s.characters.c1 as NonNullable<(typeof s.characters)['c1']>),
          weapons: [{ weaponId: 'smg', loaded: 30, spare: 1 }],
        },
      },
    };
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    // SMG: 10 rounds, 2 targets → 5 each; Vashti unskilled in Machinegun (−3), auto-fire +2.
    const r = play(
      s,
      { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c3', 'c4'] },
      [6, 6, 1, 1, 1, 1],
      PLAYER,
    );
    expect(of(r.events, 'combat.fired')[0]?.targets.map((t) => t.rounds)).toEqual([5, 5]);
    const hits = of(r.events, 'combat.hits');
    expect(hits.map((h) => h.roll.target)).toEqual([10, 10]);
    // 12 − 1 = 11 vs 10: 1 hit; 2 − 1 = 1: none.
    expect(hits.map((h) => h.hits)).toEqual([1, 0]);
    expect(r.state.characters.c1?.weapons[0]?.loaded).toBe(20);
    const far = play(s, { type: 'combat.place', characterId: 'c4', y: 20 }).state;
    expect(
      refusalCode(() =>
        play(
          far,
          { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c3', 'c4'] },
          [],
          PLAYER,
        ),
      ),
    ).toBe('NOT_ON_LINE');
  });
});

describe('spotting and surprise (§7.2)', () => {
  it('targets by the other side’s disposition; the totally concealed need a scanner; surprise for the side that saw', () => {
    let s = table({ disposition: 'cautious' });
    // Side a's best spotter: nobody has Recon, Hunting or F-O: unskilled −3. 6+6 −3 = 9 < 10.
    let r = play(s, { type: 'combat.spot', side: 'a' }, [6, 6]);
    expect(of(r.events, 'combat.spotted')[0]).toMatchObject({
      success: false,
      roll: { target: 10, total: 9 },
    });
    s = r.state;
    // Side b: the guard's Recon-0 vs a noisy side (6+).
    r = play(s, { type: 'combat.spot', side: 'b' }, [3, 3]);
    s = r.state;
    expect(s.combat?.spotted).toEqual({ a: false, b: true });
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    s = play(s, { type: 'combat.order', intruder: 'a', surprise: true }).state;
    expect(s.combat).toMatchObject({ surprise: 'b', phasing: 'b', turn: 0, phase: 'movement' });
    // Surprise: movement, direct fire and melee, then turn 1 begins with the Intruder.
    for (let i = 0; i < 3; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat).toMatchObject({ surprise: null, phasing: 'a', turn: 1, phase: 'movement' });
    const hidden = table({ disposition: 'totallyConcealed' });
    expect(of(play(hidden, { type: 'combat.spot', side: 'a' }).events, 'combat.spotted')[0]?.reason).toMatch(
      /scanner/,
    );
    expect(
      refusalCode(() => play(hidden, { type: 'combat.spot', side: 'a', result: true }, [], PLAYER)),
    ).toBe('ROLE_NOT_ALLOWED');
  });
});

describe('indirect fire and deviation (§7.11)', () => {
  it('deviation reads the d12 as a clock along the line', () => {
    expect(deviate({ x: 0, y: 0 }, { x: 100, y: 0 }, 12, 30)).toEqual({ x: 130, y: 0 });
    expect(deviate({ x: 0, y: 0 }, { x: 100, y: 0 }, 6, 30)).toEqual({ x: 70, y: 0 });
    expect(deviate({ x: 0, y: 0 }, { x: 100, y: 0 }, 3, 20)).toEqual({ x: 100, y: 20 });
  });

  it('a forward observer calls fire in the command phase; within 5 km it lands in the next one, deviating on a miss', () => {
    let s = table();
    s = play(s, { type: 'character.edit', characterId: 'c1', skills: { 'Forward Observer': 2 } }).state;
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    for (let i = 0; i < 5; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat?.phase).toBe('command');
    expect(
      refusalCode(() =>
        play(
          s,
          { type: 'combat.callFire', observerId: 'c2', attack: 'firstShot', x: 30, y: 0, distanceKm: 3 },
          [],
          PLAYER,
        ),
      ),
    ).toBe('SKILL_REQUIRED');
    s = play(
      s,
      {
        type: 'combat.callFire',
        observerId: 'c1',
        attack: 'firstShot',
        x: 30,
        y: 0,
        distanceKm: 3,
        gunnerSkill: 2,
      },
      [],
      PLAYER,
    ).state;
    expect(s.combat?.indirect[0]).toMatchObject({ arrivesTurn: 2, arrivesSide: 'a' });
    for (let i = 0; i < 11; i++) s = play(s, { type: 'combat.next' }).state;
    // 18+ first shot: 3+3 +4 = 10 misses; clock 12, 2d6 × 10 = 40 m beyond.
    const r = play(s, { type: 'combat.next' }, [3, 3, 12, 2, 2]);
    expect(of(r.events, 'combat.indirectLanded')[0]).toMatchObject({
      clock: 12,
      metres: 40,
      x: 70,
      y: 0,
      roll: { target: 18, total: 10 },
    });
    expect(r.state.combat?.indirect).toEqual([]);
  });
});

describe('referee overrides', () => {
  it('the referee may set an open roll’s total, a position, a side’s morale, a wound', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
    s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
    s = startDuel(s);
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    s = play(
      s,
      { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c2'] },
      [1, 1],
      PLAYER,
    ).state;
    expect(
      refusalCode(() => play(s, { type: 'window.close', totals: [{ index: 0, total: 12 }] }, [], PLAYER)),
    ).toBe('ROLE_NOT_ALLOWED');
    // The referee rules the shot a hit of total 12: 3 hits, wound rolls follow (window again).
    const r = play(s, { type: 'window.close', totals: [{ index: 0, total: 12 }] }, [1, 1, 1, 1, 1, 1]);
    expect(of(r.events, 'combat.hits')[0]).toMatchObject({
      hits: 3,
      roll: { total: 12, mods: expect.arrayContaining([{ source: 'referee override', value: 7 }]) },
    });
    s = play(r.state, { type: 'window.close' }).state;
    s = play(s, { type: 'combat.place', characterId: 'c2', x: 10, fullCover: true }).state;
    expect(s.combat?.combatants.c2).toMatchObject({ x: 10, y: 0, fullCover: true });
    s = play(s, { type: 'combat.setMorale', side: 'b', morale: 'surrendered' }).state;
    expect(s.combat?.sides.b.morale).toBe('surrendered');
  });
});

describe('morale timing (§7.9)', () => {
  it('the first check at the next morale phase, then only in the side’s own; a check owed blocks the phase', () => {
    let s = table();
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    // Side b loses a man (the referee's wound stands in for a shot).
    s = play(s, { type: 'combat.setMorale', side: 'b', morale: 'steady' }).state;
    s = {
      ...s,
      combat: s.combat && {
        ...s.combat,
        sides: { ...s.combat.sides, b: { ...s.combat.sides.b, moraleChecking: true, moraleChecks: 0 } },
      },
    };
    for (let i = 0; i < 4; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat?.phase).toBe('morale');
    expect(refusalCode(() => play(s, { type: 'combat.next' }))).toBe('MORALE_PENDING');
    s = play(s, { type: 'combat.morale', side: 'b' }, [6, 6]).state;
    expect(s.combat?.sides.b).toMatchObject({ morale: 'steady', moraleChecks: 1 });
    s = play(s, { type: 'combat.next' }).state;
    // Side b's own turn: its morale phase owes the next check.
    for (let i = 0; i < 5; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat).toMatchObject({ phasing: 'b', phase: 'morale' });
    expect(refusalCode(() => play(s, { type: 'combat.next' }))).toBe('MORALE_PENDING');
    s = play(s, { type: 'combat.morale', side: 'b' }, [6, 6]).state;
    for (let i = 0; i < 6; i++) s = play(s, { type: 'combat.next' }).state;
    // Side a's morale phase: nothing owed by b now.
    expect(s.combat).toMatchObject({ phasing: 'a', phase: 'morale' });
    expect(refusalCode(() => play(s, { type: 'combat.morale', side: 'b' }, [6, 6]))).toBe('NO_MORALE_DUE');
  });
});

describe('concealment (§7.15)', () => {
  it('a concealed enemy cannot be shot until found; one look per character per own command phase', () => {
    let s = table({ disposition: 'concealed' });
    s = play(s, { type: 'combat.spot', side: 'a', result: true }).state;
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    expect(
      refusalCode(() =>
        play(s, { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c3'] }, [], PLAYER),
      ),
    ).toBe('TARGET_CONCEALED');
    for (let i = 0; i < 4; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat?.phase).toBe('command');
    // Vashti: no Recon/Hunting/F-O: unskilled −3; 6+5 −3 = 8 < 10.
    const miss = play(s, { type: 'combat.seek', characterId: 'c1', targetId: 'c3' }, [6, 5], PLAYER);
    expect(miss.state.combat?.combatants.c3?.concealed).toBe(true);
    expect(
      refusalCode(() =>
        play(miss.state, { type: 'combat.seek', characterId: 'c1', targetId: 'c3' }, [6, 6], PLAYER),
      ),
    ).toBe('ALREADY_DONE');
    const scout = play(miss.state, { type: 'character.edit', characterId: 'c2', skills: { Recon: 1 } }).state;
    // Until found, players do not see where he is.
    const seen = rhylanorExpress.view(scout, PLAYER) as {
      combat: { combatants: Record<string, { x: number }> };
    };
    expect(seen.combat.combatants.c3?.x).toBeNull();
    expect(seen.combat.combatants.c1?.x).toBe(0);
    const found = play(scout, { type: 'combat.seek', characterId: 'c2', targetId: 'c3' }, [5, 4], PLAYER);
    expect(found.state.combat?.combatants.c3?.concealed).toBe(false);
  });
});

describe('a graze (§7.12)', () => {
  it('asks the grazed man for his own morale check, once', () => {
    let s = table();
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    expect(refusalCode(() => play(s, { type: 'combat.steady', characterId: 'c1' }, [3, 3], PLAYER))).toBe(
      'NO_GRAZE',
    );
    const c1 = s.characters.c1 as NonNullable<(typeof s.characters)['c1']>;
    s = {
      ...s,
      characters: {
        ...s.characters,
        c1: {
          ...c1,
          wounds: [
            { id: 1, level: 'graze', endLost: 0, penalty: 0, treated: false, attempted: false, turn: 1 },
          ],
        },
      },
    };
    const r = play(s, { type: 'combat.steady', characterId: 'c1' }, [3, 3], PLAYER);
    expect(of(r.events, 'combat.steadied')[0]).toMatchObject({ holds: false, roll: { target: 7, total: 6 } });
    expect(
      refusalCode(() => play(r.state, { type: 'combat.steady', characterId: 'c1' }, [3, 3], PLAYER)),
    ).toBe('NO_GRAZE');
    // The failed check: his next move must be Evade; once he has evaded he is free again.
    const walk = { type: 'combat.move', characterId: 'c1', option: 'walk', x: 5, y: 0 } as const;
    expect(refusalCode(() => play(r.state, walk, [], PLAYER))).toBe('MUST_EVADE');
    const evaded = play(r.state, { ...walk, option: 'evade', x: 3 }, [], PLAYER).state;
    expect(evaded.combat?.combatants.c1).toMatchObject({ option: 'evade' });
    expect(evaded.combat?.combatants.c1?.mustEvade).toBeUndefined();
  });
});

describe('cover on the map (§7.15)', () => {
  /** Side a moves first; Vashti (c1) at 0,0; guards c3 at 30,0 and c4 at 30,2. */
  function ordered(): RhylanorState {
    let s = table();
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    return play(s, { type: 'combat.order', intruder: 'a' }).state;
  }

  it('gives its DM to whoever stands in it, full cover refuses the shot, and can be taken away', () => {
    let s = ordered();
    const crates = play(s, { type: 'combat.coverPlace', x: 30, y: 0, radius: 1.5, cover: 3, name: 'crates' });
    expect(crates.events).toEqual([
      { type: 'combat.coverPlaced', area: { id: 1, x: 30, y: 0, radius: 1.5, cover: 3, name: 'crates' } },
    ]);
    for (const e of crates.events)
      expect(rhylanorExpress.eventSchemas?.[e.type]?.safeParse(e).success).toBe(true);
    s = crates.state;
    s = play(s, { type: 'combat.coverPlace', x: 30, y: 2.4, radius: 0.5, cover: 'full' }).state;
    expect(s.combat?.coverMap?.map((a) => a.id)).toEqual([1, 2]);
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    const fire = (target: string, faces: number[], at = s) =>
      play(at, { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: [target] }, faces, PLAYER);
    expect(refusalCode(() => fire('c4', []))).toBe('TARGET_IN_FULL_COVER');
    const hit = of(fire('c3', [1, 1]).events, 'combat.hits')[0];
    expect(hit?.roll.mods).toContainEqual({ source: 'target in cover', value: -3 });
    // The referee's own setting on the man still counts: the better of the two.
    const placed = play(s, { type: 'combat.place', characterId: 'c3', cover: 4 }).state;
    const better = of(fire('c3', [1, 1], placed).events, 'combat.hits')[0];
    expect(better?.roll.mods).toContainEqual({ source: 'target in cover', value: -4 });
    // Taken away, the map gives nothing there.
    const removed = play(s, { type: 'combat.coverRemove', coverId: 1 });
    expect(removed.events).toEqual([{ type: 'combat.coverRemoved', coverId: 1 }]);
    const c3 = removed.state.combat?.combatants.c3;
    expect(c3 && removed.state.combat && coverOf(removed.state.combat, c3)).toEqual({
      cover: 0,
      fullCover: false,
    });
    const open = of(fire('c3', [1, 1], removed.state).events, 'combat.hits')[0];
    expect(open?.roll.mods.some((m) => m.source === 'target in cover')).toBe(false);
  });

  it('refuses bad input and changes nothing', () => {
    const s = ordered();
    const place = { type: 'combat.coverPlace', x: 5, y: 5, radius: 2, cover: 2 } as const;
    expect(refusalCode(() => play(s, place, [], PLAYER))).toBe('ROLE_NOT_ALLOWED');
    expect(refusalCode(() => play(s, { type: 'combat.coverRemove', coverId: 7 }))).toBe('UNKNOWN_COVER');
    expect(refusalCode(() => play(fresh(), place))).toBe('NOT_IN_COMBAT');
    for (const bad of [
      { ...place, radius: 0 },
      { ...place, cover: 5 },
      { ...place, cover: 0 },
      { ...place, cover: 'half' },
      { ...place, x: Number.NaN },
      { ...place, extra: 1 },
    ])
      expect(rhylanorExpress.commandSchema.safeParse(bad).success).toBe(false);
    expect(metresToCover(s.combat as NonNullable<typeof s.combat>, { x: 0, y: 0 })).toBe(Infinity);
  });

  it('a failed graze check sends him toward cover within his Evade', () => {
    let s = ordered();
    const c1 = s.characters.c1 as NonNullable<(typeof s.characters)['c1']>;
    s = {
      ...s,
      characters: {
        ...s.characters,
        c1: {
          ...c1,
          wounds: [
            { id: 1, level: 'graze', endLost: 0, penalty: 0, treated: false, attempted: false, turn: 1 },
          ],
        },
      },
    };
    s = play(s, { type: 'combat.steady', characterId: 'c1' }, [3, 3], PLAYER).state;
    const evade = (x: number, at: RhylanorState) =>
      play(at, { type: 'combat.move', characterId: 'c1', option: 'evade', x, y: 0 }, [], PLAYER);
    // Cover 4 m off (its edge), within Evade's 9 m: he must end nearer to it.
    const near = play(s, { type: 'combat.coverPlace', x: 6, y: 0, radius: 2, cover: 2 }).state;
    expect(refusalCode(() => evade(-3, near))).toBe('AWAY_FROM_COVER');
    expect(refusalCode(() => evade(0, near))).toBe('AWAY_FROM_COVER');
    expect(evade(3, near).state.combat?.combatants.c1).toMatchObject({ x: 3, option: 'evade' });
    // Already in cover: he stays in it.
    const inside = play(s, { type: 'combat.coverPlace', x: 1, y: 0, radius: 2, cover: 1 }).state;
    expect(refusalCode(() => evade(5, inside))).toBe('AWAY_FROM_COVER');
    expect(evade(-0.5, inside).state.combat?.combatants.c1?.mustEvade).toBeUndefined();
    // None in reach: the map says nothing.
    const far = play(s, { type: 'combat.coverPlace', x: 40, y: 9, radius: 1, cover: 'full' }).state;
    expect(evade(-3, far).state.combat?.combatants.c1).toMatchObject({ x: -3 });
  });
});
