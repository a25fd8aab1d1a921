import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { Rng } from './rng.ts';

const draws = (rng: Rng, n: number, min = 1, max = 1_000_000): number[] =>
  Array.from({ length: n }, () => rng.int(min, max));

describe('Rng', () => {
  it('gives the same sequence for the same seed', () => {
    expect(draws(Rng.fromSeed(42), 50)).toEqual(draws(Rng.fromSeed(42), 50));
  });

  it('gives different sequences for different seeds', () => {
    expect(draws(Rng.fromSeed(1), 20)).not.toEqual(draws(Rng.fromSeed(2), 20));
  });

  it('refuses a seed that is not an integer', () => {
    expect(() => Rng.fromSeed(1.5)).toThrow(RangeError);
    expect(() => Rng.fromSeed(Number.NaN)).toThrow(RangeError);
  });

  it('draws within the bounds, both inclusive, reaching both ends', () => {
    const rng = Rng.fromSeed(7);
    const seen = new Set(draws(rng, 2000, 1, 6));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(draws(rng, 100, -3, -3)).toEqual(new Array(100).fill(-3));
    for (const v of draws(rng, 500, -10, 10)) expect(v >= -10 && v <= 10 && Number.isInteger(v)).toBe(true);
  });

  it("draws exactly what pure-rand's uniformInt draws from the same generator", () => {
    // Rng.int writes the algorithm out for speed; replays depend on it giving the same values.
    for (const seed of [0, 1, 42, -7, 2 ** 31 - 1]) {
      const ours = Rng.fromSeed(seed);
      const theirs = xoroshiro128plus(seed);
      for (let i = 0; i < 3000; i++) {
        const min = (i % 5) - 2;
        const max = min + [0, 1, 2, 5, 9, 99, 999, 2 ** 31, 2 ** 32 - 1, 2 ** 40][i % 10]!;
        expect(ours.int(min, max)).toBe(uniformInt(theirs, min, max));
      }
    }
  });

  it('gives the same faces at the 32-bit edges, where a face is a small integer or a double', () => {
    const ranges: readonly (readonly [number, number])[] = [
      [-0x80000000, 0x7fffffff],
      [-0x80000000, -0x80000000 + 5],
      [0x7fffffff - 5, 0x7fffffff],
      [0x7fffffff - 5, 0x80000000],
      [-0x80000001, -0x80000000],
      [0, 0xffffffff],
    ];
    const ours = Rng.fromSeed(11);
    const theirs = xoroshiro128plus(11);
    for (let i = 0; i < 600; i++) {
      const [min, max] = ranges[i % ranges.length]!;
      const face = ours.int(min, max);
      expect(face).toBe(uniformInt(theirs, min, max));
      expect(face >= min && face <= max).toBe(true);
    }
  });

  it('round-trips its state: a restored generator continues the same sequence', () => {
    const rng = Rng.fromSeed(99);
    draws(rng, 10);
    const saved = rng.getState();
    expect(JSON.parse(JSON.stringify(saved))).toEqual(saved);
    const expected = draws(rng, 30);
    expect(draws(Rng.fromState(saved), 30)).toEqual(expected);
    rng.setState(saved);
    expect(draws(rng, 30)).toEqual(expected);
  });

  it('setState changes the generator in place for everyone holding it', () => {
    const a = Rng.fromSeed(5);
    const b = Rng.fromSeed(6);
    const holder = { rng: a };
    a.setState(b.getState());
    expect(draws(holder.rng, 10)).toEqual(draws(b, 10));
  });

  it('split gives a stream different from the parent and from earlier splits', () => {
    const parent = Rng.fromSeed(123);
    const first = parent.split();
    const second = parent.split();
    const seqs = [draws(parent, 20), draws(first, 20), draws(second, 20)];
    expect(seqs[0]).not.toEqual(seqs[1]);
    expect(seqs[0]).not.toEqual(seqs[2]);
    expect(seqs[1]).not.toEqual(seqs[2]);
  });

  it('splits reproducibly: the same seed splits into the same streams', () => {
    const a = Rng.fromSeed(8);
    const b = Rng.fromSeed(8);
    expect(draws(a.split(), 10)).toEqual(draws(b.split(), 10));
    expect(draws(a, 10)).toEqual(draws(b, 10));
  });

  it('is roughly uniform on a d10 (a sanity check, not a statistics suite)', () => {
    const rng = Rng.fromSeed(2024);
    const counts = new Array(11).fill(0);
    for (let i = 0; i < 100_000; i++) counts[rng.int(1, 10)]++;
    // Each face expects 10,000 with a standard deviation of about 95; 600 is over six of them.
    for (let face = 1; face <= 10; face++) expect(Math.abs(counts[face] - 10_000)).toBeLessThan(600);
  });
});
