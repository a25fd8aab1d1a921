import type { HullKind, WeaponKind } from '../data/space-pack.ts';
import type { DamageItem } from './events.ts';
import type { ShipClass } from './model.ts';

/** The document's space-combat tables (digest §6), as typed data. */

/** Range bands in hexes (§6.1): 0 boarding (fires as Short), 1–5 Short, 6–15 Long, 16+ out of range. */
export const SHORT_RANGE = 5;
export const LONG_RANGE = 15;
export const COUNTER_FIRE_REACH = 6;
export const TO_HIT_SHORT = 8;
export const TO_HIT_LONG = 12;
export const STANDARD_START_DISTANCE = 30;
export const STANDARD_START_SPEED = 4;
export const SURPRISE_MIN = 6;
export const SURPRISE_MAX = 30;
export const DETECT_ACTIVE = 8;
export const DETECT_QUIET = 12;
export const REPAIR_TARGET = 8;
export const GROUND_TO_HIT = 8;
export const READY_ROUNDS = 3;
/** A turret holds at most three launchers of three ready rounds: more loaders than nine have nothing to load. */
export const TURRET_HANDS_MAX = 3 * READY_ROUNDS;
export const MAX_SAND_DM = 6;
export const MAX_EARLY_DETONATION = 3;
export const FUEL_PER_HIT = 10;
export const CARGO_PER_HIT = 10;
export const CREW_HIT_PENETRATION = 8;

export type RangeBand = 'boarding' | 'short' | 'long' | 'out';

export function rangeBand(hexes: number): RangeBand {
  if (hexes === 0) return 'boarding';
  if (hexes <= SHORT_RANGE) return 'short';
  if (hexes <= LONG_RANGE) return 'long';
  return 'out';
}

export interface WeaponInfo {
  readonly beam: boolean;
  /** To-hit DM of the weapon itself (§6.7). */
  readonly dm: number;
  /** Hits when it hits; 'd6' rolls 1d6. */
  readonly hits: number | 'd6';
  readonly maxRange: number;
  readonly ignoresSand: boolean;
  /** Major penetrations against a ground target (§6.14). */
  readonly groundMajors: number | 'd6';
  /** Energy weapon (Energy Artillery Gunner may stand in for Gunnery at −1). */
  readonly energy: boolean;
}

export const WEAPONS: Readonly<Record<WeaponKind, WeaponInfo>> = {
  beamLaser: { beam: true, dm: 0, hits: 1, maxRange: 15, ignoresSand: false, groundMajors: 1, energy: true },
  pulseLaser: {
    beam: true,
    dm: -1,
    hits: 2,
    maxRange: 15,
    ignoresSand: false,
    groundMajors: 2,
    energy: true,
  },
  plasmaGun: { beam: true, dm: 1, hits: 2, maxRange: 5, ignoresSand: false, groundMajors: 2, energy: true },
  fusionGun: { beam: true, dm: 2, hits: 3, maxRange: 5, ignoresSand: false, groundMajors: 3, energy: true },
  particleAccelerator: {
    beam: true,
    dm: 2,
    hits: 3,
    maxRange: 15,
    ignoresSand: true,
    groundMajors: 3,
    energy: true,
  },
  laserBattery: {
    beam: true,
    dm: 6,
    hits: 'd6',
    maxRange: 15,
    ignoresSand: false,
    groundMajors: 'd6',
    energy: true,
  },
  missileRack: {
    beam: false,
    dm: 0,
    hits: 'd6',
    maxRange: 15,
    ignoresSand: false,
    groundMajors: 'd6',
    energy: false,
  },
  sandCaster: {
    beam: false,
    dm: 0,
    hits: 0,
    maxRange: 0,
    ignoresSand: false,
    groundMajors: 0,
    energy: false,
  },
};

/** To-hit DM for the target's tonnage (§6.7, with the digest's reading of the gaps). */
export function tonnageDm(tons: number): number {
  if (tons <= 20) return -2;
  if (tons < 100) return -1;
  if (tons < 1000) return 0;
  if (tons < 2000) return 1;
  return 2;
}

/** To-hit DM against the hull, and hits taken off a missile strike (§6.7, §6.13). */
export const HULL_DM: Readonly<Record<HullKind, number>> = { normal: 0, armoured: -1, heavilyArmoured: -2 };
export const HULL_MULTIPLIER: Readonly<Record<HullKind, number>> = {
  normal: 1,
  armoured: 2,
  heavilyArmoured: 3,
};
/** Hull armour value of a ship fighting in the personal-combat scale (§6.14). */
export const GROUND_HULL_ARMOUR: Readonly<Record<HullKind, number>> = {
  normal: 40,
  armoured: 50,
  heavilyArmoured: 60,
};

/** 1 hull point per 50 tons, rounded down, at least 1, times the hull's multiplier (§6.11). */
export function hullPointsFor(tons: number, hull: HullKind): number {
  return Math.max(1, Math.floor(tons / 50)) * HULL_MULTIPLIER[hull];
}

/** Starship: has a jump drive; spaceship: 100 t or more without; small craft: under 100 t. */
export function shipClassOf(tons: number, jump: number): ShipClass {
  if (jump > 0) return 'starship';
  return tons >= 100 ? 'spaceship' : 'smallCraft';
}

type LocationRow = readonly DamageItem[];
/** Hit location by 2d6 (index 0 = roll of 2) (§6.11). 'critical' rolls on the critical table. */
export const LOCATION: Readonly<Record<ShipClass, readonly (DamageItem | 'critical')[]>> = {
  starship: [
    'power',
    'maneuver',
    'jump',
    'fuel',
    'hull',
    'hull',
    'hold',
    'computer',
    'turret',
    'turret',
    'critical',
  ],
  spaceship: [
    'power',
    'maneuver',
    'maneuver',
    'fuel',
    'hull',
    'hull',
    'hold',
    'computer',
    'turret',
    'turret',
    'critical',
  ],
  smallCraft: [
    'drive',
    'drive',
    'drive',
    'drive',
    'cabin',
    'computer',
    'cabin',
    'cabin',
    'weapons',
    'weapons',
    'critical',
  ],
};

/** The critical table by 1d6 (index 0 = 1) (§6.11). */
export const CRITICAL: Readonly<Record<ShipClass, LocationRow>> = {
  starship: ['power', 'maneuver', 'jump', 'crew', 'computer', 'explode'],
  spaceship: ['power', 'maneuver', 'maneuver', 'crew', 'computer', 'explode'],
  smallCraft: ['drive', 'drive', 'drive', 'crew', 'computer', 'explode'],
};

export function location(shipClass: ShipClass, roll: number): DamageItem | 'critical' {
  return LOCATION[shipClass][roll - 2] as DamageItem | 'critical';
}

export function critical(shipClass: ShipClass, face: number): DamageItem {
  return CRITICAL[shipClass][face - 1] as DamageItem;
}
