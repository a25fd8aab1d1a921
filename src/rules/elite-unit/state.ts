import type { Role } from '../../engine/ruleset.ts';
import { type ChatState, EMPTY_CHAT } from '../dice-chat/chat.ts';
import type { Pack } from './data/pack.ts';
import type { PartId } from './data/tables.ts';
import type { Rolled, SaveResult } from './rules/dice.ts';

/**
 * The state of an Elite Unit table: plain JSON, folded from the log. Evolve copies only along
 * the path that changed (a character, the battle), never the whole roster.
 */

/** §9.4 body-part state; halving is recorded here, not on the sheet (§4 step 2). */
export const PART_STATES = [
  'intact',
  'damaged',
  'destroyed',
  'repaired',
  'prosthetic',
  'prostheticDamaged',
  'prostheticFailed',
] as const;
export type PartState = (typeof PART_STATES)[number];

export interface WeaponInstance {
  readonly key: string;
  readonly weapon: string;
  readonly inHands: boolean;
  readonly loaded: number;
  /** Rounds in each spare magazine / belt; for `itself` feeds, spare items (each 1). */
  readonly spares: readonly number[];
  /** Loose rounds (internal magazines load from these; refills take from them). */
  readonly loose: number;
  readonly recoil: number;
  /** Recoil vent rating (a −2 vent is 2). */
  readonly vent: number;
  /** A Manual weapon fired since its last reload. */
  readonly needsReload: boolean;
  /** Rounds fired this Turn (Full Auto's cap per Turn). */
  readonly firedThisTurn: number;
  /** The parry attributes' DC left, or null when the weapon cannot parry. */
  readonly dc: number | null;
}

export interface ArmourLayer {
  readonly key: string;
  readonly item: string;
  readonly name: string;
  readonly dc: number;
  readonly dcMax: number;
  readonly resilience: number;
  /** A magic layer (Ward) that lapses after this many Turns. */
  readonly turnsLeft?: number;
}

/** A held parry object that is not a weapon (a riot shield). */
export interface HeldObject {
  readonly key: string;
  readonly item: string;
  readonly name: string;
  readonly dc: number;
  readonly resilience: number;
  readonly dodgeBonus: number;
  readonly code: number;
}

export interface Condition {
  readonly id: string;
  /** Turns left (ticks at each Turn's end); absent = until removed. */
  readonly turns?: number;
  /** A factor or divisor rolled once when the effect began (chaos #3, #13). */
  readonly factor?: number;
  readonly note?: string;
}

export interface NeStore {
  readonly item: string;
  readonly ne: number;
  readonly max: number;
  /** The level it held when the character came into play (chaos #10 refills to it). */
  readonly original: number;
}

export interface Character {
  readonly id: string;
  readonly name: string;
  readonly kind: 'pc' | 'npc';
  readonly role: string;
  readonly ownerSeatId: string | null;
  /** A GM-only sheet: players see its name and state words, never its numbers. */
  readonly hidden: boolean;
  readonly attributes: Readonly<Record<string, number>>;
  readonly stamina: number;
  readonly staminaMax: number;
  readonly ne: number;
  readonly neMax: number;
  readonly neStores: readonly NeStore[];
  readonly poison: number;
  /** Highest Poison Level above 35 already paid for in permanent losses since it last fell to 35. */
  readonly overdosePaid: number;
  readonly actions: number;
  readonly levels: {
    readonly warrior: number;
    readonly pilot: number;
    readonly wizard: number;
    readonly total: number;
  };
  readonly controlPort: boolean;
  readonly skills: readonly string[];
  readonly licence: number;
  readonly money: number;
  readonly age: number;
  readonly parts: Readonly<Partial<Record<PartId, PartState>>>;
  /** Age at which each prosthetic was fitted or last overhauled. */
  readonly prostheticSince: Readonly<Partial<Record<PartId, number>>>;
  /** Temporary drains (recover 1 per hour) and spell reductions (do not). */
  readonly drains: Readonly<Record<string, number>>;
  readonly spellReductions: Readonly<Record<string, number>>;
  readonly conditions: readonly Condition[];
  readonly weapons: readonly WeaponInstance[];
  /** Worn layers, outermost first. */
  readonly armour: readonly ArmourLayer[];
  readonly held: readonly HeldObject[];
  readonly gear: readonly string[];
  readonly spells: readonly string[];
  /** Why the character died, or null while alive. */
  readonly dead: string | null;
  /** First aid already given for the current injury (§18.4: once per injury). */
  readonly firstAidGiven: boolean;
  /** Ageing rows already applied (ages). */
  readonly agedAt: readonly number[];
}

export interface InitiativeEntry {
  readonly id: string;
  readonly face: number;
  readonly total: number;
}

export interface Battle {
  readonly turn: number;
  /** In acting order; ties keep joining order until the GM reorders. */
  readonly order: readonly InitiativeEntry[];
  /** Index into `order` of the slot acting now. */
  readonly slot: number;
  readonly actionsUsed: number;
  /** Newcomers whose place was already past this Turn: they first act next Turn. */
  readonly waiting: readonly string[];
}

export interface Occupant {
  readonly id: string;
  /** In a seat (crash damage per 20 kph) or not (× 4, §13.4). */
  readonly seated: boolean;
}

/**
 * A vehicle in the scene (§13): an object with its own DC and Resilience (§9.2, §13.5), a driver
 * and occupants, its speed, evasive manoeuvres and its mounted weapons (keys t1, t2 … with their
 * ammunition). Vehicles and characters share one id space, so an attack names either.
 */
export interface VehicleInScene {
  readonly id: string;
  /** The pack's vehicle. */
  readonly vehicle: string;
  readonly name: string;
  readonly dc: number;
  readonly dcMax: number;
  readonly resilience: number;
  readonly driverId: string | null;
  readonly controls: 'manual' | 'port';
  /** Everyone aboard but the driver. */
  readonly occupants: readonly Occupant[];
  readonly speedKph: number;
  /** Evasive manoeuvres (§13.5): switched on in the battle Turn given (0 outside a battle). */
  readonly evasive: { readonly turn: number } | null;
  readonly weapons: readonly WeaponInstance[];
}

/** What an attack is in the middle of: the defenders still to answer. */
export interface PendingAttack {
  readonly attackId: string;
  readonly attackerId: string;
  readonly weaponKey: string | null;
  readonly weapon: string | null;
  /** An attack spell (Spark, Fireball) instead of a weapon. */
  readonly spell: string | null;
  /** An object thrown without a block of its own: its encumbrance code (§12, Hit Damage). */
  readonly thrownCode?: number;
  /** A damage cell of its own (a ram's crash dice, §13.6). */
  readonly cell?: string;
  /** Fired from a vehicle's mount (§13.7): the vehicle whose weapon `weaponKey` is. */
  readonly vehicleId?: string;
  /** A ram (§13.6): the closing speed, and the ramming vehicle when it is in the scene. */
  readonly ram?: { readonly kph: number; readonly vehicleId: string | null };
  readonly targets: readonly { readonly id: string; readonly distance: number; readonly column: number }[];
  /** Index of the target whose answer is awaited. */
  readonly next: number;
  readonly attackTotal: number;
  readonly parryable: boolean;
  readonly unaware: boolean;
  readonly fatal: boolean;
  readonly multiplier: number;
  readonly divisor: number;
  readonly strength: number | null;
  /** The damage roll per column, once rolled (shared by a Full Auto spread). */
  readonly damage: Readonly<Record<number, Rolled>>;
}

/**
 * A spell's save the target's seat still has to roll (Drain Will, Spell Scramble, §18.7): the
 * caster has paid and any scramble is done; the effect waits for the target's answer, as an
 * attack waits for the defender's.
 */
export interface PendingSave {
  readonly saveId: string;
  readonly casterId: string;
  readonly targetId: string;
  readonly spell: string;
  readonly attribute: string;
}

/** A judgement the engine leaves to the GM (§18.8): asked, then answered by a GM command. */
export type Question =
  | { readonly id: string; readonly kind: 'tieOrder'; readonly ids: readonly string[] }
  | {
      readonly id: string;
      readonly kind: 'bystanders';
      readonly attackId: string;
      readonly weapon: string;
      readonly area: 'blast' | 'spread';
      readonly radius: number;
      readonly plasma: boolean;
      /** The range column of the attack's first target (a blast's damage cell). */
      readonly column: number;
      readonly damage: Readonly<Record<number, Rolled>>;
    }
  | {
      readonly id: string;
      readonly kind: 'prostheticFailure';
      readonly characterId: string;
      readonly part: PartId;
    }
  | { readonly id: string; readonly kind: 'oldAgeDeath'; readonly characterId: string }
  | {
      readonly id: string;
      readonly kind: 'chaosWeapon';
      readonly characterId: string;
      readonly factor: number;
      readonly turns: number;
    }
  | {
      readonly id: string;
      readonly kind: 'bareFail';
      readonly characterId: string;
      readonly save: SaveResult;
    };

/** What the GM may take back: the characters and battle as they were before the last resolution. */
export interface Undo {
  readonly characters: Readonly<Record<string, Character>>;
  readonly battle: Battle | null;
  readonly pending: PendingAttack | null;
  readonly pendingSave: PendingSave | null;
  readonly vehicles: Readonly<Record<string, VehicleInScene>>;
  readonly questions: readonly Question[];
  readonly what: string;
}

export interface EliteUnitState {
  readonly seats: Readonly<Record<string, { readonly role: Role; readonly name: string }>>;
  readonly chat: ChatState;
  readonly pack: Pack;
  readonly characters: Readonly<Record<string, Character>>;
  readonly roster: readonly string[];
  /** Vehicles in the scene, by id (§13). */
  readonly vehicles: Readonly<Record<string, VehicleInScene>>;
  readonly battle: Battle | null;
  readonly pending: PendingAttack | null;
  /** A spell's save waiting for the target's seat. */
  readonly pendingSave: PendingSave | null;
  readonly questions: readonly Question[];
  readonly undo: Undo | null;
  /** Game hours elapsed (time passing, §10). */
  readonly hours: number;
  /** Counters for ids. */
  readonly counters: {
    readonly character: number;
    readonly attack: number;
    readonly question: number;
    readonly save: number;
  };
}

export interface EliteUnitOptions {
  /** A checked data pack (parsePack); the default set when omitted. */
  readonly pack?: Pack;
}

export function initialState(pack: Pack): EliteUnitState {
  return {
    seats: {},
    chat: EMPTY_CHAT,
    pack,
    characters: {},
    roster: [],
    vehicles: {},
    battle: null,
    pending: null,
    pendingSave: null,
    questions: [],
    undo: null,
    hours: 0,
    counters: { character: 0, attack: 0, question: 0, save: 0 },
  };
}
