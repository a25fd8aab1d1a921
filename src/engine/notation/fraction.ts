/** An exact probability or mean: `num/den` with `den > 0`, always reduced by the helpers here. */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

export function fraction(num: bigint, den: bigint): Fraction {
  if (den === 0n) throw new RangeError('a fraction needs a non-zero denominator');
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const g = gcd(num, den);
  return g > 1n ? { num: num / g, den: den / g } : { num, den };
}

/** `5/108`, or `3` when the denominator is 1. */
export function formatFraction(f: Fraction): string {
  return f.den === 1n ? String(f.num) : `${f.num}/${f.den}`;
}

function bitLength(x: bigint): number {
  return (x < 0n ? -x : x).toString(16).length * 4;
}

/**
 * The nearest double (to within rounding). Both parts are shifted down first when they are huge, so
 * fractions with thousand-digit denominators (long explosions) still convert instead of giving NaN.
 */
export function toDecimal(f: Fraction): number {
  let { num, den } = f;
  const excess = Math.max(bitLength(den), bitLength(num)) - 1000;
  if (excess > 0) {
    const shift = BigInt(excess);
    num >>= shift;
    den >>= shift;
    if (den === 0n) return num === 0n ? 0 : num > 0n ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  }
  return Number(num) / Number(den);
}
