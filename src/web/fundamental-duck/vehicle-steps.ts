import {
  type VehicleManoeuvre,
  vehicleMayStop,
  vehicleSquares,
} from '../../rules/fundamental-duck/arena/vehicles.ts';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import type { PackVehicleType } from '../../rules/fundamental-duck/data/pack-schema.ts';
import type { Teamer, VehicleState } from '../../rules/fundamental-duck/state.ts';
import {
  besideVehicle,
  driveStep,
  exitSquareFree,
  hasLicence,
  placementOf,
  vehicleOfCrew,
  vehiclesOf,
} from '../../rules/fundamental-duck/vehicles.ts';
import { asState, type FdView } from './model.ts';

/**
 * What a Teamer may do with the vehicles at the table, asked of the rules' own functions
 * (`vehicles.ts`: `besideVehicle`, `exitSquareFree`, `hasLicence`, `driveStep`, and the geometry's
 * `vehicleMayStop`) on the seat's view: nothing here re-derives a rule. Each answer carries the
 * reason in words when the rules would refuse, so a disabled button can say why.
 */

export const MANOEUVRES: readonly VehicleManoeuvre[] = ['forward', 'reverse', 'pivot-left', 'pivot-right'];

/** The button's words for each manoeuvre. */
export const MANOEUVRE_LABEL: Readonly<Record<VehicleManoeuvre, string>> = {
  forward: 'Forward',
  reverse: 'Reverse',
  'pivot-left': 'Pivot left',
  'pivot-right': 'Pivot right',
};

/** The mark a lit square carries on the board for the step that takes the vehicle there. */
export const MANOEUVRE_MARK: Readonly<Record<VehicleManoeuvre, string>> = {
  forward: 'F',
  reverse: 'B',
  'pivot-left': 'L',
  'pivot-right': 'R',
};

function typeOf(view: FdView, v: VehicleState): PackVehicleType | undefined {
  return view.rules.pack.vehicleTypes.find((t) => t.id === v.type);
}

/** The vehicle's name for buttons: its type's name ("Cargo loader"). */
export function vehicleName(view: FdView, v: VehicleState): string {
  return typeOf(view, v)?.name ?? v.type;
}

export interface NextStep {
  readonly manoeuvre: VehicleManoeuvre;
  /** May he take it now? */
  readonly ok: boolean;
  readonly cost: number;
  /** The square (index) the step newly fills: lit on the board; null when it fills none (a pivot of a one-square vehicle) or cannot be made. */
  readonly square: number | null;
  /** Every square (index) the vehicle fills after the step: the board's preview of where it ends up. */
  readonly placement: readonly number[];
  /** Where the front stands after it, and its facing. */
  readonly front: { readonly x: number; readonly y: number; readonly facing: number } | null;
  readonly smashes: boolean;
  readonly bulldozes: boolean;
  /** The figures (ids) it would drive into, each to be run down (the rules' `driveStep` and `figuresIn`). */
  readonly runDown: readonly string[];
  /** Why not, in words (when not ok). */
  readonly why?: string;
}

/** The drive in progress of this Teamer, if he is driving. */
export function driveOf(
  view: FdView,
  teamerId: string,
): { v: VehicleState; left: number; allowance: number } | null {
  const m = view.move;
  if (!m || m.teamerId !== teamerId || m.vehicleId === undefined) return null;
  const v = vehiclesOf(asState(view)).find((x) => x.id === m.vehicleId);
  return v ? { v, left: m.allowance - m.spent, allowance: m.allowance } : null;
}

/**
 * Each manoeuvre of the vehicle now (the rules' `driveStep`, with the movement left): the square it
 * would newly fill (the new front going forward, the new rear in reverse or a pivot) and its cost.
 */
export function nextSteps(view: FdView, v: VehicleState, left: number): NextStep[] {
  const state = asState(view);
  const before = new Set(vehicleSquares(placementOf(state, v)).map((q) => `${q.x},${q.y}`));
  const width = arenaFor(view.rules, view.arenaId).width;
  return MANOEUVRES.map((manoeuvre): NextStep => {
    const step = driveStep(state, v, manoeuvre);
    if (!step)
      return {
        manoeuvre,
        ok: false,
        cost: 0,
        square: null,
        placement: [],
        front: null,
        smashes: false,
        bulldozes: false,
        runDown: [],
        why: v.wrecked === true ? 'the vehicle is a wreck' : 'no room',
      };
    const fresh = vehicleSquares(step.placement).find((q) => !before.has(`${q.x},${q.y}`));
    const base = {
      manoeuvre,
      cost: step.cost,
      square: fresh ? fresh.y * width + fresh.x : null,
      placement: vehicleSquares(step.placement).map((q) => q.y * width + q.x),
      front: { ...step.placement.front, facing: step.placement.facing },
      smashes: step.smashed.length > 0,
      bulldozes: step.bulldozed.length > 0,
      runDown: step.runDown.map((f) => f.id),
    };
    return step.cost > left
      ? { ...base, ok: false, why: `it needs ${step.cost} point(s), ${left} left` }
      : { ...base, ok: true };
  });
}

/** May the drive end here? Null when it may; otherwise the stop rule in words. */
export function stopRefusal(view: FdView, v: VehicleState): string | null {
  const m = view.move;
  const type = typeOf(view, v);
  if (!m || !type || m.spent >= m.allowance) return null;
  if (vehicleMayStop(m.done ?? [], type.stopAfter, type.stopSquares)) return null;
  return `having gone more than ${type.stopAfter} squares, it stops only after ${type.stopSquares} straight moves the same way`;
}

export interface BoardOption {
  readonly vehicleId: string;
  readonly name: string;
  readonly ok: boolean;
  /** His seat if he gets in: at the wheel (he holds the licence) or riding only. */
  readonly seat: 'driver' | 'passenger';
  readonly why?: string;
}

/** Every vehicle next to him (with a clear way), with whether he may get in and why not. */
export function boardOptions(view: FdView, t: Teamer): BoardOption[] {
  const state = asState(view);
  if (t.x === null || t.y === null || vehicleOfCrew(state, t.id)) return [];
  const out: BoardOption[] = [];
  for (const v of vehiclesOf(state)) {
    const type = typeOf(view, v);
    if (!type || !besideVehicle(state, v, t.x, t.y)) continue;
    const seat = hasLicence(state, t, type) ? 'driver' : 'passenger';
    const why =
      v.wrecked === true
        ? 'it is a wreck'
        : v.crew.length >= type.seats
          ? `every seat is taken (${type.seats})`
          : t.ducked
            ? 'he is ducked: stand up first'
            : t.carrying !== null || t.cargo !== null
              ? 'he must set down what he carries first'
              : undefined;
    out.push({ vehicleId: v.id, name: type.name, seat, ok: why === undefined, ...(why ? { why } : {}) });
  }
  return out;
}

/** The bare squares next to his vehicle he may get out into, as "x,y" (the rules' `exitSquareFree`). */
export function exitSquares(view: FdView, t: Teamer): { x: number; y: number }[] {
  const state = asState(view);
  const v = vehicleOfCrew(state, t.id);
  if (!v) return [];
  const seen = new Set<string>();
  const out: { x: number; y: number }[] = [];
  for (const q of vehicleSquares(placementOf(state, v)))
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = q.x + dx;
        const y = q.y + dy;
        const key = `${x},${y}`;
        if (x < 0 || y < 0 || seen.has(key)) continue;
        seen.add(key);
        if (exitSquareFree(state, v, x, y)) out.push({ x, y });
      }
  return out.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Why he may not drive or ram his vehicle now (null: he may), from its type and his licence. */
export function driverRefusals(view: FdView, t: Teamer): { drive: string | null; ram: string | null } | null {
  const state = asState(view);
  const v = vehicleOfCrew(state, t.id);
  const type = v ? typeOf(view, v) : undefined;
  if (!v || !type) return null;
  const licence =
    v.wrecked === true
      ? 'the vehicle is a wreck'
      : hasLicence(state, t, type)
        ? null
        : `${t.name} holds no licence for a ${type.name}`;
  const ram =
    licence ??
    (!type.smashesDoors && !type.bulldozes
      ? `a ${type.name} neither smashes doors nor shoves obstacles`
      : v.rammedTurn === view.turn && view.turn > 0
        ? 'it is already set to ram this turn'
        : null);
  return { drive: licence, ram };
}

/** The hull in words: hits taken of the type's `hull.hits`, a wreck, and the pods aboard. */
export function hullText(view: FdView, v: VehicleState): string {
  const type = typeOf(view, v);
  const of = type?.hull.hits ?? 0;
  const pods = (v.pods ?? []).length;
  const hull =
    v.wrecked === true
      ? 'It is a wreck: it never moves again.'
      : `Hull: ${v.damage ?? 0} of ${of} hit(s) taken.`;
  return `${hull}${pods > 0 ? ` ${pods} cargo pod(s) aboard.` : ''}`;
}
