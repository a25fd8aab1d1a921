import type { Reaction } from './profile.ts';
import type { DieRecord, RollOffRecord } from './roller.ts';
import type { Facing, SquareKey } from './world.ts';

/**
 * What one activation decided and why, as data a table can show and a log can keep, plus the
 * actions fd-rules turns into events, in order. Nothing here is prose: every reason is a code.
 */

export type ModifierCode = 'wounded' | 'teamerOnSource' | 'facingAway' | 'inPack';

/** Why the Threat read the Team column or the No-Team column (digest 13.3). */
export type ColumnReason =
  /** A Teamer is within its scent/hearing range. */
  | 'teamerInStimulusRange'
  /** A Teamer is on its tile and it sees a Teamer. */
  | 'teamerOnTileAndSighted'
  /** No Teamer on its tile (and none within stimulus range). */
  | 'noTeamerOnTile'
  /** A Teamer on its tile, but none visible or within stimulus range. */
  | 'noSighting';

export interface ReactionRecord {
  readonly face: number;
  readonly modifiers: readonly { readonly code: ModifierCode; readonly value: number }[];
  /** Face plus modifiers, before clamping to 1–6. */
  readonly total: number;
  /** The row read: total clamped to 1–6. */
  readonly row: number;
  readonly column: 'team' | 'noTeam';
  readonly columnReason: ColumnReason;
  readonly reaction: Reaction;
}

export interface MovementRecord {
  /** Its own movement dice, or none when the pack's best throw is used. */
  readonly faces: readonly number[];
  readonly die: 'd6' | 'avd' | 'd3' | 'd8';
  /** The species' fixed add to its movement dice. */
  readonly add: number;
  /** Movement lost while dragging a body (prey). */
  readonly carryPenalty: number;
  readonly allowance: number;
  readonly from: 'own' | 'pack';
}

/** Attack priority (digest 13.5): backs, heavy weapons, YOU, anyone else. */
export type Priority = 'back' | 'heavyWeapon' | 'you' | 'other';

export interface TargetRecord {
  readonly teamer: string;
  /** The Threat can reach contact with him this activation. */
  readonly reachable: boolean;
  /** Null when no Teamer was reachable and the nearest was taken. */
  readonly priority: Priority | null;
  /** How a tie with other candidates was settled. */
  readonly tie: 'none' | 'nearest' | 'rollOff';
}

export type DoorStep = 'crossShortCut' | 'goToShortCut' | 'seekShortCut' | 'batter';

export interface DoorRecord {
  readonly door: string;
  readonly step: DoorStep;
  /** The d6 that chose seeking (5–6) or battering (1–4); null when footprints were used. */
  readonly choiceFace: number | null;
  /** The d6 of the search; null when it did not seek. */
  readonly searchFace: number | null;
  readonly found: boolean;
  /** A short cut was found but the door has one already (only one per door by default). */
  readonly alreadyHasShortCut: boolean;
  /** Battering faces: one d6 on the damage track, or three d6 with switch (a). */
  readonly batterFaces: readonly number[];
  /** Door damage after this activation (damage track); with switch (b), this turn's total thrown at it. */
  readonly damageAfter: number;
  readonly holeOpened: boolean;
  readonly sideFace: number | null;
  /** The door side used, marked or holed (index into the door's sides). */
  readonly side: number | null;
}

/** Switch (c): what a Threat did at a bulkhead. */
export interface WeakSpotRecord {
  readonly side: string;
  readonly step: 'crossWeakSpot' | 'goToWeakSpot' | 'searchWeakSpot';
  /** The 3d6 of a search; empty otherwise. */
  readonly faces: readonly number[];
  readonly found: boolean;
}

/** The reason for the choice, as a code a table can word. */
export type Because =
  | 'waitingNotTriggered'
  | 'waitingTriggered'
  | 'ambush'
  | 'reaction'
  | 'packCannotReach'
  | 'draggingPrey'
  | 'preyAtNest'
  | 'controller'
  | 'noTeamers'
  /** fd-rules' ceiling (19): it goes after a man up in a ceiling, to climb up to him. */
  | 'climbingAfter';

/** What the Threat ended up doing, beyond its reaction. */
export type Outcome =
  /** Moved (or stood) into contact and grappled. */
  | 'grappled'
  /** No Teamer reachable: closed in along the shortest route. */
  | 'closedIn'
  /** No Teamer reachable and no square nearer him. */
  | 'noCloserSquare'
  /** Stopped in a door zone, or worked at the door. */
  | 'atDoor'
  /** Searched, went to or crawled through a bulkhead weak spot (switch c). */
  | 'atBulkhead'
  | 'stayed'
  | 'hidOutOfSight'
  | 'movedAwayInSight'
  | 'shot'
  | 'dragged'
  /** Climbed up into a ceiling after a man up there (19). */
  | 'climbed'
  | 'none';

export type ThreatAction =
  /** The eye marker comes off: it stops waiting. */
  | { readonly kind: 'wake' }
  /** A move along these squares (start excluded), one step at a time, so WAIT triggers can cut in. */
  | { readonly kind: 'move'; readonly path: readonly SquareKey[] }
  /** A move dragging a Teamer's body along (prey). */
  | { readonly kind: 'drag'; readonly teamer: string; readonly path: readonly SquareKey[] }
  /** The free turn at the end of a move. */
  | { readonly kind: 'face'; readonly facing: Facing }
  | { readonly kind: 'grapple'; readonly teamer: string; readonly fromBehind: boolean }
  /** Solo script of an intellect-driven Threat. */
  | { readonly kind: 'shoot'; readonly teamer: string }
  /** The eye marker goes on: hidden and waiting. */
  | { readonly kind: 'hide' }
  /**
   * Battering: damage to add to the door (with switch (b): to this turn's tally for the door); a
   * hole (GREEN footprints) on `holeSide` when it broke through.
   */
  | {
      readonly kind: 'batter';
      readonly door: string;
      readonly damage: number;
      readonly holeSide: number | null;
    }
  /** Found a short cut: RED footprints on the side, and the Threat is put at `to` at once. */
  | { readonly kind: 'findShortCut'; readonly door: string; readonly side: number; readonly to: SquareKey }
  /** Switch (c): searched a bulkhead side (mark it tried); a weak spot found gets RED footprints. */
  | { readonly kind: 'searchWeakSpot'; readonly side: string; readonly found: boolean }
  /** Switch (c): wriggles through a weak spot, its whole activation, ending at `to`. */
  | { readonly kind: 'crossWeakSpot'; readonly side: string; readonly to: SquareKey }
  /** Crawls through the RED footprints' short cut: its whole activation, ending at `to`. */
  | { readonly kind: 'crossShortCut'; readonly door: string; readonly side: number; readonly to: SquareKey }
  /** Up through the ceiling exit at `exit` after the man up there (19): fd-rules carries it out. */
  | { readonly kind: 'climb'; readonly exit: SquareKey; readonly teamer: string }
  /**
   * fd-rules' own: a Threat with more actions (an intellect-driven one) activates again once the
   * actions before it are done (`left` more after that one). Never made by the AI itself.
   */
  | { readonly kind: 'again'; readonly left: number };

export interface ThreatDecision {
  readonly threat: string;
  readonly species: string;
  readonly turn: number;
  /** A phase activation (alone or as a pack member) or a Team-phase ambush. */
  readonly mode: 'phase' | 'pack' | 'ambush';
  readonly because: Because;
  /** The action taken: a reaction, or waiting, dragging prey, or left to the controller. */
  readonly choice: Reaction | 'wait' | 'drag' | 'controller';
  readonly reaction: ReactionRecord | null;
  readonly movement: MovementRecord | null;
  readonly target: TargetRecord | null;
  readonly door: DoorRecord | null;
  readonly weakSpot: WeakSpotRecord | null;
  readonly outcome: Outcome;
  readonly rollOffs: readonly RollOffRecord[];
  /** Every face drawn, in draw order (roll-off faces included). */
  readonly dice: readonly DieRecord[];
  readonly actions: readonly ThreatAction[];
}
