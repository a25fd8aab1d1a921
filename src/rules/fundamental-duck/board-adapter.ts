import {
  type Arena,
  type ArenaState,
  buildArena,
  doorOnSide,
  HEIGHT_FULL,
  HEIGHT_NAMES,
  newArenaState,
  SIDE_WALL,
  sideKind,
} from './arena/model.ts';
import { hasLineOfSight } from './arena/sight.ts';
import type { Board, DoorGeometry, Height } from './board.ts';
import { packArena } from './data/pack.ts';
import { isCarried } from './figures.ts';
import type { FdRules } from './rules-data.ts';
import type { FdState } from './state.ts';
import { vehicleMachines } from './vehicle-squares.ts';

/** Whether `(tx,ty)` is visible to a figure at `(x,y)` facing `facing`: front arc and sight (10.1). */
export function visibleTo(
  state: FdState,
  x: number,
  y: number,
  facing: number,
  tx: number,
  ty: number,
): boolean {
  if ((tx - x) * (DXS[facing] as number) + (ty - y) * (DYS[facing] as number) < 0) return false;
  return inSight(state, x, y, tx, ty);
}

/** Sight between two squares (no arcs), with a dark tile or a power outage limiting its range. */
export function inSight(state: FdState, x: number, y: number, tx: number, ty: number): boolean {
  return inSightOn(state, arenaOf(state), arenaStateOf(state), x, y, tx, ty);
}

/**
 * `inSight` with the state's arena and arena state already at hand (the Threat AI's world keeps
 * them: it asks for sight many times over one state).
 */
export function inSightOn(
  state: FdState,
  arena: Arena,
  as: ArenaState,
  x: number,
  y: number,
  tx: number,
  ty: number,
): boolean {
  const range = sightLimit(state, arena, x, y, tx, ty);
  if (Math.max(Math.abs(tx - x), Math.abs(ty - y)) > range) return false;
  // The bare yes/no walk (sight.test.ts checks it agrees with `lineOfSight`): no squares made.
  return hasLineOfSight(arena, as, x, y, tx, ty);
}

function sightLimit(state: FdState, arena: Arena, x: number, y: number, tx: number, ty: number): number {
  let range = Number.POSITIVE_INFINITY;
  if (state.effects.outageUntilTurn >= state.turn) {
    for (const b of state.rules.catastrophes)
      if (b.result.kind === 'power-outage') range = Math.min(range, b.result.sightSquares);
  }
  // Asked for every sight line the Threats look along: no lists made for the two ends.
  const tiles = state.tiles;
  if (
    tiles[arena.tileOf[y * arena.width + x] as number]?.dark ||
    tiles[arena.tileOf[ty * arena.width + tx] as number]?.dark
  ) {
    for (const card of Object.values(state.rules.events))
      if (card.effect.kind === 'lights-out') range = Math.min(range, card.effect.squares);
  }
  return range;
}

/**
 * The rules' view of fd-board's arena model (`arena/`): built once per (pack, arena) and cached by
 * object identity, so every state of a table shares it and no state holds typed arrays.
 */

const arenas = new WeakMap<FdRules, Map<string, Arena>>();
const boards = new WeakMap<Arena, Board>();

/** The arena model of a pack's arena (cached). */
export function arenaFor(rules: FdRules, arenaId: string): Arena {
  let byId = arenas.get(rules);
  if (!byId) {
    byId = new Map();
    arenas.set(rules, byId);
  }
  let arena = byId.get(arenaId);
  if (!arena) {
    arena = buildArena(packArena(rules.pack, arenaId), {
      tileTypes: rules.pack.tileTypes,
      defaultSourceChits: rules.pack.defaultSourceChits,
    });
    byId.set(arenaId, arena);
  }
  return arena;
}

/**
 * The arena as it stands: the pack's, or, once a Teamer has picked up or set down a load, a copy
 * whose load squares follow the loads (cached by the loads record, which changes only when one does).
 */
export function arenaOf(state: FdState): Arena {
  // The rules ask this several times for every event (a Threat's step alone: doors crossed, WAIT
  // triggers, contact, flames), nearly always of states with the same four records: the last
  // answer is kept ahead of the lookups by identity below.
  if (
    state.rules === lastArenaRules &&
    state.arenaId === lastArenaId &&
    state.loads === lastArenaLoads &&
    state.bulldozed === lastArenaBulldozed &&
    lastArena !== null
  )
    return lastArena;
  const base = arenaFor(state.rules, state.arenaId);
  let arena: Arena;
  if (base.loads.length === 0) arena = withBulldozed(base, state.bulldozed);
  else {
    let byLoads = moved.get(state.loads);
    if (!byLoads) {
      byLoads = withLoadsAt(base, state.loads);
      moved.set(state.loads, byLoads);
    }
    arena = withBulldozed(byLoads, state.bulldozed);
  }
  lastArenaRules = state.rules;
  lastArenaId = state.arenaId;
  lastArenaLoads = state.loads;
  lastArenaBulldozed = state.bulldozed;
  lastArena = arena;
  return arena;
}

/** `arenaOf`'s last answer and the records it depends on (rules, arena id, loads, bulldozed). */
let lastArenaRules: FdRules | null = null;
let lastArenaId: string | null = null;
let lastArenaLoads: FdState['loads'] | null = null;
let lastArenaBulldozed: FdState['bulldozed'] | null = null;
let lastArena: Arena | null = null;

/** Arenas with the squares vehicles bulldozed bare, by the arena and the bulldozed record. */
const cleared = new WeakMap<Arena, WeakMap<readonly number[], Arena>>();

/** The arena with the brown obstacles a vehicle shoved aside gone from their squares (18). */
function withBulldozed(base: Arena, bulldozed: readonly number[] | undefined): Arena {
  if (!bulldozed || bulldozed.length === 0) return base;
  let byRecord = cleared.get(base);
  if (!byRecord) {
    byRecord = new WeakMap();
    cleared.set(base, byRecord);
  }
  let arena = byRecord.get(bulldozed);
  if (!arena) {
    const wholeHeight = base.wholeHeight.slice();
    const capacity = base.capacity.slice();
    for (const i of bulldozed) {
      wholeHeight[i] = 0;
      capacity[i] = 2;
    }
    arena = {
      ...base,
      wholeHeight,
      capacity,
      obstacles: base.obstacles.filter((o) => !bulldozed.includes(o.square)),
    };
    byRecord.set(bulldozed, arena);
  }
  return arena;
}

const moved = new WeakMap<FdState['loads'], Arena>();

function withLoadsAt(base: Arena, loads: FdState['loads']): Arena {
  if (base.loads.every((l) => loads[l.index]?.at === l.square || loads[l.index] === undefined)) return base;
  const wholeHeight = base.wholeHeight.slice();
  const capacity = base.capacity.slice();
  const loadAt = base.loadAt.slice();
  for (const l of base.loads) {
    const at = loads[l.index]?.at;
    if (at === undefined || at === l.square) continue;
    wholeHeight[l.square] = 0;
    capacity[l.square] = base.isSquare[l.square] ? 2 : 0;
    loadAt[l.square] = -1;
  }
  const placed = base.loads.map((l) => {
    const at = loads[l.index]?.at;
    if (at === undefined || at === null || at === l.square) return l;
    wholeHeight[at] = l.height;
    if (l.height === HEIGHT_FULL) capacity[at] = 0;
    loadAt[at] = l.index;
    return { ...l, square: at };
  });
  return { ...base, wholeHeight, capacity, loadAt, loads: placed };
}

export function boardOf(state: FdState): Board {
  // As `arenaOf`: the last answer first (a board depends on the rules and the arena id alone).
  if (state.rules === lastBoardRules && state.arenaId === lastBoardId && lastBoard !== null) return lastBoard;
  const board = boardFor(state.rules, state.arenaId);
  lastBoardRules = state.rules;
  lastBoardId = state.arenaId;
  lastBoard = board;
  return board;
}

let lastBoardRules: FdRules | null = null;
let lastBoardId: string | null = null;
let lastBoard: Board | null = null;

export function boardFor(rules: FdRules, arenaId: string): Board {
  const arena = arenaFor(rules, arenaId);
  let board = boards.get(arena);
  if (!board) {
    board = makeBoard(arena);
    boards.set(arena, board);
  }
  return board;
}

const DXS = [0, 1, 1, 1, 0, -1, -1, -1];
const DYS = [-1, -1, 0, 1, 1, 1, 0, -1];

function makeBoard(arena: Arena): Board {
  const w = arena.width;
  const h = arena.height;
  const entryPoint = arena.boardingPoints[0];
  const entry = entryPoint
    ? { x: entryPoint.square % w, y: Math.floor(entryPoint.square / w), facing: entryPoint.inward }
    : { x: 0, y: 0, facing: 2 as const };
  const doors: DoorGeometry[] = arena.doors.map((d) => ({
    id: d.id,
    tiles: d.tiles,
    sides: d.sides.map((s) => ({ x: s.a % w, y: Math.floor(s.a / w), dir: s.dir })),
    zone: d.zone,
  }));
  // Distance fields of 13.2 per start square, filled on first use: the arena never changes. An
  // array by square rather than a Map: every distance the rules, the AI and the policy ask looks
  // its field up here.
  const fields: (Int16Array | undefined)[] = new Array(w * h).fill(undefined);
  const passable = (i: number) => arena.isSquare[i] === 1 && arena.wholeHeight[i] !== 3;
  // Crossing between two orthogonal neighbours: walls block, doors (open or shut) do not.
  const orthOpen = (i: number, dir: number) => sideKind(arena, i, dir) !== SIDE_WALL;
  const kingStep = (i: number, dir: number): number => {
    const x = i % w;
    const y = (i - x) / w;
    const nx = x + (DXS[dir] as number);
    const ny = y + (DYS[dir] as number);
    if (nx < 0 || ny < 0 || nx >= w || ny >= h) return -1;
    const j = ny * w + nx;
    if (!passable(j)) return -1;
    if ((dir & 1) === 0) return orthOpen(i, dir) ? j : -1;
    // A diagonal needs a clear orthogonal route round one corner (walls and FULL block).
    const a = y * w + nx; // via the east/west neighbour
    const b = ny * w + x; // via the north/south neighbour
    const dxDir = DXS[dir] === 1 ? 2 : 6;
    const dyDir = DYS[dir] === 1 ? 4 : 0;
    const viaA = passable(a) && orthOpen(i, dxDir) && orthOpen(a, dyDir);
    const viaB = passable(b) && orthOpen(i, dyDir) && orthOpen(b, dxDir);
    return viaA || viaB ? j : -1;
  };
  const field = (from: number): Int16Array => {
    let f = fields[from];
    if (f) return f;
    f = new Int16Array(w * h).fill(-1);
    const queue = new Int32Array(w * h);
    let head = 0;
    let tail = 0;
    f[from] = 0;
    queue[tail++] = from;
    while (head < tail) {
      const i = queue[head++] as number;
      const d = f[i] as number;
      for (let dir = 0; dir < 8; dir++) {
        const j = kingStep(i, dir);
        if (j >= 0 && f[j] === -1) {
          f[j] = d + 1;
          queue[tail++] = j;
        }
      }
    }
    fields[from] = f;
    return f;
  };
  return {
    width: w,
    height: h,
    tiles: arena.tiles.map((t) => ({
      type: t.type,
      x0: t.x0,
      y0: t.y0,
      size: 5,
      sourceChits: t.sourceChits,
    })),
    doors,
    entry,
    tileAt: (x, y) => (x < 0 || y < 0 || x >= w || y >= h ? -1 : (arena.tileOf[y * w + x] as number)),
    heightAt: (x, y) =>
      x < 0 || y < 0 || x >= w || y >= h
        ? 'full'
        : (HEIGHT_NAMES[arena.wholeHeight[y * w + x] as number] as Height),
    doorOnSide: (x, y, dir) => doorOnSide(arena, y * w + x, dir),
    wallOnSide: (x, y, dir) => sideKind(arena, y * w + x, dir) === SIDE_WALL,
    distance: (ax, ay, bx, by) => {
      const d = field(ay * w + ax)[by * w + bx] as number;
      return d < 0 ? Number.POSITIVE_INFINITY : d;
    },
  };
}

/**
 * The arena's changing part (doors, holes, figures) as fd-board's typed arrays, for the state as it
 * stands. States never change, so a state asked again gets the same object; and most events touch
 * no figure's square, door, load, drone or vehicle (chits, tests, the Kitty, the Threat queue, a
 * Threat marked as acted), so a state whose figures stand where those of a recent build stood gets
 * that build's arrays. Recent answers are kept in two small rings instead of WeakMaps: a command
 * asks about a handful of states in a row, and every WeakMap entry cost the garbage collector work
 * (about a tenth of a simulated mission went to four WeakMaps here).
 */
export function arenaStateOf(state: FdState): ArenaState {
  for (let i = 0; i < ASKED; i++) if (askedStates[i] === state) return askedAnswers[i] as ArenaState;
  let s: ArenaState | undefined;
  for (let k = 0; k < BUILT; k++) {
    const b = built[(builtAt - k + BUILT) % BUILT];
    if (b && standsAsBuilt(state, b)) {
      s = b.as;
      break;
    }
  }
  if (!s) {
    s = buildArenaState(state);
    builtAt = (builtAt + 1) % BUILT;
    built[builtAt] = {
      as: s,
      rules: state.rules,
      arenaId: state.arenaId,
      teamOrder: state.teamOrder,
      teamers: state.teamers,
      threatOrder: state.threatOrder,
      threats: state.threats,
      doors: state.doors,
      loads: state.loads,
      drones: state.drones,
      vehicles: state.vehicles,
      bulldozed: state.bulldozed,
    };
  }
  askedAt = (askedAt + 1) % ASKED;
  askedStates[askedAt] = state;
  askedAnswers[askedAt] = s;
  return s;
}

/** A built arena state and the records it was built from. */
interface Built {
  readonly as: ArenaState;
  readonly rules: FdRules;
  readonly arenaId: string;
  readonly teamOrder: FdState['teamOrder'];
  readonly teamers: FdState['teamers'];
  readonly threatOrder: FdState['threatOrder'];
  readonly threats: FdState['threats'];
  readonly doors: FdState['doors'];
  readonly loads: FdState['loads'];
  readonly drones: FdState['drones'];
  readonly vehicles: FdState['vehicles'];
  readonly bulldozed: FdState['bulldozed'];
}

const ASKED = 8;
const askedStates: (FdState | undefined)[] = new Array(ASKED).fill(undefined);
const askedAnswers: (ArenaState | undefined)[] = new Array(ASKED).fill(undefined);
let askedAt = 0;
const BUILT = 4;
const built: (Built | undefined)[] = new Array(BUILT).fill(undefined);
let builtAt = 0;

/**
 * Whether `buildArenaState` would fill the same arrays for this state as for the build: the same
 * doors, loads, drones, vehicles and arena, and every figure on the same square with the same say
 * in it (standing or down, ducked, carried, up in the ceiling, gone).
 */
function standsAsBuilt(state: FdState, b: Built): boolean {
  if (
    state.doors !== b.doors ||
    state.loads !== b.loads ||
    state.drones !== b.drones ||
    state.vehicles !== b.vehicles ||
    state.bulldozed !== b.bulldozed ||
    state.rules !== b.rules ||
    state.arenaId !== b.arenaId
  )
    return false;
  if (state.teamers !== b.teamers) {
    if (!sameIds(state.teamOrder, b.teamOrder)) return false;
    for (const id of state.teamOrder) {
      const t = state.teamers[id];
      const u = b.teamers[id];
      if (t === u) continue;
      if (
        !t ||
        !u ||
        t.x !== u.x ||
        t.y !== u.y ||
        t.left !== u.left ||
        t.wounds !== u.wounds ||
        t.ducked !== u.ducked ||
        t.up !== u.up ||
        t.carrying !== u.carrying
      )
        return false;
    }
  }
  if (state.threats !== b.threats) {
    if (!sameIds(state.threatOrder, b.threatOrder)) return false;
    for (const id of state.threatOrder) {
      const t = state.threats[id];
      const u = b.threats[id];
      if (t !== u && (!t || !u || t.x !== u.x || t.y !== u.y)) return false;
    }
  }
  return true;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Every record or figure field read here must be compared by `standsAsBuilt`, or a stale build is handed on. */
function buildArenaState(state: FdState): ArenaState {
  const arena = arenaOf(state);
  const s = newArenaState(arena);
  const doorOpen = s.doorOpen;
  const holes = s.holes;
  state.doors.forEach((d, i) => {
    doorOpen[i] = d.open ? 1 : 0;
    const g = arena.doors[i];
    if (g) for (const h of d.holes) holes[g.firstSide + h] = 1;
  });
  const w = arena.width;
  // Vehicles are machines (4, 10.1); their crew ride inside and fill no square of their own.
  const vehicles = vehicleMachines(state, w);
  for (const id of state.teamOrder) {
    const t = state.teamers[id];
    if (!t || t.x === null || t.y === null || t.left || t.wounds >= 3 || isCarried(state, id)) continue;
    // The crew and a man up in the ceiling (19) take no floor square.
    if (vehicles.crew.has(id) || t.up === true) continue;
    const i = t.y * w + t.x;
    s.teamers[i] = (s.teamers[i] as number) + 1;
    if (t.ducked || t.wounds >= 2) s.ducked[i] = (s.ducked[i] as number) + 1;
  }
  for (const id of state.threatOrder) {
    const t = state.threats[id];
    if (t) s.threats[t.y * w + t.x] = 1;
  }
  // Drones are machines: they block sight and fire and are never entered (4).
  for (const d of state.drones) s.machines[d.y * w + d.x] = 1;
  for (const i of vehicles.squares) s.machines[i] = 1;
  return s;
}
