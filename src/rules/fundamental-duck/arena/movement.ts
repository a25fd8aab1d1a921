import { DX, DY, inFrontArc } from '../../../engine/board/square-grid.ts';
import { STEP_COSTS } from '../data/movement.ts';
import {
  type Arena,
  type ArenaState,
  type Facing,
  HEIGHT_FULL,
  PART_HALF,
  PART_QUARTER,
  SIDE_OPEN,
  type Square,
  sideKind,
  sideShut,
} from './model.ts';

// Imported bindings are read through module getters when tsx runs this code; the hot loops
// read these local copies instead (measured several times faster on the board bench).
const DX_ = DX;
const DY_ = DY;
const COSTS = STEP_COSTS;
const FULL = HEIGHT_FULL;
const HALF = PART_HALF;
const QUARTER = PART_QUARTER;
const OPEN = SIDE_OPEN;
const sideKindOf = sideKind;
const sideShutOf = sideShut;
const frontArc = inFrontArc;

/**
 * Movement on the arena (digest §9): step costs, the diagonal flank rule, climbing, facing and the
 * front arc, backward steps, turning on the spot, square capacity and part-square obstacles. Pure
 * functions of the arena, its state and the mover; the rolls (AvD, the fumble test for stepping off
 * an obstacle) and the free alignment at the end of a move are fd-rules' business.
 *
 * Readings (also in docs/rules/fundamental-duck.md):
 * - A Teamer may enter a square only if it holds no Threat and has room (capacity 2, 1 beside a
 *   part-square obstacle, counting every figure); a square he may enter he may also pass through.
 * - A Threat may never enter a square with another Threat and never pass through one with a
 *   Teamer; it may END in a square holding exactly one Teamer (when room allows): such squares are
 *   `endOnly` steps, and `reachable` never goes on from them.
 * - A door side is crossed only by an orthogonal step; a diagonal step goes round one of its two
 *   flanking squares, and a flank is prohibited when this figure could not enter it (no square,
 *   FULL obstacle, a machine, crowded or hostile figures, a part obstacle filling the cut corner) or
 *   when either side of that way round is a wall or any door side. Both prohibited: no step; one:
 *   cost 2.
 * - Climbing: onto a higher whole-square obstacle (LOW or HIGH) costs +1 orthogonally, +2
 *   diagonally; same level or down costs nothing extra; stepping down is flagged so the rules can
 *   make a Teamer's fumble test (+1 on failure).
 * - A part-square obstacle (half or quarter) is never climbed: the figure stands beside it. A half
 *   closes its side of the square (no step across it) and its two corners (no diagonal through
 *   them); a quarter closes its corner.
 * - Teamers: a step into the rear arc (dot product < 0) costs double and keeps the facing; any
 *   other step turns the figure to face along it. A turn on the spot costs 1. Threats ignore facing.
 */

export type Mover = 'teamer' | 'threat';

export interface MoveOptions {
  readonly mover: Mover;
  /** Difficult-game switch: diagonal steps cost 2. */
  readonly diagonalsCostTwo?: boolean;
  /**
   * Added when a Teamer steps down off an obstacle (his failed fumble test). Planning and previews
   * use 0 (the default); a rules engine replaying a real move adds it per failed test.
   */
  readonly offObstacleSurcharge?: number;
  /**
   * The square where the moving figure stands, when the state still counts it there (the usual
   * case); its own presence then never blocks it. -1: the state does not count it.
   */
  readonly moverAt?: number;
}

export interface StepResult {
  /** Movement points this step costs. */
  readonly cost: number;
  /** Facing after the step (the step's direction, or unchanged for a backward step). */
  readonly facing: Facing;
  readonly backward: boolean;
  readonly diagonal: boolean;
  /** One flanking square was prohibited: the figure went round by the other (cost 2). */
  readonly roundFlank: boolean;
  /** Climbed onto a higher obstacle. */
  readonly climb: boolean;
  /** Stepped down off an obstacle: a Teamer makes a fumble test (failure: +1). */
  readonly stepsDown: boolean;
  /** A Threat may end here but not go on (it shares the square with one Teamer). */
  readonly endOnly: boolean;
}

// Result of the allocation-free core (`step`), read right after a call.
let outCost = 0;
let outFacing = 0;
let outFlags = 0;
const F_BACKWARD = 1;
const F_DIAGONAL = 2;
const F_ROUND = 4;
const F_CLIMB = 8;
const F_DOWN = 16;
const F_END_ONLY = 32;

/** How many figures of each kind stand in square `j`, the mover itself left out. */
function others(state: ArenaState, j: number, moverAt: number, mover: Mover, kind: Mover): number {
  const n = kind === 'teamer' ? (state.teamers[j] as number) : (state.threats[j] as number);
  return j === moverAt && mover === kind ? n - 1 : n;
}

/**
 * 0: the mover may not enter `j`; 1: it may enter and pass through; 2: it may only end there.
 * Walls and corners are not looked at here.
 */
function entry(arena: Arena, state: ArenaState, j: number, mover: Mover, moverAt: number): number {
  const capacity = arena.capacity[j] as number;
  if (capacity === 0 || state.machines[j] !== 0) return 0;
  const threats = others(state, j, moverAt, mover, 'threat');
  const teamers = others(state, j, moverAt, mover, 'teamer');
  if (threats > 0) return 0;
  if (teamers + 1 > capacity) return 0;
  if (mover === 'teamer') return 1;
  return teamers === 0 ? 1 : teamers === 1 ? 2 : 0;
}

/** Does a part-square obstacle in `i` close its side toward orthogonal `dir`? */
function partClosesSide(arena: Arena, i: number, dir: number): boolean {
  return arena.partAt[i] === HALF + (dir >> 1);
}

/** Does a part-square obstacle in `i` close its corner toward diagonal `dir`? */
function partClosesCorner(arena: Arena, i: number, dir: number): boolean {
  const at = arena.partAt[i] as number;
  if (at === 0) return false;
  if (at >= QUARTER) return at === QUARTER + ((dir - 1) >> 1);
  const side = (at - HALF) << 1;
  return side === ((dir + 7) & 7) || side === ((dir + 1) & 7);
}

/**
 * Is the way round from `i` to diagonal neighbour `j` by flank `f` open? `d1` is the direction
 * i → f and `d2` the direction f → j (both orthogonal).
 */
function flankOpen(
  arena: Arena,
  state: ArenaState,
  i: number,
  f: number,
  d1: number,
  d2: number,
  corner: number,
  mover: Mover,
  moverAt: number,
): boolean {
  if (sideKindOf(arena, i, d1) !== OPEN || sideKindOf(arena, f, d2) !== OPEN) return false;
  if (arena.isSquare[f] !== 1 || arena.wholeHeight[f] === FULL) return false;
  if (partClosesCorner(arena, f, corner)) return false;
  if (state.machines[f] !== 0) return false;
  const threats = others(state, f, moverAt, mover, 'threat');
  const teamers = others(state, f, moverAt, mover, 'teamer');
  if (mover === 'teamer') return threats === 0 && teamers + 1 <= (arena.capacity[f] as number);
  return threats === 0 && teamers === 0;
}

/**
 * The core of a step from square `i` in direction `dir` for a figure facing `facing`: returns
 * false when the step is not allowed; otherwise sets outCost/outFacing/outFlags.
 */
function step(
  arena: Arena,
  state: ArenaState,
  i: number,
  dir: number,
  facing: number,
  mover: Mover,
  moverAt: number,
  diagonalCost: number,
  offSurcharge: number,
): boolean {
  const w = arena.width;
  const x = i % w;
  const y = (i - x) / w;
  const dx = DX_[dir] as number;
  const dy = DY_[dir] as number;
  const nx = x + dx;
  const ny = y + dy;
  if (nx < 0 || ny < 0 || nx >= w || ny >= arena.height) return false;
  const j = ny * w + nx;
  if (arena.isSquare[j] !== 1) return false;
  const enter = entry(arena, state, j, mover, moverAt);
  if (enter === 0) return false;
  let flags = enter === 2 ? F_END_ONLY : 0;
  let cost: number;
  if ((dir & 1) === 0) {
    if (sideShutOf(arena, state, i, dir, mover)) return false;
    if (partClosesSide(arena, i, dir) || partClosesSide(arena, j, (dir + 4) & 7)) return false;
    cost = COSTS.orthogonal;
  } else {
    if (partClosesCorner(arena, i, dir) || partClosesCorner(arena, j, (dir + 4) & 7)) return false;
    // Flank A lies along x (east/west of i), flank B along y (north/south of i).
    const ex = dx > 0 ? 2 : 6;
    const sy = dy > 0 ? 4 : 0;
    const a = i + dx;
    const b = i + dy * w;
    // The corner the step cuts, as a diagonal direction seen from each flank.
    const cornerA = dx > 0 ? (dy > 0 ? 5 : 7) : dy > 0 ? 3 : 1;
    const cornerB = dx > 0 ? (dy > 0 ? 1 : 3) : dy > 0 ? 7 : 5;
    const openA = flankOpen(arena, state, i, a, ex, sy, cornerA, mover, moverAt);
    const openB = flankOpen(arena, state, i, b, sy, ex, cornerB, mover, moverAt);
    if (!openA && !openB) return false;
    flags |= F_DIAGONAL;
    if (openA && openB) cost = diagonalCost;
    else {
      cost = COSTS.diagonalOneFlank;
      flags |= F_ROUND;
    }
  }
  const from = arena.wholeHeight[i] as number;
  const to = arena.wholeHeight[j] as number;
  if (to > from) {
    cost += (dir & 1) === 0 ? COSTS.climbOrthogonal : COSTS.climbDiagonal;
    flags |= F_CLIMB;
  } else if (to < from) {
    flags |= F_DOWN;
    if (mover === 'teamer') cost += offSurcharge;
  }
  let newFacing = dir;
  if (mover === 'teamer' && !frontArc(facing, dx, dy)) {
    cost *= COSTS.backwardFactor;
    newFacing = facing;
    flags |= F_BACKWARD;
  }
  outCost = cost;
  outFacing = newFacing;
  outFlags = flags;
  return true;
}

/**
 * The cost of one step from `from` to the neighbouring square `to` (8 directions) for a figure
 * facing `facing`, or null when the step is not allowed.
 */
export function stepCost(
  arena: Arena,
  state: ArenaState,
  from: Square,
  to: Square,
  facing: Facing,
  options: MoveOptions,
): StepResult | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return null;
  if (from.x < 0 || from.y < 0 || from.x >= arena.width || from.y >= arena.height) return null;
  const dir = DIR_OF[(dy + 1) * 3 + dx + 1] as number;
  const i = from.y * arena.width + from.x;
  const ok = step(
    arena,
    state,
    i,
    dir,
    facing,
    options.mover,
    options.moverAt ?? i,
    options.diagonalsCostTwo ? COSTS.diagonalDifficult : COSTS.diagonal,
    options.offObstacleSurcharge ?? 0,
  );
  if (!ok) return null;
  return {
    cost: outCost,
    facing: outFacing as Facing,
    backward: (outFlags & F_BACKWARD) !== 0,
    diagonal: (outFlags & F_DIAGONAL) !== 0,
    roundFlank: (outFlags & F_ROUND) !== 0,
    climb: (outFlags & F_CLIMB) !== 0,
    stepsDown: (outFlags & F_DOWN) !== 0,
    endOnly: (outFlags & F_END_ONLY) !== 0,
  };
}
const DIR_OF = [7, 0, 1, 6, -1, 2, 5, 4, 3];

function directionBetween(arena: Arena, from: number, to: number): number {
  const w = arena.width;
  const dx = (to % w) - (from % w);
  const dy = Math.floor(to / w) - Math.floor(from / w);
  return DIR_OF[(dy + 1) * 3 + dx + 1] as number;
}

/** Movement points for a Teamer to turn on the spot during a move (Threats turn for free). */
export function turnCost(mover: Mover): number {
  return mover === 'teamer' ? COSTS.turnOnSpot : 0;
}

/** One stage of a path: the square stood in, the facing there, and the movement points spent so far. */
export interface PathStage {
  readonly square: number;
  readonly facing: Facing;
  readonly spent: number;
}

/**
 * Every square a figure can reach with `allowance` movement points, by least cost (Dijkstra over
 * (square, facing) states with integer bucket queues; facing only matters for Teamers).
 */
export interface Reach {
  readonly start: number;
  readonly allowance: number;
  /** Least movement points to stand in each square (any facing); -1 out of reach. The start is 0. */
  readonly cost: Int16Array;
  /** Facing on arrival by that cheapest way (before the free alignment at the end of the move). */
  readonly facing: Int8Array;
  /** 1 where a Threat may only end its move (the square holds one Teamer). */
  readonly endOnly: Uint8Array;
  /** The state before each state on its cheapest way; -1 at the start. Internal to `pathTo`. */
  readonly previous: Int32Array;
  /** 1 where a state was reached by a turn on the spot and then a forward step. */
  readonly turned: Uint8Array;
  /** Movement points spent to reach each state (square·8 + facing); 0x7fff never. */
  readonly spent: Int16Array;
  /** The state (square·8 + facing) of the cheapest arrival in each square, -1 none. */
  readonly best: Int32Array;
}

/**
 * A buffer lent to `reachable` from call to call (null until the first call). Only for a caller
 * that is done with one Reach before it asks for the next: each call overwrites the last answer.
 */
export interface ReachBuffer {
  buffer: ArrayBuffer | null;
}

/** Bucket lists of the search, reused from call to call (the search runs to completion). */
const buckets: number[][] = [];

/**
 * All squares within `allowance` movement points of `start` for a figure facing `facing` (for a
 * Threat, facing is ignored). Turning on the spot is part of the search for Teamers. Squares a
 * Threat may only end in are reached but never passed through.
 */
export function reachable(
  arena: Arena,
  state: ArenaState,
  start: Square,
  facing: Facing,
  allowance: number,
  options: MoveOptions,
  reuse?: ReachBuffer,
): Reach {
  const size = arena.size;
  const mover = options.mover;
  const i0 = start.y * arena.width + start.x;
  const moverAt = options.moverAt ?? i0;
  const diagonalCost = options.diagonalsCostTwo ? COSTS.diagonalDifficult : COSTS.diagonal;
  const offSurcharge = options.offObstacleSurcharge ?? 0;
  const turn = turnCost(mover);
  const teamer = mover === 'teamer';
  const w = arena.width;
  // One buffer for the seven arrays (the widest first, so each starts on its own alignment): an
  // array of its own is an allocation outside the heap each, and the Threat AI asks for a reach
  // several times a Threat.
  // A caller that passes `reuse` lends its buffer: the Reach it got last time is overwritten.
  const bytes = size * (8 * 4 + 4 + 8 * 2 + 2 + 8 + 1 + 1);
  let buffer = reuse?.buffer;
  if (!buffer || buffer.byteLength < bytes) {
    buffer = new ArrayBuffer(bytes);
    if (reuse) reuse.buffer = buffer;
  }
  const previous = new Int32Array(buffer, 0, size * 8).fill(-1);
  const best = new Int32Array(buffer, size * 32, size).fill(-1);
  const dist = new Int16Array(buffer, size * 36, size * 8).fill(0x7fff);
  const cost = new Int16Array(buffer, size * 52, size).fill(-1);
  const turned = new Uint8Array(buffer, size * 54, size * 8).fill(0);
  const arrival = new Int8Array(buffer, size * 62, size).fill(-1);
  const endOnly = new Uint8Array(buffer, size * 63, size).fill(0);
  const limit = Math.max(0, Math.floor(allowance));
  for (let c = 0; c <= limit; c++) {
    if (buckets[c]) (buckets[c] as number[]).length = 0;
    else buckets[c] = [];
  }
  // Threats ignore facing: one state per square (facing slot 0).
  const s0 = i0 * 8 + (teamer ? facing : 0);
  dist[s0] = 0;
  (buckets[0] as number[]).push(s0);
  for (let c = 0; c <= limit; c++) {
    const bucket = buckets[c] as number[];
    for (let k = 0; k < bucket.length; k++) {
      const s = bucket[k] as number;
      if (dist[s] !== c) continue; // a stale entry: reached cheaper since
      const i = s >> 3;
      const f = s & 7;
      if (cost[i] === -1) {
        cost[i] = c;
        best[i] = s;
        // A Threat's single state per square keeps no facing: it faces along its last step.
        const p = previous[s] as number;
        arrival[i] = teamer || p < 0 ? f : directionBetween(arena, p >> 3, i);
      } else if (c > (cost[i] as number)) {
        // Dominated: the square's cheapest state plus one turn (1 point) does at least as well.
        continue;
      }
      if (endOnly[i] === 1 && i !== i0) continue;
      for (let dir = 0; dir < 8; dir++) {
        if (!step(arena, state, i, dir, f, mover, moverAt, diagonalCost, offSurcharge)) continue;
        const j = i + (DX_[dir] as number) + (DY_[dir] as number) * w;
        if (outFlags & F_END_ONLY) endOnly[j] = 1;
        const nc = c + outCost;
        if (nc <= limit) {
          const ns = j * 8 + (teamer ? outFacing : 0);
          if (nc < (dist[ns] as number)) {
            dist[ns] = nc;
            previous[ns] = s;
            turned[ns] = 0;
            (buckets[nc] as number[]).push(ns);
          }
        }
        // A turn on the spot only pays before a step: fold it into the step (turn, then forward).
        if (outFlags & F_BACKWARD) {
          const tc = c + turn + outCost / COSTS.backwardFactor;
          const ts = j * 8 + dir;
          if (tc <= limit && tc < (dist[ts] as number)) {
            dist[ts] = tc;
            previous[ts] = s;
            turned[ts] = 1;
            (buckets[tc] as number[]).push(ts);
          }
        }
      }
    }
  }
  return { start: i0, allowance: limit, cost, facing: arrival, endOnly, previous, turned, spent: dist, best };
}

/**
 * The cheapest way from the start to `square` as stages (the start first, one stage per step or
 * turn on the spot), or null when out of reach. A turn on the spot shows as a stage in the same
 * square with a new facing.
 */
export function pathTo(reach: Reach, square: number): PathStage[] | null {
  const last = reach.best[square];
  if (last === undefined || last < 0) return null;
  const out: PathStage[] = [];
  for (let s = last; s !== -1; s = reach.previous[s] as number) {
    out.push({ square: s >> 3, facing: (s & 7) as Facing, spent: reach.spent[s] as number });
    const p = reach.previous[s] as number;
    // The turn before a turned step: in the step's square of departure, already facing along it.
    if (reach.turned[s] === 1 && p >= 0)
      out.push({
        square: p >> 3,
        facing: (s & 7) as Facing,
        spent: (reach.spent[p] as number) + COSTS.turnOnSpot,
      });
  }
  return out.reverse();
}

/** The squares in reach, in index order (for overlays and the threat AI). */
export function reachableSquares(reach: Reach): number[] {
  const out: number[] = [];
  for (let i = 0; i < reach.cost.length; i++) if ((reach.cost[i] as number) >= 0) out.push(i);
  return out;
}
