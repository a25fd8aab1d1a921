import { DX, DY } from '../../engine/board/square-grid.ts';
import { type Arena, type ArenaState, SIDE_OPEN, sideKind, sideShut } from './arena/model.ts';
import { pathTo, type ReachBuffer, reachable, reachableSquares } from './arena/movement.ts';
import type { Board } from './board.ts';
import { arenaOf, arenaStateOf, boardOf, inSightOn } from './board-adapter.ts';
import { type BulkheadSide, bulkheadSideById, bulkheadSidesAt } from './bulkheads.ts';
import { isFree } from './figures.ts';
import type { FdRules } from './rules-data.ts';
import type { FdState, Teamer, Threat } from './state.ts';
import {
  type BulkheadSideView,
  basicProfile,
  DEFAULT_SWITCHES,
  type DoorView,
  type Facing,
  type SquareKey,
  type TeamerView,
  type ThreatProfile,
  type ThreatReach,
  type ThreatSwitches,
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
export function worldOf(state: FdState): ThreatWorld {
  // The last few states asked about, in a ring: the AI asks about one state many times in a row,
  // and a WeakMap entry per state cost the garbage collector more than the lookups saved.
  for (let i = 0; i < WORLDS; i++) if (worldStates[i] === state) return worlds[i] as StateWorld;
  const world = new StateWorld(state);
  worldAt = (worldAt + 1) % WORLDS;
  worldStates[worldAt] = state;
  worlds[worldAt] = world;
  return world;
}

const WORLDS = 4;
const worldStates: (FdState | undefined)[] = new Array(WORLDS).fill(undefined);
const worlds: (StateWorld | undefined)[] = new Array(WORLDS).fill(undefined);
let worldAt = 0;

/**
 * The last Threat list made and the Threat records it was made from, place by place: a Threat's
 * view depends on its record alone (and the arena's width), and most events of a Threat phase
 * change one Threat, so the next world's list takes the others' views as they are.
 */
let lastViews: {
  readonly width: number;
  /** The Threats' record and order the list was made from: the same two, the same list. */
  readonly threats: FdState['threats'] | null;
  readonly threatOrder: FdState['threatOrder'] | null;
  readonly from: readonly Threat[];
  readonly views: ThreatView[];
} = { width: 0, threats: null, threatOrder: null, from: [], views: [] };

/**
 * One buffer for every `StateWorld.reach`: a ThreatReach reads it lazily, so it holds only until
 * the next `reach` call. Safe because every caller (threat/activate.ts: attack, hide, drag,
 * soloScript, climbAfter; threat/order.ts: the pack's loop) asks once, uses that reach to the
 * end and keeps nothing of it (paths and square lists are fresh arrays), and none of the helpers
 * it passes the reach to asks for another.
 */
const reachBuffer: ReachBuffer = { buffer: null };

/** The last Teamer list made and the records it was made from (see `StateWorld.teamers`). */
let lastTeamers: {
  readonly teamers: FdState['teamers'] | null;
  readonly teamOrder: FdState['teamOrder'] | null;
  readonly width: number;
  readonly rules: FdRules | null;
  readonly views: TeamerView[];
} = { teamers: null, teamOrder: null, width: 0, rules: null, views: [] };

/**
 * The world over one state, as a class: its queries are methods on the prototype, and the Threat
 * and Teamer lists, the Source tile and the switches are made when first asked. The Threat phase
 * makes one per state it reaches (after every event a Threat's move or attack emits), and under
 * tsx each closure an object literal held cost a `__name` call and an allocation per world.
 */
class StateWorld implements ThreatWorld {
  readonly width: number;
  readonly height: number;
  readonly turn: number;
  readonly phase: 'team' | 'threat';
  private readonly state: FdState;
  private readonly arena: Arena;
  private readonly board: Board;
  private threatList: ThreatView[] | null = null;
  private teamerList: TeamerView[] | null = null;
  private source: number | null | undefined = undefined;
  private switchSet: ThreatSwitches | null = null;
  private weak: BulkheadSideView[] | null = null;
  private figures: ArenaState | null = null;

  constructor(state: FdState) {
    this.state = state;
    this.arena = arenaOf(state);
    this.board = boardOf(state);
    this.width = this.arena.width;
    this.height = this.arena.height;
    this.turn = state.turn;
    this.phase = state.phase === 'team' ? 'team' : 'threat';
  }

  /** The state's arena state, looked up once per world (sight and reach ask for it many times). */
  private get arenaState(): ArenaState {
    if (!this.figures) this.figures = arenaStateOf(this.state);
    return this.figures;
  }

  get threats(): readonly ThreatView[] {
    if (this.threatList) return this.threatList;
    const state = this.state;
    const w = this.width;
    const before = lastViews.width === w ? lastViews : null;
    if (before && before.threats === state.threats && before.threatOrder === state.threatOrder) {
      this.threatList = before.views;
      return before.views;
    }
    const out: ThreatView[] = [];
    const from: Threat[] = [];
    for (const id of state.threatOrder) {
      const t = state.threats[id];
      if (!t) throw new Error(`threat ${id} missing`);
      const i = out.length;
      out.push(
        before?.from[i] === t
          ? (before.views[i] as ThreatView)
          : {
              id: t.id,
              species: t.species,
              square: t.y * w + t.x,
              facing: t.facing,
              wounded: t.wounds > 0,
              waiting: t.eye,
              acted: t.acted,
              carrying: t.carrying,
            },
      );
      from.push(t);
    }
    lastViews = { width: w, threats: state.threats, threatOrder: state.threatOrder, from, views: out };
    this.threatList = out;
    return out;
  }

  get teamers(): readonly TeamerView[] {
    if (this.teamerList) return this.teamerList;
    const state = this.state;
    // Most events of a Threat phase or a Teamer's move leave the Teamers' record as it was: the
    // last world's list holds (a view reads the record, the width and the rules alone).
    const last = lastTeamers;
    if (
      last.teamers === state.teamers &&
      last.teamOrder === state.teamOrder &&
      last.width === this.width &&
      last.rules === state.rules
    ) {
      this.teamerList = last.views;
      return last.views;
    }
    const out: TeamerView[] = [];
    // Crew inside a vehicle stand for the Threats at its front square (the cab), as any Teamer:
    // the Threats go for the people inside, and fd-rules turns a grapple or shot at one of them
    // into an attack on the hull (`vehicle-contact.ts`, 18, Bughunt's reading).
    for (const id of state.teamOrder) {
      const t = state.teamers[id] as Teamer;
      // A man up in the ceiling (19) is out of the floor AI's reach and sight.
      if (t.x !== null && !t.left && t.wounds < 2 && t.up !== true)
        out.push(teamerView(t, this.width, state.rules));
    }
    lastTeamers = {
      teamers: state.teamers,
      teamOrder: state.teamOrder,
      width: this.width,
      rules: state.rules,
      views: out,
    };
    this.teamerList = out;
    return out;
  }

  get sourceTile(): number | null {
    if (this.source !== undefined) return this.source;
    let sourceTile: number | null = null;
    const tiles = this.state.tiles;
    for (let i = 0; i < tiles.length; i++)
      if ((tiles[i] as FdState['tiles'][number]).chits.some((c) => c.h)) sourceTile = i;
    this.source = sourceTile;
    return sourceTile;
  }

  get switches(): ThreatSwitches {
    if (this.switchSet) return this.switchSet;
    const sw = this.state.rules.pack.options.switches;
    this.switchSet = {
      ...DEFAULT_SWITCHES,
      everyShortCutFinds: sw.everyShortCut,
      ductsOnFourPlus: sw.ductsOnFour,
      batterRent3d6: sw.batterRent3d6,
      batterTogether: sw.batterTogether,
      weakSpots: sw.weakSpots,
    };
    return this.switchSet;
  }

  get weakSpots(): readonly BulkheadSideView[] {
    if (this.weak) return this.weak;
    const out: BulkheadSideView[] = [];
    for (const id of this.state.bulkheads?.weak ?? []) {
      const s = bulkheadSideById(this.arena, id);
      if (s) out.push(this.sideView(s));
    }
    this.weak = out;
    return out;
  }

  profile(species: string): ThreatProfile | undefined {
    return profileFor(this.state.rules, species);
  }

  tileOf(sq: SquareKey): number {
    return this.arena.tileOf[sq] as number;
  }

  distance(a: SquareKey, b: SquareKey): number {
    const w = this.width;
    const ax = a % w;
    const bx = b % w;
    return this.board.distance(ax, (a - ax) / w, bx, (b - bx) / w);
  }

  distanceToTile(from: SquareKey, tile: number): number {
    const g = this.arena.tiles[tile];
    if (!g) return Number.POSITIVE_INFINITY;
    const w = this.width;
    const fx = from % w;
    const fy = (from - fx) / w;
    let best = Number.POSITIVE_INFINITY;
    for (let y = g.y0; y < g.y0 + 5; y++)
      for (let x = g.x0; x < g.x0 + 5; x++) best = Math.min(best, this.board.distance(fx, fy, x, y));
    return best;
  }

  route(from: SquareKey, to: SquareKey): readonly SquareKey[] | null {
    return route(this.arena, this.board.distance, from, to);
  }

  canSee(from: SquareKey, to: SquareKey): boolean {
    const w = this.width;
    const ax = from % w;
    const bx = to % w;
    return inSightOn(this.state, this.arena, this.arenaState, ax, (from - ax) / w, bx, (to - bx) / w);
  }

  contact(a: SquareKey, b: SquareKey): boolean {
    return inContact(this.state, a, b);
  }

  isFree(sq: SquareKey): boolean {
    const w = this.width;
    const x = sq % w;
    return isFree(this.state, this.board, x, (sq - x) / w);
  }

  closedDoorBetween(a: SquareKey, b: SquareKey): DoorView | null {
    const w = this.width;
    const ax = a % w;
    const ay = (a - ax) / w;
    const bx = b % w;
    const by = (b - bx) / w;
    if (Math.abs(ax - bx) + Math.abs(ay - by) !== 1) return null;
    const dir = bx > ax ? 2 : bx < ax ? 6 : by > ay ? 4 : 0;
    const door = this.board.doorOnSide(ax, ay, dir);
    if (door < 0 || !sideShut(this.arena, this.arenaState, a, dir, 'threat')) return null;
    return this.doorView(door);
  }

  bulkheadSides(sq: SquareKey): readonly BulkheadSideView[] {
    return bulkheadSidesAt(this.arena, sq).map((s) => this.sideView(s));
  }

  reach(threatId: string, allowance: number): ThreatReach {
    const state = this.state;
    const t = state.threats[threatId];
    if (!t) throw new Error(`threat ${threatId} missing`);
    const r = reachable(
      this.arena,
      this.arenaState,
      { x: t.x, y: t.y },
      t.facing,
      allowance,
      { mover: 'threat', diagonalsCostTwo: state.rules.pack.options.switches.diagonalsCostTwo },
      reachBuffer,
    );
    const start = t.y * this.width + t.x;
    return {
      squares: reachableSquares(r).filter((sq) => sq !== start),
      cost: (sq) => {
        const c = r.cost[sq] as number;
        return c < 0 ? Number.POSITIVE_INFINITY : c;
      },
      path: (sq) => (pathTo(r, sq) ?? []).slice(1).map((s) => s.square),
    };
  }

  private doorView(index: number): DoorView {
    const g = this.arena.doors[index];
    const d = this.state.doors[index];
    return {
      id: g?.id ?? String(index),
      sides: (g?.sides ?? []).map((s) => [s.a, s.b] as const),
      zone: g?.zone ?? [],
      damage: d?.damage ?? 0,
      batteredThisTurn: d?.battered?.turn === this.state.turn ? d.battered.total : 0,
      shortCuts: d?.shortCuts ?? [],
      holes: d?.holes ?? [],
    };
  }

  private sideView(s: BulkheadSide): BulkheadSideView {
    const b = this.state.bulkheads;
    return { ...s, tried: b?.tried.includes(s.id) ?? false, weakSpot: b?.weak.includes(s.id) ?? false };
  }
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
