import { describe, expect, it } from 'vitest';
import { encounterCap, planetThreat, splitFinale, suggestedEncounterPlan } from './threat.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('planet Threat', () => {
  it('is PCs × 5 (4 PCs → 20, as on Planet Goya)', () => {
    expect(planetThreat(4).tokens).toBe(20);
    expect(planetThreat(3).tokens).toBe(15);
  });

  it('× 4 as the shorter-sessions option', () => {
    expect(planetThreat(4, { shortSessions: true }).tokens).toBe(16);
  });

  it('× 6 for a Major, × 7 for a Lt Colonel or above', () => {
    expect(planetThreat(4, { highestRank: 5 }).tokens).toBe(24);
    expect(planetThreat(4, { highestRank: 6 }).tokens).toBe(28);
    expect(planetThreat(4, { highestRank: 8 }).tokens).toBe(28);
    expect(planetThreat(4, { highestRank: 5, shortSessions: true }).tokens).toBe(24);
    expect(planetThreat(4, { highestRank: 4 }).tokens).toBe(20);
  });

  it('refuses a squad of nobody', () => {
    expect(() => planetThreat(0)).toThrow();
  });
});

describe('encounter cap and finale', () => {
  it('caps an encounter at PCs × 2', () => {
    expect(encounterCap(4)).toBe(8);
  });

  it('fights an excess before the finale', () => {
    expect(splitFinale(8, 4)).toEqual({ before: [], final: 8 });
    expect(splitFinale(10, 4)).toEqual({ before: [2], final: 8 });
    expect(splitFinale(20, 4)).toEqual({ before: [8, 4], final: 8 });
  });
});

describe('suggested encounter plan (PCs × 5 tokens)', () => {
  it('Planet Goya: 4 PCs, 20 tokens → 3, 4, 5 and a final 8', () => {
    expect(suggestedEncounterPlan(20, 4)).toEqual([3, 4, 5, 8]);
  });

  // Third encounter PCs −1 / +1 / +2; an excess over the cap becomes an encounter before the finale.
  const table: [number, number, number[]][] = [
    [2, -1, [3, 2, 1, 4]],
    [2, 1, [3, 2, 3, 2]],
    [2, 2, [3, 2, 4, 1]],
    [3, -1, [3, 3, 2, 1, 6]],
    [3, 1, [3, 3, 4, 5]],
    [3, 2, [3, 3, 5, 4]],
    [4, -1, [3, 4, 3, 2, 8]],
    [4, 1, [3, 4, 5, 8]],
    [4, 2, [3, 4, 6, 7]],
    [5, -1, [3, 5, 4, 3, 10]],
    [5, 1, [3, 5, 6, 1, 10]],
    [5, 2, [3, 5, 7, 10]],
    [6, -1, [3, 6, 5, 4, 12]],
    [6, 1, [3, 6, 7, 2, 12]],
    [6, 2, [3, 6, 8, 1, 12]],
  ];
  it.each(table)('%i PCs, third PCs %+i → %j', (pcs, offset, plan) => {
    const got = suggestedEncounterPlan(pcs * 5, pcs, { thirdOffset: offset as -1 | 1 | 2 });
    expect(got).toEqual(plan);
    expect(sum(got)).toBe(pcs * 5);
    for (const n of got) expect(n).toBeLessThanOrEqual(pcs * 2);
  });

  it('can fold the excess into the earlier encounters instead', () => {
    expect(suggestedEncounterPlan(30, 6, { thirdOffset: -1, excess: 'addToPrevious' })).toEqual([
      3, 6, 9, 12,
    ]);
    expect(suggestedEncounterPlan(15, 3, { thirdOffset: -1, excess: 'addToPrevious' })).toEqual([3, 3, 3, 6]);
    expect(suggestedEncounterPlan(30, 6, { thirdOffset: 2, excess: 'addToPrevious' })).toEqual([3, 6, 9, 12]);
  });

  it('a small pool ends early; a single PC is held to its cap of 2', () => {
    expect(suggestedEncounterPlan(8, 2, { thirdOffset: 1 })).toEqual([3, 2, 3]);
    expect(suggestedEncounterPlan(5, 1)).toEqual([2, 1, 2]);
    expect(suggestedEncounterPlan(0, 4)).toEqual([]);
  });

  it('Major and Lt Colonel planets: 4 PCs with 24 and 28 tokens', () => {
    expect(suggestedEncounterPlan(24, 4)).toEqual([3, 4, 5, 4, 8]);
    expect(suggestedEncounterPlan(28, 4)).toEqual([3, 4, 5, 8, 8]);
  });
});
