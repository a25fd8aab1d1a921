import { type Hex, hexDistance, hexLength } from '../../engine/board/hex-grid.ts';
import type { Ship } from '../../rules/rhylanor-express/space/model.ts';
import { vectorStep } from '../../rules/rhylanor-express/space/movement.ts';
import {
  type RangeBand,
  rangeBand,
  SURPRISE_MAX,
  SURPRISE_MIN,
} from '../../rules/rhylanor-express/space/tables.ts';
import { currentG } from '../../rules/rhylanor-express/space/turn.ts';
import type { HexCell } from '../board/layout.ts';
import type { ShipView, SpaceView } from './model.ts';

/**
 * Plotting a ship's move on the hex map (§6.6) with the rules' own vector step: the ship goes to
 * its future marker this turn whatever the thrust; gravity from worlds beside its path and the
 * thrust then set the new future marker. The plot is that new marker: the player drags it within
 * the drive's G of where the ship would drift with no thrust.
 */

export interface Plot {
  /** Where the ship ends this move (its present future marker). */
  readonly to: Hex;
  /** The hexes it passes. */
  readonly path: readonly Hex[];
  /** Unit pulls of worlds beside the path, in order. */
  readonly pulls: readonly Hex[];
  /** The new future marker with no thrust: `to` plus the vector bent by gravity. */
  readonly drift: Hex;
  /** The G it may use now (damage and power counted). */
  readonly g: number;
}

export function plotOf(space: Pick<SpaceView, 'worlds'>, ship: ShipView): Plot | null {
  if (!ship.at) return null;
  const step = vectorStep(
    ship.at,
    ship.vel,
    { q: 0, r: 0 },
    space.worlds.map((w) => w.at),
  );
  return {
    to: step.to,
    path: step.path,
    pulls: step.pulls,
    drift: { q: step.to.q + step.vel.q, r: step.to.r + step.vel.r },
    g: currentG(ship as Ship),
  };
}

/** The thrust that puts the new future marker on `marker`, or null when the drive cannot reach it. */
export function thrustTo(plot: Plot, marker: Hex): Hex | null {
  const thrust = { q: marker.q - plot.drift.q, r: marker.r - plot.drift.r };
  return hexLength(thrust.q, thrust.r) <= plot.g ? { q: thrust.q + 0, r: thrust.r + 0 } : null;
}

/** Every hex the new future marker may be put on (within G of the drift). */
export function reachOf(plot: Plot): HexCell[] {
  const out: HexCell[] = [];
  const g = plot.g;
  for (let dq = -g; dq <= g; dq++)
    for (let dr = Math.max(-g, -dq - g); dr <= Math.min(g, -dq + g); dr++)
      out.push({ q: plot.drift.q + dq, r: plot.drift.r + dr });
  return out;
}

export function bandBetween(a: Hex, b: Hex): { hexes: number; band: RangeBand } {
  const hexes = hexDistance(a, b);
  return { hexes, band: rangeBand(hexes) };
}

export const BAND_WORDS: Readonly<Record<RangeBand, string>> = {
  boarding: 'boarding (short)',
  short: 'short',
  long: 'long',
  out: 'out of range',
};

/** The hexes the map shows: every ship's past, present and future, the worlds, and a margin. */
export function mapCells(space: SpaceView, margin = 6): HexCell[] {
  const points: Hex[] = [
    { q: -10, r: 0 },
    { q: 10, r: 0 },
  ];
  for (const w of space.worlds) points.push(w.at);
  for (const id of space.order) {
    const s = space.ships[id];
    if (!s?.at) continue;
    points.push(s.at, { q: s.at.q + s.vel.q, r: s.at.r + s.vel.r });
    if (s.past) points.push(s.past);
  }
  let minQ = Number.POSITIVE_INFINITY;
  let maxQ = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    minQ = Math.min(minQ, p.q);
    maxQ = Math.max(maxQ, p.q);
    minY = Math.min(minY, p.r + p.q / 2);
    maxY = Math.max(maxY, p.r + p.q / 2);
  }
  minQ -= margin;
  maxQ += margin;
  minY -= margin;
  maxY += margin;
  const cells: HexCell[] = [];
  for (let q = minQ; q <= maxQ; q++) {
    for (let r = Math.ceil(minY - q / 2); r <= Math.floor(maxY - q / 2); r++) cells.push({ q, r });
  }
  return cells;
}

/**
 * Where a ship with surprise may be placed (§6.2): the map's hexes whose nearest enemy ship in
 * play is SURPRISE_MIN to SURPRISE_MAX hexes away. With no enemy on the map, any hex.
 */
export function surpriseHexes(space: SpaceView, ship: ShipView, cells: readonly HexCell[]): HexCell[] {
  const enemies = space.order
    .map((id) => space.ships[id])
    .filter((s): s is ShipView => s !== undefined && s.side !== ship.side && s.at !== null && !s.destroyed);
  if (enemies.length === 0) return [...cells];
  return cells.filter((c) => {
    const nearest = Math.min(...enemies.map((e) => hexDistance(c, e.at as Hex)));
    return nearest >= SURPRISE_MIN && nearest <= SURPRISE_MAX;
  });
}
