import { describe, expect, it } from 'vitest';
import { refusalCode as codeOf } from '../../../engine/test-kit.ts';
import type { FlashbackSlot } from '../state.ts';
import {
  addLevelSlot,
  convertToHatredForHome,
  countStatus,
  hasHatredForHome,
  initialFlashbackSlots,
  levelUpSlotKinds,
  SLOTS_BY_LEVEL,
  slotCounts,
} from './flashback-slots.ts';

const open = (slots: readonly FlashbackSlot[]) => slots.length - countStatus(slots, 'notYetAvailable');

describe('slots by level', () => {
  it('follows the book table 1/1 … 5/5', () => {
    expect(Object.entries(SLOTS_BY_LEVEL).map(([l, [s, w]]) => `${l}:${s}/${w}`)).toEqual([
      '10:1/1',
      '11:2/1',
      '12:2/2',
      '13:3/2',
      '14:3/3',
      '15:4/3',
      '16:4/4',
      '17:5/4',
      '18:5/5',
    ]);
  });

  it('a new trooper (level 10) has one of each; the fifth Weakness is Hatred for Home', () => {
    const { strengths, weaknesses } = initialFlashbackSlots(4, 6);
    expect(open(strengths)).toBe(1);
    expect(open(weaknesses)).toBe(1);
    expect(weaknesses[4]?.hatredForHome).toBe(true);
    expect(weaknesses.filter((s) => s.hatredForHome)).toHaveLength(1);
    expect(strengths.some((s) => s.hatredForHome)).toBe(false);
  });

  it('at odd levels either kind may be ahead', () => {
    expect(slotCounts(13)).toEqual({ strengths: 3, weaknesses: 2 });
    expect(slotCounts(13, 'weakness')).toEqual({ strengths: 2, weaknesses: 3 });
    expect(slotCounts(14, 'weakness')).toEqual({ strengths: 3, weaknesses: 3 });
  });
});

describe('levelling up', () => {
  it('from 1/1 the player picks; then the other kind is forced', () => {
    let { strengths, weaknesses } = initialFlashbackSlots(5, 5);
    expect(levelUpSlotKinds(strengths, weaknesses)).toEqual(['strength', 'weakness']);
    expect(codeOf(() => addLevelSlot(strengths, weaknesses))).toBe('FLASHBACK_KIND_NEEDED');
    ({ strengths, weaknesses } = addLevelSlot(strengths, weaknesses, 'weakness'));
    expect(levelUpSlotKinds(strengths, weaknesses)).toEqual(['strength']);
    expect(codeOf(() => addLevelSlot(strengths, weaknesses, 'weakness'))).toBe('FLASHBACK_KIND_NOT_ALLOWED');
    const next = addLevelSlot(strengths, weaknesses);
    expect(next.kind).toBe('strength');
    expect([open(next.strengths), open(next.weaknesses)]).toEqual([2, 2]);
  });

  it('always matches the table when the Strength is taken at each tie, up to 5/5 at 18', () => {
    let { strengths, weaknesses } = initialFlashbackSlots(5, 5);
    for (let level = 11; level <= 18; level++) {
      const kinds = levelUpSlotKinds(strengths, weaknesses);
      ({ strengths, weaknesses } = addLevelSlot(strengths, weaknesses, kinds[0]));
      expect([open(strengths), open(weaknesses)]).toEqual(SLOTS_BY_LEVEL[level]);
    }
    expect(levelUpSlotKinds(strengths, weaknesses)).toEqual([]);
    expect(codeOf(() => addLevelSlot(strengths, weaknesses))).toBe('FLASHBACK_SLOTS_FULL');
    expect(hasHatredForHome(weaknesses)).toBe(true);
  });

  it('Hatred for Home can open at 17 when the Weakness is taken at 16 → 17', () => {
    let { strengths, weaknesses } = initialFlashbackSlots(8, 8); // 16: 4/4
    expect(hasHatredForHome(weaknesses)).toBe(false);
    ({ strengths, weaknesses } = addLevelSlot(strengths, weaknesses, 'weakness'));
    expect(hasHatredForHome(weaknesses)).toBe(true);
    expect(open(strengths)).toBe(4);
  });
});

describe('Hatred for Home for the others', () => {
  it('needs someone to have it first and an Available Weakness slot', () => {
    const { weaknesses } = initialFlashbackSlots(5, 5);
    expect(codeOf(() => convertToHatredForHome(weaknesses, false))).toBe('HATRED_FOR_HOME_LOCKED');
    const converted = convertToHatredForHome(weaknesses, true);
    expect(converted[0]).toEqual({ status: 'available', hatredForHome: true });
    expect(converted[4]).toEqual({ status: 'notYetAvailable' });
    expect(hasHatredForHome(converted)).toBe(true);
    expect(codeOf(() => convertToHatredForHome(converted, true))).toBe('HATRED_FOR_HOME_ALREADY');
  });

  it('a Used slot cannot be converted', () => {
    const used: FlashbackSlot[] = initialFlashbackSlots(5, 5).weaknesses.map((s, i) =>
      i === 0 ? { status: 'used', text: 'ran' } : s,
    );
    expect(codeOf(() => convertToHatredForHome(used, true))).toBe('HATRED_FOR_HOME_NO_SLOT');
  });
});
