import { describe, expect, it } from 'vitest';
import { meanEstimate, tQuantile95, wilson } from './estimates.ts';

describe('95% intervals', () => {
  it('Wilson and t intervals match known values', () => {
    const w = wilson(5, 10);
    expect(w.low).toBeCloseTo(0.2366, 4);
    expect(w.high).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(tQuantile95(1)).toBeCloseTo(12.706, 3);
    expect(tQuantile95(30)).toBeCloseTo(2.042, 3);
    expect(tQuantile95(120)).toBeCloseTo(1.98, 3);
    // 1, 2, 3: mean 2, sd 1, t(2) = 4.303.
    const m = meanEstimate(6, 14, 3);
    expect(m.mean).toBe(2);
    expect(m.sd).toBeCloseTo(1, 12);
    expect((m.high ?? Number.NaN) - m.mean).toBeCloseTo(4.303 / Math.sqrt(3), 3);
    // One run: a mean, but no interval (not a zero-width one that would claim certainty).
    expect(meanEstimate(5, 25, 1)).toEqual({ mean: 5, sd: 0, low: null, high: null });
    expect(meanEstimate(0, 0, 0)).toEqual({ mean: 0, sd: 0, low: null, high: null });
    // Two equal runs: the t interval is honestly zero wide.
    expect(meanEstimate(4, 8, 2)).toEqual({ mean: 2, sd: 0, low: 2, high: 2 });
  });
});
