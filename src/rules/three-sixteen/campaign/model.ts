import { type EverydayGear, kitWithGear } from '../data/kit.ts';
import type { MedalId } from '../data/medals.ts';
import type { TestFace } from '../events.ts';
import type { HealthMark, Range, ThreeSixteenState, Trooper, WeaponId } from '../state.ts';

/**
 * The campaign block of the state: between missions, field promotion, the rotating GM and
 * conflicts without Threat Tokens. It lives in the two extension bags of state.ts (typed here by
 * module augmentation), so state.ts itself is not edited. Every field is optional there, because
 * troopers and fresh states are built elsewhere with empty bags; read them through the helpers.
 */

declare module '../state.ts' {
  interface CampaignExtras {
    readonly campaign?: CampaignBlock;
  }
  interface TrooperCampaignExtras {
    readonly service?: TrooperService;
  }
}

/** A trooper's record kept across missions (medals are computed from it). */
export interface TrooperService {
  readonly missionsSurvived: number;
  /** Every wound (X or E) over the career, as counted at each debrief. */
  readonly woundsTotal: number;
  /** Its player runs the current mission as GM: the trooper sits it out (status `retired` meanwhile). */
  readonly sittingOut: boolean;
  /** The rotating GM's last reward, so the next one is the other kind. */
  readonly lastGmReward: 'level' | 'weapon' | null;
  /**
   * Everyday gear the trooper took for itself (`takeGear`), kept across rank changes. Optional and
   * absent until the first item, so states replayed from older logs stay exactly as they were.
   */
  readonly gear?: readonly EverydayGear[];
  /**
   * The "pick one" weapon groups a field promotion filled with their first option (the rank is
   * taken at once, mid-fight): the player may still pick within them (`chooseRankWeapon`) outside
   * a fight until the next planet. Absent otherwise, so older logs replay as they were.
   */
  readonly fieldPicks?: readonly (readonly WeaponId[])[];
}

export const NO_SERVICE: TrooperService = {
  missionsSurvived: 0,
  woundsTotal: 0,
  sittingOut: false,
  lastGmReward: null,
};

/** What one trooper has done in the current between-missions phase. */
export interface BetweenRecord {
  /** Owes a level choice (FA or NFA, and the Flashback kind when both are allowed). */
  readonly levelPending: boolean;
  /** The weapon improved for free, once. */
  readonly autoImproved: WeaponId | null;
  readonly developed: boolean;
  readonly promoted: boolean;
  readonly demotionTargeted: boolean;
  /** Sat out as GM: owes the choice of a level or a weapon upgrade. */
  readonly gmRewardPending: boolean;
}

export const FRESH_RECORD: BetweenRecord = {
  levelPending: false,
  autoImproved: null,
  developed: false,
  promoted: false,
  demotionTargeted: false,
  gmRewardPending: false,
};

export interface BetweenMissions {
  /** The mission that just ended. */
  readonly mission: number;
  /** Troopers who came back alive and played the mission. */
  readonly survivors: readonly string[];
  readonly levelsRolled: boolean;
  readonly records: Readonly<Record<string, BetweenRecord>>;
}

export interface PendingFieldPromotion {
  /** The rank of the PC who died: the rank one of the candidates takes. */
  readonly rank: number;
  readonly deadId: string;
  readonly candidates: readonly string[];
}

export interface MissionGm {
  readonly mission: number;
  readonly seatId: string;
}

// ---------------------------------------------------------------------------------------------
// Conflicts without Threat Tokens

export type SideKey = 'a' | 'b';
export const SIDES: readonly SideKey[] = ['a', 'b'];
export const other = (s: SideKey): SideKey => (s === 'a' ? 'b' : 'a');

export type ConflictSide =
  | { readonly kind: 'trooper'; readonly trooperId: string }
  | {
      readonly kind: 'npc';
      readonly name: string;
      /** The planet's AA, used for its FA and NFA. */
      readonly ability: number;
      /** One box, or two for an officer (GM's call). */
      readonly health: readonly HealthMark[];
    };

export type ConflictAction =
  | { readonly kind: 'fa' }
  | { readonly kind: 'emotional' }
  | {
      readonly kind: 'manoeuvre';
      readonly move?: 'closer' | 'farther' | undefined;
      /** A weapon the trooper carries, taken in hand on a success. */
      readonly switchTo?: WeaponId | undefined;
    }
  | { readonly kind: 'other'; readonly text: string };

/**
 * `act`: the round's better success waits for its side to let it land or cancel it (only when the
 * other side's lower success would act after it, so cancelling can stop something).
 */
export type ConflictStep = 'dominance' | 'setRange' | 'declare' | 'act' | 'answer' | 'ended';

/** One action waiting in the round's order (successes, highest first; ties act together). */
export interface ConflictTurn {
  readonly side: SideKey;
  readonly face: number;
  readonly action: ConflictAction | 'ambush';
}

export interface ConflictHit {
  readonly target: SideKey;
  readonly by: SideKey;
  readonly mark: 'X' | 'E';
  readonly face: number;
}

export type ConflictEnd = 'yield' | 'dead' | 'exhausted' | 'strength' | 'weakness' | 'gm';

export interface Conflict {
  readonly id: number;
  readonly description: string;
  readonly sides: Readonly<Record<SideKey, ConflictSide>>;
  readonly step: ConflictStep;
  readonly range: Range | null;
  readonly round: number;
  /** Who sets the range after dominance. */
  readonly rangeSetter: SideKey | null;
  readonly declarations: Readonly<Partial<Record<SideKey, ConflictAction>>>;
  /** Turns of the current round still to act (first is next; at step `act` it waits for its side). */
  readonly queue: readonly ConflictTurn[];
  /** A hit on a PC waiting for its player: tick Armour or take it. */
  readonly pendingHit: ConflictHit | null;
  /** The side whose success beat the other's this round and may still move the range one step. */
  readonly mayMove: SideKey | null;
  /** A side that yielded and waits for the other to accept (nothing else moves meanwhile). */
  readonly yielding: SideKey | null;
  /** Sides dead or exhausted, with the face of the turn that felled them (ties still act). */
  readonly downAt: Readonly<Partial<Record<SideKey, number>>>;
  readonly winner: SideKey | null;
  readonly endReason: ConflictEnd | null;
  /** The order the winner imposed on the loser. */
  readonly order: string | null;
  /**
   * The round's dice before anything acts, while combat drugs may still re-roll one. Optional, as
   * `ownTerms`: set only by the events that need them, so a state built from an older log is the
   * same as before.
   */
  readonly dice?: ConflictDice;
  /** The loser answered the winning Strength with this Weakness: the loss, on its own terms. */
  readonly ownTerms?: { readonly side: SideKey; readonly text: string };
}

export interface ConflictDice {
  /** The round's two tests as they stand now (a combat-drugs re-roll replaces one). */
  readonly tests: Readonly<Record<SideKey, TestFace>>;
  /** Sides whose FA die holds the round until they keep it or re-roll it with combat drugs. */
  readonly open: readonly SideKey[];
}

export interface CampaignBlock {
  readonly between: BetweenMissions | null;
  readonly fieldPromotion: PendingFieldPromotion | null;
  /** Who GMs which mission (rotating GM); missions not listed were run by the table's GM. */
  readonly gmRota: readonly MissionGm[];
  /** The NPC Brigadier is dead: a Colonel may be promoted to the rank (while no PC holds it). */
  readonly npcBrigadierDead: boolean;
  readonly conflict: Conflict | null;
  readonly lastConflict: Conflict | null;
  readonly nextConflictId: number;
  /** Medals given for deeds, per mission (for the record). */
  readonly deeds: readonly {
    readonly mission: number;
    readonly trooperId: string;
    readonly medal: MedalId;
  }[];
}

export const EMPTY_CAMPAIGN: CampaignBlock = {
  between: null,
  fieldPromotion: null,
  gmRota: [],
  npcBrigadierDead: false,
  conflict: null,
  lastConflict: null,
  nextConflictId: 1,
  deeds: [],
};

// ---------------------------------------------------------------------------------------------
// Helpers (copy on write)

export function campaignOf(state: ThreeSixteenState): CampaignBlock {
  return state.campaign.extras.campaign ?? EMPTY_CAMPAIGN;
}

/**
 * The player seat standing in as GM right now (rotating GM), or null while the table's GM runs
 * things. The book has the next GM make the next planet (the planet list is passed on to them), so
 * the seat named for a mission takes the chair once the previous mission is debriefed (at once
 * before the first mission) and keeps it through its own mission's debrief.
 */
export function standInGmSeat(state: ThreeSixteenState): string | null {
  const { phase, missionsCount } = state.campaign;
  const mission = phase === 'afterMission' && !currentBetween(state) ? missionsCount : missionsCount + 1;
  return campaignOf(state).gmRota.find((g) => g.mission === mission)?.seatId ?? null;
}

export function withCampaign(
  state: ThreeSixteenState,
  change: (c: CampaignBlock) => CampaignBlock,
): ThreeSixteenState {
  return {
    ...state,
    campaign: {
      ...state.campaign,
      extras: { ...state.campaign.extras, campaign: change(campaignOf(state)) },
    },
  };
}

export function serviceOf(t: Trooper): TrooperService {
  return t.campaignExtras.service ?? NO_SERVICE;
}

export function withService(t: Trooper, change: (s: TrooperService) => TrooperService): Trooper {
  return { ...t, campaignExtras: { ...t.campaignExtras, service: change(serviceOf(t)) } };
}

/** The between-missions record of the mission that just ended, or null before the debrief. */
export function currentBetween(state: ThreeSixteenState): BetweenMissions | null {
  const b = campaignOf(state).between;
  if (!b || state.campaign.phase !== 'afterMission' || b.mission !== state.campaign.missionsCount)
    return null;
  return b;
}

export function recordOf(b: BetweenMissions, id: string): BetweenRecord {
  return b.records[id] ?? FRESH_RECORD;
}

export function withRecord(
  state: ThreeSixteenState,
  id: string,
  change: (r: BetweenRecord) => BetweenRecord,
): ThreeSixteenState {
  return withCampaign(state, (c) =>
    c.between
      ? {
          ...c,
          between: {
            ...c.between,
            records: { ...c.between.records, [id]: change(c.between.records[id] ?? FRESH_RECORD) },
          },
        }
      : c,
  );
}

/** A player character (an NPC trooper has no seat). */
export function isPc(t: Trooper): boolean {
  return t.ownerSeatId !== null;
}

/** New rank, with the kit that goes with it (and the everyday gear the trooper took, kept). */
export function withRank(t: Trooper, rank: number): Trooper {
  return { ...t, rank, kit: kitWithGear(rank, serviceOf(t).gear ?? []) };
}
