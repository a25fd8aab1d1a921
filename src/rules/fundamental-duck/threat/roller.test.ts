import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { cmp, pickBest, Roller } from './roller.ts';

describe('roll-offs (digest §2)', () => {
  it('winner: highest d6, the tied highest roll again', () => {
    const r = new Roller(new ScriptedDice([5, 5, 1, 2, 6]));
    expect(r.winner(['a', 'b', 'c'], 'test')).toBe(1);
    expect(r.rollOffs).toEqual([
      {
        purpose: 'test',
        parties: ['a', 'b', 'c'],
        rounds: [
          [5, 5, 1],
          [2, 6],
        ],
        result: ['b'],
      },
    ]);
    expect(r.faces.map((f) => f.purpose)).toEqual([
      'roll-off: test (a)',
      'roll-off: test (b)',
      'roll-off: test (c)',
      'roll-off: test (a)',
      'roll-off: test (b)',
    ]);
  });

  it('rank: every place settled, ties inside re-rolled at once', () => {
    const dice = new ScriptedDice([3, 6, 3, 2, 4, 5]);
    const r = new Roller(dice);
    // b's 6 first; a and c tie on 3 and re-roll before d's 2 is placed: c wins 5 v 4.
    expect(r.rank(['a', 'b', 'c', 'd'], 'order')).toEqual([1, 2, 0, 3]);
    expect(dice.remaining).toBe(0);
    expect(r.rollOffs[0]?.rounds).toEqual([
      [3, 6, 3, 2],
      [4, 5],
    ]);
  });

  it('pickBest rolls only when several are best', () => {
    const r = new Roller(new ScriptedDice([]));
    expect(pickBest([3, 1, 2], (a, b) => a - b, String, r, 'p')).toEqual({ item: 1, tied: false });
    expect(pickBest([], (a: number, b: number) => a - b, String, r, 'p')).toBeNull();
    expect(cmp(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(0);
  });
});
