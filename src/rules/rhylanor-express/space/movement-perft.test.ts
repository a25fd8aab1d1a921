import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Hex, hexKey } from '../../../engine/board/hex-grid.ts';
import { vectorStep } from './movement.ts';

/**
 * Vector movement (§6.6) checked the way move generators are checked in chess engines ("perft"):
 * every legal course of d turns from a start is walked, the rules' step is compared at each node
 * with a second, independent reading of the digest's pseudo-rules (its hex line with the two
 * nudged lines, as the digest words it), and the number of courses and of distinct end states is
 * pinned.
 */

/** A number n/N + c·ε with ε a positive infinitesimal: the digest's 1e-6 nudge without float noise. */
interface Nudged {
  readonly n: number;
  readonly c: number;
}

/** Rounds n/N + c·ε to the nearest integer (an exact half goes the way the nudge leans). */
function roundNudged(x: Nudged, big: number): number {
  const floor = Math.floor(x.n / big);
  const twice = 2 * (x.n - floor * big);
  if (twice > big || (twice === big && x.c > 0)) return floor + 1;
  return floor;
}

/** |k − x| as a Nudged value (numerator over N, ε coefficient). */
function distance(k: number, x: Nudged, big: number): Nudged {
  const d = k * big - x.n;
  if (d > 0) return { n: d, c: -x.c };
  if (d < 0) return { n: -d, c: x.c };
  return { n: 0, c: Math.abs(x.c) };
}

const greater = (a: Nudged, b: Nudged) => a.n > b.n || (a.n === b.n && a.c > b.c);

/**
 * The digest's hex line, written apart from the rules: N+1 cube points from a to b, each nudged by
 * (+ε, +ε, −2ε) and rounded (round each coordinate, then recompute the one that moved most), once
 * with each sign of ε; a hex counts only if both lines hold it. The digest says ε = 1e-6; computed
 * in floats a point where the nudge runs along an edge rounds by float noise, so ε is kept exact.
 */
function digestLine(a: Hex, b: Hex): Hex[] {
  const n = (Math.abs(b.q - a.q) + Math.abs(b.r - a.r) + Math.abs(b.q - a.q + b.r - a.r)) / 2;
  if (n === 0) return [a];
  const sample = (sign: number): Hex[] => {
    const out: Hex[] = [];
    for (let i = 0; i <= n; i++) {
      const q = { n: a.q * n + (b.q - a.q) * i, c: sign };
      const r = { n: a.r * n + (b.r - a.r) * i, c: sign };
      const s = { n: -q.n - r.n, c: -2 * sign };
      let rq = roundNudged(q, n);
      let rr = roundNudged(r, n);
      const rs = roundNudged(s, n);
      const dq = distance(rq, q, n);
      const dr = distance(rr, r, n);
      const ds = distance(rs, s, n);
      if (greater(dq, dr) && greater(dq, ds)) rq = -rr - rs;
      else if (greater(dr, ds)) rr = -rq - rs;
      out.push({ q: rq, r: rr });
    }
    return out;
  };
  const other = new Set(sample(-1).map(hexKey));
  const seen = new Set<string>();
  return sample(1).filter((h) => {
    const k = hexKey(h);
    if (!other.has(k) || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const adjacent = (h: Hex, w: Hex) =>
  (Math.abs(w.q - h.q) + Math.abs(w.r - h.r) + Math.abs(w.q - h.q + w.r - h.r)) / 2 === 1;

/** §6.6 steps 1–5 as the digest lists them (with its at-rest reading), written apart from the rules. */
function digestStep(
  at: Hex,
  vel: Hex,
  thrust: Hex,
  worlds: readonly Hex[],
): { to: Hex; vel: Hex; path: Hex[] } {
  const to = { q: at.q + vel.q, r: at.r + vel.r };
  const path = digestLine(at, to);
  let v = { ...vel };
  const counted = vel.q === 0 && vel.r === 0 ? path : path.slice(1);
  for (const h of counted)
    for (const w of worlds) if (adjacent(h, w)) v = { q: v.q + w.q - h.q, r: v.r + w.r - h.r };
  return { to, vel: { q: v.q + thrust.q, r: v.r + thrust.r }, path };
}

/** Every thrust whose hex length is at most g (1 + 3g(g+1) of them). */
function thrusts(g: number): Hex[] {
  const out: Hex[] = [];
  for (let q = -g; q <= g; q++)
    for (let r = -g; r <= g; r++)
      if ((Math.abs(q) + Math.abs(r) + Math.abs(q + r)) / 2 <= g) out.push({ q, r });
  return out;
}

interface Perft {
  readonly courses: number;
  readonly ends: number;
  readonly mismatches: number;
}

/** Walks every course of `depth` turns; counts the courses, distinct (place, vector) ends and rule/digest disagreements. */
function perft(at: Hex, vel: Hex, g: number, worlds: readonly Hex[], depth: number): Perft {
  const options = thrusts(g);
  const ends = new Set<string>();
  let courses = 0;
  let mismatches = 0;
  const walk = (p: Hex, v: Hex, left: number) => {
    if (left === 0) {
      courses++;
      ends.add(`${hexKey(p)}|${hexKey(v)}`);
      return;
    }
    for (const t of options) {
      const ours = vectorStep(p, v, t, worlds);
      const theirs = digestStep(p, v, t, worlds);
      if (
        hexKey(ours.to) !== hexKey(theirs.to) ||
        hexKey(ours.vel) !== hexKey(theirs.vel) ||
        ours.path.map(hexKey).join(' ') !== theirs.path.map(hexKey).join(' ')
      )
        mismatches++;
      walk(ours.to, ours.vel, left - 1);
    }
  };
  walk(at, vel, depth);
  return { courses, ends: ends.size, mismatches };
}

const ZERO = { q: 0, r: 0 };

/** Distinct (place, vector) offsets after d turns in open space, by algebra: thrust i moves the ship d − i times. */
function openSpaceEnds(g: number, d: number): number {
  const ends = new Set<string>();
  const go = (i: number, pq: number, pr: number, vq: number, vr: number) => {
    if (i > d) {
      ends.add(`${pq},${pr}|${vq},${vr}`);
      return;
    }
    for (const t of thrusts(g)) go(i + 1, pq + (d - i) * t.q, pr + (d - i) * t.r, vq + t.q, vr + t.r);
  };
  go(1, 0, 0, 0, 0);
  return ends.size;
}

describe('vector movement perft (§6.6)', () => {
  it('thrust options: 1 + 3G(G+1) for a drive of G', () => {
    expect([0, 1, 2, 3, 6].map((g) => thrusts(g).length)).toEqual([1, 7, 19, 37, 127]);
  });

  // start, vector, G, worlds, turns → courses, distinct ends
  const table: [string, Hex, Hex, number, Hex[], number, number, number][] = [
    ['open space, 1 G', ZERO, ZERO, 1, [], 3, 343, 295],
    ['open space, 2 G', ZERO, { q: 4, r: 0 }, 2, [], 2, 361, 361],
    ['open space, 1 G, four turns', { q: -5, r: 3 }, { q: 2, r: -1 }, 1, [], 4, 2401, 1315],
    ['past a world, 1 G', { q: -4, r: 1 }, { q: 2, r: 0 }, 1, [ZERO], 3, 343, 283],
    ['at rest beside a world, 1 G', { q: 1, r: 0 }, ZERO, 1, [ZERO], 3, 343, 206],
    ['between two worlds, 2 G', { q: -6, r: 2 }, { q: 3, r: -1 }, 2, [ZERO, { q: 0, r: 3 }], 2, 361, 361],
  ];
  it.each(table)(
    '%s: %o at %o, G %i, worlds %o, %i turns',
    (_name, at, vel, g, worlds, turns, courses, ends) => {
      const r = perft(at, vel, g, worlds, turns);
      expect(r.mismatches).toBe(0);
      expect(r.courses).toBe(courses);
      expect(r.ends).toBe(ends);
      // In open space the ends follow from the thrusts alone: place + Σ (d − i)·Tᵢ, vector + Σ Tᵢ.
      if (worlds.length === 0) expect(r.ends).toBe(openSpaceEnds(g, turns));
    },
  );

  it('without worlds the distinct ends after d turns depend only on G and d, not on the start', () => {
    fc.assert(
      fc.property(
        fc.record({ q: fc.integer({ min: -30, max: 30 }), r: fc.integer({ min: -30, max: 30 }) }),
        fc.record({ q: fc.integer({ min: -6, max: 6 }), r: fc.integer({ min: -6, max: 6 }) }),
        (at, vel) => {
          const r = perft(at, vel, 1, [], 2);
          expect(r.mismatches).toBe(0);
          expect(r.courses).toBe(49);
          expect(r.ends).toBe(perft(ZERO, ZERO, 1, [], 2).ends);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the rules and the digest’s own wording agree on random steps near worlds', () => {
    const small = fc.integer({ min: -12, max: 12 });
    const hexArb = fc.record({ q: small, r: small });
    fc.assert(
      fc.property(
        hexArb,
        fc.record({ q: fc.integer({ min: -7, max: 7 }), r: fc.integer({ min: -7, max: 7 }) }),
        fc.constantFrom(...thrusts(3)),
        fc.array(hexArb, { maxLength: 3 }),
        (at, vel, thrust, worlds) => {
          const ours = vectorStep(at, vel, thrust, worlds);
          const theirs = digestStep(at, vel, thrust, worlds);
          expect(ours.to).toEqual(theirs.to);
          expect(ours.vel).toEqual(theirs.vel);
          expect(ours.path.map(hexKey)).toEqual(theirs.path.map(hexKey));
        },
      ),
      { numRuns: 500 },
    );
  });
});
