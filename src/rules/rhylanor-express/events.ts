import type { Carried, Character, Dose, Wound } from './character.ts';
import type { Pack } from './data/pack-schema.ts';
import type { MovementOption, VehicleActivity, WoundLevel } from './data/tables.ts';
import type {
  Combat,
  Combatant,
  Continuation,
  CoverArea,
  IndirectCall,
  LostTurns,
  Machine,
  Phase,
  PointDefenceCover,
  Research,
  Seat,
  SideId,
} from './state.ts';
import type { RollRecord } from './task.ts';
import type { DamageRoll } from './vehicles.ts';

/** Sheet fields a rule or the referee may set directly (each change logged as an event). */
export interface CharacterPatch {
  readonly name?: string;
  readonly owner?: string | null;
  readonly secret?: boolean;
  readonly upp?: readonly number[];
  readonly mods?: readonly number[];
  readonly skills?: Readonly<Record<string, number>>;
  readonly ticks?: readonly string[];
  readonly wounds?: readonly Wound[];
  readonly weapons?: readonly Carried[];
  readonly armour?: string | null;
  readonly gear?: readonly string[];
  readonly carriedKg?: number;
  readonly carryingPerson?: boolean;
  readonly career?: string | null;
  readonly skillRollsOwed?: number;
  readonly field?: string;
  readonly fieldTermsOwed?: number;
  readonly cascadesOwed?: readonly string[];
  readonly advancesOwed?: number;
  readonly drugs?: readonly Dose[];
}

/** Events of the personal half of Rhylanor Express (space events come from `space/`). */
export type PersonalEvent =
  // Characters and advancement ------------------------------------------------------------------
  | { readonly type: 'character.created'; readonly character: Character }
  | {
      readonly type: 'character.updated';
      readonly characterId: string;
      readonly set: CharacterPatch;
      /** What changed it: a rule (`rule`) or the referee overriding (`referee`). */
      readonly by: 'rule' | 'referee';
      readonly reason: string;
    }
  | {
      readonly type: 'character.skillGained';
      readonly characterId: string;
      readonly result: string;
      readonly skill: string;
      readonly level: number;
    }
  | {
      readonly type: 'character.advancementRolled';
      readonly characterId: string;
      readonly skill: string;
      readonly face: number;
      readonly from: number;
      readonly rose: boolean;
    }
  | {
      readonly type: 'chargen.rolled';
      readonly characterId: string;
      readonly kind: 'specialDuty' | 'survival' | 'commission' | 'promotion' | 'reenlist';
      readonly roll: RollRecord;
      /** Extra skill rolls this roll earned (special duty success, natural 10–12). */
      readonly extraSkillRolls: number;
      /**
       * A re-enlistment roll ending a term in a career with fields (§3.5, the Scientist): a level
       * in his field is owed for the term. Absent: nothing owed (older logs too).
       */
      readonly fieldTerm?: true;
    }
  | {
      /** A term's level in his academic field taken (§3.5); the first one fixes the field. */
      readonly type: 'chargen.fieldGained';
      readonly characterId: string;
      readonly field: string;
      readonly level: number;
    }
  | {
      readonly type: 'chargen.skillRolled';
      readonly characterId: string;
      readonly career: string;
      readonly table: number;
      readonly face: number;
      readonly result: string;
      /** An extra roll owed (special duty, high results) was used. */
      readonly extra: boolean;
      /** The result is a cascade: the pick follows as `character.skillGained`. */
      readonly cascade: boolean;
    }
  // Tasks -----------------------------------------------------------------------------------
  | {
      readonly type: 'task.rolled';
      readonly characterId: string;
      readonly skill: string | null;
      readonly roll: RollRecord;
      /** The skill ticked for advancement by this success, if any. */
      readonly ticked: string | null;
      readonly label?: string;
    }
  /** The referee's new data pack (`pack.load`), checked whole; players see it without its secrets. */
  | { readonly type: 'pack.loaded'; readonly pack: Pack }
  // Tactics-pool windows ----------------------------------------------------------------------
  | {
      readonly type: 'window.opened';
      readonly rolls: readonly RollRecord[];
      readonly after: Continuation;
      /** Set by decide: the wound rolls on an unseen man aboard, kept anonymous from players. */
      readonly unseen?: readonly number[];
      /** Set by decide, beside `unseen`: the seat that owns each such man (null: nobody's), who sees his own roll. */
      readonly unseenBy?: readonly (string | null)[];
    }
  | {
      readonly type: 'pool.spent';
      readonly side: SideId;
      readonly delta: number;
      /** Index of the roll in the open window; null: staged before the next roll. */
      readonly rollIndex: number | null;
    }
  | { readonly type: 'pool.passed'; readonly side: SideId }
  | {
      readonly type: 'window.closed';
      readonly rolls: readonly RollRecord[];
      readonly by: 'pools' | 'referee';
      /** As on `window.opened`. */
      readonly unseen?: readonly number[];
      readonly unseenBy?: readonly (string | null)[];
    }
  | { readonly type: 'pool.stagedUsed' }
  // Personal combat ---------------------------------------------------------------------------
  | { readonly type: 'combat.started'; readonly combat: Combat }
  | {
      readonly type: 'combat.spotted';
      readonly side: SideId;
      readonly spotterId: string | null;
      readonly roll: RollRecord | null;
      readonly success: boolean;
      readonly reason: string;
    }
  | {
      readonly type: 'combat.rolledOff';
      readonly rolls: readonly { readonly a: number; readonly b: number }[];
      readonly chooser: SideId;
    }
  | { readonly type: 'combat.ordered'; readonly intruder: SideId; readonly surprise: SideId | null }
  | {
      readonly type: 'combat.moved';
      readonly id: string;
      readonly option: MovementOption;
      readonly x: number;
      readonly y: number;
      readonly reloading: number | null;
      readonly handhold: boolean;
      /** Melee contacts after the move (enemy id → turn made). */
      readonly contacts: Readonly<Record<string, number>>;
    }
  | {
      readonly type: 'combat.controlRolled';
      readonly id: string;
      readonly roll: RollRecord;
      readonly tumbling: boolean;
    }
  | {
      readonly type: 'combat.fired';
      readonly shooterId: string;
      readonly weaponIndex: number;
      readonly weaponId: string;
      readonly rounds: number;
      readonly targets: readonly {
        readonly targetId: string;
        readonly band: string;
        readonly rounds: number;
      }[];
      /** A rider's shot through a closed vehicle's firing port: the vehicle and his seat's number (none in older logs' unnumbered seats). */
      readonly port?: { readonly machineId: string; readonly place?: number };
    }
  | {
      readonly type: 'combat.meleeStruck';
      readonly attackerId: string;
      readonly defenderId: string;
      readonly weaponId: string;
      readonly contacts: Readonly<Record<string, number>>;
    }
  | {
      readonly type: 'combat.hits';
      readonly attackerId: string;
      readonly targetId: string;
      readonly hits: number;
      /** The attack roll as it finally stood (pool points included). */
      readonly roll: RollRecord;
    }
  | {
      readonly type: 'combat.unhurt';
      readonly characterId: string;
      readonly roll: RollRecord;
      /** Set by decide: he is an unseen man aboard a vehicle that was hit. */
      readonly hidden?: boolean;
      /** Set by decide beside `hidden`: his owner's seat, whose copy names him. */
      readonly seenBy?: string;
    }
  | {
      readonly type: 'combat.deviated';
      readonly attackerId: string;
      readonly clock: number;
      readonly metres: number;
      readonly x: number;
      readonly y: number;
    }
  | {
      readonly type: 'character.wounded';
      readonly characterId: string;
      /** Set by decide: he is an unseen man aboard a vehicle that was hit. */
      readonly hidden?: boolean;
      /** Set by decide beside `hidden`: his owner's seat, whose copy names him. */
      readonly seenBy?: string;
      readonly wound: Wound;
      readonly rolled: WoundLevel;
      readonly shift: number;
      /** The wound roll; absent when the referee set the wound. */
      readonly roll?: RollRecord;
    }
  | {
      readonly type: 'combat.phaseChanged';
      readonly turn: number;
      readonly phasing: SideId;
      readonly phase: Phase;
    }
  | { readonly type: 'combat.reloaded'; readonly id: string; readonly weaponIndex: number }
  | { readonly type: 'combat.moraleDue'; readonly side: SideId }
  | { readonly type: 'combat.leaderLost'; readonly side: SideId; readonly turn: number }
  | {
      readonly type: 'combat.moraleRolled';
      readonly side: SideId;
      readonly roll: RollRecord;
      readonly result: 'steady' | 'fled' | 'surrendered';
      readonly rally: boolean;
    }
  | {
      readonly type: 'combat.positioned';
      readonly id: string;
      readonly x?: number;
      readonly y?: number;
      readonly cover?: number;
      readonly fullCover?: boolean;
      readonly concealed?: boolean;
      readonly activity?: string | null;
      readonly tumbling?: boolean;
      readonly by: 'rule' | 'referee';
    }
  | {
      readonly type: 'combat.steadied';
      readonly characterId: string;
      readonly roll: RollRecord;
      readonly holds: boolean;
    }
  | {
      readonly type: 'combat.sought';
      readonly seekerId: string;
      readonly targetId: string;
      readonly roll: RollRecord | null;
      readonly found: boolean;
    }
  | { readonly type: 'combat.indirectCalled'; readonly call: IndirectCall }
  | {
      readonly type: 'combat.indirectLanded';
      readonly callId: number;
      readonly roll: RollRecord;
      readonly x: number;
      readonly y: number;
      readonly clock: number | null;
      readonly metres: number;
    }
  | { readonly type: 'combat.coverPlaced'; readonly area: CoverArea }
  | { readonly type: 'combat.coverRemoved'; readonly coverId: number }
  | { readonly type: 'combat.ended'; readonly reason: string }
  // Vehicles in personal combat (§7.7) ------------------------------------------------------------
  | { readonly type: 'combat.vehicleJoined'; readonly combatant: Combatant }
  | {
      readonly type: 'combat.driven';
      readonly id: string;
      readonly x: number;
      readonly y: number;
      readonly activity: VehicleActivity;
      readonly moved: boolean;
    }
  | {
      readonly type: 'combat.vehicleFired';
      readonly machineId: string;
      readonly gunnerId: string;
      readonly slot: number;
      readonly weaponId: string;
      readonly rounds: number;
      readonly targets: readonly {
        readonly targetId: string;
        readonly band: string;
        readonly rounds: number;
      }[];
    }
  | {
      readonly type: 'combat.bombed';
      readonly machineId: string;
      readonly pilotId: string;
      readonly roll: RollRecord;
      /** Where it landed: the aimed point on a hit, else deviated (`clock`, `metres`). */
      readonly x: number;
      readonly y: number;
      readonly clock: number | null;
      readonly metres: number;
      /** Who stood within the blast (pack `bombRadius`) where it landed; absent in older logs. */
      readonly caught?: readonly string[];
    }
  | {
      readonly type: 'combat.dogfought';
      readonly attackerId: string;
      readonly targetId: string;
      readonly pilotId: string;
      readonly roll: RollRecord;
      readonly won: boolean;
    }
  | {
      readonly type: 'combat.pointDefended';
      readonly machineId: string;
      readonly weaponId: string;
      /** The slot and the rounds it used (double a turn's); logs before ammunition was counted lack them. */
      readonly slot?: number;
      readonly rounds?: number;
      readonly rolls: readonly RollRecord[];
      readonly defeated: number;
    }
  | {
      readonly type: 'combat.pointDefenceSet';
      readonly machineId: string;
      readonly slot: number;
      readonly on: boolean;
      readonly covers?: PointDefenceCover;
    }
  | { readonly type: 'combat.vehicleReloaded'; readonly machineId: string; readonly slot: number }
  // Medicine, science, intrusion ----------------------------------------------------------------
  | {
      readonly type: 'medic.treated';
      readonly medicId: string;
      readonly patientId: string;
      readonly woundId: number;
      readonly roll: RollRecord;
      readonly wounds: readonly Wound[];
    }
  | {
      readonly type: 'medic.preserved';
      readonly medicId: string;
      readonly patientId: string;
      readonly woundId: number;
      readonly roll: RollRecord;
      readonly wounds: readonly Wound[];
    }
  | { readonly type: 'machine.added'; readonly machine: Machine }
  | {
      readonly type: 'machine.damaged';
      readonly machineId: string;
      readonly roll: DamageRoll;
      readonly damage: readonly string[];
      readonly destroyed: boolean;
      readonly inert: boolean;
      /** A robot's lost turns in a fight: the fight turns it sits out (and the 1d6 of Lose 1d6 turns). */
      readonly lostTurns?: LostTurns;
    }
  | {
      readonly type: 'machine.boarded';
      readonly machineId: string;
      readonly characterId: string;
      readonly seat: Seat;
      /** A passenger's numbered seat (absent in logs written before seats were numbered). */
      readonly place?: number;
    }
  | {
      /** The referee moved a rider to another seat of the same vehicle. */
      readonly type: 'machine.reseated';
      readonly machineId: string;
      readonly characterId: string;
      readonly seat: Seat;
      /** A passenger's numbered seat (absent in logs written before seats were numbered). */
      readonly place?: number;
    }
  | {
      readonly type: 'machine.alighted';
      readonly machineId: string;
      readonly characterId: string;
      /** Where he stands, in a fight. */
      readonly x?: number;
      readonly y?: number;
    }
  | {
      /** A crew effect of the vehicle damage table (§7.13) and whom it reaches. */
      readonly type: 'machine.crewAttacked';
      readonly machineId: string;
      readonly effect: string;
      /** The die that chose the one crewman (null: nobody to choose between, or all of them). */
      readonly pick: number | null;
      readonly characterIds: readonly string[];
      /** An explosion: each man's vehicle-skill roll to get clear (8+). */
      readonly escapes?: readonly {
        readonly characterId: string;
        readonly roll: RollRecord;
        readonly escaped: boolean;
      }[];
    }
  | {
      readonly type: 'machine.repaired';
      readonly machineId: string;
      readonly technicianId: string;
      readonly effect: string;
      readonly roll: RollRecord;
      readonly damage: readonly string[];
    }
  | { readonly type: 'research.started'; readonly research: Research }
  | {
      readonly type: 'research.rolled';
      readonly researchId: string;
      readonly roll: RollRecord;
      readonly successes: number;
      readonly wiped: boolean;
      readonly done: boolean;
      /** Game time of the roll, which paces the next (§8.4, §8.5); absent in older logs. */
      readonly at?: number;
    }
  | {
      /** A day's try at treating a patient for a researched disease (one a day, §8.4 reading). */
      readonly type: 'disease.treated';
      readonly researchId: string;
      readonly patientId: string;
      readonly at: number;
    }
  // Game time, death clocks and drugs -----------------------------------------------------------
  | { readonly type: 'time.passed'; readonly seconds: number; readonly now: number; readonly reason: string }
  | {
      readonly type: 'clock.deathRolled';
      readonly characterId: string;
      readonly woundId: number;
      /** The 1d6 hours a mortal wound leaves (§8.1). */
      readonly face: number;
      readonly diesAt: number;
    }
  | { readonly type: 'drug.taken'; readonly characterId: string; readonly dose: Dose }
  | {
      readonly type: 'drug.changed';
      readonly characterId: string;
      /** Index of the dose in his `drugs`. */
      readonly index: number;
      readonly stage: 'active' | 'asleep' | 'over';
      /** The crash die (1d6 End) when a slow or combat drug wears off. */
      readonly crashFace?: number;
    }
  | {
      readonly type: 'intrusion.rolled';
      readonly kind: 'pickLock' | 'demolition' | 'hack' | 'evidence' | 'forgery';
      readonly characterId: string;
      readonly targetName: string;
      readonly roll: RollRecord | null;
      readonly outcome: string;
      readonly jammedLock?: string;
    };

export type PersonalEventType = PersonalEvent['type'];
