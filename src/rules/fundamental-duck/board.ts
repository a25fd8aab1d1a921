import type { Facing } from './state.ts';

/**
 * What the rules ask of the arena: geometry (from fd-board's arena model) joined with the state
 * that changes in play (door positions, figures). `board-adapter.ts` builds it from the pack's
 * arena; the rules never touch the arena model directly, so that model can change on its own.
 *
 * Squares are indexed `y * width + x`.
 */

export type Height = 'none' | 'low' | 'high' | 'full';

export interface DoorGeometry {
  readonly id: string;
  /** The two tiles the door joins. */
  readonly tiles: readonly [number, number];
  /** Each door side as the square on one side and the direction (0 N, 2 E, 4 S, 6 W) to the other. */
  readonly sides: readonly { readonly x: number; readonly y: number; readonly dir: 0 | 2 | 4 | 6 }[];
  /** Aperture squares and the squares next to them along the wall line. */
  readonly zone: readonly number[];
}

export interface TileGeometry {
  readonly type: string;
  readonly x0: number;
  readonly y0: number;
  readonly size: number;
  /** Source chits dealt to this tile at set-up. */
  readonly sourceChits: number;
}

export interface Board {
  readonly width: number;
  readonly height: number;
  readonly tiles: readonly TileGeometry[];
  readonly doors: readonly DoorGeometry[];
  /** The square a Teamer first steps onto from the boarding bridge, and the facing that step gives. */
  readonly entry: { readonly x: number; readonly y: number; readonly facing: Facing };
  /** The tile of a square (-1 off the arena). */
  tileAt(x: number, y: number): number;
  heightAt(x: number, y: number): Height;
  /** Door index on the side between (x,y) and its orthogonal neighbour in `dir`, or -1. */
  doorOnSide(x: number, y: number, dir: number): number;
  /** Whether an orthogonal side is a wall (bulkhead or hull), doors not counted. */
  wallOnSide(x: number, y: number, dir: number): boolean;
  /** Fewest king-steps between squares, walls and FULL blocking, closed doors passable (13.2). */
  distance(ax: number, ay: number, bx: number, by: number): number;
}
