import type { DiceSpec } from '../../../engine/dice/typed.ts';
import { bestRange as bestRanges, killStepDice, WEAPONS } from '../data/index.ts';
import {
  appendLog,
  copyEncounter,
  type Encounter,
  type EncounterEffects,
  type EncounterEndReason,
  editEncounter,
  editTrooper,
  type FlashbackSlot,
  type HitRecord,
  type HitSource,
  type Position,
  type Range,
  type RangeSteps,
  type RoundEffects,
  type ThreeSixteenState,
  type Trooper,
  type WeaponId,
  withEncounter,
  withKey,
  withTrooper,
} from '../state.ts';
import { type EncounterRecord, recordOf, Step } from './record.ts';
import {
  advance as advanceOn,
  alienAttack,
  dealKill as dealKillOn,
  startRound as openRound,
} from './round.ts';
import { alienTarget, POSITION_INDEX, POSITIONS, stepPosition as stepIndex } from './rulings.ts';
import { VEHICLE_RULES, vehicleAboard } from './vehicle-rules.ts';

/**
 * The deterministic heart of the encounter: pure functions from state to state that `evolve`
 * uses (and `decide` uses to look ahead). No dice here — every face arrives in an event.
 */

// ---------------------------------------------------------------------------------------------
// Who is fighting, and against what numbers

/**
 * The last answer of `fighters` and the three objects it was read from. States are immutable, so
 * while those are the very same objects the answer cannot have changed; decide, evolve and the
 * simulator's policy ask it many times per command, mostly about the same state.
 */
let fightersMemo: {
  pcs: Encounter['pcs'];
  out: Encounter['out'];
  troopers: ThreeSixteenState['troopers'];
  ids: readonly string[];
} | null = null;

/** Troopers still fighting: taking part, active, not gone (Weakness, beyond Far, dead). */
export function fighters(state: ThreeSixteenState, e: Encounter): readonly string[] {
  const m = fightersMemo;
  if (m && m.pcs === e.pcs && m.out === e.out && m.troopers === state.troopers) return m.ids;
  const ids: string[] = [];
  for (const id of e.pcs) {
    if (e.out[id] === undefined && state.troopers[id]?.status === 'active') ids.push(id);
  }
  fightersMemo = { pcs: e.pcs, out: e.out, troopers: state.troopers, ids };
  return ids;
}

/** The aliens' ability right now: planet AA plus Boost/Enrage, never above 10. */
export function aaTarget(state: ThreeSixteenState): number {
  return alienTarget(state.planet?.aa ?? 5, state.encounter?.effects.aaBonus ?? 0);
}

/** A trooper's FA or NFA for a test now: minus Impair, plus the GM's one-shot preparation bonus. */
export function pcTarget(state: ThreeSixteenState, t: Trooper, ability: 'fa' | 'nfa'): number {
  return testTarget(t[ability], state.encounter?.effects.impair ?? 0, t.preparationBonus);
}

/** `pcTarget` from its numbers (the encounter record keeps them apart). */
export function testTarget(value: number, impair: number, bonus: number): number {
  return Math.max(0, Math.min(10, value - impair + bonus));
}

export function positionOf(e: Encounter, id: string): Position | undefined {
  return e.positions[id];
}

/** One step closer (−1) or farther (+1); past Far is beyond Far, Close stays Close. */
export function stepPosition(p: Position, steps: number): Position {
  return POSITIONS[stepIndex(POSITION_INDEX[p], steps)] as Position;
}

// ---------------------------------------------------------------------------------------------
// Weapons

export function weaponSteps(t: Trooper, weapon: WeaponId): RangeSteps | null {
  const owned = t.weapons.find((w) => w.weapon === weapon);
  if (owned) return owned.steps;
  // Everyone can fight with fists and knife even if the sheet forgot it.
  if (weapon === 'handToHand') return WEAPONS.handToHand.basic;
  return null;
}

/** True when the trooper has this weapon to hand (owned, or Hand-to-Hand). */
export function hasWeapon(t: Trooper, weapon: WeaponId): boolean {
  return weaponSteps(t, weapon) !== null;
}

/**
 * The kill dice of a weapon at a range under this round's conditions, or null when it cannot kill
 * ("–", 0 kills, Stop Technology on anything but Hand-to-Hand, Reduce Visibility at Far).
 */
export function killSpec(
  state: ThreeSixteenState,
  t: Trooper,
  weapon: WeaponId,
  range: Range,
): DiceSpec | null {
  const e = state.encounter;
  if (e?.roundEffects.stopTechnology && weapon !== 'handToHand') return null;
  if (e?.effects.reduceVisibility && range === 'far') return null;
  const steps = weaponSteps(t, weapon);
  const step = steps?.[range];
  if (step === null || step === undefined || step <= 0) return null;
  return killStepDice(step);
}

/**
 * The weapon's best range for a Strength: the highest current step; ties go to the player's
 * named range if it is among them, else to the nearest.
 */
export function bestRange(t: Trooper, weapon: WeaponId, prefer?: Range): Range {
  const tied = bestRanges(weaponSteps(t, weapon) ?? WEAPONS.handToHand.basic);
  if (prefer && tied.includes(prefer)) return prefer;
  return tied[0] ?? 'close';
}

// ---------------------------------------------------------------------------------------------
// Tokens

export function addKills(state: ThreeSixteenState, id: string, kills: number): ThreeSixteenState {
  if (kills <= 0) return state;
  let s = editTrooper(state, id, (draft, t) => {
    draft.killsThisMission = t.killsThisMission + kills;
    draft.totalKills = t.totalKills + kills;
  });
  s = editEncounter(s, (draft, e) => {
    draft.killsByTrooperThisRound = withKey(
      e.killsByTrooperThisRound,
      id,
      (e.killsByTrooperThisRound[id] ?? 0) + kills,
    );
  });
  return s;
}

export function noteKillCaused(state: ThreeSixteenState): ThreeSixteenState {
  return editEncounter(state, (draft, e) => {
    draft.killsThisRound = e.killsThisRound + 1;
  });
}

// ---------------------------------------------------------------------------------------------
// Wounds on troopers

export interface Hit {
  readonly source: HitSource;
  readonly mark?: 'X' | 'E';
  readonly armourStoppable: boolean;
  readonly lasting?: boolean;
  readonly by?: string | null;
  readonly face?: number | null;
}

/**
 * The slot a flashback fills: the first Available one, Hatred for Home last — unless the player
 * asks for Hatred for Home (the book lets it be chosen like any Weakness); -1 when there is none.
 */
export function flashbackSlot(slots: readonly FlashbackSlot[], hatredForHome = false): number {
  if (hatredForHome) return slots.findIndex((s) => s.status === 'available' && s.hatredForHome);
  const plain = slots.findIndex((s) => s.status === 'available' && !s.hatredForHome);
  return plain >= 0 ? plain : slots.findIndex((s) => s.status === 'available');
}

/**
 * The trooper with flashback slot `slot` Used and holding the player's text; `counts` (the default)
 * also flags the mission for promotion (Strength) or demotion (Weakness).
 */
export function withFlashbackUsed(
  t: Trooper,
  kind: 'strength' | 'weakness',
  slot: number,
  text: string,
  counts = true,
): Trooper {
  const key = kind === 'strength' ? 'strengths' : 'weaknesses';
  const used = {
    ...t,
    [key]: t[key].map((sl, i) => (i === slot ? { ...sl, status: 'used' as const, text } : sl)),
  };
  if (!counts) return used;
  const flag = kind === 'strength' ? { usedStrength: true } : { usedWeakness: true };
  return { ...used, missionFlags: { ...t.missionFlags, ...flag } };
}

export function hasAvailableSlot(t: Trooper, kind: 'strengths' | 'weaknesses'): boolean {
  return t[kind].some((s) => s.status === 'available');
}

/**
 * Kills landing while decide folds one event, so the event can name each on the log (`hits` in
 * events.ts `Aftermath`): the state alone cannot say it, as the encounter's end may heal the very
 * wound at once. Collected only inside `collectHits` (decide); evolve on its own records nothing.
 */
let hitsSeen: HitRecord[] | null = null;

export function collectHits<T>(fold: () => T): { value: T; hits: HitRecord[] } {
  const outer = hitsSeen;
  const hits: HitRecord[] = [];
  hitsSeen = hits;
  try {
    return { value: fold(), hits };
  } finally {
    hitsSeen = outer;
  }
}

export function noteHit(trooperId: string, source: HitSource, result: HitRecord['result']): void {
  hitsSeen?.push({ trooperId, source, result });
}

/**
 * A Kill lands on a trooper of the encounter: round.ts `dealKill` (the kinetic field, the armour
 * as the trooper's policy says, the Kill waiting for an answer, or the wound) on a record of the
 * state, written back. Every Kill the table deals goes through here or round.ts `strike`.
 */
export function dealKill(state: ThreeSixteenState, id: string, hit: Hit): ThreeSixteenState {
  if (state.troopers[id]?.status !== 'active' || !state.encounter) return state;
  const r = evolveRecord(state);
  kill(r, id, hit);
  return r.writeBack(state);
}

/** `hit` on trooper `id` of record `r` (round.ts `dealKill`); nothing for a trooper not in it. */
function kill(r: EncounterRecord, id: string, hit: Hit): void {
  const i = r.ids.indexOf(id);
  if (i < 0) return;
  const by = hit.by ? r.ids.indexOf(hit.by) : -1;
  const e = hit.mark === 'E';
  dealKillOn(r, i, hit.armourStoppable, hit.lasting ?? false, by, hit.face ?? -1, hit.source, e);
}

/**
 * A rider out of its vehicle (getting out, the GM's overrides, a second Orbital Bombardment's
 * caller); the wheel passes on. A rider who falls or shows a Weakness leaves it on the record
 * (round.ts `leaveVehicle`).
 */
export function dropRider(state: ThreeSixteenState, id: string): ThreeSixteenState {
  const e = state.encounter;
  if (!e?.vehicles.some((v) => v.occupants.includes(id))) return state;
  return withEncounter(state, (en) => ({
    ...en,
    vehicles: en.vehicles.map((v) => {
      if (!v.occupants.includes(id)) return v;
      const occupants = v.occupants.filter((x) => x !== id);
      return { ...v, occupants, driverId: v.driverId === id ? (occupants[0] ?? v.driverId) : v.driverId };
    }),
  }));
}

/** Strikes an item off a trooper's held vehicles and weapons. */
export function loseHeld(
  state: ThreeSixteenState,
  id: string,
  item: Trooper['vehicles'][number],
): ThreeSixteenState {
  return withTrooper(state, id, (t) =>
    t.vehicles.includes(item) ? { ...t, vehicles: t.vehicles.filter((x) => x !== item) } : t,
  );
}

// ---------------------------------------------------------------------------------------------
// Encounter creation, rounds, ending

export function freshEffects(state: ThreeSixteenState): EncounterEffects {
  const abilities: readonly string[] = state.planet?.abilities ?? [];
  return {
    aaBonus: 0,
    impair: 0,
    enraged: false,
    isolated: false,
    // The free, always-on abilities are in force wherever the planet has them; GM overrides can
    // change the AA or end things, and the GM may simply not narrate them.
    ignoreArmour: abilities.includes('ignoreArmour'),
    lastingWounds: abilities.includes('lastingWounds'),
    leaping: abilities.includes('leaping'),
    reduceVisibility: abilities.includes('reduceVisibility'),
    flee: abilities.includes('flee'),
    swarm: abilities.includes('swarm'),
    alienArmourUsed: false,
    endAfterAlienTurn: false,
    kineticField: [],
    pcAutomaticAmbush: false,
  };
}

export const NO_ROUND_EFFECTS: RoundEffects = { killsVoid: false, stopTechnology: false, suicide: false };

/**
 * Opens the next combat round (Enrage raises AA as each further round begins): round.ts
 * `startRound` on a record of the state, written back.
 */
export function startRound(state: ThreeSixteenState): ThreeSixteenState {
  const r = evolveRecord(state);
  openRound(r);
  return r.writeBack(state);
}

/**
 * The record `evolve` last took of its state (round.ts's functions run on it, then it is written
 * back), loaded again while the troopers and conditions are the same objects. Its own, not
 * decide's: decide folds events through `evolve` while it holds its record.
 */
let lastRecord: EncounterRecord | null = null;

export function evolveRecord(state: ThreeSixteenState): EncounterRecord {
  const r = recordOf(lastRecord, state);
  lastRecord = r;
  // The table asks for the Kills as they land (hits, log sentences, falls: `writeBack`).
  if (r.told === null) r.told = [];
  else r.told.length = 0;
  return r;
}

/** Moves a trooper; everyone aboard the same vehicle moves with it (a vehicle is at one range). */
export function moveTrooper(state: ThreeSixteenState, id: string, to: Position): ThreeSixteenState {
  return withEncounter(state, (e) => {
    if (e.out[id] !== undefined) return e;
    const riders = vehicleAboard(e, id)?.occupants ?? [id];
    const positions = { ...e.positions };
    let out = e.out;
    for (const r of riders) {
      if (e.out[r] !== undefined) continue;
      positions[r] = to;
      if (to === 'beyondFar') out = { ...out, [r]: 'beyondFar' as const };
    }
    const moved = copyEncounter(e);
    moved.positions = positions;
    moved.out = out;
    return moved;
  });
}

export function markEnd(state: ThreeSixteenState, reason: EncounterEndReason): ThreeSixteenState {
  if (!state.encounter || state.encounter.endReason) return state;
  return editEncounter(state, (draft) => {
    draft.endReason = reason;
  });
}

/**
 * Closes an encounter the record ended (round.ts `finish`, written back: the tokens left back in the
 * pool or discarded, the fighters and those kept out healed): what the record does not hold.
 * Weapons back to default, support lost, the planet's and mission's counts, the phase back to the
 * mission.
 */
export function finishEncounter(state: ThreeSixteenState): ThreeSixteenState {
  const e = state.encounter;
  if (!e) return state;
  const reason = e.endReason ?? 'gm';
  let s = supportLostAtEnd(state, e, reason);
  const troopers = { ...s.troopers };
  for (const id of e.pcs) {
    const t = troopers[id];
    if (t) troopers[id] = { ...t, currentWeapon: t.defaultWeapon };
  }
  s = { ...s, troopers };
  const cleared = (s.planet?.threat.pool ?? 0) === 0 && (reason !== 'eVac' || e.final || e.tokens === 0);
  s = {
    ...s,
    planet: s.planet && {
      ...s.planet,
      encountersFought: s.planet.encountersFought + 1,
      cleared: s.planet.cleared || cleared,
    },
    mission: s.mission && { ...s.mission, encountersFought: s.mission.encountersFought + 1 },
    campaign: { ...s.campaign, phase: 'mission' },
    encounter: null,
    lastEncounter: {
      ...e,
      step: 'ended',
      tokens: 0,
      endReason: reason,
      pendingKills: [],
      forcedWeakness: [],
    },
  };
  return appendLog(s, null, `The encounter ends (${reason}).`);
}

/** The PCs won the encounter: its tokens ran out, or a Strength (or the GM) ended it. */
export function pcsWon(reason: EncounterEndReason): boolean {
  return reason === 'noTokens' || reason === 'strength' || reason === 'gm';
}

/**
 * Drop Pods are lost if their encounter was not won or ended by an E-Vac or an Orbital
 * Bombardment; a vehicle left empty is recovered only when the PCs won.
 */
function supportLostAtEnd(
  state: ThreeSixteenState,
  e: Encounter,
  reason: EncounterEndReason,
): ThreeSixteenState {
  let s = state;
  if (e.effects.pcAutomaticAmbush && !pcsWon(reason)) {
    for (const id of e.pcs) {
      if (s.troopers[id]?.planetUses.dropPods) {
        s = loseHeld(s, id, 'dropPods');
        s = appendLog(s, id, 'The Drop Pods are lost.');
      }
    }
  }
  for (const v of e.vehicles) {
    if (v.damage !== 'destroyed' && v.occupants.length === 0 && !pcsWon(reason)) {
      s = loseHeld(s, v.ownerId, v.vehicle);
      s = appendLog(s, v.ownerId, `The abandoned ${VEHICLE_RULES[v.vehicle].name} is lost.`);
    }
  }
  return s;
}

/**
 * After anything happens in an encounter: wait while a trooper must answer; end the encounter when
 * an end condition holds; skip turns nobody can take (the Suicide blast strikes at its place);
 * close the round and open the next. Call it at the end of every encounter reducer. It is round.ts
 * `advance` (the simulator's) on the record `evolve` keeps of the state, written back; an ending
 * then closes the encounter on the state (`finishEncounter`). `handed`: the record of `state` a
 * reducer changed and did not write back (evolve.ts `Reduced`), moved on and written back once
 * rather than written back, loaded again and moved on (`diceOnly`: it only noted dice, so unless
 * the round moved only those are written, `writeNotes`).
 */
export function advance(
  state: ThreeSixteenState,
  handed: EncounterRecord | null = null,
  diceOnly = false,
): ThreeSixteenState {
  if (!state.encounter) return state;
  const r = handed ?? evolveRecord(state);
  const step = r.step;
  const cursor = r.cursor;
  const round = r.round;
  advanceOn(r);
  // Every move `advance` makes changes the step, the round or the cursor: none (and no reducer's
  // changes handed over), nothing to write.
  const moved = r.step !== step || r.cursor !== cursor || r.round !== round;
  if (!moved && handed === null) return state;
  const s = moved || !diceOnly ? r.writeBack(state) : r.writeNotes(state);
  return r.step === Step.Ended ? finishEncounter(s) : s;
}

/** The aliens make their normal AA roll only while the encounter holds a token. */
export function aliensAttack(e: Encounter): boolean {
  return e.tokens > 0;
}

/**
 * An alien success at `face` (−1: their ambush, every trooper fighting), or their Suicide blast:
 * round.ts `alienAttack` (the Kills, and the vehicles their riders ride) on a record of the
 * state, written back.
 */
export function resolveAlienAttack(
  state: ThreeSixteenState,
  face: number,
  source: 'aliens' | 'suicide' | 'ambush',
): ThreeSixteenState {
  if (!state.encounter) return state;
  const r = evolveRecord(state);
  alienAttack(r, face, source);
  return r.writeBack(state);
}
