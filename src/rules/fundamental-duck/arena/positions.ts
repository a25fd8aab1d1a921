import { DX, DY } from '../../../engine/board/square-grid.ts';
import type { Facing } from './model.ts';

/**
 * Positions of human figures inside a square (digest §9.5). A lone Teamer stands in the centre,
 * or on the left or right side, or in the front or back half, each relative to his own facing; a
 * stacked pair takes opposite places (left and right, or front and back).
 *
 * Bughunt reads positions as points: the centre, or a quarter square from it toward the front,
 * back, left or right of the figure's facing. They matter only where a line leaves or enters a
 * shared square: a stack-mate whose point lies ahead of the shooter's point, toward the target,
 * is in the way (he may -DUCK!); at the target's end, a figure whose point lies ahead of the
 * target's toward the shooter shields it. Broad or narrow face changes nothing here.
 */

export type Position = 'centre' | 'left' | 'right' | 'front' | 'back';
export const POSITIONS: readonly Position[] = ['centre', 'left', 'right', 'front', 'back'];

/** A figure's place in its square: its facing and its position. Threats always stand in the centre. */
export interface Placement {
  readonly facing: Facing;
  readonly position: Position;
}

/** The turn from the facing to each position's direction, in eighths (left = a quarter turn anticlockwise). */
const TURN: Readonly<Record<Exclude<Position, 'centre'>, number>> = { front: 0, right: 2, back: 4, left: 6 };

/**
 * The point of a placement as an offset from the square's centre, in the direction units of
 * square-grid (a diagonal offset is (±1, ±1)); only its direction matters for the comparisons.
 */
export function positionPoint(p: Placement): { x: number; y: number } {
  if (p.position === 'centre') return { x: 0, y: 0 };
  const dir = (p.facing + TURN[p.position]) & 7;
  return { x: DX[dir] as number, y: DY[dir] as number };
}

/**
 * Is `other` in the way of a line leaving (or arriving at) `from`'s point in direction (dx, dy)?
 * True when other's point lies strictly ahead of from's point along that direction.
 * - A shot from a shared square: `from` the shooter, (dx, dy) toward the target.
 * - A shot at a figure in a shared square: `from` the target, (dx, dy) toward the shooter.
 */
export function inTheWay(from: Placement, other: Placement, dx: number, dy: number): boolean {
  const a = positionPoint(from);
  const b = positionPoint(other);
  return (b.x - a.x) * dx + (b.y - a.y) * dy > 0;
}

/**
 * May two figures stack in one square in these places? Their points must be opposite each other
 * (left/right or front/back, each by its own facing); two figures never share the centre.
 */
export function pairFits(a: Placement, b: Placement): boolean {
  const p = positionPoint(a);
  const q = positionPoint(b);
  if (p.x === 0 && p.y === 0) return false;
  return p.x === -q.x && p.y === -q.y;
}
