import { promotionWeaponChoices, promotionWeapons, rankName } from '../data/ranks.ts';
import { newWeapon } from '../data/weapons.ts';
import { heldIssuedAt } from '../encounter/vehicle-rules.ts';
import { appendLog, type HeldSupport, type ThreeSixteenState, type Trooper, withTrooper } from '../state.ts';
import { campaignOf, isPc, withCampaign, withRank, withService } from './model.ts';

/**
 * Field promotion (the book's rule for a mission): when the most senior PC dies, the next highest
 * ranked PC takes the dead PC's rank at once. When several PCs share that next rank, they test NFA
 * (`rollFieldPromotion`); until then the promotion waits in the campaign block.
 *
 * Pure: called from evolve wherever a trooper's status turns dead or wrecked (encounter/core.ts
 * applyWound, and the conflicts of this folder). No dice here.
 */
export function fieldPromotionOnDeath(state: ThreeSixteenState, deadId: string): ThreeSixteenState {
  const phase = state.campaign.phase;
  if (phase !== 'mission' && phase !== 'encounter') return state;
  const dead = state.troopers[deadId];
  if (!dead || !isPc(dead) || dead.status === 'active') return state;
  let s = state;
  // A candidate of a promotion still waiting for its NFA test may be the one who fell.
  const waiting = campaignOf(s).fieldPromotion;
  if (waiting?.candidates.includes(deadId)) {
    const left = waiting.candidates.filter((id) => id !== deadId);
    s = withCampaign(s, (c) => ({
      ...c,
      fieldPromotion: left.length > 1 ? { ...waiting, candidates: left } : null,
    }));
    if (left.length === 1) s = promote(s, left[0] as string, waiting.rank);
  }
  const others = alivePcs(s).filter((t) => t.id !== deadId);
  if (others.length === 0) return s;
  const next = Math.max(...others.map((t) => t.rank));
  if (dead.rank <= next) return s;
  const group = others.filter((t) => t.rank === next).map((t) => t.id);
  if (group.length === 1) return promote(s, group[0] as string, dead.rank);
  s = withCampaign(s, (c) => ({ ...c, fieldPromotion: { rank: dead.rank, deadId, candidates: group } }));
  return appendLog(
    s,
    null,
    `${dead.name} has fallen; ${group.map((id) => s.troopers[id]?.name).join(', ')} test NFA for the field promotion to ${rankName(dead.rank)}.`,
  );
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
