import { vehicleSquares } from './arena/vehicles.ts';
import type { FdState, VehicleState } from './state.ts';

/**
 * Where the vehicles stand (18), with no other rules module behind it: the arena state, the
 * figures' free squares and the vehicle rules all read it (vehicles.ts has the rules).
 */

/** The vehicles as they stand (states from before vehicles moved: none). */
export function vehiclesOf(state: FdState): readonly VehicleState[] {
  return state.vehicles ?? [];
}

const NO_VEHICLES: { readonly squares: readonly number[]; readonly crew: ReadonlySet<string> } = {
  squares: [],
  crew: new Set(),
};

/** Squares filled by vehicles (for the arena state) and the Teamers riding inside. */
export function vehicleMachines(
  state: FdState,
  width: number,
): { readonly squares: readonly number[]; readonly crew: ReadonlySet<string> } {
  // Asked for every arena state built and every free-square test; most tables have no vehicle.
  const vehicles = vehiclesOf(state);
  if (vehicles.length === 0) return NO_VEHICLES;
  // The vehicles' list is replaced whenever one moves, so the last answer holds while it stands.
  const last = lastMachines;
  if (last && last.vehicles === vehicles && last.rules === state.rules && last.width === width)
    return last.machines;
  const squares: number[] = [];
  const crew = new Set<string>();
  for (const v of vehiclesOf(state)) {
    const type = state.rules.pack.vehicleTypes.find((x) => x.id === v.type);
    for (const q of vehicleSquares({
      front: { x: v.x, y: v.y },
      facing: v.facing,
      length: type?.length ?? 2,
    }))
      squares.push(q.y * width + q.x);
    for (const id of v.crew) crew.add(id);
  }
  const machines = { squares, crew };
  lastMachines = { vehicles, rules: state.rules, width, machines };
  return machines;
}

let lastMachines: {
  readonly vehicles: readonly VehicleState[];
  readonly rules: FdState['rules'];
  readonly width: number;
  readonly machines: { readonly squares: readonly number[]; readonly crew: ReadonlySet<string> };
} | null = null;
