import { describe, expect, it } from 'vitest';
import { Rng, type RngState } from '../rng.ts';
import { CryptoDice } from './crypto.ts';
import { AVERAGE_DIE, D6, D10, d } from './die.ts';
import { type DiceSource, SeededDice } from './source.ts';
import { OBSERVED, recoverFromD10s } from './xoroshiro-attack.ts';

/** The next hidden rolls: the GM's blind 1d100 and GM-only 3d6, as in the issue. */
function hiddenRolls(dice: DiceSource): number[] {
  return [dice.roll(d(100), 'blind'), dice.roll(D6, 'gm'), dice.roll(D6, 'gm'), dice.roll(D6, 'gm')];
}

function someState(seed: number): RngState {
  // Any state: the attack does not need to know how the server seeded it.
  const r = Rng.fromSeed(seed);
  return [r.int(-(2 ** 31), 2 ** 31 - 1), r.int(-(2 ** 31), 2 ** 31 - 1), r.int(-(2 ** 31), 2 ** 31 - 1), 1];
}

describe('predicting a seeded generator from its faces (why live tables do not use one)', () => {
  it('recovers a xoroshiro128+ table generator from 200 public d10s and predicts the hidden rolls after them', () => {
    for (const seed of [1, 2, 3]) {
      const table = new SeededDice(Rng.fromState(someState(seed)));
      const seen = Array.from({ length: OBSERVED }, () => table.roll(D10, 'public'));
      const attacker = recoverFromD10s(seen);
      expect(attacker).not.toBeNull();
      const predicted = Array.from({ length: 5 }, () => hiddenRolls(attacker as DiceSource));
      const actual = Array.from({ length: 5 }, () => hiddenRolls(table));
      expect(predicted).toEqual(actual);
    }
  });

  it('gets nothing out of the live source: the same faces fit no generator state, or predict wrongly', () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const live = new CryptoDice();
      const seen = Array.from({ length: OBSERVED }, () => live.roll(D10, 'public'));
      const attacker = recoverFromD10s(seen);
      // 200 equations in 128 unknowns from random bits: contradictory but with odds of 2^-72.
      expect(attacker).toBeNull();
      if (attacker === null) continue;
      const predicted = Array.from({ length: 20 }, () => hiddenRolls(attacker));
      const actual = Array.from({ length: 20 }, () => hiddenRolls(live));
      expect(predicted).not.toEqual(actual);
    }
  });
});

describe('CryptoDice', () => {
  it('rolls every face of dice of many sizes, never outside them', () => {
    const dice = new CryptoDice();
    for (const sides of [1, 2, 3, 6, 7, 10, 12, 20, 100, 1000]) {
      const seen = new Set<number>();
      for (let i = 0; i < sides * 40; i++) {
        const face = dice.roll(d(sides), 'test');
        expect(Number.isInteger(face) && face >= 1 && face <= sides).toBe(true);
        seen.add(face);
      }
      expect(seen.size).toBe(sides);
    }
    const labels = new Set(Array.from({ length: 200 }, () => dice.roll(AVERAGE_DIE, 'test')));
    expect([...labels].sort()).toEqual([2, 3, 4, 5]);
  });

  it('is unbiased: words at or above the largest multiple of the size are thrown away', () => {
    // 2^32 mod 6 = 4: the top four words would make faces 1–4 a little likelier; they are skipped.
    const top = 0x100000000 - 4;
    const scripted = [top, top + 1, top + 3, 0x100000000 - 5, 7];
    let i = 0;
    const dice = new CryptoDice((words) => {
      for (let w = 0; w < words.length; w++) words[w] = scripted[i++ % scripted.length] as number;
    });
    // The first three words are rejected; 2^32 − 5 ≡ 5 (mod 6) gives face 6; 7 gives face 2.
    expect(dice.roll(D6, 'test')).toBe(6);
    expect(dice.roll(D6, 'test')).toBe(2);
  });

  it('spreads faces evenly (chi-square over 60,000 d6 and d10 rolls)', () => {
    const dice = new CryptoDice();
    for (const die of [D6, D10, d(7)]) {
      const counts = new Array<number>(die.sides).fill(0);
      const n = 60_000;
      for (let i = 0; i < n; i++) {
        const face = dice.roll(die, 'test');
        counts[face - 1] = (counts[face - 1] as number) + 1;
      }
      const expected = n / die.sides;
      const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
      // 9 degrees of freedom at most: 50 is beyond the 1 − 10⁻⁷ quantile: a false alarm is that rare.
      expect(chi2).toBeLessThan(50);
    }
  });
});
