import { type DiceSpec, pool } from '../../../engine/dice/typed.ts';
import { supportForRank, supportIssuedAt } from '../data/index.ts';
import {
  type Encounter,
  HELD_SUPPORT,
  type HeldSupport,
  type Trooper,
  type VehicleId,
  type VehicleState,
} from '../state.ts';

/**
 * The book's vehicles as data, and small lookups on an encounter's vehicles. No state changes
 * here (see core.ts for damage and vehicles.ts for the commands).
 *
 * Bughunt reads (the book is loose here):
 * - A vehicle is brought into an encounter as it starts; it is identified by its kind and owner.
 * - An alien attack (AA success, Suicide, an ambush, Exploding Bodies) that reaches anyone aboard
 *   also deals the vehicle one Kill, once per attack: intact → Crippled → destroyed.
 * - An intact APC shields everyone aboard from that attack; a Crippled APC shields no one, and
 *   when it is destroyed everyone still aboard takes a Kill (once, not on top of the attack's).
 * - Ignore Armour goes through vehicles: no shield, no Drop Ship armour tick.
 * - The Drop Ship's extra Armour tick is one per trooper per planet (`planetUses.dropShipArmourUsed`).
 * - A vehicle left empty (abandoned) is not hit any more; it is recovered only if the PCs win the
 *   encounter (its tokens run out or a Strength ends it), else its owner loses it.
 */
export interface VehicleRule {
  readonly id: VehicleId;
  readonly name: string;
  /** Lowest rank that may bring it into play. */
  readonly minRank: number;
  /** Kills on its driver's NFA success, at any range. */
  readonly kills: DiceSpec;
  /** Occupants are immune to kills while it is undamaged (the APC). */
  readonly shieldsWhileIntact: boolean;
  /** Moves a range step on its driver's turn without a roll (the APC). */
  readonly movesFreely: boolean;
  /** One extra Armour tick for everyone aboard (the Drop Ship). */
  readonly extraArmourTick: boolean;
}

export const VEHICLE_RULES: Readonly<Record<VehicleId, VehicleRule>> = {
  apc: {
    id: 'apc',
    name: 'APC',
    minRank: 4,
    kills: pool(1, 6),
    shieldsWhileIntact: true,
    movesFreely: true,
    extraArmourTick: false,
  },
  dropShip: {
    id: 'dropShip',
    name: 'Drop Ship',
    minRank: 5,
    kills: pool(1, 10),
    shieldsWhileIntact: false,
    movesFreely: false,
    extraArmourTick: true,
  },
};

/** What a trooper of this rank is issued (created at that rank): the held items its rank opens. */
export function heldForRank(rank: number): HeldSupport[] {
  const open = supportForRank(rank) as string[];
  return HELD_SUPPORT.filter((h) => open.includes(h));
}

/** What reaching `rank` hands out that the trooper does not hold yet (promotion, field promotion). */
export function heldIssuedAt(rank: number, held: readonly HeldSupport[]): HeldSupport[] {
  return supportIssuedAt(rank).filter(
    (id): id is HeldSupport =>
      (HELD_SUPPORT as readonly string[]).includes(id) && !held.includes(id as HeldSupport),
  );
}

/** The vehicle a trooper rides in now (not destroyed), if any. */
export function vehicleAboard(e: Encounter, trooperId: string): VehicleState | undefined {
  return e.vehicles.find((v) => v.damage !== 'destroyed' && v.occupants.includes(trooperId));
}

/** The vehicle of this kind the trooper drives now (aboard, not destroyed), if any. */
export function vehicleDriven(e: Encounter, trooperId: string, kind?: VehicleId): VehicleState | undefined {
  const v = vehicleAboard(e, trooperId);
  return v && v.driverId === trooperId && (kind === undefined || v.vehicle === kind) ? v : undefined;
}

/** A Drop Ship armour tick is ready for this trooper (aboard a Drop Ship, not used this planet). */
export function dropShipTickReady(e: Encounter | null, t: Trooper): boolean {
  // Under Stop Technology the ship's protection is as dead as the rest of its systems.
  if (!e || e.roundEffects.stopTechnology) return false;
  return dropShipTickHeld(e, t);
}

/** Aboard a Drop Ship with its tick unused, whatever this round's Stop Technology says. */
export function dropShipTickHeld(e: Encounter, t: Trooper): boolean {
  const v = vehicleAboard(e, t.id);
  return !!v && VEHICLE_RULES[v.vehicle].extraArmourTick && !t.planetUses.dropShipArmourUsed;
}

export function sameVehicle(a: VehicleState, b: VehicleState): boolean {
  return a.vehicle === b.vehicle && a.ownerId === b.ownerId;
}

/** Troopers, keeping only the first of each vehicle's occupants (a vehicle moves as one). */
export function oneMoverPerVehicle(e: Encounter, ids: readonly string[]): string[] {
  const seen: VehicleState[] = [];
  const out: string[] = [];
  for (const id of ids) {
    const v = vehicleAboard(e, id);
    if (v) {
      if (seen.some((x) => sameVehicle(x, v))) continue;
      seen.push(v);
    }
    out.push(id);
  }
  return out;
}
