import { probeDice } from '../../../engine/dice/source.ts';
import type { DecideContext, Seat } from '../../../engine/ruleset.ts';
import { campaignCandidates } from '../campaign/legal.ts';
import { campaignOf, currentBetween, isPc } from '../campaign/model.ts';
import { type CampaignDecisionKind, campaignDecisions } from '../campaign/pending.ts';
import type { CommandOf, ThreeSixteenCommand } from '../commands.ts';
import { isFreeSwitch } from '../data/index.ts';
import {
  ABILITY_IDS,
  ALIENS,
  type Declaration,
  deciderOf,
  type Encounter,
  RANGES,
  type ThreeSixteenState,
  type Trooper,
  type WeaponId,
} from '../state.ts';
import { aliensAttack, fighters, hasAvailableSlot } from './core.ts';
import { actedBeforeByAliens } from './evolve.ts';
import { activeTroopers, encounterCap } from './mission.ts';

/**
 * What the table is waiting for, and what a seat may do now — for the UI ("whose turn is it?")
 * and the simulator (pick one of `legalCommands` and send it).
 */

export type DecisionKind =
  | 'createTroopers'
  | 'assignRanks'
  | 'setPlanet'
  | 'briefMission'
  | 'startEncounter'
  | 'answerKill'
  | 'forcedWeakness'
  | 'dominance'
  | 'setRange'
  | 'declare'
  | 'roll'
  | 'takeTurn'
  | CampaignDecisionKind;

export interface Decision {
  /** The seat that decides: a player's seat id, or 'gm' (aliens, NPC troopers, table steps). */
  readonly seat: string;
  readonly kind: DecisionKind;
  /** The trooper concerned, or 'aliens'. */
  readonly actor?: string;
  /** Other seats that may make the same decision just as well (a conflict's rolls). */
  readonly orSeats?: readonly string[];
}

/**
 * Every decision the game is blocked on right now. Cheap (no dice, no decide); the first entries
 * are the most urgent. An empty list during an encounter never happens: someone always has to act.
 * Between missions the list holds the optional steps too (a Development Roll not made yet).
 */
/**
 * The squad has not had its ranks handed out yet: before the first planet, and every active PC
 * still a Trooper. The book always makes a Sergeant (and, with two or more, a Corporal) at the
 * table, so a squad of Troopers only means nobody rolled. Asked for, not enforced: a GM who built
 * the squad by hand (seasoned troopers, a house rule) may land anyway.
 */
export function ranksPending(state: ThreeSixteenState): boolean {
  if (state.campaign.phase !== 'setup' || state.campaign.missionsCount > 0) return false;
  const pcs = activeTroopers(state).flatMap((id) => {
    const t = state.troopers[id];
    return t && isPc(t) ? [t] : [];
  });
  return pcs.length > 0 && pcs.every((t) => t.rank === 0);
}

export function pendingDecisions(state: ThreeSixteenState): Decision[] {
  const campaign = campaignDecisions(state);
  const conflict = campaignOf(state).conflict;
  // A conflict holds the table until it ends.
  if (conflict && conflict.step !== 'ended') return campaign;
  return [...campaign, ...tableDecisions(state)];
}

function tableDecisions(state: ThreeSixteenState): Decision[] {
  const phase = state.campaign.phase;
  if (phase === 'setup') {
    if (activeTroopers(state).length === 0) return [{ seat: 'gm', kind: 'createTroopers' }];
    return [{ seat: 'gm', kind: ranksPending(state) ? 'assignRanks' : 'setPlanet' }];
  }
  if (phase === 'briefing') return [{ seat: 'gm', kind: state.planet ? 'briefMission' : 'setPlanet' }];
  if (phase === 'mission') return [{ seat: 'gm', kind: 'startEncounter' }];
  // After the debrief (which campaignDecisions asks for first) the GM moves on to the next planet.
  if (phase === 'afterMission') return currentBetween(state) ? [{ seat: 'gm', kind: 'setPlanet' }] : [];
  const e = state.encounter;
  if (phase !== 'encounter' || !e) return [];
  const who = (actor: string) => deciderOf(state, actor);
  const urgent: Decision[] = [
    ...e.pendingKills.map((p) => ({
      seat: who(p.trooperId),
      kind: 'answerKill' as const,
      actor: p.trooperId,
    })),
    ...e.forcedWeakness.map((id) => ({ seat: who(id), kind: 'forcedWeakness' as const, actor: id })),
  ];
  if (urgent.length > 0) return urgent;
  const out: Decision[] = [];
  const pcs = fighters(state, e);
  switch (e.step) {
    case 'dominance':
      for (const id of pcs) if (!e.dominance[id]) out.push({ seat: who(id), kind: 'dominance', actor: id });
      if (!e.dominance[ALIENS]) out.push({ seat: 'gm', kind: 'dominance', actor: ALIENS });
      break;
    case 'setRange':
      if (e.rangeSetter) out.push({ seat: who(e.rangeSetter), kind: 'setRange', actor: e.rangeSetter });
      break;
    case 'declare': {
      for (const id of pcs) if (!e.declarations[id]) out.push({ seat: who(id), kind: 'declare', actor: id });
      const attack = aliensAttack(e);
      if (!e.aliensDeclared && attack) out.push({ seat: 'gm', kind: 'declare', actor: ALIENS });
      if (out.length === 0) {
        for (const id of pcs) out.push({ seat: who(id), kind: 'roll', actor: id });
        if (attack) out.push({ seat: 'gm', kind: 'roll', actor: ALIENS });
      }
      break;
    }
    case 'roll':
      for (const id of pcs) if (!e.rolls[id]) out.push({ seat: who(id), kind: 'roll', actor: id });
      if (!e.rolls[ALIENS] && aliensAttack(e)) out.push({ seat: 'gm', kind: 'roll', actor: ALIENS });
      break;
    case 'resolve': {
      const slot = e.queue[e.cursor];
      if (slot) out.push({ seat: who(slot.actor), kind: 'takeTurn', actor: slot.actor });
      break;
    }
    default:
      break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Legal commands

function controls(state: ThreeSixteenState, seat: Seat, actor: string): boolean {
  return seat.role === 'gm' || deciderOf(state, actor) === seat.seatId;
}

function declarationCandidates(state: ThreeSixteenState, e: Encounter, t: Trooper): Declaration[] {
  const list: Declaration[] = [{ kind: 'fa', weapon: t.currentWeapon }];
  const owned = new Set<WeaponId>(t.weapons.map((w) => w.weapon));
  owned.add('handToHand');
  for (const w of owned) {
    if (w !== t.currentWeapon && isFreeSwitch(w)) list.push({ kind: 'fa', weapon: w });
  }
  list.push({ kind: 'fa', weapon: t.currentWeapon, bomb: 'tpkBomb' });
  list.push({ kind: 'fa', weapon: t.currentWeapon, bomb: 'paradiseBomb' });
  list.push({ kind: 'nfa', task: { kind: 'manoeuvre', move: 'closer' } });
  list.push({ kind: 'nfa', task: { kind: 'manoeuvre', move: 'farther' } });
  for (const w of owned)
    if (w !== t.currentWeapon) list.push({ kind: 'nfa', task: { kind: 'manoeuvre', switchTo: w } });
  for (const v of e.vehicles)
    if (v.driverId === t.id) list.push({ kind: 'nfa', task: { kind: 'vehicleAttack', vehicle: v.vehicle } });
  list.push({ kind: 'nfa', task: { kind: 'eVac' } });
  list.push({ kind: 'nfa', task: { kind: 'orbitalBombardment' } });
  for (const id of fighters(state, e)) {
    if (id !== t.id) list.push({ kind: 'nfa', task: { kind: 'forceWeakness', targetId: id } });
  }
  return list;
}

/** Bringing in a held vehicle, or getting into one already there (decide sorts out what is legal). */
function vehicleCandidates(state: ThreeSixteenState, e: Encounter, id: string): ThreeSixteenCommand[] {
  const t = state.troopers[id];
  if (!t) return [];
  const out: ThreeSixteenCommand[] = [];
  for (const vehicle of ['apc', 'dropShip'] as const) {
    if (t.vehicles.includes(vehicle)) out.push({ type: 'deployVehicle', trooperId: id, vehicle });
  }
  for (const v of e.vehicles) {
    out.push({ type: 'boardVehicle', trooperId: id, vehicle: v.vehicle, ownerId: v.ownerId });
  }
  return out;
}

function candidates(state: ThreeSixteenState, seat: Seat): ThreeSixteenCommand[] {
  // Between missions, field promotions and conflicts first (decide drops what does not apply).
  const out: ThreeSixteenCommand[] = campaignCandidates(state, seat);
  const phase = state.campaign.phase;
  const gm = seat.role === 'gm';
  // The top ranks' weapons (decide keeps only the ones really open: rank, held, phase).
  for (const id of activeTroopers(state)) {
    const t = state.troopers[id];
    if (!t || !controls(state, seat, id)) continue;
    if (phase === 'briefing' && t.vehicles.includes('starkiller'))
      out.push({ type: 'fireStarkiller', trooperId: id });
    if (t.vehicles.includes('theDevice')) out.push({ type: 'activateDevice', trooperId: id });
  }
  if (phase === 'mission') {
    for (const id of activeTroopers(state)) {
      if (!controls(state, seat, id)) continue;
      for (const kind of ['strength', 'weakness'] as const)
        out.push({ type: 'sceneFlashback', trooperId: id, kind, text: 'A moment from the past.' });
    }
  }
  if (phase === 'mission' && gm && state.planet) {
    const pool = state.planet.threat.pool;
    const cap = encounterCap(state);
    if (pool > 0) {
      out.push({ type: 'startEncounter', tokens: 1 });
      if (Math.min(pool, cap) > 1) out.push({ type: 'startEncounter', tokens: Math.min(pool, cap) });
      out.push({ type: 'startEncounter', tokens: pool, final: true });
    }
    out.push({ type: 'endMission' });
    return out;
  }
  const e = state.encounter;
  if (phase !== 'encounter' || !e) return out;
  const pcs = fighters(state, e);
  const mine = pcs.filter((id) => controls(state, seat, id));

  // Answers first: while a Kill waits, only answers and flashbacks move.
  for (const p of e.pendingKills) {
    if (!controls(state, seat, p.trooperId)) continue;
    out.push({ type: 'answerKill', trooperId: p.trooperId, useArmour: true });
    out.push({ type: 'answerKill', trooperId: p.trooperId, useArmour: false });
  }
  for (const id of mine) {
    const t = state.troopers[id] as Trooper;
    if (hasAvailableSlot(t, 'weaknesses'))
      out.push({ type: 'useWeakness', trooperId: id, text: 'A weakness shows.' });
    if (hasAvailableSlot(t, 'strengths'))
      out.push({ type: 'useStrength', trooperId: id, text: 'A strength shows.' });
  }
  if (e.pendingKills.length > 0 || e.forcedWeakness.length > 0) return out;

  switch (e.step) {
    case 'dominance':
      for (const id of mine) {
        out.push({ type: 'rollDominance', actor: id });
        out.push({ type: 'declineDominance', trooperId: id });
        out.push({ type: 'useDropPods', trooperId: id });
        out.push({ type: 'useKineticField', trooperId: id });
        out.push(...vehicleCandidates(state, e, id));
      }
      if (gm) out.push({ type: 'rollDominance', actor: ALIENS });
      break;
    case 'setRange':
      for (const range of RANGES) out.push({ type: 'setRange', range });
      break;
    case 'declare':
      // Changing a declaration is legal until the dice roll, but not listed: it never moves play on.
      for (const id of mine.filter((x) => !e.declarations[x])) {
        for (const declaration of declarationCandidates(state, e, state.troopers[id] as Trooper)) {
          out.push({ type: 'declare', trooperId: id, declaration });
        }
      }
      if (gm && !e.aliensDeclared)
        out.push({ type: 'declareAliens' }, { type: 'declareAliens', emotional: true });
      for (const id of mine) out.push({ type: 'rollTest', actor: id });
      if (gm) out.push({ type: 'rollTest', actor: ALIENS });
      for (const id of mine) out.push(...vehicleCandidates(state, e, id));
      break;
    case 'roll':
      for (const id of mine) {
        out.push({ type: 'rollTest', actor: id });
        out.push({ type: 'useCombatDrugs', trooperId: id });
      }
      if (gm) out.push({ type: 'rollTest', actor: ALIENS });
      break;
    case 'resolve': {
      const slot = e.queue[e.cursor];
      if (slot && controls(state, seat, slot.actor)) {
        const actor = slot.actor as CommandOf<'takeTurn'>['actor'];
        out.push({ type: 'takeTurn', actor });
        out.push({ type: 'takeTurn', actor, cancel: true });
        if (actor !== ALIENS) {
          out.push({ type: 'leaveVehicle', trooperId: actor });
          for (const v of e.vehicles)
            out.push({ type: 'boardVehicle', trooperId: actor, vehicle: v.vehicle, ownerId: v.ownerId });
        }
        if (actor === ALIENS) {
          const movable = actedBeforeByAliens(e, slot.face).filter((id) => pcs.includes(id));
          if (movable.length > 0) {
            out.push({
              type: 'takeTurn',
              actor,
              moves: movable.map((trooperId) => ({ trooperId, steps: -1 })),
            });
            out.push({
              type: 'takeTurn',
              actor,
              moves: movable.map((trooperId) => ({ trooperId, steps: 1 })),
            });
          }
          out.push({ type: 'takeTurn', actor, alienMovement: 'flee' });
          out.push({ type: 'takeTurn', actor, alienMovement: 'swarm' });
        } else {
          out.push({ type: 'takeTurn', actor, move: 'closer' });
          out.push({ type: 'takeTurn', actor, move: 'farther' });
        }
      }
      for (const id of mine) out.push({ type: 'useCombatDrugs', trooperId: id });
      break;
    }
    default:
      break;
  }
  if (gm) {
    for (const ability of ABILITY_IDS) {
      const base = { type: 'useAbility' as const, ability, from: 'encounter' as const };
      if (ability === 'induceWeakness') for (const id of pcs) out.push({ ...base, targetId: id });
      else if (ability === 'rapidMovement') {
        for (const range of RANGES)
          out.push({ ...base, ranges: pcs.map((trooperId) => ({ trooperId, range })) });
      } else out.push(base);
    }
  }
  return out;
}

/**
 * The commands this seat may send now, each one checked by `decide` (so every entry is accepted).
 * Free-text fields carry placeholder text; narration and GM overrides, always open, are left out.
 * `decide` is the ruleset's, passed in to avoid an import cycle.
 */
export function legalCommands(
  state: ThreeSixteenState,
  seat: Seat,
  decide: (s: ThreeSixteenState, c: ThreeSixteenCommand, ctx: DecideContext) => unknown,
): ThreeSixteenCommand[] {
  return candidates(state, seat).filter((c) => {
    try {
      decide(state, c, { actor: seat, dice: probeDice() });
      return true;
    } catch {
      return false;
    }
  });
}
