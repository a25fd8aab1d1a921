import type { Facing, SquareKey } from './world.ts';

/**
 * Grid arithmetic on square keys (`y * width + x`): arcs, straight-line nearness and facings.
 * Facings and the arc follow digest 9.3: 8 compass facings, and a square is in the front arc when
 * the dot product of the facing and the line to it is ≥ 0 (exactly sideways counts).
 */

const FX = [0, 1, 1, 1, 0, -1, -1, -1];
const FY = [-1, -1, 0, 1, 1, 1, 0, -1];

export function xOf(width: number, sq: SquareKey): number {
  return sq % width;
}
export function yOf(width: number, sq: SquareKey): number {
  return (sq - (sq % width)) / width;
}

/** Is `to` in the front arc of a figure on `from` facing `facing`? Its own square counts as inside. */
export function inFrontArc(width: number, from: SquareKey, facing: Facing, to: SquareKey): boolean {
  const dx = xOf(width, to) - xOf(width, from);
  const dy = yOf(width, to) - yOf(width, from);
  return (FX[facing] as number) * dx + (FY[facing] as number) * dy >= 0;
}

/** Squared straight-line distance between square centres ("nearer in a straight line"). */
export function straight2(width: number, a: SquareKey, b: SquareKey): number {
  const dx = xOf(width, a) - xOf(width, b);
  const dy = yOf(width, a) - yOf(width, b);
  return dx * dx + dy * dy;
}

/** The compass facing closest to the straight line from `from` to `to` (null on the same square). */
export function facingAlong(width: number, from: SquareKey, to: SquareKey): Facing | null {
  const dx = xOf(width, to) - xOf(width, from);
  const dy = yOf(width, to) - yOf(width, from);
  if (dx === 0 && dy === 0) return null;
  // Angle clockwise from north, in eighths of a turn, rounded to the nearest compass point.
  const eighths = Math.round((Math.atan2(dx, -dy) / Math.PI) * 4);
  return (((eighths % 8) + 8) % 8) as Facing;
}

/** The squares next to `sq` on the grid (up to 8), written into `out`; returns how many. */
export function neighboursInto(width: number, height: number, sq: SquareKey, out: SquareKey[]): number {
  const x = xOf(width, sq);
  const y = yOf(width, sq);
  let n = 0;
  for (let f = 0; f < 8; f++) {
    const nx = x + (FX[f] as number);
    const ny = y + (FY[f] as number);
    if (nx >= 0 && ny >= 0 && nx < width && ny < height) out[n++] = ny * width + nx;
  }
  return n;
}
