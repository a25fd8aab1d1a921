import { promotionWeaponChoices, promotionWeapons, rankName } from '../data/ranks.ts';
import { newWeapon } from '../data/weapons.ts';
import { heldIssuedAt } from '../encounter/vehicle-rules.ts';
import { appendLog, type HeldSupport, type ThreeSixteenState, type Trooper, withTrooper } from '../state.ts';
import { type PromotionRoster, promotionOnFall } from './field-promotion.ts';
import { campaignOf, isPc, withCampaign, withRank, withService } from './model.ts';

/**
 * Field promotion on the table's state (field-promotion.ts `promotionOnFall`, the rule the
 * simulator's record shares): when the most senior PC dies, the next highest ranked PC takes the
 * dead PC's rank at once. When several PCs share that next rank, they test NFA
 * (`rollFieldPromotion`); until then the promotion waits in the campaign block.
 *
 * Pure: called from evolve wherever a trooper's status turns dead or wrecked (the record's
 * `writeHits`, the GM's overrides, Orbital Bombardment and the conflicts of this folder). No dice here.
 */
export function fieldPromotionOnDeath(state: ThreeSixteenState, deadId: string): ThreeSixteenState {
  const phase = state.campaign.phase;
  if (phase !== 'mission' && phase !== 'encounter') return state;
  const dead = state.troopers[deadId];
  if (!dead || !isPc(dead) || dead.status === 'active') return state;
  const roster = new StateRoster(state);
  promotionOnFall(roster, deadId, dead.rank);
  return roster.state;
}

/** The state as a field promotion's roster: PCs by id, a promotion hands out its weapons and support. */
class StateRoster implements PromotionRoster<string> {
  readonly members: readonly string[];
  constructor(public state: ThreeSixteenState) {
    this.members = state.trooperOrder;
  }
  alive(id: string): boolean {
    const t = this.state.troopers[id];
    return t !== undefined && t.status === 'active' && isPc(t);
  }
  rank(id: string): number {
    return (this.state.troopers[id] as Trooper).rank;
  }
  promote(id: string, rank: number): void {
    this.state = promote(this.state, id, rank);
  }
  waitingRank(): number {
    return campaignOf(this.state).fieldPromotion?.rank ?? 0;
  }
  waitingCandidates(): readonly string[] {
    return campaignOf(this.state).fieldPromotion?.candidates ?? [];
  }
  keepWaiting(left: readonly string[]): void {
    this.state = withCampaign(this.state, (c) => ({
      ...c,
      fieldPromotion: left.length > 0 && c.fieldPromotion ? { ...c.fieldPromotion, candidates: left } : null,
    }));
  }
  wait(rank: number, candidates: readonly string[], deadId: string): void {
    const s = withCampaign(this.state, (c) => ({ ...c, fieldPromotion: { rank, deadId, candidates } }));
    this.state = appendLog(
      s,
      null,
      `${s.troopers[deadId]?.name} has fallen; ${candidates.map((id) => s.troopers[id]?.name).join(', ')} test NFA for the field promotion to ${rankName(rank)}.`,
    );
  }
}

export function alivePcs(state: ThreeSixteenState): Trooper[] {
  const out: Trooper[] = [];
  for (const id of state.trooperOrder) {
    const t = state.troopers[id];
    if (t && t.status === 'active' && isPc(t)) out.push(t);
  }
  return out;
}

/**
 * "The group" the book means for E-Vac, Force Weakness and the AA methods: the PCs alive (NPC
 * squad members are no part of it), or every active trooper when the squad has no PC at all (a
 * squad of NPCs stands in for its own PCs).
 */
export function theGroup(state: ThreeSixteenState): Trooper[] {
  const pcs = alivePcs(state);
  if (pcs.length > 0) return pcs;
  const out: Trooper[] = [];
  for (const id of state.trooperOrder) {
    const t = state.troopers[id];
    if (t?.status === 'active') out.push(t);
  }
  return out;
}

/** What is held after rising from `from` to `to`: a field promotion may skip ranks, each hands out its own. */
function heldUpTo(from: number, to: number, held: readonly HeldSupport[]): HeldSupport[] {
  let out = [...held];
  for (let r = from + 1; r <= to; r++) out = [...out, ...heldIssuedAt(r, out)];
  return out;
}

/**
 * A promotion in the field hands out what the new rank adds, as one by Development Roll does: the
 * new rank's weapons and the held support it opens. The rank is taken at once, in the middle of a
 * fight, so an unpicked "or" takes its first option for now (like a new trooper's) and stays open
 * to the player's own pick until the next planet (`fieldPicks`, `chooseRankWeapon`).
 */
export function promote(state: ThreeSixteenState, id: string, rank: number): ThreeSixteenState {
  const t = state.troopers[id];
  if (!t || t.rank >= rank) return state;
  const carried = t.weapons.map((w) => w.weapon);
  const defaulted = promotionWeaponChoices(t.rank, rank).filter((g) => !g.some((w) => carried.includes(w)));
  const s = withTrooper(state, id, (tr) => {
    const promoted: Trooper = {
      ...withRank(tr, rank),
      weapons: [...tr.weapons, ...promotionWeapons(tr.rank, rank, carried).map(newWeapon)],
      vehicles: heldUpTo(tr.rank, rank, tr.vehicles),
    };
    if (defaulted.length === 0) return promoted;
    return withService(promoted, (sv) => ({ ...sv, fieldPicks: [...(sv.fieldPicks ?? []), ...defaulted] }));
  });
  return appendLog(s, id, `${t.name} is promoted in the field to ${rankName(rank)}.`);
}
