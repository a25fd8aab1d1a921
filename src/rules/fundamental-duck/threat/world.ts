import type { ThreatProfile } from './profile.ts';

/**
 * What the threat AI may ask about the game, and nothing more. The AI only reads: the Threat phase
 * (or an ambush) builds one of these over its working record, asks for a decision, applies the
 * resulting actions as events and asks again for the next Threat. Keeping the AI behind this
 * interface lets it be tested on hand-built worlds and lets the simulator answer the queries from
 * its compact record without building a state.
 *
 * Squares are plain numbers, `y * width + x` (x grows east, y grows south), so the AI's loops keep
 * no per-square objects.
 */
export type SquareKey = number;

/** The 8 compass facings, clockwise from north: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW. */
export type Facing = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One Threat figure on the board (dead or off-board Threats are not listed). */
export interface ThreatView {
  readonly id: string;
  readonly species: string;
  readonly square: SquareKey;
  readonly facing: Facing;
  /** Has taken a wound (and still stands): +2 on its reaction roll. */
  readonly wounded: boolean;
  /** Carries an eye marker: it hid and counts as waiting. */
  readonly waiting: boolean;
  /** Has used its action this turn already (a Team-phase ambush): it is left out of the phase order. */
  readonly acted: boolean;
  /** The Teamer it is dragging to the nest, if any (prey). */
  readonly carrying: string | null;
}

/** One Teamer the Threats can react to and attack (fd-rules leaves out the fallen and those off the board). */
export interface TeamerView {
  readonly id: string;
  readonly square: SquareKey;
  readonly facing: Facing;
  /** The team leader, third in the attack priority. */
  readonly you: boolean;
  /** Carries a heavy weapon (HEMG, Flamer): second in the attack priority. */
  readonly heavyWeapon: boolean;
}

/** A door as the Threats meet it. */
export interface DoorView {
  readonly id: string;
  /** Per door side, its two aperture squares (either order); a narrow door has 1 side, a cargo door 3, listed along the wall. */
  readonly sides: readonly (readonly [SquareKey, SquareKey])[];
  /** The door zone: aperture squares plus their neighbours along the wall line. */
  readonly zone: readonly SquareKey[];
  /** Battering damage accumulated so far. */
  readonly damage: number;
  /** Switch (b) only: the batter dice thrown at this door so far this turn (cleared in Housekeeping). */
  readonly batteredThisTurn?: number;
  /** Side indexes (into `sides`) holding RED footprints: a short cut found through ducts. */
  readonly shortCuts: readonly number[];
  /** Side indexes (into `sides`) holding GREEN footprints: a hole battered through, crossed as a step. */
  readonly holes: readonly number[];
}

/** A bulkhead side (a wall between two tiles, never the hull), for switch (c) weak spots. */
export interface BulkheadSideView {
  /** Stable name of the side (fd-rules' own). */
  readonly id: string;
  /** The squares on either side of it. */
  readonly a: SquareKey;
  readonly b: SquareKey;
  /** A Threat has searched it already (each side may be tried once). */
  readonly tried: boolean;
  /** A weak spot was found there (RED footprints): Threats wriggle through it. */
  readonly weakSpot: boolean;
}

/** Where one Threat can end a move of a given allowance (costs of digest 9.2 for that Threat). */
export interface ThreatReach {
  /**
   * Squares where the Threat may end its move, its own square excluded. A square holding exactly
   * one Teamer may be listed (the Threat may end there when no square next to him is free).
   */
  readonly squares: readonly SquareKey[];
  /** Movement points to end on `square`; `Infinity` when it is not reachable with this allowance. */
  cost(square: SquareKey): number;
  /** The squares the Threat passes through to reach `square`, its start excluded, `square` last. */
  path(square: SquareKey): SquareKey[];
}

/** Difficult-game switches and options of digest §14 and §22 that change the Threats' behaviour. */
export interface ThreatSwitches {
  /** (a) a battering Threat rolls 3d6 and makes a rent (GREEN) on 16+ instead of the damage track. */
  readonly batterRent3d6: boolean;
  /**
   * (b) the Threats battering one door throw their d6 together: a hole when this turn's throws at
   * that door reach 18 (instead of the damage track).
   */
  readonly batterTogether: boolean;
  /** (c) a Threat next to a bulkhead side may search it for a weak spot (3d6, 16+; once per side). */
  readonly weakSpots: boolean;
  /** (d) every successful short-cut roll makes its own way (default: one short cut per door). */
  readonly everyShortCutFinds: boolean;
  /** (e) difficult A: a short cut is found on 4–6 instead of 6. */
  readonly ductsOnFourPlus: boolean;
  /** Intellect-driven Threats are played by a person (a GM seat); otherwise by the solo script. */
  readonly intellectControlled: boolean;
}

export const DEFAULT_SWITCHES: ThreatSwitches = {
  batterRent3d6: false,
  batterTogether: false,
  weakSpots: false,
  everyShortCutFinds: false,
  ductsOnFourPlus: false,
  intellectControlled: false,
};

/**
 * The read-only queries the threat AI needs. Every function must be pure for the duration of one
 * call into the AI (the AI may call it many times and in any order).
 */
export interface ThreatWorld {
  /** Arena size in squares. */
  readonly width: number;
  readonly height: number;
  readonly turn: number;
  readonly phase: 'team' | 'threat';
  /** Threats on the board, in a stable order (their order of placement): roll-offs roll in this order. */
  readonly threats: readonly ThreatView[];
  readonly teamers: readonly TeamerView[];
  /** The tile holding the H chit (the Source), found or not; null when there is none. */
  readonly sourceTile: number | null;
  readonly switches: ThreatSwitches;

  /** The species sheet's behaviour; undefined when the pack lacks it (the AI then throws). */
  profile(species: string): ThreatProfile | undefined;
  /** Tile index of a square. */
  tileOf(square: SquareKey): number;
  /**
   * Distance of digest 13.2: fewest king-steps through open squares, walls and FULL obstacles
   * blocking, closed doors passable, figures and climbable obstacles ignored; Infinity if none.
   */
  distance(from: SquareKey, to: SquareKey): number;
  /** Fewest king-steps from a square to any square of a tile, as `distance`. */
  distanceToTile(from: SquareKey, tile: number): number;
  /** A shortest route of the `distance` measure (start excluded, `to` last), or null. */
  route(from: SquareKey, to: SquareKey): readonly SquareKey[] | null;
  /** Sight between two squares (no arcs: the AI applies facings); includes lighting limits. */
  canSee(from: SquareKey, to: SquareKey): boolean;
  /** Figures on these squares would be in contact (same square, or neighbours with no wall/closed door between and a legal diagonal). */
  contact(a: SquareKey, b: SquareKey): boolean;
  /** No figure and no FULL obstacle on the square: a Threat could be put there. */
  isFree(square: SquareKey): boolean;
  /**
   * The closed door (a side with no GREEN hole) on the side between two orthogonal neighbours, if
   * any; null for walls, open sides and non-neighbours. (For a diagonal route step the AI looks at
   * both ways round itself.)
   */
  closedDoorBetween(a: SquareKey, b: SquareKey): DoorView | null;
  /** Switch (c): the bulkhead sides touching a square. Needed only when `switches.weakSpots` is on. */
  bulkheadSides?(square: SquareKey): readonly BulkheadSideView[];
  /** Switch (c): every bulkhead side with a weak spot found. */
  readonly weakSpots?: readonly BulkheadSideView[];
  /** Where this Threat can end a move of `allowance` movement points. */
  reach(threatId: string, allowance: number): ThreatReach;
}
