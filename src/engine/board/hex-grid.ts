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

/**
 * Fills out[0..n] (q) and out[n+1..2n+1] (r) with the N+1 hexes of the cube line from a to b sampled at
 * i/N, every point moved by sign × the nudge (+1, +1, −2)·ε. The arithmetic is exact: the points are
 * integers over N and the nudge an infinitesimal, so the answer never depends on floating-point
 * noise and is the same anywhere on the map. Rounding error |R − x| is compared as (whole part in
 * units of 1/N, then the ε part).
 */
function sampledLine(a: Hex, b: Hex, n: number, sign: number, out: number[]): void {
  const as = -a.q - a.r;
  const bs = -b.q - b.r;
  for (let i = 0; i <= n; i++) {
    const xq = a.q * n + (b.q - a.q) * i;
    const xr = a.r * n + (b.r - a.r) * i;
    const xs = as * n + (bs - as) * i;
    // Round each to the nearest integer; an exact half goes the nudge's way.
    const fq = Math.floor(xq / n);
    const fr = Math.floor(xr / n);
    const fs = Math.floor(xs / n);
    const rq = xq - fq * n;
    const rr = xr - fr * n;
    const rs = xs - fs * n;
    const q = 2 * rq < n ? fq : 2 * rq > n ? fq + 1 : sign > 0 ? fq + 1 : fq;
    const r = 2 * rr < n ? fr : 2 * rr > n ? fr + 1 : sign > 0 ? fr + 1 : fr;
    const s = 2 * rs < n ? fs : 2 * rs > n ? fs + 1 : sign < 0 ? fs + 1 : fs;
    // Errors: whole part |R·N − X| and ε part (−sign(off)·nudge, or |nudge| when exact).
    const oq = q * n - xq;
    const or = r * n - xr;
    const os = s * n - xs;
    const eq = Math.abs(oq);
    const er = Math.abs(or);
    const es = Math.abs(os);
    const pq = oq === 0 ? 1 : -Math.sign(oq) * sign;
    const pr = or === 0 ? 1 : -Math.sign(or) * sign;
    const ps = os === 0 ? 2 : 2 * Math.sign(os) * sign;
    const qOverR = eq > er || (eq === er && pq > pr);
    const qOverS = eq > es || (eq === es && pq > ps);
    const rOverS = er > es || (er === es && pr > ps);
    let hq = q;
    let hr = r;
    if (qOverR && qOverS) hq = -r - s;
    else if (rOverS) hr = -q - s;
    out[i] = hq + 0;
    out[n + 1 + i] = hr + 0;
  }
}

const plusLine: number[] = [];
const minusLine: number[] = [];

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
  sampledLine(a, b, n, 1, plusLine);
  sampledLine(a, b, n, -1, minusLine);
  const out: Hex[] = [];
  let lastQ = Number.NaN;
  let lastR = Number.NaN;
  for (let i = 0; i <= n; i++) {
    const q = plusLine[i] as number;
    const r = plusLine[n + 1 + i] as number;
    if (q === lastQ && r === lastR) continue;
    // Usually the other sampling has it at the same place; look further only when it does not.
    let both = minusLine[i] === q && minusLine[n + 1 + i] === r;
    for (let j = 0; !both && j <= n; j++) both = minusLine[j] === q && minusLine[n + 1 + j] === r;
    if (!both) continue;
    out.push({ q, r });
    lastQ = q;
    lastR = r;
  }
  return out;
}

/** "q,r": a compact key for maps and sets of hexes. */
export const hexKey = (h: Hex): string => `${h.q},${h.r}`;
