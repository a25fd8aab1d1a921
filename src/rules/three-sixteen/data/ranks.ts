import { RuleError } from '../../../engine/rule-error.ts';
import type { OwnedWeapon, WeaponId } from '../state.ts';
import { type SupportId, supportIssuedAt } from './support.ts';
import { newWeapon, WEAPONS } from './weapons.ts';

/** One numbered Order, summarised in our own words. */
export interface Order {
  readonly number: number;
  readonly summary: string;
}

/**
 * A rank's weapons as groups: a group of one comes with the rank; a group of several means "pick
 * one" (the book's "or").
 */
export type WeaponGroup = readonly WeaponId[];

export interface RankInfo {
  /** 0 Trooper … 8 Brigadier. */
  readonly rank: number;
  /** The book's name of the rank. */
  readonly name: string;
  readonly abbreviation: string;
  readonly tier: 'trooper' | 'nco' | 'officer';
  readonly weapons: readonly WeaponGroup[];
  /** Support items first issued at this rank (higher ranks keep access to the lower ones'). */
  readonly issued: readonly SupportId[];
  readonly orders: readonly Order[];
  /** Planet Threat Tokens per PC on missions led at this rank, when the book raises it. */
  readonly threatPerPc?: number;
  /** Only reachable when the NPC who holds it is dead (the Brigadier). */
  readonly needsVacancy: boolean;
}

const SERGEANT_WEAPONS: readonly WeaponGroup[] = [['slugRifle', 'heavyMg'], ['sidearm'], ['handToHand']];
const LIEUTENANT_WEAPONS: readonly WeaponGroup[] = [...SERGEANT_WEAPONS, ['powerClaw']];
const CAPTAIN_WEAPONS: readonly WeaponGroup[] = [...LIEUTENANT_WEAPONS, ['powerBlade']];
const MAJOR_WEAPONS: readonly WeaponGroup[] = [...CAPTAIN_WEAPONS, ['flameGun', 'shotgun']];

const order = (number: number, summary: string): Order => ({ number, summary });

/** Ranks 0–8 from the character and officer pages. */
export const RANKS: readonly RankInfo[] = [
  {
    rank: 0,
    name: 'Trooper',
    abbreviation: 'Tpr',
    tier: 'trooper',
    weapons: [['energyRifle', 'slugRifle'], ['grenades'], ['handToHand']],
    issued: supportIssuedAt(0),
    orders: [order(1, 'Kill every living thing you can.')],
    needsVacancy: false,
  },
  {
    rank: 1,
    name: 'Corporal',
    abbreviation: 'Cpl',
    tier: 'nco',
    weapons: [['eCannon', 'heavyMg'], ['grenades'], ['handToHand']],
    issued: supportIssuedAt(1),
    orders: [order(2, 'Keep the number of kills per trooper high.')],
    needsVacancy: false,
  },
  {
    rank: 2,
    name: 'Sergeant',
    abbreviation: 'Sgt',
    tier: 'nco',
    weapons: SERGEANT_WEAPONS,
    issued: supportIssuedAt(2),
    orders: [order(3, 'Carry out what the officers direct.'), order(4, 'Keep your squad alive.')],
    needsVacancy: false,
  },
  {
    rank: 3,
    name: 'Lieutenant',
    abbreviation: 'Lt',
    tier: 'officer',
    weapons: LIEUTENANT_WEAPONS,
    issued: supportIssuedAt(3),
    orders: [order(5, 'Leave no creature alive in an encounter.'), order(6, 'Keep the lower ranks in line.')],
    needsVacancy: false,
  },
  {
    rank: 4,
    name: 'Captain',
    abbreviation: 'Capt',
    tier: 'officer',
    weapons: CAPTAIN_WEAPONS,
    issued: supportIssuedAt(4),
    orders: [
      order(7, 'Leave no creature alive on the planet.'),
      order(8, 'Brief the missions and plan the assaults.'),
    ],
    needsVacancy: false,
  },
  {
    rank: 5,
    name: 'Major',
    abbreviation: 'Maj',
    tier: 'officer',
    weapons: MAJOR_WEAPONS,
    issued: supportIssuedAt(5),
    orders: [order(9, 'See through the vital missions your seniors assign.'), order(10, 'Never fall back.')],
    threatPerPc: 6,
    needsVacancy: false,
  },
  {
    rank: 6,
    name: 'Lt Colonel',
    abbreviation: 'Lt Col',
    tier: 'officer',
    weapons: MAJOR_WEAPONS,
    issued: supportIssuedAt(6),
    orders: [
      order(11, 'Oversee the wiping out of life, planet by planet.'),
      order(12, 'Report insubordination upward.'),
    ],
    threatPerPc: 7,
    needsVacancy: false,
  },
  {
    rank: 7,
    name: 'Colonel',
    abbreviation: 'Col',
    tier: 'officer',
    weapons: MAJOR_WEAPONS,
    issued: supportIssuedAt(7),
    orders: [
      order(13, 'Choose planets for destruction and pass them to the Lt Colonels.'),
      order(14, 'Execute anyone who disobeys.'),
    ],
    needsVacancy: false,
  },
  {
    rank: 8,
    name: 'Brigadier',
    abbreviation: 'Brig',
    tier: 'officer',
    weapons: MAJOR_WEAPONS,
    issued: supportIssuedAt(8),
    orders: [
      order(15, 'Wipe out all life in the Cosmos.'),
      order(16, 'Never let the Expeditionary Force go home to Terra.'),
    ],
    needsVacancy: true,
  },
];

export const MIN_RANK = 0;
export const MAX_RANK = 8;
export const SERGEANT = 2;
export const CORPORAL = 1;
export const TROOPER = 0;
/** Lieutenant: the first commissioned rank ("Officers", rank 3 and above). */
export const FIRST_OFFICER_RANK = 3;

export function isRank(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_RANK && value <= MAX_RANK;
}

export function rankInfo(rank: number): RankInfo {
  const info = RANKS[rank];
  if (!info) throw new RuleError('RANK_INVALID', `there is no rank ${rank} (0–8)`, { rank });
  return info;
}

export function rankName(rank: number): string {
  return rankInfo(rank).name;
}

export function isOfficer(rank: number): boolean {
  return rank >= FIRST_OFFICER_RANK;
}

/** Corporals and Sergeants: the Crimson Sword goes to them and to Troopers. */
export function isNco(rank: number): boolean {
  return rankInfo(rank).tier === 'nco';
}

/** Every Order a PC of this rank holds: its own and those of the ranks below. */
export function ordersUpTo(rank: number): Order[] {
  return RANKS.slice(0, rankInfo(rank).rank + 1).flatMap((r) => r.orders);
}

/**
 * The basic weapons for a rank. `picks` names the chosen weapon of each "pick one" group (in any
 * order); a group left unpicked takes its first option. A pick that belongs to no group is refused.
 */
export function rankWeapons(rank: number, picks: readonly WeaponId[] = []): WeaponId[] {
  const groups = rankInfo(rank).weapons;
  checkPicks(rank, groups, picks);
  return groups.map((g) => g.find((w) => picks.includes(w)) ?? (g[0] as WeaponId));
}

/**
 * Refuses a pick that belongs to none of `groups`' "pick one" groups, and two picks for the same
 * group (the book's "or" gives one weapon, not both).
 */
function checkPicks(rank: number, groups: readonly WeaponGroup[], picks: readonly WeaponId[]): void {
  for (const pick of picks) {
    if (!groups.some((g) => g.length > 1 && g.includes(pick)))
      throw new RuleError(
        'WEAPON_NOT_A_RANK_CHOICE',
        `${WEAPONS[pick].name} is not one of the ${rankName(rank)}'s choices`,
        { rank, weapon: pick },
      );
  }
  for (const g of groups) {
    const chosen = [...new Set(picks.filter((w) => g.includes(w)))];
    if (chosen.length > 1)
      throw new RuleError(
        'WEAPON_CHOICE_CONFLICT',
        `${chosen.map((w) => WEAPONS[w].name).join(' and ')} are the same "pick one" choice`,
        { rank, weapons: chosen },
      );
  }
}

const sameGroup = (a: WeaponGroup, b: WeaponGroup): boolean =>
  a.length === b.length && a.every((w) => b.includes(w));

/**
 * The weapon groups a trooper meets on going from rank `from` to rank `to`: those of the new rank
 * that the old rank did not list. The book describes each officer's weapons as the rank below's
 * "plus" something, so a promotion hands out only that something; anything else is a
 * Development Roll's requisition.
 */
export function promotionWeaponGroups(from: number, to: number): WeaponGroup[] {
  const before = rankInfo(from).weapons;
  return rankInfo(to).weapons.filter((g) => !before.some((b) => sameGroup(b, g)));
}

/** The "pick one" groups a promotion from `from` to `to` opens (for a picker in the UI). */
export function promotionWeaponChoices(from: number, to: number): WeaponGroup[] {
  return promotionWeaponGroups(from, to).filter((g) => g.length > 1);
}

/**
 * The weapons a promotion adds. `picks` choose within the new "pick one" groups (a pick from any
 * other group is refused). A new group the trooper already covers (it carries one of the options)
 * adds nothing unless a different option is picked; an unpicked, uncovered group takes its first
 * option, as a new trooper's would. Weapons already carried are not given twice.
 */
export function promotionWeapons(
  from: number,
  to: number,
  carried: readonly WeaponId[],
  picks: readonly WeaponId[] = [],
): WeaponId[] {
  const groups = promotionWeaponGroups(from, to);
  checkPicks(to, groups, picks);
  const out: WeaponId[] = [];
  for (const g of groups) {
    const pick = g.find((w) => picks.includes(w));
    const weapon = pick ?? (g.some((w) => carried.includes(w)) ? undefined : (g[0] as WeaponId));
    if (weapon && !carried.includes(weapon) && !out.includes(weapon)) out.push(weapon);
  }
  return out;
}

/** The same weapons as owned weapons on their basic profiles (new PCs, replacements). */
export function startingWeapons(rank: number, picks: readonly WeaponId[] = []): OwnedWeapon[] {
  return rankWeapons(rank, picks).map(newWeapon);
}

/** The "pick one" groups of a rank, for a picker in the UI. */
export function rankWeaponChoices(rank: number): WeaponGroup[] {
  return rankInfo(rank).weapons.filter((g) => g.length > 1);
}
