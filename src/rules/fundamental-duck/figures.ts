import type { Board } from './board.ts';
import { DX, DY, type Facing, type FdState, type Teamer, type Threat } from './state.ts';
import { vehicleMachines } from './vehicle-squares.ts';

/**
 * Who stands where, and the small geometric questions every procedure asks about figures. The
 * records are small (five Teamers, a few dozen Threats), so a scan beats keeping an index in sync.
 */

/**
 * Teamers standing in a square (the fallen still lie there and take room; the dead do not, nor
 * does a comrade in someone's arms: he is part of his carrier, nor a man up in the ceiling, 19).
 */
export function teamersAt(state: FdState, x: number, y: number): Teamer[] {
  const out: Teamer[] = [];
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    if (t.x === x && t.y === y && t.wounds < 3 && !t.left && t.up !== true && !isCarried(state, id))
      out.push(t);
  }
  return out;
}

/** Whether a comrade carries this Teamer. */
export function isCarried(state: FdState, id: string): boolean {
  for (const other of state.teamOrder) if ((state.teamers[other] as Teamer).carrying === id) return true;
  return false;
}

export function threatAt(state: FdState, x: number, y: number): Threat | undefined {
  for (const id of state.threatOrder) {
    const t = state.threats[id] as Threat;
    if (t.x === x && t.y === y) return t;
  }
  return undefined;
}

/** Teamers standing in the arena and still alive (the fallen included: Threats may go for them). */
export function teamersOnBoard(state: FdState): Teamer[] {
  const out: Teamer[] = [];
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    if (t.x !== null && t.wounds < 3 && !t.left) out.push(t);
  }
  return out;
}

/** Teamers on board who can still fight (not out of action). */
export function activeTeamers(state: FdState): Teamer[] {
  return teamersOnBoard(state).filter((t) => t.wounds < 2);
}

/** No figure, no drone and no FULL obstacle: a Threat or a Source chit could go there. */
export function isFree(state: FdState, board: Board, x: number, y: number): boolean {
  if (board.tileAt(x, y) < 0 || board.heightAt(x, y) === 'full') return false;
  if (state.drones.some((d) => d.x === x && d.y === y)) return false;
  if (vehicleMachines(state, board.width).squares.includes(y * board.width + x)) return false;
  return teamersAt(state, x, y).length === 0 && threatAt(state, x, y) === undefined;
}

/** The facing (of 8) closest to the direction from (ax,ay) to (bx,by). */
export function facingToward(ax: number, ay: number, bx: number, by: number, fallback: Facing = 0): Facing {
  const dx = bx - ax;
  const dy = by - ay;
  if (dx === 0 && dy === 0) return fallback;
  // atan2 with y growing south: north is (0,-1) = facing 0, clockwise.
  const angle = Math.atan2(dx, -dy); // 0 = north, +π/2 = east
  const octant = Math.round(angle / (Math.PI / 4));
  return (((octant % 8) + 8) % 8) as Facing;
}

/** In the front arc: the angle between the facing and the line to the square is at most 90° (9.3). */
export function inFrontArc(fx: number, fy: number, facing: Facing, tx: number, ty: number): boolean {
  const dot = (tx - fx) * (DX[facing] as number) + (ty - fy) * (DY[facing] as number);
  return dot >= 0;
}

/** Straight-line distance between square centres (tie-breaks "nearest in straight line"). */
export function euclid(ax: number, ay: number, bx: number, by: number): number {
  return Math.hypot(bx - ax, by - ay);
}
