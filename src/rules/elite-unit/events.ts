import type { ChatEvent } from '../dice-chat/chat.ts';
import type { Pack } from './data/pack.ts';
import type { PartId } from './data/tables.ts';
import type { LayerStep } from './rules/armour.ts';
import type { Rolled, SaveResult } from './rules/dice.ts';
import type { Step } from './rules/effective.ts';
import type {
  Character,
  InitiativeEntry,
  PendingAttack,
  PendingSave,
  Question,
  VehicleInScene,
} from './state.ts';

/**
 * Events of an Elite Unit table. Every die's face is in them; what a rule decided about a
 * character travels as `patches` (the new values), so evolve applies facts and re-runs no rule.
 */

export interface Patch {
  readonly id: string;
  readonly set: Partial<Character>;
}

/** A vehicle's new values (its DC after a blow, ammunition, who is aboard, speed, evasion). */
export interface VehiclePatch {
  readonly id: string;
  readonly set: Partial<Omit<VehicleInScene, 'id' | 'vehicle'>>;
}

/** One layer of one blow, named for the log. */
export interface LayerReport extends LayerStep {
  readonly layer: string;
}

export interface Blow {
  readonly dealt: number;
  readonly layers: readonly LayerReport[];
  readonly toStamina: number;
  readonly staminaBefore: number;
  readonly staminaAfter: number;
  readonly location?: {
    readonly roll: Rolled;
    readonly part: PartId;
    readonly before: string;
    readonly after: string;
    readonly prostheticCheck?: number;
  };
  readonly died?: string;
}

export interface DefenceReport {
  readonly face: number | null;
  readonly dodge: number;
  readonly total: number;
  readonly helpless: boolean;
  readonly parry?: { readonly object: string; readonly save: SaveResult; readonly dodgeBonus: number };
  /** Worn layers the GM ruled do not cover where the blow landed (partial armour). */
  readonly uncovered?: readonly string[];
}

/**
 * Hidden characters an event touches: `redact` has no state, so decide names them in the event
 * (see `markSecrets`), and a player's copy drops their numbers.
 */
export interface WithSecrets {
  readonly secretIds?: readonly string[];
}

export type EliteUnitEvent = ChatEvent | (CoreEvent & WithSecrets);

type CoreEvent =
  | { readonly type: 'pack.loaded'; readonly pack: Pack }
  | { readonly type: 'character.added'; readonly character: Character }
  | { readonly type: 'character.removed'; readonly id: string }
  | {
      readonly type: 'character.changed';
      /** What happened, in a word: reload, aim, gm.set, time, poison, firstAid … */
      readonly reason: string;
      readonly patches: readonly Patch[];
      /** The character whose action this was (counted against its Turn). */
      readonly spendsAction?: string;
      readonly detail?: Readonly<Record<string, unknown>>;
      readonly rolls?: readonly Rolled[];
      readonly hidden?: boolean;
      /** Vehicles the same resolution changed (a crash's hull damage, §13.4). */
      readonly vehicles?: readonly VehiclePatch[];
    }
  | { readonly type: 'vehicle.added'; readonly vehicle: VehicleInScene }
  | { readonly type: 'vehicle.removed'; readonly id: string }
  | {
      readonly type: 'vehicle.changed';
      /** board, leave, drive, gm.set */
      readonly reason: string;
      readonly vehicles: readonly VehiclePatch[];
    }
  | {
      readonly type: 'battle.started';
      readonly entries: readonly InitiativeEntry[];
      readonly ties: readonly (readonly string[])[];
    }
  | {
      readonly type: 'battle.joined';
      readonly entry: InitiativeEntry;
      readonly index: number;
      readonly waits: boolean;
    }
  | { readonly type: 'battle.reordered'; readonly order: readonly string[] }
  | { readonly type: 'battle.ended' }
  | {
      readonly type: 'slot.advanced';
      readonly turn: number;
      readonly slot: number;
      readonly skipped: readonly string[];
    }
  | { readonly type: 'turn.ended'; readonly turn: number }
  | {
      readonly type: 'attack.declared';
      readonly attackId: string;
      readonly attackerId: string;
      readonly weapon: string | null;
      readonly mode: string | null;
      readonly rounds: number;
      readonly face: number;
      readonly total: number;
      readonly steps: readonly Step[];
      readonly patches: readonly Patch[];
      readonly pending: PendingAttack;
      readonly spendsAction: string;
      /** A mounted weapon's ammunition (§13.7). */
      readonly vehicles?: readonly VehiclePatch[];
    }
  | {
      readonly type: 'attack.resolved';
      readonly attackId: string;
      readonly targetId: string;
      readonly attackTotal: number;
      readonly defence: DefenceReport;
      readonly hit: boolean;
      readonly fatal?: boolean;
      readonly nearMiss?: {
        readonly metres: number;
        readonly caught: boolean;
        readonly share: 'full' | 'half' | 'plasma' | 'none';
      };
      readonly damage?: Rolled;
      readonly blow?: Blow;
      readonly patches: readonly Patch[];
      /** The blow on a vehicle: the target, its hull around an occupant, a ramming vehicle (§13.5–13.6). */
      readonly vehicleBlows?: Readonly<Record<string, LayerReport>>;
      /** A ram's occupant-scale damage to everyone aboard the vehicles involved (§13.6). */
      readonly crew?: Readonly<Record<string, Blow>>;
      readonly crewRolls?: readonly Rolled[];
      readonly vehicles?: readonly VehiclePatch[];
    }
  | { readonly type: 'question.asked'; readonly question: Question }
  | {
      readonly type: 'question.answered';
      readonly questionId: string;
      readonly patches: readonly Patch[];
      readonly blows?: Readonly<Record<string, Blow>>;
      readonly detail?: Readonly<Record<string, unknown>>;
      readonly rolls?: readonly Rolled[];
    }
  | { readonly type: 'resolution.undone'; readonly what: string }
  | {
      readonly type: 'save.rolled';
      readonly characterId: string;
      readonly save: SaveResult;
      readonly modifier: number;
      readonly hidden: boolean;
    }
  /** A spell's save put to the target's seat (the cast itself is a `character.changed` before it). */
  | { readonly type: 'save.asked'; readonly pending: PendingSave }
  | {
      readonly type: 'save.resolved';
      readonly saveId: string;
      readonly characterId: string;
      readonly save: SaveResult;
      /** What the failed save cost the target (a spell reduction, a primed scramble). */
      readonly patches: readonly Patch[];
      readonly rolls?: readonly Rolled[];
    }
  | {
      readonly type: 'opposed.rolled';
      readonly purpose: string;
      readonly actor: {
        readonly id: string;
        readonly attribute: string;
        readonly face: number;
        readonly total: number;
      };
      readonly others: readonly {
        readonly id: string;
        readonly attribute: string;
        readonly face: number;
        readonly total: number;
        readonly actorWins: boolean;
      }[];
      readonly hidden: boolean;
    }
  | {
      readonly type: 'table.rolled';
      readonly table: string;
      readonly roll: Rolled;
      readonly result: string;
      readonly hidden: boolean;
    };

export type EliteUnitEventType = EliteUnitEvent['type'];
