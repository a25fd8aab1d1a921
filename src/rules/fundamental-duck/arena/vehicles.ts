import { DX, DY } from '../../../engine/board/square-grid.ts';
import {
  type Arena,
  type ArenaState,
  type Facing,
  HEIGHT_FULL,
  SIDE_OPEN,
  type Square,
  sideKind,
  sideShut,
} from './model.ts';

/**
 * Vehicles on the arena (digest §18): a vehicle fills `length` squares in a line, front first,
 * the rest trailing behind away from its facing. It drives forward or in reverse one square at a
 * time (1 movement point), or pivots an eighth of a turn on its front square while the rear swings
 * (the type's pivot cost); with no room the manoeuvre is impossible.
 *
 * Readings (also in docs/rules/fundamental-duck.md):
 * - Every square a vehicle moves into must be a square of the arena with no figure, no other
 *   machine and no part obstacle; a whole-square obstacle only when bulldozing is asked for and it
 *   is not black-topped (the rules make the successful action for it).
 * - Each square's move obeys walls and doors as a figure's step does: orthogonal across an open
 *   door side only, a diagonal only with a clear way round one corner.
 * - Only vehicles of length 1 or 2 pivot (a longer one's rear would sweep several squares).
 * - The stop rule: a vehicle that has moved more than `stopAfter` squares in this move may stop
 *   only after its last `stopSquares` manoeuvres went straight (all forward or all in reverse).
 */

export interface VehiclePlacement {
  readonly front: Square;
  readonly facing: Facing;
  readonly length: number;
}

export type VehicleManoeuvre = 'forward' | 'reverse' | 'pivot-left' | 'pivot-right';

export interface ManoeuvreResult {
  readonly placement: VehiclePlacement;
  /** Movement points it costs. */
  readonly cost: number;
  /** Square indexes of obstacles it drove into (bulldozing). */
  readonly bulldozed: readonly number[];
}

export interface ManoeuvreOptions {
  /** Movement points of a pivot (the pack's vehicle type `pivotCost`). */
  readonly pivotCost: number;
  /** May it drive into whole-square obstacles that are not black-topped? */
  readonly bulldoze?: boolean;
}

/** The squares a vehicle fills, front first. */
export function vehicleSquares(v: VehiclePlacement): Square[] {
  const bx = -(DX[v.facing] as number);
  const by = -(DY[v.facing] as number);
  const out: Square[] = [];
  for (let k = 0; k < v.length; k++) out.push({ x: v.front.x + bx * k, y: v.front.y + by * k });
  return out;
}

function onArena(arena: Arena, s: Square): boolean {
  return (
    s.x >= 0 &&
    s.y >= 0 &&
    s.x < arena.width &&
    s.y < arena.height &&
    arena.isSquare[s.y * arena.width + s.x] === 1
  );
}

/**
 * Can something as wide as a vehicle get from `a` to its neighbour `b` past walls and doors? (Also
 * the way a Teamer climbs in or out between a vehicle's square and his own.)
 */
export function passage(arena: Arena, state: ArenaState, a: Square, b: Square): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const i = a.y * arena.width + a.x;
  if (dx === 0 || dy === 0) {
    const dir = dx > 0 ? 2 : dx < 0 ? 6 : dy > 0 ? 4 : 0;
    return !sideShut(arena, state, i, dir, 'teamer');
  }
  const ex = dx > 0 ? 2 : 6;
  const ey = dy > 0 ? 4 : 0;
  const way = (f: Square, d1: number, d2: number) =>
    onArena(arena, f) &&
    arena.wholeHeight[f.y * arena.width + f.x] !== HEIGHT_FULL &&
    sideKind(arena, i, d1) === SIDE_OPEN &&
    sideKind(arena, f.y * arena.width + f.x, d2) === SIDE_OPEN;
  return way({ x: a.x + dx, y: a.y }, ex, ey) || way({ x: a.x, y: a.y + dy }, ey, ex);
}

/**
 * Can the vehicle move into square `s` (not one it already fills)? Returns the square index of an
 * obstacle it would bulldoze, -1 for a clear square, or null when it cannot.
 */
function room(arena: Arena, state: ArenaState, s: Square, bulldoze: boolean): number | null {
  if (!onArena(arena, s)) return null;
  const i = s.y * arena.width + s.x;
  if (state.teamers[i] !== 0 || state.threats[i] !== 0 || state.machines[i] !== 0) return null;
  if (arena.partAt[i] !== 0) return null;
  if (arena.wholeHeight[i] === 0) return -1;
  if (!bulldoze) return null;
  const obstacle = arena.obstacles.find((o) => o.square === i && o.part === 'whole');
  // Loads are cargo, not obstacles to shove aside (picking up pods is its own action).
  if (!obstacle || obstacle.blackTop) return null;
  return i;
}

/**
 * One manoeuvre of a vehicle, or null when there is no room. `state` should not count the
 * vehicle itself among its machines (its own squares are free to it).
 */
export function vehicleManoeuvre(
  arena: Arena,
  state: ArenaState,
  v: VehiclePlacement,
  manoeuvre: VehicleManoeuvre,
  options: ManoeuvreOptions,
): ManoeuvreResult | null {
  const squares = vehicleSquares(v);
  const own = new Set(squares.map((s) => `${s.x},${s.y}`));
  const bulldozed: number[] = [];
  const enter = (s: Square): boolean => {
    if (own.has(`${s.x},${s.y}`)) return true;
    const r = room(arena, state, s, options.bulldoze === true);
    if (r === null) return false;
    if (r >= 0) bulldozed.push(r);
    return true;
  };
  if (manoeuvre === 'forward' || manoeuvre === 'reverse') {
    const sign = manoeuvre === 'forward' ? 1 : -1;
    const dx = (DX[v.facing] as number) * sign;
    const dy = (DY[v.facing] as number) * sign;
    // The leading square breaks new ground; the others follow into squares it already held.
    const lead = manoeuvre === 'forward' ? (squares[0] as Square) : (squares[squares.length - 1] as Square);
    const next = { x: lead.x + dx, y: lead.y + dy };
    if (!enter(next) || !passage(arena, state, lead, next)) return null;
    const front = { x: v.front.x + dx, y: v.front.y + dy };
    return { placement: { ...v, front }, cost: 1, bulldozed };
  }
  if (v.length > 2) return null;
  const facing = ((v.facing + (manoeuvre === 'pivot-right' ? 1 : 7)) & 7) as Facing;
  const placement = { ...v, facing };
  if (v.length === 2) {
    const oldRear = squares[1] as Square;
    const newRear = vehicleSquares(placement)[1] as Square;
    if (!enter(newRear)) return null;
    if (!passage(arena, state, oldRear, newRear) || !passage(arena, state, v.front, newRear)) return null;
  }
  return { placement, cost: options.pivotCost, bulldozed };
}

/**
 * May a vehicle stop after these manoeuvres of its move? Only if it has moved at most `stopAfter`
 * squares, or its last `stopSquares` manoeuvres went straight one way.
 */
export function vehicleMayStop(
  done: readonly VehicleManoeuvre[],
  stopAfter: number,
  stopSquares: number,
): boolean {
  const moved = done.filter((m) => m === 'forward' || m === 'reverse').length;
  if (moved <= stopAfter) return true;
  if (done.length < stopSquares) return false;
  const tail = done.slice(done.length - stopSquares);
  return tail.every((m) => m === 'forward') || tail.every((m) => m === 'reverse');
}
