import type { RunOutcome } from './driver.ts';

/**
 * Running totals of many runs. Only whole numbers (counts, sums, sums of squares), so adding two
 * tallies is exact and the order in which blocks are merged cannot change a single bit of the
 * summary. Plain data: it crosses from a worker thread as it is.
 */
export interface Tally {
  n: number;
  wins: number;
  anyDead: number;
  deadByPc: number[];
  roundsSum: number;
  roundsSumSq: number;
  /** roundsHistogram[r] = runs that lasted r rounds. */
  roundsHistogram: number[];
  killsSum: number[];
  killsSumSq: number[];
  tokensSum: number;
  tokensSumSq: number;
  encountersSum: number;
  encountersSumSq: number;
  /** Runs in which at least one trooper used a Strength (a `strength.used` event). */
  strengthRuns: number;
  /** Strengths used, summed over runs, and the sum of their squares. */
  strengthsSum: number;
  strengthsSumSq: number;
  endReasons: Record<string, number>;
}

export function emptyTally(pcs: number): Tally {
  return {
    n: 0,
    wins: 0,
    anyDead: 0,
    deadByPc: new Array<number>(pcs).fill(0),
    roundsSum: 0,
    roundsSumSq: 0,
    roundsHistogram: [],
    killsSum: new Array<number>(pcs).fill(0),
    killsSumSq: new Array<number>(pcs).fill(0),
    tokensSum: 0,
    tokensSumSq: 0,
    encountersSum: 0,
    encountersSumSq: 0,
    strengthRuns: 0,
    strengthsSum: 0,
    strengthsSumSq: 0,
    endReasons: {},
  };
}

export function addOutcome(t: Tally, o: RunOutcome): void {
  t.n++;
  if (o.win) t.wins++;
  let any = false;
  o.dead.forEach((d, i) => {
    if (d) {
      any = true;
      t.deadByPc[i] = (t.deadByPc[i] ?? 0) + 1;
    }
  });
  if (any) t.anyDead++;
  t.roundsSum += o.rounds;
  t.roundsSumSq += o.rounds * o.rounds;
  while (t.roundsHistogram.length <= o.rounds) t.roundsHistogram.push(0);
  t.roundsHistogram[o.rounds] = (t.roundsHistogram[o.rounds] ?? 0) + 1;
  o.kills.forEach((k, i) => {
    t.killsSum[i] = (t.killsSum[i] ?? 0) + k;
    t.killsSumSq[i] = (t.killsSumSq[i] ?? 0) + k * k;
  });
  t.tokensSum += o.tokensReturned;
  t.tokensSumSq += o.tokensReturned * o.tokensReturned;
  t.encountersSum += o.encounters;
  t.encountersSumSq += o.encounters * o.encounters;
  if (o.strengths > 0) t.strengthRuns++;
  t.strengthsSum += o.strengths;
  t.strengthsSumSq += o.strengths * o.strengths;
  t.endReasons[o.endReason] = (t.endReasons[o.endReason] ?? 0) + 1;
}

const addArrays = (a: number[], b: readonly number[]): number[] => {
  const out = a.slice();
  b.forEach((v, i) => {
    out[i] = (out[i] ?? 0) + v;
  });
  return out;
};

/** a + b, as a new tally. */
export function mergeTallies(a: Tally, b: Tally): Tally {
  const endReasons = { ...a.endReasons };
  for (const [k, v] of Object.entries(b.endReasons)) endReasons[k] = (endReasons[k] ?? 0) + v;
  return {
    n: a.n + b.n,
    wins: a.wins + b.wins,
    anyDead: a.anyDead + b.anyDead,
    deadByPc: addArrays(a.deadByPc, b.deadByPc),
    roundsSum: a.roundsSum + b.roundsSum,
    roundsSumSq: a.roundsSumSq + b.roundsSumSq,
    roundsHistogram: addArrays(a.roundsHistogram, b.roundsHistogram),
    killsSum: addArrays(a.killsSum, b.killsSum),
    killsSumSq: addArrays(a.killsSumSq, b.killsSumSq),
    tokensSum: a.tokensSum + b.tokensSum,
    tokensSumSq: a.tokensSumSq + b.tokensSumSq,
    encountersSum: a.encountersSum + b.encountersSum,
    encountersSumSq: a.encountersSumSq + b.encountersSumSq,
    strengthRuns: a.strengthRuns + b.strengthRuns,
    strengthsSum: a.strengthsSum + b.strengthsSum,
    strengthsSumSq: a.strengthsSumSq + b.strengthsSumSq,
    endReasons,
  };
}

// ---------------------------------------------------------------------------------------------
// Intervals

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
