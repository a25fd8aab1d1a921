import type { Seat } from '../../../engine/ruleset.ts';
import type { ThreeSixteenCommand } from '../commands.ts';
import { EVERYDAY_GEAR } from '../data/kit.ts';
import { RANGES, type ThreeSixteenState, type Trooper } from '../state.ts';
import { type ConflictAction, campaignOf, SIDES } from './model.ts';
import { REQUISITION_SUPPORT, REQUISITION_WEAPONS } from './schemas.ts';

/**
 * Candidate campaign commands for `legalCommands` (`encounter/pending.ts`): every between-missions
 * step, field promotion and conflict move a seat might send, with placeholder text where the
 * command takes words. Many are illegal at any moment; `legalCommands` keeps the ones decide takes.
 */

const ACTIONS: readonly ConflictAction[] = [
  { kind: 'fa' },
  { kind: 'emotional' },
  { kind: 'manoeuvre', move: 'closer' },
  { kind: 'manoeuvre', move: 'farther' },
  { kind: 'other', text: 'Something else happens.' },
];

function weaponSteps(
  t: Trooper,
  push: (weapon: Trooper['weapons'][number]['weapon'], range: (typeof RANGES)[number]) => void,
) {
  for (const w of t.weapons) for (const range of RANGES) push(w.weapon, range);
}

function betweenCandidates(
  state: ThreeSixteenState,
  seat: Seat,
  mine: readonly Trooper[],
): ThreeSixteenCommand[] {
  const out: ThreeSixteenCommand[] = [];
  const gm = seat.role === 'gm';
  if (gm) {
    out.push({ type: 'debrief' }, { type: 'rollLevels' }, { type: 'rollNextPlanet' });
    out.push({ type: 'setMissionGm', seatId: null });
    for (const [seatId, s] of Object.entries(state.seats))
      if (s.role === 'player') out.push({ type: 'setMissionGm', seatId });
  }
  for (const t of mine) {
    const id = t.id;
    for (const ability of ['fa', 'nfa'] as const) {
      out.push({ type: 'takeLevel', trooperId: id, ability });
      out.push({ type: 'takeGmReward', trooperId: id, reward: { kind: 'level', ability } });
      for (const slot of ['strength', 'weakness'] as const) {
        out.push({ type: 'takeLevel', trooperId: id, ability, slot });
        out.push({ type: 'takeGmReward', trooperId: id, reward: { kind: 'level', ability, slot } });
      }
    }
    weaponSteps(t, (weapon, range) => {
      out.push({ type: 'improveWeapon', trooperId: id, weapon, range });
      out.push({ type: 'developmentRoll', trooperId: id, choice: { kind: 'improve', weapon, range } });
      out.push({ type: 'takeGmReward', trooperId: id, reward: { kind: 'weapon', weapon, range } });
    });
    out.push({ type: 'developmentRoll', trooperId: id, choice: { kind: 'promotion' } });
    for (const weapon of REQUISITION_WEAPONS)
      out.push({ type: 'developmentRoll', trooperId: id, choice: { kind: 'weapon', weapon } });
    for (const vehicle of REQUISITION_SUPPORT)
      out.push({ type: 'developmentRoll', trooperId: id, choice: { kind: 'vehicle', vehicle } });
    for (const other of state.trooperOrder)
      if (other !== id) out.push({ type: 'nominateDemotion', nominatorId: id, targetId: other });
    if (t.status === 'dead' || t.status === 'wreck')
      out.push({ type: 'createReplacement', predecessorId: id, name: 'Replacement', fa: 5, nfa: 5, rank: 0 });
  }
  return out;
}

function conflictCandidates(state: ThreeSixteenState, mine: readonly Trooper[]): ThreeSixteenCommand[] {
  const out: ThreeSixteenCommand[] = [];
  const c = campaignOf(state).conflict;
  if (!c || c.step === 'ended') {
    // A new conflict: one of this seat's troopers against another trooper, or against an NPC.
    for (const t of mine) {
      const a = { kind: 'trooper' as const, trooperId: t.id };
      out.push({ type: 'startConflict', a, b: { kind: 'npc', name: 'An officer' } });
      for (const other of state.trooperOrder)
        if (other !== t.id) out.push({ type: 'startConflict', a, b: { kind: 'trooper', trooperId: other } });
    }
    // The winner of a conflict just ended gives its order; the loser of one a Strength won may
    // answer it with a Weakness.
    if (c) {
      out.push({ type: 'imposeOrder', text: 'An order.' });
      out.push({ type: 'answerConflictStrength', text: 'A flashback.' });
      out.push({ type: 'answerConflictStrength', text: 'A flashback.', hatredForHome: true });
    }
    return out;
  }
  out.push({ type: 'rollConflictDominance' }, { type: 'rollConflictRound' });
  for (const side of SIDES) out.push({ type: 'rollConflictDominance', stayOut: side });
  for (const range of RANGES) out.push({ type: 'setConflictRange', range });
  for (const side of SIDES) {
    for (const action of ACTIONS) out.push({ type: 'declareConflict', side, action });
    // Taking another carried weapon in hand, an NFA manoeuvre as in an encounter.
    const sd = c.sides[side];
    const t = sd.kind === 'trooper' ? state.troopers[sd.trooperId] : undefined;
    for (const w of t?.weapons ?? [])
      if (w.weapon !== t?.currentWeapon)
        out.push({ type: 'declareConflict', side, action: { kind: 'manoeuvre', switchTo: w.weapon } });
    out.push({ type: 'yieldConflict', side });
    out.push({ type: 'useConflictDrugs', side });
    for (const kind of ['strength', 'weakness'] as const)
      out.push({ type: 'conflictFlashback', side, kind, text: 'A flashback.' });
  }
  out.push(
    { type: 'takeConflictTurn' },
    { type: 'takeConflictTurn', cancel: true },
    { type: 'answerConflictHit', useArmour: true },
    { type: 'answerConflictHit', useArmour: false },
    { type: 'moveConflict', move: 'closer' },
    { type: 'moveConflict', move: 'farther' },
    { type: 'answerYield', accept: true },
    { type: 'answerYield', accept: false },
    { type: 'imposeOrder', text: 'Carry the ammunition.' },
    { type: 'gmEndConflict', winner: null, reason: 'The GM stops it.' },
  );
  return out;
}

export function campaignCandidates(state: ThreeSixteenState, seat: Seat): ThreeSixteenCommand[] {
  const mine = state.trooperOrder
    .map((id) => state.troopers[id])
    .filter((t): t is Trooper => !!t && (seat.role === 'gm' || t.ownerSeatId === seat.seatId));
  const out: ThreeSixteenCommand[] = [];
  if (campaignOf(state).fieldPromotion) out.push({ type: 'rollFieldPromotion' });
  if (seat.role === 'gm') out.push({ type: 'brigadierFalls', text: 'The Brigadier falls.' });
  for (const t of mine)
    for (const item of EVERYDAY_GEAR) out.push({ type: 'takeGear', trooperId: t.id, item });
  if (state.campaign.phase === 'afterMission') out.push(...betweenCandidates(state, seat, mine));
  out.push(...conflictCandidates(state, mine));
  return out;
}
