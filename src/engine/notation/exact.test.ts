import { describe, expect, it } from 'vitest';
import { refusalCode as code } from '../test-kit.ts';
import {
  countAtLeast,
  type Distribution,
  exactDistribution,
  mean,
  probabilityAtLeast,
  probabilityAtMost,
  probabilityEq,
  standardDeviation,
  variance,
} from './exact.ts';
import { type Fraction, formatFraction, fraction, toDecimal } from './fraction.ts';
import { MAX_EXPLOSIONS_PER_DIE, MAX_REROLLS_PER_DIE } from './limits.ts';
import { parseNotation } from './parser.ts';

const dist = (text: string): Distribution => exactDistribution(parseNotation(text));
const f = (x: Fraction): string => formatFraction(x);
/** The whole distribution as {total: "count/denominator"} with unreduced counts. */
const table = (d: Distribution): Record<number, string> =>
  Object.fromEntries(d.totals.map((t, i) => [t, `${d.counts[i]}/${d.denominator}`]));

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

describe('exactDistribution', () => {
  it('2d6: P(7) = 1/6, counts out of 36', () => {
    const d = dist('2d6');
    expect(d.denominator).toBe(36n);
    expect(f(probabilityEq(d, 7))).toBe('1/6');
    expect(d.totals).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(d.counts).toEqual([1n, 2n, 3n, 4n, 5n, 6n, 5n, 4n, 3n, 2n, 1n]);
    expect(f(mean(d))).toBe('7');
    expect(f(variance(d))).toBe('35/6');
  });

  it('3d6: P(≥16) = 10/216 = 5/108', () => {
    const d = dist('3d6');
    expect(countAtLeast(d, 16)).toBe(10n);
    expect(d.denominator).toBe(216n);
    expect(f(probabilityAtLeast(d, 16))).toBe('5/108');
    expect(toDecimal(probabilityAtLeast(d, 16))).toBeCloseTo(0.0463, 4);
    expect(f(probabilityAtLeast(d, 3))).toBe('1');
    expect(f(probabilityAtLeast(d, 19))).toBe('0');
    expect(f(probabilityAtMost(d, 5))).toBe('5/108');
  });

  it('4d6kh3: the known distribution, mean 15869/1296', () => {
    const d = dist('4d6kh3');
    expect(d.denominator).toBe(1296n);
    expect(d.totals).toEqual(Array.from({ length: 16 }, (_, i) => i + 3));
    expect(d.counts).toEqual(
      [1, 4, 10, 21, 38, 62, 91, 122, 148, 167, 172, 160, 131, 94, 54, 21].map(BigInt),
    );
    expect(f(mean(d))).toBe('15869/1296');
    expect(standardDeviation(d)).toBeCloseTo(2.8468, 3);
    expect(table(dist('4d6dl1'))).toEqual(table(d));
    expect(table(dist('4d6k3'))).toEqual(table(d));
  });

  it('2d20kh1 and kl1: advantage and disadvantage', () => {
    const adv = dist('2d20kh1');
    const dis = dist('2d20kl1');
    for (let k = 1; k <= 20; k++) {
      expect(f(probabilityEq(adv, k))).toBe(f(fraction(BigInt(2 * k - 1), 400n)));
      expect(f(probabilityEq(dis, k))).toBe(f(fraction(BigInt(41 - 2 * k), 400n)));
    }
    expect(f(mean(adv))).toBe('553/40');
    expect(table(dist('2d20dl1'))).toEqual(table(adv));
    expect(table(dist('2d20dh1'))).toEqual(table(dis));
  });

  it('d6!: each explosion multiplies by 1/6, and the capped chain keeps its last face', () => {
    const d = dist('d6!');
    const levels = MAX_EXPLOSIONS_PER_DIE + 1;
    expect(d.denominator).toBe(6n ** BigInt(levels));
    expect(f(probabilityEq(d, 1))).toBe('1/6');
    expect(f(probabilityEq(d, 5))).toBe('1/6');
    expect(f(probabilityEq(d, 6))).toBe('0');
    expect(f(probabilityEq(d, 7))).toBe('1/36');
    expect(f(probabilityEq(d, 14))).toBe('1/216');
    // The last allowed die shows any face, a 6 included, with the full residual mass.
    const top = 6 * levels;
    expect(d.totals[d.totals.length - 1]).toBe(top);
    expect(f(probabilityEq(d, top))).toBe(`1/${6n ** BigInt(levels)}`);
    expect(f(probabilityEq(d, top - 6))).toBe('0');
    // Mean by the closed form of the capped chain.
    let num = 0n;
    let den = 1n;
    for (let j = 0; j < levels; j++) {
      den *= 6n;
      const faces = j === levels - 1 ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5];
      for (const r of faces) num += (BigInt(6 * j + r) * 6n ** BigInt(levels)) / den;
    }
    expect(f(mean(d))).toBe(f(fraction(num, 6n ** BigInt(levels))));
    expect(toDecimal(mean(d))).toBeCloseTo(4.2, 10);
  });

  it('d6!>=5 explodes on 5 and 6', () => {
    const d = dist('d6!>=5');
    expect(f(probabilityEq(d, 4))).toBe('1/6');
    expect(f(probabilityEq(d, 5))).toBe('0');
    expect(f(probabilityEq(d, 6))).toBe('1/36'); // 5 then 1
    expect(f(probabilityEq(d, 7))).toBe('1/18'); // 5+2, 6+1
  });

  it('6d10<=6: a binomial pool', () => {
    const d = dist('6d10<=6');
    expect(d.denominator).toBe(10n ** 6n);
    for (let k = 0; k <= 6; k++) {
      const count = binomial(6, k) * 6n ** BigInt(k) * 4n ** BigInt(6 - k);
      expect(f(probabilityEq(d, k))).toBe(f(fraction(count, 10n ** 6n)));
    }
    expect(f(mean(d))).toBe('18/5');
    expect(f(probabilityAtLeast(dist('3d10>=8'), 1))).toBe(f(fraction(1000n - 343n, 1000n)));
    expect(f(probabilityEq(dist('2d10=10'), 2))).toBe('1/100');
    expect(f(probabilityEq(dist('2d10>9'), 0))).toBe('81/100');
    expect(f(probabilityEq(dist('2d10<2'), 1))).toBe('9/50');
  });

  it('counts successes among kept dice', () => {
    // 2d10kh1>=8: the higher die is at least 8 unless both are below 8.
    expect(f(probabilityEq(dist('2d10kh1>=8'), 1))).toBe(f(fraction(100n - 49n, 100n)));
    expect(f(probabilityEq(dist('2d10kl1>=8'), 1))).toBe('9/100');
  });

  it('dF: 4dF from -4 to 4 out of 81', () => {
    const d = dist('4dF');
    expect(d.denominator).toBe(81n);
    expect(d.totals).toEqual([-4, -3, -2, -1, 0, 1, 2, 3, 4]);
    expect(d.counts).toEqual([1n, 4n, 10n, 16n, 19n, 16n, 10n, 4n, 1n]);
    expect(f(mean(d))).toBe('0');
  });

  it('dA: the average die weighs 3 and 4 double', () => {
    const d = dist('dA');
    expect(table(d)).toEqual({ 2: '1/6', 3: '2/6', 4: '2/6', 5: '1/6' });
    expect(f(mean(dist('2dav')))).toBe('7');
    expect(f(probabilityEq(dist('2dA'), 10))).toBe('1/36');
  });

  it('d% is a plain 1..100 die, d1000 is allowed', () => {
    const d = dist('d%');
    expect(d.totals).toHaveLength(100);
    expect(f(probabilityEq(d, 100))).toBe('1/100');
    expect(f(mean(dist('d1000')))).toBe('1001/2');
  });

  it('rerolls: r keeps rerolling up to the cap, ro once', () => {
    const r = dist('d6r1');
    const levels = BigInt(MAX_REROLLS_PER_DIE + 1);
    expect(r.denominator).toBe(6n ** levels);
    expect(f(probabilityEq(r, 1))).toBe(`1/${6n ** levels}`);
    expect(f(probabilityEq(r, 2))).toBe(f(fraction(6n ** levels - 1n, 5n * 6n ** levels)));
    const once = dist('d6ro1');
    expect(table(once)).toEqual({ 1: '1/36', 2: '7/36', 3: '7/36', 4: '7/36', 5: '7/36', 6: '7/36' });
    expect(f(probabilityEq(dist('d10ro<3'), 1))).toBe('1/50');
  });

  it('adds, subtracts, multiplies and divides distributions', () => {
    expect(f(probabilityEq(dist('d6-d6'), 0))).toBe('1/6');
    expect(f(mean(dist('d6-d6')))).toBe('0');
    const product = dist('d6*d6');
    expect(f(probabilityEq(product, 36))).toBe('1/36');
    expect(f(probabilityEq(product, 6))).toBe('1/9');
    expect(table(dist('d6/2'))).toEqual({ 0: '1/6', 1: '2/6', 2: '2/6', 3: '1/6' });
    expect(table(dist('-d6/2'))).toEqual({ '-3': '1/6', '-2': '2/6', '-1': '2/6', 0: '1/6' });
    expect(table(dist('2*d4'))).toEqual({ 2: '1/4', 4: '1/4', 6: '1/4', 8: '1/4' });
    const big = dist('d1000*1000');
    expect(big.totals).toHaveLength(1000);
    expect(big.totals[999]).toBe(1_000_000);
    expect(table(dist('(d2+1)*(d2-3)'))).toEqual({ '-6': '1/4', '-4': '1/4', '-3': '1/4', '-2': '1/4' });
    expect(table(dist('5'))).toEqual({ 5: '1/1' });
    expect(table(dist('-(2+3)'))).toEqual({ '-5': '1/1' });
  });

  it('refuses a divisor that can be zero', () => {
    expect(code(() => dist('d6/(d2-1)'))).toBe('NOTATION_DIVIDE_BY_ZERO');
    expect(code(() => dist('1/0'))).toBe('NOTATION_DIVIDE_BY_ZERO');
  });

  it('refuses blow-ups with NOTATION_TOO_COMPLEX instead of hanging', () => {
    expect(code(() => dist('d1000*d1000*d1000'))).toBe('NOTATION_TOO_COMPLEX');
    expect(code(() => dist('100d1000!'))).toBe('NOTATION_TOO_COMPLEX');
    expect(code(() => dist('100d1000!>=2'))).toBe('NOTATION_TOO_COMPLEX');
  });

  it('handles the largest plain pools exactly', () => {
    const d = dist('100d6');
    expect(d.denominator).toBe(6n ** 100n);
    expect(f(mean(d))).toBe('350');
    expect(d.counts[0]).toBe(1n);
    expect(d.counts.reduce((a, b) => a + b, 0n)).toBe(d.denominator);
    const big = dist('100d1000');
    expect(big.totals).toHaveLength(99_901);
    expect(f(mean(big))).toBe('50050');
  });

  it('every distribution sums to its denominator', () => {
    for (const text of [
      '4d6kh3',
      '10d10kh5',
      '3d6!kh2',
      '4dF+dA',
      'd20r1-d4',
      '5d10!>=8',
      '(d6+1)/d3',
      '8d6dh3',
    ]) {
      const d = dist(text);
      expect(d.counts.reduce((a, b) => a + b, 0n)).toBe(d.denominator);
      expect(d.counts.every((c) => c > 0n)).toBe(true);
      expect([...d.totals].sort((a, b) => a - b)).toEqual(d.totals);
    }
  });
});

describe('fractions', () => {
  it('reduces and keeps the sign on the numerator', () => {
    expect(fraction(10n, 216n)).toEqual({ num: 5n, den: 108n });
    expect(fraction(3n, -6n)).toEqual({ num: -1n, den: 2n });
    expect(fraction(0n, 5n)).toEqual({ num: 0n, den: 1n });
    expect(() => fraction(1n, 0n)).toThrow(RangeError);
  });

  it('converts huge fractions to decimals without overflow', () => {
    const huge = 6n ** 2000n;
    expect(toDecimal({ num: huge, den: huge * 2n })).toBeCloseTo(0.5, 12);
    expect(toDecimal({ num: 1n, den: 3n })).toBeCloseTo(1 / 3, 15);
  });
});
