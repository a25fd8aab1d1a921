import { pool, rollSpec } from '../../../engine/dice/typed.ts';
import { serviceOf, withRank, withService } from '../campaign/model.ts';
import { theGroup } from '../campaign/promotion-hook.ts';
import {
  codes,
  coreCommandSchemas,
  defineCommand,
  definePart,
  GM_AND_PLAYERS,
  GM_ONLY,
} from '../commands.ts';
import {
  assignInitialRanks as handOutFirstRanks,
  initialFlashbackSlots,
  kitFor,
  newWeapon,
  rankWeaponChoices,
  rankWeapons,
} from '../data/index.ts';
import type { EventOf, ThreeSixteenEvent } from '../events.ts';
import {
  NO_MISSION_FLAGS,
  NO_PLANET_USES,
  type ThreeSixteenState,
  type Trooper,
  type WeaponId,
  withTrooper,
} from '../state.ts';
import { fail, requireOwnTrooper, requirePhase, requireSeat } from './guards.ts';
import { heldForRank } from './vehicle-rules.ts';

/** Roster: creating troopers, their standing choices (armour policy, default weapon), initial ranks. */

export function buildTrooper(
  id: string,
  fields: {
    ownerSeatId: string | null;
    name: string;
    reputation: string;
    fa: number;
    nfa: number;
    rank: number;
    totalKills: number;
    weaponChoice?: WeaponId | undefined;
    /** One pick per "pick one" group of the rank (a Major has two); merged with `weaponChoice`. */
    weaponChoices?: readonly WeaponId[] | undefined;
  },
): Trooper {
  const picks = [...(fields.weaponChoice ? [fields.weaponChoice] : []), ...(fields.weaponChoices ?? [])];
  const weapons = rankWeapons(fields.rank, [...new Set(picks)]);
  const slots = initialFlashbackSlots(fields.fa, fields.nfa);
  const first = weapons[0] ?? 'handToHand';
  return {
    id,
    ownerSeatId: fields.ownerSeatId,
    name: fields.name,
    reputation: fields.reputation,
    fa: fields.fa,
    nfa: fields.nfa,
    rank: fields.rank,
    killsThisMission: 0,
    totalKills: fields.totalKills,
    health: [null, null, null],
    lastingWounds: 0,
    armour: 'available',
    armourPolicy: 'ask',
    strengths: slots.strengths,
    weaknesses: slots.weaknesses,
    weapons: weapons.map(newWeapon),
    defaultWeapon: first,
    currentWeapon: first,
    vehicles: heldForRank(fields.rank),
    kit: kitFor(fields.rank),
    medals: [],
    levelsGained: 0,
    orbitalBombardmentUses: 0,
    preparationBonus: 0,
    planetUses: NO_PLANET_USES,
    missionFlags: NO_MISSION_FLAGS,
    status: 'active',
    campaignExtras: {},
  };
}

/**
 * The trooper a player seat plays now: active, sitting a mission out while its player runs it, or
 * dead or wrecked and not yet replaced.
 */
function playedBy(state: ThreeSixteenState, seatId: string): Trooper | null {
  for (const id of state.trooperOrder) {
    const t = state.troopers[id];
    if (t?.ownerSeatId !== seatId) continue;
    if (t.status === 'active' || t.status === 'dead' || t.status === 'wreck') return t;
    if (t.status === 'retired' && serviceOf(t).sittingOut) return t;
  }
  return null;
}

const createTrooper = defineCommand(
  'createTrooper',
  coreCommandSchemas.createTrooper,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    requirePhase(state, 'setup', 'briefing', 'mission', 'afterMission');
    const gm = ctx.actor.role === 'gm';
    const owner = gm ? (c.ownerSeatId ?? null) : ctx.actor.seatId;
    if (!gm && c.ownerSeatId != null && c.ownerSeatId !== ctx.actor.seatId) {
      fail(codes.NOT_YOUR_TROOPER, 'a player creates troopers only for its own seat');
    }
    // A spectator only watches: a trooper it owned could never be played.
    if (owner !== null) requireSeat(state, owner, 'player', 'gm');
    const sum = c.fa + c.nfa;
    // New characters share 10 points; the GM may bring in a seasoned one (up to the cap of 18).
    if (gm ? sum < 10 || sum > 18 : sum !== 10) {
      fail(codes.INVALID_VALUE, gm ? 'FA + NFA must be between 10 and 18' : 'FA + NFA must add up to 10', {
        sum,
      });
    }
    if (!gm && c.rank !== undefined && c.rank !== 0)
      fail(codes.INVALID_VALUE, 'ranks are assigned, not chosen');
    // A player plays one PC at a time: a fallen one comes back as a replacement (with its rules),
    // and only the GM adds more (NPCs, or a second PC by the table's choice).
    if (!gm) {
      const current = playedBy(state, ctx.actor.seatId);
      if (current)
        fail(
          'ALREADY_PLAYING',
          current.status === 'active' || current.status === 'retired'
            ? `you already play ${current.name}; the GM can add more troopers`
            : `${current.name} fell: bring in a replacement for it instead`,
          { trooperId: current.id },
        );
    }
    if (state.trooperOrder.length >= 50) fail(codes.INVALID_VALUE, 'the roster is full (50 troopers)');
    // The rank's weapon picks are checked before any die is rolled.
    rankWeapons(c.rank ?? 0, [...(c.weaponChoice ? [c.weaponChoice] : []), ...(c.weaponChoices ?? [])]);
    const startingKills = rollSpec(ctx.dice, pool(c.fa, 10), `starting kills of ${c.name}`);
    const trooper = buildTrooper(`t${state.nextTrooperNumber}`, {
      ownerSeatId: owner,
      name: c.name,
      reputation: c.reputation ?? '',
      fa: c.fa,
      nfa: c.nfa,
      rank: c.rank ?? 0,
      totalKills: startingKills.total,
      weaponChoice: c.weaponChoice,
      weaponChoices: c.weaponChoices,
    });
    return [{ type: 'trooper.created', trooper, startingKills }];
  },
);

const setArmourPolicy = defineCommand(
  'setArmourPolicy',
  coreCommandSchemas.setArmourPolicy,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    requireOwnTrooper(state, c.trooperId, ctx);
    return [{ type: 'trooper.armourPolicySet', trooperId: c.trooperId, policy: c.policy }];
  },
);

const setDefaultWeapon = defineCommand(
  'setDefaultWeapon',
  coreCommandSchemas.setDefaultWeapon,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const t = requireOwnTrooper(state, c.trooperId, ctx);
    if (!t.weapons.some((w) => w.weapon === c.weapon) && c.weapon !== 'handToHand') {
      fail(codes.NOT_AVAILABLE, `${t.name} does not carry that weapon`, { weapon: c.weapon });
    }
    return [{ type: 'trooper.defaultWeaponSet', trooperId: c.trooperId, weapon: c.weapon }];
  },
);

/**
 * Where a rank offers "one or the other" (Energy or Slug Rifle, E-Cannon or Heavy MG...), the
 * player may change the pick until the first mission starts: ranks are assigned after creation,
 * so the Corporal and Sergeant choose their weapon only once they know their rank. A field
 * promotion's defaulted pick (`fieldPicks`) is open the same way, outside a fight, until the next
 * planet.
 */
const chooseRankWeapon = defineCommand(
  'chooseRankWeapon',
  coreCommandSchemas.chooseRankWeapon,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const owned = state.troopers[c.trooperId];
    const fieldPick = owned ? (serviceOf(owned).fieldPicks ?? []).some((g) => g.includes(c.weapon)) : false;
    if (fieldPick) requirePhase(state, 'briefing', 'mission', 'afterMission');
    else {
      requirePhase(state, 'setup', 'briefing');
      if (state.campaign.missionsCount > 0)
        fail(
          codes.WRONG_PHASE,
          'rank weapons are picked before the first mission; later ones come by promotion',
        );
    }
    const t = requireOwnTrooper(state, c.trooperId, ctx);
    const group = rankWeaponChoices(t.rank).find((g) => g.includes(c.weapon));
    if (!group)
      fail('WEAPON_NOT_A_RANK_CHOICE', `that weapon is not one of the choices of ${t.name}'s rank`, {
        rank: t.rank,
        weapon: c.weapon,
      });
    const current = t.weapons.find((w) => group.includes(w.weapon));
    if (current?.weapon === c.weapon) fail(codes.ALREADY_DONE, `${t.name} already carries that weapon`);
    if (t.weapons.some((w) => w.weapon === c.weapon))
      fail('ALREADY_CARRIED', `${t.name} already carries that weapon from another choice`);
    const replaces = current?.weapon ?? (group[0] as WeaponId);
    return [{ type: 'trooper.rankWeaponChosen', trooperId: t.id, weapon: c.weapon, replaces }];
  },
);

/**
 * The book's first ranks, handed out among the PCs (an NPC squad member keeps the rank the GM gave
 * it; a squad with no PC at all ranks its own members): see `data/trooper-creation.ts`, which
 * rolls off only the ties a rank hangs on.
 */
const assignInitialRanks = defineCommand(
  'assignInitialRanks',
  coreCommandSchemas.assignInitialRanks,
  GM_ONLY,
  (state, _c, ctx) => {
    requirePhase(state, 'setup');
    const group = theGroup(state);
    if (group.length === 0) fail(codes.INVALID_VALUE, 'there are no troopers to rank');

    const { ranks, rolls } = handOutFirstRanks(group, ctx.dice);
    return [{ type: 'ranks.assigned', ranks, rolls }];
  },
);

function evolveRoster(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  switch (event.type) {
    case 'trooper.created': {
      const t = event.trooper;
      return {
        ...state,
        troopers: { ...state.troopers, [t.id]: t },
        trooperOrder: [...state.trooperOrder, t.id],
        nextTrooperNumber: state.nextTrooperNumber + 1,
      };
    }
    case 'trooper.armourPolicySet':
      return withTrooper(state, event.trooperId, (t) => ({ ...t, armourPolicy: event.policy }));
    case 'trooper.defaultWeaponSet':
      return withTrooper(state, event.trooperId, (t) => ({
        ...t,
        defaultWeapon: event.weapon,
        currentWeapon: state.encounter?.pcs.includes(t.id) ? t.currentWeapon : event.weapon,
      }));
    case 'ranks.assigned':
      return applyRanks(state, event);
    case 'trooper.rankWeaponChosen':
      return withTrooper(state, event.trooperId, (t) => {
        const swap = (w: WeaponId) => (w === event.replaces ? event.weapon : w);
        const chosen: Trooper = {
          ...t,
          weapons: t.weapons.map((w) => (w.weapon === event.replaces ? newWeapon(event.weapon) : w)),
          defaultWeapon: swap(t.defaultWeapon),
          currentWeapon: swap(t.currentWeapon),
        };
        const open = serviceOf(t).fieldPicks;
        if (!open) return chosen;
        // A field promotion's pick, once made, is closed.
        const left = open.filter((g) => !g.includes(event.weapon));
        return withService(chosen, ({ fieldPicks: _closed, ...sv }) =>
          left.length > 0 ? { ...sv, fieldPicks: left } : sv,
        );
      });
    default:
      return state;
  }
}

function applyRanks(state: ThreeSixteenState, event: EventOf<'ranks.assigned'>): ThreeSixteenState {
  const troopers = { ...state.troopers };
  for (const [id, rank] of Object.entries(event.ranks)) {
    const t = troopers[id];
    if (!t) continue;
    // Keep a weapon the trooper already chose where the new rank offers it as a choice.
    const choices = rankWeaponChoices(rank).flat();
    const picks = t.weapons.map((w) => w.weapon).filter((w) => choices.includes(w));
    const weapons = rankWeapons(rank, picks);
    troopers[id] = {
      // withRank keeps any everyday gear taken before the ranks were handed out.
      ...withRank(t, rank),
      weapons: weapons.map(newWeapon),
      defaultWeapon: weapons[0] ?? 'handToHand',
      currentWeapon: weapons[0] ?? 'handToHand',
    };
  }
  return { ...state, troopers };
}

export const rosterPart = definePart({
  name: 'roster',
  commands: [createTrooper, setArmourPolicy, setDefaultWeapon, chooseRankWeapon, assignInitialRanks],
  eventTypes: [
    'trooper.created',
    'trooper.armourPolicySet',
    'trooper.defaultWeaponSet',
    'trooper.rankWeaponChosen',
    'ranks.assigned',
  ],
  evolve: evolveRoster,
});
