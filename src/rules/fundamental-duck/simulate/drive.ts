import type { ArenaState } from '../arena/model.ts';
import {
  passage,
  type VehicleManoeuvre,
  type VehiclePlacement,
  vehicleManoeuvre,
  vehicleSquares,
} from '../arena/vehicles.ts';
import { arenaOf, arenaStateOf, boardOf } from '../board-adapter.ts';
import type { FdCommand } from '../commands.ts';
import { legalVehicleActions, legalVehicleMoves } from '../legal.ts';
import { missionOf } from '../rules-data.ts';
import type { FdState, Teamer, VehicleState } from '../state.ts';
import {
  besideVehicle,
  driveStep,
  hasLicence,
  placementOf,
  vehicleOfCrew,
  vehiclesOf,
  vehicleType,
} from '../vehicles.ts';
import { doorsAround } from './route.ts';

/**
 * The simulator's vehicle plan (18): the Teamer named to drive (policy `driver`, who holds the
 * licence: CLI `--licence`) takes a pod-lifting vehicle to a marked pod (one beside it, else,
 * while the mission wants more marked pods home, one it drives to elsewhere in the opened tiles)
 * and drives it to the entry square, where the pods it holds go home over the bridge
 * (`deliverPods`); then back for the next, trip after trip, while pods are wanted and the Team
 * does not head home (`fetch`). Every
 * command comes from the legal list (`legalVehicleActions`, `legalVehicleMoves`); the route is a
 * search over the vehicle's placements with the rules' own manoeuvre geometry (`vehicleManoeuvre`)
 * through the doors open now, figures left out (they move; the drive never runs a comrade down).
 */

const MANOEUVRES: readonly VehicleManoeuvre[] = ['forward', 'reverse', 'pivot-left', 'pivot-right'];

/**
 * The arena state with no standing figure anywhere (they move out of the way) and this vehicle's
 * own squares free; comrades out of action still lie where they are (the drive never runs one
 * down). With `smash`, every shut door between opened tiles is open too (a ram lets the drive smash
 * through one: `driveStep`).
 */
function clearFor(state: FdState, v: VehicleState, smash: boolean): ArenaState {
  const st = arenaStateOf(state);
  const arena = arenaOf(state);
  const machines = st.machines.slice();
  for (const q of vehicleSquares(placementOf(state, v))) machines[q.y * arena.width + q.x] = 0;
  const doorOpen = st.doorOpen.slice();
  if (smash)
    for (const d of arena.doors)
      if (d.tiles.every((tile) => tile < 0 || state.tiles[tile]?.opened === true)) doorOpen[d.index] = 1;
  const teamers = new Uint8Array(st.teamers.length);
  const outAt = state.rules.pack.combat.teamerWounds.outOfActionAt;
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    if (t.x !== null && t.y !== null && !t.left && t.wounds >= outAt && !v.crew.includes(id))
      teamers[t.y * arena.width + t.x] = 1;
  }
  return {
    ...st,
    doorOpen,
    machines,
    teamers,
    ducked: new Uint8Array(st.ducked.length),
    threats: new Uint8Array(st.threats.length),
  };
}

/**
 * Where a drive heads: `entry`, a placement with a square on the entry square (its pods go home);
 * `clear`, one with every square at least 2 squares (king steps) from it and out of every door's
 * zone, so the Team walks home past the vehicle; `pod`, one with a pod to fetch (`podsToFetch`)
 * beside it, with a way between them (as for lifting it: `besideVehicle`).
 */
export type DriveGoal = 'entry' | 'clear' | 'pod';

/** Squares (index) of the marked pods the driver may fetch: standing, sound, in an opened tile. */
function podsToFetch(state: FdState): number[] {
  const arena = arenaOf(state);
  const out: number[] = [];
  for (const l of arena.loads) {
    const ls = state.loads[l.index];
    if (!l.marked || !l.portable || !ls || ls.lost || ls.delivered || ls.at === null) continue;
    if (ls.examined && ls.tampered) continue;
    if (state.tiles[arena.tileOf[ls.at] as number]?.opened !== true) continue;
    out.push(ls.at);
  }
  return out;
}

/**
 * How many more marked pods the mission wants home than are home already, aboard a vehicle or
 * carried by a Teamer (the most any of its `marked-loads-to-bridge` conditions still lacks); 0
 * when it wants none.
 */
export function podsWanted(state: FdState): number {
  const arena = arenaOf(state);
  const marked = (i: number | null) => i !== null && arena.loads[i]?.marked === true;
  let underway = 0;
  for (const l of arena.loads) if (l.marked && state.loads[l.index]?.delivered) underway++;
  for (const v of vehiclesOf(state)) underway += (v.pods ?? []).filter(marked).length;
  for (const id of state.teamOrder) if (marked((state.teamers[id] as Teamer).cargo)) underway++;
  let wanted = 0;
  for (const o of missionOf(state.rules, state.missionId).objectives)
    for (const c of o.conditions)
      if (c.kind === 'marked-loads-to-bridge') wanted = Math.max(wanted, c.count - underway);
  return wanted;
}

function reached(
  state: FdState,
  st: ArenaState,
  p: VehiclePlacement,
  goal: DriveGoal,
  pods: readonly number[],
): boolean {
  const { x: ex, y: ey } = state.entry;
  const squares = vehicleSquares(p);
  if (goal === 'entry') return squares.some((q) => q.x === ex && q.y === ey);
  const arena = arenaOf(state);
  if (goal === 'pod')
    return pods.some((at) => {
      const pod = { x: at % arena.width, y: Math.floor(at / arena.width) };
      return squares.some(
        (q) => Math.max(Math.abs(q.x - pod.x), Math.abs(q.y - pod.y)) === 1 && passage(arena, st, pod, q),
      );
    });
  return squares.every(
    (q) =>
      Math.max(Math.abs(q.x - ex), Math.abs(q.y - ey)) > 1 &&
      doorsAround(arena, q.y * arena.width + q.x).length === 0,
  );
}

/**
 * The movement points from `from` to the nearest placement that meets `goal`, by cheapest
 * manoeuvres (Dijkstra over front square and facing), through the doors open now and, for a type
 * that smashes doors, through shut ones between opened tiles (each needs a ram first); -1 when no
 * way leads there.
 */
export function routeTo(
  state: FdState,
  v: VehicleState,
  goal: DriveGoal,
  from: VehiclePlacement = placementOf(state, v),
  smash = vehicleType(state, v).smashesDoors,
): number {
  const arena = arenaOf(state);
  const st = clearFor(state, v, smash);
  const type = vehicleType(state, v);
  const pods = goal === 'pod' ? podsToFetch(state) : [];
  if (goal === 'pod' && pods.length === 0) return -1;
  // A pod is lifted across the doors as they stand (`besideVehicle`), not as a ram would leave them.
  const now = goal === 'pod' ? arenaStateOf(state) : st;
  const at = (p: VehiclePlacement) => reached(state, now, p, goal, pods);
  const key = (p: VehiclePlacement) => (p.front.y * arena.width + p.front.x) * 8 + p.facing;
  const best = new Map<number, number>([[key(from), 0]]);
  // Costs are small whole numbers: a bucket per cost keeps the search in order without a heap.
  const buckets: VehiclePlacement[][] = [[from]];
  for (let cost = 0; cost < buckets.length; cost++) {
    for (const p of buckets[cost] ?? []) {
      if ((best.get(key(p)) as number) < cost) continue;
      if (at(p)) return cost;
      for (const m of MANOEUVRES) {
        const r = vehicleManoeuvre(arena, st, p, m, { pivotCost: type.pivotCost });
        if (!r) continue;
        const c = cost + r.cost;
        const k = key(r.placement);
        if ((best.get(k) ?? Number.POSITIVE_INFINITY) <= c) continue;
        best.set(k, c);
        for (let b = buckets.length; b <= c; b++) buckets.push([]);
        (buckets[c] as VehiclePlacement[]).push(r.placement);
      }
    }
  }
  return -1;
}

/** A marked pod (not delivered, lost or found tampered) standing beside the vehicle, if any. */
function markedPodBeside(state: FdState, v: VehicleState): { x: number; y: number } | null {
  const arena = arenaOf(state);
  for (const l of arena.loads) {
    const ls = state.loads[l.index];
    if (!l.marked || !l.portable || !ls || ls.lost || ls.delivered || ls.at === null) continue;
    if (ls.examined && ls.tampered) continue;
    const x = ls.at % arena.width;
    const y = Math.floor(ls.at / arena.width);
    if (besideVehicle(state, v, x, y)) return { x, y };
  }
  return null;
}

/** Whether the vehicle holds a marked pod. */
function holdsMarked(state: FdState, v: VehicleState): boolean {
  const arena = arenaOf(state);
  return (v.pods ?? []).some((i) => arena.loads[i]?.marked === true);
}

/** Whether the vehicle has room for a pod and the mission wants one fetched (`podsWanted`). */
function fetching(state: FdState, v: VehicleState): boolean {
  return (v.pods ?? []).length < vehicleType(state, v).pods && podsWanted(state) > 0;
}

/**
 * The vehicle the driver's plan uses now: one he may drive, lifting pods, not wrecked, in an
 * opened tile, with a seat for him (or he is in it), holding a marked pod, with one beside it or
 * (with `fetch`, while the mission wants pods: `fetching`) a way to one, and a way to the entry
 * square. Null: no vehicle is worth his while (his own may still stand in the Team's way home:
 * `vehicleAction` drives it clear first).
 */
export function planVehicle(state: FdState, t: Teamer, fetch = true): VehicleState | null {
  const arena = arenaOf(state);
  const own = vehicleOfCrew(state, t.id);
  for (const v of own ? [own] : vehiclesOf(state)) {
    const type = vehicleType(state, v);
    if (v.wrecked === true || !type.picksUpPods || !hasLicence(state, t, type)) continue;
    if (!own && v.crew.length >= type.seats) continue;
    if (state.tiles[arena.tileOf[v.y * arena.width + v.x] as number]?.opened !== true) continue;
    const pods = v.pods ?? [];
    const beside = pods.length < type.pods && markedPodBeside(state, v) !== null;
    const elsewhere = () => fetch && fetching(state, v) && routeTo(state, v, 'pod') >= 0;
    if (!holdsMarked(state, v) && !beside && !elsewhere()) continue;
    if (routeTo(state, v, 'entry') < 0) continue;
    return v;
  }
  return null;
}

/** The square beside the vehicle nearest him (13.2 distance) where he could get in from. */
export function besideTarget(state: FdState, t: Teamer, v: VehicleState): { x: number; y: number } | null {
  const arena = arenaOf(state);
  const board = boardOf(state);
  let best: { x: number; y: number } | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (let y = 0; y < arena.height; y++)
    for (let x = 0; x < arena.width; x++) {
      const i = y * arena.width + x;
      if (arena.isSquare[i] !== 1 || arena.wholeHeight[i] !== 0 || !besideVehicle(state, v, x, y)) continue;
      const d = board.distance(t.x as number, t.y as number, x, y);
      if (d < bestD) {
        bestD = d;
        best = { x, y };
      }
    }
  return best;
}

/**
 * The driver's next vehicle command in his activation: get into the plan's vehicle beside him,
 * lift a marked pod beside it (while it has room), drive it home with a marked pod aboard, else
 * (with `fetch`) drive to the next pod the mission wants; once it has nothing more to do, get out
 * (in the free square nearest the entry). Null: nothing of the plan's now.
 */
export function vehicleAction(state: FdState, t: Teamer, fetch = true): FdCommand | null {
  const listed = legalVehicleActions(state, t);
  if (listed.length === 0) return null;
  const own = vehicleOfCrew(state, t.id);
  const v = planVehicle(state, t, fetch);
  if (!own) {
    if (!v) return null;
    return listed.find((c) => c.type === 'getIn' && c.vehicleId === v.id) ?? null;
  }
  const drive = listed.find((c) => c.type === 'drive');
  if (v) {
    // Room aboard and a pod beside: lift it (a second one only while the mission wants more).
    const pod = (v.pods ?? []).length < vehicleType(state, v).pods ? markedPodBeside(state, v) : null;
    const lift = pod && listed.find((c) => c.type === 'loadPod' && c.x === pod.x && c.y === pod.y);
    if (lift && (!holdsMarked(state, v) || podsWanted(state) > 0)) return lift;
    // A pod aboard but no chit to drive with: he keeps his seat for the next activation.
    if (holdsMarked(state, v)) return goingFor(state, t, v, 'entry', listed);
    // On to the next pod; beside one he cannot lift yet, or with no chit, he waits in his seat.
    if (fetch && fetching(state, v) && routeTo(state, v, 'pod') >= 0)
      return goingFor(state, t, v, 'pod', listed);
  } else if (holdsMarked(state, own)) {
    // No way home for it: the pod is set down for the Team to carry, then he gets out.
    const down = listed.find((c) => c.type === 'unloadPod');
    if (down) return down;
  }
  // Nothing left for the vehicle: first clear of the entry (else nobody gets home past it)...
  if (routeTo(state, own, 'clear') > 0 && drive) return goingFor(state, t, own, 'clear', listed);
  // ...then out, in the free square nearest the entry.
  const board = boardOf(state);
  let out: FdCommand | null = null;
  let outD = Number.POSITIVE_INFINITY;
  for (const c of listed)
    if (c.type === 'getOut') {
      const d = board.distance(c.x, c.y, state.entry.x, state.entry.y);
      if (d < outD) {
        outD = d;
        out = c;
      }
    }
  return out;
}

/**
 * Driving for `goal`: a ram first (with his first chit, if the vehicle has not rammed this turn)
 * when the way through the open doors is longer than the way smashing a shut one, or there is
 * none; else the drive.
 */
function goingFor(
  state: FdState,
  t: Teamer,
  v: VehicleState,
  goal: DriveGoal,
  listed: readonly FdCommand[],
): FdCommand | null {
  const smashing = routeTo(state, v, goal);
  if (smashing <= 0) return null;
  const plain = routeTo(state, v, goal, placementOf(state, v), false);
  // Only with his first chit: the second is the drive the ram is for.
  if ((plain < 0 || plain > smashing) && t.chits[0] === 'READY') {
    const ram = listed.find((c) => c.type === 'ram');
    if (ram) return ram;
  }
  return listed.find((c) => c.type === 'drive') ?? null;
}

/**
 * The next command of a drive under way: the listed manoeuvre that brings the vehicle nearest its
 * goal (the entry with a marked pod aboard, else with `fetch` the next pod the mission wants, else
 * clear of the entry) by the route, never one that runs a comrade down; the drive ends when none
 * gets nearer and the stop rule lets it.
 */
export function driveCommand(state: FdState, fetch = true): FdCommand {
  const m = state.move as NonNullable<FdState['move']>;
  const listed = legalVehicleMoves(state);
  const stop = listed.find((c) => c.type === 'endMove') ?? null;
  const v = vehiclesOf(state).find((x) => x.id === m.vehicleId);
  const end: FdCommand = { type: 'endMove', teamerId: m.teamerId };
  if (!v) return stop ?? end;
  const goal: DriveGoal = holdsMarked(state, v)
    ? 'entry'
    : fetch && fetching(state, v) && routeTo(state, v, 'pod') >= 0
      ? 'pod'
      : 'clear';
  const here = routeTo(state, v, goal);
  let best: FdCommand | null = null;
  let bestD = here < 0 ? Number.POSITIVE_INFINITY : here;
  let straight: FdCommand | null = null;
  for (const c of listed) {
    if (c.type !== 'manoeuvre') continue;
    const step = driveStep(state, v, c.manoeuvre);
    if (!step || step.runDown.some((f) => f.kind === 'teamer')) continue;
    if (c.manoeuvre === 'forward' || c.manoeuvre === 'reverse') straight ??= c;
    const d = routeTo(state, v, goal, step.placement);
    if (d >= 0 && d < bestD) {
      bestD = d;
      best = c;
    }
  }
  // Held by the stop rule: on straight ahead (its last squares must be straight).
  return best ?? stop ?? straight ?? listed[0] ?? end;
}
