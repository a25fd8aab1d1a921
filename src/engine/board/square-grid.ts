/**
 * Square-grid geometry shared by every board game here (not tied to one rule system): coordinates,
 * the eight compass directions, distances, front arcs and the exact supercover walk of a line
 * between square centres. Squares are indexed `y * width + x`; x grows east, y grows south.
 */

/** A square of the grid, by column (x, east) and row (y, south), both from 0. */
export interface Square {
  readonly x: number;
  readonly y: number;
}

/**
 * The eight compass directions, clockwise from north: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW.
 * Orthogonal directions are the even ones.
 */
export type Direction = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** The four orthogonal directions: 0 N, 2 E, 4 S, 6 W. */
export type Orthogonal = 0 | 2 | 4 | 6;

export const DIRECTIONS: readonly Direction[] = [0, 1, 2, 3, 4, 5, 6, 7];
/** Column change of one step in each direction. */
export const DX: readonly number[] = [0, 1, 1, 1, 0, -1, -1, -1];
/** Row change of one step in each direction. */
export const DY: readonly number[] = [-1, -1, 0, 1, 1, 1, 0, -1];
export const DIRECTION_NAMES: readonly string[] = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

export function isDiagonal(dir: number): boolean {
  return (dir & 1) === 1;
}

export function opposite(dir: Direction): Direction {
  return ((dir + 4) & 7) as Direction;
}

/** The direction of a one-square step from `(dx, dy)` (each −1, 0 or 1, not both 0), else -1. */
export function directionOf(dx: number, dy: number): Direction | -1 {
  if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx === 0 && dy === 0)) return -1;
  return STEP_DIRECTION[(dy + 1) * 3 + (dx + 1)] as Direction;
}
const STEP_DIRECTION = [7, 0, 1, 6, -1, 2, 5, 4, 3];

/**
 * Is the square `(dx, dy)` away (any distance) inside the front arc of a figure facing `dir`: at
 * most 90° either side of the facing, the edge included (dot product ≥ 0)? The figure's own square
 * (0, 0) counts as inside.
 */
export function inFrontArc(dir: number, dx: number, dy: number): boolean {
  return (DX[dir] as number) * dx + (DY[dir] as number) * dy >= 0;
}

/** Straight-line king-move distance (diagonals count 1), ignoring everything on the board. */
export function chebyshev(a: Square, b: Square): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/** Squared distance between square centres: compares "nearer in a straight line" without roots. */
export function distanceSquared(a: Square, b: Square): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return dx * dx + dy * dy;
}

export function sameSquare(a: Square, b: Square): boolean {
  return a.x === b.x && a.y === b.y;
}

/** A bounded grid of `width × height` squares. */
export interface GridSize {
  readonly width: number;
  readonly height: number;
}

export function inGrid(grid: GridSize, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < grid.width && y < grid.height;
}

export function indexOf(grid: GridSize, x: number, y: number): number {
  return y * grid.width + x;
}

export function squareAt(grid: GridSize, index: number): Square {
  return { x: index % grid.width, y: Math.floor(index / grid.width) };
}

/** The squares next to `s` (8 directions) that lie on the grid, in direction order. */
export function neighbours(grid: GridSize, s: Square): Square[] {
  const out: Square[] = [];
  for (const dir of DIRECTIONS) {
    const x = s.x + (DX[dir] as number);
    const y = s.y + (DY[dir] as number);
    if (inGrid(grid, x, y)) out.push({ x, y });
  }
  return out;
}

/**
 * One move of the supercover walk from the current square to the next:
 * - `'x'`: across the vertical side into the square east or west (the line crosses that side);
 * - `'y'`: across the horizontal side into the square north or south;
 * - `'corner'`: the line passes exactly through the shared corner into the diagonal square; it
 *   touches the two squares beside that corner only at the corner point.
 */
export type SupercoverMove = 'x' | 'y' | 'corner';
export const MOVE_X = 0;
export const MOVE_Y = 1;
export const MOVE_CORNER = 2;

/**
 * Walks the line from the centre of `(x0, y0)` to the centre of `(x1, y1)` square by square: every
 * square whose interior the line crosses is visited once, in order, and every side or corner it
 * crosses is reported. Exact integer arithmetic (no floating point, no tolerance).
 *
 * `visit(kind, fromX, fromY, toX, toY)` is called for each move (kind: MOVE_X, MOVE_Y or
 * MOVE_CORNER); returning `false` stops the walk, and `supercover` then returns `false`. With no
 * early stop it returns `true`. Allocation-free: the hot path of line of sight.
 */
export function supercover(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  visit: (kind: number, fromX: number, fromY: number, toX: number, toY: number) => boolean,
): boolean {
  const nx = Math.abs(x1 - x0);
  const ny = Math.abs(y1 - y0);
  const sx = x1 > x0 ? 1 : -1;
  const sy = y1 > y0 ? 1 : -1;
  let x = x0;
  let y = y0;
  let ix = 0;
  let iy = 0;
  while (ix < nx || iy < ny) {
    // Compare where the line meets the next vertical side (t = (2ix+1)/2nx) with the next
    // horizontal side (t = (2iy+1)/2ny), cross-multiplied to stay in integers.
    const decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
    if (decision === 0) {
      if (!visit(MOVE_CORNER, x, y, x + sx, y + sy)) return false;
      x += sx;
      y += sy;
      ix++;
      iy++;
    } else if (decision < 0) {
      if (!visit(MOVE_X, x, y, x + sx, y)) return false;
      x += sx;
      ix++;
    } else {
      if (!visit(MOVE_Y, x, y, x, y + sy)) return false;
      y += sy;
      iy++;
    }
  }
  return true;
}

/** The squares the supercover line visits, both ends included (for overlays and tests). */
export function supercoverSquares(a: Square, b: Square): Square[] {
  const out: Square[] = [{ x: a.x, y: a.y }];
  supercover(a.x, a.y, b.x, b.y, (_k, _fx, _fy, tx, ty) => {
    out.push({ x: tx, y: ty });
    return true;
  });
  return out;
}
