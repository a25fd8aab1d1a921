import { divideByZero, divideTowardZero, tooLarge } from './arithmetic.ts';
import type { BinaryNode, Compare, DiceExpr, DiceNode } from './ast.ts';
import { dieOf, matches } from './ast.ts';
import { NotationError } from './errors.ts';
import { type Fraction, fraction, toDecimal } from './fraction.ts';
import {
  MAX_DISTRIBUTION_TOTALS,
  MAX_EXACT_WORK,
  MAX_EXPLOSIONS_PER_DIE,
  MAX_REROLLS_PER_DIE,
} from './limits.ts';

/**
 * The exact distribution of a notation's total: `counts[i]` of `denominator` equally likely
 * outcomes give `totals[i]`. Totals are ascending and every count is positive; the counts sum to
 * the denominator. The denominator is the number of outcomes of every die the notation can draw
 * (6^4 = 1296 for 4d6kh3), so `10/216` for 3d6 ≥ 16 reads as "10 of the 216 rolls"; with rerolls
 * and explosions every possible extra draw up to the caps counts as a die.
 */
export interface Distribution {
  readonly totals: readonly number[];
  readonly counts: readonly bigint[];
  readonly denominator: bigint;
}

// ---------------------------------------------------------------------------------------------
// Weights are kept as plain numbers when the final denominator is at most 2^53 (then every
// intermediate count is an exact integer double, since each counts a subset of all outcomes), and
// as BigInt otherwise. The kernels below are written once against this small interface.

interface Arith<W> {
  readonly zero: W;
  readonly one: W;
  add(a: W, b: W): W;
  sub(a: W, b: W): W;
  mul(a: W, b: W): W;
  of(n: number): W;
  big(w: W): bigint;
}

const NUMBER: Arith<number> = {
  zero: 0,
  one: 1,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  of: (n) => n,
  big: (w) => BigInt(w),
};

const BIG: Arith<bigint> = {
  zero: 0n,
  one: 1n,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  of: (n) => BigInt(n),
  big: (w) => w,
};

/**
 * A distribution over the lattice `min + i*step`: `w[i]` is the weight of that total, `den` the
 * sum of all weights. Dense storage makes convolution a pair of plain loops.
 */
interface Dist<W> {
  readonly min: number;
  readonly step: number;
  readonly w: W[];
  readonly den: W;
}

interface Context<W> {
  readonly A: Arith<W>;
  /** Work charged so far, in units of about one double multiply-add (a nanosecond or two). */
  work: number;
  /**
   * Units one multiply-add costs when the weights are up to `den`: 1 for doubles; for big
   * integers a fixed overhead plus their length (measured: about 1–2 ns per unit either way).
   */
  readonly unit: (den: W) => number;
}

function tooComplex(what: string): NotationError {
  return new NotationError(
    'NOTATION_TOO_COMPLEX',
    `exact odds are too much work for this notation (${what})`,
    {
      what,
    },
  );
}

function charge<W>(ctx: Context<W>, ops: number, den: W): void {
  ctx.work += ops * ctx.unit(den);
  if (ctx.work > MAX_EXACT_WORK) throw tooComplex('too many combinations to count');
}

function checkLength(length: number): void {
  if (length > MAX_DISTRIBUTION_TOTALS) {
    throw tooComplex(`more than ${MAX_DISTRIBUTION_TOTALS} possible totals`);
  }
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

function maxOf<W>(d: Dist<W>): number {
  return d.min + (d.w.length - 1) * d.step;
}

function constant<W>(A: Arith<W>, value: number): Dist<W> {
  return { min: value, step: 1, w: [A.one], den: A.one };
}

/** Builds a dense distribution from (total → weight) pairs, finding the widest common spacing. */
function fromMap<W>(A: Arith<W>, map: Map<number, W>, den: W): Dist<W> {
  const totals = [...map.keys()].filter((t) => map.get(t) !== A.zero).sort((a, b) => a - b);
  if (totals.length === 0) throw new RangeError('empty distribution');
  const min = totals[0] as number;
  let step = 0;
  for (const t of totals) step = gcd(step, t - min);
  if (step === 0) step = 1;
  const length = ((totals[totals.length - 1] as number) - min) / step + 1;
  checkLength(length);
  const w = new Array<W>(length).fill(A.zero);
  for (const t of totals) w[(t - min) / step] = map.get(t) as W;
  return { min, step, w, den };
}

/** Drops zero weight at both ends so min/max are real totals. */
function trim<W>(A: Arith<W>, d: Dist<W>): Dist<W> {
  let lo = 0;
  let hi = d.w.length - 1;
  while (lo < hi && d.w[lo] === A.zero) lo++;
  while (hi > lo && d.w[hi] === A.zero) hi--;
  if (lo === 0 && hi === d.w.length - 1) return d;
  return { min: d.min + lo * d.step, step: d.step, w: d.w.slice(lo, hi + 1), den: d.den };
}

function scale<W>(A: Arith<W>, d: Dist<W>, factor: W, shift: number): Dist<W> {
  return { min: d.min + shift, step: d.step, w: d.w.map((x) => A.mul(x, factor)), den: A.mul(d.den, factor) };
}

function negate<W>(d: Dist<W>): Dist<W> {
  return { min: -maxOf(d), step: d.step, w: [...d.w].reverse(), den: d.den };
}

/** Is every weight the same (a fair die on an evenly spaced set of faces)? Then a sliding sum convolves it. */
function isUniform<W>(d: Dist<W>): boolean {
  const first = d.w[0];
  return d.w.every((x) => x === first);
}

/** The distribution of X + Y for independent X, Y. */
function convolve<W>(ctx: Context<W>, x: Dist<W>, y: Dist<W>): Dist<W> {
  const A = ctx.A;
  if (x.w.length === 1) return scale(A, y, x.w[0] as W, x.min);
  if (y.w.length === 1) return scale(A, x, y.w[0] as W, y.min);
  if (x.w.length < y.w.length) [x, y] = [y, x];
  const g = gcd(x.step, y.step);
  const sx = x.step / g;
  const sy = y.step / g;
  const length = (x.w.length - 1) * sx + (y.w.length - 1) * sy + 1;
  checkLength(length);
  const out = new Array<W>(length).fill(A.zero);
  const xw = x.w;
  const yw = y.w;
  if (sx === 1 && sy === 1 && isUniform(y)) {
    // Sliding window: out[t] = u * (x[t-L+1] + … + x[t]), O(|x| + |y|) instead of O(|x|·|y|).
    charge(ctx, 2 * length, A.mul(x.den, y.den));
    const u = yw[0] as W;
    const L = yw.length;
    let window = A.zero;
    for (let t = 0; t < length; t++) {
      if (t < xw.length) window = A.add(window, xw[t] as W);
      if (t - L >= 0) window = A.sub(window, xw[t - L] as W);
      out[t] = A.mul(window, u);
    }
  } else {
    charge(ctx, xw.length * yw.length, A.mul(x.den, y.den));
    for (let i = 0; i < xw.length; i++) {
      const xi = xw[i] as W;
      if (xi === A.zero) continue;
      const base = i * sx;
      for (let j = 0; j < yw.length; j++) {
        const k = base + j * sy;
        out[k] = A.add(out[k] as W, A.mul(xi, yw[j] as W));
      }
    }
  }
  return { min: x.min + y.min, step: g, w: out, den: A.mul(x.den, y.den) };
}

/** X × Y or X ÷ Y for independent X, Y, pair by pair. */
function pairwise<W>(ctx: Context<W>, x: Dist<W>, y: Dist<W>, node: BinaryNode): Dist<W> {
  const A = ctx.A;
  charge(ctx, x.w.length * y.w.length, A.mul(x.den, y.den));
  const map = new Map<number, W>();
  for (let i = 0; i < x.w.length; i++) {
    const xi = x.w[i] as W;
    if (xi === A.zero) continue;
    const a = x.min + i * x.step;
    for (let j = 0; j < y.w.length; j++) {
      const yj = y.w[j] as W;
      if (yj === A.zero) continue;
      const b = y.min + j * y.step;
      let v: number;
      if (node.op === '*') {
        v = a * b;
        if (!Number.isSafeInteger(v)) throw tooLarge(node);
        if (v === 0) v = 0;
      } else {
        if (b === 0) throw divideByZero(node);
        v = divideTowardZero(a, b);
      }
      const prev = map.get(v);
      const add = A.mul(xi, yj);
      map.set(v, prev === undefined ? add : A.add(prev, add));
    }
  }
  return fromMap(A, map, A.mul(x.den, y.den));
}

function power<W>(A: Arith<W>, base: W, exponent: number): W {
  let result = A.one;
  for (let i = 0; i < exponent; i++) result = A.mul(result, base);
  return result;
}

// ---------------------------------------------------------------------------------------------
// One dice group.

/** One draw of the physical die: each face value weighted by how many faces show it. */
function dieDist<W>(A: Arith<W>, node: DiceNode): Dist<W> {
  const die = dieOf(node.sides);
  if (!die.labels) return { min: 1, step: 1, w: new Array<W>(die.sides).fill(A.one), den: A.of(die.sides) };
  const map = new Map<number, W>();
  for (const label of die.labels) map.set(label, A.add(map.get(label) ?? A.zero, A.one));
  return fromMap(A, map, A.of(die.labels.length));
}

function valueAt<W>(d: Dist<W>, i: number): number {
  return d.min + i * d.step;
}

/**
 * One draw with rerolls: the first face, then up to `cap` fresh faces while the face matches.
 * Over den^(cap+1) outcomes, a face outside the reroll set is reached after 0..cap matching faces
 * (Σ q^i·W^(cap−i) ways per face); a face inside it only when every reroll was spent (q^cap).
 */
function withReroll<W>(A: Arith<W>, draw: Dist<W>, when: Compare, cap: number): Dist<W> {
  let q = A.zero;
  draw.w.forEach((x, i) => {
    if (matches(when, valueAt(draw, i))) q = A.add(q, x);
  });
  let reach = A.zero;
  for (let i = 0; i <= cap; i++) reach = A.add(reach, A.mul(power(A, q, i), power(A, draw.den, cap - i)));
  const stuck = power(A, q, cap);
  const w = draw.w.map((x, i) => A.mul(x, matches(when, valueAt(draw, i)) ? stuck : reach));
  return { min: draw.min, step: draw.step, w, den: power(A, draw.den, cap + 1) };
}

/**
 * A compounding exploding die: the sum of its chain of draws. Built from the deepest allowed draw
 * up: the last draw (after MAX_EXPLOSIONS_PER_DIE extra dice) counts as rolled even on an exploding
 * face, which is exactly what the roller does when it reaches the cap.
 */
function withExplosion<W>(ctx: Context<W>, draw: Dist<W>, when: Compare): Dist<W> {
  const A = ctx.A;
  const stop = new Map<number, W>();
  const go: { value: number; weight: W }[] = [];
  draw.w.forEach((x, i) => {
    if (x === A.zero) return;
    const v = valueAt(draw, i);
    if (matches(when, v)) go.push({ value: v, weight: x });
    else stop.set(v, x);
  });
  let chain = draw; // the value of a chain that starts at the deepest level
  let scaleUp = A.one; // draw.den^(levels below), to bring stopping faces to the common denominator
  for (let level = 0; level < MAX_EXPLOSIONS_PER_DIE; level++) {
    scaleUp = A.mul(scaleUp, draw.den);
    charge(ctx, go.length * chain.w.length + stop.size, A.mul(chain.den, draw.den));
    const map = new Map<number, W>();
    for (const [v, x] of stop) map.set(v, A.mul(x, scaleUp));
    for (const { value, weight } of go) {
      chain.w.forEach((x, i) => {
        if (x === A.zero) return;
        const total = value + valueAt(chain, i);
        const add = A.mul(weight, x);
        const prev = map.get(total);
        map.set(total, prev === undefined ? add : A.add(prev, add));
      });
    }
    chain = fromMap(A, map, A.mul(chain.den, draw.den));
  }
  return chain;
}

/**
 * Keep the `keep` highest (or lowest) of `n` independent dice distributed as `die`, and sum
 * `score(value)` over the kept dice. Order statistics without listing rolls: walk the outcomes from
 * the best down, choosing how many of the remaining dice show each one (binomial coefficients ×
 * weight^count). Once `keep` dice are placed the rest only need to be lower, a single power.
 * Cost ~ outcomes × keep × n × range of partial sums: 10d10kh5 is a few thousand steps, not 10^10.
 */
function keepDist<W>(
  ctx: Context<W>,
  die: Dist<W>,
  n: number,
  keep: number,
  highest: boolean,
  score: (value: number) => number,
): Dist<W> {
  const A = ctx.A;
  const groupDen = power(A, die.den, n);
  if (keep === 0) return { min: 0, step: 1, w: [groupDen], den: groupDen };
  const outcomes: { value: number; weight: W; score: number }[] = [];
  die.w.forEach((x, i) => {
    if (x === A.zero) return;
    const value = valueAt(die, i);
    outcomes.push({ value, weight: x, score: score(value) });
  });
  if (highest) outcomes.reverse();
  const m = outcomes.length;
  let minScore = 0;
  let maxScore = 0;
  for (const o of outcomes) {
    minScore = Math.min(minScore, o.score);
    maxScore = Math.max(maxScore, o.score);
  }
  const lo = keep * minScore;
  const size = keep * (maxScore - minScore) + 1;
  checkLength(size);

  // below[j] = total weight of the outcomes after j in walking order.
  const below = new Array<W>(m).fill(A.zero);
  for (let j = m - 2; j >= 0; j--)
    below[j] = A.add(below[j + 1] as W, (outcomes[j + 1] as { weight: W }).weight);
  const binom: W[][] = [];
  for (let r = 0; r <= n; r++) {
    const row: W[] = [A.one];
    for (let c = 1; c <= r; c++)
      row.push(c === r ? A.one : A.add(binom[r - 1]?.[c - 1] as W, binom[r - 1]?.[c] as W));
    binom.push(row);
  }

  const result = new Array<W>(size).fill(A.zero);
  // live[r]: partial sums of kept scores with r dice still to place (fewer than `keep` placed so
  // far), with the range of indices that can be non-zero so the loops skip the empty ends.
  type Sums = { w: W[]; from: number; to: number };
  let live: (Sums | undefined)[] = new Array(n + 1);
  const start = new Array<W>(size).fill(A.zero);
  start[-lo] = A.one;
  live[n] = { w: start, from: -lo, to: -lo };
  for (let j = 0; j < m; j++) {
    const { weight, score: s } = outcomes[j] as { weight: W; score: number };
    const lower = below[j] as W;
    const next: (Sums | undefined)[] = new Array(n + 1);
    const pow: W[] = [A.one];
    for (let c = 1; c <= n; c++) pow.push(A.mul(pow[c - 1] as W, weight));
    const lowerPow: W[] = [A.one];
    for (let c = 1; c <= n; c++) lowerPow.push(A.mul(lowerPow[c - 1] as W, lower));
    for (let r = n; r > n - keep; r--) {
      const sums = live[r];
      if (!sums) continue;
      const { w: from, from: first, to: last } = sums;
      charge(ctx, (r + 1) * (last - first + 1), groupDen);
      const slots = keep - (n - r);
      for (let c = 0; c <= r; c++) {
        const ways = A.mul((binom[r] as W[])[c] as W, pow[c] as W);
        const rest = r - c;
        if (c >= slots) {
          // Every kept place is filled; the `rest` dice must all show lower outcomes.
          const factor = A.mul(ways, lowerPow[rest] as W);
          if (factor === A.zero) continue;
          const shift = slots * s;
          for (let i = first; i <= last; i++) {
            const x = from[i] as W;
            if (x === A.zero) continue;
            result[i + shift] = A.add(result[i + shift] as W, A.mul(x, factor));
          }
        } else {
          if (j === m - 1) continue; // dice left over but no lower outcome to show
          const shift = c * s;
          let target = next[rest];
          if (!target) {
            target = { w: new Array<W>(size).fill(A.zero), from: first + shift, to: last + shift };
            next[rest] = target;
          } else {
            target.from = Math.min(target.from, first + shift);
            target.to = Math.max(target.to, last + shift);
          }
          const into = target.w;
          for (let i = first; i <= last; i++) {
            const x = from[i] as W;
            if (x === A.zero) continue;
            into[i + shift] = A.add(into[i + shift] as W, A.mul(x, ways));
          }
        }
      }
    }
    live = next;
  }
  return trim(A, { min: lo, step: 1, w: result, den: groupDen });
}

function groupDist<W>(ctx: Context<W>, node: DiceNode): Dist<W> {
  const A = ctx.A;
  let die = dieDist(A, node);
  if (node.reroll) die = withReroll(A, die, node.reroll.when, node.reroll.once ? 1 : MAX_REROLLS_PER_DIE);
  if (node.explode) die = withExplosion(ctx, die, node.explode);
  const success = node.success;
  const score = success ? (v: number) => (matches(success, v) ? 1 : 0) : (v: number) => v;
  const n = node.count;
  const k = node.keep;
  if (k) {
    const c = Math.min(Math.max(k.count, 0), n);
    const highest = k.mode === 'kh' || k.mode === 'dl';
    const keep = k.mode === 'kh' || k.mode === 'kl' ? c : n - c;
    if (keep < n) return keepDist(ctx, die, n, keep, highest, score);
  }
  // Every die kept: score each die, then add n of them up.
  let one = die;
  if (success) {
    let hit = A.zero;
    die.w.forEach((x, i) => {
      if (matches(success, valueAt(die, i))) hit = A.add(hit, x);
    });
    const miss = A.sub(die.den, hit);
    one = trim(A, { min: 0, step: 1, w: [miss, hit], den: die.den });
  }
  let sum = one;
  for (let i = 1; i < n; i++) sum = convolve(ctx, sum, one);
  return sum;
}

function evaluate<W>(ctx: Context<W>, expr: DiceExpr): Dist<W> {
  switch (expr.type) {
    case 'number':
      return constant(ctx.A, expr.value);
    case 'dice':
      return groupDist(ctx, expr);
    case 'negate':
      return negate(evaluate(ctx, expr.operand));
    case 'binary': {
      const left = evaluate(ctx, expr.left);
      const right = evaluate(ctx, expr.right);
      let out: Dist<W>;
      switch (expr.op) {
        case '+':
          out = convolve(ctx, left, right);
          break;
        case '-':
          out = convolve(ctx, left, negate(right));
          break;
        default:
          out = pairwise(ctx, left, right, expr);
      }
      if (!Number.isSafeInteger(out.min) || !Number.isSafeInteger(maxOf(out))) throw tooLarge(expr);
      return out;
    }
  }
}

/** The number of equally likely outcomes behind the whole notation (see Distribution). */
function outcomeCount(expr: DiceExpr): bigint {
  switch (expr.type) {
    case 'number':
      return 1n;
    case 'dice': {
      const die = dieOf(expr.sides);
      let draw = BigInt(die.labels ? die.labels.length : die.sides);
      if (expr.reroll) draw **= BigInt((expr.reroll.once ? 1 : MAX_REROLLS_PER_DIE) + 1);
      if (expr.explode) draw **= BigInt(MAX_EXPLOSIONS_PER_DIE + 1);
      return draw ** BigInt(expr.count);
    }
    case 'negate':
      return outcomeCount(expr.operand);
    case 'binary':
      return outcomeCount(expr.left) * outcomeCount(expr.right);
  }
}

function publish<W>(A: Arith<W>, d: Dist<W>): Distribution {
  const totals: number[] = [];
  const counts: bigint[] = [];
  d.w.forEach((x, i) => {
    if (x === A.zero) return;
    totals.push(valueAt(d, i));
    counts.push(A.big(x));
  });
  return { totals, counts, denominator: A.big(d.den) };
}

function bitLength(x: bigint): number {
  return x.toString(16).length * 4;
}

/**
 * The exact distribution of a notation's total, by counting (never by sampling). Fails with
 * NOTATION_TOO_COMPLEX when it would span more than MAX_DISTRIBUTION_TOTALS totals or exceed the
 * MAX_EXACT_WORK budget, and with NOTATION_DIVIDE_BY_ZERO when some outcome divides by zero.
 */
export function exactDistribution(expr: DiceExpr): Distribution {
  const outcomes = outcomeCount(expr);
  if (outcomes <= BigInt(Number.MAX_SAFE_INTEGER)) {
    const ctx: Context<number> = { A: NUMBER, work: 0, unit: () => 1 };
    return publish(NUMBER, evaluate(ctx, expr));
  }
  const ctx: Context<bigint> = { A: BIG, work: 0, unit: (den) => 16 + bitLength(den) / 16 };
  return publish(BIG, evaluate(ctx, expr));
}

// ---------------------------------------------------------------------------------------------
// Reading a distribution.

/** How many of the denominator's outcomes give a total of at least k. */
export function countAtLeast(dist: Distribution, k: number): bigint {
  let sum = 0n;
  dist.totals.forEach((t, i) => {
    if (t >= k) sum += dist.counts[i] as bigint;
  });
  return sum;
}

/** How many outcomes give exactly k. */
export function countEq(dist: Distribution, k: number): bigint {
  const i = dist.totals.indexOf(k);
  return i < 0 ? 0n : (dist.counts[i] as bigint);
}

/** P(total = k), reduced. */
export function probabilityEq(dist: Distribution, k: number): Fraction {
  return fraction(countEq(dist, k), dist.denominator);
}

/** P(total ≥ k), reduced. */
export function probabilityAtLeast(dist: Distribution, k: number): Fraction {
  return fraction(countAtLeast(dist, k), dist.denominator);
}

/** P(total ≤ k), reduced. */
export function probabilityAtMost(dist: Distribution, k: number): Fraction {
  return fraction(dist.denominator - countAtLeast(dist, k + 1), dist.denominator);
}

/** The exact mean, reduced. */
export function mean(dist: Distribution): Fraction {
  let sum = 0n;
  dist.totals.forEach((t, i) => {
    sum += BigInt(t) * (dist.counts[i] as bigint);
  });
  return fraction(sum, dist.denominator);
}

/** The exact variance, reduced: E[X²] − E[X]², over den² to stay in integers. */
export function variance(dist: Distribution): Fraction {
  let s1 = 0n;
  let s2 = 0n;
  dist.totals.forEach((t, i) => {
    const c = dist.counts[i] as bigint;
    const bt = BigInt(t);
    s1 += bt * c;
    s2 += bt * bt * c;
  });
  const den = dist.denominator;
  return fraction(s2 * den - s1 * s1, den * den);
}

export function standardDeviation(dist: Distribution): number {
  return Math.sqrt(toDecimal(variance(dist)));
}
