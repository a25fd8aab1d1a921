import {
  type Arena,
  type ArenaState,
  buildArena,
  doorOnSide,
  HEIGHT_FULL,
  newArenaState,
  SIDE_WALL,
  sideKind,
  sideShut,
} from '../arena/model.ts';
import { pathTo, reachable, reachableSquares } from '../arena/movement.ts';
import { lineOfSight } from '../arena/sight.ts';
import { defaultPack, packArena } from '../data/pack.ts';
import { threatProfiles } from './profile.ts';
import {
  DEFAULT_SWITCHES,
  type DoorView,
  type Facing,
  type SquareKey,
  type TeamerView,
  type ThreatView,
  type ThreatWorld,
} from './world.ts';

/**
 * A test-only \`ThreatWorld\` on the real default arena, the "Drifter Mary Rose" of the default
 * pack, with fd-board's arena model, movement and sight answering the queries (fd-rules has its own
 * adapter over the game state; this one lets the AI be tested and measured on its own).
 */

export const arena: Arena = buildArena(packArena(defaultPack), defaultPack);
const W = arena.width;
const profiles = threatProfiles(defaultPack);
const DX = [0, 1, 1, 1, 0, -1, -1, -1];
const DY = [-1, -1, 0, 1, 1, 1, 0, -1];
export const sq = (x: number, y: number) => y * W + x;

/** King-step distance of 13.2: walls and FULL block, closed doors do not; doors crossed orthogonally only. */
function distanceField(from: SquareKey): Int16Array {
  const f = new Int16Array(arena.size).fill(-1);
  const queue = [from];
  f[from] = 0;
  const passable = (i: number) => arena.isSquare[i] === 1 && arena.wholeHeight[i] !== HEIGHT_FULL;
  const side = (i: number, dir: number, diagonal: boolean) => {
    const k = sideKind(arena, i, dir);
    return k !== SIDE_WALL && !(diagonal && doorOnSide(arena, i, dir) >= 0);
  };
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q] as number;
    const x = i % W;
    const y = (i - x) / W;
    for (let dir = 0; dir < 8; dir++) {
      const nx = x + (DX[dir] as number);
      const ny = y + (DY[dir] as number);
      if (nx < 0 || ny < 0 || nx >= W || ny >= arena.height) continue;
      const j = sq(nx, ny);
      if (f[j] !== -1 || !passable(j)) continue;
      if (dir % 2 === 0) {
        if (!side(i, dir, false)) continue;
      } else {
        const ex = nx > x ? 2 : 6;
        const ey = ny > y ? 4 : 0;
        const viaX = sq(nx, y);
        const viaY = sq(x, ny);
        const ok =
          (passable(viaX) && side(i, ex, true) && side(viaX, ey, true)) ||
          (passable(viaY) && side(i, ey, true) && side(viaY, ex, true));
        if (!ok) continue;
      }
      f[j] = (f[i] as number) + 1;
      queue.push(j);
    }
  }
  return f;
}
const fields = new Map<SquareKey, Int16Array>();
function distance(a: SquareKey, b: SquareKey): number {
  let f = fields.get(a);
  if (!f) {
    f = distanceField(a);
    fields.set(a, f);
  }
  const d = f[b] as number;
  return d < 0 ? Number.POSITIVE_INFINITY : d;
}

export interface Figures {
  threats: ThreatView[];
  teamers: TeamerView[];
  damage?: Record<string, number>;
  shortCuts?: Record<string, number[]>;
}

export function drifterWorld(figs: Figures): ThreatWorld {
  const state: ArenaState = newArenaState(arena);
  for (const t of figs.teamers) state.teamers[t.square] = (state.teamers[t.square] as number) + 1;
  for (const t of figs.threats) state.threats[t.square] = 1;
  const doorView = (index: number): DoorView => {
    const d = arena.doors[index];
    if (!d) throw new Error(`no door ${index}`);
    return {
      id: d.id,
      sides: d.sides.map((s) => [s.a, s.b] as const),
      zone: d.zone,
      damage: figs.damage?.[d.id] ?? 0,
      shortCuts: figs.shortCuts?.[d.id] ?? [],
      holes: [],
    };
  };
  const dirOf = (a: SquareKey, b: SquareKey) => {
    const dx = (b % W) - (a % W);
    const dy = Math.floor(b / W) - Math.floor(a / W);
    return dx === 1 ? 2 : dx === -1 ? 6 : dy === 1 ? 4 : 0;
  };
  const world: ThreatWorld = {
    width: W,
    height: arena.height,
    turn: 3,
    phase: 'threat',
    threats: figs.threats,
    teamers: figs.teamers,
    sourceTile: null,
    switches: DEFAULT_SWITCHES,
    profile: profiles,
    tileOf: (s) => arena.tileOf[s] as number,
    distance,
    distanceToTile: (from, tile) => {
      let best = Number.POSITIVE_INFINITY;
      for (let s = 0; s < arena.size; s++)
        if (arena.tileOf[s] === tile) best = Math.min(best, distance(from, s));
      return best;
    },
    route: (from, to) => {
      let d = distance(from, to);
      if (!Number.isFinite(d)) return null;
      const out: SquareKey[] = [];
      let at = from;
      while (d > 0) {
        const x = at % W;
        const y = (at - x) / W;
        let next = -1;
        for (let dir = 0; dir < 8 && next < 0; dir++) {
          const nx = x + (DX[dir] as number);
          const ny = y + (DY[dir] as number);
          if (nx < 0 || ny < 0 || nx >= W || ny >= arena.height) continue;
          const j = sq(nx, ny);
          if (distance(at, j) === 1 && distance(j, to) === d - 1) next = j;
        }
        if (next < 0) return null;
        out.push(next);
        at = next;
        d--;
      }
      return out;
    },
    canSee: (a, b) =>
      lineOfSight(arena, state, { x: a % W, y: Math.floor(a / W) }, { x: b % W, y: Math.floor(b / W) }).clear,
    contact: (a, b) => {
      if (a === b) return true;
      const dx = (b % W) - (a % W);
      const dy = Math.floor(b / W) - Math.floor(a / W);
      if (Math.abs(dx) > 1 || Math.abs(dy) > 1) return false;
      if (dx === 0 || dy === 0) return !sideShut(arena, state, a, dirOf(a, b), 'threat');
      const ex = dx === 1 ? 2 : 6;
      const ey = dy === 1 ? 4 : 0;
      const viaX = a + dx;
      const viaY = a + dy * W;
      const flank = (f: number) => arena.isSquare[f] === 1 && arena.wholeHeight[f] !== HEIGHT_FULL;
      const open = (i: number, dir: number) =>
        sideKind(arena, i, dir) !== SIDE_WALL && doorOnSide(arena, i, dir) < 0;
      return (flank(viaX) && open(a, ex) && open(viaX, ey)) || (flank(viaY) && open(a, ey) && open(viaY, ex));
    },
    isFree: (s) =>
      arena.isSquare[s] === 1 &&
      arena.wholeHeight[s] !== HEIGHT_FULL &&
      state.teamers[s] === 0 &&
      state.threats[s] === 0,
    closedDoorBetween: (a, b) => {
      const dx = Math.abs((b % W) - (a % W));
      const dy = Math.abs(Math.floor(b / W) - Math.floor(a / W));
      if (dx + dy !== 1) return null;
      const dir = dirOf(a, b);
      const door = doorOnSide(arena, a, dir);
      if (door < 0 || !sideShut(arena, state, a, dir, 'threat')) return null;
      return doorView(door);
    },
    reach: (threatId, allowance) => {
      const t = figs.threats.find((x) => x.id === threatId);
      if (!t) throw new Error(`no threat ${threatId}`);
      const r = reachable(
        arena,
        state,
        { x: t.square % W, y: Math.floor(t.square / W) },
        t.facing,
        allowance,
        {
          mover: 'threat',
        },
      );
      return {
        squares: reachableSquares(r).filter((s) => s !== t.square),
        cost: (s) => {
          const c = r.cost[s] as number;
          return c < 0 ? Number.POSITIVE_INFINITY : c;
        },
        path: (s) => (pathTo(r, s) ?? []).slice(1).map((p) => p.square),
      };
    },
  };
  return world;
}

export const harpy = (
  id: string,
  x: number,
  y: number,
  facing: Facing,
  more: Partial<ThreatView> = {},
): ThreatView => ({
  id,
  species: 'harpy',
  square: sq(x, y),
  facing,
  wounded: false,
  waiting: false,
  acted: false,
  carrying: null,
  ...more,
});
export const teamer = (
  id: string,
  x: number,
  y: number,
  facing: Facing,
  more: Partial<TeamerView> = {},
): TeamerView => ({
  id,
  square: sq(x, y),
  facing,
  you: false,
  heavyWeapon: false,
  ...more,
});
