import { describe, expect, it } from 'vitest';
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
    const week = (faces: number[]) => {
      const r = play(s, { type: 'research.roll', researchId: 'r1', ...lab }, faces, PLAYER);
      s = r.state;
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
    r = play(s, { type: 'disease.treat', researchId: 'r1', medicId: 'c1', patientId: 'c2' }, [2, 2], PLAYER);
    expect(r.events.find((e) => e.type === 'task.rolled')).toMatchObject({
      roll: { total: 9, success: true },
    });
    expect(r.state.characters.c2?.mods[2]).toBe(-1);
  });
});
