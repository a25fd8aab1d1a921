import { appended } from '../../engine/fold.ts';
import type { Role } from '../../engine/ruleset.ts';
import { type ChatState, EMPTY_CHAT } from '../dice-chat/chat.ts';

/**
 * The whole state of a 3:16 table: plain JSON data, folded from the event log by `evolve`.
 *
 * Rules for everyone who touches it (lead, data, campaign):
 * - Copy on write. `evolve` never mutates its input; it returns new objects only along the path
 *   that changed (use `withTrooper`, `withEncounter` below). A property test compares states.
 * - Only JSON values: no Map/Set/Date/undefined-as-meaning/class instances (stateHash and replay
 *   depend on it).
 * - Collections of things with ids are Records keyed by id plus an order array, so changing one
 *   trooper copies one trooper, not the roster.
 * - Per-planet flags live in `Trooper.planetUses` and reset when a new planet is set; per-mission
 *   flags live in `Trooper.missionFlags` and reset when a new mission is briefed.
 *
 * Campaign engineer: if you need more fields, prefer the `campaignExtras` bags below (typed by
 * module augmentation of `TrooperCampaignExtras` / `CampaignExtras`) so you never edit this file.
 */

// ---------------------------------------------------------------------------------------------
// Small vocabulary

/** The three encounter ranges, nearest first. */
export const RANGES = ['close', 'near', 'far'] as const;
export type Range = (typeof RANGES)[number];
/** Where a PC stands in an encounter: one of the ranges, or gone beyond Far (out for good). */
export type Position = Range | 'beyondFar';

/** One health box: empty, a Kill wound (X) or an emotional/exhausting wound (E). */
export type HealthMark = null | 'X' | 'E';
/** A Mess, Crippled, Dead: three boxes filled in order. */
export type Health = readonly [HealthMark, HealthMark, HealthMark];

export type SlotStatus = 'notYetAvailable' | 'available' | 'used';
export interface FlashbackSlot {
  readonly status: SlotStatus;
  /** What the player wrote when using it (only once Used). */
  readonly text?: string;
  /** A Weakness slot that reads "Hatred for Home" (the fifth slot, or one converted later). */
  readonly hatredForHome?: boolean;
}

export type ArmourStatus = 'notYetAvailable' | 'available' | 'used';

/** Weapon ids, in the game's own names. The data module holds their profiles. */
export type WeaponId =
  | 'energyRifle'
  | 'slugRifle'
  | 'eCannon'
  | 'heavyMg'
  | 'handToHand'
  | 'powerClaw'
  | 'sidearm'
  | 'powerBlade'
  | 'grenades'
  | 'flameGun'
  | 'rocketpod'
  | 'shotgun'
  | 'tpkBomb'
  | 'paradiseBomb';

/**
 * A kill step: an index into the ladder 0, 1, d6, d10, 2d6, 2d10, 3d10, d100 (0..7), or null
 * for "–" (this weapon can never kill at that range and can never be improved there).
 */
export type KillStep = number | null;
export interface RangeSteps {
  readonly close: KillStep;
  readonly near: KillStep;
  readonly far: KillStep;
}
export interface OwnedWeapon {
  readonly weapon: WeaponId;
  /** Current profile (basic plus improvements; each range at most 2 steps over basic). */
  readonly steps: RangeSteps;
}

/** The alien special abilities, 1–20 in the book's list order. */
export const ABILITY_IDS = [
  'ambush',
  'armour',
  'boostAbility',
  'endEncounter',
  'enrage',
  'explodingBodies',
  'flee',
  'ignoreArmour',
  'ignoreWounds',
  'impair',
  'induceWeakness',
  'isolate',
  'lastingWounds',
  'leaping',
  'rapidMovement',
  'reduceVisibility',
  'regeneration',
  'stopTechnology',
  'suicide',
  'swarm',
] as const;
export type AbilityId = (typeof ABILITY_IDS)[number];

/** Life of a trooper: `wreck` is dead by E wounds (unplayable); `replaced` after a replacement joined. */
export type TrooperStatus = 'active' | 'dead' | 'wreck' | 'replaced' | 'retired';

/** How the engine answers "take this Kill or tick Armour?" for a trooper (see encounter/hits.ts). */
export type ArmourPolicy = 'ask' | 'useWhenAvailable' | 'never';

// ---------------------------------------------------------------------------------------------
// Troopers

/** Per-planet uses; all reset to false/0 when the next planet is set. */
export interface PlanetUses {
  readonly combatDrugs: boolean;
  readonly kineticFieldArmour: boolean;
  readonly orbitalBombardment: boolean;
  /** This trooper's E-Vac succeeded here: the group's one E-Vac of the planet is spent. */
  readonly eVac: boolean;
  /** This trooper attempted Force Weakness here (spent by the attempt, for the whole group). */
  readonly forceWeakness: boolean;
  readonly dropPods: boolean;
  readonly tpkBomb: boolean;
  readonly paradiseBomb: boolean;
  /** Extra Armour ticks granted by riding a Drop Ship this planet, used or not. */
  readonly dropShipArmourUsed: boolean;
}

/** Per-mission flags; reset when the next mission is briefed. The campaign phase reads them. */
export interface MissionFlags {
  readonly usedStrength: boolean;
  readonly usedWeakness: boolean;
  readonly usedOrbitalBombardment: boolean;
  /** Induce Weakness may target a PC once per mission. */
  readonly inducedWeakness: boolean;
  /** New wounds (X or E) taken this mission: the Wound Badge counts them. */
  readonly woundsTaken: number;
  /** Removed a planet's final Threat Token (Crimson Sword / Skull). */
  readonly removedFinalToken: boolean;
}

/** Fields the campaign engineer adds by module augmentation (`declare module '../state.ts'`). */
// biome-ignore lint/suspicious/noEmptyInterface: extension point filled by module augmentation
export interface TrooperCampaignExtras {}

export interface Trooper {
  readonly id: string;
  /** Seat of the player who plays it (null: an NPC trooper the GM runs). */
  readonly ownerSeatId: string | null;
  readonly name: string;
  readonly reputation: string;
  readonly fa: number;
  readonly nfa: number;
  /** 0 Trooper … 8 Brigadier. */
  readonly rank: number;
  readonly killsThisMission: number;
  readonly totalKills: number;
  readonly health: Health;
  /** How many of the X marks came under Lasting Wounds: they do not heal before leaving the planet. */
  readonly lastingWounds: number;
  readonly armour: ArmourStatus;
  readonly armourPolicy: ArmourPolicy;
  /** Five slots each; statuses follow the level table (data module). */
  readonly strengths: readonly FlashbackSlot[];
  readonly weaknesses: readonly FlashbackSlot[];
  readonly weapons: readonly OwnedWeapon[];
  /** Carried into every encounter. */
  readonly defaultWeapon: WeaponId;
  /** In hand right now (equals defaultWeapon outside encounters). */
  readonly currentWeapon: WeaponId;
  /**
   * Vehicles and one-shot weapons held (APC, Drop Ship, Drop Pods, TPK and Paradise Bombs,
   * Starkiller, The Device): struck off when destroyed, lost, thrown or fired; a replacement takes a
   * Development Roll.
   * See encounter/vehicles.ts and encounter/strategic.ts.
   */
  readonly vehicles: readonly HeldSupport[];
  readonly kit: readonly string[];
  readonly medals: readonly MedalRecord[];
  /** Levels gained since creation (level itself is FA+NFA). */
  readonly levelsGained: number;
  /** Orbital Bombardments called over the whole career (a second one on a later planet is fatal). */
  readonly orbitalBombardmentUses: number;
  /** The GM's one-shot +1 for good preparation, added to the next FA or NFA test of this trooper. */
  readonly preparationBonus: number;
  readonly planetUses: PlanetUses;
  readonly missionFlags: MissionFlags;
  readonly status: TrooperStatus;
  readonly campaignExtras: TrooperCampaignExtras;
}

export interface MedalRecord {
  readonly medal: string;
  /** Bars or repeats of the same medal. */
  readonly count: number;
}

export type VehicleId = 'apc' | 'dropShip';
/** What `Trooper.vehicles` may hold: the two vehicles, the Drop Pods, the bombs and the strategic weapons. */
export type HeldSupport = VehicleId | 'dropPods' | 'tpkBomb' | 'paradiseBomb' | 'starkiller' | 'theDevice';
/** Every kind of held support, in the order the ranks open them (Lt's Drop Pods … Brigadier's Device). */
export const HELD_SUPPORT = [
  'dropPods',
  'apc',
  'tpkBomb',
  'dropShip',
  'paradiseBomb',
  'starkiller',
  'theDevice',
] as const satisfies readonly HeldSupport[];

// ---------------------------------------------------------------------------------------------
// Planet, mission, campaign

export interface ThreatLedger {
  /** Tokens the planet started with. */
  readonly initial: number;
  /** Tokens the GM still holds for the planet (not committed to an encounter). */
  readonly pool: number;
  /** Removed by PC kills (successful FA, ambush, bombs, Orbital Bombardment...). */
  readonly removed: number;
  /** Discarded by rules (Strength, Weakness, E-Vac, Force/Induce Weakness). */
  readonly discarded: number;
  /** Spent by the GM on alien special abilities. */
  readonly spent: number;
  /** Net tokens added (+) or taken away (−) by GM overrides. */
  readonly adjusted: number;
  // Invariant: pool + encounter.tokens + removed + discarded + spent = initial + adjusted.
}

export interface Planet {
  readonly name: string;
  readonly form: string;
  readonly description: string;
  readonly abilities: readonly AbilityId[];
  /** The AA method (1–20) it was computed with, or null when the GM set AA directly. */
  readonly aaMethod: number | null;
  readonly aa: number;
  readonly threat: ThreatLedger;
  readonly encountersFought: number;
  /** Set once the planet's last Threat Token is gone (or an E-Vac ended its final encounter). */
  readonly cleared: boolean;
}

export interface SceneEntry {
  readonly id: number;
  readonly kind: 'scene' | 'nfaTest' | 'narration' | 'flashback';
  /** For a flashback: which kind was used. */
  readonly flashback?: 'strength' | 'weakness';
  readonly text: string;
  readonly trooperId?: string;
  readonly roll?: number;
  readonly target?: number;
  readonly success?: boolean;
  /** Only the GM sees secret entries. */
  readonly secret: boolean;
  /** Who wrote a secret entry (seat id), so a rotating GM sees only its own. */
  readonly by?: string;
}

export interface Mission {
  readonly number: number;
  readonly briefing: string;
  readonly scenes: readonly SceneEntry[];
  readonly encountersFought: number;
  readonly finalEncounterStarted: boolean;
}

/** The big phases of play; `encounter` while `state.encounter` is live. */
export type Phase = 'setup' | 'briefing' | 'mission' | 'encounter' | 'afterMission' | 'over';

// biome-ignore lint/suspicious/noEmptyInterface: extension point filled by module augmentation
export interface CampaignExtras {}

export interface Campaign {
  readonly phase: Phase;
  /** Entries (1–20) crossed off each 20-entry planet list. */
  readonly crossedOff: Readonly<
    Record<'name' | 'form' | 'description' | 'ability' | 'aaMethod', readonly number[]>
  >;
  readonly planetsVisited: readonly string[];
  readonly missionsCount: number;
  readonly extras: CampaignExtras;
}

// ---------------------------------------------------------------------------------------------
// Encounter

/** Who takes a turn in a combat round: a trooper id, the aliens, or the Suicide attack. */
export type ActorKey = string;
export const ALIENS = 'aliens';
export const SUICIDE = 'aliens:suicide';

export type Declaration =
  | {
      readonly kind: 'fa';
      /** The free switches (Hand-to-Hand, PowerClaw, Grenades) happen at declaration. */
      readonly weapon: WeaponId;
      /** Use a one-use bomb instead of the weapon in hand. */
      readonly bomb?: 'tpkBomb' | 'paradiseBomb';
    }
  | {
      readonly kind: 'nfa';
      readonly task: NfaTask;
    };

/** What a successful NFA does. The book lets one success both move and switch weapon. */
export type NfaTask =
  | {
      readonly kind: 'manoeuvre';
      readonly move?: 'closer' | 'farther';
      readonly switchTo?: WeaponId;
      readonly text?: string;
    }
  | { readonly kind: 'eVac' }
  | { readonly kind: 'orbitalBombardment' }
  | { readonly kind: 'forceWeakness'; readonly targetId: string }
  | { readonly kind: 'vehicleAttack'; readonly vehicle: VehicleId }
  | { readonly kind: 'other'; readonly text: string };

export interface TestRoll {
  readonly face: number;
  /** The ability it was tested against (after modifiers). */
  readonly target: number;
  readonly success: boolean;
  /** Combat drugs re-rolled it. */
  readonly rerolled?: boolean;
}

/** One entry of the resolution queue (successes high→low, then failures high→low). */
export interface TurnSlot {
  readonly actor: ActorKey;
  readonly face: number;
  readonly success: boolean;
  /** Place among successes sharing the face, settled by d10 roll-offs (higher acts first); 0 when not tied. */
  readonly tieBreak: number;
  readonly done: boolean;
  /** Turned into a failure by a cancel earlier in the round (still narrates). */
  readonly cancelled: boolean;
}

export interface BombTally {
  readonly by: string;
  readonly round: number;
  readonly slack: number;
  readonly kills: readonly number[];
}

/** A Kill as it landed: a mark (X or E), armour ticked, stopped (kinetic field), or asked about. */
export interface HitRecord {
  readonly trooperId: string;
  readonly source: HitSource;
  readonly result: 'X' | 'E' | 'armour' | 'stopped' | 'asked';
}

export interface PendingKill {
  readonly trooperId: string;
  readonly source: HitSource;
  readonly mark: 'X' | 'E';
  readonly armourStoppable: boolean;
  /** Lasting Wounds was in force when it landed. */
  readonly lasting: boolean;
  /** A trooper who dealt it (grenades, bombs): a kill for them if it leaves the victim Dead. */
  readonly by: string | null;
  /** Face of the turn that dealt it (ties act simultaneously: the victim may still take its turn). */
  readonly face: number | null;
}

export type HitSource =
  | 'aliens'
  | 'ambush'
  | 'suicide'
  | 'grenades'
  | 'explodingBodies'
  | 'tpkBomb'
  | 'paradiseBomb'
  | 'orbitalBombardment'
  | 'eVac'
  | 'combatDrugs'
  | 'vehicleDestroyed'
  | 'trooper'
  | 'gm';

export type EncounterStep =
  /** Collecting dominance rolls / declines (or an Ambush ability / Drop Pods may pre-empt). */
  | 'dominance'
  /** Waiting for the winner (a trooper's player, or the GM) to set the range. */
  | 'setRange'
  /** A PC ambush at the set range: the engine rolls the order and the kills (no one decides). */
  | 'ambush'
  /** PCs choose FA/NFA, the GM declares for the aliens; may change until the first die. */
  | 'declare'
  /** Everyone rolls a d10 (each for itself, or the GM for anyone). */
  | 'roll'
  /** Turns from the queue: successes high→low, then failures narrate. */
  | 'resolve'
  | 'ended';

export interface DominanceEntry {
  readonly face: number | null;
  readonly target: number;
  readonly success: boolean;
  readonly declined: boolean;
}

export interface EncounterEffects {
  /** AA modifier for this encounter (Boost Ability, Enrage). */
  readonly aaBonus: number;
  /** Impair: minus to every PC's FA and NFA. */
  readonly impair: number;
  readonly enraged: boolean;
  readonly isolated: boolean;
  readonly ignoreArmour: boolean;
  readonly lastingWounds: boolean;
  readonly leaping: boolean;
  readonly reduceVisibility: boolean;
  readonly flee: boolean;
  readonly swarm: boolean;
  /** Alien Armour already used this encounter. */
  readonly alienArmourUsed: boolean;
  /** End Encounter: ends after the aliens' next turn. */
  readonly endAfterAlienTurn: boolean;
  /** Kinetic Field Armour active for these troopers. */
  readonly kineticField: readonly string[];
  /** The PCs hold an automatic ambush (Drop Pods): Ambush ability not allowed. */
  readonly pcAutomaticAmbush: boolean;
}

/** Effects that last one combat round, cleared when the next round starts. */
export interface RoundEffects {
  /** Alien Armour or Ignore Wounds: kills against the aliens this round are void. */
  readonly killsVoid: boolean;
  readonly stopTechnology: boolean;
  readonly suicide: boolean;
  /** The aliens' AA attack this round is emotional (howls, terror): E marks, no armour stops it. */
  readonly emotional?: boolean;
}

export interface VehicleState {
  readonly vehicle: VehicleId;
  readonly ownerId: string;
  readonly driverId: string;
  readonly occupants: readonly string[];
  readonly damage: 'intact' | 'crippled' | 'destroyed';
}

export interface Encounter {
  readonly number: number;
  readonly final: boolean;
  readonly description: string;
  /** Threat Tokens in this encounter right now. */
  readonly tokens: number;
  /** Tokens committed at the start (for the record). */
  readonly committed: number;
  readonly step: EncounterStep;
  /** Troopers taking part, in roster order, and where each stands. */
  readonly pcs: readonly string[];
  readonly positions: Readonly<Record<string, Position>>;
  /** Left the encounter (Weakness, beyond Far, dead) — they take no more turns. */
  readonly out: Readonly<Record<string, 'weakness' | 'beyondFar' | 'dead'>>;
  readonly dominance: Readonly<Record<ActorKey, DominanceEntry>>;
  /** Who sets the range at 'setRange': a trooper id or ALIENS (the GM). */
  readonly rangeSetter: ActorKey | null;
  readonly ambush: 'pcs' | 'aliens' | null;
  readonly round: number;
  readonly roundsWithoutKills: number;
  /** Kills caused by either side this round (standoff counting). */
  readonly killsThisRound: number;
  /** Tokens removed by kills per round number (Regeneration, Exploding Bodies). */
  readonly tokensRemovedByRound: Readonly<Record<string, number>>;
  /** Kills each trooper added this round (voided by alien Armour / Ignore Wounds). */
  readonly killsByTrooperThisRound: Readonly<Record<string, number>>;
  /**
   * The same for the round just ended, until the next round's first die: Ignore Wounds may still
   * answer it when the round's last turn did the killing. Absent in states saved before it existed.
   */
  readonly killsByTrooperLastRound?: Readonly<Record<string, number>>;
  /**
   * What `roundsWithoutKills` would be had the round just ended removed no token (its only kills
   * the troopers'): Ignore Wounds answering that round turns them into no kills, so the standoff
   * counts it as quiet. Absent in states saved before it existed.
   */
  readonly roundsWithoutKillsIfVoid?: number;
  /**
   * The last bomb thrown, while its Kills may still be answered: the book rolls its d100s for the
   * PCs who *took* a Kill, so a Weakness answering one first uses up the victims the tokens left
   * no d100 for (`slack`), then takes back the last d100 (`kills`, one per token removed).
   * Absent in states saved before it existed.
   */
  readonly bombTally?: BombTally | null;
  readonly declarations: Readonly<Record<string, Declaration>>;
  readonly aliensDeclared: boolean;
  readonly rolls: Readonly<Record<ActorKey, TestRoll>>;
  readonly queue: readonly TurnSlot[];
  /** Index of the slot whose turn it is (queue.length once every turn is taken). */
  readonly cursor: number;
  /** Kills waiting for their trooper's answer (armour or take it); nothing else moves meanwhile. */
  readonly pendingKills: readonly PendingKill[];
  /** Troopers who must write a Weakness now (Force Weakness, Induce Weakness). */
  readonly forcedWeakness: readonly string[];
  /** Induce Weakness: the trooper the aliens test against on their next turn. */
  readonly induceWeaknessTarget: string | null;
  /** Troopers who fell this round, with the face of the turn that felled them. */
  readonly fellAtFace: Readonly<Record<string, number>>;
  readonly effects: EncounterEffects;
  readonly roundEffects: RoundEffects;
  readonly vehicles: readonly VehicleState[];
  readonly endReason: EncounterEndReason | null;
}

export type EncounterEndReason =
  | 'allDead'
  | 'strength'
  | 'allBeyondFar'
  | 'standoff'
  | 'noTokens'
  | 'gm'
  | 'endEncounterAbility'
  | 'eVac'
  | 'orbitalBombardment';

// ---------------------------------------------------------------------------------------------
// The whole table

export interface SeatRecord {
  readonly role: Role;
  readonly name: string;
}

export interface GmNote {
  readonly id: number;
  readonly text: string;
  /** The seat that wrote it; absent for notes logged before authors were kept (the table GM's). */
  readonly by?: string;
}

/** One line of the public story log (narration, colour, flashback texts, outcomes). */
export interface LogEntry {
  readonly id: number;
  readonly actor: ActorKey | 'gm' | null;
  readonly text: string;
  readonly secret: boolean;
  /** Who wrote a secret line (seat id), so a rotating GM sees only its own. */
  readonly by?: string;
}

export interface ThreeSixteenState {
  readonly seats: Readonly<Record<string, SeatRecord>>;
  readonly troopers: Readonly<Record<string, Trooper>>;
  /** Roster order (creation order); ids are 't1', 't2', … */
  readonly trooperOrder: readonly string[];
  readonly nextTrooperNumber: number;
  readonly campaign: Campaign;
  readonly planet: Planet | null;
  readonly mission: Mission | null;
  readonly encounter: Encounter | null;
  /** The last encounter that ended (for views and tests); replaced by the next. */
  readonly lastEncounter: Encounter | null;
  /** GM only, always. */
  readonly gmNotes: readonly GmNote[];
  readonly log: readonly LogEntry[];
  readonly nextLogId: number;
  /** The table's dice chat (src/rules/dice-chat); hidden rolls are filtered per seat in view. */
  readonly chat: ChatState;
}

export interface ThreeSixteenOptions {
  /** Multiplier for planet Threat (5 by default; the book's optional variant uses 4). */
  readonly threatPerPc?: number;
}

export const NO_PLANET_USES: PlanetUses = {
  combatDrugs: false,
  kineticFieldArmour: false,
  orbitalBombardment: false,
  eVac: false,
  forceWeakness: false,
  dropPods: false,
  tpkBomb: false,
  paradiseBomb: false,
  dropShipArmourUsed: false,
};

export const NO_MISSION_FLAGS: MissionFlags = {
  usedStrength: false,
  usedWeakness: false,
  usedOrbitalBombardment: false,
  inducedWeakness: false,
  woundsTaken: 0,
  removedFinalToken: false,
};

export function initialState(): ThreeSixteenState {
  return {
    seats: {},
    troopers: {},
    trooperOrder: [],
    nextTrooperNumber: 1,
    campaign: {
      phase: 'setup',
      crossedOff: { name: [], form: [], description: [], ability: [], aaMethod: [] },
      planetsVisited: [],
      missionsCount: 0,
      extras: {},
    },
    planet: null,
    mission: null,
    encounter: null,
    lastEncounter: null,
    gmNotes: [],
    log: [],
    nextLogId: 1,
    chat: EMPTY_CHAT,
  };
}

// ---------------------------------------------------------------------------------------------
// Copy-on-write helpers (use these in evolve; they copy only the path that changes)

/** `T` without `readonly`: a fresh copy that a copy-on-write helper may fill in before anyone sees it. */
export type Draft<T> = { -readonly [K in keyof T]: T[K] };

/*
 * Shallow copies written out field by field. Object spread (`{ ...e, step }`) was the simulator's
 * single biggest cost: V8 copies a spread through a generic path (measured here: ~0.6 µs for the
 * 13-field state, ~25× a literal of the same fields), and every encounter event copies the state
 * and the 30-field encounter a few times. A literal with every field is copied at allocation speed.
 * The result types are exact (`Draft<…>` of an interface with only required fields), so adding a
 * field to one of these interfaces fails to compile here until it is copied too; state.test.ts
 * checks that no key is lost, optional ones included.
 */

export function copyState(s: ThreeSixteenState): Draft<ThreeSixteenState> {
  return {
    seats: s.seats,
    troopers: s.troopers,
    trooperOrder: s.trooperOrder,
    nextTrooperNumber: s.nextTrooperNumber,
    campaign: s.campaign,
    planet: s.planet,
    mission: s.mission,
    encounter: s.encounter,
    lastEncounter: s.lastEncounter,
    gmNotes: s.gmNotes,
    log: s.log,
    nextLogId: s.nextLogId,
    chat: s.chat,
  };
}

export function copyEncounter(e: Encounter): Draft<Encounter> {
  return {
    number: e.number,
    final: e.final,
    description: e.description,
    tokens: e.tokens,
    committed: e.committed,
    step: e.step,
    pcs: e.pcs,
    positions: e.positions,
    out: e.out,
    dominance: e.dominance,
    rangeSetter: e.rangeSetter,
    ambush: e.ambush,
    round: e.round,
    roundsWithoutKills: e.roundsWithoutKills,
    killsThisRound: e.killsThisRound,
    tokensRemovedByRound: e.tokensRemovedByRound,
    killsByTrooperThisRound: e.killsByTrooperThisRound,
    killsByTrooperLastRound: e.killsByTrooperLastRound,
    roundsWithoutKillsIfVoid: e.roundsWithoutKillsIfVoid,
    bombTally: e.bombTally,
    declarations: e.declarations,
    aliensDeclared: e.aliensDeclared,
    rolls: e.rolls,
    queue: e.queue,
    cursor: e.cursor,
    pendingKills: e.pendingKills,
    forcedWeakness: e.forcedWeakness,
    induceWeaknessTarget: e.induceWeaknessTarget,
    fellAtFace: e.fellAtFace,
    effects: e.effects,
    roundEffects: e.roundEffects,
    vehicles: e.vehicles,
    endReason: e.endReason,
  };
}

export function copyTrooper(t: Trooper): Draft<Trooper> {
  return {
    id: t.id,
    ownerSeatId: t.ownerSeatId,
    name: t.name,
    reputation: t.reputation,
    fa: t.fa,
    nfa: t.nfa,
    rank: t.rank,
    killsThisMission: t.killsThisMission,
    totalKills: t.totalKills,
    health: t.health,
    lastingWounds: t.lastingWounds,
    armour: t.armour,
    armourPolicy: t.armourPolicy,
    strengths: t.strengths,
    weaknesses: t.weaknesses,
    weapons: t.weapons,
    defaultWeapon: t.defaultWeapon,
    currentWeapon: t.currentWeapon,
    vehicles: t.vehicles,
    kit: t.kit,
    medals: t.medals,
    levelsGained: t.levelsGained,
    orbitalBombardmentUses: t.orbitalBombardmentUses,
    preparationBonus: t.preparationBonus,
    planetUses: t.planetUses,
    missionFlags: t.missionFlags,
    status: t.status,
    campaignExtras: t.campaignExtras,
  };
}

/** `record` with one key set, as a new object (a plain loop: no spread, see above). */
export function withKey<V>(
  record: Readonly<Record<string, V>>,
  key: string,
  value: V,
): Readonly<Record<string, V>> {
  const out: Record<string, V> = {};
  for (const k in record) out[k] = record[k] as V;
  out[key] = value;
  return out;
}

export function withTrooper(
  state: ThreeSixteenState,
  id: string,
  change: (t: Trooper) => Trooper,
): ThreeSixteenState {
  const t = state.troopers[id];
  if (!t) return state;
  const next = copyState(state);
  next.troopers = withKey(state.troopers, id, change(t));
  return next;
}

/** withTrooper for a change that only sets fields: `edit` fills in a fresh copy of the trooper. */
export function editTrooper(
  state: ThreeSixteenState,
  id: string,
  edit: (draft: Draft<Trooper>, t: Trooper) => void,
): ThreeSixteenState {
  const t = state.troopers[id];
  if (!t) return state;
  const draft = copyTrooper(t);
  edit(draft, t);
  const next = copyState(state);
  next.troopers = withKey(state.troopers, id, draft);
  return next;
}

export function withEncounter(
  state: ThreeSixteenState,
  change: (e: Encounter) => Encounter,
): ThreeSixteenState {
  if (!state.encounter) return state;
  const next = copyState(state);
  next.encounter = change(state.encounter);
  return next;
}

/**
 * withEncounter for a change that only sets fields: `edit` fills in a fresh copy of the encounter
 * (`e` is the encounter as it was). The hot reducers use it instead of `{ ...e, field }`.
 */
export function editEncounter(
  state: ThreeSixteenState,
  edit: (draft: Draft<Encounter>, e: Encounter) => void,
): ThreeSixteenState {
  const e = state.encounter;
  if (!e) return state;
  const draft = copyEncounter(e);
  edit(draft, e);
  const next = copyState(state);
  next.encounter = draft;
  return next;
}

export function withPlanet(state: ThreeSixteenState, change: (p: Planet) => Planet): ThreeSixteenState {
  if (!state.planet) return state;
  const next = copyState(state);
  next.planet = change(state.planet);
  return next;
}

function copyPlanet(p: Planet): Draft<Planet> {
  return {
    name: p.name,
    form: p.form,
    description: p.description,
    abilities: p.abilities,
    aaMethod: p.aaMethod,
    aa: p.aa,
    threat: p.threat,
    encountersFought: p.encountersFought,
    cleared: p.cleared,
  };
}

function copyThreat(t: ThreatLedger): Draft<ThreatLedger> {
  return {
    initial: t.initial,
    pool: t.pool,
    removed: t.removed,
    discarded: t.discarded,
    spent: t.spent,
    adjusted: t.adjusted,
  };
}

export function withThreat(
  state: ThreeSixteenState,
  change: (t: ThreatLedger) => ThreatLedger,
): ThreeSixteenState {
  if (!state.planet) return state;
  const planet = copyPlanet(state.planet);
  planet.threat = change(state.planet.threat);
  const next = copyState(state);
  next.planet = planet;
  return next;
}

/** withThreat for a change that only sets counts: `edit` fills in a fresh copy of the ledger. */
export function editThreat(
  state: ThreeSixteenState,
  edit: (draft: Draft<ThreatLedger>, t: ThreatLedger) => void,
): ThreeSixteenState {
  return withThreat(state, (t) => {
    const draft = copyThreat(t);
    edit(draft, t);
    return draft;
  });
}

export function appendLog(
  state: ThreeSixteenState,
  actor: LogEntry['actor'],
  text: string,
  secret = false,
  by?: string,
): ThreeSixteenState {
  const next = copyState(state);
  const entry: LogEntry =
    by === undefined
      ? { id: state.nextLogId, actor, text, secret }
      : { id: state.nextLogId, actor, text, secret, by };
  next.log = appended(state.log, entry);
  next.nextLogId = state.nextLogId + 1;
  return next;
}

/** Alive and playable (not dead, wrecked, replaced or retired). */
export function isActive(t: Trooper): boolean {
  return t.status === 'active';
}

/** Filled health boxes. */
export function woundCount(t: Trooper): number {
  let n = 0;
  for (const m of t.health) if (m !== null) n++;
  return n;
}

/** The seat that decides for an actor: the owning player, or the GM (aliens, NPC troopers). */
export function deciderOf(state: ThreeSixteenState, actor: ActorKey): string | 'gm' {
  if (actor === ALIENS || actor === SUICIDE) return 'gm';
  return state.troopers[actor]?.ownerSeatId ?? 'gm';
}
