import type { SquareCell } from '../board/layout.ts';

/**
 * The personal-combat map's geometry: combatants stand at positions in metres (§7); the shared
 * board draws them on a grid of squares, each `scale` metres across. The scale grows with the
 * fight's extent so a skirmish at 20 m and a sniper's duel at 600 m both fit a phone screen.
 */

export interface FightGrid {
  /** Metres per square. */
  readonly scale: number;
  /** The metres at the top-left corner of square 0,0. */
  readonly originX: number;
  readonly originY: number;
  readonly width: number;
  readonly height: number;
}

export interface Spot {
  readonly x: number;
  readonly y: number;
}

/** Metres a square may stand for, smallest first: a scale is taken when the map fits in MAX_SQUARES. */
const SCALES = [1.5, 3, 6, 15, 30, 75, 150, 300, 750] as const;
const MAX_SQUARES = 40;
/** Squares of room around the outermost combatant (and a movement ring that reaches past him). */
const MARGIN = 3;

export function fightGrid(spots: readonly Spot[], reach = 0): FightGrid {
  const xs = spots.map((s) => s.x);
  const ys = spots.map((s) => s.y);
  const minX = Math.min(0, ...xs) - reach;
  const maxX = Math.max(0, ...xs) + reach;
  const minY = Math.min(0, ...ys) - reach;
  const maxY = Math.max(0, ...ys) + reach;
  const span = Math.max(maxX - minX, maxY - minY);
  const scale = SCALES.find((s) => span / s + 2 * MARGIN <= MAX_SQUARES) ?? 750;
  const originX = Math.floor(minX / scale) * scale - MARGIN * scale;
  const originY = Math.floor(minY / scale) * scale - MARGIN * scale;
  const width = Math.ceil((maxX - originX) / scale) + MARGIN;
  const height = Math.ceil((maxY - originY) / scale) + MARGIN;
  return { scale, originX, originY, width, height };
}

/** A position in metres as a point on the board (world units: one square is 1). */
export function toWorld(g: FightGrid, at: Spot): Spot {
  return { x: (at.x - g.originX) / g.scale, y: (at.y - g.originY) / g.scale };
}

/** The square a position in metres stands in. */
export function cellOf(g: FightGrid, at: Spot): SquareCell {
  return { x: Math.floor((at.x - g.originX) / g.scale), y: Math.floor((at.y - g.originY) / g.scale) };
}

/** The centre of a square, in whole metres (what a move to that square sends). */
export function metresOf(g: FightGrid, c: SquareCell): Spot {
  return {
    x: Math.round(g.originX + (c.x + 0.5) * g.scale),
    y: Math.round(g.originY + (c.y + 0.5) * g.scale),
  };
}

export function metresBetween(a: Spot, b: Spot): number {
  return Math.round(Math.hypot(a.x - b.x, a.y - b.y) * 10) / 10;
}
