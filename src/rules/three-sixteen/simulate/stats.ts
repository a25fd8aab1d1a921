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
