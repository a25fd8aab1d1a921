import type { Pack, VehicleData } from '../data/pack-schema.ts';
import type { Battle, Character, VehicleInScene } from '../state.ts';
import { effectiveValue, isHelpless, type Step } from './effective.ts';

/** Driving (§13.1–13.4): who may drive what, the driver's modified Reactions, risky actions, crashes. */

export type Controls = 'manual' | 'port';

/** §13.1 (with the reading: a Control Port on the sheet is needed to drive through one). */
export function controlsProblem(v: VehicleData, c: Character, controls: Controls): string | null {
  if (controls === 'port' && v.controls === 'manual') return `${v.name} has manual controls only`;
  if (controls === 'manual' && v.controls === 'portOnly')
    return `${v.name} is driven through a Control Port only`;
  if (controls === 'port' && !c.controlPort) return `${c.name} has no Control Port`;
  return null;
}

/** §13.2: every row that applies is added; the per-level row only for characters with pilot levels. */
export function driverSteps(v: VehicleData, c: Character, controls: Controls): Step[] {
  const steps: Step[] = [];
  if (controls === 'manual') steps.push({ step: 'manual controls', value: -5 });
  if (c.levels.pilot > 0) {
    if (v.level > c.levels.pilot)
      steps.push({
        step: `vehicle ${v.level - c.levels.pilot} level(s) above the pilot`,
        value: -4 * (v.level - c.levels.pilot),
      });
  } else if (!c.skills.includes(v.name)) steps.push({ step: `no ${v.name} skill`, value: -10 });
  if (v.handling !== 0) steps.push({ step: 'handling', value: v.handling });
  return steps;
}

/** §13.3 risky actions and their modifiers; `untracked` rows do not apply to tracked vehicles. */
export const RISKY = {
  sharpTurn: { value: 0 },
  ramMovingVehicle: { value: -2 },
  fireFixedTurret: { value: 0 },
  ramNarrowObject: { value: 0 },
  ramWideObject: { value: 3 },
  ramVeryWideObject: { value: 10 },
  bumpyGround: { value: -2, untracked: true },
  veryBumpyGround: { value: -5, untracked: true },
  flatOutVeryBumpy: { value: -10, untracked: true },
  narrowSpace: { value: -5 },
  airGap: { value: -7, crashOnFail: true },
  airDeadLanding: { value: -4, crashOnFail: true },
} as const satisfies Record<string, { value: number; untracked?: boolean; crashOnFail?: boolean }>;
export type RiskyAction = keyof typeof RISKY;
/** The risky actions in the table's order: the command's choices and the table's list. */
export const RISKY_ACTIONS = Object.keys(RISKY) as [RiskyAction, ...RiskyAction[]];

/** The width row of a ram on a stationary object (exactly 1 m: the narrow row; exactly 3 m: +3). */
export function ramRow(widthMetres: number): RiskyAction {
  if (widthMetres <= 1) return 'ramNarrowObject';
  if (widthMetres <= 3) return 'ramWideObject';
  return 'ramVeryWideObject';
}

/** §13.4: dice of 2D6 per whole 10 kph (vehicle) or per whole 20 kph (occupants; × 4 unseated). */
export function crashDice(
  kph: number,
  scale: 'vehicle' | 'seated' | 'unseated',
): { count: number; times: number } {
  const step = scale === 'vehicle' ? 10 : 20;
  return { count: 2 * Math.floor(kph / step), times: scale === 'unseated' ? 4 : 1 };
}

/** §13.2: the driver's Reactions with every row that applies (never below 0, §0). */
export function modifiedReactions(c: Character, pack: Pack, v: VehicleData, controls: Controls): number {
  const sum = driverSteps(v, c, controls).reduce((n, s) => n + s.value, effectiveValue(c, pack, 'reactions'));
  return Math.max(0, sum);
}

/**
 * §13.5 reading: evasion switched on in the driver's slot lasts until the driver's next slot, so
 * it holds through the Turn it began and, in the next Turn, for the slots before the driver's.
 * Outside a battle it holds until switched off.
 */
export function evasionInForce(v: VehicleInScene, battle: Battle | null): boolean {
  if (!v.evasive) return false;
  if (!battle) return true;
  if (battle.turn === v.evasive.turn) return true;
  if (battle.turn !== v.evasive.turn + 1) return false;
  const driverSlot = battle.order.findIndex((e) => e.id === v.driverId);
  return driverSlot >= 0 && battle.slot < driverSlot;
}

/**
 * §13.5: what a vehicle adds to its d20 when attacked: half its driver's modified Reactions
 * (rounded down) while evasive manoeuvres are in force and the driver can still drive; else 0.
 */
export function evasionBonus(
  v: VehicleInScene,
  data: VehicleData,
  driver: Character | undefined,
  pack: Pack,
  battle: Battle | null,
): number {
  if (!driver || driver.dead !== null || isHelpless(driver) || !evasionInForce(v, battle)) return 0;
  return Math.floor(modifiedReactions(driver, pack, data, v.controls) / 2);
}

/** Is the character driving or riding in the vehicle? */
export function isAboard(v: VehicleInScene, characterId: string): boolean {
  return v.driverId === characterId || v.occupants.some((o) => o.id === characterId);
}

/** An enclosing hull with DC left is a layer for those aboard (§9.1 reading). */
export function enclosedHull(v: VehicleInScene, pack: Pack): boolean {
  return v.dc > 0 && (pack.vehicles.find((x) => x.id === v.vehicle)?.enclosesOccupants ?? false);
}

/** Everyone aboard, the driver first (seated). */
export function aboard(v: VehicleInScene): { id: string; seated: boolean }[] {
  return [...(v.driverId === null ? [] : [{ id: v.driverId, seated: true }]), ...v.occupants];
}
