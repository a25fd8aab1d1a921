import type { Hex } from '../../../engine/board/hex-grid.ts';
import type { HullKind, Person, Post, Side, WeaponKind } from '../data/space-pack.ts';

/**
 * The state of a space battle (digest §6). Every number a rule reads is on the ship record, copied
 * from the design when the ship enters play, so `evolve` never needs the data pack.
 */

export type { Hex, HullKind, Person, Post, Side, WeaponKind };

/** Damage levels of an item with two steps: working, damaged, destroyed. */
export type Level = 0 | 1 | 2;

export type ShipClass = 'starship' | 'spaceship' | 'smallCraft';

export type Phase =
  | 'setup'
  | 'detection'
  | 'surprise'
  | 'roles'
  | 'movement'
  | 'laser'
  | 'return'
  | 'ordnance'
  | 'ended';

export interface Weapon {
  readonly kind: WeaponKind;
  /** Ready rounds (missile racks and sand casters; 0 for beam weapons). */
  readonly ready: number;
  /** The phase serial in which it last fired, launched or cast (one use per phase). */
  readonly usedPhase: number;
}

export interface Turret {
  readonly name: string;
  readonly weapons: readonly Weapon[];
  readonly state: Level;
  readonly hits: number;
  /** Its own gunner; null: the chief gunner serves it. */
  readonly gunner: Person | null;
  /** The player turn it last fired in (a reloading gunner may not have fired this turn nor the one before). */
  readonly firedTurn: number;
  /** It may not fire before this player turn (its gunner reloaded). */
  readonly busyUntil: number;
  /** The ship it fired at in `firedPhase` (all its beam weapons engage the same ship in a phase). */
  readonly firedAt: string | null;
  readonly firedPhase: number;
  /**
   * Gunners who load at this turret, its own included (absent: one). Each loads one round a turn
   * (§6.10: nine gunners refill a triple missile turret's nine rounds in one turn).
   */
  readonly hands?: number;
  /** The player turn its gunners last loaded in, and how many rounds they loaded then. */
  readonly loadedTurn?: number;
  readonly loadedRounds?: number;
}

export interface Carried {
  readonly design: string;
  readonly state: Level;
}

/** A rated item (maneuver drive, jump drive, computer): current rating, destroyed flag, hits taken. */
export interface Rated {
  readonly max: number;
  readonly now: number;
  readonly destroyed: boolean;
  readonly hits: number;
}

export interface Ship {
  readonly id: string;
  readonly name: string;
  readonly design: string;
  readonly side: Side;
  /** The player seat that commands it (null: the referee). */
  readonly controller: string | null;
  readonly shipClass: ShipClass;
  readonly tons: number;
  readonly hull: HullKind;
  readonly hullPointsMax: number;
  readonly hullPoints: number;
  readonly hullHits: number;
  readonly maneuver: Rated;
  readonly jump: Rated;
  readonly computer: Rated;
  /** Power plant (for small craft the Drive stands for power plant and maneuver drive together). */
  readonly power: Level;
  readonly powerHits: number;
  /** Small craft only: the cabin was depressurised. */
  readonly cabin: Level;
  /** Small craft only: all weapons damaged / destroyed. */
  readonly weaponsState: Level;
  readonly weaponsHits: number;
  readonly fuel: number;
  readonly cargo: number;
  readonly carried: readonly Carried[];
  readonly magazine: { readonly missiles: number; readonly sand: number };
  readonly turrets: readonly Turret[];
  readonly crew: Readonly<Partial<Record<Post, Person>>>;
  /** Present hex; null until placed. */
  readonly at: Hex | null;
  readonly vel: Hex;
  readonly past: Hex | null;
  /** Sand canisters in effect around it. */
  readonly sand: number;
  readonly quiet: boolean;
  /** Found by the other side (an active ship always is). */
  readonly detected: boolean;
  /** The phase serial of its last move (one move per movement phase). */
  readonly movedPhase: number;
  /** The player turn of its last damage-control attempt. */
  readonly repairTurn: number;
  /** Ship pool points left (§6.4). */
  readonly pool: number;
  /**
   * Pool points it spends against each enemy shot at it, before the dice (§6.4 allows a ship's
   * points on rolls against it); set by its commander, spent while the pool lasts.
   */
  readonly guard: number;
  readonly destroyed: boolean;
}

export interface Missile {
  readonly id: string;
  readonly ship: string;
  readonly side: Side;
  readonly target: string;
  readonly range: number;
  /** The launcher's computer model at launch (counter-fire DM). */
  readonly computer: number;
  /** The player turn in whose ordnance phase it strikes. */
  readonly strikesAt: number;
}

/** A beam shot whose dice are rolled and whose outcome waits for pool points after the dice (§6.4). */
export interface OpenShot {
  readonly ship: string;
  readonly turret: number;
  readonly weapon: number;
  readonly target: string;
  readonly range: number;
  readonly side: Side;
  readonly roll: import('./events.ts').Roll2d6;
  /** Target pool points spent by its guard before the dice. */
  readonly against: number;
  /** The target side's fleet chip spent against it (0 or 1). */
  readonly chipAgainst: number;
  /** Pool points added after the dice (signed), by either ship. */
  readonly after: number;
  readonly passed: readonly Side[];
  /** Weapons of the same command still to fire, each in its own window. */
  readonly rest: readonly number[];
  /**
   * A damage-control roll rather than a shot (§6.12): the item being patched. Its ship is both
   * `ship` and `target`; only its own side's points go on it, and it gives nothing away.
   */
  readonly repair?: { readonly item: import('./commands.ts').RepairItem; readonly turret?: number };
  /** Counter-missile fire (§6.9): `target` is the protected ship; only the firing side has a say. */
  readonly counter?: true;
  /** A navigator's detection roll (§6.2) at `target`: its side's secret, only its side has a say. */
  readonly detect?: true;
}

/** Rolls of the ship's own (repair, counter-fire, detection): the other side puts no points on them. */
export function ownRollOnly(open: OpenShot): boolean {
  return open.repair !== undefined || open.counter === true || open.detect === true;
}

export interface World {
  readonly name: string;
  readonly at: Hex;
}

export interface SideInfo {
  readonly name: string;
  readonly commander: Person | null;
  /** Fleet chips left (§6.4). */
  readonly chips: number;
  /** Spend a chip (−1, before the dice) against each enemy shot at the side's ships while chips last. */
  readonly chipGuard: boolean;
  /** With the guard on, a chip also goes against the other side's own rolls of these kinds. */
  readonly chipAlso?: readonly import('./commands.ts').OwnRollKind[];
}

/** Something the referee must rule on (a path into a world's hex). */
export interface RefereeFlag {
  readonly ship: string;
  readonly kind: 'worldEntered';
  readonly at: Hex;
  readonly playerTurn: number;
}

export interface SpaceState {
  readonly scenario: string | null;
  /** The Intruder when the scenario fixes it (no §6.3 score). */
  readonly fixedIntruder: Side | null;
  readonly sides: Readonly<Record<Side, SideInfo>>;
  readonly ships: Readonly<Record<string, Ship>>;
  /** Ship ids in the order they entered play (turn order within a phase is the players' choice). */
  readonly order: readonly string[];
  readonly worlds: readonly World[];
  readonly missiles: readonly Missile[];
  readonly missileSerial: number;
  readonly phase: Phase;
  /** Full turns (Intruder player turn + Native player turn); 0 before the battle. */
  readonly turn: number;
  /** Player turns since the battle began: 0, 1, … (Intruder's are even). */
  readonly playerTurn: number;
  /** Increases at every phase change (one shot per weapon per phase, one move per movement phase). */
  readonly phaseSerial: number;
  /** Whose player turn it is. */
  readonly turnSide: Side;
  readonly intruder: Side | null;
  /** The side that chooses Intruder and Native (score winner or surpriser). */
  readonly chooser: Side | null;
  readonly surpriser: Side | null;
  readonly detectionRound: number;
  /** "ship>target" pairs that rolled for detection this round. */
  readonly detectRolls: readonly string[];
  /** target ship id → ships that fired beams at it in this player turn's laser phase (return fire). */
  readonly firedAt: Readonly<Record<string, readonly string[]>>;
  readonly flags: readonly RefereeFlag[];
  readonly ended: string | null;
  /** Pool windows after the dice for beam fire (the referee turns them on; off, shots resolve at once). */
  readonly windows: boolean;
  readonly open: OpenShot | null;
}

export const other = (side: Side): Side => (side === 'a' ? 'b' : 'a');

/** The side that acts in the current phase (the other side in its return-fire phase). */
export function actingSide(space: SpaceState): Side {
  return space.phase === 'return' ? other(space.turnSide) : space.turnSide;
}

export function initialSpace(): SpaceState {
  return {
    scenario: null,
    fixedIntruder: null,
    sides: {
      a: { name: 'Side A', commander: null, chips: 0, chipGuard: false },
      b: { name: 'Side B', commander: null, chips: 0, chipGuard: false },
    },
    ships: {},
    order: [],
    worlds: [],
    missiles: [],
    missileSerial: 0,
    phase: 'setup',
    turn: 0,
    playerTurn: 0,
    phaseSerial: 0,
    turnSide: 'a',
    intruder: null,
    chooser: null,
    surpriser: null,
    detectionRound: 0,
    detectRolls: [],
    firedAt: {},
    flags: [],
    ended: null,
    windows: false,
    open: null,
  };
}
