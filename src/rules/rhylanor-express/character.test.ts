import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import {
  baseDm,
  charDm,
  condition,
  currentEnd,
  encumbrance,
  formatUpp,
  parseUpp,
  resolveSkillResult,
} from './character.ts';
import { fromSheet } from './characters.ts';
import { defaultPack } from './data/pack.ts';
import { characteristicDm, combinedArmour, shiftWound, woundFromTotal } from './data/tables.ts';
import { fresh } from './test-kit.ts';

function sample(id: string) {
  const sheet = defaultPack.characters.find((c) => c.id === id);
  if (!sheet) throw new Error(id);
  return fromSheet(fresh(), sheet, null);
}

describe('UPP and characteristic DMs (§2.1, §2.2)', () => {
  it('reads and writes hex digits, G and on skipping I and O', () => {
    expect(parseUpp('7A8C5F')).toEqual([7, 10, 8, 12, 5, 15]);
    expect(formatUpp([16, 17, 18, 19, 0, 1])).toBe('GHJK01');
    expect(parseUpp('ghjk01')).toEqual([16, 17, 18, 19, 0, 1]);
    expect(refusalCode(() => parseUpp('7A8I5F'))).toBe('UPP_DIGIT_INVALID');
    expect(refusalCode(() => parseUpp('7A8'))).toBe('UPP_INVALID');
  });

  it('the DM table: ≤1 −2, 2–5 −1, 6–8 0, 9–12 +1, 13+ +2', () => {
    expect([0, 1, 2, 5, 6, 8, 9, 12, 13, 15].map(characteristicDm)).toEqual([
      -2, -2, -1, -1, 0, 0, 1, 1, 2, 2,
    ]);
  });

  it('base and current DMs differ when drugs or encumbrance change the value', () => {
    const c = sample('okonkwo'); // Str 10
    expect(baseDm(c, 'Str')).toBe(1);
    const drugged = { ...c, mods: [0, 0, 0, 0, 0, 0].map((_, i) => (i === 1 ? 4 : 0)) }; // Dex 9 → 13
    expect(charDm(drugged, 'Dex', defaultPack)).toBe(2);
    const loaded = { ...c, carriedKg: 11 }; // over Str: encumbered, Dex 9 → 8
    expect(encumbrance(loaded, defaultPack).state).toBe('encumbered');
    expect(charDm(loaded, 'Dex', defaultPack)).toBe(0);
    expect(baseDm(loaded, 'Dex')).toBe(1);
    expect(encumbrance({ ...c, armour: 'bomb-suit' }, defaultPack)).toMatchObject({
      state: 'veryEncumbered',
      skillDm: -2,
    });
  });
});

describe('wounds (§7.12)', () => {
  it('the wound table and its shifts', () => {
    expect([3, 4, 5, 7, 8, 9, 11, 12, 13, 17, 18].map(woundFromTotal)).toEqual([
      'none',
      'graze',
      'light',
      'light',
      'moderate',
      'serious',
      'serious',
      'mortal',
      'dead',
      'dead',
      'destroyed',
    ]);
    expect(shiftWound('none', 1)).toBe('none');
    expect(shiftWound('destroyed', 1)).toBe('destroyed');
    expect(shiftWound('none', -1)).toBe('none');
    expect(shiftWound('light', -1)).toBe('graze');
    expect(shiftWound('serious', 1)).toBe('mortal');
  });

  it('End and condition: light and moderate stack to exhaustion; serious knocks out', () => {
    const c = sample('arrano'); // End 7
    const w = (id: number, level: 'light' | 'moderate' | 'serious', endLost: number, penalty: number) => ({
      id,
      level,
      endLost,
      penalty,
      treated: false,
      attempted: false,
      turn: 1,
    });
    const hurt = { ...c, wounds: [w(1, 'moderate', 2, 2), w(2, 'moderate', 2, 2), w(3, 'light', 1, 1)] };
    expect(currentEnd(hurt)).toBe(2);
    expect(condition(hurt)).toBe('fit');
    const spent = { ...hurt, wounds: [...hurt.wounds, w(4, 'moderate', 2, 2)] };
    expect(condition(spent)).toBe('exhausted');
    expect(condition({ ...c, wounds: [w(1, 'serious', 7, 0)] })).toBe('unconscious');
  });

  it('shelter combines as the larger plus half the smaller', () => {
    expect(combinedArmour(15, 8)).toBe(19);
    expect(combinedArmour(3, 24)).toBe(25);
  });
});

describe('cascades (§4)', () => {
  const base = sample('vashti'); // Navy
  it('Gun Combat: artillery only for military careers', () => {
    expect(resolveSkillResult(base, 'Gun Combat', 'Field Artillery Gunner', defaultPack)).toBe(
      'Field Artillery Gunner',
    );
    const rogue = { ...base, career: 'Rogue' };
    expect(
      refusalCode(() => resolveSkillResult(rogue, 'Gun Combat', 'Field Artillery Gunner', defaultPack)),
    ).toBe('CASCADE_PICK_ILLEGAL');
    expect(refusalCode(() => resolveSkillResult(rogue, 'Gun Combat', undefined, defaultPack))).toBe(
      'CASCADE_PICK_NEEDED',
    );
  });
  it('Jack-of-all-Trades: the first result is JoT-1, later ones cascade', () => {
    const none = { ...base, skills: {} };
    expect(resolveSkillResult(none, 'Jack-of-all-Trades', undefined, defaultPack)).toBe('Jack-of-all-Trades');
    const jot = { ...base, skills: { 'Jack-of-all-Trades': 1 } };
    expect(resolveSkillResult(jot, 'Jack-of-all-Trades', 'Survival', defaultPack)).toBe('Survival');
  });
  it('Vacc Suit: plain Vacc Suit until level 1, then the cascade', () => {
    const none = { ...base, skills: { 'Vacc Suit': 0 } };
    expect(resolveSkillResult(none, 'Vacc Suit', 'Battle Dress', defaultPack)).toBe('Vacc Suit');
    expect(resolveSkillResult(base, 'Vacc Suit', 'Battle Dress', defaultPack)).toBe('Battle Dress');
  });
  it('Vehicle: Vacc Suit only after level 1 in a vehicle skill', () => {
    const none = { ...base, skills: {} };
    expect(refusalCode(() => resolveSkillResult(none, 'Vehicle', 'Vacc Suit', defaultPack))).toBe(
      'CASCADE_PICK_ILLEGAL',
    );
    expect(resolveSkillResult({ ...base, skills: { Grav: 1 } }, 'Vehicle', 'Vacc Suit', defaultPack)).toBe(
      'Vacc Suit',
    );
  });
  it('Forward Observer cascades for Army, Navy and Flyers only', () => {
    expect(resolveSkillResult(base, 'Forward Observer', 'Recon', defaultPack)).toBe('Recon');
    expect(
      resolveSkillResult({ ...base, career: 'Merchants' }, 'Forward Observer', 'Recon', defaultPack),
    ).toBe('Forward Observer');
  });
  it('aliases: Cutlass is Sword, Ship Tactics is Space Tactics; unknown skills are refused', () => {
    expect(resolveSkillResult(base, 'Cutlass', undefined, defaultPack)).toBe('Sword');
    expect(resolveSkillResult(base, 'Ship Tactics', undefined, defaultPack)).toBe('Space Tactics');
    expect(refusalCode(() => resolveSkillResult(base, 'Basketweaving', undefined, defaultPack))).toBe(
      'UNKNOWN_SKILL',
    );
  });
});
