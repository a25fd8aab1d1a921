import { D10 } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import { codes, defineCommand, GM_AND_PLAYERS, GM_ONLY } from '../commands.ts';
import { addLevelSlot, levelUpSlotKinds, MAX_LEVEL, type SlotKind } from '../data/flashback-slots.ts';
import {
  awardCrimson,
  MEDALS,
  type MedalChange,
  type MedalId,
  type MedalStanding,
  medalStandings,
} from '../data/medals.ts';
import { generatePlanet } from '../data/planet-sheet.ts';
import { MAX_RANK, promotionWeapons, rankName } from '../data/ranks.ts';
import { SUPPORT_ITEMS } from '../data/support.ts';
import { MAX_ABILITY, MAX_ABILITY_TOTAL } from '../data/trooper-creation.ts';
import { improve, improveBlocker, newWeapon, WEAPONS } from '../data/weapons.ts';
import { diceFor, fail, requireOwnTrooper, requirePhase, requireSeat } from '../encounter/guards.ts';
import { heldIssuedAt } from '../encounter/vehicle-rules.ts';
import type { EventOf, TestFace, ThreeSixteenEvent } from '../events.ts';
import {
  appendLog,
  type Health,
  type HeldSupport,
  type MedalRecord,
  type OwnedWeapon,
  type Planet,
  type Range,
  type ThreeSixteenState,
  type Trooper,
  type WeaponId,
  withTrooper,
} from '../state.ts';
import {
  type BetweenMissions,
  type BetweenRecord,
  campaignOf,
  currentBetween,
  FRESH_RECORD,
  recordOf,
  serviceOf,
  withCampaign,
  withRank,
  withRecord,
  withService,
} from './model.ts';
import { alivePcs, promote, theGroup } from './promotion-hook.ts';
import { rollNfa, settleTie } from './promotion-tests.ts';
import { type BrigadierFieldPromotion, campaignSchemas, type RollOffFace } from './schemas.ts';

/**
 * Full healing on the way to the next planet (below, `healBeforePlanet`): its own event, so that
 * `campaign.debriefed` and `planet.set` replay exactly as they always did.
 */
export type BeforePlanetHealing = {
  readonly type: 'campaign.healedBeforePlanet';
  /** The troopers still carrying marks (X, E or Lasting Wounds) as the next planet is set. */
  readonly troopers: readonly string[];
};

declare module '../events.ts' {
  interface ExtraEvents {
    campaignHealing: BeforePlanetHealing;
  }
}

/**
 * Between missions (book chapter 7): the debrief (medals, full healing, the Orbital Bombardment
 * inquiry), levels, the free weapon step, Development Rolls, demotion by nomination, the rotating
 * GM's reward and the next planet. Every roll is the engine's, carried in the events.
 */

// ---------------------------------------------------------------------------------------------
// Shared checks

export function nfaTest(dice: DiceSource, t: Trooper, purpose: string): TestFace {
  return rollNfa(dice, purpose, t.name, t.nfa);
}

/**
 * Tied next-in-line PCs test NFA: the best success wins; with no success, the best failed roll
 * does (`settleTie`, which the simulator's encounter record rolls too). Shared by the field
 * promotion after a PC's death and after the NPC Brigadier's.
 */
export function fieldPromotionTests(
  state: ThreeSixteenState,
  candidates: readonly string[],
  diceOf: (trooperId: string) => DiceSource,
): { tests: { trooperId: string; face: number; target: number; success: boolean }[][]; promoted: string } {
  const { rounds, winner } = settleTie(candidates, (id) => {
    const t = state.troopers[id];
    if (!t) throw new Error(`field promotion candidate ${id} vanished`);
    return nfaTest(diceOf(id), t, 'field promotion');
  });
  const tests = rounds.map((round) => round.map((r) => ({ trooperId: r.candidate, ...r.test })));
  return { tests, promoted: winner };
}

/** The between-missions record; refused before the debrief or outside the phase. */
function requireBetween(state: ThreeSixteenState): BetweenMissions {
  requirePhase(state, 'afterMission');
  const b = currentBetween(state);
  if (!b) fail('DEBRIEF_FIRST', 'the GM debriefs the mission first (medals and healing)');
  return b;
}

/**
 * Before the next planet (rolled or set by hand): no conflict under way, and, between missions,
 * the mission's debrief, its level roll and every level or rotating-GM reward choice. A new planet starts the next mission's record (kills, the
 * flags promotion reads), so these would otherwise be lost. No-op outside the between-missions phase.
 */
export function requireReadyForPlanet(state: ThreeSixteenState): void {
  // A quarrel still being fought would carry its marks past the healing the new planet brings.
  const running = campaignOf(state).conflict;
  if (running && running.step !== 'ended')
    fail('CONFLICT_RUNNING', 'finish the conflict under way before the next planet');
  if (state.campaign.phase !== 'afterMission') return;
  const b = requireBetween(state);
  if (!b.levelsRolled && b.survivors.length > 0)
    fail('LEVELS_NOT_ROLLED', 'roll who gains a level before moving on to the next planet');
  const owed = Object.entries(b.records).filter(([, r]) => r.levelPending || r.gmRewardPending);
  if (owed.length > 0)
    fail('LEVEL_CHOICES_PENDING', 'some troopers still owe their level or reward choice', {
      troopers: owed.map(([id]) => id),
    });
}

/**
 * The book heals a trooper fully between missions. The debrief heals the survivors, but conflicts
 * may still be fought after it (`afterMission`), and their X marks would otherwise last into the
 * next planet. So setting or rolling the next planet first heals whoever still carries a mark.
 * Only on the way out of the between-missions phase: marks from a conflict at a briefing belong
 * to that mission (a planet set again after a Starkiller heals nobody), and before the first
 * mission there is nothing "between" yet.
 */
export function healBeforePlanet(state: ThreeSixteenState): ThreeSixteenEvent[] {
  if (state.campaign.phase !== 'afterMission') return [];
  const troopers = state.trooperOrder.filter((id) => {
    const t = state.troopers[id];
    return t !== undefined && standing(t) && (t.health.some((m) => m !== null) || t.lastingWounds > 0);
  });
  return troopers.length > 0 ? [{ type: 'campaign.healedBeforePlanet', troopers }] : [];
}

/** Alive and with the squad: active, or sitting out the next mission because its player runs it. */
function standing(t: Trooper): boolean {
  return t.status === 'active' || (t.status === 'retired' && serviceOf(t).sittingOut);
}

function requireSurvivor(b: BetweenMissions, t: Trooper): void {
  if (!b.survivors.includes(t.id) || !standing(t)) {
    fail('NOT_A_SURVIVOR', `${t.name} did not come back from the mission`, { trooperId: t.id });
  }
}

/**
 * Between missions, the seat's own trooper and its record of this mission: for a step only the
 * troopers who came back take (`survivor`), refused for the others.
 */
function ownTrooperBetween(
  state: ThreeSixteenState,
  trooperId: string,
  ctx: DecideContext,
  survivor: boolean,
): { t: Trooper; record: BetweenRecord } {
  const b = requireBetween(state);
  const t = requireOwnTrooper(state, trooperId, ctx);
  if (survivor) requireSurvivor(b, t);
  return { t, record: recordOf(b, t.id) };
}

function ownedWeapon(t: Trooper, weapon: WeaponId): OwnedWeapon {
  const w = t.weapons.find((x) => x.weapon === weapon);
  if (!w) fail(codes.NOT_AVAILABLE, `${t.name} does not carry a ${WEAPONS[weapon].name}`, { weapon });
  return w;
}

function checkImprove(t: Trooper, weapon: WeaponId, range: Range): void {
  const blocker = improveBlocker(ownedWeapon(t, weapon), range);
  if (blocker) throw blocker;
}

/** Refuses a level the trooper cannot take; returns the Flashback kind it opens (null: none left). */
function checkLevel(t: Trooper, ability: 'fa' | 'nfa', slot: SlotKind | undefined): SlotKind | null {
  if (t.fa + t.nfa >= MAX_ABILITY_TOTAL)
    fail('LEVEL_AT_MAX', `${t.name} is at level ${MAX_LEVEL}: no more levels`);
  if (t[ability] >= MAX_ABILITY)
    fail('ABILITY_AT_MAX', `${ability.toUpperCase()} cannot go above ${MAX_ABILITY}`, { ability });
  if (levelUpSlotKinds(t.strengths, t.weaknesses).length === 0) return null;
  return addLevelSlot(t.strengths, t.weaknesses, slot).kind;
}

/** A level the trooper takes (owed from the level rolls, or the GM's reward), once checkLevel allows it. */
function levelTaken(
  t: Trooper,
  ability: 'fa' | 'nfa',
  slot: SlotKind | undefined,
  source: EventOf<'campaign.levelTaken'>['source'],
): ThreeSixteenEvent[] {
  const opened = checkLevel(t, ability, slot);
  return [{ type: 'campaign.levelTaken', trooperId: t.id, ability, slot: opened, source }];
}

/** A weapon step the trooper takes (the free one after a mission, or the GM's reward), once allowed. */
function weaponImproved(
  t: Trooper,
  weapon: WeaponId,
  range: Range,
  source: EventOf<'campaign.weaponImproved'>['source'],
): ThreeSixteenEvent[] {
  checkImprove(t, weapon, range);
  return [{ type: 'campaign.weaponImproved', trooperId: t.id, weapon, range, source }];
}

/** d10s until one trooper stands alone on top; every face in order. */
function rollOffTop(
  state: ThreeSixteenState,
  ids: readonly string[],
  dice: DiceSource,
  purpose: string,
  faces: RollOffFace[],
): string {
  let tied = [...ids];
  while (tied.length > 1) {
    const round = tied.map((trooperId) => ({
      trooperId,
      face: dice.roll(D10, `${purpose}: ${state.troopers[trooperId]?.name ?? trooperId}`),
    }));
    faces.push(...round);
    const top = Math.max(...round.map((r) => r.face));
    tied = round.filter((r) => r.face === top).map((r) => r.trooperId);
  }
  return tied[0] as string;
}

function heldStandings(t: Trooper): MedalStanding[] {
  return t.medals.map((m) => ({ medal: m.medal as MedalId, bars: m.count }));
}

function setMedal(medals: readonly MedalRecord[], medal: MedalId, bars: number): MedalRecord[] {
  const rest = medals.filter((m) => m.medal !== medal);
  return [...rest, { medal, count: bars }];
}

function trooper(state: ThreeSixteenState, id: string): Trooper {
  return state.troopers[id] as Trooper;
}

// ---------------------------------------------------------------------------------------------
// Commands

const debrief = defineCommand('debrief', campaignSchemas.debrief, GM_ONLY, (state, c, ctx) => {
  requirePhase(state, 'afterMission');
  if (currentBetween(state)) fail(codes.ALREADY_DONE, 'this mission was already debriefed');
  const mission = state.campaign.missionsCount;
  const survivors = state.trooperOrder.filter((id) => trooper(state, id).status === 'active');
  const returning = state.trooperOrder.filter((id) => {
    const t = trooper(state, id);
    return t.status === 'retired' && serviceOf(t).sittingOut;
  });
  const medals = survivors.flatMap((id) => {
    const t = trooper(state, id);
    const s = serviceOf(t);
    const after = medalStandings({
      wounds: s.woundsTotal + t.missionFlags.woundsTaken,
      missionsSurvived: s.missionsSurvived + 1,
      totalKills: t.totalKills,
    });
    const held = new Map(heldStandings(t).map((m) => [m.medal, m.bars]));
    const changes: MedalChange[] = [];
    for (const m of after) {
      const had = held.get(m.medal);
      if (had !== undefined && had >= m.bars) continue;
      changes.push({
        medal: m.medal,
        name: MEDALS[m.medal].name,
        newMedal: had === undefined,
        barsAdded: m.bars - (had ?? 0),
        bars: m.bars,
      });
    }
    return changes.length > 0 ? [{ trooperId: id, changes }] : [];
  });
  const deeds: EventOf<'campaign.debriefed'>['deeds'][number][] = [];
  for (const id of state.trooperOrder) {
    const t = trooper(state, id);
    if (t.missionFlags.removedFinalToken)
      deeds.push({ trooperId: id, medal: awardCrimson(t.rank, []).medal, why: 'finalToken' });
  }
  const heroes = c.heroes ?? [];
  if (new Set(heroes).size !== heroes.length) fail(codes.INVALID_VALUE, 'a hero is named twice');
  for (const id of heroes) {
    const t = state.troopers[id];
    if (!t) fail(codes.UNKNOWN_TROOPER, `no trooper has the id ${id}`, { trooperId: id });
    deeds.push({ trooperId: id, medal: awardCrimson(t.rank, []).medal, why: 'gm' });
  }
  const inquiries = survivors
    .filter((id) => trooper(state, id).missionFlags.usedOrbitalBombardment)
    .map((id) => ({
      trooperId: id,
      ...nfaTest(ctx.dice, trooper(state, id), 'Orbital Bombardment inquiry'),
    }));
  return [{ type: 'campaign.debriefed', mission, survivors, returning, medals, deeds, inquiries }];
});

const rollLevels = defineCommand('rollLevels', campaignSchemas.rollLevels, GM_ONLY, (state, _c, ctx) => {
  const b = requireBetween(state);
  if (b.levelsRolled) fail(codes.ALREADY_DONE, 'levels were already rolled for this mission');
  const alive = b.survivors.filter((id) => standing(trooper(state, id)));
  if (alive.length === 0) fail(codes.NOT_AVAILABLE, 'nobody came back to gain a level');
  const most = Math.max(...alive.map((id) => trooper(state, id).killsThisMission));
  const leaders = alive.filter((id) => trooper(state, id).killsThisMission === most);
  const leaderRollOffs: RollOffFace[] = [];
  const topKiller = rollOffTop(state, leaders, ctx.dice, 'roll-off for most kills', leaderRollOffs);
  const canLevel = (id: string) => {
    const t = trooper(state, id);
    return t.fa + t.nfa < MAX_LEVEL;
  };
  const gainers = canLevel(topKiller) ? [topKiller] : [];
  // Everyone else rolls a d10; the best roll (all of them, when tied) gains a level too. A PC at
  // level 18 cannot gain one, so it does not roll (Bughunt read).
  const rollers = alive.filter((id) => id !== topKiller && canLevel(id));
  const rolls = rollers.map((trooperId) => ({
    trooperId,
    face: ctx.dice.roll(D10, `level roll of ${trooper(state, trooperId).name}`),
  }));
  if (rolls.length > 0) {
    const best = Math.max(...rolls.map((r) => r.face));
    for (const r of rolls) if (r.face === best) gainers.push(r.trooperId);
  }
  return [{ type: 'campaign.levelsRolled', leaders, leaderRollOffs, topKiller, rolls, gainers }];
});

const takeLevel = defineCommand('takeLevel', campaignSchemas.takeLevel, GM_AND_PLAYERS, (state, c, ctx) => {
  const { t, record } = ownTrooperBetween(state, c.trooperId, ctx, false);
  if (!record.levelPending) fail('NO_LEVEL_OWED', `${t.name} has no level to take`);
  return levelTaken(t, c.ability, c.slot, 'level');
});

const improveWeapon = defineCommand(
  'improveWeapon',
  campaignSchemas.improveWeapon,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t, record } = ownTrooperBetween(state, c.trooperId, ctx, true);
    if (record.autoImproved)
      fail(codes.ALREADY_DONE, `${t.name} already took the free weapon step this time`);
    return weaponImproved(t, c.weapon, c.range, 'automatic');
  },
);

const developmentRoll = defineCommand(
  'developmentRoll',
  campaignSchemas.developmentRoll,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t, record } = ownTrooperBetween(state, c.trooperId, ctx, true);
    if (record.developed) fail(codes.ALREADY_DONE, `${t.name} already made a Development Roll`);
    const choice = c.choice;
    let rank: number | null = null;
    let weapons: OwnedWeapon[] = [];
    let vehicles: HeldSupport[] = [];
    const carries = (w: WeaponId) => t.weapons.some((x) => x.weapon === w);
    switch (choice.kind) {
      case 'promotion': {
        if (!t.missionFlags.usedStrength)
          fail('NO_STRENGTH_USED', `${t.name} used no Strength this mission and cannot be promoted`);
        if (t.missionFlags.usedOrbitalBombardment)
          fail('PROMOTION_BARRED', 'an officer who called an Orbital Bombardment is not promoted for it');
        if (t.rank >= MAX_RANK) fail('RANK_AT_MAX', `${t.name} is already ${rankName(t.rank)}`);
        // There is one Brigadier: the NPC first, then whichever PC takes the rank after its death.
        if (t.rank + 1 === MAX_RANK) {
          if (!campaignOf(state).npcBrigadierDead)
            fail('RANK_NEEDS_VACANCY', 'there is one Brigadier: the rank opens only when that NPC dies');
          if (
            state.trooperOrder.some(
              (id) => state.troopers[id]?.status === 'active' && state.troopers[id]?.rank === MAX_RANK,
            )
          )
            fail('RANK_NEEDS_VACANCY', 'a trooper already holds the rank of Brigadier');
        }
        rank = t.rank + 1;
        // Only what the new rank adds over the old one (the book's "as <rank below> plus ...");
        // any other weapon is a requisition by its own Development Roll.
        weapons = promotionWeapons(
          t.rank,
          rank,
          t.weapons.map((w) => w.weapon),
          [
            ...new Set([
              ...(choice.weaponChoice ? [choice.weaponChoice] : []),
              ...(choice.weaponChoices ?? []),
            ]),
          ],
        ).map(newWeapon);
        vehicles = heldIssuedAt(rank, t.vehicles);
        break;
      }
      case 'weapon':
        if (carries(choice.weapon))
          fail('ALREADY_CARRIED', `${t.name} already carries a ${WEAPONS[choice.weapon].name}`);
        weapons = [newWeapon(choice.weapon)];
        break;
      case 'vehicle': {
        const item = SUPPORT_ITEMS[choice.vehicle];
        const minRank = item.access.kind === 'minRank' ? item.access.minRank : 0;
        if (t.rank < minRank)
          fail(codes.RANK_TOO_LOW, `${item.name} needs ${rankName(minRank)} or higher`, { minRank });
        if (t.vehicles.includes(choice.vehicle))
          fail('ALREADY_CARRIED', `${t.name} already holds the ${item.name}`);
        vehicles = [choice.vehicle];
        break;
      }
      case 'improve':
        if (!record.autoImproved)
          fail(
            'AUTO_IMPROVEMENT_FIRST',
            'take the free weapon step first; the roll improves a different weapon',
          );
        if (record.autoImproved === choice.weapon)
          fail('SAME_WEAPON', 'the Development Roll improves a different weapon from the free step');
        checkImprove(t, choice.weapon, choice.range);
        break;
    }
    const test = nfaTest(ctx.dice, t, 'Development Roll');
    return [
      {
        type: 'campaign.developmentRolled',
        trooperId: t.id,
        choice,
        ...test,
        rank: test.success ? rank : null,
        weapons: test.success ? weapons : [],
        vehicles: test.success ? vehicles : [],
      },
    ];
  },
);

const nominateDemotion = defineCommand(
  'nominateDemotion',
  campaignSchemas.nominateDemotion,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const b = requireBetween(state);
    const nominator = requireOwnTrooper(state, c.nominatorId, ctx);
    requireSurvivor(b, nominator);
    const target = state.troopers[c.targetId];
    if (!target) fail(codes.UNKNOWN_TROOPER, `no trooper has the id ${c.targetId}`);
    if (target.id === nominator.id) fail(codes.INVALID_VALUE, 'a PC cannot nominate itself');
    requireSurvivor(b, target);
    const record = recordOf(b, target.id);
    if (!target.missionFlags.usedWeakness)
      fail('NO_WEAKNESS_USED', `${target.name} used no Weakness this mission`);
    if (target.rank === 0) fail('CANNOT_DEMOTE_TROOPER', 'a Trooper is the lowest rank already');
    if (record.promoted) fail('JUST_PROMOTED', `${target.name} was just promoted by a Development Roll`);
    if (record.demotionTargeted) fail('ALREADY_TARGETED', `${target.name} was already nominated this time`);
    if (target.missionFlags.usedStrength && !record.developed)
      fail(
        'DEVELOPMENT_PENDING',
        `${target.name} may still try for promotion: its Development Roll comes first`,
      );
    const n = nfaTest(diceFor(state, ctx, nominator.id), nominator, 'demotion nomination');
    const d = nfaTest(diceFor(state, ctx, target.id), target, 'answering the nomination');
    const demoted = n.success && (!d.success || n.face > d.face);
    return [
      {
        type: 'campaign.demotionTried',
        nominatorId: nominator.id,
        targetId: target.id,
        nominator: n,
        target: d,
        demoted,
      },
    ];
  },
);

const takeGmReward = defineCommand(
  'takeGmReward',
  campaignSchemas.takeGmReward,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t, record } = ownTrooperBetween(state, c.trooperId, ctx, false);
    if (!record.gmRewardPending) fail('NO_GM_REWARD', `${t.name}'s player did not run the mission`);
    if (serviceOf(t).lastGmReward === c.reward.kind)
      fail('MUST_ALTERNATE', `last time it was a ${c.reward.kind}; this time it must be the other reward`);
    const r = c.reward;
    return r.kind === 'level'
      ? levelTaken(t, r.ability, r.slot, 'gmReward')
      : weaponImproved(t, r.weapon, r.range, 'gmReward');
  },
);

const brigadierFalls = defineCommand(
  'brigadierFalls',
  campaignSchemas.brigadierFalls,
  GM_ONLY,
  (state, c, ctx) => {
    // News from the chain of command, told between encounters.
    requirePhase(state, 'setup', 'briefing', 'mission', 'afterMission');
    if (campaignOf(state).npcBrigadierDead) fail(codes.ALREADY_DONE, 'the NPC Brigadier is already dead');
    const fieldPromotion = brigadierFieldPromotion(state, ctx.dice);
    return [{ type: 'campaign.brigadierFell', text: c.text, ...(fieldPromotion ? { fieldPromotion } : {}) }];
  },
);

/**
 * The book lets the rank of Brigadier be reached by field promotion when the Brigadier falls. As
 * with a fallen PC, the most senior PC takes the rank at once, and tied candidates test NFA; only
 * a Colonel (the rank just below) qualifies, so with no PC Colonel alive the rank stays open for a
 * later promotion by Development Roll. No field promotion when a PC somehow holds the rank already.
 */
function brigadierFieldPromotion(state: ThreeSixteenState, dice: DiceSource): BrigadierFieldPromotion | null {
  const alive = alivePcs(state);
  if (alive.some((t) => t.rank >= MAX_RANK)) return null;
  const candidates = alive.filter((t) => t.rank === MAX_RANK - 1).map((t) => t.id);
  if (candidates.length === 0) return null;
  const { tests, promoted } = fieldPromotionTests(state, candidates, () => dice);
  const vehicles = heldIssuedAt(MAX_RANK, trooper(state, promoted).vehicles);
  return { candidates, tests, promoted, vehicles };
}

const setMissionGm = defineCommand('setMissionGm', campaignSchemas.setMissionGm, GM_ONLY, (state, c) => {
  requirePhase(state, 'setup', 'afterMission');
  if (state.campaign.phase === 'afterMission' && !currentBetween(state))
    fail('DEBRIEF_FIRST', 'debrief the mission that ended before choosing the next GM');
  // The table's GM is `null`; a mission GM is one of the players (a spectator cannot act as one).
  if (c.seatId !== null) requireSeat(state, c.seatId, 'player');
  const returning = state.trooperOrder.filter((id) => {
    const t = trooper(state, id);
    return t.status === 'retired' && serviceOf(t).sittingOut;
  });
  const sittingOut = state.trooperOrder.filter((id) => {
    const t = trooper(state, id);
    return t.status === 'active' && t.ownerSeatId !== null && t.ownerSeatId === c.seatId;
  });
  return [
    {
      type: 'campaign.missionGmSet',
      mission: state.campaign.missionsCount + 1,
      seatId: c.seatId,
      sittingOut,
      returning,
    },
  ];
});

const rollNextPlanet = defineCommand(
  'rollNextPlanet',
  campaignSchemas.rollNextPlanet,
  GM_ONLY,
  (state, c, ctx): ThreeSixteenEvent[] => {
    requirePhase(state, 'setup', 'afterMission');
    requireReadyForPlanet(state);
    // Every active trooper (NPC squad members too) counts toward Threat; the group (the PCs, or
    // the squad when it has no PC) is what the AA method reads and whose rank sets the multiplier.
    const pcs = state.trooperOrder
      .map((id) => trooper(state, id))
      .filter((t) => t.status === 'active')
      .map((t) => ({ name: t.name, fa: t.fa, nfa: t.nfa, rank: t.rank }));
    if (pcs.length === 0) fail(codes.INVALID_VALUE, 'create the troopers before the planet');
    const choices = {
      ...(c.name === undefined ? {} : { name: c.name }),
      ...(c.form === undefined ? {} : { form: c.form }),
      ...(c.description === undefined ? {} : { description: c.description }),
      ...(c.abilities === undefined ? {} : { abilities: c.abilities }),
      ...(c.aaMethod === undefined ? {} : { aaMethod: c.aaMethod }),
    };
    const g = generatePlanet(state.campaign.crossedOff, pcs, ctx.dice, choices, {
      shortSessions: c.shortSessions ?? false,
      aaFrom: theGroup(state),
      rankFrom: theGroup(state),
    });
    const p = g.planet;
    const planet: Planet = {
      name: p.name,
      form: p.form.name,
      description: p.description.name,
      abilities: p.abilities,
      aaMethod: p.aaMethod,
      aa: p.aa.value,
      threat: {
        initial: p.threat.tokens,
        pool: p.threat.tokens,
        removed: 0,
        discarded: 0,
        spent: 0,
        adjusted: 0,
      },
      encountersFought: 0,
      cleared: false,
    };
    return [
      ...healBeforePlanet(state),
      {
        type: 'campaign.planetRolled',
        rolls: g.rolls,
        encounterPlan: p.encounterPlan,
        aaExplanation: p.aa.explanation,
        threatReason: p.threat.reason,
      },
      {
        type: 'planet.set',
        planet,
        entries: {
          ...(p.nameNumber === null ? {} : { name: p.nameNumber }),
          form: p.form.number,
          description: p.description.number,
          aaMethod: p.aaMethod,
          ability: p.abilityNumbers,
        },
      },
    ];
  },
);

export const betweenCommands = [
  debrief,
  rollLevels,
  takeLevel,
  improveWeapon,
  developmentRoll,
  nominateDemotion,
  takeGmReward,
  brigadierFalls,
  setMissionGm,
  rollNextPlanet,
];

// ---------------------------------------------------------------------------------------------
// Evolve

const HEALED: Health = [null, null, null];

function improveOwned(t: Trooper, weapon: WeaponId, range: Range): Trooper {
  return { ...t, weapons: t.weapons.map((w) => (w.weapon === weapon ? improve(w, range) : w)) };
}

function levelUp(t: Trooper, ability: 'fa' | 'nfa', slot: SlotKind | null): Trooper {
  const slots = slot ? addLevelSlot(t.strengths, t.weaknesses, slot) : null;
  return {
    ...t,
    [ability]: t[ability] + 1,
    strengths: slots ? slots.strengths : t.strengths,
    weaknesses: slots ? slots.weaknesses : t.weaknesses,
    levelsGained: t.levelsGained + 1,
  };
}

export function evolveBetween(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  switch (event.type) {
    case 'campaign.debriefed': {
      let s = state;
      const records: Record<string, typeof FRESH_RECORD> = {};
      for (const id of event.survivors) {
        s = withTrooper(s, id, (t) =>
          withService({ ...t, health: HEALED, lastingWounds: 0 }, (sv) => ({
            ...sv,
            missionsSurvived: sv.missionsSurvived + 1,
            woundsTotal: sv.woundsTotal + t.missionFlags.woundsTaken,
          })),
        );
      }
      for (const m of event.medals) {
        s = withTrooper(s, m.trooperId, (t) => {
          let medals = [...t.medals];
          for (const ch of m.changes) medals = setMedal(medals, ch.medal, ch.bars);
          return { ...t, medals };
        });
      }
      for (const d of event.deeds) {
        s = withTrooper(s, d.trooperId, (t) => {
          const held = heldStandings(t).filter((h) => h.medal === d.medal);
          const award = awardCrimson(t.rank, held);
          return { ...t, medals: setMedal(t.medals, award.medal, award.bars) };
        });
      }
      for (const q of event.inquiries) {
        if (!q.success) s = withTrooper(s, q.trooperId, (t) => withRank(t, Math.max(0, t.rank - 1)));
      }
      for (const id of event.returning) {
        s = withTrooper(s, id, (t) =>
          withService({ ...t, status: 'active' }, (sv) => ({ ...sv, sittingOut: false })),
        );
        records[id] = { ...FRESH_RECORD, gmRewardPending: true };
      }
      s = withCampaign(s, (c) => ({
        ...c,
        between: { mission: event.mission, survivors: event.survivors, levelsRolled: false, records },
        deeds: [
          ...c.deeds,
          ...event.deeds.map((d) => ({ mission: event.mission, trooperId: d.trooperId, medal: d.medal })),
        ],
      }));
      return appendLog(s, 'gm', `Mission ${event.mission} debriefed: medals handed out, survivors healed.`);
    }
    case 'campaign.levelsRolled': {
      let s = withCampaign(state, (c) =>
        c.between ? { ...c, between: { ...c.between, levelsRolled: true } } : c,
      );
      for (const id of event.gainers) s = withRecord(s, id, (r) => ({ ...r, levelPending: true }));
      const names = event.gainers.map((id) => state.troopers[id]?.name ?? id).join(', ');
      return appendLog(s, 'gm', names ? `Gaining a level: ${names}.` : 'Nobody gains a level.');
    }
    case 'campaign.levelTaken': {
      let s = withTrooper(state, event.trooperId, (t) => levelUp(t, event.ability, event.slot));
      if (event.source === 'level')
        s = withRecord(s, event.trooperId, (r) => ({ ...r, levelPending: false }));
      else s = gmRewardTaken(s, event.trooperId, 'level');
      return s;
    }
    case 'campaign.weaponImproved': {
      let s = withTrooper(state, event.trooperId, (t) => improveOwned(t, event.weapon, event.range));
      if (event.source === 'automatic')
        s = withRecord(s, event.trooperId, (r) => ({ ...r, autoImproved: event.weapon }));
      else s = gmRewardTaken(s, event.trooperId, 'weapon');
      return s;
    }
    case 'campaign.developmentRolled': {
      let s = withRecord(state, event.trooperId, (r) => ({
        ...r,
        developed: true,
        promoted: event.success && event.choice.kind === 'promotion',
      }));
      if (!event.success) return s;
      const choice = event.choice;
      s = withTrooper(s, event.trooperId, (t) => {
        let next: Trooper = {
          ...t,
          weapons: [...t.weapons, ...event.weapons],
          vehicles: [...t.vehicles, ...event.vehicles],
        };
        if (event.rank !== null) next = withRank(next, event.rank);
        if (choice.kind === 'improve') next = improveOwned(next, choice.weapon, choice.range);
        return next;
      });
      return s;
    }
    case 'campaign.demotionTried': {
      let s = withRecord(state, event.targetId, (r) => ({ ...r, demotionTargeted: true }));
      if (event.demoted) s = withTrooper(s, event.targetId, (t) => withRank(t, Math.max(0, t.rank - 1)));
      const target = state.troopers[event.targetId]?.name ?? event.targetId;
      return appendLog(
        s,
        'gm',
        event.demoted
          ? `${target} is court-martialled and loses a rank.`
          : `The case against ${target} is not proven.`,
      );
    }
    case 'campaign.brigadierFell': {
      let s = appendLog(
        withCampaign(state, (c) => ({ ...c, npcBrigadierDead: true })),
        'gm',
        `The Brigadier is dead: ${event.text}`,
      );
      const fp = event.fieldPromotion;
      if (fp) {
        s = promote(s, fp.promoted, MAX_RANK);
        // `promote` hands out the rank's held support; the event's list (older logs) adds nothing twice.
        s = withTrooper(s, fp.promoted, (t) => ({
          ...t,
          vehicles: [...t.vehicles, ...fp.vehicles.filter((v) => !t.vehicles.includes(v))],
        }));
      }
      return s;
    }
    case 'campaign.missionGmSet': {
      let s = state;
      for (const id of event.returning)
        s = withTrooper(s, id, (t) =>
          withService({ ...t, status: 'active' }, (sv) => ({ ...sv, sittingOut: false })),
        );
      for (const id of event.sittingOut)
        s = withTrooper(s, id, (t) =>
          withService({ ...t, status: 'retired' }, (sv) => ({ ...sv, sittingOut: true })),
        );
      s = withCampaign(s, (c) => ({
        ...c,
        gmRota: [
          ...c.gmRota.filter((g) => g.mission !== event.mission),
          ...(event.seatId === null ? [] : [{ mission: event.mission, seatId: event.seatId }]),
        ],
      }));
      const who =
        event.seatId === null ? 'the table’s GM' : (state.seats[event.seatId]?.name ?? event.seatId);
      return appendLog(s, 'gm', `Mission ${event.mission} will be run by ${who}.`);
    }
    case 'campaign.healedBeforePlanet': {
      let s = state;
      for (const id of event.troopers)
        s = withTrooper(s, id, (t) => ({ ...t, health: HEALED, lastingWounds: 0 }));
      const names = event.troopers.map((id) => state.troopers[id]?.name ?? id).join(', ');
      return appendLog(s, 'gm', `Healed fully before the next planet: ${names}.`);
    }
    case 'campaign.planetRolled':
      return appendLog(
        state,
        'gm',
        `A new planet is rolled (${event.aaExplanation}; ${event.threatReason}).`,
      );
    default:
      return state;
  }
}

function gmRewardTaken(state: ThreeSixteenState, id: string, kind: 'level' | 'weapon'): ThreeSixteenState {
  const s = withTrooper(state, id, (t) => withService(t, (sv) => ({ ...sv, lastGmReward: kind })));
  return withRecord(s, id, (r) => ({ ...r, gmRewardPending: false }));
}

export const BETWEEN_EVENTS = [
  'campaign.debriefed',
  'campaign.levelsRolled',
  'campaign.levelTaken',
  'campaign.weaponImproved',
  'campaign.developmentRolled',
  'campaign.demotionTried',
  'campaign.brigadierFell',
  'campaign.missionGmSet',
  'campaign.planetRolled',
  'campaign.healedBeforePlanet',
] as const;
