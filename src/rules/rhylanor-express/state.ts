import type { Role } from '../../engine/ruleset.ts';
import { type ChatState, EMPTY_CHAT } from '../dice-chat/chat.ts';
import type { Character } from './character.ts';
import type { Pack, Vehicle } from './data/pack-schema.ts';
import type { Disposition, MovementOption, ResearchPeriod, VehicleActivity } from './data/tables.ts';
import type { PoolSpend, RollRecord } from './task.ts';

/**
 * The state of a Rhylanor Express table: plain JSON, folded from the log by `evolve`.
 * Copy on write along the changed path only (`withCharacter`, `withCombatant`): records keyed by
 * id, so one change copies one record, never the roster.
 */

export const SIDES = ['a', 'b'] as const;
export type SideId = (typeof SIDES)[number];
export const PHASES = ['movement', 'directFire', 'returnFire', 'melee', 'morale', 'command'] as const;
export type Phase = (typeof PHASES)[number];

export interface Combatant {
  readonly id: string;
  readonly side: SideId;
  /** Metres on the table's plane. */
  readonly x: number;
  readonly y: number;
  /** Option chosen in his side's last movement phase (return fire needs Stand). */
  readonly option: MovementOption | null;
  /** Turn number of that choice. */
  readonly optionTurn: number;
  /** A failed graze check (§7.12): his next move must be Evade, toward cover when the map has some in reach. */
  readonly mustEvade?: boolean;
  /** Weapon index being reloaded (cannot attack this turn; done in the command phase). */
  readonly reloading: number | null;
  /** Partial cover penalty 0–4 (§7.6), full cover (cannot be attacked), concealment (§7.15). */
  readonly cover: number;
  readonly fullCover: boolean;
  readonly concealed: boolean;
  /** Zero-G: tumbling helplessly; the turn of the last control roll. */
  readonly tumbling: boolean;
  readonly controlTurn: number;
  readonly handhold: boolean;
  /** Melee contacts: enemy id → turn contact was made (Reach counts on that turn). */
  readonly contacts: Readonly<Record<string, number>>;
  /** A vehicle target's doing this turn, for the vehicle to-hit table. */
  readonly activity: VehicleActivity | null;
}

export interface Side {
  readonly id: SideId;
  readonly name: string;
  readonly disposition: Disposition;
  readonly military: boolean;
  readonly leaderId: string | null;
  readonly members: readonly string[];
  /** Tactics points left (§7.3): set at the start, never refilled in this battle. */
  readonly pool: number;
  readonly morale: 'steady' | 'fled' | 'surrendered';
  /** Checks once 25% are down, then every turn in its own morale phase. */
  readonly moraleChecking: boolean;
  /** Morale checks made so far: after the first, only in the side's own morale phase. */
  readonly moraleChecks: number;
  readonly leaderLostTurn: number | null;
}

/** What a closed pool window goes on to do with its rolls. */
export type Continuation =
  | { readonly kind: 'task'; readonly characterId: string; readonly skill: string | null }
  | {
      readonly kind: 'fire';
      readonly shooterId: string;
      readonly weaponId: string;
      /** rolls[i] is against targets[i]. */
      readonly targets: readonly { readonly targetId: string; readonly cap: number }[];
    }
  | {
      readonly kind: 'melee';
      readonly attackerId: string;
      readonly defenderId: string;
      readonly weaponId: string;
      readonly maxHits: number;
    }
  | {
      readonly kind: 'wounds';
      /** rolls[i] is the wound roll of hits[i]. */
      readonly hits: readonly {
        readonly targetId: string;
        readonly shift: -1 | 0 | 1;
        readonly attackerId: string;
      }[];
    }
  | { readonly kind: 'morale'; readonly side: SideId }
  | { readonly kind: 'spot'; readonly side: SideId };

/** A roll (or a volley of them) made and waiting: pool points may still move it (§7.3). */
export interface OpenWindow {
  readonly rolls: readonly RollRecord[];
  readonly passed: readonly SideId[];
  readonly after: Continuation;
}

export interface IndirectCall {
  readonly id: number;
  readonly observerId: string;
  readonly side: SideId;
  readonly attack: 'firstShot' | 'laterShot' | 'homingMissile' | 'laserGuided';
  readonly x: number;
  readonly y: number;
  /** Turn and side whose command phase it lands in. */
  readonly arrivesTurn: number;
  readonly arrivesSide: SideId;
  readonly dms: readonly { readonly source: string; readonly value: number }[];
}

export interface Combat {
  readonly stage: 'spotting' | 'order' | 'turns';
  readonly turn: number;
  readonly phasing: SideId;
  readonly phase: Phase;
  readonly intruder: SideId | null;
  /** Side that chooses Intruder/Native (higher pool, or the roll-off winner). */
  readonly chooser: SideId | null;
  /** A side taking its surprise movement and fire before turn 1. */
  readonly surprise: SideId | null;
  readonly spotted: Readonly<Record<SideId, boolean | null>>;
  readonly sides: Readonly<Record<SideId, Side>>;
  readonly combatants: Readonly<Record<string, Combatant>>;
  /** Ids that attacked in the current phase (one attack each per phase). */
  readonly acted: Readonly<Record<string, true>>;
  readonly zeroG: boolean;
  readonly daylight: boolean;
  readonly indirect: readonly IndirectCall[];
  readonly nextCallId: number;
  /** Dogfight rolls this fight (§7.7): a win lets that shot ignore the movement DM; a loss lets the target answer. */
  readonly dogfights?: readonly Dogfight[];
  /** Cover the referee has placed on the fight's plane (§7.15); absent in fights begun before it. */
  readonly coverMap?: readonly CoverArea[];
  readonly nextCoverId?: number;
}

/**
 * A patch of cover on the plane: a circle (centre and radius in metres) giving partial cover of a
 * DM 1–4 or full cover to whoever stands in it. Circles because positions are free points in metres.
 */
export interface CoverArea {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly cover: number | 'full';
  readonly name: string;
}

export interface Dogfight {
  readonly attackerId: string;
  readonly targetId: string;
  readonly turn: number;
  readonly phase: Phase;
  readonly won: boolean;
}

export interface Research {
  readonly id: string;
  readonly name: string;
  readonly characterId: string;
  readonly skill: string;
  /** Referee secrets: the target and the successes needed. */
  readonly target: number;
  readonly needed: number;
  readonly successes: number;
  readonly done: boolean;
  readonly kind: 'disease' | 'device' | 'question';
  /** A disease: the treatment target once a treatment exists, and End lost per failed day. */
  readonly treatmentTarget?: number;
  readonly endPerDay?: number;
  /** One roll per this span of game time (§8.4, §8.5); absent: a week (older logs). */
  readonly period?: ResearchPeriod;
  /** Game time of the last roll; absent: none yet, or rolled before rolls were paced. */
  readonly lastRolledAt?: number;
  /** A disease: game time of each patient's last treatment try (one a day, §8.4 reading). */
  readonly treatedAt?: Readonly<Record<string, number>>;
}

/** A vehicle or robot in play and the damage effects it carries (§7.13, §7.14). */
export interface Machine {
  readonly id: string;
  readonly kind: 'vehicle' | 'robot';
  readonly packId: string;
  readonly name: string;
  readonly armour: number;
  readonly damage: readonly string[];
  readonly destroyed: boolean;
  /** A robot whose power plant or brain is gone. */
  readonly inert: boolean;
  /** A robot's lost turns (§7.14): the fight turns it sits out (absent: none). */
  readonly lostTurns?: LostTurns;
  /** Rounds each weapon slot fired since its last load (absent: none; §7.7 vehicle weapons). */
  readonly spent?: readonly number[];
  /** Spare loads each slot has used (the pack's `spareLoads` is what it carried). */
  readonly reloads?: readonly number[];
  /** Slots set to point defence in a command phase, and what each covers (§7.7). */
  readonly pointDefence?: readonly PointDefenceSetting[];
  /** Who rides in a vehicle and in which seat (absent: nobody; the pack's `capacity` bounds it). */
  readonly riders?: readonly Rider[];
  /** Bombs dropped from its rack so far (the pack's `bombLoad` is what a full rack holds, §7.11). */
  readonly bombsDropped?: number;
}

/** Fight turns a robot sits out (§7.14), first and last; `die` is the 1d6 of Lose 1d6 turns. */
export interface LostTurns {
  readonly from: number;
  readonly through: number;
  readonly die?: number;
}

export const SEATS = ['driver', 'gunner', 'passenger'] as const;
export type Seat = (typeof SEATS)[number];

/** One man aboard a vehicle: the driver drives (and pilots), a gunner lays its weapons. */
export interface Rider {
  readonly characterId: string;
  readonly seat: Seat;
  /** A passenger's numbered seat (1 up to the pack's `capacity`); absent for the driver, a gunner, or one boarded before seats were numbered. */
  readonly place?: number;
}

/**
 * The passenger seats of a vehicle that have a firing port: the pack's `portSeats`, else seats 1 to
 * its `firePorts` (so a pack written before seats were numbered keeps its count of ports).
 */
export function portSeatsOf(v: Pick<Vehicle, 'portSeats' | 'firePorts'>): readonly number[] {
  return v.portSeats ?? Array.from({ length: v.firePorts }, (_, i) => i + 1);
}

/** The vehicle a character rides in, if any. */
export function ridingIn(state: RhylanorState, characterId: string): Machine | null {
  for (const m of Object.values(state.machines))
    if (m.riders?.some((r) => r.characterId === characterId)) return m;
  return null;
}

/** What a point-defence weapon covers: its own vehicle, one other vehicle, or one area (≤ 50 × 50 m). */
export type PointDefenceCover =
  | { readonly kind: 'self' }
  | { readonly kind: 'vehicle'; readonly machineId: string }
  | { readonly kind: 'area'; readonly x: number; readonly y: number };

/** The once-a-phase key (in `Combat.acted`) of a point-defence weapon's fire. */
export function pdKey(machineId: string, slot: number): string {
  return `pd:${machineId}#${slot}`;
}

export interface PointDefenceSetting {
  readonly slot: number;
  readonly covers: PointDefenceCover;
}

export interface RhylanorState {
  readonly seats: Readonly<Record<string, { readonly role: Role; readonly name: string }>>;
  readonly chat: ChatState;
  readonly pack: Pack;
  readonly characters: Readonly<Record<string, Character>>;
  readonly nextCharacter: number;
  readonly combat: Combat | null;
  readonly window: OpenWindow | null;
  /** Pool points put down before the next roll's dice. */
  readonly staged: readonly PoolSpend[];
  readonly research: Readonly<Record<string, Research>>;
  /** Locks jammed by a natural 2, networks that discovered a hacker. */
  readonly jammedLocks: readonly string[];
  readonly machines: Readonly<Record<string, Machine>>;
  /** Game time in seconds since the table began (`time.pass`, and 15 s a combat turn). */
  readonly time: number;
}

export interface RhylanorOptions {
  /** A data pack (JSON); the default pack when absent. */
  readonly pack?: unknown;
}

export function initialState(pack: Pack): RhylanorState {
  return {
    seats: {},
    chat: EMPTY_CHAT,
    pack,
    characters: {},
    nextCharacter: 1,
    combat: null,
    window: null,
    staged: [],
    research: {},
    jammedLocks: [],
    machines: {},
    time: 0,
  };
}

export function withCharacter(state: RhylanorState, c: Character): RhylanorState {
  return { ...state, characters: { ...state.characters, [c.id]: c } };
}

export function withCombat(state: RhylanorState, combat: Combat): RhylanorState {
  return { ...state, combat };
}

export function withCombatant(combat: Combat, c: Combatant): Combat {
  return { ...combat, combatants: { ...combat.combatants, [c.id]: c } };
}

export function withSide(combat: Combat, side: Side): Combat {
  return { ...combat, sides: { ...combat.sides, [side.id]: side } };
}

export function otherSide(side: SideId): SideId {
  return side === 'a' ? 'b' : 'a';
}

/** A vehicle's or robot's place when it joins a running fight: in the open, not yet moved. */
export function machineCombatant(
  id: string,
  side: SideId,
  at: { readonly x: number; readonly y: number },
  activity: VehicleActivity | null,
): Combatant {
  return {
    id,
    side,
    x: at.x,
    y: at.y,
    option: null,
    // −1 as a man's at the start: no turn, not even a surprise turn 0, counts as taken.
    optionTurn: -1,
    reloading: null,
    cover: 0,
    fullCover: false,
    concealed: false,
    tumbling: false,
    controlTurn: -1,
    handhold: false,
    contacts: {},
    activity,
  };
}
