import {
  inFrontArc,
  MOVE_CORNER,
  MOVE_X,
  type Square,
  supercover,
} from '../../../engine/board/square-grid.ts';
import {
  type Arena,
  type ArenaState,
  type Facing,
  HEIGHT_HIGH,
  HEIGHT_LOW,
  PART_HALF,
  PART_QUARTER,
  SIDE_DOOR,
  SIDE_OPEN,
  sideKind,
} from './model.ts';

/**
 * Sight, lines of fire and thrown weapons (digest §10) by ONE exact line method:
 *
 * The line runs from the centre of the first square to the centre of the second. It is walked
 * square by square with an integer supercover (`supercover` in src/engine/board/square-grid.ts):
 * - every side the line crosses is checked: a wall blocks, a closed door blocks (an open door side
 *   does not, even crossed at a slant: the orthogonal-only rule is for feet, not eyes);
 * - every square whose interior the line crosses, other than the two end squares, is checked:
 *   whole-square obstacles by height, machines (vehicles, drones), figures (for fire), and
 *   half/quarter obstacles only if the line actually passes through the part they fill (exact
 *   segment/rectangle test in doubled integer coordinates);
 * - where the line passes exactly through a corner point, it may slip by on either side: it is
 *   blocked only if BOTH ways round are blocked, each way being its two sides plus the flanking
 *   square (a part obstacle there counts only if it fills that corner). This matches the movement
 *   flank rule.
 * - the end squares never block: a figure's own square and its target's are the figures'
 *   business (positions in a shared square, §9.5, are fd-rules').
 *
 * What blocks (digest §10.1, §4):
 * | line  | walls, closed doors | HIGH, FULL, machines | LOW | standing figures | ducked Teamers |
 * | sight | yes                 | yes                  | no  | no               | no             |
 * | fire  | yes                 | yes                  | yes | yes (a Teamer may -DUCK! for a Teamer's shot) | only for weapons that never fire past figures |
 * | throw | yes                 | yes                  | no  | no               | no             |
 */

export type LineKind = 'sight' | 'fire' | 'throw';

export type BlockerKind = 'wall' | 'door' | 'obstacle' | 'figure' | 'duck';

export interface LineBlocker {
  /** wall, door (closed), obstacle (incl. machines), figure (cannot duck), duck (Teamers who may -DUCK!). */
  readonly kind: BlockerKind;
  /** The square holding the blocker; for a side, the square the line was entering. */
  readonly at: Square;
}

export interface LineResult {
  readonly clear: boolean;
  readonly blockedBy?: LineBlocker;
  /**
   * Fire only: when the line is blocked only by standing Teamers who may -DUCK!, their squares in
   * order along the line (the shot goes ahead once they all duck).
   */
  readonly duckers?: readonly Square[];
}

export interface FireOptions {
  /** False for flamers and shotguns: any figure, ducked or not, blocks them. */
  readonly firesPastFigures?: boolean;
  /** Who shoots: only a Teamer's comrades -DUCK! out of his way; for a Threat's shot they block. */
  readonly shooter?: 'teamer' | 'threat';
}

const CLEAR: LineResult = Object.freeze({ clear: true });

// Severity of a blocker found by the walker; HARD stops the walk.
const NONE = 0;
const DUCKABLE = 1;
const HARD = 2;
const KIND_CODES: readonly BlockerKind[] = ['wall', 'door', 'obstacle', 'figure', 'duck'];
const K_WALL = 0;
const K_DOOR = 1;
const K_OBSTACLE = 2;
const K_FIGURE = 3;

// Walker state, module-level so a query allocates nothing until it must report a blocker.
let wArena: Arena;
let wState: ArenaState;
let wHeight = HEIGHT_HIGH; // obstacles of this height or more block
let wFigures = false; // standing figures block
let wDucked = false; // ducked Teamers block too
let wCanDuck = false; // standing Teamers may duck instead of blocking
let wEndX = 0;
let wEndY = 0;
let wP0x = 0; // segment in doubled coordinates
let wP0y = 0;
let wDx = 0;
let wDy = 0;
let hitKind = 0;
let hitAt = 0;
let duckers: number[] | null = null;
// The block found by `squareBlock` / `sideBlock`: severity and kind.
let bKind = 0;

/** How square `i` blocks (NONE, DUCKABLE, HARD; kind in bKind), ignoring part obstacles. */
function squareBlock(i: number): number {
  const a = wArena;
  const s = wState;
  if ((a.wholeHeight[i] as number) >= wHeight || s.machines[i] !== 0) {
    bKind = K_OBSTACLE;
    return HARD;
  }
  if (!wFigures) return NONE;
  if (s.threats[i] !== 0) {
    bKind = K_FIGURE;
    return HARD;
  }
  const teamers = s.teamers[i] as number;
  if (teamers === 0) return NONE;
  const standing = teamers - (s.ducked[i] as number);
  if (wDucked) {
    bKind = K_FIGURE;
    return HARD;
  }
  if (standing === 0) return NONE;
  bKind = K_FIGURE;
  return wCanDuck ? DUCKABLE : HARD;
}

/** How the side from `i` toward orthogonal `dir` blocks. */
function sideBlock(i: number, dir: number): number {
  const kind = sideKind(wArena, i, dir);
  if (kind === SIDE_OPEN) return NONE;
  if (kind === SIDE_DOOR) {
    const w = wArena.width;
    const door =
      dir === 2
        ? wArena.doorE[i]
        : dir === 4
          ? wArena.doorS[i]
          : dir === 6
            ? wArena.doorE[i - 1]
            : wArena.doorS[i - w];
    if (wState.doorOpen[door as number] === 1) return NONE;
    bKind = K_DOOR;
    return HARD;
  }
  bKind = K_WALL;
  return HARD;
}

/**
 * Does the part-square obstacle of square `i` lie on the line? Exact: the segment between the
 * centres (doubled coordinates, so centres are odd integers) must cross the interior of the
 * rectangle the part fills (touching its edge or corner does not count).
 */
function partOnLine(i: number): boolean {
  const at = wArena.partAt[i] as number;
  const w = wArena.width;
  const x = i % w;
  const y = (i - x) / w;
  let x0 = 2 * x;
  let x1 = 2 * x + 2;
  let y0 = 2 * y;
  let y1 = 2 * y + 2;
  if (at < PART_QUARTER) {
    const side = at - PART_HALF; // N 0, E 1, S 2, W 3
    if (side === 0) y1 = y0 + 1;
    else if (side === 1) x0 = x1 - 1;
    else if (side === 2) y0 = y1 - 1;
    else x1 = x0 + 1;
  } else {
    const corner = at - PART_QUARTER; // NE 0, SE 1, SW 2, NW 3
    if (corner === 0 || corner === 1) x0 = x1 - 1;
    else x1 = x0 + 1;
    if (corner === 0 || corner === 3) y1 = y0 + 1;
    else y0 = y1 - 1;
  }
  // Liang–Barsky against the open rectangle. Equal ratios divide to equal doubles (IEEE division
  // is correctly rounded), so a line through the rectangle's corner gives t0 === t1 exactly.
  clipT0 = 0;
  clipT1 = 1;
  return (
    clip(-wDx, wP0x - x0) &&
    clip(wDx, x1 - wP0x) &&
    clip(-wDy, wP0y - y0) &&
    clip(wDy, y1 - wP0y) &&
    clipT0 < clipT1
  );
}
let clipT0 = 0;
let clipT1 = 1;
function clip(p: number, q: number): boolean {
  if (p === 0) return q > 0;
  const t = q / p;
  if (p < 0) {
    if (t > clipT0) clipT0 = t;
  } else if (t < clipT1) clipT1 = t;
  return true;
}

/** Does the part obstacle of `i` fill the corner toward diagonal direction `corner`? */
function partFillsCorner(i: number, corner: number): boolean {
  const at = wArena.partAt[i] as number;
  if (at === 0) return false;
  if (at >= PART_QUARTER) return at === PART_QUARTER + ((corner - 1) >> 1);
  const side = (at - PART_HALF) << 1;
  return side === ((corner + 7) & 7) || side === ((corner + 1) & 7);
}

/** The blocking of an intermediate square the line crosses. */
function crossedSquare(i: number): number {
  const sev = squareBlock(i);
  if (sev === HARD) return HARD;
  if ((wArena.partHeight[i] as number) >= wHeight && partOnLine(i)) {
    bKind = K_OBSTACLE;
    return HARD;
  }
  return sev;
}

/** The blocking of flank square `f` (touched at a corner toward `corner`), not an end square. */
function flankSquare(f: number, corner: number): number {
  if (wArena.isSquare[f] !== 1) {
    bKind = K_WALL;
    return HARD;
  }
  const sev = squareBlock(f);
  if (sev === HARD) return HARD;
  if ((wArena.partHeight[f] as number) >= wHeight && partFillsCorner(f, corner)) {
    bKind = K_OBSTACLE;
    return HARD;
  }
  return sev;
}

function note(sev: number, kind: number, at: number): boolean {
  if (sev === HARD) {
    hitKind = kind;
    hitAt = at;
    return false;
  }
  if (sev === DUCKABLE) {
    if (duckers === null) duckers = [];
    if (!duckers.includes(at)) duckers.push(at);
  }
  return true;
}

/** One way round a corner: side i→f, square f, side f→j. Returns severity; kind/at in pass*. */
let passKind = 0;
let passAt = 0;
let passDuck = -1;
function wayRound(i: number, f: number, j: number, d1: number, d2: number, corner: number): number {
  passDuck = -1;
  let sev = sideBlock(i, d1);
  if (sev === HARD) {
    passKind = bKind;
    passAt = f;
    return HARD;
  }
  if (f < 0) {
    passKind = K_WALL;
    passAt = j;
    return HARD;
  }
  sev = flankSquare(f, corner);
  if (sev === HARD) {
    passKind = bKind;
    passAt = f;
    return HARD;
  }
  const duck = sev === DUCKABLE;
  sev = sideBlock(f, d2);
  if (sev === HARD) {
    passKind = bKind;
    passAt = j;
    return HARD;
  }
  if (duck) {
    passDuck = f;
    return DUCKABLE;
  }
  return NONE;
}

function visit(kind: number, fx: number, fy: number, tx: number, ty: number): boolean {
  const w = wArena.width;
  const i = fy * w + fx;
  const j = ty * w + tx;
  const isEnd = tx === wEndX && ty === wEndY;
  if (kind === MOVE_CORNER) {
    const sx = tx - fx;
    const sy = ty - fy;
    const ex = sx > 0 ? 2 : 6;
    const ey = sy > 0 ? 4 : 0;
    const ax = fx + sx;
    const by = fy + sy;
    const a = ax >= 0 && ax < w ? fy * w + ax : -1;
    const b = by >= 0 && by < wArena.height ? by * w + fx : -1;
    const sevA = wayRound(i, a, j, ex, ey, sx > 0 ? (sy > 0 ? 5 : 7) : sy > 0 ? 3 : 1);
    const kA = passKind;
    const atA = passAt;
    const duckA = passDuck;
    const sevB = wayRound(i, b, j, ey, ex, sx > 0 ? (sy > 0 ? 1 : 3) : sy > 0 ? 7 : 5);
    if (sevA === NONE || sevB === NONE) {
      // clear past the corner
    } else if (sevA === HARD && sevB === HARD) {
      return note(HARD, kA, atA);
    } else {
      // At least one way is blocked only by Teamers who may duck.
      note(DUCKABLE, K_FIGURE, sevA === DUCKABLE ? duckA : passDuck);
    }
  } else {
    const dir = kind === MOVE_X ? (tx > fx ? 2 : 6) : ty > fy ? 4 : 0;
    const sev = sideBlock(i, dir);
    if (sev === HARD) return note(HARD, bKind, j);
  }
  if (isEnd) return true;
  const sev = crossedSquare(j);
  return note(sev, bKind, j);
}

function trace(arena: Arena, state: ArenaState, from: Square, to: Square): LineResult {
  wArena = arena;
  wState = state;
  wEndX = to.x;
  wEndY = to.y;
  wP0x = 2 * from.x + 1;
  wP0y = 2 * from.y + 1;
  wDx = 2 * (to.x - from.x);
  wDy = 2 * (to.y - from.y);
  duckers = null;
  const ok = supercover(from.x, from.y, to.x, to.y, visit);
  const w = arena.width;
  const sq = (i: number): Square => ({ x: i % w, y: Math.floor(i / w) });
  if (!ok) return { clear: false, blockedBy: { kind: KIND_CODES[hitKind] as BlockerKind, at: sq(hitAt) } };
  if (duckers === null) return CLEAR;
  const list = (duckers as number[]).map(sq);
  return { clear: false, blockedBy: { kind: 'duck', at: list[0] as Square }, duckers: list };
}

/**
 * Sight between two squares: walls, closed doors, HIGH and FULL obstacles and machines block;
 * figures and LOW obstacles do not. Front arcs are not looked at (see `isVisible`).
 */
export function lineOfSight(arena: Arena, state: ArenaState, from: Square, to: Square): LineResult {
  wHeight = HEIGHT_HIGH;
  wFigures = false;
  wDucked = false;
  wCanDuck = false;
  return trace(arena, state, from, to);
}

/**
 * Line of fire for direct shooting: everything that blocks sight, plus LOW obstacles and standing
 * figures between the shooter and the target. For a Teamer's shot, standing Teamers in the way are
 * reported as `duck` with `duckers` (they may -DUCK!); a weapon that never fires past figures is
 * blocked by any figure, ducked or not.
 */
export function lineOfFire(
  arena: Arena,
  state: ArenaState,
  from: Square,
  to: Square,
  options: FireOptions = {},
): LineResult {
  const past = options.firesPastFigures ?? true;
  wHeight = HEIGHT_LOW;
  wFigures = true;
  wDucked = !past;
  wCanDuck = past && (options.shooter ?? 'teamer') === 'teamer';
  return trace(arena, state, from, to);
}

/** A throw (grenade): over LOW obstacles and figures, stopped by HIGH, FULL, machines, walls and closed doors. */
export function lineOfThrow(arena: Arena, state: ArenaState, from: Square, to: Square): LineResult {
  wHeight = HEIGHT_HIGH;
  wFigures = false;
  wDucked = false;
  wCanDuck = false;
  return trace(arena, state, from, to);
}

/** Whichever line `kind` asks for (fire with default options). */
export function line(arena: Arena, state: ArenaState, from: Square, to: Square, kind: LineKind): LineResult {
  if (kind === 'fire') return lineOfFire(arena, state, from, to);
  if (kind === 'throw') return lineOfThrow(arena, state, from, to);
  return lineOfSight(arena, state, from, to);
}

/** "Visible to X" (§10.1): in X's front arc and in sight of X. */
export function isVisible(
  arena: Arena,
  state: ArenaState,
  viewer: Square,
  facing: Facing,
  target: Square,
): boolean {
  if (!inFrontArc(facing, target.x - viewer.x, target.y - viewer.y)) return false;
  return lineOfSight(arena, state, viewer, target).clear;
}

export interface VisibleOptions {
  /** Only squares in the front arc of this facing (omit: all round). */
  readonly facing?: Facing;
  readonly kind?: LineKind;
  /** Only squares at most this many king steps away (lights out, power outage, weapon range). */
  readonly maxRange?: number;
}

/** Every square in sight (or line of fire/throw) from `from`, as a 0/1 mask by square index (overlays, the AI). */
export function visibleSquares(
  arena: Arena,
  state: ArenaState,
  from: Square,
  options: VisibleOptions = {},
): Uint8Array {
  const mask = new Uint8Array(arena.size);
  const kind = options.kind ?? 'sight';
  const range = options.maxRange ?? Number.POSITIVE_INFINITY;
  for (let y = 0; y < arena.height; y++)
    for (let x = 0; x < arena.width; x++) {
      const i = y * arena.width + x;
      if (arena.isSquare[i] !== 1) continue;
      const dx = x - from.x;
      const dy = y - from.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) > range) continue;
      if (options.facing !== undefined && !inFrontArc(options.facing, dx, dy)) continue;
      if (line(arena, state, from, { x, y }, kind).clear) mask[i] = 1;
    }
  return mask;
}
