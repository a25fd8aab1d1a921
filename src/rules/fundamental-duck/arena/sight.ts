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

// Imported bindings are read through module getters when tsx runs this code; the hot loops
// read these local copies instead (measured several times faster on the board bench).
const CORNER = MOVE_CORNER;
const ACROSS_X = MOVE_X;
const walkLine = supercover;
const HIGH = HEIGHT_HIGH;
const LOW = HEIGHT_LOW;
const HALF = PART_HALF;
const QUARTER = PART_QUARTER;
const DOOR = SIDE_DOOR;
const OPEN = SIDE_OPEN;
const sideKindOf = sideKind;

/**
 * Sight, lines of fire and thrown weapons (digest §10) by ONE exact line method:
 *
 * The line runs from the centre of the first square to the centre of the second. It is walked
 * square by square with an integer walkLine (`walkLine` in src/engine/board/square-grid.ts):
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
let wHeight = HIGH; // obstacles of this height or more block
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
  const kind = sideKindOf(wArena, i, dir);
  if (kind === OPEN) return NONE;
  if (kind === DOOR) {
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
  if (at < QUARTER) {
    const side = at - HALF; // N 0, E 1, S 2, W 3
    if (side === 0) y1 = y0 + 1;
    else if (side === 1) x0 = x1 - 1;
    else if (side === 2) y0 = y1 - 1;
    else x1 = x0 + 1;
  } else {
    const corner = at - QUARTER; // NE 0, SE 1, SW 2, NW 3
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
  if (at >= QUARTER) return at === QUARTER + ((corner - 1) >> 1);
  const side = (at - HALF) << 1;
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
  if (kind === CORNER) {
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
    const dir = kind === ACROSS_X ? (tx > fx ? 2 : 6) : ty > fy ? 4 : 0;
    const sev = sideBlock(i, dir);
    if (sev === HARD) return note(HARD, bKind, j);
  }
  if (isEnd) return true;
  const sev = crossedSquare(j);
  return note(sev, bKind, j);
}

/** Walks the line; true when nothing blocks hard (duckers, if any, are left in `duckers`). */
function walk(arena: Arena, state: ArenaState, x0: number, y0: number, x1: number, y1: number): boolean {
  wArena = arena;
  wState = state;
  wEndX = x1;
  wEndY = y1;
  wP0x = 2 * x0 + 1;
  wP0y = 2 * y0 + 1;
  wDx = 2 * (x1 - x0);
  wDy = 2 * (y1 - y0);
  duckers = null;
  return walkLine(x0, y0, x1, y1, visit);
}

function trace(arena: Arena, state: ArenaState, from: Square, to: Square): LineResult {
  const ok = walk(arena, state, from.x, from.y, to.x, to.y);
  if (!ok) return blockedResult(arena, hitKind, hitAt);
  if (duckers === null) return CLEAR;
  const list: Square[] = [];
  for (const i of duckers as number[]) list.push(squareAt(arena, i));
  return { clear: false, blockedBy: { kind: 'duck', at: list[0] as Square }, duckers: list };
}

/**
 * Results are read-only, so each (kind, square) blocked result is made once per arena and shared:
 * a query allocates nothing unless Teamers must duck.
 */
const blockedResults = new WeakMap<Arena, (LineResult | undefined)[]>();

function blockedResult(arena: Arena, kind: number, at: number): LineResult {
  let cache = blockedResults.get(arena);
  if (!cache) {
    cache = [];
    blockedResults.set(arena, cache);
  }
  const key = kind * arena.size + at;
  let result = cache[key];
  if (!result) {
    result = Object.freeze({
      clear: false,
      blockedBy: Object.freeze({
        kind: KIND_CODES[kind] as BlockerKind,
        at: Object.freeze(squareAt(arena, at)),
      }),
    });
    cache[key] = result;
  }
  return result;
}

function squareAt(arena: Arena, i: number): Square {
  return { x: i % arena.width, y: Math.floor(i / arena.width) };
}

/**
 * Sight between two squares: walls, closed doors, HIGH and FULL obstacles and machines block;
 * figures and LOW obstacles do not. Front arcs are not looked at (see `isVisible`).
 */
export function lineOfSight(arena: Arena, state: ArenaState, from: Square, to: Square): LineResult {
  // The fast walk answers, and names the blocker too, except past a corner: only then is the line
  // walked again by the general walker.
  if (hasLineOfSight(arena, state, from.x, from.y, to.x, to.y)) return CLEAR;
  if (fastKind >= 0) return blockedResult(arena, fastKind, fastAt);
  wHeight = HIGH;
  wFigures = false;
  wDucked = false;
  wCanDuck = false;
  return trace(arena, state, from, to);
}

/** What stopped the last `hasLineOfSight` that returned false (-1: a corner, see lineOfSight). */
let fastKind = -1;
let fastAt = 0;

/**
 * The same sight test as `lineOfSight`, as a bare yes/no on coordinates: nothing is allocated, for
 * hot paths (the threat AI's "is a Teamer visible", overlays, the simulator). The supercover walk
 * is inlined here with direct side lookups (the general walker calls back per move); a property
 * test checks that it always agrees with `lineOfSight`.
 */
export function hasLineOfSight(
  arena: Arena,
  state: ArenaState,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  const w = arena.width;
  const nx = x1 > x0 ? x1 - x0 : x0 - x1;
  const ny = y1 > y0 ? y1 - y0 : y0 - y1;
  const sx = x1 > x0 ? 1 : -1;
  const sy = y1 > y0 ? 1 : -1;
  const sideE = arena.sideE;
  const sideS = arena.sideS;
  const whole = arena.wholeHeight;
  const part = arena.partHeight;
  const machines = state.machines;
  let i = y0 * w + x0;
  let ix = 0;
  let iy = 0;
  while (ix < nx || iy < ny) {
    const decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
    if (decision === 0) {
      if (!cornerOpenToSight(arena, state, i, sx, sy)) {
        fastKind = -1; // a corner: lineOfSight walks again to name the blocker
        return false;
      }
      i += sx + sy * w;
      ix++;
      iy++;
    } else if (decision < 0) {
      const e = sx > 0 ? i : i - 1;
      const side = sideE[e] as number;
      if (side !== OPEN && (side !== DOOR || state.doorOpen[arena.doorE[e] as number] !== 1)) {
        fastKind = side === DOOR ? K_DOOR : K_WALL;
        fastAt = i + sx;
        return false;
      }
      i += sx;
      ix++;
    } else {
      const e = sy > 0 ? i : i - w;
      const side = sideS[e] as number;
      if (side !== OPEN && (side !== DOOR || state.doorOpen[arena.doorS[e] as number] !== 1)) {
        fastKind = side === DOOR ? K_DOOR : K_WALL;
        fastAt = i + sy * w;
        return false;
      }
      i += sy * w;
      iy++;
    }
    if (ix === nx && iy === ny) return true; // the end square never blocks
    if ((whole[i] as number) >= HIGH || machines[i] !== 0) {
      fastKind = K_OBSTACLE;
      fastAt = i;
      return false;
    }
    if ((part[i] as number) >= HIGH) {
      wArena = arena;
      wP0x = 2 * x0 + 1;
      wP0y = 2 * y0 + 1;
      wDx = 2 * (x1 - x0);
      wDy = 2 * (y1 - y0);
      if (partOnLine(i)) {
        fastKind = K_OBSTACLE;
        fastAt = i;
        return false;
      }
    }
  }
  return true;
}

/** Sight past the corner between `i` and `i + (sx, sy)`: open if either way round is. */
function cornerOpenToSight(arena: Arena, state: ArenaState, i: number, sx: number, sy: number): boolean {
  const w = arena.width;
  const ex = sx > 0 ? 2 : 6;
  const ey = sy > 0 ? 4 : 0;
  const x = i % w;
  const y = (i - x) / w;
  const ax = x + sx;
  const by = y + sy;
  if (
    ax >= 0 &&
    ax < w &&
    wayOpenToSight(arena, state, i, i + sx, ex, ey, sx > 0 ? (sy > 0 ? 5 : 7) : sy > 0 ? 3 : 1)
  )
    return true;
  return (
    by >= 0 &&
    by < arena.height &&
    wayOpenToSight(arena, state, i, i + sy * w, ey, ex, sx > 0 ? (sy > 0 ? 1 : 3) : sy > 0 ? 7 : 5)
  );
}

function wayOpenToSight(
  arena: Arena,
  state: ArenaState,
  i: number,
  f: number,
  d1: number,
  d2: number,
  corner: number,
): boolean {
  if (!sideOpenToSight(arena, state, i, d1) || !sideOpenToSight(arena, state, f, d2)) return false;
  if (arena.isSquare[f] !== 1 || (arena.wholeHeight[f] as number) >= HIGH || state.machines[f] !== 0)
    return false;
  if ((arena.partHeight[f] as number) < HIGH) return true;
  wArena = arena;
  return !partFillsCorner(f, corner);
}

function sideOpenToSight(arena: Arena, state: ArenaState, i: number, dir: number): boolean {
  const kind = sideKindOf(arena, i, dir);
  if (kind === OPEN) return true;
  if (kind !== DOOR) return false;
  const w = arena.width;
  const door =
    dir === 2
      ? arena.doorE[i]
      : dir === 4
        ? arena.doorS[i]
        : dir === 6
          ? arena.doorE[i - 1]
          : arena.doorS[i - w];
  return state.doorOpen[door as number] === 1;
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
  wHeight = LOW;
  wFigures = true;
  wDucked = !past;
  wCanDuck = past && (options.shooter ?? 'teamer') === 'teamer';
  return trace(arena, state, from, to);
}

/** A throw (grenade): over LOW obstacles and figures, stopped by HIGH, FULL, machines, walls and closed doors. */
export function lineOfThrow(arena: Arena, state: ArenaState, from: Square, to: Square): LineResult {
  wHeight = HIGH;
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
  return hasLineOfSight(arena, state, viewer.x, viewer.y, target.x, target.y);
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
      const clear =
        kind === 'sight'
          ? hasLineOfSight(arena, state, from.x, from.y, x, y)
          : line(arena, state, from, { x, y }, kind).clear;
      if (clear) mask[i] = 1;
    }
  return mask;
}
