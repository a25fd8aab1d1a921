/**
 * A small, fair micro-benchmark harness. Every number `npm run bench` prints is a ratio between our
 * code and a baseline measured in the same process, in alternating batches, so a busy machine slows
 * both sides alike and the ratio stays meaningful even when the absolute rates wobble.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export interface MeasureOptions {
  /** Time spent running both functions before measuring (JIT warm-up), in ms. */
  readonly warmupMs?: number;
  /** Target length of one timed batch, in ms. */
  readonly batchMs?: number;
  /** Timed batches per function; the median is reported. */
  readonly batches?: number;
}

const DEFAULTS = { warmupMs: 250, batchMs: 60, batches: 9 } as const;

/** Results are folded into this so the JIT cannot drop a call whose value nobody reads. */
let sink = 0;
function consume(value: unknown): void {
  if (typeof value === 'number') sink = (sink + value) | 0;
  else if (value !== undefined && value !== null) sink = (sink + 1) | 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

type BatchTimer = (fn: () => unknown, iterations: number) => number;

/**
 * A timing loop of its own for one measured function. One loop shared by two functions makes its
 * call `fn()` polymorphic, and how V8 then compiles it depends on which function warmed it up
 * first: a bare d10 loop measured through the shared loop ran at 100M or at 270M draws/s from one
 * run to the next, flipping the ratio by 2.7×. `new Function` gives each function a loop with its
 * own type feedback, as if each ran alone.
 */
function batchTimer(): BatchTimer {
  const loop = new Function(
    'consume',
    'fn',
    'iterations',
    'const start = performance.now(); for (let i = 0; i < iterations; i++) consume(fn()); return performance.now() - start;',
  ) as (consume: (value: unknown) => void, fn: () => unknown, iterations: number) => number;
  return (fn, iterations) => loop(consume, fn, iterations);
}

/** Warms `fn` up for about `ms` and returns how many calls fit in `batchMs`. */
function calibrate(fn: () => unknown, timeBatch: BatchTimer, ms: number, batchMs: number): number {
  let iterations = 1;
  let elapsed = 0;
  let total = 0;
  let calls = 0;
  const deadline = performance.now() + ms;
  do {
    elapsed = timeBatch(fn, iterations);
    total += elapsed;
    calls += iterations;
    if (elapsed < batchMs / 4) iterations *= 2;
  } while (performance.now() < deadline);
  const perCall = total / calls;
  return Math.max(1, Math.round(batchMs / Math.max(perCall, 1e-6)));
}

/** Operations per second of each function: median over alternating timed batches. */
export function compare(
  ours: () => unknown,
  baseline: () => unknown,
  options: MeasureOptions = {},
): { ours: number; baseline: number } {
  const { warmupMs, batchMs, batches } = { ...DEFAULTS, ...options };
  const timeOurs = batchTimer();
  const timeBase = batchTimer();
  const nOurs = calibrate(ours, timeOurs, warmupMs / 2, batchMs);
  const nBase = calibrate(baseline, timeBase, warmupMs / 2, batchMs);
  const oursRates: number[] = [];
  const baseRates: number[] = [];
  for (let b = 0; b < batches; b++) {
    oursRates.push((nOurs * 1000) / timeOurs(ours, nOurs));
    baseRates.push((nBase * 1000) / timeBase(baseline, nBase));
  }
  return { ours: median(oursRates), baseline: median(baseRates) };
}

/** Operations per second of one function alone (median of timed batches after warm-up). */
export function measure(fn: () => unknown, options: MeasureOptions = {}): number {
  const { warmupMs, batchMs, batches } = { ...DEFAULTS, ...options };
  const timeBatch = batchTimer();
  const n = calibrate(fn, timeBatch, warmupMs, batchMs);
  const rates: number[] = [];
  for (let b = 0; b < batches; b++) rates.push((n * 1000) / timeBatch(fn, n));
  return median(rates);
}

/** Whole numbers from 100 up, two decimals from 1, three significant digits below (0.000612). */
function round(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (Math.abs(x) >= 100) return Math.round(x);
  if (Math.abs(x) >= 1) return Number(x.toFixed(2));
  return Number(x.toPrecision(3));
}

export interface BenchResult {
  readonly bench: string;
  readonly ours: number;
  readonly baseline: number;
  readonly unit: string;
}

/** Prints exactly one JSON line: {"bench", "ours", "baseline", "ratio", "unit"}. */
export function report({ bench, ours, baseline, unit }: BenchResult): void {
  const line = { bench, ours: round(ours), baseline: round(baseline), ratio: round(ours / baseline), unit };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** Keeps `sink` observable so the work folded into it counts as used. */
export function sinkValue(): number {
  return sink;
}

/**
 * CPU milliseconds of this process's main thread (from /proc/self/task/<pid>/stat, so the garbage
 * collector's and compiler's helper threads are not counted). Its tick is 10 ms: time a few seconds
 * at least. For the `*-cpu.ts` scripts, which compare two versions of the code on a loaded machine
 * where wall clock swings by several times.
 */
export function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Prints a `*-cpu.ts` script's one JSON line, with the machine's load averages last. */
export function reportCpu(fields: Record<string, unknown>): void {
  const line = { ...fields, load: loadavg().map((l) => +l.toFixed(2)) };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
