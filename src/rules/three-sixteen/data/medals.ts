import { isOfficer } from './ranks.ts';

/**
 * Medals from the between-missions chapter. Most follow from a PC's service record and are
 * computed here; the Crimson Sword and Crimson Skull are awarded for deeds (always for removing a
 * planet's last Threat Token, otherwise at the GM's word).
 *
 * Bughunt reads: the Kill Badge counts Total Kills; its "Bar at 1000 Kills and thereafter" is one
 * bar per full 1000. The Wound Badge counts every wound taken (the caller decides what counts).
 */
export type MedalId =
  | 'woundBadge'
  | 'campaignMedal'
  | 'bronzeStar'
  | 'silverStar'
  | 'goldStar'
  | 'killBadge'
  | 'crimsonSword'
  | 'crimsonSkull';

export interface MedalInfo {
  readonly id: MedalId;
  /** The book's name. */
  readonly name: string;
  /** What a repeat adds: a Bar, or Oak Leaves for the Crimson Skull; none for single medals. */
  readonly repeat: 'Bar' | 'Oak Leaves' | null;
  /** Who may receive it. */
  readonly for: 'everyone' | 'ncosAndTroopers' | 'officers';
  /** Computed from the service record, or awarded for a deed. */
  readonly awarded: 'automatic' | 'deed';
  /** One line in our own words. */
  readonly summary: string;
}

export const MEDALS: Readonly<Record<MedalId, MedalInfo>> = {
  woundBadge: {
    id: 'woundBadge',
    name: 'Wound Badge',
    repeat: 'Bar',
    for: 'everyone',
    awarded: 'automatic',
    summary: 'First wound earns it; a Bar for every 10 wounds.',
  },
  campaignMedal: {
    id: 'campaignMedal',
    name: 'Campaign Medal',
    repeat: null,
    for: 'everyone',
    awarded: 'automatic',
    summary: 'Came back alive from a mission.',
  },
  bronzeStar: {
    id: 'bronzeStar',
    name: 'Bronze Star',
    repeat: null,
    for: 'everyone',
    awarded: 'automatic',
    summary: '5 missions survived.',
  },
  silverStar: {
    id: 'silverStar',
    name: 'Silver Star',
    repeat: null,
    for: 'everyone',
    awarded: 'automatic',
    summary: '10 missions survived.',
  },
  goldStar: {
    id: 'goldStar',
    name: 'Gold Star',
    repeat: null,
    for: 'everyone',
    awarded: 'automatic',
    summary: '20 missions survived.',
  },
  killBadge: {
    id: 'killBadge',
    name: 'Kill Badge',
    repeat: 'Bar',
    for: 'everyone',
    awarded: 'automatic',
    summary: '100 kills; a Bar for every 1000.',
  },
  crimsonSword: {
    id: 'crimsonSword',
    name: 'Crimson Sword',
    repeat: 'Bar',
    for: 'ncosAndTroopers',
    awarded: 'deed',
    summary: 'Heroism by a Trooper or NCO, always for taking a planet’s last token; Bars for repeats.',
  },
  crimsonSkull: {
    id: 'crimsonSkull',
    name: 'Crimson Skull',
    repeat: 'Oak Leaves',
    for: 'officers',
    awarded: 'deed',
    summary: 'The officers’ heroism award, inscribed “For Terra”; Oak Leaves for repeats.',
  },
};

export const MEDAL_IDS = Object.keys(MEDALS) as MedalId[];

export const WOUNDS_PER_BAR = 10;
export const KILL_BADGE_KILLS = 100;
export const KILLS_PER_BAR = 1000;
/** Missions survived for the Bronze, Silver and Gold Stars. */
export const STAR_MISSIONS = { bronzeStar: 5, silverStar: 10, goldStar: 20 } as const;

/** What the automatic medals are computed from. */
export interface ServiceRecord {
  readonly wounds: number;
  readonly missionsSurvived: number;
  readonly totalKills: number;
}

/** A medal held, with its bars (or oak leaves). */
export interface MedalStanding {
  readonly medal: MedalId;
  readonly bars: number;
}

/** The automatic medals a record earns, in the book's order. */
export function medalStandings(record: ServiceRecord): MedalStanding[] {
  const held: MedalStanding[] = [];
  if (record.wounds >= 1)
    held.push({ medal: 'woundBadge', bars: Math.floor(record.wounds / WOUNDS_PER_BAR) });
  if (record.missionsSurvived >= 1) held.push({ medal: 'campaignMedal', bars: 0 });
  for (const star of ['bronzeStar', 'silverStar', 'goldStar'] as const)
    if (record.missionsSurvived >= STAR_MISSIONS[star]) held.push({ medal: star, bars: 0 });
  if (record.totalKills >= KILL_BADGE_KILLS)
    held.push({ medal: 'killBadge', bars: Math.floor(record.totalKills / KILLS_PER_BAR) });
  return held;
}

/** One change to a PC's medals: a new medal, new bars, or both. */
export interface MedalChange {
  readonly medal: MedalId;
  readonly name: string;
  readonly newMedal: boolean;
  readonly barsAdded: number;
  /** Bars held after the change. */
  readonly bars: number;
}

/** The automatic medals and bars gained between two records (e.g. before and after a mission). */
export function medalsEarned(before: ServiceRecord, after: ServiceRecord): MedalChange[] {
  const had = new Map(medalStandings(before).map((s) => [s.medal, s.bars]));
  const changes: MedalChange[] = [];
  for (const s of medalStandings(after)) {
    const old = had.get(s.medal);
    const barsAdded = s.bars - (old ?? 0);
    if (old === undefined || barsAdded > 0)
      changes.push({
        medal: s.medal,
        name: MEDALS[s.medal].name,
        newMedal: old === undefined,
        barsAdded: Math.max(0, barsAdded),
        bars: s.bars,
      });
  }
  return changes;
}

/** The heroism medal a PC of this rank receives: the Crimson Skull for officers, else the Sword. */
export function crimsonMedalFor(rank: number): 'crimsonSword' | 'crimsonSkull' {
  return isOfficer(rank) ? 'crimsonSkull' : 'crimsonSword';
}

/**
 * A heroism award: the first one is the medal itself, each later one of the same medal adds a Bar
 * (Sword) or Oak Leaves (Skull). `held` is what the PC already has.
 */
export function awardCrimson(rank: number, held: readonly MedalStanding[]): MedalChange {
  const medal = crimsonMedalFor(rank);
  const current = held.find((s) => s.medal === medal);
  const bars = current ? current.bars + 1 : 0;
  return { medal, name: MEDALS[medal].name, newMedal: !current, barsAdded: current ? 1 : 0, bars };
}
