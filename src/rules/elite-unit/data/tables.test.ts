import { describe, expect, it } from 'vitest';
import { CHAOS, ENCUMBRANCE, HIT_LOCATIONS, locationFor, poisonPenalty, speedModifier } from './tables.ts';

describe('the chapter tables', () => {
  it('hit locations cover 1–100 once each', () => {
    for (let n = 1; n <= 100; n++)
      expect(HIT_LOCATIONS.filter((r) => n >= r.from && n <= r.to)).toHaveLength(1);
    expect(locationFor(20).part).toBe('trunk');
    expect(locationFor(91).instantDeath).toBe(true);
    expect(locationFor(100).attributes).toEqual(['reactions']);
  });
  it('speed rows are bands with strict upper edges', () => {
    expect([0, 29, 30, 59, 60, 119, 120].map(speedModifier)).toEqual([0, -3, -6, -6, -12, -12, -24]);
  });
  it('poison bands are strict: 10 none, 11 −1, 20 −1, 21 −5', () => {
    expect([10, 11, 20, 20.5, 21].map(poisonPenalty)).toEqual([0, -1, -1, -5, -5]);
  });
  it('encumbrance codes {-5}…{9}, hand penalties up to {0}', () => {
    expect(Object.keys(ENCUMBRANCE)).toHaveLength(15);
    expect(ENCUMBRANCE[-1]?.penalty).toBe(-5);
    expect(ENCUMBRANCE[1]?.penalty).toBeNull();
  });
  it('chaos has 20 faces', () => {
    expect(CHAOS.map((r) => r.face)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
