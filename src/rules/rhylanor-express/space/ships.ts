import { cubeRound, type Hex, hexDistance } from '../../../engine/board/hex-grid.ts';
import type { Person, Post, ShipDesign, Side, SpacePack } from '../data/space-pack.ts';
import type { Rated, Ship, SpaceState } from './model.ts';
import {
  hullPointsFor,
  READY_ROUNDS,
  STANDARD_START_DISTANCE,
  STANDARD_START_SPEED,
  shipClassOf,
  WEAPONS,
} from './tables.ts';

/** A ship entering play, with every number the rules read copied from its design. */

const rated = (max: number): Rated => ({ max, now: max, destroyed: false, hits: 0 });

export interface NewShipOptions {
  readonly crew: Readonly<Partial<Record<Post, Person>>>;
  readonly gunners: readonly (Person | null)[];
  readonly quiet: boolean;
  readonly at?: Hex | undefined;
  readonly vel?: Hex | undefined;
}

export function newShip(
  id: string,
  name: string,
  design: ShipDesign,
  side: Side,
  _pack: SpacePack,
  options: NewShipOptions,
): Ship {
  const hullPoints = design.hullPoints ?? hullPointsFor(design.tons, design.hull);
  return {
    id,
    name,
    design: design.name,
    side,
    controller: null,
    shipClass: shipClassOf(design.tons, design.jump),
    tons: design.tons,
    hull: design.hull,
    hullPointsMax: hullPoints,
    hullPoints,
    hullHits: 0,
    maneuver: rated(design.maneuver),
    jump: rated(design.jump),
    computer: rated(design.computer),
    power: 0,
    powerHits: 0,
    cabin: 0,
    weaponsState: 0,
    weaponsHits: 0,
    fuel: design.fuel,
    cargo: design.cargo,
    carried: design.carried.map((d) => ({ design: d, state: 0 })),
    magazine: { ...design.magazine },
    turrets: design.turrets.map((t, i) => ({
      name: t.name,
      weapons: t.weapons.map((kind) => ({
        kind,
        ready: WEAPONS[kind].beam ? 0 : READY_ROUNDS,
        usedPhase: -1,
      })),
      state: 0,
      hits: 0,
      gunner: options.gunners[i] ?? null,
      firedTurn: -10,
      busyUntil: -1,
      firedAt: null,
      firedPhase: -1,
    })),
    crew: options.crew,
    at: options.at ?? null,
    vel: options.vel ?? { q: 0, r: 0 },
    past: null,
    sand: 0,
    quiet: options.quiet,
    detected: !options.quiet,
    movedPhase: -1,
    repairTurn: -1,
    pool: 0,
    guard: 0,
    destroyed: false,
  };
}

/**
 * A vector of `speed` hexes from `from` toward `to` (the §6.3 set-up's "4 hexes toward the
 * enemy"), rounded to the nearest hex; zero when they coincide.
 */
export function vectorToward(from: Hex, to: Hex, speed = STANDARD_START_SPEED): Hex {
  const n = hexDistance(from, to);
  if (n === 0) return { q: 0, r: 0 };
  const dq = ((to.q - from.q) * speed) / n;
  const dr = ((to.r - from.r) * speed) / n;
  return cubeRound(dq, dr, -dq - dr);
}

/**
 * The §6.3 set-up: side A in a column at q = −15, side B at q = +15, so each ship of A is 30 hexes
 * from the ship of B in the same place of the column; every ship moves 4 hexes toward the enemy.
 */
export function standardPlacement(s: SpaceState): Record<string, { at: Hex; vel: Hex }> {
  const out: Record<string, { at: Hex; vel: Hex }> = {};
  const half = STANDARD_START_DISTANCE / 2;
  let a = 0;
  let b = 0;
  for (const id of s.order) {
    const ship = s.ships[id] as Ship;
    if (ship.side === 'a') {
      out[id] = { at: { q: -half, r: a }, vel: { q: STANDARD_START_SPEED, r: 0 } };
      a++;
    } else {
      out[id] = { at: { q: half, r: -b }, vel: { q: -STANDARD_START_SPEED, r: 0 } };
      b++;
    }
  }
  return out;
}
