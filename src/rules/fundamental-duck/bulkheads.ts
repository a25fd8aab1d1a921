import { DX, DY } from '../../engine/board/square-grid.ts';
import { type Arena, SIDE_WALL, sideKind } from './arena/model.ts';

/**
 * Bulkhead sides for the door switch (c), weak spots (digest §14): a wall side between squares of
 * two different tiles (never the hull, never a door). Named by the west or north square of the two
 * and the side of it ('e' or 's'), so both squares name one side the same way.
 */

export interface BulkheadSide {
  readonly id: string;
  readonly a: number;
  readonly b: number;
}

/** The bulkhead side between square `i` and its orthogonal neighbour in `dir` (0 N, 2 E, 4 S, 6 W), or null. */
export function bulkheadSide(arena: Arena, i: number, dir: number): BulkheadSide | null {
  const w = arena.width;
  const x = (i % w) + (DX[dir] as number);
  const y = Math.floor(i / w) + (DY[dir] as number);
  if (dir % 2 !== 0 || x < 0 || y < 0 || x >= w || y >= arena.height) return null;
  const j = y * w + x;
  if (arena.isSquare[i] !== 1 || arena.isSquare[j] !== 1) return null;
  const ti = arena.tileOf[i] as number;
  const tj = arena.tileOf[j] as number;
  if (ti < 0 || tj < 0 || ti === tj || sideKind(arena, i, dir) !== SIDE_WALL) return null;
  const [lo, hi] = i < j ? [i, j] : [j, i];
  return { id: `${lo}${hi === lo + 1 ? 'e' : 's'}`, a: lo, b: hi };
}

/** The bulkhead sides touching square `i`. */
export function bulkheadSidesAt(arena: Arena, i: number): BulkheadSide[] {
  const out: BulkheadSide[] = [];
  for (const dir of [0, 2, 4, 6]) {
    const s = bulkheadSide(arena, i, dir);
    if (s) out.push(s);
  }
  return out;
}

/** The bulkhead side an id names, or null when the arena has no such side. */
export function bulkheadSideById(arena: Arena, id: string): BulkheadSide | null {
  const m = /^(\d{1,6})([es])$/.exec(id);
  if (!m) return null;
  const s = bulkheadSide(arena, Number(m[1]), m[2] === 'e' ? 2 : 4);
  return s?.id === id ? s : null;
}
