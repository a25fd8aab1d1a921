import createGraph from 'ngraph.graph';
import { aStar } from 'ngraph.path';
import { DX, DY } from '../src/engine/board/square-grid.ts';
import {
  type Arena,
  type ArenaState,
  buildArena,
  type Facing,
  newArenaState,
} from '../src/rules/fundamental-duck/arena/model.ts';
import { reachable, reachableSquares, stepCost } from '../src/rules/fundamental-duck/arena/movement.ts';
import { hasLineOfSight, lineOfSight } from '../src/rules/fundamental-duck/arena/sight.ts';
import { defaultPack, packArena } from '../src/rules/fundamental-duck/data/pack.ts';
import { compare, type MeasureOptions, report } from './harness.ts';

/**
 * Fundamental Duck!'s board hot paths on the default Drifter (15×15 squares, every door open, a
 * few figures about), each against a baseline on the same grid in the same run:
 * - line of sight (walls, doors, obstacles by height, exact corners) vs a bare Bresenham walk over
 *   a 0/1 "blocks sight" array (no sides, no corners, no part obstacles);
 * - all reachable squares for a Teamer's move allowance (Dijkstra over square × facing, with the
 *   booklet's step costs) vs ngraph.path's A* on the same squares and step costs (facing left out,
 *   which only favours it), one target at a time for every square ours reaches.
 */

const arena: Arena = buildArena(packArena(defaultPack), defaultPack);
const state: ArenaState = newArenaState(arena);
state.doorOpen.fill(1);
for (const [x, y] of [
  [2, 7],
  [3, 7],
  [7, 7],
] as const) {
  const i = y * arena.width + x;
  state.teamers[i] = (state.teamers[i] as number) + 1;
}
state.threats[12 * arena.width + 6] = 1;
state.threats[2 * arena.width + 12] = 1;

/** A fixed list of square pairs (a small LCG: the same pairs every run). */
function pairs(n: number): [number, number, number, number][] {
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  const out: [number, number, number, number][] = [];
  while (out.length < n) {
    const a = next() % arena.size;
    const b = next() % arena.size;
    if (arena.isSquare[a] && arena.isSquare[b])
      out.push([a % arena.width, Math.floor(a / arena.width), b % arena.width, Math.floor(b / arena.width)]);
  }
  return out;
}
const PAIRS = pairs(500);

/** The baseline's grid: 1 where a square blocks sight by a whole-square obstacle (HIGH or FULL). */
const blocksSight = new Uint8Array(arena.size);
for (let i = 0; i < arena.size; i++) blocksSight[i] = (arena.wholeHeight[i] as number) >= 2 ? 1 : 0;

function bresenham(x0: number, y0: number, x1: number, y1: number): boolean {
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  let x = x0;
  let y = y0;
  const w = arena.width;
  for (;;) {
    if (x === x1 && y === y1) return true;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
    if (!(x === x1 && y === y1) && blocksSight[y * w + x] === 1) return false;
  }
}

function oursLos(): number {
  let clear = 0;
  for (const [x0, y0, x1, y1] of PAIRS) if (hasLineOfSight(arena, state, x0, y0, x1, y1)) clear++;
  return clear;
}

/** The same queries through the reporting API (what blocked, where): allocates a result when blocked. */
function oursLosReport(): number {
  let clear = 0;
  for (const [x0, y0, x1, y1] of PAIRS)
    if (lineOfSight(arena, state, { x: x0, y: y0 }, { x: x1, y: y1 }).clear) clear++;
  return clear;
}

function bareLos(): number {
  let clear = 0;
  for (const [x0, y0, x1, y1] of PAIRS) if (bresenham(x0, y0, x1, y1)) clear++;
  return clear;
}

// Reachable squares: starts spread over the arena, allowance 5 (the AvD's top face).
const ALLOWANCE = 5;
const STARTS = [
  [1, 7],
  [7, 6],
  [12, 7],
  [6, 2],
  [2, 12],
  [12, 11],
].map(([x, y]) => ({ x: x as number, y: y as number }));
const FACING = 2 as Facing;

// ngraph: one node per square, one directed link per legal step, weighted by the step's cost for a
// figure facing along it (forward; the baseline gets no facing states, which only helps it).
const graph = createGraph<{ x: number; y: number }, { cost: number }>();
for (let i = 0; i < arena.size; i++)
  if (arena.isSquare[i]) graph.addNode(i, { x: i % arena.width, y: Math.floor(i / arena.width) });
for (let i = 0; i < arena.size; i++) {
  if (!arena.isSquare[i]) continue;
  const from = { x: i % arena.width, y: Math.floor(i / arena.width) };
  for (let dir = 0; dir < 8; dir++) {
    const to = { x: from.x + (DX[dir] as number), y: from.y + (DY[dir] as number) };
    const step = stepCost(arena, state, from, to, dir as Facing, { mover: 'teamer', moverAt: -1 });
    if (step) graph.addLink(i, to.y * arena.width + to.x, { cost: step.cost });
  }
}
const finder = aStar(graph, {
  oriented: true,
  distance: (_a, _b, link) => link.data.cost,
  heuristic: (a, b) => Math.max(Math.abs(a.data.x - b.data.x), Math.abs(a.data.y - b.data.y)),
});
const TARGETS = STARTS.map((s) =>
  reachableSquares(reachable(arena, state, s, FACING, ALLOWANCE, { mover: 'teamer', moverAt: -1 })),
);

function oursReach(): number {
  let n = 0;
  for (const s of STARTS)
    n += reachableSquares(
      reachable(arena, state, s, FACING, ALLOWANCE, { mover: 'teamer', moverAt: -1 }),
    ).length;
  return n;
}

function aStarReach(): number {
  let n = 0;
  STARTS.forEach((s, k) => {
    const from = s.y * arena.width + s.x;
    for (const target of TARGETS[k] as number[]) n += finder.find(from, target).length;
  });
  return n;
}

/** Many short alternating batches: on a shared, busy machine the medians settle better. */
const OPTIONS: MeasureOptions = { warmupMs: 400, batchMs: 25, batches: 41 };

export default async function run(): Promise<void> {
  const los = compare(oursLos, bareLos, OPTIONS);
  report({ bench: 'fd-board-line-of-sight', ...los, unit: 'batches of 500 lines/s' });
  const losReport = compare(oursLosReport, bareLos, OPTIONS);
  report({ bench: 'fd-board-line-of-sight-report', ...losReport, unit: 'batches of 500 lines/s' });
  const reach = compare(oursReach, aStarReach, OPTIONS);
  report({ bench: 'fd-board-reachable', ...reach, unit: 'batches of 6 move areas/s' });
}
