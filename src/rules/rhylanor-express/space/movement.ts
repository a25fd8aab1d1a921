import { type Hex, hexLength, hexLine } from '../../../engine/board/hex-grid.ts';

/**
 * Vector movement (digest §6.6) as one pure step: the ship jumps to its future marker along the hex
 * line, worlds next to the hexes it passed pull its vector one hex toward them each, and thrust
 * shifts the new future marker. Thrust and gravity both just add to the vector, so their order does
 * not matter.
 */

export interface VectorStep {
  readonly path: readonly Hex[];
  readonly to: Hex;
  readonly vel: Hex;
  /** The unit pull of each world next to each counted hex, in path order. */
  readonly pulls: readonly Hex[];
  /** Hexes of the path that are a world's own hex (the referee rules on landings and crashes). */
  readonly worldEntered: readonly Hex[];
}

/** How far a thrust vector shifts the future marker, in hexes (the drive's G caps it). */
export function thrustLength(thrust: Hex): number {
  return hexLength(thrust.q, thrust.r);
}

/** Shared empty list (never written to) for steps with no pull and no world entered. */
const NONE: Hex[] = [];

/**
 * Hex lines from the origin by vector, each computed once. The line is exact integer arithmetic, so
 * it is translation-invariant (a property test pins it): a ship's path is the line of its vector
 * moved to where it stands. The movement hot path then never samples a line twice.
 */
const LINES = new Map<number, readonly Hex[]>();
const LINE_CACHE_LIMIT = 8192;
const ORIGIN: Hex = { q: 0, r: 0 };

export function pathOf(at: Hex, vq: number, vr: number): Hex[] {
  if (Math.abs(vq) >= 512 || Math.abs(vr) >= 512) return hexLine(at, { q: at.q + vq, r: at.r + vr });
  const key = (vq + 512) * 1024 + (vr + 512);
  let line = LINES.get(key);
  if (!line) {
    line = hexLine(ORIGIN, { q: vq, r: vr });
    if (LINES.size < LINE_CACHE_LIMIT) LINES.set(key, line);
  }
  const path: Hex[] = new Array(line.length);
  for (let i = 0; i < line.length; i++) {
    const h = line[i] as Hex;
    path[i] = { q: at.q + h.q + 0, r: at.r + h.r + 0 };
  }
  return path;
}

export function vectorStep(at: Hex, vel: Hex, thrust: Hex, worlds: readonly Hex[]): VectorStep {
  const to = { q: at.q + vel.q, r: at.r + vel.r };
  const path = pathOf(at, vel.q, vel.r);
  let pulls: Hex[] = NONE;
  let worldEntered: Hex[] = NONE;
  let vq = vel.q + thrust.q;
  let vr = vel.r + thrust.r;
  if (worlds.length > 0) {
    // A ship at rest is pulled by the hex it sits in (it stays in the field); otherwise every hex
    // after the first counts, the end hex included.
    const first = path.length === 1 ? 0 : 1;
    for (let i = first; i < path.length; i++) {
      const h = path[i] as Hex;
      for (const w of worlds) {
        const dq = w.q - h.q;
        const dr = w.r - h.r;
        if (dq === 0 && dr === 0) {
          if (worldEntered === NONE) worldEntered = [];
          worldEntered.push(h);
        } else if (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr) === 2) {
          // Next to the world (hex distance 1), written out: this loop is the movement hot path.
          if (pulls === NONE) pulls = [];
          pulls.push({ q: dq, r: dr });
          vq += dq;
          vr += dr;
        }
      }
    }
  }
  return { path, to, vel: { q: vq + 0, r: vr + 0 }, pulls, worldEntered };
}
