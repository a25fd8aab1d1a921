import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { charDm, condition, currentEnd, woundPenalty } from './character.ts';
import { type RhylanorState, rhylanorExpress } from './ruleset.ts';
import { fresh, of, PLAYER, play, startDuel } from './test-kit.ts';

/** Game time, the mortal wound's death clock (§8.1) and drugs (§8.3), with scripted dice. */

/** Okonkwo (c1, p1: End 10, Str 10) and a starport guard (c2, the referee's). */
function two(): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
  return play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
}

const c1 = (s: RhylanorState) => {
  const c = s.characters.c1;
  if (!c) throw new Error('no c1');
  return c;
};

describe('the mortal wound’s clock (§8.1)', () => {
  it('no die in the first hour; then 1d6 hours from the wound, and death when they run out', () => {
    let s = play(two(), { type: 'character.wound', characterId: 'c1', level: 'mortal' }).state;
    expect(c1(s).wounds[0]).toMatchObject({ level: 'mortal', at: 0 });
    // Half an hour: the die could not matter yet, so none is asked for.
    s = play(s, { type: 'time.pass', minutes: 30 }).state;
    expect(condition(c1(s))).toBe('unconscious');
    // An hour and a half: the die says 3 hours; still alive.
    let r = play(s, { type: 'time.pass', hours: 1 }, [3]);
    expect(of(r.events, 'clock.deathRolled')[0]).toMatchObject({ face: 3, diesAt: 3 * 3600 });
    s = r.state;
    expect(condition(c1(s))).toBe('unconscious');
    expect(s.time).toBe(5400);
    // Three and a half hours: dead, and no second die.
    r = play(s, { type: 'time.pass', hours: 2 });
    expect(of(r.events, 'character.updated')[0]).toMatchObject({ by: 'rule', characterId: 'c1' });
    expect(condition(c1(r.state))).toBe('dead');
  });

  it('a die of 1 rolled late kills at once; a mortal wound treated in time stops the clock', () => {
    let s = play(two(), { type: 'character.wound', characterId: 'c1', level: 'mortal' }).state;
    expect(condition(c1(play(s, { type: 'time.pass', hours: 2 }, [1]).state))).toBe('dead');
    // Treated at once (the referee's medic, 14+ with the kit's DMs): now Serious, no clock.
    s = play(s, { type: 'character.edit', characterId: 'c2', skills: { Medic: 3 } }).state;
    const treated = play(
      s,
      {
        type: 'medic.treat',
        medicId: 'c2',
        patientId: 'c1',
        woundId: c1(s).wounds[0]?.id ?? -1,
        equipment: ['medicalKit', 'surgicalInstruments'],
        hospitalTl: 12,
      },
      [6, 6],
    ).state;
    expect(c1(treated).wounds[0]?.level).toBe('serious');
    const later = play(treated, { type: 'time.pass', days: 2 });
    expect(of(later.events, 'clock.deathRolled')).toEqual([]);
    expect(condition(c1(later.state))).toBe('unconscious');
  });

  it('a fight’s turns are 15 s of game time each; time.pass is refused in a fight and with nothing to pass', () => {
    let s = two();
    s = startDuel(s);
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    for (let i = 0; i < 12; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat?.turn).toBe(2);
    expect(s.time).toBe(15);
    expect(refusalCode(() => play(s, { type: 'time.pass', hours: 1 }))).toBe('IN_COMBAT');
    expect(refusalCode(() => play(two(), { type: 'time.pass' }))).toBe('INVALID_VALUE');
  });
});

describe('drugs (§8.3)', () => {
  it('combat drug: +2 Str/Dex/End two turns after the dose, holds off a Light, crashes for 1d6 End', () => {
    let s = play(two(), { type: 'drug.take', characterId: 'c1', drug: 'combat' }, [], PLAYER).state;
    expect(c1(s).drugs?.[0]).toMatchObject({ stage: 'waiting', startsAt: 30, endsAt: 480 });
    expect(charDm(c1(s), 'Str', s.pack)).toBe(1);
    s = play(s, { type: 'time.pass', turns: 2 }).state;
    expect(c1(s).drugs?.[0]?.stage).toBe('active');
    expect(c1(s).mods.slice(0, 3)).toEqual([2, 2, 2]);
    expect(currentEnd(c1(s))).toBe(12);
    // A Light wound while it works: recorded, but no End lost and no penalty yet.
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'light' }).state;
    expect(c1(s).wounds[0]).toMatchObject({ level: 'light', deferred: true });
    expect(woundPenalty(c1(s))).toBe(0);
    expect(currentEnd(c1(s))).toBe(12);
    // A Moderate after a Light is not held off (the first wound set the mode).
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'moderate' }).state;
    expect(c1(s).wounds[1]?.deferred).toBeUndefined();
    // Thirty turns later it wears off: the +2 goes, the Light counts, the crash takes 4 End.
    const r = play(s, { type: 'time.pass', turns: 30 }, [4]);
    s = r.state;
    expect(of(r.events, 'drug.changed')[0]).toMatchObject({ stage: 'over', crashFace: 4 });
    expect(c1(s).mods.slice(0, 3)).toEqual([0, 0, 0]);
    expect(c1(s).wounds.map((w) => [w.level, w.endLost])).toEqual([
      ['light', 1],
      ['moderate', 2],
      ['moderate', 4],
    ]);
    expect(currentEnd(c1(s))).toBe(10 - 1 - 2 - 4);
  });

  it('a crash that takes End to 0 is a Serious wound', () => {
    let s = play(two(), { type: 'character.edit', characterId: 'c1', upp: '393765' }).state;
    s = play(s, { type: 'drug.take', characterId: 'c1', drug: 'slow' }).state;
    s = play(s, { type: 'time.pass', minutes: 11 }, [5]).state;
    expect(c1(s).wounds[0]).toMatchObject({ level: 'serious', endLost: 5 });
    expect(condition(c1(s))).toBe('unconscious');
  });

  it('slow drug: from three turns after the dose a man attacks twice a phase, not three times', () => {
    let s = two();
    s = play(s, { type: 'drug.take', characterId: 'c1', drug: 'slow' }, [], PLAYER).state;
    s = play(s, { type: 'time.pass', turns: 3 }).state;
    expect(c1(s).drugs?.[0]?.stage).toBe('active');
    s = startDuel(s);
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    const shot = { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c2'] };
    for (let i = 0; i < 2; i++) {
      s = play(s, shot, [1, 1], PLAYER).state;
      if (s.window) s = play(s, { type: 'window.close' }).state;
    }
    expect(refusalCode(() => play(s, shot, [1, 1], PLAYER))).toBe('ALREADY_DONE');
  });

  it('slow drug: he takes the movement phase twice, not three times; without it one move a turn', () => {
    let s = two();
    s = play(s, { type: 'drug.take', characterId: 'c1', drug: 'slow' }, [], PLAYER).state;
    const fight = {
      type: 'combat.start',
      sides: [
        { id: 'a', name: 'Crew', members: [{ characterId: 'c1', x: 0, y: 0 }] },
        { id: 'b', name: 'Guard', members: [{ characterId: 'c2', x: 50, y: 0 }] },
      ],
    };
    const walk = (x: number) => ({ type: 'combat.move', characterId: 'c1', option: 'walk', x, y: 0 });
    // Before it takes hold (three turns), one move a turn.
    let early = play(play(s, fight).state, { type: 'combat.order', intruder: 'a' }).state;
    early = play(early, walk(10), [], PLAYER).state;
    expect(refusalCode(() => play(early, walk(20), [], PLAYER))).toBe('ALREADY_DONE');
    s = play(s, { type: 'time.pass', turns: 3 }).state;
    s = play(play(s, fight).state, { type: 'combat.order', intruder: 'a' }).state;
    s = play(s, walk(10), [], PLAYER).state;
    s = play(s, walk(20), [], PLAYER).state;
    expect(s.combat?.combatants.c1).toMatchObject({ x: 20, option: 'walk' });
    // Each move is within the walk's allowance on its own; a third is refused.
    expect(refusalCode(() => play(s, walk(30), [], PLAYER))).toBe('ALREADY_DONE');
  });

  it('helpless spans: the medical slow drug sleeps a day, the fast drug leaves him helpless a day, the truth drug a day unconscious after its two minutes', () => {
    const task = { type: 'task.roll', characterId: 'c1', skills: ['Medic'], target: 8 };
    let s = play(two(), { type: 'drug.take', characterId: 'c1', drug: 'medicalSlow' }).state;
    expect(condition(c1(s))).toBe('unconscious');
    expect(refusalCode(() => play(s, task, [3, 3], PLAYER))).toBe('CANNOT_ACT');
    s = play(s, { type: 'time.pass', hours: 23 }).state;
    expect(condition(c1(s))).toBe('unconscious');
    s = play(s, { type: 'time.pass', hours: 1 }).state;
    expect(condition(c1(s))).toBe('fit');
    expect(play(s, task, [3, 3], PLAYER).events).toHaveLength(1);

    s = play(s, { type: 'drug.take', characterId: 'c1', drug: 'fast' }).state;
    expect(condition(c1(s))).toBe('helpless');
    expect(refusalCode(() => play(s, task, [3, 3], PLAYER))).toBe('CANNOT_ACT');
    s = play(s, { type: 'time.pass', days: 1 }).state;
    expect(condition(c1(s))).toBe('fit');

    s = play(s, { type: 'drug.take', characterId: 'c1', drug: 'truth' }).state;
    // Talking, not helpless, for the two minutes.
    expect(condition(c1(s))).toBe('fit');
    const ended = play(s, { type: 'time.pass', minutes: 2 });
    expect(of(ended.events, 'drug.changed')[0]).toMatchObject({ stage: 'asleep' });
    s = ended.state;
    expect(c1(s).wounds.at(-1)).toMatchObject({ level: 'moderate' });
    expect(condition(c1(s))).toBe('unconscious');
    s = play(s, { type: 'time.pass', hours: 23 }).state;
    expect(condition(c1(s))).toBe('unconscious');
    const woke = play(s, { type: 'time.pass', hours: 1 });
    expect(of(woke.events, 'drug.changed')[0]).toMatchObject({ stage: 'over' });
    expect(condition(c1(woke.state))).toBe('fit');
  });

  it('medical slow drug heals a month in a day; anti-toxin rolls 2d6 + Medic against 6+ or 10+; truth drug leaves a Moderate', () => {
    let s = two();
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'light' }).state;
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'moderate' }).state;
    s = play(s, { type: 'drug.take', characterId: 'c1', drug: 'medicalSlow' }).state;
    expect(c1(s).wounds).toEqual([]);
    const anti = play(s, { type: 'drug.take', characterId: 'c1', drug: 'antiToxin', novel: true }, [5, 4]);
    expect(of(anti.events, 'task.rolled')[0]?.roll).toMatchObject({ target: 10, total: 6, success: false });
    s = play(s, { type: 'drug.take', characterId: 'c2', drug: 'truth' }).state;
    s = play(s, { type: 'time.pass', minutes: 2 }).state;
    expect(s.characters.c2?.wounds[0]).toMatchObject({ level: 'moderate' });
  });

  it('a player may dose only his own character; a dead man takes no drug', () => {
    const s = two();
    expect(
      refusalCode(() => play(s, { type: 'drug.take', characterId: 'c2', drug: 'combat' }, [], PLAYER)),
    ).toBe('NOT_YOUR_CHARACTER');
    const dead = play(s, { type: 'character.wound', characterId: 'c1', level: 'dead' }).state;
    expect(refusalCode(() => play(dead, { type: 'drug.take', characterId: 'c1', drug: 'combat' }))).toBe(
      'CANNOT_ACT',
    );
  });
});

describe('preserving a dead body (§8.1)', () => {
  const preserve = (woundId: number) =>
    ({ type: 'medic.preserve', medicId: 'c2', patientId: 'c1', woundId, equipment: ['medicalKit'] }) as const;

  it('within 10 minutes a Moderate treatment (10+) keeps the body; a failed one bars revival; late or living is refused', () => {
    let s = play(two(), { type: 'character.edit', characterId: 'c2', skills: { Medic: 2 } }).state;
    const living = play(s, { type: 'character.wound', characterId: 'c1', level: 'light' }).state;
    expect(refusalCode(() => play(living, preserve(c1(living).wounds[0]?.id ?? -1)))).toBe('NOT_DEAD');
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'dead' }).state;
    const id = c1(s).wounds[0]?.id ?? -1;
    const kept = play(s, preserve(id), [4, 4]);
    const roll = of(kept.events, 'medic.preserved')[0]?.roll;
    expect(roll).toMatchObject({ target: 10, success: true });
    expect(c1(kept.state).wounds[0]?.preserved).toBe(true);
    expect(refusalCode(() => play(kept.state, preserve(id)))).toBe('ALREADY_ATTEMPTED');
    const lost = play(s, preserve(id), [1, 1]).state;
    expect(c1(lost).wounds[0]?.preserved).toBe(false);
    const revive = {
      type: 'medic.treat',
      medicId: 'c2',
      patientId: 'c1',
      woundId: id,
      equipment: ['medicalKit'],
      hospitalTl: 12,
    } as const;
    expect(refusalCode(() => play(lost, revive))).toBe('BEYOND_REVIVAL');
    const late = play(s, { type: 'time.pass', minutes: 11 }).state;
    expect(refusalCode(() => play(late, preserve(id)))).toBe('TOO_LATE');
    expect(late.characters.c1?.wounds[0]?.preserved).toBeUndefined();
  });
});

describe('research over game time (§8.4, §8.5)', () => {
  function lab(): RhylanorState {
    return play(fresh(), { type: 'character.create', sheet: 'marchetti', owner: 'p1' }).state;
  }
  const roll = { type: 'research.roll', researchId: 'r1' };

  it('a device is rolled once a week of game time; the referee’s time.pass brings the next roll', () => {
    let s = play(lab(), {
      type: 'research.start',
      characterId: 'c1',
      name: 'Improved sand caster',
      kind: 'device',
      fromPack: 'improved-sand-caster',
    }).state;
    expect(s.research.r1?.period).toBe('week');
    s = play(s, roll, [3, 4], PLAYER).state;
    expect(s.research.r1?.lastRolledAt).toBe(0);
    expect(refusalCode(() => play(s, roll, [3, 4], PLAYER))).toBe('TOO_SOON');
    s = play(s, { type: 'time.pass', days: 6 }).state;
    expect(refusalCode(() => play(s, roll, [3, 4], PLAYER))).toBe('TOO_SOON');
    s = play(s, { type: 'time.pass', days: 1 }).state;
    const second = play(s, roll, [3, 4], PLAYER);
    expect(of(second.events, 'research.rolled')[0]).toMatchObject({ at: 7 * 86400 });
    // Weeks on end: game time past a million seconds still fits the import schemas (the kit checks).
    s = play(second.state, { type: 'time.pass', days: 70 }).state;
    expect(of(play(s, roll, [6, 6], PLAYER).events, 'research.rolled')).toHaveLength(1);
  });

  it('a strange question at the pace the referee sets: by the day; a device faster than weekly is refused', () => {
    const start = {
      type: 'research.start',
      characterId: 'c1',
      name: 'Why the beacon repeats',
      kind: 'question',
      skill: 'Physics',
      target: 9,
      successes: 3,
      period: 'day',
    };
    let s = play(lab(), start).state;
    s = play(s, roll, [2, 3], PLAYER).state;
    expect(refusalCode(() => play(s, roll, [2, 3], PLAYER))).toBe('TOO_SOON');
    s = play(s, { type: 'time.pass', hours: 24 }).state;
    expect(of(play(s, roll, [2, 3], PLAYER).events, 'research.rolled')).toHaveLength(1);
    expect(refusalCode(() => play(lab(), { ...start, kind: 'device' }))).toBe('INVALID_VALUE');
  });

  it('a roll from an older log (no time kept) does not hold up the next', () => {
    let s = play(lab(), {
      type: 'research.start',
      characterId: 'c1',
      name: 'An old project',
      kind: 'device',
      skill: 'Physics',
      target: 9,
      successes: 3,
    }).state;
    // The same roll as an older log holds it: no game time on the event.
    const rolled = of(play(s, roll, [3, 3], PLAYER).events, 'research.rolled')[0];
    if (!rolled) throw new Error('no roll');
    const { at: _at, ...old } = rolled;
    s = rhylanorExpress.evolve(s, old);
    expect(s.research.r1?.lastRolledAt).toBeUndefined();
    expect(of(play(s, roll, [3, 3], PLAYER).events, 'research.rolled')).toHaveLength(1);
  });
});
