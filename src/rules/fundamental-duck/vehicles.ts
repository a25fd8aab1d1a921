import { RuleError } from '../../engine/rule-error.ts';
import { otherActionSucceeds, requirePhase } from './actions.ts';
import { type ArenaState, doorOnSide } from './arena/model.ts';
import {
  passage,
  type VehicleManoeuvre,
  type VehiclePlacement,
  vehicleManoeuvre,
  vehicleMayStop,
  vehicleSquares,
} from './arena/vehicles.ts';
import { arenaOf, arenaStateOf } from './board-adapter.ts';
import { podAt, requireOwnTurn } from './carry.ts';
import type { CommandOf } from './commands.ts';
import type { PackVehicleType } from './data/pack-schema.ts';
import { rollAmount } from './dice.ts';
import type { Draft } from './draft.ts';
import { teamersAt, threatAt } from './figures.ts';
import { firstIntoModule, horrorCheck } from './movement.ts';
import type { FdState, MoveInProgress, Teamer, VehicleState } from './state.ts';
import { checkAmbushesAll } from './threat-phase.ts';
import { chitFor, requireActor, spendChit, teamerOrThrow } from './turn.ts';
import { deliverPods, type FigureInTheWay, figuresIn, runDown } from './vehicle-contact.ts';
import { vehiclesOf } from './vehicle-squares.ts';

export { vehiclesOf };

/**
 * Vehicles in play (digest 18, 4, 8.5, 10.1; geometry in `arena/vehicles.ts`).
 *
 * - Getting in and getting out are Other Actions with a fumble test (8.5). He gets in from a
 *   square next to one of the vehicle's squares (with a clear way, as for a vehicle's own move) and
 *   out into a bare square next to it with room for him. Bughunt reads: anyone may ride (up to the
 *   type's seats); only driving needs the licence.
 * - The licence: the technical ability `vehicle-licence` (24.10) licenses every type; a sheet's
 *   `licences` name the types he holds a licence for (3).
 * - Driving is the driver's MOVE action: the type's dice (2 AvD added) are rolled when it starts,
 *   then each manoeuvre is its own command (forward or reverse 1 point, a pivot the type's cost),
 *   and the move ends with `endMove`. Bughunt reads the stop rule leniently: a vehicle that has
 *   moved more than `stopAfter` squares may stop early only after its last `stopSquares`
 *   manoeuvres went straight; once its movement is spent it stops where it is.
 * - Smashing through doors and bulldozing brown obstacles: Bughunt reads "each needs a successful
 *   action" as a ram, an Other Action of the driver with a fumble test; a success lets the
 *   vehicle, during this turn's drive, smash through one closed door (it stays open and can no
 *   longer be worked) or bulldoze one brown obstacle aside (the square is bare floor since). A door
 *   into a tile not yet opened is not smashed (its opening runs the Exploration of 7.3).
 * - Vehicles are machines in the arena state (4, 10.1): they block sight and fire, and nobody
 *   enters their squares. The crew ride inside, at the front square (the cab): they see from
 *   there, facing the vehicle's way, and take up no room of a square.
 * - Threats and vehicles: the seed says a figure cannot cross a square taken by obstacles or a
 *   Threat, and counts vehicles among the obstacles; it says nothing of running figures down.
 *   Bughunt reads: a vehicle never drives into a square holding a figure, Teamer or Threat (it
 *   has no room there), and a Threat never enters a vehicle's squares.
 */

/** The vehicle this Teamer rides in, if any. */
export function vehicleOfCrew(state: FdState, teamerId: string): VehicleState | undefined {
  return vehiclesOf(state).find((v) => v.crew.includes(teamerId));
}

export function vehicleType(state: FdState, v: VehicleState): PackVehicleType {
  const type = state.rules.pack.vehicleTypes.find((t) => t.id === v.type);
  if (!type) throw new RuleError('UNKNOWN_VEHICLE', `no vehicle type ${v.type}`, { type: v.type });
  return type;
}

export function placementOf(state: FdState, v: VehicleState): VehiclePlacement {
  return { front: { x: v.x, y: v.y }, facing: v.facing, length: vehicleType(state, v).length };
}

/** Does he hold the licence to drive this type (the vehicle licence ability, or the type's own)? */
export function hasLicence(state: FdState, t: Teamer, type: PackVehicleType): boolean {
  if (t.abilities.includes('vehicle-licence')) return true;
  return state.campaign.sheets[t.id]?.licences?.includes(type.id) ?? false;
}

function vehicleOrThrow(state: FdState, id: string): VehicleState {
  const v = vehiclesOf(state).find((x) => x.id === id);
  if (!v) throw new RuleError('UNKNOWN_VEHICLE', `there is no vehicle ${id}`, { vehicleId: id });
  return v;
}

function crewVehicleOrThrow(state: FdState, t: Teamer): VehicleState {
  const v = vehicleOfCrew(state, t.id);
  if (!v) throw new RuleError('NOT_IN_VEHICLE', `${t.name} is not in a vehicle`, { teamerId: t.id });
  return v;
}

/** A wreck (Threats broke its hull) is no vehicle any more: nobody gets in, drives or lifts with it. */
function refuseWreck(v: VehicleState): void {
  if (v.wrecked === true) throw new RuleError('WRECKED', 'the vehicle is a wreck', { vehicleId: v.id });
}

/** Is (x, y) next to one of the vehicle's squares, with a clear way between them? */
export function besideVehicle(state: FdState, v: VehicleState, x: number, y: number): boolean {
  const arena = arenaOf(state);
  const st = arenaStateOf(state);
  return vehicleSquares(placementOf(state, v)).some(
    (s) =>
      Math.max(Math.abs(s.x - x), Math.abs(s.y - y)) === 1 &&
      passage(arena, st, { x, y }, { x: s.x, y: s.y }),
  );
}

/** Bare floor next to the vehicle with room for one more Teamer: where he may get out. */
export function exitSquareFree(state: FdState, v: VehicleState, x: number, y: number): boolean {
  const arena = arenaOf(state);
  if (x >= arena.width || y >= arena.height) return false;
  const i = y * arena.width + x;
  if (arena.isSquare[i] !== 1 || arena.wholeHeight[i] !== 0) return false;
  const st = arenaStateOf(state);
  if (st.threats[i] !== 0 || st.machines[i] !== 0) return false;
  if ((st.teamers[i] as number) >= (arena.capacity[i] as number)) return false;
  return besideVehicle(state, v, x, y);
}

export function decideGetIn(draft: Draft, c: CommandOf<'getIn'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'team', 'threat');
  if (t.x === null || t.y === null) throw new RuleError('NOT_ABOARD', `${t.name} is not in the arena`, {});
  if (vehicleOfCrew(s, t.id)) throw new RuleError('IN_VEHICLE', `${t.name} is already in a vehicle`, {});
  const v = vehicleOrThrow(s, c.vehicleId);
  refuseWreck(v);
  if (v.crew.length >= vehicleType(s, v).seats)
    throw new RuleError('VEHICLE_FULL', 'every seat of the vehicle is taken', { vehicleId: v.id });
  if (t.ducked) throw new RuleError('DUCKED', `${t.name} is ducked: stand up first`, {});
  if (t.carrying !== null || t.cargo !== null)
    throw new RuleError('CARRYING', `${t.name} must set down what he carries first`, {});
  if (!besideVehicle(s, v, t.x, t.y))
    throw new RuleError('NOT_BESIDE_VEHICLE', `${t.name} is not next to the vehicle`, { vehicleId: v.id });
  if (!otherActionSucceeds(draft, t, 'get into a vehicle')) return;
  draft.emit({ type: 'vehicle.boarded', vehicleId: v.id, teamerId: t.id });
}

export function decideGetOut(draft: Draft, c: CommandOf<'getOut'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'team', 'threat');
  const v = crewVehicleOrThrow(s, t);
  if (!exitSquareFree(s, v, c.x, c.y))
    throw new RuleError('NO_ROOM', 'he gets out into a bare square next to the vehicle with room for him', {
      x: c.x,
      y: c.y,
    });
  if (!otherActionSucceeds(draft, t, 'get out of a vehicle')) return;
  draft.emit({ type: 'vehicle.left', vehicleId: v.id, teamerId: t.id, x: c.x, y: c.y });
}

/**
 * Picking up a cargo pod (18: "a successful action"): a crew member's Other Action with a fumble
 * test; the vehicle's type must pick up pods and have room for one more (its `pods`). The pod
 * stands next to one of the vehicle's squares with a clear way, nobody on it. Bughunt reads:
 * anyone aboard may work the lift (the booklet ties only driving to the licence).
 */
export function decideLoadPod(draft: Draft, c: CommandOf<'loadPod'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'team', 'threat');
  const v = crewVehicleOrThrow(s, t);
  refuseWreck(v);
  const type = vehicleType(s, v);
  if (!type.picksUpPods)
    throw new RuleError('CANNOT_LOAD', `a ${type.name} does not pick up cargo pods`, { type: type.id });
  if ((v.pods ?? []).length >= type.pods)
    throw new RuleError('PODS_FULL', `the ${type.name} holds no more pods`, { pods: type.pods });
  const { load, id } = podAt(s, c.x, c.y);
  if (teamersAt(s, c.x, c.y).length > 0 || threatAt(s, c.x, c.y))
    throw new RuleError('LOAD_OCCUPIED', `someone stands on ${id}`, { x: c.x, y: c.y });
  if (!besideVehicle(s, v, c.x, c.y))
    throw new RuleError('NOT_BESIDE_VEHICLE', `${id} is not next to the vehicle`, { vehicleId: v.id });
  if (!otherActionSucceeds(draft, t, `lift ${id} aboard the ${type.name}`)) return;
  draft.emit({ type: 'vehicle.pod-loaded', vehicleId: v.id, teamerId: t.id, load });
  deliverPods(draft, v.id);
}

/**
 * Setting a pod down from the vehicle in a bare, empty square next to it: like a Teamer setting
 * down a load, no task (no chit, no test), in his own activation.
 */
export function decideUnloadPod(draft: Draft, c: CommandOf<'unloadPod'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'team', 'threat');
  requireOwnTurn(s, t);
  const v = crewVehicleOrThrow(s, t);
  if (!(v.pods ?? []).includes(c.load))
    throw new RuleError('NO_SUCH_POD', 'the vehicle does not hold that pod', { load: c.load });
  const arena = arenaOf(s);
  if (
    !exitSquareFree(s, v, c.x, c.y) ||
    arena.partHeight[c.y * arena.width + c.x] !== 0 ||
    teamersAt(s, c.x, c.y).length > 0
  )
    throw new RuleError('NO_ROOM', `(${c.x},${c.y}) is not bare, empty floor next to the vehicle`, {
      x: c.x,
      y: c.y,
    });
  draft.emit({
    type: 'vehicle.pod-unloaded',
    vehicleId: v.id,
    teamerId: t.id,
    load: c.load,
    to: c.y * arena.width + c.x,
  });
}

/** The driver of a vehicle who holds the licence for it, or a refusal. */
function driverOrThrow(state: FdState, t: Teamer): { v: VehicleState; type: PackVehicleType } {
  const v = crewVehicleOrThrow(state, t);
  refuseWreck(v);
  const type = vehicleType(state, v);
  if (!hasLicence(state, t, type))
    throw new RuleError('NO_LICENCE', `${t.name} holds no licence for a ${type.name}`, { type: type.id });
  return { v, type };
}

export function decideDrive(draft: Draft, c: CommandOf<'drive'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  const { v, type } = driverOrThrow(s, t);
  chitFor(s, t, 'move');
  spendChit(draft, t.id, 'move');
  const faces: number[] = [];
  const allowance = rollAmount(draft.own, type.move, `drive of the ${type.name}`, faces);
  draft.emit({ type: 'vehicle.drive-began', vehicleId: v.id, teamerId: t.id, faces, allowance });
}

/** A successful ram lets this turn's drive smash one door or bulldoze one brown obstacle. */
export function decideRam(draft: Draft, c: CommandOf<'ram'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'team', 'threat');
  const { v, type } = driverOrThrow(s, t);
  if (!type.smashesDoors && !type.bulldozes)
    throw new RuleError('CANNOT_RAM', `a ${type.name} neither smashes doors nor bulldozes`, {
      type: type.id,
    });
  if (v.rammedTurn === s.turn)
    throw new RuleError('ALREADY_RAMMED', 'the vehicle is already set to ram this turn', { vehicleId: v.id });
  if (!otherActionSucceeds(draft, t, 'ram with a vehicle')) return;
  draft.emit({ type: 'vehicle.rammed', vehicleId: v.id, teamerId: t.id, turn: s.turn });
}

/** The arena state with this vehicle taken out of the machines (its own squares are free to it). */
function withoutVehicle(state: FdState, v: VehicleState): ArenaState {
  const st = arenaStateOf(state);
  const arena = arenaOf(state);
  const machines = st.machines.slice();
  for (const q of vehicleSquares(placementOf(state, v))) machines[q.y * arena.width + q.x] = 0;
  return { ...st, machines };
}

export interface DriveStep {
  readonly placement: VehiclePlacement;
  readonly cost: number;
  readonly bulldozed: readonly number[];
  /** Doors it smashes through. */
  readonly smashed: readonly number[];
  /** Figures standing in the squares it would newly fill: it runs them down (`vehicle-contact.ts`). */
  readonly runDown: readonly FigureInTheWay[];
}

/** The arena state with no figure anywhere: where a vehicle could go if nobody stood in the way. */
function withoutFigures(st: ArenaState): ArenaState {
  return { ...st, teamers: new Uint8Array(st.teamers.length), threats: new Uint8Array(st.threats.length) };
}

/**
 * One manoeuvre of a vehicle as the rules allow it now (a ram armed this turn lets it smash one
 * door or bulldoze one obstacle), or null when there is no room.
 */
export function driveStep(state: FdState, v: VehicleState, manoeuvre: VehicleManoeuvre): DriveStep | null {
  if (v.wrecked === true) return null;
  const arena = arenaOf(state);
  const type = vehicleType(state, v);
  const here = placementOf(state, v);
  const st = withoutVehicle(state, v);
  const rammed = v.rammedTurn === state.turn && state.turn > 0;
  const plain = vehicleManoeuvre(arena, st, here, manoeuvre, {
    pivotCost: type.pivotCost,
    bulldoze: rammed && type.bulldozes,
  });
  if (plain) return { ...plain, smashed: [], runDown: [] };
  if (type.runDown && (manoeuvre === 'forward' || manoeuvre === 'reverse')) {
    // Into figures (never with a ram's smash or shove at once: one thing at a time).
    const clear = vehicleManoeuvre(arena, withoutFigures(st), here, manoeuvre, { pivotCost: type.pivotCost });
    if (clear) {
      const old = new Set(vehicleSquares(here).map((q) => q.y * arena.width + q.x));
      const fresh = vehicleSquares(clear.placement).filter((q) => !old.has(q.y * arena.width + q.x));
      const runDown = figuresIn(state, fresh);
      if (runDown.length > 0) return { ...clear, smashed: [], runDown };
    }
  }
  if (!rammed || !type.smashesDoors || (manoeuvre !== 'forward' && manoeuvre !== 'reverse')) return null;
  // Smashing: the side the leading square crosses holds a closed door of opened tiles.
  const squares = vehicleSquares(here);
  const lead = (manoeuvre === 'forward' ? squares[0] : squares[squares.length - 1]) as {
    x: number;
    y: number;
  };
  const dir = manoeuvre === 'forward' ? here.facing : (here.facing + 4) & 7;
  if ((dir & 1) === 1) return null;
  const door = doorOnSide(arena, lead.y * arena.width + lead.x, dir);
  const ds = state.doors[door];
  const geometry = arena.doors[door];
  if (door < 0 || !ds || ds.open || !geometry) return null;
  if (geometry.tiles.some((tile) => tile >= 0 && state.tiles[tile]?.opened !== true)) return null;
  const doorOpen = st.doorOpen.slice();
  doorOpen[door] = 1;
  const through = vehicleManoeuvre(arena, { ...st, doorOpen }, here, manoeuvre, {
    pivotCost: type.pivotCost,
  });
  return through ? { ...through, smashed: [door], runDown: [] } : null;
}

export function decideManoeuvre(draft: Draft, c: CommandOf<'manoeuvre'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  const m = s.move;
  if (!m || m.teamerId !== t.id || m.vehicleId === undefined)
    throw new RuleError('NOT_DRIVING', `${t.name} is not driving a vehicle`, {});
  const v = vehicleOrThrow(s, m.vehicleId);
  const step = driveStep(s, v, c.manoeuvre);
  if (!step)
    throw new RuleError('NO_ROOM', 'the vehicle has no room for that manoeuvre', { manoeuvre: c.manoeuvre });
  const left = m.allowance - m.spent;
  if (step.cost > left) throw new RuleError('NOT_ENOUGH_MOVEMENT', 'not enough movement left', { left });
  if (step.runDown.length > 0) {
    runDown(draft, v, t.id, step.runDown);
    // Anyone left standing in the way stops it dead short of him: the drive ends there.
    if (
      figuresIn(draft.state, vehicleSquares(step.placement)).length > 0 ||
      !vehicleOfCrew(draft.state, t.id)
    ) {
      draft.emit({ type: 'vehicle.stopped', vehicleId: v.id, teamerId: t.id });
      draft.emit({
        type: 'move.ended',
        teamerId: t.id,
        facing: draft.state.teamers[t.id]?.facing ?? t.facing,
      });
      return;
    }
  }
  draft.emit({
    type: 'vehicle.moved',
    vehicleId: v.id,
    manoeuvre: c.manoeuvre,
    x: step.placement.front.x,
    y: step.placement.front.y,
    facing: step.placement.facing,
    cost: step.cost,
    bulldozed: step.bulldozed,
    smashed: step.smashed,
  });
  // The driver takes the vehicle into a module first (12); the crew look out from the cab where
  // it now stands; Threats waiting may see them go by.
  firstIntoModule(draft, t.id);
  for (const id of v.crew) horrorCheck(draft, id);
  deliverPods(draft, v.id);
  checkAmbushesAll(draft, t.id);
}

/** The manoeuvres the drive under way may make next: room for them and movement left to pay. */
export function legalManoeuvres(state: FdState): VehicleManoeuvre[] {
  const m = state.move;
  if (m?.vehicleId === undefined) return [];
  const v = vehicleOrThrow(state, m.vehicleId);
  const left = m.allowance - m.spent;
  return (['forward', 'reverse', 'pivot-left', 'pivot-right'] as const).filter((k) => {
    const step = driveStep(state, v, k);
    return step !== null && step.cost <= left;
  });
}

/**
 * Ending a drive: the stop rule (or its movement spent); refusal STOP_RULE. Bughunt reads: a
 * vehicle with no clear room (or too few points) to go straight on, either way, stops where it is:
 * the stop rule asks for straight squares it cannot have, and it may not stay moving for ever. A
 * square with a figure in it is no clear room (the rule never forces a driver to run anyone down).
 */
export function checkVehicleStop(state: FdState, m: MoveInProgress): void {
  if (m.vehicleId === undefined) return;
  const v = vehicleOrThrow(state, m.vehicleId);
  const type = vehicleType(state, v);
  if (m.spent >= m.allowance) return;
  // Clear room only: a square with a figure in it is no room to pull up in (it would run him down).
  const left = m.allowance - m.spent;
  const straight = (['forward', 'reverse'] as const).some((k) => {
    const step = driveStep(state, v, k);
    return step !== null && step.runDown.length === 0 && step.cost <= left;
  });
  if (straight && !vehicleMayStop(m.done ?? [], type.stopAfter, type.stopSquares))
    throw new RuleError(
      'STOP_RULE',
      `having moved more than ${type.stopAfter} squares it stops only after ${type.stopSquares} straight`,
      { stopAfter: type.stopAfter, stopSquares: type.stopSquares },
    );
}

/** Refuses a Teamer's own move, turn or step while he rides in a vehicle. */
export function refuseInVehicle(state: FdState, t: Teamer): void {
  if (vehicleOfCrew(state, t.id))
    throw new RuleError('IN_VEHICLE', `${t.name} is in a vehicle: drive it or get out`, { teamerId: t.id });
}
