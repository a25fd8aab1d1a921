import type { ThreeSixteenEvent } from '../events.ts';
import { appendLog, type ThreeSixteenState, type VehicleId, withEncounter } from '../state.ts';
import { dropRider, moveTrooper } from './core.ts';
import { VEHICLE_RULES } from './vehicle-rules.ts';

/** Vehicle events: bringing one into an encounter, getting in, getting out. */
export type VehicleEvent =
  | {
      readonly type: 'vehicle.deployed';
      readonly vehicle: VehicleId;
      readonly ownerId: string;
      readonly driverId: string;
    }
  | {
      readonly type: 'vehicle.boarded';
      readonly vehicle: VehicleId;
      readonly ownerId: string;
      readonly trooperId: string;
    }
  | {
      readonly type: 'vehicle.left';
      readonly vehicle: VehicleId;
      readonly ownerId: string;
      readonly trooperId: string;
    };

declare module '../events.ts' {
  interface ExtraEvents {
    vehicles: VehicleEvent;
  }
}

export const VEHICLE_EVENT_TYPES = ['vehicle.deployed', 'vehicle.boarded', 'vehicle.left'] as const;

const isVehicleEvent = (e: ThreeSixteenEvent): e is VehicleEvent =>
  (VEHICLE_EVENT_TYPES as readonly string[]).includes(e.type);

export function evolveVehicle(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  if (!isVehicleEvent(event) || !state.encounter) return state;
  const name = VEHICLE_RULES[event.vehicle].name;
  const same = (v: { vehicle: VehicleId; ownerId: string }) =>
    v.vehicle === event.vehicle && v.ownerId === event.ownerId;
  switch (event.type) {
    case 'vehicle.deployed': {
      const s = withEncounter(state, (e) => ({
        ...e,
        vehicles: [
          ...e.vehicles,
          {
            vehicle: event.vehicle,
            ownerId: event.ownerId,
            driverId: event.driverId,
            occupants: [event.driverId],
            damage: 'intact' as const,
          },
        ],
      }));
      return appendLog(s, event.driverId, `The ${name} rolls in.`);
    }
    case 'vehicle.boarded': {
      const e = state.encounter;
      const v = e.vehicles.find(same);
      if (!v) return state;
      let s = withEncounter(state, (en) => ({
        ...en,
        vehicles: en.vehicles.map((x) =>
          same(x) ? { ...x, occupants: [...x.occupants, event.trooperId] } : x,
        ),
      }));
      // Aboard, the trooper shares the vehicle's range.
      const at = e.positions[v.driverId];
      if (at) s = moveTrooper(s, event.trooperId, at);
      return s;
    }
    case 'vehicle.left': {
      // The wheel passes to the next rider; an empty vehicle keeps its last driver's name.
      const s = dropRider(state, event.trooperId);
      return appendLog(s, event.trooperId, `Out of the ${name}.`);
    }
  }
}
