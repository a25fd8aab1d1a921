import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../engine/rule-error.ts';
import { AA_METHODS, type AaPc, computeAa } from './aa-methods.ts';

/** The four PCs of the Planet Goya example (sheets in the book). */
const GOYA: AaPc[] = [
  { name: 'Wheeler', fa: 5, nfa: 5 },
  { name: 'Jones', fa: 7, nfa: 3 },
  { name: 'Fraser', fa: 6, nfa: 4 },
  { name: 'McNeil', fa: 6, nfa: 4 },
];

describe('AA methods', () => {
  it('lists the 20 methods in the book order', () => {
    expect(AA_METHODS.map((m) => m.label)).toEqual([
      'lowest FA',
      'lowest FA + 1',
      'lowest FA + 2',
      'lowest NFA',
      'lowest NFA + 1',
      'lowest NFA + 2',
      'highest FA',
      'highest FA − 1',
      'highest FA − 2',
      'highest NFA',
      'highest NFA − 1',
      'highest NFA − 2',
      '⌈(highest FA + lowest NFA) / 2⌉',
      '⌈(highest FA + lowest NFA) / 2⌉ + 1',
      '⌈(highest FA + lowest NFA) / 2⌉ + 2',
      '⌈(highest NFA + lowest FA) / 2⌉',
      '⌈(highest NFA + lowest FA) / 2⌉ + 1',
      '⌈(highest NFA + lowest FA) / 2⌉ + 2',
      'AA = 5',
      'AA = 10',
    ]);
  });

  it('Planet Goya: highest NFA (method 10) gives AA 5, from Wheeler', () => {
    const r = computeAa(10, GOYA);
    expect(r.value).toBe(5);
    expect(r.from).toEqual(['Wheeler']);
    expect(r.explanation).toContain('Wheeler');
  });

  it('every method on the Goya squad', () => {
    // lowest FA 5, lowest NFA 3, highest FA 7, highest NFA 5; (7+3)/2 = 5; (5+5)/2 = 5.
    expect(AA_METHODS.map((m) => computeAa(m.number, GOYA).value)).toEqual([
      5, 6, 7, 3, 4, 5, 7, 6, 5, 5, 4, 3, 5, 6, 7, 5, 6, 7, 5, 10,
    ]);
  });

  it('rounds the averages up', () => {
    const pcs: AaPc[] = [
      { name: 'A', fa: 8, nfa: 2 },
      { name: 'B', fa: 3, nfa: 7 },
    ];
    expect(computeAa(13, pcs).raw).toBe(5); // (8 + 2) / 2
    expect(computeAa(16, pcs).raw).toBe(5); // (7 + 3) / 2
    const odd: AaPc[] = [{ name: 'C', fa: 6, nfa: 3 }];
    expect(computeAa(13, odd).raw).toBe(5); // ⌈9 / 2⌉
    expect(computeAa(13, odd).from).toEqual(['C']);
  });

  it('keeps AA within 1–10 and says so', () => {
    const strong: AaPc[] = [{ name: 'Ace', fa: 10, nfa: 8 }];
    const r = computeAa(15, strong); // ⌈(10 + 8) / 2⌉ + 2 = 11
    expect(r.raw).toBe(11);
    expect(r.value).toBe(10);
    expect(r.explanation).toContain('held to 10');
    const weak: AaPc[] = [{ name: 'Dud', fa: 2, nfa: 2 }];
    expect(computeAa(12, weak).value).toBe(1); // 2 − 2 = 0
  });

  it('names every PC tied on the deciding number', () => {
    expect(computeAa(1, GOYA).from).toEqual(['Wheeler']);
    expect(computeAa(4, GOYA).from).toEqual(['Jones']);
    expect(computeAa(7, GOYA).from).toEqual(['Jones']);
    expect(computeAa(2, [...GOYA, { name: 'Torres', fa: 5, nfa: 5 }]).from).toEqual(['Wheeler', 'Torres']);
  });

  it('the fixed methods need no PCs; the others refuse an empty squad', () => {
    expect(computeAa(19, []).value).toBe(5);
    expect(computeAa(20, []).value).toBe(10);
    try {
      computeAa(1, []);
      throw new Error('accepted');
    } catch (e) {
      expect(isRuleError(e) && e.code).toBe('AA_NEEDS_TROOPERS');
    }
    expect(() => computeAa(21, GOYA)).toThrow();
  });
});
