import { RuleError } from '../../engine/rule-error.ts';
import type { CommandOf } from './commands.ts';
import { type PackTeamer, teamerSchema } from './data/pack-schema.ts';
import { d6, rollAmount } from './dice.ts';
import type { Draft } from './draft.ts';
import type { CoreEvent } from './events.ts';
import { layoutFor, teamerFromSheet } from './setup.ts';
import type { CampaignState, Evaluation, FdState, Teamer } from './state.ts';
import { teamerOrThrow } from './turn.ts';

/**
 * A campaign of missions with the same team (digest 20, 24.10): after the evaluation, the debrief
 * (Threat Level, black money), personal and team advancements bought with gold stars,
 * replacements for the dead, the black market, then the next mission. Each Teamer's sheet is kept
 * in the pack's own shape (`campaign.sheets`), so the next mission builds him the way the pack
 * builds its own Teamers. All of it happens between missions (phase `ended`).
 */

type Outcome = Evaluation['outcome'];

/** The debrief that follows an evaluation: a failed mission raises the Threat Level; contraband pays. */
export function debrief(draft: Draft, outcome: Outcome): void {
  const s = draft.state;
  const pack = s.rules.pack.campaign;
  const contraband = s.contraband.reduce((sum, item) => sum + pack.blackMarket.contraband[item], 0);
  const cargo = s.evaluation?.cargo?.bonus ?? 0;
  draft.emit({
    type: 'campaign.debriefed',
    outcome,
    contraband,
    money: s.campaign.money + contraband,
    cargoBonus: cargo,
    pay: s.campaign.pay + cargo,
    threatLevel: s.campaign.threatLevel + (outcome === 'failed' ? pack.threatLevel.raiseAfterFailure : 0),
  });
}

function between(draft: Draft): void {
  if (draft.state.phase !== 'ended')
    throw new RuleError('NOT_BETWEEN_MISSIONS', 'that is done between missions, after the evaluation', {
      phase: draft.state.phase,
    });
}

function sheetOf(state: FdState, teamerId: string): PackTeamer {
  const sheet = state.campaign.sheets[teamerId];
  if (!sheet) throw new RuleError('UNKNOWN_TEAMER', `there is no Teamer ${teamerId}`, { teamerId });
  return sheet;
}

function alive(draft: Draft, teamerId: string): Teamer {
  const t = teamerOrThrow(draft.state, teamerId);
  if (t.wounds >= draft.state.rules.pack.combat.teamerWounds.deadAt)
    throw new RuleError('TEAMER_DEAD', `${t.name} is dead`, { teamerId });
  return t;
}

/**
 * A personal advancement for 10 gold stars (20): promotion (one rank up and a technical ability by
 * d6) or personal development (a physical ability by d6). An ability he already has is rolled
 * again; with all six of the kind, the roll gives nothing.
 */
export function decideAdvance(draft: Draft, c: CommandOf<'advance'>): void {
  between(draft);
  const t = alive(draft, c.teamerId);
  const pack = draft.state.rules.pack.campaign;
  const cost = pack.goldStarsPerAdvancement;
  if (t.goldStars < cost)
    throw new RuleError('NOT_ENOUGH_STARS', `${t.name} has ${t.goldStars} gold stars; it takes ${cost}`, {
      teamerId: t.id,
      stars: t.goldStars,
      cost,
    });
  const rank = draft.state.campaign.ranks[t.id] ?? 0;
  if (c.kind === 'promotion' && rank >= pack.ranks.length - 1)
    throw new RuleError('TOP_RANK', `${t.name} is already a ${pack.ranks[rank]}`, { teamerId: t.id });
  const kind = c.kind === 'promotion' ? 'technical' : 'physical';
  const ofKind = pack.abilities.filter((a) => a.kind === kind);
  const held = sheetOf(draft.state, t.id).abilities;
  const faces: number[] = [];
  let ability: PackTeamer['abilities'][number] | null = null;
  const wanted = new Set(ofKind.filter((a) => !held.includes(a.id)).map((a) => a.roll));
  while (wanted.size > 0) {
    const face = d6(draft.own, `${c.kind} of ${t.name}: which ${kind} ability`);
    faces.push(face);
    if (!wanted.has(face)) continue;
    ability = ofKind.find((a) => a.roll === face && !held.includes(a.id))?.id ?? null;
    break;
  }
  draft.emit({
    type: 'teamer.advanced',
    teamerId: t.id,
    kind: c.kind,
    faces,
    ability,
    rank: c.kind === 'promotion' ? rank + 1 : rank,
    stars: cost,
  });
}

/** A team advancement for the team's gold stars (20): each costs the pack's stars per advancement × its cost. */
export function decideTeamAdvance(draft: Draft, c: CommandOf<'teamAdvance'>): void {
  between(draft);
  const pack = draft.state.rules.pack.campaign;
  const adv = pack.teamAdvancements.find((a) => a.id === c.advancement);
  if (!adv)
    throw new RuleError('UNKNOWN_ADVANCEMENT', `no team advancement ${c.advancement} in the pack`, {
      advancement: c.advancement,
    });
  const stars = adv.cost * pack.teamStars.perAdvancement;
  if (draft.state.teamStars < stars)
    throw new RuleError(
      'NOT_ENOUGH_STARS',
      `the team has ${draft.state.teamStars} gold stars; it takes ${stars}`,
      {
        stars: draft.state.teamStars,
        cost: stars,
      },
    );
  let teamerId: string | null = null;
  if (adv.kind === 'armour') {
    if (c.teamerId === undefined)
      throw new RuleError('NEEDS_TEAMER', 'armour is for one member: name him', { advancement: adv.id });
    const t = alive(draft, c.teamerId);
    if (sheetOf(draft.state, t.id).armour)
      throw new RuleError('ALREADY_HAS', `${t.name} already has armour`, { teamerId: t.id });
    teamerId = t.id;
  } else if (draft.state.campaign.advancements.includes(adv.id)) {
    throw new RuleError('ALREADY_HAS', `the team already has ${adv.name}`, { advancement: adv.id });
  }
  draft.emit({ type: 'team.advanced', advancement: adv.id, teamerId, stars });
}

/** A replacement for a dead Teamer (24.10): FF and luck by the pack's dice, the pack's weapons. */
export function decideReplace(draft: Draft, c: CommandOf<'replace'>): void {
  between(draft);
  const dead = teamerOrThrow(draft.state, c.teamerId);
  if (dead.wounds < draft.state.rules.pack.combat.teamerWounds.deadAt)
    throw new RuleError('NOT_DEAD', `${dead.name} is alive: only the dead are replaced`, {
      teamerId: dead.id,
    });
  const r = draft.state.rules.pack.campaign.replacements;
  const faces: number[] = [];
  const ff = rollAmount(draft.table, r.ff, `Fumble Factor of ${dead.name}'s replacement`, faces);
  const luckFace = d6(draft.table, `luck of ${dead.name}'s replacement`);
  faces.push(luckFace);
  const luck = r.luck.find((l) => luckFace >= l.roll[0] && luckFace <= l.roll[1])?.luck ?? 'normal';
  const n = draft.state.campaign.replaced + 1;
  // Through the pack's own schema: its defaults (BINGE, gear, rank) are the data's, not the code's.
  const sheet = teamerSchema.parse({
    id: `r${n}`,
    name: `Replacement ${n}`,
    role: 'trooper',
    leader: dead.leader,
    ff: Math.min(7, Math.max(1, ff)),
    luck,
    weapons: r.weapons,
  });
  draft.emit({ type: 'teamer.replaced', teamerId: dead.id, sheet, faces });
}

/** The black market (20): black money buys what the pack lists, within each item's limit. */
export function decideBuy(draft: Draft, c: CommandOf<'buy'>): void {
  between(draft);
  const t = alive(draft, c.teamerId);
  const market = draft.state.rules.pack.campaign.blackMarket;
  const p = market.purchases.find((x) => x.id === c.purchase);
  if (!p)
    throw new RuleError('UNKNOWN_PURCHASE', `the black market has no ${c.purchase}`, {
      purchase: c.purchase,
    });
  if (draft.state.campaign.money < p.price)
    throw new RuleError(
      'NOT_ENOUGH_MONEY',
      `${p.name} costs ${p.price} thousand; the team has ${draft.state.campaign.money}`,
      {
        price: p.price,
        money: draft.state.campaign.money,
      },
    );
  const key = `${t.id}:${p.id}`;
  const times = draft.state.campaign.bought[key] ?? 0;
  if (p.limit !== null && times >= p.limit)
    throw new RuleError('LIMIT_REACHED', `${t.name} has bought ${p.name} ${times} times already`, {
      limit: p.limit,
    });
  const sheet = sheetOf(draft.state, t.id);
  if (p.kind === 'har-upgrade' && !sheet.weapons.some((w) => w.weapon === p.weapon))
    throw new RuleError('NO_WEAPON', `${t.name} carries no ${p.weapon} to upgrade`, { weapon: p.weapon });
  if (p.kind === 'armour' && sheet.armour)
    throw new RuleError('ALREADY_HAS', `${t.name} already has armour`, { teamerId: t.id });
  draft.emit({ type: 'market.bought', teamerId: t.id, purchase: p.id, price: p.price });
}

/** The next mission with the same team: the dead who were not replaced are gone, the rest heal. */
export function decideNextMission(draft: Draft, c: CommandOf<'nextMission'>): void {
  between(draft);
  const rules = draft.state.rules;
  const missionId = c.mission ?? draft.state.missionId;
  const arenaId = c.arena ?? draft.state.arenaId;
  if (!rules.missions.some((m) => m.id === missionId))
    throw new RuleError('UNKNOWN_MISSION', `no mission ${missionId} in the pack`, { mission: missionId });
  if (!rules.arenaIds.includes(arenaId))
    throw new RuleError('UNKNOWN_ARENA', `no arena ${arenaId} in the pack`, { arena: arenaId });
  const deadAt = rules.pack.combat.teamerWounds.deadAt;
  if (draft.state.teamOrder.every((id) => (draft.state.teamers[id] as Teamer).wounds >= deadAt))
    throw new RuleError('NO_TEAM', 'nobody is left to send: replace the dead first', {});
  draft.emit({ type: 'campaign.next', missionId, arenaId });
}

// ---------------------------------------------------------------------------------------------
// Folding the campaign's events

type CampaignEvent = Extract<
  CoreEvent,
  {
    type:
      | 'campaign.debriefed'
      | 'teamer.advanced'
      | 'team.advanced'
      | 'teamer.replaced'
      | 'market.bought'
      | 'campaign.next';
  }
>;

function withSheet(c: CampaignState, id: string, change: (s: PackTeamer) => PackTeamer): CampaignState {
  const s = c.sheets[id];
  return s ? { ...c, sheets: { ...c.sheets, [id]: change(s) } } : c;
}

/** A carried weapon changed, or added when the sheet lacks it. */
function withWeapon(
  s: PackTeamer,
  weapon: string,
  change: (w: PackTeamer['weapons'][number] | undefined) => PackTeamer['weapons'][number],
): PackTeamer {
  const i = s.weapons.findIndex((w) => w.weapon === weapon);
  const weapons = s.weapons.slice();
  if (i >= 0) weapons[i] = change(s.weapons[i]);
  else weapons.push(change(undefined));
  return { ...s, weapons };
}

export function evolveCampaign(state: FdState, e: CampaignEvent): FdState {
  const c = state.campaign;
  switch (e.type) {
    case 'campaign.debriefed':
      return {
        ...state,
        campaign: {
          ...c,
          missions: c.missions + 1,
          threatLevel: e.threatLevel,
          money: e.money,
          pay: e.pay ?? c.pay,
          lastOutcome: e.outcome,
        },
      };
    case 'teamer.advanced': {
      const t = state.teamers[e.teamerId];
      if (!t) return state;
      const ability = e.ability;
      const campaign = withSheet({ ...c, ranks: { ...c.ranks, [e.teamerId]: e.rank } }, e.teamerId, (s) =>
        ability === null ? s : { ...s, abilities: [...s.abilities, ability] },
      );
      return {
        ...state,
        campaign,
        teamers: { ...state.teamers, [t.id]: { ...t, goldStars: t.goldStars - e.stars } },
      };
    }
    case 'team.advanced': {
      let campaign: CampaignState = { ...c, advancements: [...c.advancements, e.advancement] };
      if (e.teamerId !== null) campaign = withSheet(campaign, e.teamerId, (s) => ({ ...s, armour: true }));
      return { ...state, campaign, teamStars: state.teamStars - e.stars };
    }
    case 'teamer.replaced': {
      const dead = state.teamers[e.teamerId];
      if (!dead) return state;
      const { [e.teamerId]: _gone, ...teamers } = state.teamers;
      const { [e.teamerId]: _sheet, ...sheets } = c.sheets;
      const fresh = { ...teamerFromSheet(state.rules, e.sheet, 1), facing: dead.facing, seatId: dead.seatId };
      return {
        ...state,
        teamers: { ...teamers, [fresh.id]: fresh },
        teamOrder: state.teamOrder.map((id) => (id === e.teamerId ? fresh.id : id)),
        campaign: {
          ...c,
          sheets: { ...sheets, [fresh.id]: e.sheet },
          ranks: { ...c.ranks, [fresh.id]: 0 },
          replaced: c.replaced + 1,
        },
      };
    }
    case 'market.bought': {
      const p = state.rules.pack.campaign.blackMarket.purchases.find((x) => x.id === e.purchase);
      if (!p) return state;
      const key = `${e.teamerId}:${p.id}`;
      const bought = { ...c.bought, [key]: (c.bought[key] ?? 0) + 1 };
      const weapon = p.weapon ?? '';
      const campaign = withSheet({ ...c, money: c.money - e.price, bought }, e.teamerId, (s) => {
        switch (p.kind) {
          case 'har-upgrade':
            return withWeapon(s, weapon, (w) => ({
              ...(w ?? blank(weapon)),
              upgrades: (w?.upgrades ?? 0) + 1,
            }));
          case 'weapon':
            return withWeapon(s, weapon, (w) => ({ ...(w ?? blank(weapon)), tank: p.amount }));
          case 'grenades':
            return withWeapon(s, weapon, (w) => ({
              ...(w ?? blank(weapon)),
              count: (w ? w.count : 0) + p.amount,
            }));
          case 'double-dice-blaster':
            return withWeapon(s, weapon, (w) => ({ ...(w ?? blank(weapon)), doubleDice: true }));
          case 'armour':
            return { ...s, armour: true };
        }
      });
      return { ...state, campaign };
    }
    case 'campaign.next':
      return nextMissionState(state, e.missionId, e.arenaId);
  }
}

function blank(weapon: string): PackTeamer['weapons'][number] {
  return { weapon, count: 1, upgrades: 0, doubleDice: false };
}

/**
 * The next mission: the arena laid out afresh, the surviving Teamers built from their sheets
 * (wounds healed, full issue of ammunition, doubled with the team advancement), keeping their
 * seats and gold stars.
 */
export function nextMissionState(state: FdState, missionId: string, arenaId: string): FdState {
  const laid = layoutFor(state, missionId, arenaId);
  const deadAt = state.rules.pack.combat.teamerWounds.deadAt;
  const doubled = state.campaign.advancements.some(
    (id) => state.rules.pack.campaign.teamAdvancements.find((a) => a.id === id)?.kind === 'double-ammo',
  );
  const facing = (Object.values(laid.teamers)[0] as Teamer | undefined)?.facing ?? 2;
  const teamers: Record<string, Teamer> = {};
  const teamOrder: string[] = [];
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    const sheet = state.campaign.sheets[id];
    if (t.wounds >= deadAt || !sheet) continue;
    teamers[id] = {
      ...teamerFromSheet(state.rules, sheet, doubled ? 2 : 1),
      facing,
      seatId: t.seatId,
      goldStars: t.goldStars,
    };
    teamOrder.push(id);
  }
  return { ...laid, teamers, teamOrder };
}
