/**
 * Axial hex geometry for pointy-top hex maps, shared by the rules (vector movement) and the web hex
 * map. A hex is (q, r); the third cube coordinate is s = −q − r. Nothing here knows about a game.
 */

export interface Hex {
  readonly q: number;
  readonly r: number;
}

/** The six directions in the order E, NE, NW, W, SW, SE (counter-clockwise from east). */
export const HEX_DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];
export const HEX_DIRECTION_NAMES = ['E', 'NE', 'NW', 'W', 'SW', 'SE'] as const;
export type HexDirectionName = (typeof HEX_DIRECTION_NAMES)[number];

export const hex = (q: number, r: number): Hex => ({ q, r });
export const hexAdd = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });
export const hexSub = (a: Hex, b: Hex): Hex => ({ q: a.q - b.q, r: a.r - b.r });
export const hexNeg = (a: Hex): Hex => ({ q: -a.q, r: -a.r });
export const hexEquals = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;

/** Length of a vector (dq, dr) in hexes: the cube distance. */
export function hexLength(dq: number, dr: number): number {
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function hexDistance(a: Hex, b: Hex): number {
  return hexLength(a.q - b.q, a.r - b.r);
}

export function hexNeighbours(h: Hex): Hex[] {
  return HEX_DIRECTIONS.map((d) => hexAdd(h, d));
}

/** The direction index (into HEX_DIRECTIONS) from `from` to an adjacent `to`, or −1 if not adjacent. */
export function directionTo(from: Hex, to: Hex): number {
  const dq = to.q - from.q;
  const dr = to.r - from.r;
  for (let i = 0; i < 6; i++) {
    const d = HEX_DIRECTIONS[i] as Hex;
    if (d.q === dq && d.r === dr) return i;
  }
  return -1;
}

/** Rounds fractional cube coordinates to the hex containing them. */
export function cubeRound(fq: number, fr: number, fs: number): Hex {
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  // (else s would be recomputed; s is implied by q and r)
  // −0 would make equal hexes print differently.
  return { q: q + 0, r: r + 0 };
}

/** The nudge direction (+1, +1, −2) of the tie-break, per cube coordinate. */
const NUDGE = [1, 1, -2] as const;

/**
 * Rounds X/N + sign·c·ε (ε infinitesimal) to an integer, and returns the rounding error |R − x| as a
 * pair (rational part in units of 1/N, ε part) so errors compare exactly.
 */
function roundNudged(x: number, n: number, nudge: number): { value: number; err: number; eps: number } {
  const floor = Math.floor(x / n);
  const rem = x - floor * n;
  const value = 2 * rem < n ? floor : 2 * rem > n ? floor + 1 : nudge > 0 ? floor + 1 : floor;
  const off = value * n - x;
  // |R − x| = |off|/N − sign(off)·nudge·ε, or |nudge|·ε when R = x exactly.
  return off === 0
    ? { value, err: 0, eps: Math.abs(nudge) }
    : { value, err: Math.abs(off), eps: -Math.sign(off) * nudge };
}

const greater = (a: { err: number; eps: number }, b: { err: number; eps: number }): boolean =>
  a.err > b.err || (a.err === b.err && a.eps > b.eps);

/**
 * The N+1 hexes of the cube line from a to b sampled at i/N, every point moved by sign × the nudge.
 * The arithmetic is exact (the points are kept as integers over N and the nudge as an infinitesimal),
 * so the answer never depends on floating-point noise and is the same anywhere on the map.
 */
function sampledLine(a: Hex, b: Hex, n: number, sign: number): Hex[] {
  const as = -a.q - a.r;
  const bs = -b.q - b.r;
  const out: Hex[] = [];
  for (let i = 0; i <= n; i++) {
    const q = roundNudged(a.q * n + (b.q - a.q) * i, n, sign * NUDGE[0]);
    const r = roundNudged(a.r * n + (b.r - a.r) * i, n, sign * NUDGE[1]);
    const s = roundNudged(as * n + (bs - as) * i, n, sign * NUDGE[2]);
    let hq = q.value;
    let hr = r.value;
    if (greater(q, r) && greater(q, s)) hq = -r.value - s.value;
    else if (greater(r, s)) hr = -q.value - s.value;
    out.push({ q: hq + 0, r: hr + 0 });
  }
  return out;
}

/**
 * The hexes a straight line from a to b passes through, in order from a. Tie-break: the cube line is
 * sampled twice, once nudged by (+ε, +ε, −2ε) and once by the opposite nudge (the rules say 1e-6;
 * we take it as infinitesimal and compute exactly), and a hex counts only when both samplings
 * contain it — so a line running exactly along the edge between two
 * hexes enters neither of them (the result can then skip from one hex to a hex two steps on). The
 * order is the first sampling's; a and b are always included.
 */
export function hexLine(a: Hex, b: Hex): Hex[] {
  const n = hexDistance(a, b);
  if (n === 0) return [{ q: a.q, r: a.r }];
  const plus = sampledLine(a, b, n, 1);
  const minus = sampledLine(a, b, n, -1);
  const out: Hex[] = [];
  for (const h of plus) {
    if (!minus.some((m) => m.q === h.q && m.r === h.r)) continue;
    const last = out[out.length - 1];
    if (last && last.q === h.q && last.r === h.r) continue;
    out.push(h);
  }
  return out;
}

/** "q,r": a compact key for maps and sets of hexes. */
export const hexKey = (h: Hex): string => `${h.q},${h.r}`;
