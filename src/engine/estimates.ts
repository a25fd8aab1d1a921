/**
 * 95% intervals for what simulations report, shared by every system's simulator and odds panel:
 * a proportion (Wilson score) and a mean (Student's t).
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Proportion {
  readonly count: number;
  readonly p: number;
  /** 95% Wilson score interval. */
  readonly low: number;
  readonly high: number;
}

export interface MeanEstimate {
  readonly mean: number;
  readonly sd: number;
  /**
   * 95% Student-t interval for the mean; null when it is unknown: one run says nothing about how
   * far the mean could be from it (a zero-width interval would claim certainty).
   */
  readonly low: number | null;
  readonly high: number | null;
}

/** Wilson score interval: sensible near 0 and 1 and for small n, always inside [0, 1]. */
export function wilson(count: number, n: number, z = Z95): Proportion {
  if (n <= 0) return { count, p: 0, low: 0, high: 1 };
  const p = count / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // Rounding must not push the interval past the estimate it is built around.
  return {
    count,
    p,
    low: Math.max(0, Math.min(p, centre - half)),
    high: Math.min(1, Math.max(p, centre + half)),
  };
}

/** Two-sided 97.5% quantiles of Student's t for 1–10 degrees of freedom. */
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228];

/** t quantile for a 95% interval: the table, then a Cornish–Fisher expansion (error < 1e-3 from 11 on). */
export function tQuantile95(df: number): number {
  if (df < 1) return Number.POSITIVE_INFINITY;
  const tabled = T975[df - 1];
  if (tabled !== undefined) return tabled;
  const z = Z95;
  const z3 = z ** 3;
  const z5 = z ** 5;
  const z7 = z ** 7;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3)
  );
}

/** Mean with a t interval from the running sum and sum of squares. */
export function meanEstimate(sum: number, sumSq: number, n: number): MeanEstimate {
  if (n <= 0) return { mean: 0, sd: 0, low: null, high: null };
  const mean = sum / n;
  // One run has no spread to measure: its sd is 0 and its interval unknown.
  if (n === 1) return { mean, sd: 0, low: null, high: null };
  const sd = Math.sqrt(Math.max(0, (sumSq - (sum * sum) / n) / (n - 1)));
  const half = (tQuantile95(n - 1) * sd) / Math.sqrt(n);
  return { mean, sd, low: mean - half, high: mean + half };
}
