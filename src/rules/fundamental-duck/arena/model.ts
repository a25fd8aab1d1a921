import type { Direction, GridSize, Orthogonal, Square } from '../../../engine/board/square-grid.ts';
import { DX, DY } from '../../../engine/board/square-grid.ts';
import type { PackArena, PackCorner, PackSide } from '../data/pack-schema.ts';
import { TILE_SIZE } from '../data/pack-schema.ts';

/**
 * The arena of Fundamental Duck! (digest §4) as fast lookups: one square grid, 5×5 tiles, walls
 * and doors on square SIDES, obstacles with heights (whole, half or quarter squares), cargo loads,
 * special locations and boarding points. Built once per table from a pack arena (`buildArena`);
 * never changes in play. What does change (doors open or shut, holes, figures) is an `ArenaState`
 * passed next to it.
 *
 * Every per-square array is indexed `y * width + x`. Sides are stored once: `sideE[i]` is the side
 * between square i and its east neighbour, `sideS[i]` between i and its south neighbour.
 */

export type { Direction, Orthogonal, Square } from '../../../engine/board/square-grid.ts';

/**
 * A figure's facing: the 8 compass points (digest §9.3: figures move and face along diagonals),
 * 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW.
 */
export type Facing = Direction;

/** What lies on a square side. */
export const SIDE_OPEN = 0;
/** A wall: a bulkhead between tiles, the hull, or a wall inside a tile. */
export const SIDE_WALL = 1;
/** A door side (open or shut according to the ArenaState). */
export const SIDE_DOOR = 2;

/** Obstacle heights, ordered: higher blocks more. */
export const HEIGHT_NONE = 0;
export const HEIGHT_LOW = 1;
export const HEIGHT_HIGH = 2;
export const HEIGHT_FULL = 3;
export type HeightCode = 0 | 1 | 2 | 3;
export const HEIGHT_NAMES = ['none', 'low', 'high', 'full'] as const;

/**
 * Where a part-square obstacle sits: PART_NONE (no part obstacle), a half on one side
 * (PART_HALF + orthogonal direction / 2: N 0, E 1, S 2, W 3) or a quarter at one corner
 * (PART_QUARTER + (diagonal direction − 1) / 2: NE 0, SE 1, SW 2, NW 3).
 */
export const PART_NONE = 0;
export const PART_HALF = 1;
export const PART_QUARTER = 5;

export interface ArenaTile {
  readonly index: number;
  readonly col: number;
  readonly row: number;
  readonly type: string;
  readonly name: string;
  /** North-west square of the tile. */
  readonly x0: number;
  readonly y0: number;
  /** Source chits dealt to this tile at set-up (by its type, or its own count). */
  readonly sourceChits: number;
}

export interface ArenaDoorSide {
  /** The two aperture squares: `a` is north/west of the side, `b` south/east. */
  readonly a: number;
  readonly b: number;
  /** Direction from `a` to `b` (2 E or 4 S). */
  readonly dir: 2 | 4;
}

export interface ArenaDoor {
  readonly index: number;
  readonly id: string;
  readonly kind: 'narrow' | 'cargo';
  /** Its sides in order along the wall (1 for a narrow door, 3 for a cargo door). */
  readonly sides: readonly ArenaDoorSide[];
  /** Global index of its first side: side k has index `firstSide + k` (ArenaState.holes). */
  readonly firstSide: number;
  /** The tiles on each side (`a` side first). */
  readonly tiles: readonly [number, number];
  /** Aperture squares plus the squares next to them along the wall line (6 narrow, 10 cargo). */
  readonly zone: readonly number[];
  readonly openAtStart: boolean;
  readonly stuckAtStart: boolean;
}

export interface ArenaObstacle {
  readonly square: number;
  readonly height: Exclude<HeightCode, 0>;
  readonly part: 'whole' | 'half' | 'quarter';
  readonly at: PackSide | PackCorner | null;
  readonly name: string;
  /** Black-topped (joined to the overhead): a vehicle never bulldozes it. */
  readonly blackTop: boolean;
}

/** A vehicle as it stands at set-up (it moves in play: its place then is fd-rules' state). */
export interface ArenaVehicle {
  readonly id: string;
  /** The pack's vehicle type id. */
  readonly type: string;
  /** Its front square; the rest of it trails behind, away from its facing. */
  readonly front: number;
  readonly facing: Facing;
  /** Squares it fills (its type's length; 2 when the types were not given to buildArena). */
  readonly length: number;
}

export interface ArenaLoad {
  readonly index: number;
  readonly id: string;
  readonly square: number;
  readonly height: Exclude<HeightCode, 0>;
  readonly cargo: 'inert' | 'flammable' | 'explosive';
  readonly extreme: boolean;
  readonly marked: boolean;
  /** A Teamer may pick it up and carry it (a cargo pod). */
  readonly portable: boolean;
  readonly contraband: 'forbidden' | 'illegal' | 'high-value' | null;
}

export interface ArenaSpecial {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly square: number;
  /** Grenades a successful Other Action here gives (0 none). */
  readonly grenades: number;
  /** An Other Action here may locate the Source remotely. */
  readonly locatesSource: boolean;
  /** A Teamer here may set the bridge / control-room override (15.1). */
  readonly overridesDoors: boolean;
}

export interface ArenaBoardingPoint {
  readonly id: string;
  readonly name: string;
  readonly kind: 'airlock' | 'breach';
  /** The first square inside, where a Teamer's first step from the bridge lands. */
  readonly square: number;
  /** The hull side it opens through, as the direction from the square to the outside. */
  readonly side: Orthogonal;
  /** Facing of a figure stepping in (away from the hull). */
  readonly inward: Facing;
  /** Bridge square k (0 = next to the hull) lies outside the grid: `{x: x + k'·dx, y: …}`. */
  readonly outside: Square;
}

export interface Arena extends GridSize {
  readonly id: string;
  readonly name: string;
  /** Size in tiles. */
  readonly cols: number;
  readonly rows: number;
  /** width × height. */
  readonly size: number;
  readonly tiles: readonly ArenaTile[];
  /** 1 where a square exists (lies on a tile), 0 for empty space. */
  readonly isSquare: Uint8Array;
  /** The tile of each square (index into `tiles`), -1 for empty space. */
  readonly tileOf: Int16Array;
  /** SIDE_* of the side east of each square (the east edge of the grid is a wall). */
  readonly sideE: Uint8Array;
  /** SIDE_* of the side south of each square. */
  readonly sideS: Uint8Array;
  /** Door index on the side east / south of each square, -1 where there is none. */
  readonly doorE: Int16Array;
  readonly doorS: Int16Array;
  /** Global door-side index (ArenaState.holes) on the side east / south of each square, -1 none. */
  readonly doorSideE: Int16Array;
  readonly doorSideS: Int16Array;
  readonly doors: readonly ArenaDoor[];
  readonly doorSideCount: number;
  /** Height of a WHOLE-square obstacle or load in each square (HEIGHT_*), 0 none. */
  readonly wholeHeight: Uint8Array;
  /** Height and place (PART_*) of a half or quarter obstacle in each square, 0 none. */
  readonly partHeight: Uint8Array;
  readonly partAt: Uint8Array;
  /** Figures a square can hold: 2 (two humans), 1 with a half or quarter obstacle, 0 FULL or none. */
  readonly capacity: Uint8Array;
  readonly obstacles: readonly ArenaObstacle[];
  readonly loads: readonly ArenaLoad[];
  /** Load index in each square, -1 none. */
  readonly loadAt: Int16Array;
  readonly specials: readonly ArenaSpecial[];
  readonly boardingPoints: readonly ArenaBoardingPoint[];
  readonly vehicles: readonly ArenaVehicle[];
  /** The species the infestation markers bring. */
  readonly threatSpecies: string;
}

/**
 * What changes on the arena during play, as typed arrays the hot paths read directly. fd-rules
 * keeps one in its working record (or builds one from the state with `newArenaState` and fills in
 * the figures); movement and sight take it as an argument and never change it.
 */
export interface ArenaState {
  /** 1 = open, per door index. */
  readonly doorOpen: Uint8Array;
  /** 1 = a Threat-made hole (GREEN footprints) on that door side: Threats cross it as a step, Teamers never. */
  readonly holes: Uint8Array;
  /** Teamers in each square (standing, ducked or down). */
  readonly teamers: Uint8Array;
  /** How many of `teamers` are ducked (prone): they block no line of fire except for flamers and shotguns. */
  readonly ducked: Uint8Array;
  /** Threats in each square (at most one). */
  readonly threats: Uint8Array;
  /** Vehicles and drones in each square: HIGH for sight and fire, never entered by others. */
  readonly machines: Uint8Array;
}

const SIDE_DIR: Readonly<Record<PackSide, Orthogonal>> = { n: 0, e: 2, s: 4, w: 6 };
const CORNER_DIR: Readonly<Record<PackCorner, 1 | 3 | 5 | 7>> = { ne: 1, se: 3, sw: 5, nw: 7 };
const HEIGHT_CODE = { low: HEIGHT_LOW, high: HEIGHT_HIGH, full: HEIGHT_FULL } as const;

export function newArenaState(arena: Arena): ArenaState {
  // One buffer for the six arrays: a typed array of its own costs an allocation outside the heap
  // each, and the rules make one arena state per position of the figures.
  const d = arena.doors.length;
  const h = arena.doorSideCount;
  const n = arena.size;
  const all = new Uint8Array(d + h + 4 * n);
  const doorOpen = all.subarray(0, d);
  for (const door of arena.doors) doorOpen[door.index] = door.openAtStart ? 1 : 0;
  const at = d + h;
  return {
    doorOpen,
    holes: all.subarray(d, at),
    teamers: all.subarray(at, at + n),
    ducked: all.subarray(at + n, at + 2 * n),
    threats: all.subarray(at + 2 * n, at + 3 * n),
    machines: all.subarray(at + 3 * n, at + 4 * n),
  };
}

/** The tile sizes and Source chit counts a pack gives tile types. */
export interface TileTypeInfo {
  readonly tileTypes: readonly { readonly type: string; readonly sourceChits: number }[];
  readonly defaultSourceChits: number;
  /** Vehicle types, for the lengths of the arena's vehicles. */
  readonly vehicleTypes?: readonly { readonly id: string; readonly length: number }[];
}

/**
 * The arena of a checked pack arena (`parsePack` has already checked ids, squares, doors on tile
 * edges or walls, and boarding points on the hull). Tile edges are bulkheads; the grid's edge and
 * empty space are hull.
 */
export function buildArena(
  pack: PackArena,
  types: TileTypeInfo = { tileTypes: [], defaultSourceChits: 1 },
): Arena {
  const width = pack.cols * TILE_SIZE;
  const height = pack.rows * TILE_SIZE;
  const size = width * height;
  const isSquare = new Uint8Array(size);
  const tileOf = new Int16Array(size).fill(-1);
  const tiles: ArenaTile[] = pack.tiles.map((t, index) => {
    const x0 = t.col * TILE_SIZE;
    const y0 = t.row * TILE_SIZE;
    for (let y = y0; y < y0 + TILE_SIZE; y++)
      for (let x = x0; x < x0 + TILE_SIZE; x++) {
        isSquare[y * width + x] = 1;
        tileOf[y * width + x] = index;
      }
    const byType = types.tileTypes.find((tt) => tt.type === t.type)?.sourceChits ?? types.defaultSourceChits;
    return {
      index,
      col: t.col,
      row: t.row,
      type: t.type,
      name: t.name ?? t.type,
      x0,
      y0,
      sourceChits: t.sourceChits ?? byType,
    };
  });

  // Sides: a wall wherever the two squares are on different tiles or one is not a square.
  const sideE = new Uint8Array(size);
  const sideS = new Uint8Array(size);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const t = tileOf[i];
      sideE[i] = x + 1 >= width || t === -1 || tileOf[i + 1] !== t ? SIDE_WALL : SIDE_OPEN;
      sideS[i] = y + 1 >= height || t === -1 || tileOf[i + width] !== t ? SIDE_WALL : SIDE_OPEN;
    }
  for (const w of pack.walls) {
    const s = normaliseSide(width, w.x, w.y, SIDE_DIR[w.side]);
    if (s) (s.dir === 2 ? sideE : sideS)[s.index] = SIDE_WALL;
  }

  const doorE = new Int16Array(size).fill(-1);
  const doorS = new Int16Array(size).fill(-1);
  const doorSideE = new Int16Array(size).fill(-1);
  const doorSideS = new Int16Array(size).fill(-1);
  let sideCount = 0;
  const doors: ArenaDoor[] = pack.doors.map((d, index) => {
    const dir = SIDE_DIR[d.side];
    const along = dir === 0 || dir === 4 ? [1, 0] : [0, 1];
    const n = d.kind === 'cargo' ? 3 : 1;
    const sides: ArenaDoorSide[] = [];
    const firstSide = sideCount;
    for (let k = 0; k < n; k++) {
      const s = normaliseSide(width, d.x + (along[0] as number) * k, d.y + (along[1] as number) * k, dir);
      if (!s) continue;
      const b = s.index + (s.dir === 2 ? 1 : width);
      sides.push({ a: s.index, b, dir: s.dir });
      (s.dir === 2 ? sideE : sideS)[s.index] = SIDE_DOOR;
      (s.dir === 2 ? doorE : doorS)[s.index] = index;
      (s.dir === 2 ? doorSideE : doorSideS)[s.index] = sideCount++;
    }
    const first = sides[0];
    const tiles: [number, number] = first ? [tileOf[first.a] as number, tileOf[first.b] as number] : [-1, -1];
    return {
      index,
      id: d.id,
      kind: d.kind,
      sides,
      firstSide,
      tiles,
      zone: doorZone(width, height, isSquare, tileOf, sides),
      openAtStart: d.open,
      stuckAtStart: d.stuck,
    };
  });

  const wholeHeight = new Uint8Array(size);
  const partHeight = new Uint8Array(size);
  const partAt = new Uint8Array(size);
  const capacity = new Uint8Array(size);
  for (let i = 0; i < size; i++) capacity[i] = isSquare[i] ? 2 : 0;
  const obstacles: ArenaObstacle[] = pack.obstacles.map((o) => {
    const i = o.y * width + o.x;
    const h = HEIGHT_CODE[o.height];
    if (o.part === 'whole') {
      wholeHeight[i] = h;
      if (h === HEIGHT_FULL) capacity[i] = 0;
    } else {
      partHeight[i] = h;
      partAt[i] =
        o.part === 'half'
          ? PART_HALF + SIDE_DIR[o.at as PackSide] / 2
          : PART_QUARTER + (CORNER_DIR[o.at as PackCorner] - 1) / 2;
      capacity[i] = 1;
    }
    return { square: i, height: h, part: o.part, at: o.at ?? null, name: o.name, blackTop: o.blackTop };
  });
  const loadAt = new Int16Array(size).fill(-1);
  const loads: ArenaLoad[] = pack.loads.map((l, index) => {
    const i = l.y * width + l.x;
    const h = HEIGHT_CODE[l.height];
    wholeHeight[i] = h;
    if (h === HEIGHT_FULL) capacity[i] = 0;
    loadAt[i] = index;
    return {
      index,
      id: l.id,
      square: i,
      height: h,
      cargo: l.cargo,
      extreme: l.extreme,
      marked: l.marked,
      portable: l.portable,
      contraband: l.contraband,
    };
  });
  const specials = pack.specials.map((s) => ({
    id: s.id,
    kind: s.kind,
    name: s.name,
    square: s.y * width + s.x,
    grenades: s.grenades,
    locatesSource: s.locatesSource,
    overridesDoors: s.overridesDoors,
  }));
  const boardingPoints = pack.boardingPoints.map((b): ArenaBoardingPoint => {
    const side = SIDE_DIR[b.side];
    return {
      id: b.id,
      name: b.name,
      kind: b.kind,
      square: b.y * width + b.x,
      side,
      inward: ((side + 4) & 7) as Facing,
      outside: { x: b.x + (DX[side] as number), y: b.y + (DY[side] as number) },
    };
  });
  return {
    id: pack.id,
    name: pack.name,
    cols: pack.cols,
    rows: pack.rows,
    width,
    height,
    size,
    tiles,
    isSquare,
    tileOf,
    sideE,
    sideS,
    doorE,
    doorS,
    doorSideE,
    doorSideS,
    doors,
    doorSideCount: sideCount,
    wholeHeight,
    partHeight,
    partAt,
    capacity,
    obstacles,
    loads,
    loadAt,
    specials,
    boardingPoints,
    vehicles: pack.vehicles.map((v) => ({
      id: v.id,
      type: v.type,
      front: v.y * width + v.x,
      facing: v.facing as Facing,
      length: types.vehicleTypes?.find((t) => t.id === v.type)?.length ?? 2,
    })),
    threatSpecies: pack.threatSpecies,
  };
}

/** A side named from either square, as (index of its north/west square, 2 E or 4 S); null off the grid. */
function normaliseSide(
  width: number,
  x: number,
  y: number,
  dir: Orthogonal,
): { index: number; dir: 2 | 4 } | null {
  if (dir === 0) return y > 0 ? { index: (y - 1) * width + x, dir: 4 } : null;
  if (dir === 6) return x > 0 ? { index: y * width + x - 1, dir: 2 } : null;
  return { index: y * width + x, dir };
}

function doorZone(
  width: number,
  height: number,
  isSquare: Uint8Array,
  tileOf: Int16Array,
  sides: readonly ArenaDoorSide[],
): number[] {
  const zone: number[] = [];
  const first = sides[0];
  const last = sides[sides.length - 1];
  if (!first || !last) return zone;
  // Along the wall line: east–west for a south side, north–south for an east side.
  const step = first.dir === 4 ? 1 : width;
  const add = (i: number, beside: number) => {
    const x = i % width;
    const y = Math.floor(i / width);
    const bx = beside % width;
    const by = Math.floor(beside / width);
    if (x < 0 || y < 0 || x >= width || y >= height || Math.abs(x - bx) + Math.abs(y - by) !== 1) return;
    if (isSquare[i] && tileOf[i] === tileOf[beside] && !zone.includes(i)) zone.push(i);
  };
  for (const s of sides) {
    if (!zone.includes(s.a)) zone.push(s.a);
    if (!zone.includes(s.b)) zone.push(s.b);
  }
  add(first.a - step, first.a);
  add(first.b - step, first.b);
  add(last.a + step, last.a);
  add(last.b + step, last.b);
  return zone.sort((p, q) => p - q);
}

// ---------------------------------------------------------------------------------------------
// Lookups

export function squareIndex(arena: Arena, s: Square): number {
  return s.y * arena.width + s.x;
}

export function squareOf(arena: Arena, index: number): Square {
  return { x: index % arena.width, y: Math.floor(index / arena.width) };
}

/** Is (x, y) a square of the arena (on a tile)? */
export function isArenaSquare(arena: Arena, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < arena.width && y < arena.height && arena.isSquare[y * arena.width + x] === 1;
}

/**
 * SIDE_* between square `i` and its orthogonal neighbour in `dir` (0 N, 2 E, 4 S, 6 W); the edge of
 * the grid is a wall.
 */
export function sideKind(arena: Arena, i: number, dir: number): number {
  return onSide(arena.width, arena.sideE, arena.sideS, i, dir, SIDE_WALL);
}

/** Door index on the side between `i` and its orthogonal neighbour in `dir`, -1 none. */
export function doorOnSide(arena: Arena, i: number, dir: number): number {
  return onSide(arena.width, arena.doorE, arena.doorS, i, dir, -1);
}

/** Global door-side index (ArenaState.holes) on that side, -1 none. */
export function doorSideOn(arena: Arena, i: number, dir: number): number {
  return onSide(arena.width, arena.doorSideE, arena.doorSideS, i, dir, -1);
}

/**
 * A per-side value kept east and south of each square, read for side `dir` of square `i`: the
 * west and north sides are the east and south sides of the neighbour; off the grid, `edge`.
 */
function onSide(
  w: number,
  east: ArrayLike<number>,
  south: ArrayLike<number>,
  i: number,
  dir: number,
  edge: number,
): number {
  switch (dir) {
    case 2:
      return east[i] as number;
    case 4:
      return south[i] as number;
    case 6:
      return i % w === 0 ? edge : (east[i - 1] as number);
    default:
      return i < w ? edge : (south[i - w] as number);
  }
}

/**
 * Is the side between `i` and its orthogonal neighbour in `dir` shut to `who`? Walls always; a
 * door side while its door is closed, except that a Threat passes a door side with a hole.
 */
export function sideShut(
  arena: Arena,
  state: ArenaState,
  i: number,
  dir: number,
  who: 'teamer' | 'threat' | 'sight',
): boolean {
  const kind = sideKind(arena, i, dir);
  if (kind === SIDE_OPEN) return false;
  if (kind === SIDE_WALL) return true;
  if (state.doorOpen[doorOnSide(arena, i, dir)] === 1) return false;
  return !(who === 'threat' && state.holes[doorSideOn(arena, i, dir)] === 1);
}

export function tileOfSquare(arena: Arena, s: Square): ArenaTile | undefined {
  if (!isArenaSquare(arena, s.x, s.y)) return undefined;
  return arena.tiles[arena.tileOf[s.y * arena.width + s.x] as number];
}

/** The squares of a tile, in reading order. */
export function tileSquares(arena: Arena, tile: number): number[] {
  const t = arena.tiles[tile];
  if (!t) return [];
  const out: number[] = [];
  for (let y = t.y0; y < t.y0 + TILE_SIZE; y++)
    for (let x = t.x0; x < t.x0 + TILE_SIZE; x++) out.push(y * arena.width + x);
  return out;
}

/** The square of a tile at its local column and row, each 1–5 (the placement dice of §7.5). */
export function tileLocalSquare(arena: Arena, tile: number, column: number, row: number): number {
  const t = arena.tiles[tile];
  if (!t || column < 1 || column > TILE_SIZE || row < 1 || row > TILE_SIZE) return -1;
  return (t.y0 + row - 1) * arena.width + t.x0 + column - 1;
}

/** The tile's outer ring of 16 squares (the Source's perimeter placement, §7.7). */
export function tilePerimeter(arena: Arena, tile: number): number[] {
  const t = arena.tiles[tile];
  if (!t) return [];
  return tileSquares(arena, tile).filter((i) => {
    const x = (i % arena.width) - t.x0;
    const y = Math.floor(i / arena.width) - t.y0;
    return x === 0 || y === 0 || x === TILE_SIZE - 1 || y === TILE_SIZE - 1;
  });
}

/** Tiles joined to `tile` by a door, with the door (for scans, exploration and the threat AI). */
export function tilesThroughDoors(arena: Arena, tile: number): { tile: number; door: number }[] {
  const out: { tile: number; door: number }[] = [];
  for (const d of arena.doors) {
    if (d.tiles[0] === tile) out.push({ tile: d.tiles[1], door: d.index });
    else if (d.tiles[1] === tile) out.push({ tile: d.tiles[0], door: d.index });
  }
  return out;
}

/** The doors whose zone holds square `i`. */
export function doorsWithZoneAt(arena: Arena, i: number): number[] {
  return arena.doors.filter((d) => d.zone.includes(i)).map((d) => d.index);
}

/**
 * Every square where the figures break the arena's rules (§4): a figure off the arena or in a FULL
 * square, more figures than the square holds, two Threats together, a Threat with two Teamers,
 * more ducked Teamers than Teamers. One line each, for invariant checks in property tests.
 */
export function occupancyProblems(arena: Arena, state: ArenaState): string[] {
  const problems: string[] = [];
  for (let i = 0; i < arena.size; i++) {
    const teamers = state.teamers[i] as number;
    const threats = state.threats[i] as number;
    const machines = state.machines[i] as number;
    const figures = teamers + threats;
    if (figures + machines === 0) continue;
    const at = `(${i % arena.width},${Math.floor(i / arena.width)})`;
    if (arena.isSquare[i] !== 1) problems.push(`${at}: a figure off the arena`);
    else if (arena.wholeHeight[i] === HEIGHT_FULL) problems.push(`${at}: a figure inside a FULL obstacle`);
    if (figures > (arena.capacity[i] as number))
      problems.push(`${at}: ${figures} figures, room for ${arena.capacity[i]}`);
    if (threats > 1) problems.push(`${at}: ${threats} Threats together`);
    if (threats > 0 && teamers > 1) problems.push(`${at}: a Threat with ${teamers} Teamers`);
    if (machines > 0 && figures > 0) problems.push(`${at}: a figure inside a vehicle or drone`);
    if ((state.ducked[i] as number) > teamers) problems.push(`${at}: more ducked Teamers than Teamers`);
  }
  return problems;
}
