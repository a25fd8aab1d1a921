import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import type { RhylanorState } from './ruleset.ts';
import { fresh, oneSkillTables, PLAYER, play } from './test-kit.ts';

/** §3.1–§3.2: only a special duty's extra roll may go to another career's table (Edu 8+); a high result's stays home. */

function recruit(): RhylanorState {
  const s = play(
    fresh(),
    { type: 'character.create', name: 'Recruit', upp: '777787', career: 'Navy' },
    [],
    PLAYER,
  ).state;
  return oneSkillTables(s, { Scouts: 'Pilot', Navy: 'Admin' });
}

const scouts = { type: 'chargen.skillRoll', characterId: 'c1', table: 0, career: 'Scouts', extra: true };
const navy = { type: 'chargen.skillRoll', characterId: 'c1', table: 0, extra: true };

describe('special duty and high results (§3)', () => {
  it('a natural 10 on promotion owes a roll on his own tables only', () => {
    const s = play(
      recruit(),
      { type: 'chargen.roll', characterId: 'c1', kind: 'promotion', target: 8 },
      [5, 5],
      PLAYER,
    ).state;
    expect(s.characters.c1?.skillRollsOwed).toBe(1);
    const before = JSON.stringify(s);
    expect(refusalCode(() => play(s, scouts, [3], PLAYER))).toBe('OTHER_CAREER_NOT_ALLOWED');
    expect(JSON.stringify(s)).toBe(before);
    const home = play(s, navy, [3], PLAYER).state;
    expect(home.characters.c1?.skills.Admin).toBe(1);
    expect(home.characters.c1?.skillRollsOwed).toBe(0);
  });

  it('with both owed, his own table uses the high result first; the special duty roll keeps its wider choice', () => {
    let s = play(
      recruit(),
      { type: 'chargen.roll', characterId: 'c1', kind: 'promotion', target: 8 },
      [6, 5],
      PLAYER,
    ).state;
    s = play(s, { type: 'chargen.roll', characterId: 'c1', kind: 'specialDuty' }, [4, 4], PLAYER).state;
    expect(s.characters.c1).toMatchObject({ skillRollsOwed: 2, specialDutyRollsOwed: 1 });
    s = play(s, navy, [1], PLAYER).state;
    expect(s.characters.c1).toMatchObject({ skillRollsOwed: 1, specialDutyRollsOwed: 1 });
    s = play(s, scouts, [2], PLAYER).state;
    expect(s.characters.c1).toMatchObject({ skillRollsOwed: 0, specialDutyRollsOwed: 0 });
    expect(s.characters.c1?.skills).toMatchObject({ Admin: 1, Pilot: 1 });
  });

  it('a failed special duty owes nothing; Edu 7 keeps even a special duty roll at home', () => {
    const failed = play(
      recruit(),
      { type: 'chargen.roll', characterId: 'c1', kind: 'specialDuty' },
      [3, 4],
      PLAYER,
    ).state;
    expect(failed.characters.c1).toMatchObject({ skillRollsOwed: 0 });
    let s = play(
      fresh(),
      { type: 'character.create', name: 'Dim', upp: '777777', career: 'Navy' },
      [],
      PLAYER,
    ).state;
    s = { ...s, pack: recruit().pack };
    s = play(s, { type: 'chargen.roll', characterId: 'c1', kind: 'specialDuty' }, [6, 6], PLAYER).state;
    expect(refusalCode(() => play(s, scouts, [3], PLAYER))).toBe('OTHER_CAREER_NOT_ALLOWED');
  });
});
