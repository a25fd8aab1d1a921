import { z } from 'zod';
import type { DecideContext } from '../../../engine/ruleset.ts';
import {
  type CommandSpec,
  codes,
  defineCommand,
  GM_AND_PLAYERS,
  trooperIdSchema,
  vehicleIdSchema,
} from '../commands.ts';
import type { Encounter, ThreeSixteenState, Trooper } from '../state.ts';
import { fail, requireEncounter, requireInEncounter, requireNoPending, requireOwnTrooper } from './guards.ts';
import { VEHICLE_RULES, vehicleAboard } from './vehicle-rules.ts';

/**
 * Vehicle commands (the book's APC and Drop Ship). Bringing a vehicle in happens as the encounter
 * starts (before the first round's dice). Getting in happens then, or later on the trooper's own
 * turn when it stands at the vehicle's range (Bughunt's reading: the book only describes getting
 * out, on the rider's own turn, at the vehicle's range; getting in mirrors it). The vehicle's
 * attack is the NFA task `vehicleAttack` (decide.ts); damage is in core.ts.
 */

export const vehicleCommandSchemas = {
  /** The owner brings its vehicle in; `driverId` (default: the owner) drives or commands it. */
  deployVehicle: z.strictObject({
    type: z.literal('deployVehicle'),
    trooperId: trooperIdSchema,
    vehicle: vehicleIdSchema,
    driverId: trooperIdSchema.optional(),
  }),
  /**
   * A trooper gets into a vehicle already in the encounter (named by kind and owner): as the
   * encounter starts, or on its own turn at the vehicle's range.
   */
  boardVehicle: z.strictObject({
    type: z.literal('boardVehicle'),
    trooperId: trooperIdSchema,
    vehicle: vehicleIdSchema,
    ownerId: trooperIdSchema,
  }),
  /** A rider gets out on its turn, at the vehicle's range. */
  leaveVehicle: z.strictObject({ type: z.literal('leaveVehicle'), trooperId: trooperIdSchema }),
} as const;

type Schemas = typeof vehicleCommandSchemas;
export type VehicleCommand = { [K in keyof Schemas]: z.infer<Schemas[K]> }[keyof Schemas];

declare module '../commands.ts' {
  interface ExtraCommands {
    vehicles: VehicleCommand;
  }
}

/** As the encounter starts: any time before the first round's dice. */
function isStartOfEncounter(e: Encounter): boolean {
  return !(e.round > 1 || (e.round === 1 && e.step !== 'declare') || e.step === 'ambush');
}

/** Vehicles are brought in as the encounter starts. */
function requireBoardingTime(e: Encounter): void {
  if (!isStartOfEncounter(e)) {
    fail(
      codes.WRONG_STEP,
      'vehicles are brought in as the encounter starts, before the first dice of round 1',
    );
  }
}

/** The trooper whose turn is being resolved now, if any. */
function onTurn(e: Encounter): string | undefined {
  return e.step === 'resolve' ? e.queue[e.cursor]?.actor : undefined;
}

function fighterFor(state: ThreeSixteenState, id: string, ctx: DecideContext): { t: Trooper; e: Encounter } {
  const e = requireEncounter(state);
  const t = requireOwnTrooper(state, id, ctx);
  requireInEncounter(e, t);
  return { t, e };
}

const deployVehicle = defineCommand(
  'deployVehicle',
  vehicleCommandSchemas.deployVehicle,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t: owner, e } = fighterFor(state, c.trooperId, ctx);
    requireNoPending(e);
    requireBoardingTime(e);
    const rule = VEHICLE_RULES[c.vehicle];
    if (owner.rank < rule.minRank)
      fail(codes.RANK_TOO_LOW, `the ${rule.name} needs rank ${rule.minRank} or higher`, {
        minRank: rule.minRank,
      });
    if (!owner.vehicles.includes(c.vehicle))
      fail(codes.NOT_AVAILABLE, `${owner.name} has no ${rule.name} (a replacement takes a Development Roll)`);
    if (e.vehicles.some((v) => v.vehicle === c.vehicle && v.ownerId === owner.id))
      fail(codes.ALREADY_DONE, `the ${rule.name} is already in this encounter`);
    const driverId = c.driverId ?? owner.id;
    const driver = state.troopers[driverId];
    if (!driver) fail(codes.UNKNOWN_TROOPER, `no trooper has the id ${driverId}`, { trooperId: driverId });
    requireInEncounter(e, driver);
    if (vehicleAboard(e, driverId)) fail('ALREADY_ABOARD', `${driver.name} is already in a vehicle`);
    return [{ type: 'vehicle.deployed', vehicle: c.vehicle, ownerId: owner.id, driverId }];
  },
);

const boardVehicle = defineCommand(
  'boardVehicle',
  vehicleCommandSchemas.boardVehicle,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t, e } = fighterFor(state, c.trooperId, ctx);
    requireNoPending(e);
    const starting = isStartOfEncounter(e);
    if (!starting && onTurn(e) !== t.id) {
      fail(codes.WRONG_STEP, 'a vehicle is boarded as the encounter starts, or on the trooper’s own turn');
    }
    const v = e.vehicles.find((x) => x.vehicle === c.vehicle && x.ownerId === c.ownerId);
    const name = VEHICLE_RULES[c.vehicle].name;
    // An abandoned (empty) vehicle is out of play: it is recovered after a won encounter.
    if (!v || v.damage === 'destroyed' || v.occupants.length === 0)
      fail(codes.NOT_AVAILABLE, `there is no ${name} of ${c.ownerId} to get into`);
    if (vehicleAboard(e, t.id)) fail('ALREADY_ABOARD', `${t.name} is already in a vehicle`);
    // Later on, the trooper must first be where the vehicle is (it moves there with NFA as usual).
    const at = e.positions[v.driverId];
    if (!starting && e.positions[t.id] !== at) {
      fail('NOT_AT_VEHICLE', `${t.name} must be at the ${name}’s range (${at}) to get in`, { range: at });
    }
    return [{ type: 'vehicle.boarded', vehicle: c.vehicle, ownerId: c.ownerId, trooperId: t.id }];
  },
);

const leaveVehicle = defineCommand(
  'leaveVehicle',
  vehicleCommandSchemas.leaveVehicle,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t, e } = fighterFor(state, c.trooperId, ctx);
    requireNoPending(e);
    const v = vehicleAboard(e, t.id);
    if (!v) fail('NOT_ABOARD', `${t.name} is not in a vehicle`);
    if (onTurn(e) !== t.id) fail(codes.NOT_YOUR_TURN, 'a rider gets out on its own turn');
    return [{ type: 'vehicle.left', vehicle: v.vehicle, ownerId: v.ownerId, trooperId: t.id }];
  },
);

export const vehicleCommands: readonly CommandSpec[] = [deployVehicle, boardVehicle, leaveVehicle];
