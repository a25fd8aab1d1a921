import { deciderOf, type ThreeSixteenState } from '../state.ts';
import {
  type CampaignBlock,
  campaignOf,
  currentBetween,
  other,
  recordOf,
  SIDES,
  type SideKey,
} from './model.ts';

/**
 * What the campaign part waits for (conflicts, field promotions, the steps between missions), in
 * the shape of `pendingDecisions` (`encounter/pending.ts`), which puts these first.
 *
 * After a conflict has ended nothing is waited for: the winner's order and a Weakness answering
 * the winning Strength are optional and left to `legalCommands`.
 */

export type CampaignDecisionKind =
  | 'fieldPromotion'
  | 'answerYield'
  | 'conflictDominance'
  | 'conflictRange'
  | 'conflictTurn'
  | 'conflictHit'
  | 'conflictDeclare'
  | 'conflictRoll'
  | 'conflictDrugs'
  | 'debrief'
  | 'rollLevels'
  | 'takeLevel'
  | 'gmReward'
  | 'improveWeapon'
  | 'developmentRoll'
  | 'createReplacement';

export interface CampaignDecision {
  readonly seat: string;
  readonly kind: CampaignDecisionKind;
  readonly actor?: string;
  readonly orSeats?: readonly string[];
}

/** Who speaks for one side of a conflict: a trooper's player, or the GM for an NPC. */
function sideDecider(state: ThreeSixteenState, c: NonNullable<CampaignBlock['conflict']>, side: SideKey) {
  const s = c.sides[side];
  return s.kind === 'trooper'
    ? { seat: deciderOf(state, s.trooperId), actor: s.trooperId }
    : { seat: 'gm' as const };
}

/**
 * A conflict's rolls: the GM, or the player of either trooper in it (`requireEitherSide`), so the
 * table is told that any of them may roll.
 */
function conflictRoller(
  state: ThreeSixteenState,
  c: NonNullable<CampaignBlock['conflict']>,
  kind: 'conflictDominance' | 'conflictRoll',
): CampaignDecision {
  const players = new Set<string>();
  for (const side of SIDES) {
    const seat = sideDecider(state, c, side).seat;
    if (seat !== 'gm') players.add(seat);
  }
  return players.size > 0 ? { seat: 'gm', kind, orSeats: [...players] } : { seat: 'gm', kind };
}

function conflictDecisions(state: ThreeSixteenState): CampaignDecision[] {
  const c = campaignOf(state).conflict;
  if (!c || c.step === 'ended') return [];
  if (c.yielding) return [{ ...sideDecider(state, c, other(c.yielding)), kind: 'answerYield' }];
  switch (c.step) {
    case 'dominance':
      return [conflictRoller(state, c, 'conflictDominance')];
    case 'setRange':
      return c.rangeSetter
        ? [{ ...sideDecider(state, c, c.rangeSetter), kind: 'conflictRange' }]
        : [{ seat: 'gm', kind: 'conflictRange' }];
    case 'act': {
      // A die held for combat drugs waits for its side to keep it or re-roll it.
      const held = c.dice?.open ?? [];
      if (held.length > 0) return held.map((k) => ({ ...sideDecider(state, c, k), kind: 'conflictDrugs' }));
      // The better success waits for its side: let it land or cancel it.
      const turn = c.queue[0];
      return turn ? [{ ...sideDecider(state, c, turn.side), kind: 'conflictTurn' }] : [];
    }
    case 'answer':
      return c.pendingHit ? [{ ...sideDecider(state, c, c.pendingHit.target), kind: 'conflictHit' }] : [];
    case 'declare': {
      const open = SIDES.filter((k) => !c.declarations[k]);
      if (open.length === 0) return [conflictRoller(state, c, 'conflictRoll')];
      return open.map((k) => ({ ...sideDecider(state, c, k), kind: 'conflictDeclare' as const }));
    }
    default:
      return [];
  }
}

/** The steps after a mission, in the order the book runs them; optional ones are listed too. */
function betweenDecisions(state: ThreeSixteenState): CampaignDecision[] {
  if (state.campaign.phase !== 'afterMission') return [];
  const b = currentBetween(state);
  if (!b) return [{ seat: 'gm', kind: 'debrief' }];
  const out: CampaignDecision[] = [];
  if (!b.levelsRolled) out.push({ seat: 'gm', kind: 'rollLevels' });
  for (const id of state.trooperOrder) {
    const t = state.troopers[id];
    if (!t) continue;
    const seat = deciderOf(state, id);
    const r = recordOf(b, id);
    if (r.levelPending) out.push({ seat, kind: 'takeLevel', actor: id });
    if (r.gmRewardPending) out.push({ seat, kind: 'gmReward', actor: id });
    if (b.survivors.includes(id) && t.status === 'active') {
      if (!r.autoImproved) out.push({ seat, kind: 'improveWeapon', actor: id });
      if (!r.developed) out.push({ seat, kind: 'developmentRoll', actor: id });
    }
    if ((t.status === 'dead' || t.status === 'wreck') && t.ownerSeatId !== null)
      out.push({ seat, kind: 'createReplacement', actor: id });
  }
  return out;
}

/**
 * Campaign decisions before anything else the table waits for: a field promotion roll, then an
 * open conflict, then the between-missions steps. Empty when the campaign waits for nothing.
 */
export function campaignDecisions(state: ThreeSixteenState): CampaignDecision[] {
  const out: CampaignDecision[] = [];
  if (campaignOf(state).fieldPromotion) out.push({ seat: 'gm', kind: 'fieldPromotion' });
  out.push(...conflictDecisions(state), ...betweenDecisions(state));
  return out;
}
