import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { currentEnd } from './character.ts';
import type { RhylanorState } from './ruleset.ts';
import { fresh, of, PLAYER, play } from './test-kit.ts';

/** Rules of the coverage table that had no test of their own: rest (§8.1), forgery and evidence (§9), the always-add switch (§1). */

function two(): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
  return play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
}

describe('rest (§8.1)', () => {
  it('lights heal a day each, then a moderate takes a week', () => {
    let s = two();
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'light' }).state;
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'moderate' }).state;
    expect(currentEnd(s.characters.c1 as never)).toBe(10 - 1 - 2);
    s = play(s, { type: 'medic.rest', characterId: 'c1', days: 6 }).state;
    // A day for the light; six left is not a week, so the moderate stays.
    expect(s.characters.c1?.wounds.map((w) => w.level)).toEqual(['moderate']);
    s = play(s, { type: 'medic.rest', characterId: 'c1', days: 7 }).state;
    expect(s.characters.c1?.wounds).toEqual([]);
  });
});

describe('forgery and evidence (§9.3, §9.4)', () => {
  it('forgery needs the skill and meets the pack’s 8+', () => {
    let s = two();
    expect(refusalCode(() => play(s, { type: 'intrusion.forge', characterId: 'c1' }, [6, 6], PLAYER))).toBe(
      'SKILL_REQUIRED',
    );
    s = play(s, { type: 'character.edit', characterId: 'c1', skills: { Forgery: 1 } }).state;
    const r = play(s, { type: 'intrusion.forge', characterId: 'c1' }, [4, 3], PLAYER);
    expect(of(r.events, 'intrusion.rolled')[0]).toMatchObject({
      kind: 'forgery',
      roll: { target: 8, total: 8 },
      outcome: 'convincing',
    });
  });

  it('evidence: the team’s best Forensics against the TL’s target; electronic evidence against the culprit’s skills', () => {
    let s = two();
    s = play(s, { type: 'character.create', sheet: 'vashti', owner: 'p1' }).state;
    s = play(s, { type: 'character.edit', characterId: 'c1', skills: { Forensics: 1 } }).state;
    s = play(s, { type: 'character.edit', characterId: 'c3', skills: { Forensics: 2, Computer: 1 } }).state;
    s = play(s, { type: 'character.edit', characterId: 'c2', skills: { Intrusion: 2, Computer: 1 } }).state;
    const search = { type: 'intrusion.search', investigators: ['c1', 'c3'], kind: 'physical', tl: 8 };
    const physical = play(s, search, [3, 3], PLAYER);
    expect(of(physical.events, 'intrusion.rolled')[0]?.roll).toMatchObject({
      mods: [{ source: 'best Forensics-2', value: 2 }],
      target: 8,
      total: 8,
    });
    expect(refusalCode(() => play(s, { ...search, tl: 4 }, [], PLAYER))).toBe('TL_TOO_LOW');
    const electronic = play(s, { ...search, kind: 'electronic', culpritId: 'c2' }, [5, 5], PLAYER);
    // 8 + the culprit's Intrusion-2 and Computer-1: 11; 10 + Forensics-2 + Computer-1 = 13.
    expect(of(electronic.events, 'intrusion.rolled')[0]?.roll).toMatchObject({ target: 11, total: 13 });
  });
});

describe('the referee switch: always add a characteristic DM (§1)', () => {
  it('adds Int when the task names none, only when the pack turns it on', () => {
    const s = two();
    const task = { type: 'task.roll', characterId: 'c1', skills: ['Tactics'], target: 8 };
    const off = play(s, task, [3, 3], PLAYER);
    expect(of(off.events, 'task.rolled')[0]?.roll.mods.map((m) => m.source)).not.toContain('Int DM');
    const on: RhylanorState = {
      ...s,
      pack: { ...s.pack, rules: { ...s.pack.rules, alwaysAddCharacteristicDm: true } },
    };
    const r = play(on, task, [3, 3], PLAYER);
    expect(of(r.events, 'task.rolled')[0]?.roll.mods.map((m) => m.source)).toContain('Int DM');
  });
});
