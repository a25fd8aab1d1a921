import { pool, rollSpec } from '../../../engine/dice/typed.ts';
import { codes, defineCommand, GM_AND_PLAYERS } from '../commands.ts';
import { convertToHatredForHome, hasHatredForHome } from '../data/flashback-slots.ts';
import { rankName, rankWeapons } from '../data/ranks.ts';
import { validateNewTrooper } from '../data/trooper-creation.ts';
import { diceFor, fail, requireOwnTrooper, requirePhase } from '../encounter/guards.ts';
import { buildTrooper } from '../encounter/roster.ts';
import type { ThreeSixteenEvent } from '../events.ts';
import { appendLog, type FlashbackSlot, type ThreeSixteenState, withTrooper } from '../state.ts';
import { fieldPromotionTests } from './between.ts';
import { campaignOf, isPc, withCampaign } from './model.ts';
import { promote } from './promotion-hook.ts';
import { campaignSchemas } from './schemas.ts';

/**
 * Replacement of a dead PC (book chapter 8) and the NFA test of a tied field promotion.
 *
 * A replacement splits the dead PC's FA + NFA (each 2–10), keeps its Flashback slots (Used ones
 * stay Used, without their texts, except that one Used Strength opens again), enters as a Trooper
 * or at a rank below the dead PC's, with the basic weapons of that rank. Bughunt reads: like any
 * new trooper it rolls its starting Total Kills (d10 per FA point).
 */

/** The predecessor's slots for its replacement: statuses kept, texts dropped, one Strength reopened. */
export function inheritedSlots(
  strengths: readonly FlashbackSlot[],
  weaknesses: readonly FlashbackSlot[],
): { strengths: FlashbackSlot[]; weaknesses: FlashbackSlot[] } {
  const bare = (s: FlashbackSlot): FlashbackSlot => ({
    status: s.status,
    ...(s.hatredForHome ? { hatredForHome: true } : {}),
  });
  const st = strengths.map(bare);
  const used = st.findIndex((s) => s.status === 'used');
  if (used >= 0) st[used] = { ...st[used], status: 'available' };
  return { strengths: st, weaknesses: weaknesses.map(bare) };
}

const createReplacement = defineCommand(
  'createReplacement',
  campaignSchemas.createReplacement,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    requirePhase(state, 'setup', 'briefing', 'mission', 'afterMission');
    const dead = requireOwnTrooper(state, c.predecessorId, ctx);
    if (dead.status !== 'dead' && dead.status !== 'wreck')
      fail('NOT_DEAD', `${dead.name} is ${dead.status}: only a dead PC is replaced`, { status: dead.status });
    validateNewTrooper(
      {
        name: c.name,
        fa: c.fa,
        nfa: c.nfa,
        ...(c.reputation === undefined ? {} : { reputation: c.reputation }),
      },
      { points: dead.fa + dead.nfa },
    );
    if (c.rank !== 0 && c.rank >= dead.rank)
      fail('RANK_NOT_LOWER', `the replacement enters as a Trooper or below ${rankName(dead.rank)}`, {
        rank: c.rank,
        predecessorRank: dead.rank,
      });
    if (state.trooperOrder.length >= 50) fail(codes.INVALID_VALUE, 'the roster is full (50 troopers)');
    // The book gives a replacement the basic weapons of its rank: check the picks before any dice.
    rankWeapons(c.rank, [...(c.weaponChoice ? [c.weaponChoice] : []), ...(c.weaponChoices ?? [])]);
    const startingKills = rollSpec(ctx.dice, pool(c.fa, 10), `starting kills of ${c.name}`);
    const base = buildTrooper(`t${state.nextTrooperNumber}`, {
      ownerSeatId: dead.ownerSeatId,
      name: c.name,
      reputation: c.reputation ?? '',
      fa: c.fa,
      nfa: c.nfa,
      rank: c.rank,
      totalKills: startingKills.total,
      weaponChoice: c.weaponChoice,
      weaponChoices: c.weaponChoices,
    });
    const slots = inheritedSlots(dead.strengths, dead.weaknesses);
    const trooper = { ...base, strengths: slots.strengths, weaknesses: slots.weaknesses };
    return [{ type: 'campaign.replacementJoined', predecessorId: dead.id, trooper, startingKills }];
  },
);

/** The NFA test of a field promotion left waiting by a tie (see `fieldPromotionTests`). */
const rollFieldPromotion = defineCommand(
  'rollFieldPromotion',
  campaignSchemas.rollFieldPromotion,
  GM_AND_PLAYERS,
  (state, _c, ctx) => {
    const pending = campaignOf(state).fieldPromotion;
    if (!pending) fail(codes.NOT_AVAILABLE, 'no field promotion is waiting');
    if (
      ctx.actor.role !== 'gm' &&
      !pending.candidates.some((id) => state.troopers[id]?.ownerSeatId === ctx.actor.seatId)
    )
      fail(codes.NOT_YOUR_TROOPER, 'only the GM or a candidate’s player rolls the field promotion');
    const { tests, promoted } = fieldPromotionTests(state, pending.candidates, (id) =>
      diceFor(state, ctx, id),
    );
    return [{ type: 'campaign.fieldPromotionRolled', rank: pending.rank, tests, promoted }];
  },
);

/**
 * Hatred for Home, the book's option: once any PC has that Weakness open, another PC may turn one of
 * its Available Weakness slots into it (Bughunt reads "existing" as Available; one per PC). A PC
 * who opened it and has since fallen still opened it; an NPC squad member never does.
 */
const adoptHatredForHome = defineCommand(
  'adoptHatredForHome',
  campaignSchemas.adoptHatredForHome,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    requirePhase(state, 'setup', 'briefing', 'mission', 'afterMission');
    const t = requireOwnTrooper(state, c.trooperId, ctx);
    if (t.status !== 'active') fail(codes.TROOPER_NOT_ACTIVE, `${t.name} is ${t.status}`);
    const converted = convertToHatredForHome(t.weaknesses, someoneHasHatred(state, t.id), c.slot);
    const slot = converted.findIndex((s, i) => s.hatredForHome && !t.weaknesses[i]?.hatredForHome);
    return [{ type: 'campaign.hatredForHomeAdopted', trooperId: t.id, slot }];
  },
);

function someoneHasHatred(state: ThreeSixteenState, except: string): boolean {
  return state.trooperOrder.some((id) => {
    const o = state.troopers[id];
    return id !== except && o !== undefined && isPc(o) && hasHatredForHome(o.weaknesses);
  });
}

export const replacementCommands = [createReplacement, rollFieldPromotion, adoptHatredForHome];

export function evolveReplacement(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  switch (event.type) {
    case 'campaign.replacementJoined': {
      const t = event.trooper;
      let s: ThreeSixteenState = {
        ...state,
        troopers: { ...state.troopers, [t.id]: t },
        trooperOrder: [...state.trooperOrder, t.id],
        nextTrooperNumber: state.nextTrooperNumber + 1,
      };
      s = withTrooper(s, event.predecessorId, (d) => ({ ...d, status: 'replaced' }));
      const dead = state.troopers[event.predecessorId]?.name ?? event.predecessorId;
      return appendLog(s, t.id, `${t.name} (${rankName(t.rank)}) drops in to replace ${dead}.`);
    }
    case 'campaign.hatredForHomeAdopted': {
      const s = withTrooper(state, event.trooperId, (t) => ({
        ...t,
        weaknesses: convertToHatredForHome(t.weaknesses, true, event.slot),
      }));
      return appendLog(
        s,
        event.trooperId,
        `${s.troopers[event.trooperId]?.name} now carries Hatred for Home.`,
      );
    }
    case 'campaign.fieldPromotionRolled': {
      const s = withCampaign(state, (c) => ({ ...c, fieldPromotion: null }));
      return promote(s, event.promoted, event.rank);
    }
    default:
      return state;
  }
}

export const REPLACEMENT_EVENTS = [
  'campaign.replacementJoined',
  'campaign.fieldPromotionRolled',
  'campaign.hatredForHomeAdopted',
] as const;
