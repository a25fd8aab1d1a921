import { randomFillSync } from 'node:crypto';
import type { Die } from './die.ts';
import type { DiceSource } from './source.ts';

/** 32-bit words drawn from the OS per refill: one system call serves about a thousand dice. */
const POOL_WORDS = 1024;
const TWO_32 = 0x100000000;

/**
 * Dice nobody can predict: every face comes from the operating system's cryptographic random
 * bytes (`node:crypto`). Live tables roll with this. A seeded generator such as xoroshiro128+ is
 * linear over GF(2), so about 128 public faces give away its whole state and with it every
 * hidden roll that follows (`crypto.test.ts` shows the attack); these faces share no state an
 * observer could solve for. Seeded dice stay for tests, the CLI's `--seed` and simulations.
 *
 * Unbiased for every die size: a 32-bit word is kept only below the largest multiple of the
 * die's size (rejection sampling), so each face has exactly the same number of words mapping
 * to it. Words come from a pool refilled with `randomFillSync`, so a die costs no system call.
 */
export class CryptoDice implements DiceSource {
  private readonly pool = new Uint32Array(POOL_WORDS);
  private next = POOL_WORDS;

  /** `fill` replaces the OS source in tests (to check the rejection of the top words). */
  constructor(private readonly fill: (words: Uint32Array) => void = (words) => void randomFillSync(words)) {}

  roll(die: Die, _purpose?: string): number {
    const labels = die.labels;
    if (labels) return labels[this.below(labels.length)] as number;
    return this.below(die.sides) + 1;
  }

  /** A uniform integer in [0, n), for 1 ≤ n ≤ 2^32. */
  below(n: number): number {
    if (!(Number.isInteger(n) && n >= 1 && n <= TWO_32)) throw new RangeError(`cannot draw below ${n}`);
    // The largest multiple of n that fits in 32 bits: words at or above it would favour low faces.
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const word = this.word();
      if (word < limit) return word % n;
    }
  }

  private word(): number {
    if (this.next >= POOL_WORDS) {
      this.fill(this.pool);
      this.next = 0;
    }
    const word = this.pool[this.next] as number;
    // Spent words are wiped, so a later look at memory cannot replay them.
    this.pool[this.next++] = 0;
    return word;
  }
}
