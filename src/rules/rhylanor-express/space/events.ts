import type { Person, Post, Side } from '../data/space-pack.ts';
import type { OwnRollKind, RepairItem } from './commands.ts';
import type { Hex, Missile, OpenShot, Phase, Ship, World } from './model.ts';

/**
 * Space-combat events. Each carries every die face and every number evolve needs, so replay needs
 * neither dice nor the data pack. Events that would tell where an undetected (quiet) ship is carry
 * `secret: true` and `seen` (the seats of that ship's side when it happened), so redact can hide them.
 */

/** One named modifier of a roll, for the breakdown in the log. */
export interface Dm {
  readonly label: string;
  readonly value: number;
}

/** A 2d6 roll with its breakdown: faces, DMs, chip and pool points, the total and the target. */
export interface Roll2d6 {
  readonly faces: readonly [number, number];
  readonly dms: readonly Dm[];
  readonly chip: number;
  readonly pool: number;
  readonly total: number;
  readonly need: number;
  readonly success: boolean;
}

export interface Hidden {
  readonly secret: boolean;
  readonly seen: readonly string[];
}

/** Secret only sometimes (logs older than the field lack it). */
export interface MaybeHidden {
  readonly secret?: boolean;
  readonly seen?: readonly string[];
}

/** What one damage roll did (§6.11), fully decided: evolve applies it as it is. */
export type DamageItem =
  | 'power'
  | 'maneuver'
  | 'jump'
  | 'fuel'
  | 'hull'
  | 'hold'
  | 'computer'
  | 'turret'
  | 'drive'
  | 'cabin'
  | 'weapons'
  | 'crew'
  | 'explode'
  | 'none';

export interface DamageEffect {
  readonly item: DamageItem;
  /** From the critical table (permanent destruction), not the location table. */
  readonly critical: boolean;
  /** The turret hit (an index into the ship's turrets) and the die that picked it. */
  readonly turret?: number;
  readonly turretFace?: number;
  /** Hold: tons of cargo lost, or the carried craft hit (index). */
  readonly cargoLost?: number;
  readonly carried?: number;
}

export interface CrewHit {
  readonly name: string;
  /** The penetration-8 wound roll (2d6 + 8 − armour), for the personal wound table. */
  readonly woundFaces: readonly [number, number];
  readonly woundRoll: number;
  readonly blowFace: number;
  readonly blownOut: boolean;
}

export interface RepairLine {
  readonly ship: string;
  readonly item: string;
  readonly hits: number;
  readonly cost: 'free' | 'full' | 'percent';
  readonly percent?: number;
  readonly face?: number;
}

export type SpaceEvent =
  | {
      readonly type: 'space.scenario.loaded';
      readonly scenario: string;
      readonly sides: Readonly<Record<Side, { readonly name: string; readonly commander: Person | null }>>;
      readonly intruder: Side | null;
    }
  | ({ readonly type: 'space.ship.added'; readonly ship: Ship } & Hidden)
  | { readonly type: 'space.world.added'; readonly world: World }
  | { readonly type: 'space.ship.controlled'; readonly ship: string; readonly seatId: string | null }
  | ({
      readonly type: 'space.crew.assigned';
      readonly ship: string;
      readonly post: Post;
      readonly person: Person;
    } & Hidden)
  | ({
      readonly type: 'space.gunner.assigned';
      readonly ship: string;
      readonly turret: number;
      readonly person: Person | null;
      /** Gunners at the turret who load, its own included (absent: unchanged). */
      readonly hands?: number;
    } & Hidden)
  | ({ readonly type: 'space.commander.assigned'; readonly side: Side; readonly person: Person } & Hidden)
  | ({
      readonly type: 'space.ship.placed';
      readonly ship: string;
      readonly at: Hex;
      readonly vel: Hex;
    } & Hidden)
  | ({ readonly type: 'space.posture.set'; readonly ship: string; readonly quiet: boolean } & Hidden)
  | { readonly type: 'space.detection.begun'; readonly round: number }
  | ({
      readonly type: 'space.detect.rolled';
      readonly ship: string;
      readonly target: string;
      readonly side: Side;
      readonly roll: Roll2d6;
      /** Its chip and pool points were spent when its window opened (space.roll.opened). */
      readonly spent?: boolean;
      /** The other side's fleet chip spent against the look (its chip guard). */
      readonly chipAgainst?: number;
    } & Hidden)
  | ({
      readonly type: 'space.detection.resolved';
      readonly outcome: 'surprise' | 'battle' | 'again';
      readonly surpriser: Side | null;
    } & Hidden)
  | {
      readonly type: 'space.initiative.rolled';
      readonly scores: Readonly<Record<Side, number>>;
      readonly rollOffs: readonly {
        readonly a: readonly [number, number];
        readonly b: readonly [number, number];
      }[];
      readonly chooser: Side;
    }
  | {
      readonly type: 'space.roles.chosen';
      readonly intruder: Side;
      readonly chips: Readonly<Record<Side, number>>;
      readonly pools: Readonly<Record<string, number>>;
    }
  | ({
      readonly type: 'space.ship.moved';
      readonly ship: string;
      readonly thrust: Hex;
      readonly from: Hex;
      readonly to: Hex;
      readonly path: readonly Hex[];
      /** Unit pulls toward worlds, in order. */
      readonly pulls: readonly Hex[];
      readonly vel: Hex;
      readonly worldEntered: readonly Hex[];
      readonly sandLost: number;
    } & Hidden)
  | {
      readonly type: 'space.phase.ended';
      readonly phase: Phase;
      readonly turnSide: Side;
      readonly turn: number;
      readonly playerTurn: number;
    }
  | {
      readonly type: 'space.fired';
      readonly ship: string;
      readonly turret: number;
      readonly weapon: number;
      /** A ship, or the protected ship whose missiles were shot at (counter-fire). */
      readonly target: string;
      readonly at: 'ship' | 'missiles';
      readonly range: number;
      readonly roll: Roll2d6;
      readonly natural: number;
      readonly hits: number;
      readonly hitsFace?: number;
      readonly missilesDestroyed?: readonly string[];
      /** Pool points the target ship spent against this shot (its guard), in the roll's DMs too. */
      readonly against?: number;
      /** The target side's fleet chip spent against the shot (its chip guard). */
      readonly chipAgainst?: number;
      /** Its chip and pool points were spent when its window opened (space.roll.opened). */
      readonly spent?: boolean;
      /** The chip and pool points spent, taken off the side and the ship. */
      readonly side: Side;
    }
  | ({
      readonly type: 'space.damaged';
      readonly ship: string;
      readonly source: string;
      readonly faces: readonly [number, number];
      readonly critFace?: number;
      readonly effect: DamageEffect;
    } & { readonly killed?: readonly string[] })
  | { readonly type: 'space.crew.hit'; readonly ship: string; readonly people: readonly CrewHit[] }
  | { readonly type: 'space.ship.destroyed'; readonly ship: string; readonly reason: string }
  | {
      readonly type: 'space.missile.launched';
      readonly missile: Missile;
      readonly turret: number;
      readonly weapon: number;
    }
  | {
      readonly type: 'space.missile.struck';
      readonly missile: string;
      readonly target: string;
      readonly sandFace?: number;
      readonly early: boolean;
      readonly hitsFace?: number;
      readonly hits: number;
    }
  | { readonly type: 'space.missiles.removed'; readonly missiles: readonly string[]; readonly reason: string }
  | {
      readonly type: 'space.sand.cast';
      readonly ship: string;
      readonly turret: number;
      readonly weapon: number;
    }
  | {
      readonly type: 'space.reloaded';
      readonly ship: string;
      readonly turret: number;
      readonly weapon: number;
      readonly rounds: number;
    }
  | {
      readonly type: 'space.repair.rolled';
      readonly ship: string;
      /** Set (with `seen`) when the ship is one the other side has not found: older logs lack it. */
      readonly secret?: boolean;
      readonly seen?: readonly string[];
      readonly item: RepairItem;
      readonly turret?: number;
      readonly roll: Roll2d6;
      readonly side: Side;
      /** Its chip and pool points were spent when its window opened (space.roll.opened). */
      readonly spent?: boolean;
      /** The other side's fleet chip spent against the roll (its chip guard). */
      readonly chipAgainst?: number;
    }
  | {
      readonly type: 'space.ground.fired';
      readonly ship: string;
      readonly turret: number;
      readonly target: string;
      readonly shots: readonly {
        readonly weapon: number;
        readonly roll: Roll2d6;
        readonly majors: number;
        readonly majorsFace?: number;
      }[];
    }
  | ({
      readonly type: 'space.overridden';
      readonly ship: string;
      readonly patch: Readonly<Record<string, unknown>>;
    } & Hidden)
  | { readonly type: 'space.flag.cleared'; readonly index: number }
  | { readonly type: 'space.pool.guarded'; readonly ship: string; readonly points: number }
  | { readonly type: 'space.windows.set'; readonly on: boolean }
  | {
      readonly type: 'space.chip.guarded';
      readonly side: Side;
      readonly on: boolean;
      readonly also?: readonly OwnRollKind[];
    }
  | {
      readonly type: 'space.roll.opened';
      readonly shot: OpenShot;
      /** A damage-control roll of a ship the other side has not found stays with its side. */
      readonly secret?: boolean;
      readonly seen?: readonly string[];
    }
  /** Window traffic of a secret roll (a look, repairs aboard an unfound ship) stays with its side. */
  | ({ readonly type: 'space.pool.added'; readonly ship: string; readonly points: number } & MaybeHidden)
  | ({ readonly type: 'space.roll.passed'; readonly side: Side } & MaybeHidden)
  | ({ readonly type: 'space.roll.closed' } & MaybeHidden)
  | { readonly type: 'space.battle.ended'; readonly reason: string; readonly repairs: readonly RepairLine[] };

export type SpaceEventOf<T extends SpaceEvent['type']> = Extract<SpaceEvent, { type: T }>;

export const SPACE_EVENT_TYPES: readonly SpaceEvent['type'][] = [
  'space.scenario.loaded',
  'space.ship.added',
  'space.world.added',
  'space.ship.controlled',
  'space.crew.assigned',
  'space.gunner.assigned',
  'space.commander.assigned',
  'space.ship.placed',
  'space.posture.set',
  'space.detection.begun',
  'space.detect.rolled',
  'space.detection.resolved',
  'space.initiative.rolled',
  'space.roles.chosen',
  'space.ship.moved',
  'space.phase.ended',
  'space.fired',
  'space.damaged',
  'space.crew.hit',
  'space.ship.destroyed',
  'space.missile.launched',
  'space.missile.struck',
  'space.missiles.removed',
  'space.sand.cast',
  'space.reloaded',
  'space.repair.rolled',
  'space.ground.fired',
  'space.overridden',
  'space.flag.cleared',
  'space.pool.guarded',
  'space.windows.set',
  'space.chip.guarded',
  'space.roll.opened',
  'space.pool.added',
  'space.roll.passed',
  'space.roll.closed',
  'space.battle.ended',
];

const TYPES = new Set<string>(SPACE_EVENT_TYPES);
export function isSpaceEvent(event: { readonly type: string }): event is SpaceEvent {
  return TYPES.has(event.type);
}
