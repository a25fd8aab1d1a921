import type { DiceSpec, RollRecord } from '../../../engine/dice/typed.ts';
import { fixed } from '../../../engine/dice/typed.ts';
import { campaignOf, isPc } from '../campaign/model.ts';
import { fieldPromotionOnDeath } from '../campaign/promotion-hook.ts';
import { killStepDice } from '../data/index.ts';
import {
  type AbilityId,
  type ActorKey,
  ALIENS,
  appendLog,
  type Encounter,
  type EncounterEndReason,
  type EncounterStep,
  editEncounter,
  editThreat,
  editTrooper,
  type Health,
  type HealthMark,
  type HitRecord,
  type HitSource,
  type PendingKill,
  type Position,
  RANGES,
  type Range,
  SUICIDE,
  type ThreeSixteenState,
  type Trooper,
  type VehicleState,
  type WeaponId,
  withKey,
} from '../state.ts';
import { aaTarget, bestRange, killSpec, loseHeld, noteHit, testTarget, weaponSteps } from './core.ts';
import { BEYOND_FAR, FAR, POSITION_INDEX, POSITIONS, stepPosition } from './rulings.ts';
import { dropShipTickHeld, VEHICLE_RULES } from './vehicle-rules.ts';

/**
 * The encounter record: a compact, mutable working copy of one encounter (the troopers in it as
 * small arrays of numbers, the tokens, the round's dice and queue). The round's rules in
 * `round.ts` run on it directly, so a simulated encounter copies no state and builds no command
 * or event objects; `simulate/record-policy.ts` picks the moves as the command policy does.
 *
 * It holds the encounters the simulator plays through the command path's rules as they stand
 * (see `recordSupports`): no vehicles, kinetic field or Drop Pods in play; E wounds carried in,
 * field promotions (of the PCs kept out too, and one waiting for its tests as the fight opens), and
 * all twenty alien abilities: those whose effect is a
 * standing condition (Ignore Armour, Lasting Wounds, Leaping, Reduce Visibility, Flee, Swarm,
 * Isolate; Boost Ability, Impair, Enrage and Ambush once spent as the encounter opens), and those
 * spent round by round (Suicide, alien Armour, Stop Technology, Regeneration, End Encounter, Rapid
 * Movement, Ignore Wounds, Exploding Bodies, Induce Weakness). Any other encounter keeps the
 * command path; `simulate/record-run.test.ts` checks both paths play the same dice to the same
 * outcome over many seeds. The table's `evolve` also runs round.ts's functions on a record of its
 * state (core.ts `evolveRecord`) in any encounter, and writes it back (`writeBack`): what the
 * record does not hold (the sheets' flashbacks, the log's own lines) stays on the state.
 */

// Positions as numbers, shared with evolve's reducers (core.ts) through the rulings.
export { BEYOND_FAR, CLOSE, FAR, POSITION_INDEX } from './rulings.ts';

/** Why a trooper is out of the fight. */
export const IN = 0;
export const OUT_DEAD = 1;
export const OUT_BEYOND_FAR = 2;
export const OUT_WEAKNESS = 3;

export const ACTIVE = 0;
export const DEAD = 1;

export const ARMOUR_NOT_YET = 0;
export const ARMOUR_AVAILABLE = 1;
export const ARMOUR_USED = 2;

export const POLICY_ASK = 0;
export const POLICY_WHEN_AVAILABLE = 1;
export const POLICY_NEVER = 2;

/** The encounter's step, as `Encounter['step']` names it. */
export const Step = {
  Dominance: 0,
  SetRange: 1,
  Ambush: 2,
  Declare: 3,
  Roll: 4,
  Resolve: 5,
  Ended: 6,
} as const;
export type Step = (typeof Step)[keyof typeof Step];

const STEP_OF: { readonly [K in EncounterStep]: Step } = {
  dominance: Step.Dominance,
  setRange: Step.SetRange,
  ambush: Step.Ambush,
  declare: Step.Declare,
  roll: Step.Roll,
  resolve: Step.Resolve,
  ended: Step.Ended,
};

/** `Encounter['step']` of a `Step` (the write-back's). */
const STEP_NAME: readonly EncounterStep[] = [
  'dominance',
  'setRange',
  'ambush',
  'declare',
  'roll',
  'resolve',
  'ended',
];

/** A roll-off face as the table's events keep it. */
export interface TieFace {
  readonly actor: ActorKey;
  readonly face: number;
}

/**
 * A Kill as it landed on trooper `i` (round.ts `dealKill`, `applyWound`), noted for the table
 * only (`EncounterRecord.told`): `writeBack` names it among the event's hits and, in the order
 * they landed, writes the log's sentences and each fall (with its field promotion) to the state.
 */
export interface Told {
  readonly i: number;
  readonly source: HitSource;
  readonly result: HitRecord['result'];
  /** The mark filled the last health box. */
  readonly fell: boolean;
}

/**
 * Who answers the Kills waiting without a person deciding: the simulator's policy
 * (`record-policy.ts`). round.ts `advance` hands them over as soon as they wait, which is where
 * the policy's next move would answer them; the table has none (its players answer).
 */
export interface KillAnswers {
  /** Answers the Kills waiting as the policy's next moves would, without moving the round on. */
  answer(r: EncounterRecord): void;
  /**
   * A Kill landing on trooper i with nothing waiting before it: `Answer.Armour` or `Answer.Wound`
   * when the policy would take it so at once whatever else lands with it (no Strength could come
   * first, and the wound fells nobody), so round.ts `dealKill` settles it there; else
   * `Answer.Wait`.
   */
  atOnce(r: EncounterRecord, i: number, stoppable: boolean): Answer;
}

/** `KillAnswers.atOnce`'s answer. */
export const Answer = { Wait: 0, Wound: 1, Armour: 2 } as const;
export type Answer = (typeof Answer)[keyof typeof Answer];

/** The encounter's numbers a start holds (`EncounterRecord.saveEncounter`), beyond the troopers' and actors'. */
interface EncounterStart {
  readonly aaBonus: number;
  readonly aa: number;
  readonly step: Step;
  readonly tokens: number;
  readonly round: number;
  readonly rangeSetter: number;
  readonly ambush: number;
  readonly roundsWithoutKills: number;
  readonly roundsWithoutKillsIfVoid: number;
  readonly killsThisRound: number;
  readonly killsVoid: boolean;
  readonly techDown: boolean;
  readonly emotional: boolean;
  readonly pool: number;
  readonly removedNow: number;
  readonly removedLast: number;
  readonly olderRound: number;
  readonly removedOlder: number;
  readonly enraged: boolean;
  readonly impair: number;
  readonly isolated: boolean;
  readonly alienArmourUsed: boolean;
  readonly endAfterAlienTurn: boolean;
  readonly induceTarget: number;
  readonly forced: number;
  readonly endReason: EncounterEndReason | null;
  readonly keptRank: readonly number[];
  readonly promotionRank: number;
  readonly promotionCandidates: readonly number[];
  readonly aliensDeclared: boolean;
  readonly cursor: number;
}

/**
 * A vehicle struck (round.ts `strike`): vehicle `v` (its index in `Encounter.vehicles`) Crippled,
 * or destroyed (its owner loses it). Noted among the Kills (`EncounterRecord.told`) in the order
 * they came, so the write-back tells them on the log in that order.
 */
export interface VehicleTold {
  readonly v: number;
  readonly destroyed: boolean;
}

/** A vehicle's damage on the record (`VehicleState['damage']`). */
export const INTACT = 0;
export const CRIPPLED = 1;
export const DESTROYED = 2;
const DAMAGE_NAME: readonly VehicleState['damage'][] = ['intact', 'crippled', 'destroyed'];
const DAMAGE_OF: { readonly [K in VehicleState['damage']]: number } = {
  intact: INTACT,
  crippled: CRIPPLED,
  destroyed: DESTROYED,
};

/** Who sets the range (a trooper's index, or the aliens). */
/** `EncounterRecord.ambush` is the index here: 0 none, 1 the aliens', 2 the troopers'. */
const AMBUSHES: readonly Encounter['ambush'][] = [null, 'aliens', 'pcs'];

export const NOBODY = -2;
export const ALIENS_SET = -1;

/** The standing alien abilities the record plays; any other ability on the planet keeps the command path. */
const STANDING: ReadonlySet<AbilityId> = new Set<AbilityId>([
  'ignoreArmour',
  'lastingWounds',
  'leaping',
  'reduceVisibility',
  'flee',
  'swarm',
  // The simulated troopers never call support, so Isolate never changes anything.
  'isolate',
]);

/**
 * The aliens' abilities the simulator's policy spends only as an encounter opens, before the first
 * die (Boost Ability, Impair, Enrage, Ambush): once spent, what they do is a standing condition the
 * record keeps (its AA bonus, Impair, Enrage, the ambush: round.ts `aaBoosted` and the rest, which
 * the table's evolve runs on its record, written back) and reads again from each state it is taken
 * of. Taken only from a caller that has played that opening already (`recordSupports`'s `opened`:
 * simulate/record-run.ts plays it through the ruleset).
 */
const OPENING: ReadonlySet<AbilityId> = new Set<AbilityId>(['boostAbility', 'impair', 'enrage', 'ambush']);

/**
 * The aliens' abilities the record plays as the round goes (`simulate/record-policy.ts` spends
 * them where the command policy does): Suicide, a token of the encounter for an extra attack; at
 * a round's start Regeneration and End Encounter; once the dice are down alien Armour; during the
 * turns Rapid Movement, Ignore Wounds and Exploding Bodies (round.ts's ability moves).
 */
const IN_ROUND: ReadonlySet<AbilityId> = new Set<AbilityId>([
  'suicide',
  'armour',
  'regeneration',
  'endEncounter',
  'rapidMovement',
  'ignoreWounds',
  'explodingBodies',
  'stopTechnology',
  'induceWeakness',
]);

/** Every ability the aliens spend (tokens, or a free use) that the record plays, opening or in the round. */
export const SPENT_ON_RECORD: ReadonlySet<AbilityId> = new Set<AbilityId>([...OPENING, ...IN_ROUND]);

/** Average kills of a kill roll (0 when it cannot kill): the policy's measure of a range. */
export function killMean(spec: DiceSpec | null): number {
  if (!spec) return 0;
  switch (spec.kind) {
    case 'fixed':
      return spec.value;
    case 'percentile':
      return (10 ** spec.digits + 1) / 2;
    case 'pool':
      return spec.count * ((spec.die.sides + 1) / 2) + spec.bonus;
  }
}

/** The PCs alive that are not in the fight, in the table's order (a field promotion may reach them). */
function keptOut(state: ThreeSixteenState, e: Encounter): Trooper[] {
  const out: Trooper[] = [];
  for (const id of state.trooperOrder) {
    const t = state.troopers[id];
    if (t?.status === 'active' && isPc(t) && !e.pcs.includes(id)) out.push(t);
  }
  return out;
}

/**
 * Why the record cannot take this encounter, or null when it can: an encounter just started
 * (nothing rolled yet) in a state the record's rules cover. `opened`: the aliens' opening
 * abilities (`OPENING`) have been spent as the policy spends them, so only their effect is left.
 */
export function recordSupports(state: ThreeSixteenState, opened = false): string | null {
  const e = state.encounter;
  if (!e) return 'no encounter';
  // The aliens' Ambush, spent as the encounter opens (`opened`), leaves it waiting for their range.
  const ambushed = opened && e.step === 'setRange' && e.ambush === 'aliens';
  if (!ambushed && (e.step !== 'dominance' || Object.keys(e.dominance).length > 0 || e.ambush !== null))
    return 'the encounter is under way';
  if (e.round !== 0) return 'the encounter is under way';
  if (e.vehicles.length > 0) return 'vehicles';
  if (e.effects.kineticField.length > 0 || e.effects.pcAutomaticAmbush) return 'support in play';
  if (!opened && (e.effects.enraged || e.effects.aaBonus !== 0 || e.effects.impair !== 0))
    return 'abilities in force';
  // The ambush's Kills may wait for their answers (the record holds Kills waiting); nothing else.
  if ((e.pendingKills.length > 0 && !ambushed) || e.forcedWeakness.length > 0) return 'answers waiting';
  for (const a of state.planet?.abilities ?? [])
    if (!STANDING.has(a) && !IN_ROUND.has(a) && !(opened && OPENING.has(a))) return `ability ${a}`;
  // A field promotion waiting for its NFA tests is the policy's first move (before the aliens'
  // opening abilities, which `opening` therefore leaves unspent); its candidates are PCs alive.
  const waiting = campaignOf(state).fieldPromotion;
  if (waiting) {
    for (const a of state.planet?.abilities ?? [])
      if (OPENING.has(a)) return `a field promotion waits before ability ${a}`;
    for (const id of waiting.candidates)
      if (state.troopers[id]?.status !== 'active' || !isPc(state.troopers[id] as Trooper))
        return 'a field promotion waits for a PC not alive';
  }
  for (const id of e.pcs) {
    const t = state.troopers[id];
    if (t?.status !== 'active') return 'a trooper not active';
  }
  return null;
}

/** How a kill roll reads for a trooper's weapon in hand at each range under the encounter's conditions now. */
function killSpecs(state: ThreeSixteenState, t: Trooper): (DiceSpec | null)[] {
  const out: (DiceSpec | null)[] = [];
  for (const r of RANGES) out.push(killSpec(state, t, t.currentWeapon, r));
  return out;
}

/**
 * A Strength's kill roll: the weapon in hand at `range` (its best, as `bestRange` picks), no kills
 * when it has none there.
 */
export function strengthDice(t: Trooper, range: Range): DiceSpec {
  const step = weaponSteps(t, t.currentWeapon)?.[range];
  return (step !== undefined && step !== null && step > 0 ? killStepDice(step) : null) ?? fixed(0);
}

/** Where kills are most from `from` (ties: nearest to it, then nearer), as the policy picks. */
function bestRangeFrom(power: readonly number[], from: number): number {
  let best = 0;
  let bestPower = -1;
  let bestDistance = 99;
  for (let range = 0; range <= 2; range++) {
    const p = power[range] as number;
    const distance = Math.abs(range - from);
    if (p > bestPower || (p === bestPower && distance < bestDistance)) {
      best = range;
      bestPower = p;
      bestDistance = distance;
    }
  }
  return best;
}

/** The step (−limit…limit, 0: stay) to where `power` is least from `from`, never beyond Far. */
function weakestStep(power: readonly number[], from: number, limit: number): number {
  let bestSteps = 0;
  let bestPower = power[from] as number;
  for (let s = -limit; s <= limit; s++) {
    const to = stepPosition(from, s);
    if (s === 0 || to === BEYOND_FAR || to === from) continue;
    const p = power[to] as number;
    if (p < bestPower) {
      bestPower = p;
      bestSteps = s;
    }
  }
  return bestSteps;
}

function available(slots: Trooper['strengths']): number {
  let n = 0;
  for (const s of slots) if (s.status === 'available') n++;
  return n;
}

function woundsOf(t: Trooper): number {
  let n = 0;
  for (const m of t.health) if (m !== null) n++;
  return n;
}

/** The health boxes holding an X. */
function xMarksOf(health: readonly HealthMark[]): number {
  let n = 0;
  for (const m of health) if (m === 'X') n++;
  return n;
}

/** The health boxes holding an E, one bit per box (the boxes fill in order). */
function eMarksOf(health: readonly HealthMark[]): number {
  let bits = 0;
  for (let b = 0; b < health.length; b++) if (health[b] === 'E') bits |= 1 << b;
  return bits;
}

/** The health boxes of `wounds` marks, those in `eMarks` an E, the rest X. */
function healthOf(wounds: number, eMarks: number): Health {
  const out: HealthMark[] = [null, null, null];
  for (let b = 0; b < wounds; b++) out[b] = eMarks & (1 << b) ? 'E' : 'X';
  return out as unknown as Health;
}

/** A Kill waiting on the state and on the record (at `p`) is the same. */
function samePending(r: EncounterRecord, p: number, k: PendingKill): boolean {
  return (
    k.trooperId === r.ids[r.pTrooper[p] as number] &&
    k.source === r.pSource[p] &&
    (k.mark === 'E') === (r.pMark[p] === 1) &&
    k.armourStoppable === (r.pStoppable[p] === 1) &&
    k.lasting === (r.pLasting[p] === 1) &&
    (k.by ?? null) === (r.pBy[p] === -1 ? null : r.ids[r.pBy[p] as number]) &&
    (k.face ?? -1) === r.pFace[p]
  );
}

/** What the weapons in hand do while Stop Technology holds (`EncounterRecord.stopped`). */
interface TechDown {
  readonly spec: readonly (readonly (DiceSpec | null)[])[];
  readonly power: readonly (readonly number[])[];
  readonly best: readonly (readonly number[])[];
  readonly push: readonly (readonly number[])[];
}

/** Dice purposes per trooper. */
interface Labels {
  readonly dominance: readonly string[];
  readonly fa: readonly string[];
  readonly nfa: readonly string[];
  readonly kills: readonly string[];
  readonly strength: readonly string[];
  readonly ambushOrder: readonly string[];
  readonly ambushKills: readonly string[];
}

/** What the record's `seen` fields hold before anything was read (equal to no state's object). */
const UNREAD: unknown = Symbol('unread');

/** The same kit, tests, name, armour policy and seat: what a record works out once per trooper. */
function sameKit(t: Trooper, was: Trooper): boolean {
  return (
    t.weapons === was.weapons &&
    t.currentWeapon === was.currentWeapon &&
    t.fa === was.fa &&
    t.nfa === was.nfa &&
    t.name === was.name &&
    t.armourPolicy === was.armourPolicy &&
    t.ownerSeatId === was.ownerSeatId
  );
}

/**
 * The same standing conditions: what a record reads once from `Encounter.effects` (those the
 * aliens' abilities change as the encounter goes, Enrage, Impair, Isolate and Boost's bonus, are
 * read again at each load: `resetEncounter`).
 */
function sameStanding(e: Encounter['effects'], was: Encounter['effects']): boolean {
  return (
    e.ignoreArmour === was.ignoreArmour &&
    e.lastingWounds === was.lastingWounds &&
    e.leaping === was.leaping &&
    e.reduceVisibility === was.reduceVisibility &&
    e.flee === was.flee &&
    e.swarm === was.swarm
  );
}

/**
 * The latest round before `round − 1` whose kills removed tokens, or −1: the oldest round a
 * Regeneration of a log from before the event named its round may reach (round.ts
 * `latestRemoval`). Read only on a planet with Regeneration.
 */
function olderRemovalRound(e: Encounter): number {
  let best = -1;
  for (const key in e.tokensRemovedByRound) {
    const round = Number(key);
    if (round < e.round - 1 && round > best && (e.tokensRemovedByRound[key] as number) > 0) best = round;
  }
  return best;
}

/** `n` zeros, packed (no holes). */
function zeros(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

/**
 * The record of `state`: `last` loaded again when it can be (the same troopers, conditions and
 * planet: `EncounterRecord.load`), else a new one. The table's `decide` and `evolve` each keep
 * their own last record, so that one never reloads the record the other is using.
 */
export function recordOf(last: EncounterRecord | null, state: ThreeSixteenState): EncounterRecord {
  return last?.load(state) ? last : new EncounterRecord(state);
}

export class EncounterRecord {
  /**
   * Troopers taking part, in the encounter's order (`Encounter.pcs`); the aliens are index `n`,
   * their Suicide attack (a success of 1 in the round's order) index `n + 1`.
   */
  readonly n: number;
  readonly suicide: number;
  readonly ids: readonly string[];
  readonly names: readonly string[];
  // What never changes while the record is in use.
  readonly fa: readonly number[];
  readonly nfa: readonly number[];
  /** FA and NFA targets without a preparation bonus, under Impair (`impaired` works them out). */
  readonly faTarget: number[];
  readonly nfaTarget: number[];
  readonly grenades: readonly boolean[];
  /** Hand-to-Hand in hand: the one weapon Stop Technology leaves working. */
  readonly handToHand: readonly boolean[];
  readonly armourPolicy: readonly number[];
  /** A player character (an NPC squad member takes no part in field promotions). */
  readonly pc: readonly boolean[];
  /**
   * The PCs a field promotion looks at, in the table's order (`trooperOrder`: who is named first
   * among tied candidates): the troopers of the fight (`m` < `n`, each a PC or not: `pc`) and the
   * PCs alive kept out of it (`m` ≥ `n`: `keptIds[m − n]`), who may step up while they wait.
   */
  readonly seniority: readonly number[];
  /** The PCs alive kept out of the fight (not in `Encounter.pcs`): their ids, names and NFA. */
  readonly keptIds: readonly string[];
  readonly keptNames: readonly string[];
  readonly keptNfa: readonly number[];
  /** Their ranks, as field promotions raise them (read from the start at each reset). */
  readonly keptRank: number[];
  /**
   * Every trooper resting, kept out of the fight (not in `Encounter.pcs`; PC or not, alive or not),
   * in the table's order: the book heals them at the end as it heals the fighters (round.ts
   * `restingHealed` in `finish`, onto their sheets by `writeResting`).
   */
  readonly restingIds: readonly string[];
  /** Each one's status (`ACTIVE` or `DEAD`: only the active heal). */
  readonly restingStatus: number[];
  /** Each one's X marks (its E marks all heal, so they are not kept), healed at the end. */
  readonly restingWounds: number[];
  readonly restingLasting: number[];
  readonly ignoreArmour: boolean;
  readonly lasting: boolean;
  readonly leaping: boolean;
  readonly reduceVisibility: boolean;
  readonly flee: boolean;
  readonly swarm: boolean;
  /** The planet's AA, before the encounter's bonus. */
  readonly planetAa: number;
  /** Enrage spent: the AA bonus grows as each further round opens (round.ts `startRound`). */
  enraged = false;
  /** Isolate spent: the squad's calls for support (E-Vac, Orbital Bombardment) go unanswered. */
  isolated = false;
  /** The aliens may spend a token on a Suicide attack each round. */
  readonly suicideAbility: boolean;
  /** The planet's token abilities the record plays during the rounds (`IN_ROUND`). */
  readonly alienArmour: boolean;
  readonly regeneration: boolean;
  readonly endEncounter: boolean;
  readonly rapidMovement: boolean;
  readonly ignoreWounds: boolean;
  readonly explodingBodies: boolean;
  readonly stopTechnology: boolean;
  readonly induceWeakness: boolean;
  /** Any of those but Suicide: the record's policy looks at them before each move. */
  readonly tokenAbilities: boolean;
  /** Tokens in the planet's pool, which the aliens may pay abilities from. */
  pool = 0;
  /** Tokens the troopers' kills removed this round, and in the round before (`tokensRemovedByRound`). */
  removedNow = 0;
  removedLast = 0;
  /**
   * The latest round before those two whose kills removed tokens (−1: none), and how many: what
   * Regeneration of a log from before the event named its round may bring back (round.ts
   * `regenerated`). Kept only on a planet with Regeneration.
   */
  olderRound = -1;
  removedOlder = 0;
  /** Alien Armour spent this encounter (once). */
  alienArmourUsed = false;
  /** End Encounter spent: the aliens leave after their next turn. */
  endAfterAlienTurn = false;
  /** Induce Weakness: the trooper the aliens test AA against on their next turn (−1: none). */
  induceTarget = -1;
  /** That test's outcome, rolled as their turn starts (`round.ts` `induceTest`). */
  induceSuccess = false;
  /** The trooper who must show a Weakness now (`forcedWeakness`; −1: none). */
  forced = -1;
  /** The encounter's AA bonus (Boost Ability, Enrage) and the aliens' AA target from it (`aaTarget`). */
  aaBonus = 0;
  aa = 0;
  /** Impair on the troopers' tests (`faTarget`, `nfaTarget` follow it: `impaired`). */
  impair = 0;
  /** This round's kills count for nothing (Ignore Wounds, alien armour): no kill roll is made. */
  killsVoid = false;
  /** Stop Technology this round: only Hand-to-Hand kills (`spec`, `power` and `bestFrom` say so). */
  techDown = false;
  /** The aliens' attack this round is emotional (E marks): the table's only, read and cleared here. */
  emotional = false;
  /** Actor keys as the events name them (trooper ids, then 'aliens', then 'aliens:suicide'). */
  readonly actorKey: readonly string[];
  /** Roll-off purposes by face and actor (`tie-break at 7 (t2)`), made when first needed. */
  private readonly tieLabels: string[][] = [];
  // Worked out when first asked: the simulator asks once per record and keeps it for every run;
  // the table takes a fresh record per command and asks for little of it.
  private specs: (readonly (DiceSpec | null)[])[] | null = null;
  private powers: (readonly number[])[] | null = null;
  private strengthSpecs: DiceSpec[] | null = null;
  private bests: (readonly number[])[] | null = null;
  private pushes: readonly (readonly number[])[] | null = null;
  private down: TechDown | null = null;
  private labels: Labels | null = null;
  private dominanceRollOff: readonly string[] | null = null;
  /** Whether `specs` were worked out under Stop Technology (the start's round, as `killSpec` reads it). */
  private specsStopped = false;
  /** The troopers as the start has them (`load` takes a trooper's newer object when its kit is the same). */
  private readonly troopers: Trooper[];

  /**
   * The table's record of what the automatic steps rolled (`decide.ts` `withAutomatic` sets them,
   * builds its events from them); null in the simulator, which asks for nothing.
   */
  tieLog: TieFace[] | null = null;
  /** The troopers' ambush kill rolls by trooper (null: none), kept only while `tieLog` is. */
  readonly ambushKills: (RollRecord | null)[] = [];
  /**
   * The last kill roll drawn (`round.ts` `killRoll`, `strengthRoll`) kept whole for the table's
   * event while `tieLog` is set; null when none was drawn.
   */
  kept: RollRecord | null = null;

  // Troopers, as they change.
  readonly bonus: number[];
  readonly wounds: number[];
  readonly lastingWounds: number[];
  readonly status: number[];
  readonly armour: number[];
  readonly strengthsLeft: number[];
  readonly weaknessesLeft: number[];
  readonly kills: number[];
  /** Kills each trooper counted this round (`killsByTrooperThisRound`: Ignore Wounds takes them back). */
  readonly roundKills: number[];
  /**
   * The kills each counted in the round before (`killsByTrooperLastRound`), as the round turned
   * over: read and written for the table only (the simulator's Ignore Wounds answers its own round).
   */
  readonly lastRoundKills: number[];
  /** Had a Weakness induced this mission (once per trooper: `missionFlags.inducedWeakness`). */
  readonly induced: number[];
  readonly strengthsUsed: number[];
  /** Ranks, as field promotions raise them. */
  readonly rank: number[];
  readonly pos: number[];
  readonly out: number[];
  /** The face of the turn that felled a trooper this round, −1 when none. */
  readonly fellAt: number[];
  /** Troopers still fighting (kept as they fall or leave, for the checks after every step). */
  alive = 0;

  // The encounter.
  step: Step = Step.Dominance as Step;
  tokens = 0;
  round = 0;
  rangeSetter = NOBODY;
  /** 0 none, 1 the aliens, 2 the troopers. */
  ambush = 0;
  roundsWithoutKills = 0;
  /**
   * What `roundsWithoutKills` would be had the round just closed removed no token
   * (`Encounter.roundsWithoutKillsIfVoid`, which Ignore Wounds on the table reads); −1 while the
   * state has none.
   */
  roundsWithoutKillsIfVoid = -1;
  killsThisRound = 0;
  endReason: EncounterEndReason | null = null;
  /** Tokens the troopers' kills took since the record was read (the threat's `removed`, for the write-back). */
  killedTokens = 0;
  /** The trooper who took the planet's last token since then (−1: nobody; `removedFinalToken`). */
  finalTokenBy = -1;
  /** Tokens that went back to the planet's pool when the encounter ended. */
  returned = 0;
  /** Strengths used (the `strength.used` events the command path would have made). */
  strengths = 0;
  /**
   * A field promotion waiting for its candidates' NFA tests (the campaign's `fieldPromotion`): the
   * rank (0: none waiting) and the candidates, in the table's order.
   */
  promotionRank = 0;
  readonly promotionCandidates: number[] = [];

  // Dominance and the round's dice, per actor (index n = the aliens, n + 1 = their Suicide).
  readonly domRolled: number[];
  readonly domDeclined: number[];
  readonly domFace: number[];
  readonly domSuccess: number[];
  readonly declared: number[];
  /** 0 FA, else the NFA manoeuvre's step (−1 closer, +1 farther). */
  readonly declMove: number[];
  readonly declNfa: number[];
  aliensDeclared = false;
  readonly rolled: number[];
  readonly rollFace: number[];
  readonly rollSuccess: number[];
  /** The target each round's die was rolled against (combat drugs re-roll against it). */
  readonly rollTarget: number[];
  /** The target each Dominance die was rolled against (written back for the dice noted only). */
  readonly domTarget: number[];

  // The round's queue, slot by slot.
  qLen = 0;
  cursor = 0;
  readonly qActor: number[];
  readonly qFace: number[];
  readonly qSuccess: number[];
  readonly qTie: number[];
  readonly qDone: number[];
  readonly qCancelled: number[];

  // Kills waiting for their trooper's answer, in the order they landed.
  pLen = 0;
  readonly pTrooper: number[];
  readonly pStoppable: number[];
  readonly pLasting: number[];
  readonly pBy: number[];
  readonly pFace: number[];

  // Kills dealt and answered (round.ts `dealKill`, `applyWound`, `killAnswered`): what they read
  // and write beyond the wounds, written back by `writeHits`.
  /** Where each Kill waiting came from, and its mark (1: an E, the emotional attack's). */
  readonly pSource: HitSource[];
  readonly pMark: number[];
  /** The health boxes holding an E per trooper, one bit per box (`Trooper.health`). */
  readonly eMarks: number[];
  /** Wounds marked since the record was read (`missionFlags.woundsTaken`). */
  readonly struck: number[];
  /** Inside a kinetic field (`effects.kineticField`): it turns an armour-stoppable Kill aside. */
  readonly shield: number[];
  /** Aboard a Drop Ship with its extra Armour tick unused this planet (vehicle-rules.ts). */
  readonly dropTick: number[];
  /** Used that tick since the record was read (`planetUses.dropShipArmourUsed`). */
  readonly dropTicked: number[];
  /** The Kills as they landed, for the table (null: nobody asks, the simulator). */
  told: (Told | VehicleTold)[] | null = null;
  /** The simulator's answers to the Kills waiting (`KillAnswers`); null at the table. */
  answers: KillAnswers | null = null;

  /**
   * The record of `start`'s encounter as it stands: just started for the simulator (which resets
   * it for every run), at any step for the table (which takes a fresh one per command).
   */
  constructor(private start: ThreeSixteenState) {
    const e = start.encounter as Encounter;
    this.ignoreArmour = e.effects.ignoreArmour;
    this.lasting = e.effects.lastingWounds;
    this.leaping = e.effects.leaping;
    this.reduceVisibility = e.effects.reduceVisibility;
    this.flee = e.effects.flee;
    this.swarm = e.effects.swarm;
    this.planetAa = start.planet?.aa ?? 5;
    const abilities: readonly AbilityId[] = start.planet?.abilities ?? [];
    this.suicideAbility = abilities.includes('suicide');
    this.alienArmour = abilities.includes('armour');
    this.regeneration = abilities.includes('regeneration');
    this.endEncounter = abilities.includes('endEncounter');
    this.rapidMovement = abilities.includes('rapidMovement');
    this.ignoreWounds = abilities.includes('ignoreWounds');
    this.explodingBodies = abilities.includes('explodingBodies');
    this.stopTechnology = abilities.includes('stopTechnology');
    this.induceWeakness = abilities.includes('induceWeakness');
    this.tokenAbilities =
      this.alienArmour ||
      this.regeneration ||
      this.endEncounter ||
      this.rapidMovement ||
      this.ignoreWounds ||
      this.explodingBodies ||
      this.stopTechnology ||
      this.induceWeakness;
    const troopers = e.pcs.map((id) => start.troopers[id] as Trooper);
    this.n = troopers.length;
    this.suicide = this.n + 1;
    // One slot per actor (the aliens and their Suicide last); the Kills waiting, a few per trooper.
    const size = this.n + 2;
    const waiting = Math.max(4 * size, e.pendingKills.length);
    // Plain arrays of small integers (as fast to read and write as typed arrays here): the table
    // takes a fresh record per command, and thirty typed arrays cost most of the record's making.
    this.bonus = zeros(size);
    this.wounds = zeros(size);
    this.lastingWounds = zeros(size);
    this.status = zeros(size);
    this.armour = zeros(size);
    this.strengthsLeft = zeros(size);
    this.weaknessesLeft = zeros(size);
    this.kills = zeros(size);
    this.roundKills = zeros(size);
    this.lastRoundKills = zeros(size);
    this.induced = zeros(size);
    this.strengthsUsed = zeros(size);
    this.rank = zeros(size);
    this.pos = zeros(size);
    this.out = zeros(size);
    this.fellAt = zeros(size);
    this.domFace = zeros(size);
    this.declMove = zeros(size);
    this.rollFace = zeros(size);
    this.rollTarget = zeros(size);
    this.domTarget = zeros(size);
    this.qActor = zeros(size);
    this.qFace = zeros(size);
    this.qTie = zeros(size);
    this.pTrooper = zeros(waiting);
    this.pBy = zeros(waiting);
    this.pFace = zeros(waiting);
    this.domRolled = zeros(size);
    this.domDeclined = zeros(size);
    this.domSuccess = zeros(size);
    this.declared = zeros(size);
    this.declNfa = zeros(size);
    this.rolled = zeros(size);
    this.rollSuccess = zeros(size);
    this.qSuccess = zeros(size);
    this.qDone = zeros(size);
    this.qCancelled = zeros(size);
    this.pStoppable = zeros(waiting);
    this.pLasting = zeros(waiting);
    this.pMark = zeros(waiting);
    this.pSource = [];
    for (let p = 0; p < waiting; p++) this.pSource.push('aliens');
    this.eMarks = zeros(size);
    this.struck = zeros(size);
    this.shield = zeros(size);
    this.dropTick = zeros(size);
    this.dropTicked = zeros(size);
    this.ids = troopers.map((t) => t.id);
    this.names = troopers.map((t) => t.name);
    this.actorKey = [...this.ids, ALIENS, SUICIDE];
    this.fa = troopers.map((t) => t.fa);
    this.nfa = troopers.map((t) => t.nfa);
    this.impair = e.effects.impair;
    this.faTarget = this.fa.map((fa) => testTarget(fa, this.impair, 0));
    this.nfaTarget = this.nfa.map((nfa) => testTarget(nfa, this.impair, 0));
    this.troopers = troopers;
    this.pc = troopers.map((t) => isPc(t));
    const order = start.trooperOrder;
    const kept = keptOut(start, e);
    this.keptIds = kept.map((t) => t.id);
    this.keptNames = kept.map((t) => t.name);
    this.keptNfa = kept.map((t) => t.nfa);
    this.keptRank = kept.map((t) => t.rank);
    this.restingIds = order.filter((id) => start.troopers[id] !== undefined && !e.pcs.includes(id));
    this.restingStatus = zeros(this.restingIds.length);
    this.restingWounds = zeros(this.restingIds.length);
    this.restingLasting = zeros(this.restingIds.length);
    const members = [...this.ids, ...this.keptIds];
    this.seniority = members
      .map((_, m) => m)
      .sort((a, b) => order.indexOf(members[a] as string) - order.indexOf(members[b] as string));
    this.grenades = troopers.map((t) => t.currentWeapon === 'grenades');
    this.handToHand = troopers.map((t) => t.currentWeapon === 'handToHand');
    this.armourPolicy = troopers.map((t) =>
      t.armourPolicy === 'ask'
        ? POLICY_ASK
        : t.armourPolicy === 'never'
          ? POLICY_NEVER
          : POLICY_WHEN_AVAILABLE,
    );
    this.reset();
  }

  /** Kill roll of the weapon in hand per range (Close, Near, Far), null when it cannot kill. */
  get spec(): readonly (readonly (DiceSpec | null)[])[] {
    if (this.techDown) return this.stopped().spec;
    return this.baseSpec();
  }

  private baseSpec(): readonly (readonly (DiceSpec | null)[])[] {
    if (!this.specs) {
      this.specs = this.troopers.map((t) => killSpecs(this.start, t));
      this.specsStopped = (this.start.encounter as Encounter).roundEffects.stopTechnology;
    }
    return this.specs;
  }

  /** Average kills per position (Close, Near, Far, beyond Far = 0). */
  get power(): readonly (readonly number[])[] {
    if (this.techDown) return this.stopped().power;
    if (!this.powers) this.powers = this.baseSpec().map((specs) => [...specs.map(killMean), 0]);
    return this.powers;
  }

  /**
   * The kill rolls, average kills and best ranges while Stop Technology holds this round
   * (core.ts `killSpec`): only Hand-to-Hand still kills, so every other weapon's row is blank.
   */
  private stopped(): TechDown {
    if (!this.down) {
      const spec = this.baseSpec().map((row, i) => (this.handToHand[i] ? row : row.map(() => null)));
      const power = spec.map((row) => [...row.map(killMean), 0]);
      const best = power.map((p) => [0, 1, 2, 3].map((from) => bestRangeFrom(p, from)));
      this.down = { spec, power, best, push: this.pushesFor(power) };
    }
    return this.down;
  }

  /** A Strength's kill roll: the weapon in hand at its best range. */
  get strengthSpec(): readonly DiceSpec[] {
    if (!this.strengthSpecs)
      this.strengthSpecs = this.troopers.map((t) => strengthDice(t, bestRange(t, t.currentWeapon)));
    return this.strengthSpecs;
  }

  /**
   * Where each trooper's weapon kills the most, seen from each position (ties: the nearest, then
   * the nearer): the policy's best range, fixed for the encounter since the kill rolls are.
   */
  get bestFrom(): readonly (readonly number[])[] {
    if (this.techDown) return this.stopped().best;
    if (!this.bests)
      this.bests = this.power.map((power) => [0, 1, 2, 3].map((from) => bestRangeFrom(power, from)));
    return this.bests;
  }

  /**
   * The aliens' push of each trooper from each position, in steps (0: none): toward where its
   * weapon kills the least, one step (two when Leaping), never beyond Far; the first such step
   * counting from the farthest back. The policy's choice, fixed for the encounter as the kill
   * rolls are (one set more while Stop Technology holds), so worked out once rather than on
   * every alien success.
   */
  get pushFrom(): readonly (readonly number[])[] {
    if (this.techDown) return this.stopped().push;
    if (!this.pushes) this.pushes = this.pushesFor(this.power);
    return this.pushes;
  }

  private pushesFor(powers: readonly (readonly number[])[]): readonly (readonly number[])[] {
    const limit = this.leaping ? 2 : 1;
    return powers.map((power) => [0, 1, 2, 3].map((from) => weakestStep(power, from, limit)));
  }

  /**
   * The kill roll of trooper i's FA with `weapon` from position `p` (the weapon in hand's is worked
   * out once; another, a free switch declared this round, when asked), null when it cannot kill.
   */
  weaponSpec(i: number, weapon: WeaponId, p: number): DiceSpec | null {
    if (p === BEYOND_FAR) return null;
    const t = this.troopers[i] as Trooper;
    if (weapon === t.currentWeapon) return this.spec[i]?.[p] ?? null;
    return killSpec(this.start, t, weapon, RANGES[p] as Range);
  }

  /** Dice purposes, made once per record rather than per roll. */
  get label(): Labels {
    if (!this.labels) {
      const names = this.names;
      this.labels = {
        dominance: names.map((name) => `dominance of ${name}`),
        fa: names.map((name) => `FA of ${name}`),
        nfa: names.map((name) => `NFA of ${name}`),
        kills: names.map((name) => `kills of ${name}`),
        strength: names.map((name) => `Strength kills of ${name}`),
        ambushOrder: names.map((name) => `ambush order of ${name}`),
        ambushKills: names.map((name) => `ambush kills of ${name}`),
      };
    }
    return this.labels;
  }

  /**
   * The record of `state` when its troopers, conditions and planet are this record's as far as
   * anything worked out once reads them (the same troopers taking part, each with the same kit,
   * FA, NFA, name, armour policy and seat; the same standing conditions, Impair and planet's AA
   * and abilities): the table's next command or event takes its record so instead of making one.
   * A trooper's kills, wounds or bonus, the planet's tokens or Enrage's bonus changing (most
   * rounds) no longer make a new record; only what changed is read again (`readStart`). False,
   * and nothing changed, otherwise.
   */
  load(state: ThreeSixteenState): boolean {
    const e = state.encounter;
    const start = this.start;
    const was = start.encounter as Encounter;
    if (!e || e.pcs !== was.pcs || e.pendingKills.length > this.pTrooper.length) return false;
    if (state.trooperOrder !== start.trooperOrder) return false;
    if (state.planet !== start.planet) {
      const p = state.planet;
      const q = start.planet;
      if (!p || !q || p.aa !== q.aa || p.abilities !== q.abilities) return false;
    }
    if (e.effects !== was.effects && !sameStanding(e.effects, was.effects)) return false;
    if (state.troopers !== start.troopers)
      for (let i = 0; i < this.n; i++) {
        const t = state.troopers[this.ids[i] as string];
        const old = this.troopers[i] as Trooper;
        if (t !== old && (t === undefined || !sameKit(t, old))) return false;
      }
    for (let i = 0; i < this.n; i++) this.troopers[i] = state.troopers[this.ids[i] as string] as Trooper;
    // The PCs kept out are the same while they stay alive.
    if (state.troopers !== start.troopers)
      for (const id of this.keptIds) if (state.troopers[id]?.status !== 'active') return false;
    // The kill rolls worked out read the round's Stop Technology (`killSpec`): worked out again
    // when it differs.
    if (this.specs !== null && e.roundEffects.stopTechnology !== this.specsStopped) this.forgetKillRolls();
    this.start = state;
    this.encounterAtStart = null;
    this.readStart();
    this.alive = this.aliveAtStart;
    this.resetEncounter(state, e);
    return true;
  }

  /** Drops everything worked out from the kill rolls (worked out again when next asked). */
  private forgetKillRolls(): void {
    this.specs = null;
    this.powers = null;
    this.bests = null;
    this.pushes = null;
    this.down = null;
  }

  /**
   * The troopers' and actors' numbers as `readStart` found them in the start (per trooper, then per
   * actor), copied back by the next `reset` of the same start: reading them from the state's maps
   * by id cost most of a reset. Null until read.
   */
  private snapshot: number[] | null = null;
  private aliveAtStart = 0;
  /**
   * The objects the snapshot's numbers were read from (each trooper, then the encounter's maps):
   * `readStart` reads again only those the start no longer shares, so that the table, which
   * loads its record for each command and each event, reads what the last one changed.
   */
  private readonly seenTroopers: unknown[] = [];
  private readonly seenResting: unknown[] = [];
  private seenPositions: unknown = UNREAD;
  private seenOut: unknown = UNREAD;
  private seenFell: unknown = UNREAD;
  private seenRoundKills: unknown = UNREAD;
  private seenLastRoundKills: unknown = UNREAD;
  private seenDominance: unknown = UNREAD;
  private seenDeclarations: unknown = UNREAD;
  private seenRolls: unknown = UNREAD;
  private seenSuicide: unknown = UNREAD;
  private seenVehicles: unknown = UNREAD;
  private seenField: unknown = UNREAD;

  /**
   * Who stands in a kinetic field and who has a Drop Ship's tick ready (whether Stop Technology
   * holds is asked as the Kill lands: round.ts `dealKill`).
   */
  private readSupport(e: Encounter): void {
    const field = e.effects.kineticField;
    const ship = e.vehicles.length > 0;
    for (let i = 0; i < this.n; i++) {
      const id = this.ids[i] as string;
      this.shield[i] = field.length > 0 && field.includes(id) ? 1 : 0;
      const t = this.troopers[i] as Trooper;
      this.dropTick[i] = ship && dropShipTickHeld(e, t) ? 1 : 0;
    }
  }

  /** Back to the encounter as the record took it: a new run from the same table. */
  reset(): void {
    const s = this.start;
    const e = s.encounter as Encounter;
    if (this.snapshot === null) this.readStart();
    else this.restoreStart(this.snapshot);
    // The vehicles and riders, when the last run changed them.
    this.readRides(e);
    this.alive = this.aliveAtStart;
    const at = this.encounterAtStart;
    if (at !== null) {
      this.restoreEncounter(at);
      return;
    }
    this.resetEncounter(s, e);
    // Kept for the next reset only before any round's order or Kill waiting (the simulator's
    // starts, just opened): the rest of the round's numbers are then all zeros.
    if (this.qLen === 0 && this.pLen === 0) this.encounterAtStart = this.saveEncounter();
  }

  /**
   * The encounter's numbers as `resetEncounter` read them from the start, copied back by the next
   * `reset` of the same start (the simulator's runs) rather than read from the state's maps again;
   * null until read, and after `load` takes another start.
   */
  private encounterAtStart: EncounterStart | null = null;

  private saveEncounter(): EncounterStart {
    return {
      aaBonus: this.aaBonus,
      aa: this.aa,
      step: this.step,
      tokens: this.tokens,
      round: this.round,
      rangeSetter: this.rangeSetter,
      ambush: this.ambush,
      roundsWithoutKills: this.roundsWithoutKills,
      roundsWithoutKillsIfVoid: this.roundsWithoutKillsIfVoid,
      killsThisRound: this.killsThisRound,
      killsVoid: this.killsVoid,
      techDown: this.techDown,
      emotional: this.emotional,
      pool: this.pool,
      removedNow: this.removedNow,
      removedLast: this.removedLast,
      olderRound: this.olderRound,
      removedOlder: this.removedOlder,
      enraged: this.enraged,
      impair: this.impair,
      isolated: this.isolated,
      alienArmourUsed: this.alienArmourUsed,
      endAfterAlienTurn: this.endAfterAlienTurn,
      induceTarget: this.induceTarget,
      forced: this.forced,
      endReason: this.endReason,
      keptRank: this.keptRank.slice(),
      promotionRank: this.promotionRank,
      promotionCandidates: this.promotionCandidates.slice(),
      aliensDeclared: this.aliensDeclared,
      cursor: this.cursor,
    };
  }

  /** `resetEncounter` from the numbers it read before (`saveEncounter`), no queue or Kill waiting. */
  private restoreEncounter(at: EncounterStart): void {
    this.aaBonus = at.aaBonus;
    this.aa = at.aa;
    this.step = at.step;
    this.tokens = at.tokens;
    this.round = at.round;
    this.rangeSetter = at.rangeSetter;
    this.ambush = at.ambush;
    this.roundsWithoutKills = at.roundsWithoutKills;
    this.roundsWithoutKillsIfVoid = at.roundsWithoutKillsIfVoid;
    this.killsThisRound = at.killsThisRound;
    this.killsVoid = at.killsVoid;
    this.techDown = at.techDown;
    this.emotional = at.emotional;
    this.pool = at.pool;
    this.removedNow = at.removedNow;
    this.removedLast = at.removedLast;
    this.olderRound = at.olderRound;
    this.removedOlder = at.removedOlder;
    this.enraged = at.enraged;
    this.impaired(at.impair);
    this.isolated = at.isolated;
    this.alienArmourUsed = at.alienArmourUsed;
    this.endAfterAlienTurn = at.endAfterAlienTurn;
    this.induceTarget = at.induceTarget;
    this.induceSuccess = false;
    this.forced = at.forced;
    this.resetTurns();
    this.kept = null;
    this.killedTokens = 0;
    this.finalTokenBy = -1;
    this.endReason = at.endReason;
    this.returned = 0;
    this.strengths = 0;
    for (let k = 0; k < at.keptRank.length; k++) this.keptRank[k] = at.keptRank[k] as number;
    this.promotionRank = at.promotionRank;
    const candidates = at.promotionCandidates;
    // Setting an array's length calls into the runtime even when it is unchanged (most resets: none).
    if (this.promotionCandidates.length !== candidates.length)
      this.promotionCandidates.length = candidates.length;
    for (let k = 0; k < candidates.length; k++) this.promotionCandidates[k] = candidates[k] as number;
    this.aliensDeclared = at.aliensDeclared;
    this.qLen = 0;
    this.cursor = at.cursor;
    this.pLen = 0;
  }

  /**
   * The troopers' and actors' numbers read from the start's maps into the snapshot (`saveStart`):
   * those from objects the snapshot was read from already are copied back from it instead of being
   * looked up by id again (`seenTroopers` and the rest).
   */
  private readStart(): void {
    const s = this.start;
    const e = s.encounter as Encounter;
    const n = this.n;
    if (this.snapshot !== null) this.restoreStart(this.snapshot);
    let troopersChanged = false;
    for (let i = 0; i < n; i++) {
      const t = s.troopers[this.ids[i] as string] as Trooper;
      if (t === this.seenTroopers[i]) continue;
      this.seenTroopers[i] = t;
      troopersChanged = true;
      this.bonus[i] = t.preparationBonus;
      this.wounds[i] = woundsOf(t);
      this.eMarks[i] = eMarksOf(t.health);
      this.lastingWounds[i] = t.lastingWounds;
      this.status[i] = t.status === 'active' ? ACTIVE : DEAD;
      this.armour[i] =
        t.armour === 'available' ? ARMOUR_AVAILABLE : t.armour === 'used' ? ARMOUR_USED : ARMOUR_NOT_YET;
      this.strengthsLeft[i] = available(t.strengths);
      this.weaknessesLeft[i] = available(t.weaknesses);
      this.kills[i] = t.killsThisMission;
      this.induced[i] = t.missionFlags.inducedWeakness ? 1 : 0;
      this.rank[i] = t.rank;
    }
    for (let k = 0; k < this.restingIds.length; k++) {
      const t = s.troopers[this.restingIds[k] as string] as Trooper;
      if (t === this.seenResting[k]) continue;
      this.seenResting[k] = t;
      this.restingStatus[k] = t.status === 'active' ? ACTIVE : DEAD;
      this.restingWounds[k] = xMarksOf(t.health);
      this.restingLasting[k] = t.lastingWounds;
    }
    // Who is out reads the troopers' status too.
    if (troopersChanged || e.out !== this.seenOut) {
      this.seenOut = e.out;
      for (let i = 0; i < n; i++) {
        const out = e.out[this.ids[i] as string];
        this.out[i] =
          out === undefined
            ? this.status[i] === ACTIVE
              ? IN
              : OUT_DEAD
            : out === 'dead'
              ? OUT_DEAD
              : out === 'beyondFar'
                ? OUT_BEYOND_FAR
                : OUT_WEAKNESS;
      }
    }
    if (troopersChanged || e.vehicles !== this.seenVehicles || e.effects.kineticField !== this.seenField) {
      this.seenVehicles = e.vehicles;
      this.seenField = e.effects.kineticField;
      this.readSupport(e);
    }
    if (e.positions !== this.seenPositions) {
      this.seenPositions = e.positions;
      for (let i = 0; i < n; i++) {
        const p = e.positions[this.ids[i] as string];
        this.pos[i] = p === undefined ? FAR : POSITION_INDEX[p];
      }
    }
    if (e.fellAtFace !== this.seenFell) {
      this.seenFell = e.fellAtFace;
      for (let i = 0; i < n; i++) this.fellAt[i] = e.fellAtFace[this.ids[i] as string] ?? -1;
    }
    if (e.killsByTrooperThisRound !== this.seenRoundKills) {
      this.seenRoundKills = e.killsByTrooperThisRound;
      for (let i = 0; i < n; i++) this.roundKills[i] = e.killsByTrooperThisRound[this.ids[i] as string] ?? 0;
    }
    if (e.killsByTrooperLastRound !== this.seenLastRoundKills) {
      this.seenLastRoundKills = e.killsByTrooperLastRound;
      for (let i = 0; i < n; i++)
        this.lastRoundKills[i] = e.killsByTrooperLastRound?.[this.ids[i] as string] ?? 0;
    }
    if (e.dominance !== this.seenDominance) {
      this.seenDominance = e.dominance;
      for (let a = 0; a <= this.suicide; a++) {
        const d = e.dominance[this.actorKey[a] as string];
        this.domRolled[a] = d === undefined ? 0 : 1;
        this.domDeclined[a] = d?.declined ? 1 : 0;
        this.domFace[a] = d?.face ?? 0;
        this.domSuccess[a] = d?.success ? 1 : 0;
      }
    }
    if (e.declarations !== this.seenDeclarations) {
      this.seenDeclarations = e.declarations;
      for (let a = 0; a <= this.suicide; a++) {
        const decl = e.declarations[this.actorKey[a] as string];
        this.declared[a] = decl === undefined ? 0 : 1;
        this.declNfa[a] = decl?.kind === 'nfa' ? 1 : 0;
        this.declMove[a] =
          decl?.kind === 'nfa' && decl.task.kind === 'manoeuvre' && decl.task.move
            ? decl.task.move === 'closer'
              ? -1
              : 1
            : 0;
      }
    }
    if (e.rolls !== this.seenRolls || e.roundEffects.suicide !== this.seenSuicide) {
      this.seenRolls = e.rolls;
      this.seenSuicide = e.roundEffects.suicide;
      for (let a = 0; a <= this.suicide; a++) {
        const roll = e.rolls[this.actorKey[a] as string];
        this.rolled[a] = roll === undefined ? 0 : 1;
        this.rollFace[a] = roll?.face ?? 0;
        this.rollSuccess[a] = roll?.success ? 1 : 0;
        this.rollTarget[a] = roll?.target ?? 0;
      }
      // The Suicide attack counts as a successful roll of 1 in the round it was declared.
      if (e.roundEffects.suicide) {
        this.rolled[this.suicide] = 1;
        this.rollFace[this.suicide] = 1;
        this.rollSuccess[this.suicide] = 1;
      }
    }
    this.readRides(e);
    let alive = 0;
    for (let i = 0; i < n; i++) if (this.out[i] === IN) alive++;
    this.aliveAtStart = alive;
    this.saveStart();
  }

  /** The numbers `readStart` wrote, into the snapshot in order (`restoreStart` reads them back so). */
  private saveStart(): void {
    this.snapshot ??= [];
    const out = this.snapshot;
    let k = 0;
    for (let i = 0; i < this.n; i++) {
      out[k++] = this.bonus[i] as number;
      out[k++] = this.wounds[i] as number;
      out[k++] = this.lastingWounds[i] as number;
      out[k++] = this.status[i] as number;
      out[k++] = this.armour[i] as number;
      out[k++] = this.strengthsLeft[i] as number;
      out[k++] = this.weaknessesLeft[i] as number;
      out[k++] = this.kills[i] as number;
      out[k++] = this.rank[i] as number;
      out[k++] = this.pos[i] as number;
      out[k++] = this.out[i] as number;
      out[k++] = this.fellAt[i] as number;
      out[k++] = this.roundKills[i] as number;
      out[k++] = this.lastRoundKills[i] as number;
      out[k++] = this.induced[i] as number;
      out[k++] = this.eMarks[i] as number;
      out[k++] = this.dropTick[i] as number;
    }
    for (let a = 0; a <= this.suicide; a++) {
      out[k++] = this.domRolled[a] as number;
      out[k++] = this.domDeclined[a] as number;
      out[k++] = this.domFace[a] as number;
      out[k++] = this.domSuccess[a] as number;
      out[k++] = this.declared[a] as number;
      out[k++] = this.declNfa[a] as number;
      out[k++] = this.declMove[a] as number;
      out[k++] = this.rolled[a] as number;
      out[k++] = this.rollFace[a] as number;
      out[k++] = this.rollSuccess[a] as number;
      out[k++] = this.rollTarget[a] as number;
    }
    for (let m = 0; m < this.restingIds.length; m++) {
      out[k++] = this.restingStatus[m] as number;
      out[k++] = this.restingWounds[m] as number;
      out[k++] = this.restingLasting[m] as number;
    }
  }

  private restoreStart(snap: readonly number[]): void {
    let k = 0;
    for (let i = 0; i < this.n; i++) {
      this.bonus[i] = snap[k++] as number;
      this.wounds[i] = snap[k++] as number;
      this.lastingWounds[i] = snap[k++] as number;
      this.status[i] = snap[k++] as number;
      this.armour[i] = snap[k++] as number;
      this.strengthsLeft[i] = snap[k++] as number;
      this.weaknessesLeft[i] = snap[k++] as number;
      this.kills[i] = snap[k++] as number;
      this.strengthsUsed[i] = 0;
      this.rank[i] = snap[k++] as number;
      this.pos[i] = snap[k++] as number;
      this.out[i] = snap[k++] as number;
      this.fellAt[i] = snap[k++] as number;
      this.roundKills[i] = snap[k++] as number;
      this.lastRoundKills[i] = snap[k++] as number;
      this.induced[i] = snap[k++] as number;
      this.eMarks[i] = snap[k++] as number;
      this.dropTick[i] = snap[k++] as number;
      this.struck[i] = 0;
      this.dropTicked[i] = 0;
    }
    for (let a = 0; a <= this.suicide; a++) {
      this.domRolled[a] = snap[k++] as number;
      this.domDeclined[a] = snap[k++] as number;
      this.domFace[a] = snap[k++] as number;
      this.domSuccess[a] = snap[k++] as number;
      this.declared[a] = snap[k++] as number;
      this.declNfa[a] = snap[k++] as number;
      this.declMove[a] = snap[k++] as number;
      this.rolled[a] = snap[k++] as number;
      this.rollFace[a] = snap[k++] as number;
      this.rollSuccess[a] = snap[k++] as number;
      this.rollTarget[a] = snap[k++] as number;
    }
    for (let m = 0; m < this.restingIds.length; m++) {
      this.restingStatus[m] = snap[k++] as number;
      this.restingWounds[m] = snap[k++] as number;
      this.restingLasting[m] = snap[k++] as number;
    }
  }

  /** The rest of the encounter, read from the start (cheap: no lookups by id). */
  private resetEncounter(s: ThreeSixteenState, e: Encounter): void {
    this.aaBonus = e.effects.aaBonus;
    this.aa = aaTarget(s);
    this.step = STEP_OF[e.step];
    this.tokens = e.tokens;
    this.round = e.round;
    this.rangeSetter =
      e.rangeSetter === null
        ? NOBODY
        : e.rangeSetter === ALIENS
          ? ALIENS_SET
          : this.ids.indexOf(e.rangeSetter);
    this.ambush = AMBUSHES.indexOf(e.ambush);
    this.roundsWithoutKills = e.roundsWithoutKills;
    this.roundsWithoutKillsIfVoid = e.roundsWithoutKillsIfVoid ?? -1;
    this.killsThisRound = e.killsThisRound;
    this.killsVoid = e.roundEffects.killsVoid;
    this.techDown = e.roundEffects.stopTechnology;
    this.emotional = e.roundEffects.emotional === true;
    this.pool = s.planet?.threat.pool ?? 0;
    this.removedNow = e.tokensRemovedByRound[String(e.round)] ?? 0;
    this.removedLast = e.tokensRemovedByRound[String(e.round - 1)] ?? 0;
    this.olderRound = this.regeneration ? olderRemovalRound(e) : -1;
    this.removedOlder =
      this.olderRound >= 0 ? (e.tokensRemovedByRound[String(this.olderRound)] as number) : 0;
    this.enraged = e.effects.enraged;
    this.impaired(e.effects.impair);
    this.isolated = e.effects.isolated;
    this.alienArmourUsed = e.effects.alienArmourUsed;
    this.endAfterAlienTurn = e.effects.endAfterAlienTurn;
    this.induceTarget = e.induceWeaknessTarget === null ? -1 : this.ids.indexOf(e.induceWeaknessTarget);
    this.induceSuccess = false;
    const forced = e.forcedWeakness[0];
    this.forced = forced === undefined ? -1 : this.ids.indexOf(forced);
    this.resetTurns();
    this.kept = null;
    this.killedTokens = 0;
    this.finalTokenBy = -1;
    this.endReason = e.endReason;
    this.returned = 0;
    this.strengths = 0;
    this.resetPromotion(s);
    this.aliensDeclared = e.aliensDeclared;
    this.qLen = e.queue.length;
    for (let q = 0; q < this.qLen; q++) {
      const slot = e.queue[q] as Encounter['queue'][number];
      this.qActor[q] = this.actorKey.indexOf(slot.actor);
      this.qFace[q] = slot.face;
      this.qSuccess[q] = slot.success ? 1 : 0;
      this.qTie[q] = slot.tieBreak;
      this.qDone[q] = slot.done ? 1 : 0;
      this.qCancelled[q] = slot.cancelled ? 1 : 0;
    }
    this.cursor = e.cursor;
    this.pLen = e.pendingKills.length;
    for (let p = 0; p < this.pLen; p++) {
      const k = e.pendingKills[p] as Encounter['pendingKills'][number];
      this.pTrooper[p] = this.ids.indexOf(k.trooperId);
      this.pStoppable[p] = k.armourStoppable ? 1 : 0;
      this.pLasting[p] = k.lasting ? 1 : 0;
      this.pBy[p] = k.by === null ? -1 : this.ids.indexOf(k.by);
      this.pFace[p] = k.face ?? -1;
      this.pSource[p] = k.source;
      this.pMark[p] = k.mark === 'E' ? 1 : 0;
    }
  }

  /**
   * The field promotions as the start has them: the kept-out PCs' ranks, and a promotion waiting
   * for its candidates' NFA tests (`CampaignBlock.fieldPromotion`), each candidate by its place
   * in `seniority` (the record holds every PC alive: `keptOut`).
   */
  private resetPromotion(s: ThreeSixteenState): void {
    for (let k = 0; k < this.keptIds.length; k++)
      this.keptRank[k] = (s.troopers[this.keptIds[k] as string] as Trooper).rank;
    if (this.promotionCandidates.length > 0) this.promotionCandidates.length = 0;
    const waiting = campaignOf(s).fieldPromotion;
    this.promotionRank = waiting ? waiting.rank : 0;
    if (waiting)
      for (const id of waiting.candidates) {
        const m = this.memberOf(id);
        if (m >= 0) this.promotionCandidates.push(m);
      }
  }

  /** A PC's place among the field promotions' members (`seniority`), −1 when not alive. */
  memberOf(id: string): number {
    const i = this.ids.indexOf(id);
    if (i >= 0) return i;
    const k = this.keptIds.indexOf(id);
    return k >= 0 ? this.n + k : -1;
  }

  /**
   * `state`, the state this record was taken from, with what round.ts's functions changed on the
   * record written back to it: `evolve` runs those functions on a record of its state and keeps
   * their result this way. It writes the encounter's round: the step, the round's number, the
   * standoff counts, the kills of the round, the round's effects and Enrage's bonus, and what the
   * record emptied (declarations, dice, the order, the faces troopers fell at), the positions, the
   * tokens, and the troopers' kills (their kills of the round, of the mission and in total, the
   * threat's tokens removed, who took the last one), the pool and the tokens spent on abilities,
   * the preparation bonus, and `writeTurns`'s and `writeHits`'s parts (health, as Kills and the
   * end's healing left it). The sheets' flashback slots and texts are the state's.
   */
  writeBack(state: ThreeSixteenState): ThreeSixteenState {
    let s = this.writeEncounter(state);
    s = this.writeTurns(s);
    const poolMore = this.pool - this.poolRead;
    if (this.killedTokens !== 0 || poolMore !== 0 || this.spent !== 0) {
      const k = this.killedTokens;
      const spent = this.spent;
      s = editThreat(s, (draft, t) => {
        draft.removed = t.removed + k;
        draft.pool = t.pool + poolMore;
        draft.spent = t.spent + spent;
      });
    }
    for (let i = 0; i < this.n; i++) {
      const id = this.ids[i] as string;
      const t = s.troopers[id] as Trooper;
      const more = (this.kills[i] as number) - t.killsThisMission;
      const last = this.finalTokenBy === i;
      const bonus = this.bonus[i] as number;
      if (more === 0 && !last && bonus === t.preparationBonus) continue;
      s = editTrooper(s, id, (draft, tr) => {
        // Kills taken back (Ignore Wounds) leave a tally at 0 at least.
        draft.killsThisMission = Math.max(0, tr.killsThisMission + more);
        draft.totalKills = Math.max(0, tr.totalKills + more);
        if (last) draft.missionFlags = { ...tr.missionFlags, removedFinalToken: true };
        draft.preparationBonus = bonus;
      });
    }
    s = this.writeHits(s);
    return this.step === Step.Ended ? this.writeResting(s) : s;
  }

  /**
   * The troopers resting, as `finish` healed them (round.ts `restingHealed`), onto their sheets:
   * their X marks in the first boxes, no E. Only a sheet that reads otherwise is copied.
   */
  private writeResting(state: ThreeSixteenState): ThreeSixteenState {
    let s = state;
    for (let k = 0; k < this.restingIds.length; k++) {
      if (this.restingStatus[k] !== ACTIVE) continue;
      const id = this.restingIds[k] as string;
      const x = this.restingWounds[k] as number;
      const health = (s.troopers[id] as Trooper).health;
      let same = true;
      for (let b = 0; b < health.length; b++) if (health[b] !== (b < x ? 'X' : null)) same = false;
      if (same) continue;
      s = editTrooper(s, id, (draft) => {
        draft.health = healthOf(x, 0);
      });
    }
    return s;
  }

  /**
   * The Kills' part of `writeBack` (round.ts `dealKill`, `applyWound`, `killAnswered`): each
   * trooper's health, Lasting Wounds, wounds taken, armour and Drop Ship tick; the encounter's
   * fallen (out, the face they fell at, no Weakness forced on them any more) and the Kills waiting;
   * then, in the order the Kills landed (`told`), the event's hits, the log's sentences and each
   * fall with its field promotion (promotion-hook.ts, on the state: a promotion hands out weapons
   * and support the record does not hold).
   */
  private writeHits(state: ThreeSixteenState): ThreeSixteenState {
    let s = state;
    for (let i = 0; i < this.n; i++) {
      const id = this.ids[i] as string;
      const t = s.troopers[id] as Trooper;
      const wounds = this.wounds[i] as number;
      const marks = this.eMarks[i] as number;
      const struck = this.struck[i] as number;
      const armourUsed = this.armour[i] === ARMOUR_USED && t.armour !== 'used';
      const ticked = this.dropTicked[i] === 1;
      const healthChanged = woundsOf(t) !== wounds || eMarksOf(t.health) !== marks;
      if (
        !healthChanged &&
        struck === 0 &&
        !armourUsed &&
        !ticked &&
        t.lastingWounds === this.lastingWounds[i]
      )
        continue;
      s = editTrooper(s, id, (draft, tr) => {
        if (healthChanged) draft.health = healthOf(wounds, marks);
        draft.lastingWounds = this.lastingWounds[i] as number;
        if (struck > 0)
          draft.missionFlags = { ...tr.missionFlags, woundsTaken: tr.missionFlags.woundsTaken + struck };
        if (armourUsed) draft.armour = 'used';
        if (ticked) draft.planetUses = { ...tr.planetUses, dropShipArmourUsed: true };
      });
    }
    const told = this.told;
    s = this.writeFallen(s);
    s = this.writeVehicles(s);
    if (told === null || told.length === 0) return s;
    const vehicles = (state.encounter as Encounter).vehicles;
    for (const hit of told) {
      if ('v' in hit) {
        // A vehicle struck: the sentence in its place among the Kills'; destroyed, its owner loses it.
        const v = vehicles[hit.v] as VehicleState;
        const name = VEHICLE_RULES[v.vehicle].name;
        if (hit.destroyed) s = loseHeld(s, v.ownerId, v.vehicle);
        s = appendLog(s, null, `The ${name} is ${hit.destroyed ? 'destroyed' : 'crippled'}.`);
        continue;
      }
      const id = this.ids[hit.i] as string;
      const name = this.names[hit.i] as string;
      noteHit(id, hit.source, hit.result);
      if (hit.result === 'stopped') s = appendLog(s, id, `${name}'s kinetic field turns the blow aside.`);
      if (!hit.fell) continue;
      const wreck = hit.result === 'E';
      // The fallen rider left its vehicle on the record (round.ts `applyWound`): `writeVehicles`.
      s = editTrooper(s, id, (draft) => {
        draft.status = wreck ? 'wreck' : 'dead';
      });
      s = appendLog(s, id, `${name} is ${wreck ? 'broken beyond saving' : 'dead'}.`);
      // Campaign hook: the next most senior PC may take the fallen one's rank (field promotion).
      s = fieldPromotionOnDeath(s, id);
    }
    told.length = 0;
    return s;
  }

  /**
   * The encounter's side of `writeHits`: who fell, at what face, the Kills waiting, and the
   * Weaknesses owed (the record holds the first; a Strength that ended the fight clears them;
   * those who fell or showed one owe none).
   */
  private writeFallen(state: ThreeSixteenState): ThreeSixteenState {
    const e = state.encounter as Encounter;
    let out: Record<string, 'dead' | 'beyondFar' | 'weakness'> | null = null;
    let fell: Record<string, number> | null = null;
    for (let i = 0; i < this.n; i++) {
      const id = this.ids[i] as string;
      if (
        this.out[i] === OUT_DEAD &&
        e.out[id] !== 'dead' &&
        (state.troopers[id] as Trooper).status === 'active'
      ) {
        out ??= { ...e.out };
        out[id] = 'dead';
      }
      const face = this.fellAt[i] as number;
      if (face >= 0 && e.fellAtFace[id] !== face) {
        fell ??= { ...e.fellAtFace };
        fell[id] = face;
      }
    }
    let pendingSame = this.pLen === e.pendingKills.length;
    for (let p = 0; pendingSame && p < this.pLen; p++)
      pendingSame = samePending(this, p, e.pendingKills[p] as PendingKill);
    const forced = this.forcedOwed(e.forcedWeakness);
    if (out === null && fell === null && forced === e.forcedWeakness && pendingSame) return state;
    return editEncounter(state, (draft) => {
      if (out) draft.out = out;
      if (fell) draft.fellAtFace = fell;
      draft.forcedWeakness = forced;
      if (!pendingSame) draft.pendingKills = this.pendingKills();
    });
  }

  /** The Weaknesses owed after the record's play, `was` itself when unchanged. */
  private forcedOwed(was: readonly string[]): readonly string[] {
    if (this.forcedCleared) return was.length > 0 ? [] : was;
    if (was.length === 0 && this.forced < 0) return was;
    const list = was.filter((id) => {
      const gone = this.out[this.ids.indexOf(id)];
      return gone !== OUT_DEAD && gone !== OUT_WEAKNESS;
    });
    const owed = this.forced >= 0 ? (this.ids[this.forced] as string) : null;
    if (owed !== null && !list.includes(owed)) list.push(owed);
    return list.length !== was.length || list.some((id, k) => id !== was[k]) ? list : was;
  }

  /** The Kills waiting on the record, as the state keeps them. */
  private pendingKills(): PendingKill[] {
    const out: PendingKill[] = [];
    for (let p = 0; p < this.pLen; p++) {
      const by = this.pBy[p] as number;
      const face = this.pFace[p] as number;
      out.push({
        trooperId: this.ids[this.pTrooper[p] as number] as string,
        source: this.pSource[p] as HitSource,
        mark: this.pMark[p] === 1 ? 'E' : 'X',
        armourStoppable: this.pStoppable[p] === 1,
        lasting: this.pLasting[p] === 1,
        by: by === -1 ? null : (this.ids[by] as string),
        face: face === -1 ? null : face,
      });
    }
    return out;
  }

  /** The encounter's part of `writeBack`. */
  private writeEncounter(state: ThreeSixteenState): ThreeSixteenState {
    return editEncounter(state, (draft, e) => {
      draft.tokens = this.tokens;
      // The kills each trooper counted this round (and, once the round turned over, in the one
      // before), written over the state's maps where they differ.
      let before = e.killsByTrooperThisRound;
      let kills: Record<string, number> = this.roundKillsCleared ? {} : e.killsByTrooperThisRound;
      if (this.round !== e.round) {
        for (let i = 0; i < this.n; i++) {
          const id = this.ids[i] as string;
          if ((before[id] ?? 0) !== this.lastRoundKills[i])
            before = withKey(before, id, this.lastRoundKills[i] as number);
        }
        draft.killsByTrooperLastRound = before;
        kills = {};
      }
      for (let i = 0; i < this.n; i++) {
        const id = this.ids[i] as string;
        if ((kills[id] ?? 0) !== this.roundKills[i]) kills = withKey(kills, id, this.roundKills[i] as number);
      }
      draft.killsByTrooperThisRound = kills;
      if (this.lastKillsCleared) draft.killsByTrooperLastRound = {};
      let positions: Record<string, Position> | null = null;
      for (let i = 0; i < this.n; i++) {
        const id = this.ids[i] as string;
        const was = e.positions[id];
        const now = POSITIONS[this.pos[i] as number] as Position;
        // A trooper not yet placed reads as at Far: placed only while still in the fight and
        // once the range is set (the range set places everyone fighting, also when the encounter
        // ends at once; the aliens' ambush strikes before it; an encounter ending before it
        // places nobody).
        if (
          was === now ||
          (was === undefined &&
            (this.out[i] !== IN ||
              (!this.rangeSetHere && (this.step <= Step.SetRange || this.step === Step.Ended))))
        )
          continue;
        positions ??= { ...e.positions };
        positions[id] = now;
      }
      if (positions) draft.positions = positions;
      draft.round = this.round;
      draft.step = STEP_NAME[this.step] as EncounterStep;
      draft.aliensDeclared = this.aliensDeclared;
      draft.cursor = this.cursor;
      draft.killsThisRound = this.killsThisRound;
      draft.roundsWithoutKills = this.roundsWithoutKills;
      if (this.roundsWithoutKillsIfVoid >= 0) draft.roundsWithoutKillsIfVoid = this.roundsWithoutKillsIfVoid;
      let declared = false;
      let rolled = false;
      for (let a = 0; a <= this.n; a++) {
        if (this.declared[a]) declared = true;
        if (this.rolled[a]) rolled = true;
      }
      if (!declared) draft.declarations = {};
      if (!rolled) draft.rolls = {};
      if (this.domNoted !== 0) draft.dominance = this.notedDominance(e.dominance);
      if (this.rollNoted !== 0) draft.rolls = this.notedRolls(e.rolls);
      if (this.qLen === 0) draft.queue = [];
      let fell = false;
      for (let i = 0; i < this.n; i++) if ((this.fellAt[i] as number) >= 0) fell = true;
      if (!fell) draft.fellAtFace = {};
      const suicide = this.rolled[this.suicide] === 1;
      const fx = e.roundEffects;
      if (
        fx.killsVoid !== this.killsVoid ||
        fx.stopTechnology !== this.techDown ||
        fx.suicide !== suicide ||
        (fx.emotional === true) !== this.emotional
      )
        draft.roundEffects = {
          killsVoid: this.killsVoid,
          stopTechnology: this.techDown,
          suicide,
          ...(this.emotional ? { emotional: true } : {}),
        };
      const fx0 = e.effects;
      if (
        this.aaBonus !== fx0.aaBonus ||
        this.alienArmourUsed !== fx0.alienArmourUsed ||
        this.endAfterAlienTurn !== fx0.endAfterAlienTurn ||
        this.enraged !== fx0.enraged ||
        this.impair !== fx0.impair ||
        this.isolated !== fx0.isolated
      )
        draft.effects = {
          ...fx0,
          aaBonus: this.aaBonus,
          impair: this.impair,
          enraged: this.enraged,
          isolated: this.isolated,
          alienArmourUsed: this.alienArmourUsed,
          endAfterAlienTurn: this.endAfterAlienTurn,
        };
      // The aliens' ambush (round.ts `aliensAmbush`): they ambush, and set the range.
      if (this.ambush !== AMBUSHES.indexOf(e.ambush)) {
        draft.ambush = AMBUSHES[this.ambush] as Encounter['ambush'];
        draft.rangeSetter =
          this.rangeSetter === NOBODY
            ? null
            : this.rangeSetter === ALIENS_SET
              ? ALIENS
              : (this.ids[this.rangeSetter] as string);
      }
      const now = String(this.round);
      // Ignore Wounds names the round it voided even when its kills had removed none.
      const removed = e.tokensRemovedByRound[now];
      if ((removed ?? 0) !== this.removedNow || (this.roundKillsCleared && removed === undefined))
        draft.tokensRemovedByRound = withKey(draft.tokensRemovedByRound, now, this.removedNow);
      const last = String(this.round - 1);
      if ((e.tokensRemovedByRound[last] ?? 0) !== this.removedLast)
        draft.tokensRemovedByRound = withKey(draft.tokensRemovedByRound, last, this.removedLast);
      if (this.olderRound >= 0) {
        const older = String(this.olderRound);
        if ((e.tokensRemovedByRound[older] ?? 0) !== this.removedOlder)
          draft.tokensRemovedByRound = withKey(draft.tokensRemovedByRound, older, this.removedOlder);
      }
    });
  }

  // -------------------------------------------------------------------------------------------
  // The turns, Strength and Weakness on the table's record (evolve.ts `turn`, `strength`,
  // `weakness` run round.ts's functions for them): what those functions change beyond the round's
  // numbers above, and its write-back.

  /**
   * The vehicle each trooper rides in (its index in `Encounter.vehicles`, not destroyed; −1: on
   * foot): a vehicle moves as one (round.ts `moveTrooper`). The simulator's encounters have none.
   */
  readonly ride: number[] = [];
  /**
   * The encounter's vehicles, by their index in `Encounter.vehicles` (round.ts `strike` damages
   * them, and a rider who falls or shows a Weakness leaves its vehicle): each one's damage
   * (`INTACT`, `CRIPPLED`, `DESTROYED`), whether it shields its riders while intact (the APC), its
   * driver and its riders in the order they got in (trooper indexes).
   */
  vehicles = 0;
  readonly vDamage: number[] = [];
  readonly vShields: boolean[] = [];
  readonly vDriver: number[] = [];
  readonly vRiders: number[][] = [];
  /** The state's vehicles the record read, and whether it changed them since (read again then). */
  private seenRides: Encounter['vehicles'] | null = null;
  private ridesChanged = false;
  /**
   * Tokens of the encounter discarded since the record was read (a Strength, a Weakness, an E-Vac,
   * an end that does not give them back: the threat's `discarded`).
   */
  discarded = 0;
  /** A Strength ended the fight: every Weakness still owed is dropped (`forcedWeakness` emptied). */
  forcedCleared = false;
  /**
   * The range was set since the record was read (round.ts `rangeSet`): the write-back places
   * everyone still fighting, even when the encounter then ended at once (out of tokens).
   */
  rangeSetHere = false;

  private resetTurns(): void {
    this.discarded = 0;
    this.forcedCleared = false;
    this.spent = 0;
    this.poolRead = this.pool;
    this.domNoted = 0;
    this.rollNoted = 0;
    this.rerolled = 0;
    this.queueMoved = false;
    this.roundKillsCleared = false;
    this.lastKillsCleared = false;
    this.rangeSetHere = false;
  }

  // The dice and abilities on the table's record (evolve.ts `dominance.rolled`, `test.rolled`,
  // `drugs.used`, `ability.used` run round.ts's functions for them): what they changed since the
  // record was read, for the write-back.
  /** Tokens the aliens paid for abilities (the threat's `spent`). */
  spent = 0;
  /** The planet's pool as read (`pool` less it is what was paid from it, or went back at the end). */
  private poolRead = 0;
  /** Actors whose Dominance die (`dominanceNoted`) or round's die (`testNoted`, `drugsNoted`) was noted, a bit each. */
  domNoted = 0;
  rollNoted = 0;
  /** Troopers whose round's die combat drugs rolled again, a bit each (`rolls[id].rerolled`). */
  rerolled = 0;
  /** A re-rolled turn took a new place in the round's order (`drugsNoted`). */
  queueMoved = false;
  /** Ignore Wounds emptied the kills of this round, or of the round just ended, per trooper. */
  roundKillsCleared = false;
  lastKillsCleared = false;

  private readRides(e: Encounter): void {
    if (e.vehicles === this.seenRides && !this.ridesChanged) return;
    this.seenRides = e.vehicles;
    this.ridesChanged = false;
    for (let i = 0; i < this.n; i++) {
      const id = this.ids[i] as string;
      this.ride[i] = e.vehicles.findIndex((v) => v.damage !== 'destroyed' && v.occupants.includes(id));
    }
    const count = e.vehicles.length;
    this.vehicles = count;
    if (count === 0) return;
    for (let v = 0; v < count; v++) {
      const x = e.vehicles[v] as VehicleState;
      this.vDamage[v] = DAMAGE_OF[x.damage];
      this.vShields[v] = VEHICLE_RULES[x.vehicle].shieldsWhileIntact;
      this.vDriver[v] = this.ids.indexOf(x.driverId);
      const riders = this.vRiders[v] ?? [];
      riders.length = 0;
      for (const id of x.occupants) riders.push(this.ids.indexOf(id));
      this.vRiders[v] = riders;
    }
  }

  /** The record changed a vehicle or who rides it: read again from the state at the next load or reset. */
  noteRidesChanged(): void {
    this.ridesChanged = true;
  }

  /**
   * `writeBack`'s part for the vehicles (round.ts `strike`, riders leaving): each one's damage,
   * riders and driver where the record changed them (the owner's loss and the log's sentences are
   * `writeHits`'s, in the order they came).
   */
  private writeVehicles(state: ThreeSixteenState): ThreeSixteenState {
    if (!this.ridesChanged) return state;
    const e = state.encounter as Encounter;
    if (e.vehicles !== this.seenRides) return state;
    let list: VehicleState[] | null = null;
    for (let v = 0; v < this.vehicles; v++) {
      const x = e.vehicles[v] as VehicleState;
      const damage = DAMAGE_NAME[this.vDamage[v] as number] as VehicleState['damage'];
      const riders = this.vRiders[v] as number[];
      const d = this.vDriver[v] as number;
      const driverId = d >= 0 ? (this.ids[d] as string) : x.driverId;
      if (damage === x.damage && riders.length === x.occupants.length && driverId === x.driverId) continue;
      list ??= e.vehicles.slice();
      list[v] = { ...x, damage, driverId, occupants: riders.map((i) => this.ids[i] as string) };
    }
    if (list === null) return state;
    const vehicles = list;
    return editEncounter(state, (draft) => {
      draft.vehicles = vehicles;
    });
  }

  /**
   * `writeBack`'s part for the turns, Strength and Weakness: troopers gone (beyond Far, through a
   * Weakness), the turns taken or cancelled in the round's order, the Kills waiting that were
   * dropped, Induce Weakness's target and its once-a-mission mark, the end and the tokens
   * discarded (the Weaknesses owed are `writeFallen`'s).
   */
  private writeTurns(state: ThreeSixteenState): ThreeSixteenState {
    const e = state.encounter as Encounter;
    let out: Record<string, Encounter['out'][string]> | null = null;
    for (let i = 0; i < this.n; i++) {
      const id = this.ids[i] as string;
      const gone =
        this.out[i] === OUT_BEYOND_FAR ? 'beyondFar' : this.out[i] === OUT_WEAKNESS ? 'weakness' : null;
      if (gone === null || e.out[id] === gone) continue;
      out ??= { ...e.out };
      out[id] = gone;
    }
    let queue: Encounter['queue'][number][] | null = this.queueMoved ? this.notedQueue(e.queue) : null;
    if (!this.queueMoved && this.qLen === e.queue.length)
      for (let q = 0; q < this.qLen; q++) {
        const slot = e.queue[q] as Encounter['queue'][number];
        const done = this.qDone[q] === 1;
        const cancelled = this.qCancelled[q] === 1;
        if (slot.done === done && slot.cancelled === cancelled) continue;
        queue ??= e.queue.slice();
        queue[q] = { ...slot, done, cancelled };
      }
    // The Kills waiting (dealt, answered or dropped) and the Weaknesses owed are written by
    // `writeHits` (`writeFallen`).
    const target = this.induceTarget >= 0 ? (this.ids[this.induceTarget] as string) : null;
    const induceChanged = target !== e.induceWeaknessTarget;
    const ended = this.endReason !== e.endReason;
    let s = state;
    if (out || queue || induceChanged || ended)
      s = editEncounter(s, (draft) => {
        if (out) draft.out = out;
        if (queue) draft.queue = queue;
        if (induceChanged) draft.induceWeaknessTarget = target;
        if (ended) draft.endReason = this.endReason;
      });
    if (this.discarded > 0) {
      const k = this.discarded;
      s = editThreat(s, (draft, t) => {
        draft.discarded = t.discarded + k;
      });
    }
    for (let i = 0; i < this.n; i++) {
      if (this.induced[i] !== 1) continue;
      const id = this.ids[i] as string;
      const t = s.troopers[id] as Trooper;
      if (t.missionFlags.inducedWeakness) continue;
      s = editTrooper(s, id, (draft, tr) => {
        draft.missionFlags = { ...tr.missionFlags, inducedWeakness: true };
      });
    }
    return s;
  }

  /**
   * `writeBack` for a record on which only dice were noted (`dominanceNoted`, `testRolled`: the
   * table's `dominance.rolled` and `test.rolled`) and the round did not move on: the dice, the
   * step and the preparation bonus spent, without the whole write-back's comparisons (most of the
   * table's events are dice).
   */
  writeNotes(state: ThreeSixteenState): ThreeSixteenState {
    let s = editEncounter(state, (draft, e) => {
      draft.step = STEP_NAME[this.step] as EncounterStep;
      if (this.domNoted !== 0) draft.dominance = this.notedDominance(e.dominance);
      if (this.rollNoted !== 0) draft.rolls = this.notedRolls(e.rolls);
    });
    for (let i = 0; i < this.n; i++) {
      const bonus = this.bonus[i] as number;
      const id = this.ids[i] as string;
      if ((s.troopers[id] as Trooper).preparationBonus !== bonus)
        s = editTrooper(s, id, (draft) => {
          draft.preparationBonus = bonus;
        });
    }
    return s;
  }

  /** `dominance` with the Dominance dice noted since the record was read (`domNoted`). */
  private notedDominance(was: Encounter['dominance']): Encounter['dominance'] {
    let out = was;
    for (let a = 0; a <= this.n; a++)
      if (this.domNoted & (1 << a))
        out = withKey(out, this.actorKey[a] as string, {
          face: this.domFace[a] as number,
          target: this.domTarget[a] as number,
          success: this.domSuccess[a] === 1,
          declined: false,
        });
    return out;
  }

  /** `rolls` with the round's dice noted since the record was read (`rollNoted`; `rerolled` by combat drugs). */
  private notedRolls(was: Encounter['rolls']): Encounter['rolls'] {
    let out = was;
    for (let a = 0; a <= this.n; a++) {
      if (!(this.rollNoted & (1 << a))) continue;
      const face = this.rollFace[a] as number;
      const target = this.rollTarget[a] as number;
      const success = this.rollSuccess[a] === 1;
      out = withKey(
        out,
        this.actorKey[a] as string,
        this.rerolled & (1 << a) ? { face, target, success, rerolled: true } : { face, target, success },
      );
    }
    return out;
  }

  /** The round's order as the record has it, each slot the state's own object where it is the same. */
  private notedQueue(was: Encounter['queue']): Encounter['queue'][number][] {
    const out: Encounter['queue'][number][] = [];
    for (let q = 0; q < this.qLen; q++) {
      const actor = this.actorKey[this.qActor[q] as number] as string;
      const face = this.qFace[q] as number;
      const success = this.qSuccess[q] === 1;
      const tieBreak = this.qTie[q] as number;
      const done = this.qDone[q] === 1;
      const cancelled = this.qCancelled[q] === 1;
      const old = was.find((slot) => slot.actor === actor);
      const same =
        old !== undefined &&
        old.face === face &&
        old.success === success &&
        old.tieBreak === tieBreak &&
        old.done === done &&
        old.cancelled === cancelled;
      out.push(same ? old : { actor, face, success, tieBreak, done, cancelled });
    }
    return out;
  }

  /** The purpose of a round's roll-off die at `face` for actor `a`. */
  tieLabel(face: number, a: number): string {
    let row = this.tieLabels[face];
    if (!row) {
      row = this.actorKey.map((key) => `tie-break at ${face} (${key})`);
      this.tieLabels[face] = row;
    }
    return row[a] as string;
  }

  /** The purpose of a Dominance roll-off die for actor `a`. */
  dominanceTieLabel(a: number): string {
    if (!this.dominanceRollOff)
      this.dominanceRollOff = this.actorKey.map((key) => `dominance roll-off (${key})`);
    return this.dominanceRollOff[a] as string;
  }

  /** Still fighting: taking part, active, not gone. */
  fighting(i: number): boolean {
    // A trooper in the fight is active: a fall puts it out at once (round.ts `applyWound`).
    return this.out[i] === IN;
  }

  /** Impair at `impair`: the troopers' targets without a bonus worked out again when it changed. */
  impaired(impair: number): void {
    if (impair === this.impair) return;
    this.impair = impair;
    for (let i = 0; i < this.n; i++) {
      this.faTarget[i] = testTarget(this.fa[i] as number, impair, 0);
      this.nfaTarget[i] = testTarget(this.nfa[i] as number, impair, 0);
    }
  }

  /** A trooper's FA or NFA for a test now (`pcTarget`: minus Impair, plus the preparation bonus). */
  target(i: number, nfa: boolean): number {
    const bonus = this.bonus[i] as number;
    // Without a preparation bonus (every test but perhaps a trooper's first) the target is fixed.
    if (bonus === 0) return (nfa ? this.nfaTarget[i] : this.faTarget[i]) as number;
    return testTarget((nfa ? this.nfa[i] : this.fa[i]) as number, this.impair, bonus);
  }

  /** The state the encounter started from (to report troopers the record does not hold). */
  get startState(): ThreeSixteenState {
    return this.start;
  }
}
