import { z } from 'zod';
import type { RollRecord } from '../../../engine/dice/typed.ts';
import {
  nameSchema,
  nonEmptyTextSchema,
  rangeSchema,
  seatIdSchema,
  textSchema,
  trooperIdSchema,
  weaponIdSchema,
} from '../commands.ts';
import type { SlotKind } from '../data/flashback-slots.ts';
import { EVERYDAY_GEAR, type EverydayGear } from '../data/kit.ts';
import type { MedalChange, MedalId } from '../data/medals.ts';
import type { TestFace } from '../events.ts';
import {
  HELD_SUPPORT,
  type HeldSupport,
  type OwnedWeapon,
  type Range,
  type Trooper,
  type WeaponId,
} from '../state.ts';
import type { ConflictAction, ConflictEnd, ConflictSide, SideKey } from './model.ts';

/** Commands and events of the campaign part (between missions, field promotion, conflicts). */

const abilityKind = z.enum(['fa', 'nfa']);
const slotKind = z.enum(['strength', 'weakness']);
const sideKey = z.enum(['a', 'b']);
/**
 * Held support (`HELD_SUPPORT`) a Development Roll can bring: new, or replacing one lost or thrown.
 * Not The Device: the book allows it one use only, so once set off (or lost) it never comes back.
 */
const heldSupportSchema = z.enum(HELD_SUPPORT).exclude(['theDevice']);
export const REQUISITION_SUPPORT = heldSupportSchema.options;
/** Weapon picks for a new rank's "pick one" groups: at most one per group (a Major has two). */
const weaponChoicesSchema = z.array(weaponIdSchema).min(1).max(4);
/** Weapons a Development Roll can bring; bombs are held support (the `vehicle` choice), not weapons. */
const requisitionWeapon = weaponIdSchema.exclude(['tpkBomb', 'paradiseBomb']);
export const REQUISITION_WEAPONS = requisitionWeapon.options;

const conflictSideSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('trooper'), trooperId: trooperIdSchema }),
  z.strictObject({
    kind: z.literal('npc'),
    name: nameSchema,
    /** Only when no planet is set: the NPC's ability (else it is the planet's AA). */
    ability: z.number().int().min(1).max(10).optional(),
    /** 1 box, or 2 for an officer. */
    boxes: z.number().int().min(1).max(2).optional(),
  }),
]);

const conflictActionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fa') }),
  z.strictObject({ kind: z.literal('emotional') }),
  // An NFA manoeuvre moves a step, changes weapon, or both (as in an encounter).
  z.strictObject({
    kind: z.literal('manoeuvre'),
    move: z.enum(['closer', 'farther']).optional(),
    switchTo: weaponIdSchema.optional(),
  }),
  z.strictObject({ kind: z.literal('other'), text: nonEmptyTextSchema }),
]);

export const campaignSchemas = {
  // Between missions ------------------------------------------------------------------------
  /** Medals, full healing, the Orbital Bombardment inquiry; opens the between-missions steps. */
  debrief: z.strictObject({
    type: z.literal('debrief'),
    /** Extra heroism awards at the GM's word (Crimson Sword / Skull by rank). */
    heroes: z.array(trooperIdSchema).max(50).optional(),
  }),
  rollLevels: z.strictObject({ type: z.literal('rollLevels') }),
  takeLevel: z.strictObject({
    type: z.literal('takeLevel'),
    trooperId: trooperIdSchema,
    ability: abilityKind,
    slot: slotKind.optional(),
  }),
  improveWeapon: z.strictObject({
    type: z.literal('improveWeapon'),
    trooperId: trooperIdSchema,
    weapon: weaponIdSchema,
    range: rangeSchema,
  }),
  developmentRoll: z.strictObject({
    type: z.literal('developmentRoll'),
    trooperId: trooperIdSchema,
    choice: z.discriminatedUnion('kind', [
      z.strictObject({
        kind: z.literal('promotion'),
        /** The pick for the new rank's "pick one" group (older logs carry only this one). */
        weaponChoice: weaponIdSchema.optional(),
        /** Picks for every group the new rank opens; merged with `weaponChoice`. */
        weaponChoices: weaponChoicesSchema.optional(),
      }),
      z.strictObject({ kind: z.literal('weapon'), weapon: requisitionWeapon }),
      /** A vehicle, Drop Pods or a strategic weapon (new, or replacing one lost), within rank limits. */
      z.strictObject({ kind: z.literal('vehicle'), vehicle: heldSupportSchema }),
      z.strictObject({ kind: z.literal('improve'), weapon: weaponIdSchema, range: rangeSchema }),
    ]),
  }),
  nominateDemotion: z.strictObject({
    type: z.literal('nominateDemotion'),
    nominatorId: trooperIdSchema,
    targetId: trooperIdSchema,
  }),
  takeGmReward: z.strictObject({
    type: z.literal('takeGmReward'),
    trooperId: trooperIdSchema,
    reward: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('level'), ability: abilityKind, slot: slotKind.optional() }),
      z.strictObject({ kind: z.literal('weapon'), weapon: weaponIdSchema, range: rangeSchema }),
    ]),
  }),
  /** The NPC Brigadier has fallen (the GM's story): the rank opens to a PC's promotion. */
  brigadierFalls: z.strictObject({ type: z.literal('brigadierFalls'), text: nonEmptyTextSchema }),
  /** Rotating GM: the seat that runs the next mission (null: the table's GM again). */
  setMissionGm: z.strictObject({ type: z.literal('setMissionGm'), seatId: seatIdSchema.nullable() }),
  /** The next planet from the five lists, rolled by the engine (or chosen), crossing entries off. */
  rollNextPlanet: z.strictObject({
    type: z.literal('rollNextPlanet'),
    name: z.number().int().min(1).max(20).optional(),
    form: z.number().int().min(1).max(20).optional(),
    description: z.number().int().min(1).max(20).optional(),
    abilities: z.array(z.number().int().min(1).max(20)).max(3).optional(),
    aaMethod: z.number().int().min(1).max(20).optional(),
    shortSessions: z.boolean().optional(),
  }),
  createReplacement: z.strictObject({
    type: z.literal('createReplacement'),
    predecessorId: trooperIdSchema,
    name: nameSchema,
    reputation: z.string().max(200).optional(),
    fa: z.number().int().min(2).max(10),
    nfa: z.number().int().min(2).max(10),
    rank: z.number().int().min(0).max(8),
    weaponChoice: weaponIdSchema.optional(),
    /** One pick per "pick one" group of the rank (a Major has two); merged with `weaponChoice`. */
    weaponChoices: weaponChoicesSchema.optional(),
  }),
  rollFieldPromotion: z.strictObject({ type: z.literal('rollFieldPromotion') }),
  /** Everyday gear needs no Development Roll: the trooper simply takes the item. */
  takeGear: z.strictObject({
    type: z.literal('takeGear'),
    trooperId: trooperIdSchema,
    item: z.enum(EVERYDAY_GEAR),
  }),
  /** The book's option: once a PC has Hatred for Home open, others may turn an Available Weakness into it. */
  adoptHatredForHome: z.strictObject({
    type: z.literal('adoptHatredForHome'),
    trooperId: trooperIdSchema,
    slot: z.number().int().min(0).max(4).optional(),
  }),

  // Conflicts without Threat Tokens -------------------------------------------------------
  startConflict: z.strictObject({
    type: z.literal('startConflict'),
    a: conflictSideSchema,
    b: conflictSideSchema,
    description: textSchema.optional(),
  }),
  rollConflictDominance: z.strictObject({
    type: z.literal('rollConflictDominance'),
    /** A side that does not roll (not watching out for an attack, as in an encounter): it fails. */
    stayOut: sideKey.optional(),
  }),
  setConflictRange: z.strictObject({ type: z.literal('setConflictRange'), range: rangeSchema }),
  declareConflict: z.strictObject({
    type: z.literal('declareConflict'),
    side: sideKey,
    action: conflictActionSchema,
  }),
  rollConflictRound: z.strictObject({ type: z.literal('rollConflictRound') }),
  /**
   * The better success of a round, waiting at step `act`: let it land (default) or cancel it, so
   * that it and the other side's lower success both fail (the encounter's `takeTurn` cancel).
   */
  takeConflictTurn: z.strictObject({ type: z.literal('takeConflictTurn'), cancel: z.boolean().optional() }),
  answerConflictHit: z.strictObject({ type: z.literal('answerConflictHit'), useArmour: z.boolean() }),
  moveConflict: z.strictObject({ type: z.literal('moveConflict'), move: z.enum(['closer', 'farther']) }),
  conflictFlashback: z.strictObject({
    type: z.literal('conflictFlashback'),
    side: sideKey,
    kind: slotKind,
    text: nonEmptyTextSchema,
    /** A Weakness from the Hatred for Home slot. */
    hatredForHome: z.boolean().optional(),
  }),
  /**
   * Combat drugs (once per planet): re-roll this side's FA die of the round just rolled, before
   * anything acts. A 10 on the re-roll is a Kill on the user.
   */
  useConflictDrugs: z.strictObject({ type: z.literal('useConflictDrugs'), side: sideKey }),
  /**
   * The loser of a conflict a Strength just won shows a Weakness in reply: still the loss, taken on
   * its own terms (the winner stays the winner).
   */
  answerConflictStrength: z.strictObject({
    type: z.literal('answerConflictStrength'),
    text: nonEmptyTextSchema,
    /** The Weakness from the Hatred for Home slot. */
    hatredForHome: z.boolean().optional(),
  }),
  yieldConflict: z.strictObject({ type: z.literal('yieldConflict'), side: sideKey }),
  answerYield: z.strictObject({ type: z.literal('answerYield'), accept: z.boolean() }),
  imposeOrder: z.strictObject({ type: z.literal('imposeOrder'), text: nonEmptyTextSchema }),
  gmEndConflict: z.strictObject({
    type: z.literal('gmEndConflict'),
    winner: sideKey.nullable(),
    reason: textSchema,
  }),
} as const;

type Schemas = typeof campaignSchemas;
export type CampaignCommand = { [K in keyof Schemas]: z.infer<Schemas[K]> }[keyof Schemas];
export type DevelopmentChoice = z.infer<Schemas['developmentRoll']>['choice'];

/** NFA rounds of tied candidates for a field promotion (empty with one candidate). */
export type FieldPromotionTests = readonly (readonly ({ readonly trooperId: string } & TestFace)[])[];

export interface BrigadierFieldPromotion {
  readonly candidates: readonly string[];
  readonly tests: FieldPromotionTests;
  readonly promoted: string;
  /** Held support the rank issues that the new Brigadier does not hold yet (The Device). */
  readonly vehicles: readonly HeldSupport[];
}

export interface RollOffFace {
  readonly trooperId: string;
  readonly face: number;
}

export type CampaignEvent =
  | {
      readonly type: 'campaign.debriefed';
      readonly mission: number;
      readonly survivors: readonly string[];
      /** The rotating GM's troopers, back from sitting out, each owed a reward. */
      readonly returning: readonly string[];
      readonly medals: readonly { readonly trooperId: string; readonly changes: readonly MedalChange[] }[];
      readonly deeds: readonly {
        readonly trooperId: string;
        readonly medal: MedalId;
        readonly why: 'finalToken' | 'gm';
      }[];
      /** Officers who called an Orbital Bombardment: the NFA test before their seniors. */
      readonly inquiries: readonly ({ readonly trooperId: string } & TestFace)[];
    }
  | {
      readonly type: 'campaign.levelsRolled';
      /** Survivors sharing the most Kills This Mission, and the roll-offs between them. */
      readonly leaders: readonly string[];
      readonly leaderRollOffs: readonly RollOffFace[];
      readonly topKiller: string | null;
      readonly rolls: readonly RollOffFace[];
      /** Everyone who gains a level (the top killer unless at 18, and the best roll(s)). */
      readonly gainers: readonly string[];
    }
  | {
      readonly type: 'campaign.levelTaken';
      readonly trooperId: string;
      readonly ability: 'fa' | 'nfa';
      readonly slot: SlotKind | null;
      readonly source: 'level' | 'gmReward';
    }
  | {
      readonly type: 'campaign.weaponImproved';
      readonly trooperId: string;
      readonly weapon: WeaponId;
      readonly range: Range;
      readonly source: 'automatic' | 'gmReward';
    }
  | ({
      readonly type: 'campaign.developmentRolled';
      readonly trooperId: string;
      readonly choice: DevelopmentChoice;
      /** On success: what the trooper receives (worked out in decide). */
      readonly rank: number | null;
      readonly weapons: readonly OwnedWeapon[];
      readonly vehicles: readonly HeldSupport[];
    } & TestFace)
  | {
      readonly type: 'campaign.demotionTried';
      readonly nominatorId: string;
      readonly targetId: string;
      readonly nominator: TestFace;
      readonly target: TestFace;
      readonly demoted: boolean;
    }
  | {
      readonly type: 'campaign.brigadierFell';
      readonly text: string;
      /**
       * The field promotion of the senior Colonel to the open rank, when a PC Colonel is alive.
       * Absent in older logs (and when nobody qualifies): the rank then just stays open.
       */
      readonly fieldPromotion?: BrigadierFieldPromotion;
    }
  | { readonly type: 'campaign.gearTaken'; readonly trooperId: string; readonly item: EverydayGear }
  | {
      readonly type: 'campaign.missionGmSet';
      readonly mission: number;
      readonly seatId: string | null;
      readonly sittingOut: readonly string[];
      readonly returning: readonly string[];
    }
  | {
      readonly type: 'campaign.planetRolled';
      readonly rolls: readonly RollRecord[];
      readonly encounterPlan: readonly number[];
      readonly aaExplanation: string;
      readonly threatReason: string;
    }
  | {
      readonly type: 'campaign.replacementJoined';
      readonly predecessorId: string;
      readonly trooper: Trooper;
      readonly startingKills: RollRecord;
    }
  | { readonly type: 'campaign.hatredForHomeAdopted'; readonly trooperId: string; readonly slot: number }
  | {
      readonly type: 'campaign.fieldPromotionRolled';
      readonly rank: number;
      readonly tests: FieldPromotionTests;
      readonly promoted: string;
    }
  // Conflicts
  | {
      readonly type: 'conflict.started';
      readonly sides: Readonly<Record<SideKey, ConflictSide>>;
      readonly description: string;
    }
  | {
      readonly type: 'conflict.dominanceRolled';
      /** A side that stayed out has no die: its test is a failure with face 0. */
      readonly tests: Readonly<Record<SideKey, TestFace>>;
      readonly stayedOut?: SideKey;
      readonly rollOffs: readonly { readonly side: SideKey; readonly face: number }[];
      readonly outcome: 'ambush' | 'best' | 'allFail';
      readonly winner: SideKey | null;
      /** Sides whose test carried the GM's one-shot +1 for preparation (spent by it). Absent: none. */
      readonly prepared?: readonly SideKey[];
    }
  /**
   * `side`: who set the range (who answered, who gave the order, below). Written since the log
   * lines name the side; older logs lack it and replay the same.
   */
  | { readonly type: 'conflict.rangeSet'; readonly range: Range; readonly side?: SideKey }
  | { readonly type: 'conflict.declared'; readonly side: SideKey; readonly action: ConflictAction }
  | {
      readonly type: 'conflict.roundRolled';
      readonly tests: Readonly<Record<SideKey, TestFace>>;
      /**
       * The side whose better success waits for its word (act or cancel) before anything acts.
       * Absent when there is nothing to cancel, and in logs from before cancelling existed, whose
       * rounds resolve at once as they did then.
       */
      readonly waitFor?: SideKey;
      /** Sides whose test carried the GM's one-shot +1 for preparation (spent by it). Absent: none. */
      readonly prepared?: readonly SideKey[];
      /**
       * Sides that may re-roll their FA die with combat drugs before anything acts: a failed die, or
       * a success tied with the other side's, holds the round until its side keeps or re-rolls it; a
       * lower success may re-roll while the better one waits (`waitFor`, worked out once every held
       * die is settled). Absent in older logs and when nobody can.
       */
      readonly drugsFor?: readonly SideKey[];
    }
  /** The waiting better success landed, or its side cancelled it (both sides' successes fail). */
  | { readonly type: 'conflict.turnTaken'; readonly side: SideKey; readonly cancelled: boolean }
  | { readonly type: 'conflict.hitAnswered'; readonly useArmour: boolean; readonly side?: SideKey }
  | { readonly type: 'conflict.moved'; readonly side: SideKey; readonly move: 'closer' | 'farther' }
  | {
      readonly type: 'conflict.flashback';
      readonly side: SideKey;
      readonly kind: SlotKind;
      readonly text: string;
      readonly slot: number;
    }
  /** Combat drugs re-rolled a side's FA die (the target is the first roll's). */
  | ({ readonly type: 'conflict.drugsUsed'; readonly side: SideKey } & TestFace)
  /** These sides keep their FA die as rolled (no combat drugs this round). */
  | { readonly type: 'conflict.diceKept'; readonly sides: readonly SideKey[] }
  /** The loser answered the winning Strength with a Weakness (`slot`: the Weakness slot now Used). */
  | {
      readonly type: 'conflict.strengthAnswered';
      readonly side: SideKey;
      readonly text: string;
      readonly slot: number;
    }
  | { readonly type: 'conflict.yielded'; readonly side: SideKey }
  | { readonly type: 'conflict.yieldAnswered'; readonly accept: boolean; readonly side?: SideKey }
  | { readonly type: 'conflict.orderImposed'; readonly text: string; readonly side?: SideKey }
  | {
      readonly type: 'conflict.gmEnded';
      readonly winner: SideKey | null;
      readonly reason: string;
      readonly end: ConflictEnd;
    };

declare module '../commands.ts' {
  interface ExtraCommands {
    campaign: CampaignCommand;
  }
}
declare module '../events.ts' {
  interface ExtraEvents {
    campaign: CampaignEvent;
  }
}
