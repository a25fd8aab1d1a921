import { DX, DY } from '../../engine/board/square-grid.ts';
import { type Arena, SIDE_OPEN, sideKind, sideShut } from './arena/model.ts';
import { pathTo, reachable, reachableSquares } from './arena/movement.ts';
import { arenaOf, arenaStateOf, boardOf, inSight } from './board-adapter.ts';
import { type BulkheadSide, bulkheadSideById, bulkheadSidesAt } from './bulkheads.ts';
import { isFree } from './figures.ts';
import type { FdRules } from './rules-data.ts';
import type { FdState, Teamer } from './state.ts';
import {
  type BulkheadSideView,
  basicProfile,
  DEFAULT_SWITCHES,
  type DoorView,
  type Facing,
  type SquareKey,
  type TeamerView,
  type ThreatProfile,
  type ThreatView,
  type ThreatWorld,
} from './threat/index.ts';

/**
 * The threat AI's `ThreatWorld` over a state: figures, doors and the queries of digest 13 answered
 * from fd-board's arena model. Built per call into the AI (cheap: a few arrays), never stored.
 */

const profileCache = new WeakMap<FdRules, Map<string, ThreatProfile | undefined>>();

/** A species' behaviour for the AI, from the pack's species sheet and its reaction profile. */
export function profileFor(rules: FdRules, speciesId: string): ThreatProfile | undefined {
  let cache = profileCache.get(rules);
  if (!cache) {
    cache = new Map();
    profileCache.set(rules, cache);
  }
  if (cache.has(speciesId)) return cache.get(speciesId);
  const sp = rules.species[speciesId];
  const pr = sp ? rules.profiles[sp.profile] : undefined;
  let profile: ThreatProfile | undefined;
  if (sp && pr) {
    const read = (c: readonly string[]) =>
      c.map((r) => (r === 'attack-nearest' ? 'attack' : r)) as ThreatProfile['reactions']['team'];
    const weapon = sp.weapon ? rules.weapons[sp.weapon] : undefined;
    profile = basicProfile({
      kind: sp.kind,
      actions: sp.actions,
      movement: {
        die: sp.move.die === 'avd' ? 'avd' : 'd6',
        count: Math.max(1, sp.move.dice),
        modifier: sp.move.add,
      },
      stimulusRange: sp.stimulusRange,
      reactions: { team: read(pr.team), noTeam: read(pr.noTeam) },
      modifiers: {
        wounded: pr.modifiers.wounded,
        teamerOnSource: pr.modifiers.teamerOnSourceTile,
        facingAway: pr.modifiers.facingAway,
        inPack: pr.modifiers.inPack,
      },
      pack: sp.packs,
      hides: sp.hides,
      prey: sp.prey ? { carryPenalty: -sp.prey.moveWhileCarrying } : null,
      attackRange: weapon && 'range' in weapon ? weapon.range : 0,
    });
  }
  cache.set(speciesId, profile);
  return profile;
}

export function teamerView(t: Teamer, w: number, rules: FdRules): TeamerView {
  return {
    id: t.id,
    square: (t.y as number) * w + (t.x as number),
    facing: t.facing,
    you: t.leader,
    heavyWeapon: t.weapons.some((id) => rules.weapons[id]?.heavy === true),
  };
}

/**
 * Worlds by state: a state never changes, and the world only reads it, so the Threat phase and the
 * ambush checks after every step (which asked for one per waiting Threat) share one per state.
 */
const worlds = new WeakMap<FdState, ThreatWorld>();

export function worldOf(state: FdState): ThreatWorld {
  let world = worlds.get(state);
  if (!world) {
    world = buildWorld(state);
    worlds.set(state, world);
  }
  return world;
}

function buildWorld(state: FdState): ThreatWorld {
  const arena = arenaOf(state);
  const board = boardOf(state);
  const w = arena.width;
  const as = arenaStateOf(state);
  const threats: ThreatView[] = state.threatOrder.map((id) => {
    const t = state.threats[id];
    if (!t) throw new Error(`threat ${id} missing`);
    return {
      id: t.id,
      species: t.species,
      square: t.y * w + t.x,
      facing: t.facing,
      wounded: t.wounds > 0,
      waiting: t.eye,
      acted: t.acted,
      carrying: t.carrying,
    };
  });
  const teamers: TeamerView[] = [];
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    if (t.x !== null && !t.left && t.wounds < 2) teamers.push(teamerView(t, w, state.rules));
  }
  let sourceTile: number | null = null;
  state.tiles.forEach((t, i) => {
    if (t.chits.some((c) => c.h)) sourceTile = i;
  });
  const sw = state.rules.pack.options.switches;
  const xy = (sq: number) => [sq % w, Math.floor(sq / w)] as const;
  const doorView = (index: number): DoorView => {
    const g = arena.doors[index];
    const d = state.doors[index];
    return {
      id: g?.id ?? String(index),
      sides: (g?.sides ?? []).map((s) => [s.a, s.b] as const),
      zone: g?.zone ?? [],
      damage: d?.damage ?? 0,
      batteredThisTurn: d?.battered?.turn === state.turn ? d.battered.total : 0,
      shortCuts: d?.shortCuts ?? [],
    };
  };
  const tried = new Set(state.bulkheads?.tried ?? []);
  const weak = new Set(state.bulkheads?.weak ?? []);
  const sideView = (s: BulkheadSide): BulkheadSideView => ({
    ...s,
    tried: tried.has(s.id),
    weakSpot: weak.has(s.id),
  });
  return {
    width: w,
    height: arena.height,
    turn: state.turn,
    phase: state.phase === 'team' ? 'team' : 'threat',
    threats,
    teamers,
    sourceTile,
    switches: {
      ...DEFAULT_SWITCHES,
      everyShortCutFinds: sw.everyShortCut,
      ductsOnFourPlus: sw.ductsOnFour,
      batterRent3d6: sw.batterRent3d6,
      batterTogether: sw.batterTogether,
      weakSpots: sw.weakSpots,
    },
    profile: (species) => profileFor(state.rules, species),
    tileOf: (sq) => arena.tileOf[sq] as number,
    distance: (a, b) => {
      const [ax, ay] = xy(a);
      const [bx, by] = xy(b);
      return board.distance(ax, ay, bx, by);
    },
    distanceToTile: (from, tile) => {
      const g = arena.tiles[tile];
      if (!g) return Number.POSITIVE_INFINITY;
      const [fx, fy] = xy(from);
      let best = Number.POSITIVE_INFINITY;
      for (let y = g.y0; y < g.y0 + 5; y++)
        for (let x = g.x0; x < g.x0 + 5; x++) best = Math.min(best, board.distance(fx, fy, x, y));
      return best;
    },
    route: (from, to) => route(arena, board.distance, from, to),
    canSee: (from, to) => {
      const [ax, ay] = xy(from);
      const [bx, by] = xy(to);
      return inSight(state, ax, ay, bx, by);
    },
    contact: (a, b) => inContact(state, a, b),
    isFree: (sq) => {
      const [x, y] = xy(sq);
      return isFree(state, board, x, y);
    },
    closedDoorBetween: (a, b) => {
      const [ax, ay] = xy(a);
      const [bx, by] = xy(b);
      if (Math.abs(ax - bx) + Math.abs(ay - by) !== 1) return null;
      const dir = bx > ax ? 2 : bx < ax ? 6 : by > ay ? 4 : 0;
      const door = board.doorOnSide(ax, ay, dir);
      if (door < 0 || !sideShut(arena, as, a, dir, 'threat')) return null;
      return doorView(door);
    },
    bulkheadSides: (sq) => bulkheadSidesAt(arena, sq).map(sideView),
    weakSpots: (state.bulkheads?.weak ?? []).flatMap((id) => {
      const s = bulkheadSideById(arena, id);
      return s ? [sideView(s)] : [];
    }),
    reach: (threatId, allowance) => {
      const t = state.threats[threatId];
      if (!t) throw new Error(`threat ${threatId} missing`);
      const r = reachable(arena, as, { x: t.x, y: t.y }, t.facing, allowance, {
        mover: 'threat',
        diagonalsCostTwo: sw.diagonalsCostTwo,
      });
      const start = t.y * w + t.x;
      return {
        squares: reachableSquares(r).filter((sq) => sq !== start),
        cost: (sq) => {
          const c = r.cost[sq] as number;
          return c < 0 ? Number.POSITIVE_INFINITY : c;
        },
        path: (sq) => (pathTo(r, sq) ?? []).slice(1).map((s) => s.square),
      };
    },
  };
}

/** A shortest route of the 13.2 measure: step to a neighbour one nearer the goal, first in compass order. */
function route(
  arena: Arena,
  distance: (ax: number, ay: number, bx: number, by: number) => number,
  from: SquareKey,
  to: SquareKey,
): SquareKey[] | null {
  const w = arena.width;
  const tx = to % w;
  const ty = Math.floor(to / w);
  let x = from % w;
  let y = Math.floor(from / w);
  let d = distance(x, y, tx, ty);
  if (!Number.isFinite(d)) return null;
  const out: SquareKey[] = [];
  while (d > 0) {
    let moved = false;
    for (let dir = 0; dir < 8; dir++) {
      const nx = x + (DX[dir] as number);
      const ny = y + (DY[dir] as number);
      if (nx < 0 || ny < 0 || nx >= w || ny >= arena.height) continue;
      if (distance(nx, ny, tx, ty) !== d - 1) continue;
      // The neighbour must be one king-step away by the measure: its distance from here is 1.
      if (distance(x, y, nx, ny) !== 1) continue;
      x = nx;
      y = ny;
      d -= 1;
      out.push(y * w + x);
      moved = true;
      break;
    }
    if (!moved) return null;
  }
  return out;
}

/** Same square, or neighbours with no wall or closed door between and a legal diagonal (13.4). */
export function inContact(state: FdState, a: SquareKey, b: SquareKey): boolean {
  if (a === b) return true;
  const arena = arenaOf(state);
  const w = arena.width;
  const dx = (b % w) - (a % w);
  const dy = Math.floor(b / w) - Math.floor(a / w);
  if (Math.abs(dx) > 1 || Math.abs(dy) > 1) return false;
  const as = arenaStateOf(state);
  if (dx === 0 || dy === 0) {
    const dir = dx === 1 ? 2 : dx === -1 ? 6 : dy === 1 ? 4 : 0;
    return !sideShut(arena, as, a, dir, 'sight');
  }
  const ex = dx === 1 ? 2 : 6;
  const ey = dy === 1 ? 4 : 0;
  const viaX = a + dx; // flank east/west
  const viaY = a + dy * w; // flank north/south
  const open = (i: number, dir: number) =>
    sideKind(arena, i, dir) === SIDE_OPEN || !sideShut(arena, as, i, dir, 'sight');
  const flankOk = (f: number) => arena.isSquare[f] === 1 && arena.wholeHeight[f] !== 3;
  return (flankOk(viaX) && open(a, ex) && open(viaX, ey)) || (flankOk(viaY) && open(a, ey) && open(viaY, ex));
}

export type { Facing };
