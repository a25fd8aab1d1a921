/**
 * The Fundamental Duck! threat AI (digest §13–14): pure, deterministic given its dice. fd-rules
 * builds a `ThreatWorld` over its state, plans the phase with `planThreatPhase`, starts each pack
 * with `beginPack`, asks `activateThreat` for each Threat in turn (applying the returned actions as
 * events between calls), and calls `isAmbushTriggered` / `ambush` for waiting Threats in the Team
 * phase. The dice order of every procedure is in docs/rules/fundamental-duck.md ("Threat AI").
 */
export {
  type ActivationContext,
  activateThreat,
  ambush,
  ambushTriggeredBy,
  type ClimbGoal,
  climbAfter,
  isAmbushTriggered,
  type PackPlan,
} from './activate.ts';
export type {
  Because,
  ColumnReason,
  DoorRecord,
  DoorStep,
  ModifierCode,
  MovementRecord,
  Outcome,
  Priority,
  ReactionRecord,
  TargetRecord,
  ThreatAction,
  ThreatDecision,
  WeakSpotRecord,
} from './decision.ts';
export { DOOR_RULES, holeSide } from './door-rules.ts';
export {
  beginPack,
  findPacks,
  type PackStart,
  type PhaseOrder,
  planThreatPhase,
  type ThreatUnit,
} from './order.ts';
export {
  BASIC_MODIFIERS,
  BASIC_REACTIONS,
  basicProfile,
  movementDie,
  profileOf,
  REACTIONS,
  type Reaction,
  type ReactionColumn,
  type ThreatProfile,
  threatProfiles,
} from './profile.ts';
export type { DieRecord, RollOffRecord } from './roller.ts';
export {
  type BulkheadSideView,
  DEFAULT_SWITCHES,
  type DoorView,
  type Facing,
  type SquareKey,
  type TeamerView,
  type ThreatReach,
  type ThreatSwitches,
  type ThreatView,
  type ThreatWorld,
} from './world.ts';
