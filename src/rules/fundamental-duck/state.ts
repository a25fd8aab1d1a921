import type { Role } from '../../engine/ruleset.ts';
import { type ChatState, EMPTY_CHAT } from '../dice-chat/chat.ts';
import type { Position } from './arena/positions.ts';
import type { VehicleManoeuvre } from './arena/vehicles.ts';
import type { PackTeamer } from './data/pack-schema.ts';
import type { FdRules } from './rules-data.ts';
import type { PackPlan, ThreatAction } from './threat/index.ts';

/**
 * The whole state of a Fundamental Duck! table: plain JSON, folded from the log by `evolve`.
 *
 * - Copy on write with structural sharing: `evolve` copies only the records an event touches
 *   (one Teamer, one Threat, one tile), never the whole state, and keeps no growing log here (the
 *   event log is the log), so replay stays O(events).
 * - `rules` (the data pack read into what the rules need) and the arena geometry inside it never
 *   change during a game: every state of a table shares the same objects.
 * - Hidden information (pings, event cards, Source chit identities, stress chit values) lives here
 *   in full; `view.ts` strips it for every seat that may not see it.
 */

// ---------------------------------------------------------------------------------------------
// Small vocabulary

/** 0 = north, then clockwise: 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW. */
export type Facing = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const DX: readonly number[] = [0, 1, 1, 1, 0, -1, -1, -1];
export const DY: readonly number[] = [-1, -1, 0, 1, 1, 1, 0, -1];

export type Chit = 'READY' | 'ACTED' | 'WAIT';
export type ActionKind = 'move' | 'shoot' | 'other';
export type Ping = 'red' | 'orange' | 'blue' | 'green' | 'purple' | 'none';
export const PINGS: readonly Ping[] = ['red', 'orange', 'blue', 'green', 'purple', 'none'];
export type Luck = 'normal' | 'unlucky' | 'jonah';

export type Phase =
  /** Before boarding: the mission and arena may still be chosen; nothing is dealt yet. */
  | 'briefing'
  | 'exploration'
  | 'team'
  | 'threat'
  | 'housekeeping'
  /** The mission is over and evaluated. */
  | 'ended';

export interface Teamer {
  readonly id: string;
  readonly name: string;
  readonly role: string;
  /** YOU: the leader (attack priority, re-instilling BINGE, the activation stack). */
  readonly leader: boolean;
  /** The seat that plays this Teamer; null: any player seat of the table may. */
  readonly seatId: string | null;
  /** Where the figure stands; null while it is still on the boarding bridge (or has gone back). */
  readonly x: number | null;
  readonly y: number | null;
  readonly facing: Facing;
  readonly chits: readonly [Chit, Chit];
  /** 0 fine, 1 wounded, 2 out of action, 3 dead. */
  readonly wounds: number;
  readonly ff: number;
  readonly binge: number;
  readonly chicken: boolean;
  readonly ducked: boolean;
  /** Where he stands in his square (9.5), relative to his facing: it matters when a stack-mate shoots past him. */
  readonly position: Position;
  /** 'marked': dashed this turn; 'penalised': the turn after a dash (its dice are 2 worse). */
  readonly dash: 'none' | 'marked' | 'penalised';
  readonly luck: Luck;
  readonly weapons: readonly string[];
  /** Per weapon: upgrades (+1 per die); `<weapon>:dice` 1 for a double-dice hand-blaster. */
  readonly bonus: Readonly<Record<string, number>>;
  /** Abilities from the pack (door hacker, medic, steady, tough, eagle eye...). */
  readonly abilities: readonly string[];
  /** Shots or squirts left per weapon that counts them (HEMG before reload, Flamer tank). */
  readonly ammo: Readonly<Record<string, number>>;
  readonly grenades: number;
  readonly bioSensor: boolean;
  /** Holds a DOOR RC: at Door Check he decides for the doors of the tile he is on (15.1, 17). */
  readonly doorRc: boolean;
  readonly armour: boolean;
  /** Carries its maximum load: −1 movement. */
  readonly encumbered: boolean;
  /** Went back over the boarding bridge (out of the mission, safe). */
  readonly left: boolean;
  /** Has stood in the arena at least once (a Teamer still queued on the bridge has not). */
  readonly aboard: boolean;
  /** Species whose horrific first sight this Teamer has already tested for. */
  readonly seenHorrific: readonly string[];
  /** Whether it moved this turn (the chicken's lash-out roll is for those that stood still). */
  readonly moved: boolean;
  readonly goldStars: number;
  /** The comrade out of action he carries (24.3): the body goes where he goes and takes no room. */
  readonly carrying: string | null;
  /** The cargo load he carries (index as `arena.loads`), or null. */
  readonly cargo: number | null;
  /**
   * Up in the ceiling level (19) above his square (x, y): off the floor for every floor rule
   * (room, sight, Threat targets, floor moves). Absent or false: on the floor.
   */
  readonly up?: boolean;
}

/** A weapon left lying in the arena (13.6): where, and whose it was. */
export interface FloorGear {
  readonly weapon: string;
  /** The Teamer who held it. */
  readonly owner: string;
  readonly x: number;
  readonly y: number;
  /** Up in the ceiling level over (x, y) (19): he was seized up there. */
  readonly up?: boolean;
}

export interface Threat {
  readonly id: string;
  readonly species: string;
  readonly x: number;
  readonly y: number;
  readonly facing: Facing;
  readonly wounds: number;
  /** Eye marker: hiding and waiting (13.6). */
  readonly eye: boolean;
  /** Has used its one action this turn (activation, ambush). */
  readonly acted: boolean;
  /** Teamers who have fired at it (a kill with one's first shot at it raises BINGE). */
  readonly shotAt: readonly string[];
  /** The Teamer it drags toward the nest (prey), or null. */
  readonly carrying: string | null;
}

/** An exit of a ceiling level (19): a hatch (the Team sees it) or a weak spot (hidden until a Threat drops through it). */
export interface CeilingExit {
  readonly x: number;
  readonly y: number;
  readonly kind: 'hatch' | 'weak';
  readonly revealed: boolean;
}

/**
 * The ceiling levels (19): a second grid above a tile, the same squares by column and row. A
 * Threat up there is kept out of `threats` (it stands on no floor square: nothing below sees,
 * blocks or reaches it) until it drops through an exit.
 */
export interface CeilingState {
  /** Tiles rolled for a ceiling when first entered (by tile index): true when it has one. */
  readonly levels: Readonly<Record<string, boolean>>;
  /** Each ceiling's exits, by tile index. */
  readonly exits: Readonly<Record<string, readonly CeilingExit[]>>;
  /** Threats in a ceiling, by id, at the square they are above. */
  readonly threats: Readonly<Record<string, Threat>>;
  readonly order: readonly string[];
}

/** A drone gun set up in the arena (8.5, 17 step 6, 24.9): a machine in its square. */
export interface Drone {
  readonly id: string;
  /** The Teamer who set it up (one drone each). */
  readonly owner: string;
  readonly x: number;
  readonly y: number;
  readonly facing: Facing;
  /** Power left; at 0 it stops. */
  readonly power: number;
  /** The team advancement's walking drone gun: may be set up again elsewhere. */
  readonly walking: boolean;
  /** The turn it last fired (once per Threat phase); 0: never. */
  readonly firedTurn: number;
}

export interface SourceChit {
  readonly id: string;
  readonly h: boolean;
  /** Square once diced (the tile's door first opened); null before. */
  readonly x: number | null;
  readonly y: number | null;
  readonly examined: boolean;
}

export interface TileState {
  /** Infestation markers; `revealed[i]` says whether marker i's ping is face up. */
  readonly pings: readonly Ping[];
  readonly revealed: readonly boolean[];
  /** The tile's event card ids (usually one), and which are resolved. */
  readonly cards: readonly string[];
  readonly cardsResolved: readonly boolean[];
  readonly chits: readonly SourceChit[];
  /** Chits are set out (their number known) once the tile is scanned or opened. */
  readonly chitsShown: boolean;
  readonly opened: boolean;
  /** How many of its markers have had their Threats placed (a door opening, a catastrophe). */
  readonly placed: number;
  /** Some Teamer has stood on it (the first to do so faces a stress situation). */
  readonly entered: boolean;
  /** A Lights Out card: sight limited until Housekeeping. */
  readonly dark: boolean;
}

export interface LoadState {
  /** Pips left on the red warming die of a hazardous load (null: not warming). */
  readonly warming: number | null;
  /** Exploded, burnt out or ruined: lost to the Team. */
  readonly lost: boolean;
  /** The square it stands in now (a carried load moves): null while a Teamer carries it or once delivered. */
  readonly at: number | null;
  /** Carried back over the boarding bridge (a Salvage pod brought home). */
  readonly delivered: boolean;
  /** Marked tampered at the deal (pack `cargoTampering`); players learn it only once examined. */
  readonly tampered?: boolean;
  /** A Teamer examined it for tampering (18). */
  readonly examined?: boolean;
}

export interface DoorState {
  readonly open: boolean;
  readonly stuck: boolean;
  readonly jammed: boolean;
  readonly damage: number;
  /** Door sides (0-based along the door) with a GREEN battered hole: Threats cross them. */
  readonly holes: readonly number[];
  /** Door sides with RED footprints: a short cut the Threats found. */
  readonly shortCuts: readonly number[];
  /**
   * Switch (b) only: the batter dice thrown together at this door in turn `turn` (their total).
   * Kept with its turn so a new turn starts from nothing without a Housekeeping event per door.
   */
  readonly battered?: { readonly turn: number; readonly total: number };
}

/** The Team's move in progress (one MOVE action, spent a square at a time). */
export interface MoveInProgress {
  readonly teamerId: string;
  readonly allowance: number;
  readonly spent: number;
  readonly steps: number;
  readonly dash: boolean;
  /** A drive (18): the vehicle being driven, and the manoeuvres made so far (for the stop rule). */
  readonly vehicleId?: string;
  readonly done?: readonly VehicleManoeuvre[];
}

/** A vehicle in play (18): where its front square is, which way it faces, who rides inside. */
export interface VehicleState {
  readonly id: string;
  /** The pack's vehicle type id. */
  readonly type: string;
  readonly x: number;
  readonly y: number;
  readonly facing: Facing;
  /** Teamers inside, in the order they got in (any with the licence may drive). */
  readonly crew: readonly string[];
  /** The turn of its last successful ram (smashing doors, bulldozing); 0: never. */
  readonly rammedTurn: number;
  /** Cargo pods it holds (index as `arena.loads`); absent: none (states from before pods rode). */
  readonly pods?: readonly number[];
  /** Hits on its hull from Threats (absent: none). */
  readonly damage?: number;
  /** Wrecked by Threats: it never moves again and no longer shields whoever is still inside. */
  readonly wrecked?: boolean;
}

/** The Teamer (or stack pair acting in concert) whose activation is under way. */
export interface Activation {
  readonly teamerIds: readonly string[];
  /** Declared action kinds per Teamer, in order (8.2); 'wait' puts the second chit on WAIT. */
  readonly plans: Readonly<Record<string, readonly (ActionKind | 'wait')[]>>;
}

/**
 * A pause in the Threat phase (or a Team-phase ambush): the Teamers listed may spend their WAIT
 * chit now, or let the chance pass. The Threat phase resumes when all have answered.
 */
export interface Interrupt {
  readonly threatId: string;
  /** sighted/adjacent/shot: 8.3 (a)/(b)/(c); crossing: the Threat starts across a door side (15.3). */
  readonly trigger: 'sighted' | 'adjacent' | 'crossing' | 'shot';
  readonly teamerIds: readonly string[];
  /** The door being crossed (crossing only). */
  readonly door?: number;
}

export interface KittyState {
  /** Kinds (index into `rules.stressValues`) of the chits now in the Kitty (hidden from players). */
  readonly chits: readonly number[];
  /** Chits left in the pool, per entry of `rules.stressValues`. */
  readonly pool: readonly number[];
  readonly catastrophes: number;
  /** After the first catastrophe every donation doubles. */
  readonly doubled: boolean;
}

/** A catastrophe result still in force (power down and outage run for a number of turns). */
export interface Effects {
  readonly powerDownUntilTurn: number;
  readonly outageUntilTurn: number;
  readonly allCardsRed: boolean;
  /** A gas leak card: Teamers in that door's zone test at this FF change during that turn. */
  readonly gasLeak: { readonly door: number; readonly turn: number; readonly ff: number } | null;
}

export interface Evaluation {
  readonly outcome: 'completed' | 'part-completed' | 'failed';
  readonly objectives: readonly boolean[];
  /** The new-orders bonus objective: met or not; absent when no such orders came. */
  readonly bonus?: boolean;
  /** Team stars, the new orders' share (`bonusStars`, absent without such orders) included. */
  readonly teamStars: number;
  /** What the new orders' bonus objective earned (pack `teamStars.newOrders` when met, else 0). */
  readonly bonusStars?: number;
  readonly catastrophe: boolean;
  /**
   * The cargo bonus (16, 24.6): loads intact and lost at the end, and what they pay in thousands
   * by the pack's `cargoBonus`; absent when the arena has no loads.
   */
  readonly cargo?: { readonly intact: number; readonly lost: number; readonly bonus: number };
}

/**
 * What an undo goes back to: the parts of the state a step, a turn or the end of a move can
 * change without a die or a reveal (the Teamers, the move, the activation). Taken by `undo.saved`
 * from the state at that moment, so the log alone rebuilds it.
 */
export interface UndoPoint {
  readonly teamerId: string;
  readonly teamers: FdState['teamers'];
  readonly move: MoveInProgress | null;
  readonly activation: Activation | null;
  readonly activated: readonly string[];
}

/** One team of a multi-team game (21). */
export interface PlayTeam {
  readonly teamerIds: readonly string[];
  /** The activation deck laid out for the next round (null: not laid; it then goes in team order). */
  readonly deck: readonly string[] | null;
  /** The deck being played out this round (null before the round's sequence is drawn). */
  readonly playing: readonly string[] | null;
}

/** A card of the round's sequence pack (21): a team's index, or a Threat card. */
export type SequenceCard = number | 'threat';

/**
 * Multi-team play (21): the teams, this round's sequence (drawn at the Team phase's start), and
 * the Threat activation waiting for its seat to run it.
 */
export interface MultiTeamState {
  readonly teams: readonly PlayTeam[];
  readonly opposed: boolean;
  readonly sequence: readonly SequenceCard[];
  /** The sequence's Threat cards turned up so far this round. */
  readonly threatCards: number;
  /** A Threat card's units are acting (the teams' cards go on when they are done). */
  readonly onThreatCard: boolean;
  /**
   * The unit (its first Threat) waiting to be run and the team whose player runs it; `ambush`: a
   * Team-phase ambush on that Teamer, waiting for its seat (nothing else happens meanwhile).
   */
  readonly call: {
    readonly threatId: string;
    readonly team: number;
    readonly run: boolean;
    readonly ambush?: string;
  } | null;
  /** The team that last ran a Threat by turns (-1: none yet). */
  readonly lastTurn: number;
}

export interface FdState {
  readonly seats: Readonly<Record<string, { readonly role: Role; readonly name: string }>>;
  readonly chat: ChatState;
  readonly rules: FdRules;
  readonly missionId: string;
  readonly arenaId: string;
  /** Where the boarding bridge attaches: the first square inside and the facing of a man stepping in (5, 22). */
  readonly entry: { readonly x: number; readonly y: number; readonly facing: Facing };
  readonly phase: Phase;
  readonly turn: number;
  readonly teamOrder: readonly string[];
  /** How the Team activates (8.1): the pack's option unless chosen at the briefing. */
  readonly activationMethod: 'fixed' | 'nearest-first' | 'deck' | 'stack';
  /** This turn's activation order when the method draws one (null: team order). */
  readonly turnOrder: readonly string[] | null;
  readonly teamers: Readonly<Record<string, Teamer>>;
  readonly threatOrder: readonly string[];
  readonly threats: Readonly<Record<string, Threat>>;
  readonly nextThreat: number;
  readonly tiles: readonly TileState[];
  readonly doors: readonly DoorState[];
  /** Doors a DOOR RC holder keeps open at Door Check (his standing decision, 17 step 5). */
  readonly doorsHeld: readonly number[];
  /** The bridge / control-room override is set: Door Check is skipped (15.1, 17 step 5). */
  readonly doorOverride: boolean;
  /** Event card ids not dealt yet, in deck order (hidden). */
  readonly deck: readonly string[];
  /** Spare infestation markers, in draw order (hidden): extra pings come from here. */
  readonly markers: readonly Ping[];
  /** Contraband items the Team has picked up (black market value at evaluation). */
  readonly contraband: readonly ('forbidden' | 'illegal' | 'high-value')[];
  readonly kitty: KittyState;
  readonly effects: Effects;
  /** Teamers that have taken their activation this turn (in order). */
  readonly activated: readonly string[];
  readonly activation: Activation | null;
  readonly move: MoveInProgress | null;
  readonly interrupt: Interrupt | null;
  /** Threat phase: units still to act (one id, or a pack's ids), in the order fixed at its start. */
  readonly threatQueue: readonly (readonly string[])[];
  /** The Threat phase order has been fixed this phase (an empty queue then means all have acted). */
  readonly threatPlanned: boolean;
  /** A pack under way: its plan (members left to act, the shared allowance). */
  readonly pack: PackPlan | null;
  /** A Threat's actions left to carry out after an interrupt. */
  readonly paused: {
    readonly threatId: string;
    readonly actions: readonly ThreatAction[];
    /** The first step was already offered to door crushers (do not ask again). */
    readonly crossingAsked?: boolean;
  } | null;
  /** Flame markers per square index. */
  readonly flames: Readonly<Record<string, number>>;
  /** Per cargo load of the arena (index as `arena.loads`): its warming die, and whether it is lost. */
  readonly loads: readonly LoadState[];
  /**
   * Switch (c) weak spots (14): bulkhead sides a Threat has searched (each is tried once) and those
   * where it found a weak spot (RED footprints). Absent in states from before the switch existed.
   */
  readonly bulkheads?: { readonly tried: readonly string[]; readonly weak: readonly string[] };
  /**
   * The ceiling extension (19), only with the pack's `switches.ceiling`: the ceiling levels, their
   * exits and the Threats up there. Absent in states from before it existed or with it off.
   */
  readonly ceiling?: CeilingState;
  /** Tiles shot from this turn (the disturbance switch, 22); cleared with the turn. */
  readonly shotTiles: readonly number[];
  /** Grenade-explosion markers (square indexes), removed in Housekeeping. */
  readonly blasts: readonly number[];
  /** Drone guns set up this mission, in set-up order. */
  readonly drones: readonly Drone[];
  /**
   * Vehicles as they stand now (18); absent until one is first got into (they stand then as the
   * arena sets them up: `vehiclesOf` in vehicles.ts).
   */
  readonly vehicles?: readonly VehicleState[];
  /** Squares whose brown obstacle a vehicle bulldozed aside: bare floor since (18). */
  readonly bulldozed?: readonly number[];
  /** Weapons lying where a man seized as prey fell (13.6: none go with the body); absent: none yet. */
  readonly floorGear?: readonly FloorGear[];
  /** Mission progress: counters the objectives read (Bridge console actions, H found, Source cleared). */
  readonly progress: {
    readonly consoleActions: number;
    readonly hFound: boolean;
    readonly sourceCleared: boolean;
    readonly threatsPlaced: number;
    readonly threatsKilled: number;
    /** New orders (an event card): a bonus objective to reach a tile of this type, and whether met. */
    readonly bonus: { readonly tileType: string; readonly met: boolean } | null;
  };
  readonly teamStars: number;
  readonly evaluation: Evaluation | null;
  /**
   * The Team's steps that may still be taken back, newest last: emptied by any event that rolls a
   * die, reveals something or commits the turn (everything but the quiet events of a move).
   */
  readonly undo: readonly UndoPoint[];
  /** What lasts from one mission to the next of a campaign (digest 20, 24.10). */
  readonly campaign: CampaignState;
  /** Multi-team play (21); absent or null in the ordinary one-Team game. */
  readonly multiTeam?: MultiTeamState | null;
}

/** The team (index) a Teamer belongs to in a multi-team game, or -1. */
export function teamIndexOf(state: FdState, teamerId: string): number {
  return state.multiTeam?.teams.findIndex((t) => t.teamerIds.includes(teamerId)) ?? -1;
}

export interface CampaignState {
  /** Missions evaluated so far. */
  readonly missions: number;
  /** Each level adds the pack's Threats per level to every non-NONE ping. */
  readonly threatLevel: number;
  /** Black money from contraband, in thousands (never in the official record). */
  readonly money: number;
  /** The official pay so far from cargo bonuses, in thousands (may fall below 0: lost loads cost). */
  readonly pay: number;
  /** Team advancements taken (pack ids, in order). */
  readonly advancements: readonly string[];
  readonly lastOutcome: Evaluation['outcome'] | null;
  /**
   * Each Teamer's sheet in the pack's own shape, kept up to date by advancements, purchases and
   * replacements: the next mission's Teamers are built from it.
   */
  readonly sheets: Readonly<Record<string, PackTeamer>>;
  /** Rank on the pack's ladder (index into `campaign.ranks`). */
  readonly ranks: Readonly<Record<string, number>>;
  /** Black-market purchases per `teamerId:purchaseId` (for the pack's limits). */
  readonly bought: Readonly<Record<string, number>>;
  /** Replacements recruited so far (their ids are r1, r2...). */
  readonly replaced: number;
}

export const INITIAL_CHAT: ChatState = EMPTY_CHAT;

export function isAlive(t: Teamer): boolean {
  return t.wounds < 3;
}

/** In the arena and able to act: aboard, not gone back, not out of action or dead. */
export function canAct(t: Teamer): boolean {
  return t.x !== null && !t.left && t.wounds < 2;
}

/** Still on the boarding bridge, waiting to step in (turn 1, or later). */
export function onBridge(t: Teamer): boolean {
  return t.x === null && !t.left && t.wounds < 2;
}

/** Fumble Factor now: base, −1 per wound, −2 the turn after a dash; chicken loses + factors. */
export function currentFf(t: Teamer): number {
  return t.ff - Math.min(t.wounds, 1) - (t.dash === 'penalised' ? 2 : 0);
}

/** Who carries this Teamer (a comrade carrying him out of action), or undefined. */
export function carrierOf(state: FdState, id: string): Teamer | undefined {
  for (const other of state.teamOrder) {
    const t = state.teamers[other] as Teamer;
    if (t.carrying === id) return t;
  }
  return undefined;
}

/** Carrying a comrade or a load makes him encumbered (−1 move), unless he is strong. */
export function laden(t: Teamer): boolean {
  if (t.abilities.includes('strong')) return false;
  return t.encumbered || t.carrying !== null || t.cargo !== null;
}

export function readyChit(t: Teamer): 0 | 1 | null {
  if (t.chits[0] === 'READY') return 0;
  if (t.chits[1] === 'READY') return 1;
  return null;
}

export function waitChit(t: Teamer): 0 | 1 | null {
  if (t.chits[0] === 'WAIT') return 0;
  if (t.chits[1] === 'WAIT') return 1;
  return null;
}

/**
 * The state with every field of `FdState` in one order, the optional ones present (undefined when
 * unset; JSON and `canonicalJson` drop them, so the state reads and serialises as before). Every
 * state `evolve` hands out goes through here, so all of them share one hidden class. Built by
 * spreads in different orders and from different starting shapes, they had about thirty, and V8
 * then copies them (`{ ...state }`, once or twice an event) and reads their fields everywhere in
 * the rules, the AI and the policy by its slow megamorphic paths. With `oneTeamer` for the Teamers
 * the event changed (`before` is the state it was folded into), this took 15-20% off a simulated
 * mission (docs/architecture.md, FD simulation speed); a case that copies with `freshState` is
 * handed out as it is, with no second copy (11% more). `copyState`'s type lists every key,
 * optional ones included, so a field added to `FdState` must be added there.
 */
export function oneShape(s: FdState, before: FdState): FdState {
  if (s === fresh) {
    // Made by `freshState` in this fold: already of the one shape, and nobody else holds it.
    if (s.teamers !== before.teamers && !(s.teamers === freshTeamers && freshTeamersFrom === before.teamers))
      fresh.teamers = oneTeamers(s.teamers, before.teamers);
    // Handed out now: from here on it is a state like any other, never changed in place.
    beginFold();
    return s;
  }
  const out = copyState(s);
  if (s.teamers !== before.teamers) out.teamers = oneTeamers(s.teamers, before.teamers);
  return out;
}

/** A state the fold may still fill in (what `freshState` hands out). */
export type FreshState = { -readonly [K in keyof FdState]: FdState[K] };

/**
 * The copy `evolve` is making in the fold under way (`beginFold` clears it), and the Teamers'
 * record `withTeamer` built for it with the changed entry in one shape (and the record it was built
 * from). `oneShape` hands the fresh copy out as it is instead of copying it a second time, and the
 * Teamers' record too when it was built from the state's own.
 */
let fresh: FreshState | null = null;
let freshTeamers: FdState['teamers'] | null = null;
let freshTeamersFrom: FdState['teamers'] | null = null;

/** Called by `evolve` before each event: no copy made before it counts as fresh. */
export function beginFold(): void {
  fresh = null;
  freshTeamers = null;
  freshTeamersFrom = null;
  freshT = null;
}

/**
 * A copy of the state in the one shape, for the fold to fill in (instead of `{ ...state }`, which
 * `oneShape` would copy again). Only for `evolve` and what it calls.
 */
export function freshState(s: FdState): FreshState {
  const out = copyState(s);
  fresh = out;
  return out;
}

/** Whether `s` is the fresh copy of the fold under way (it may still be changed in place). */
export function isFresh(s: FdState): s is FreshState {
  return s === fresh;
}

/** The one literal every state is copied by (one allocation site: one hidden class). */
function copyState(s: FdState): FreshState {
  const out: { -readonly [K in keyof Required<FdState>]: FdState[K] } = {
    seats: s.seats,
    chat: s.chat,
    rules: s.rules,
    missionId: s.missionId,
    arenaId: s.arenaId,
    entry: s.entry,
    phase: s.phase,
    turn: s.turn,
    teamOrder: s.teamOrder,
    activationMethod: s.activationMethod,
    turnOrder: s.turnOrder,
    teamers: s.teamers,
    threatOrder: s.threatOrder,
    threats: s.threats,
    nextThreat: s.nextThreat,
    tiles: s.tiles,
    doors: s.doors,
    doorsHeld: s.doorsHeld,
    doorOverride: s.doorOverride,
    deck: s.deck,
    markers: s.markers,
    contraband: s.contraband,
    kitty: s.kitty,
    effects: s.effects,
    activated: s.activated,
    activation: s.activation,
    move: s.move,
    interrupt: s.interrupt,
    threatQueue: s.threatQueue,
    threatPlanned: s.threatPlanned,
    pack: s.pack,
    paused: s.paused,
    flames: s.flames,
    loads: s.loads,
    bulkheads: s.bulkheads,
    ceiling: s.ceiling,
    shotTiles: s.shotTiles,
    blasts: s.blasts,
    drones: s.drones,
    vehicles: s.vehicles,
    bulldozed: s.bulldozed,
    floorGear: s.floorGear,
    progress: s.progress,
    teamStars: s.teamStars,
    evaluation: s.evaluation,
    undo: s.undo,
    campaign: s.campaign,
    multiTeam: s.multiTeam,
  };
  return out;
}

/**
 * A Teamer with every field in one order (`up` present, undefined when unset), for the reason
 * `oneShape` gives: Teamers made by spreads of one another in many orders had about seventeen
 * hidden classes, and the rules read their fields everywhere. The type lists every key.
 */
export function oneTeamer(t: Teamer): Teamer {
  return copyTeamer(t);
}

/** A Teamer the fold may still fill in (what `freshTeamer` hands out). */
export type FreshTeamer = { -readonly [K in keyof Teamer]: Teamer[K] };

/** The Teamer `freshTeamer` made last: `teamersWith` takes it as it is. */
let freshT: FreshTeamer | null = null;

/**
 * A copy of the Teamer in `oneTeamer`'s shape for the fold to fill in (instead of `{ ...t, x }`,
 * which `teamersWith` would copy again). Only for `evolve` and what it calls.
 */
export function freshTeamer(t: Teamer): FreshTeamer {
  const out = copyTeamer(t);
  freshT = out;
  return out;
}

/** The one literal every changed Teamer is copied by (one allocation site: one hidden class). */
function copyTeamer(t: Teamer): FreshTeamer {
  const out: { -readonly [K in keyof Required<Teamer>]: Teamer[K] } = {
    id: t.id,
    name: t.name,
    role: t.role,
    leader: t.leader,
    seatId: t.seatId,
    x: t.x,
    y: t.y,
    facing: t.facing,
    chits: t.chits,
    wounds: t.wounds,
    ff: t.ff,
    binge: t.binge,
    chicken: t.chicken,
    ducked: t.ducked,
    position: t.position,
    dash: t.dash,
    luck: t.luck,
    weapons: t.weapons,
    bonus: t.bonus,
    abilities: t.abilities,
    ammo: t.ammo,
    grenades: t.grenades,
    bioSensor: t.bioSensor,
    doorRc: t.doorRc,
    armour: t.armour,
    encumbered: t.encumbered,
    left: t.left,
    aboard: t.aboard,
    seenHorrific: t.seenHorrific,
    moved: t.moved,
    goldStars: t.goldStars,
    carrying: t.carrying,
    cargo: t.cargo,
    up: t.up,
  };
  return out;
}

/**
 * The Teamers' record with each entry changed since `before` in one shape (`oneTeamer`), the
 * others as they were, the keys in the same order.
 */
export function oneTeamers(teamers: FdState['teamers'], before: FdState['teamers']): Record<string, Teamer> {
  const out: Record<string, Teamer> = {};
  for (const id in teamers) {
    const t = teamers[id] as Teamer;
    out[id] = t === before[id] ? t : oneTeamer(t);
  }
  return out;
}

/**
 * The Teamers' record of `order`, each copied once in `oneTeamer`'s shape and changed by `change`
 * (a new turn resets every Teamer's chits). `oneShape` takes it as it is instead of copying each
 * changed Teamer a second time. `from` is the record the fold began with.
 */
export function teamersEach(
  from: FdState['teamers'],
  order: readonly string[],
  change: (t: FreshTeamer) => void,
): FdState['teamers'] {
  const out: Record<string, Teamer> = {};
  for (const id of order) {
    const t = copyTeamer(from[id] as Teamer);
    change(t);
    out[id] = t;
  }
  freshTeamers = out;
  freshTeamersFrom = from;
  return out;
}

export function withTeamer(state: FdState, t: Teamer): FdState {
  const s = freshState(state);
  s.teamers = teamersWith(state.teamers, t);
  return s;
}

/**
 * The Teamers' record with `t` set (where it stands, or added at the end) in `oneTeamer`'s shape:
 * what `oneShape` would make of `{ ...teamers, [t.id]: t }`, in one copy instead of two.
 */
export function teamersWith(teamers: FdState['teamers'], t: Teamer): FdState['teamers'] {
  const out: Record<string, Teamer> = {};
  for (const k in teamers) out[k] = teamers[k] as Teamer;
  out[t.id] = t === teamers[t.id] || t === freshT ? t : oneTeamer(t);
  freshTeamers = out;
  freshTeamersFrom = teamers;
  return out;
}

/** A Threat the fold may still fill in (what `freshThreat` hands out). */
export type FreshThreat = { -readonly [K in keyof Threat]: Threat[K] };

/**
 * The one literal every Threat is built by (placed, or copied to change a field): every field in
 * the same order from one allocation site, so V8 keeps one hidden class for them, for the reason
 * `oneTeamer` gives (the Threat phase reads their fields on every step of every unit).
 */
export function freshThreat(t: Threat): FreshThreat {
  return {
    id: t.id,
    species: t.species,
    x: t.x,
    y: t.y,
    facing: t.facing,
    wounds: t.wounds,
    eye: t.eye,
    acted: t.acted,
    shotAt: t.shotAt,
    carrying: t.carrying,
  };
}

export function withThreat(state: FdState, t: Threat): FdState {
  const s = freshState(state);
  s.threats = withRecordEntry(state.threats, t.id, t);
  return s;
}

/**
 * A copy of a record by id with one entry set (added at the end, or replaced where it stands):
 * what `{ ...record, [id]: value }` makes. The Threats' record has another set of ids, so another
 * hidden class, at almost every state of a mission, and V8 copies a spread of so many shapes by
 * its slow generic path; a loop over the keys is several times faster. Same keys, same order.
 */
export function withRecordEntry<T>(
  record: Readonly<Record<string, T>>,
  id: string,
  value: T,
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k in record) out[k] = record[k] as T;
  out[id] = value;
  return out;
}

export function withTile(state: FdState, index: number, tile: TileState): FdState {
  const tiles = state.tiles.slice();
  tiles[index] = tile;
  const s = freshState(state);
  s.tiles = tiles;
  return s;
}

export function withDoor(state: FdState, index: number, door: DoorState): FdState {
  const doors = state.doors.slice();
  doors[index] = door;
  const s = freshState(state);
  s.doors = doors;
  return s;
}

export function teamerOf(state: FdState, id: string): Teamer | undefined {
  return Object.hasOwn(state.teamers, id) ? state.teamers[id] : undefined;
}

export function threatOf(state: FdState, id: string): Threat | undefined {
  return Object.hasOwn(state.threats, id) ? state.threats[id] : undefined;
}
