import type { DiceSource } from '../../../engine/dice/source.ts';
import { RuleError } from '../../../engine/rule-error.ts';
import { chooseAttack, closeIn, contactTarget, priorityOf } from './attack.ts';
import type {
  Because,
  DoorRecord,
  MovementRecord,
  Outcome,
  ReactionRecord,
  TargetRecord,
  ThreatAction,
  ThreatDecision,
  WeakSpotRecord,
} from './decision.ts';
import { atDoor, type DoorWay, doorInTheWay, holesInReach, pickWay, shortCutsInReach } from './doors.ts';
import { facingAlong, inFrontArc, straight2 } from './geometry.ts';
import { movementDie, profileOf, type ThreatProfile } from './profile.ts';
import { cmp, pickBest, Roller } from './roller.ts';
import { distanceToTeam, faceNearest, nearestTeamers, rollReaction, sees, triggersWaiting } from './sense.ts';
import { atBulkhead, type BulkheadResult, weakSpotBesideDoor } from './weak-spots.ts';
import type { DoorView, SquareKey, TeamerView, ThreatReach, ThreatView, ThreatWorld } from './world.ts';

/**
 * One Threat's activation (digest 13.4): waiting, prey, the reaction roll and ATTACK / STAY /
 * HIDE, the door procedure, and the Team-phase ambush. Each call decides ONE action of ONE Threat
 * on the world as it stands; fd-rules applies the actions and asks for the next.
 */

/** What a pack settled before its members act (see `beginPack`). */
export interface PackPlan {
  /** Members in activation order: nearest a Teamer first. */
  readonly members: readonly string[];
  /** Each member's movement throw, in `members` order. */
  readonly throws: readonly {
    readonly threat: string;
    readonly faces: readonly number[];
    readonly value: number;
  }[];
  /** The best throw: every member's allowance. */
  readonly allowance: number;
  /** No member could reach contact with that allowance: they all hide, with no reaction rolls. */
  readonly allHide: boolean;
}

export interface ActivationContext {
  /** The Threat acts as a member of this pack. */
  readonly pack?: PackPlan;
}

/** Mutable parts of a decision being built, kept in one small record per call. */
interface Draft {
  because: Because;
  choice: ThreatDecision['choice'];
  reaction: ReactionRecord | null;
  movement: MovementRecord | null;
  target: TargetRecord | null;
  door: DoorRecord | null;
  weakSpot: WeakSpotRecord | null;
  outcome: Outcome;
  actions: ThreatAction[];
}

function findThreat(world: ThreatWorld, id: string): ThreatView {
  for (const t of world.threats) if (t.id === id) return t;
  throw new RuleError('THREAT_UNKNOWN', `there is no Threat "${id}" on the board`, { threat: id });
}

/** A movement throw: the species' dice, plus its add, less any carrying penalty, at least its minimum. */
export function rollAllowance(
  threatId: string,
  profile: ThreatProfile,
  roller: Roller,
  purpose: string,
  carryPenalty: number,
): { faces: number[]; value: number } {
  const { count, die, modifier, min = 0 } = profile.movement;
  const faces: number[] = [];
  let sum = modifier - carryPenalty;
  for (let i = 0; i < count; i++) {
    const f = roller.roll(movementDie(die), `${purpose} of ${threatId}`);
    faces.push(f);
    sum += f;
  }
  return { faces, value: Math.max(sum, min, 0) };
}

function rollMovement(
  threat: ThreatView,
  profile: ThreatProfile,
  roller: Roller,
  carryPenalty: number,
): MovementRecord {
  const { faces, value } = rollAllowance(threat.id, profile, roller, 'movement', carryPenalty);
  return {
    faces,
    die: profile.movement.die,
    add: profile.movement.modifier,
    carryPenalty,
    allowance: value,
    from: 'own',
  };
}

function packMovement(profile: ThreatProfile, pack: PackPlan): MovementRecord {
  return {
    faces: [],
    die: profile.movement.die,
    add: 0,
    carryPenalty: 0,
    allowance: pack.allowance,
    from: 'pack',
  };
}

function moveActions(path: readonly SquareKey[], actions: ThreatAction[]): void {
  if (path.length > 0) actions.push({ kind: 'move', path });
}

/** Grapple whoever the Threat is in contact with on `square`, if anyone; true if it did. */
function grappleInContact(
  world: ThreatWorld,
  threat: ThreatView,
  square: SquareKey,
  roller: Roller,
  d: Draft,
): boolean {
  const hit = contactTarget(world, threat.id, square, roller);
  if (!hit) return false;
  d.target = { teamer: hit.teamer.id, reachable: true, priority: hit.priority, tie: hit.tie };
  d.actions.push({ kind: 'grapple', teamer: hit.teamer.id, fromBehind: hit.behind });
  d.outcome = 'grappled';
  return true;
}

function faceAt(world: ThreatWorld, threat: ThreatView, square: SquareKey, roller: Roller, d: Draft): void {
  d.actions.push({ kind: 'face', facing: faceNearest(world, threat.id, square, threat.facing, roller) });
}

/**
 * Switch (c) at a door in the way: a weak spot found in that bulkhead is taken rather than the door
 * battered (`weakSpotBesideDoor`), unless the door's own RED footprints are in reach (step 1 of the
 * door procedure comes first).
 */
function weakSpotPastDoor(
  world: ThreatWorld,
  threat: ThreatView,
  door: DoorView,
  reach: ThreatReach,
  roller: Roller,
): BulkheadResult | null {
  if (shortCutsInReach(world, threat, door, reach).length > 0) return null;
  return weakSpotBesideDoor(world, threat, door, reach, roller);
}

/** Records a weak-spot step (switch c) and its actions. */
function tookWeakSpot(res: BulkheadResult, d: Draft): void {
  d.weakSpot = res.record;
  d.outcome = 'atBulkhead';
  d.actions.push(...res.actions);
}

/**
 * After a door or weak-spot step: across, it grapples whoever it is then in contact with (facing
 * him) or faces the nearest Teamer; moved to the footprints or the weak spot, it faces the nearest.
 */
function endsAt(
  world: ThreatWorld,
  threat: ThreatView,
  res: { readonly square: SquareKey; readonly crossed: boolean; readonly moved: boolean },
  roller: Roller,
  d: Draft,
): void {
  if (res.crossed) {
    if (grappleInContact(world, threat, res.square, roller, d)) {
      const t = d.target as TargetRecord;
      const foe = world.teamers.find((m) => m.id === t.teamer) as TeamerView;
      const f = facingAlong(world.width, res.square, foe.square);
      d.actions.splice(d.actions.length - 1, 0, { kind: 'face', facing: f ?? threat.facing });
    } else faceAt(world, threat, res.square, roller, d);
  } else if (res.moved) faceAt(world, threat, res.square, roller, d);
}

/** ATTACK NEAREST (13.4), or against `only` (an ambush). */
function attack(
  world: ThreatWorld,
  threat: ThreatView,
  profile: ThreatProfile,
  roller: Roller,
  pack: PackPlan | undefined,
  only: TeamerView | null,
  d: Draft,
): void {
  d.movement = pack ? packMovement(profile, pack) : rollMovement(threat, profile, roller, 0);
  const reach = world.reach(threat.id, d.movement.allowance);
  const choice = chooseAttack(world, threat, reach, roller, only);
  if (choice) {
    const { teamer, contact } = choice;
    d.target = { teamer: teamer.id, reachable: true, priority: choice.priority, tie: choice.tie };
    if (contact.square !== threat.square) {
      moveActions(reach.path(contact.square), d.actions);
      // A Threat that closes to fight ends facing its foe (he is its nearest Teamer).
      const f = facingAlong(world.width, contact.square, teamer.square);
      d.actions.push({ kind: 'face', facing: f ?? threat.facing });
    }
    d.actions.push({ kind: 'grapple', teamer: teamer.id, fromBehind: contact.behind });
    d.outcome = 'grappled';
    return;
  }
  // Nobody reachable: close in on the nearest Teamer (or the ambushed one).
  let target: TeamerView | null = only;
  let tie: TargetRecord['tie'] = 'none';
  if (!target) {
    const nearest = nearestTeamers(world, threat.square);
    if (nearest.length === 0) {
      d.because = d.because === 'reaction' ? 'noTeamers' : d.because;
      d.outcome = 'none';
      return;
    }
    if (nearest.length > 1) {
      target = nearest[
        roller.winner(
          nearest.map((t) => t.id),
          `which nearest Teamer ${threat.id} closes in on`,
        )
      ] as TeamerView;
      tie = 'rollOff';
    } else target = nearest[0] as TeamerView;
  }
  d.target = { teamer: target.id, reachable: false, priority: null, tie };
  const door = doorInTheWay(world, threat, target.square);
  // A door with a GREEN hole it can get to is no longer worked at: it goes through the hole.
  const holes = door ? holesInReach(world, threat, door, reach) : [];
  if (door && holes.length === 0) {
    const spot = weakSpotPastDoor(world, threat, door, reach, roller);
    if (spot) {
      tookWeakSpot(spot, d);
      endsAt(world, threat, spot, roller, d);
      return;
    }
    const res = atDoor(world, threat, door, reach, roller);
    d.door = res.record;
    d.outcome = 'atDoor';
    d.actions.push(...res.actions);
    endsAt(world, threat, res, roller, d);
    return;
  }
  const bulkhead = holes.length === 0 ? atBulkhead(world, threat, target.square, reach, roller) : null;
  if (bulkhead) {
    tookWeakSpot(bulkhead, d);
    endsAt(world, threat, bulkhead, roller, d);
    return;
  }
  const to = closeIn(world, threat, reach, target.square, roller) ?? towardHole(world, threat, holes, roller);
  if (to === null) {
    d.outcome = 'noCloserSquare';
    return;
  }
  moveActions(reach.path(to), d.actions);
  faceAt(world, threat, to, roller, d);
  d.outcome = 'closedIn';
}

/**
 * A Threat that can get no nearer its quarry this activation but can reach a GREEN hole of the
 * door in its way goes to the hole's near aperture square, to cross it next time (cheapest, then
 * nearest in a straight line, then roll-off). Null: no hole, or it stands at the one chosen.
 */
function towardHole(
  world: ThreatWorld,
  threat: ThreatView,
  holes: readonly DoorWay[],
  roller: Roller,
): SquareKey | null {
  const best = pickWay(world, threat, holes, roller, `which hole ${threat.id} makes for`);
  return best && best.near !== threat.square ? best.near : null;
}

/** STAY (13.4): no move and no turn; a Threat already in contact still grapples. */
function stay(world: ThreatWorld, threat: ThreatView, roller: Roller, d: Draft): void {
  if (!grappleInContact(world, threat, threat.square, roller, d)) d.outcome = 'stayed';
}

/**
 * MOVE AWAY / HIDE (13.4): among the squares it can end on (its own included) out of sight of every
 * Teamer, the one farthest from the nearest Teamer; if none is out of sight, the farthest of all.
 * Ties: cheapest, then nearest the Threat in a straight line, then roll-off. Out of sight it takes
 * the eye if its species hides.
 */
function hide(
  world: ThreatWorld,
  threat: ThreatView,
  profile: ThreatProfile,
  roller: Roller,
  pack: PackPlan | undefined,
  d: Draft,
): void {
  d.movement = pack ? packMovement(profile, pack) : rollMovement(threat, profile, roller, 0);
  const reach = world.reach(threat.id, d.movement.allowance);
  const options: { sq: SquareKey; hidden: boolean; far: number; cost: number }[] = [];
  let anyHidden = false;
  const consider = (sq: SquareKey, cost: number): void => {
    let hidden = true;
    for (const t of world.teamers) {
      if (t.square === sq) return;
      if (hidden && world.canSee(t.square, sq)) hidden = false;
    }
    if (hidden) anyHidden = true;
    options.push({ sq, hidden, far: distanceToTeam(world, sq), cost });
  };
  consider(threat.square, 0);
  for (const sq of reach.squares) if (sq !== threat.square) consider(sq, reach.cost(sq));
  const pool = anyHidden ? options.filter((o) => o.hidden) : options;
  const best = pickBest(
    pool,
    (a, b) =>
      cmp(b.far, a.far) ||
      a.cost - b.cost ||
      straight2(world.width, threat.square, a.sq) - straight2(world.width, threat.square, b.sq),
    (o) => `square ${o.sq}`,
    roller,
    `where ${threat.id} hides`,
  );
  const to = best ? best.item.sq : threat.square;
  if (to !== threat.square) {
    moveActions(reach.path(to), d.actions);
    faceAt(world, threat, to, roller, d);
  }
  if (anyHidden && profile.hides) d.actions.push({ kind: 'hide' });
  d.outcome = anyHidden ? 'hidOutOfSight' : 'movedAwayInSight';
}

/** Prey (13.6): the Threat drags the Teamer it downed toward the Source tile, slowed. */
function drag(
  world: ThreatWorld,
  threat: ThreatView,
  profile: ThreatProfile,
  roller: Roller,
  d: Draft,
): void {
  const penalty = profile.prey?.carryPenalty ?? 0;
  const teamer = threat.carrying as string;
  const nest = world.sourceTile;
  if (nest === null || world.tileOf(threat.square) === nest) {
    d.because = 'preyAtNest';
    d.outcome = 'none';
    return;
  }
  d.movement = rollMovement(threat, profile, roller, penalty);
  const reach = world.reach(threat.id, d.movement.allowance);
  // A shut door on its way to the nest: the door procedure of a Threat on the attack (14), the
  // body going with it through a short cut; a GREEN hole is crossed as an ordinary step below.
  const goal = nearestSquareOf(world, threat.square, nest);
  const door = goal === null ? null : doorInTheWay(world, threat, goal);
  const holes = door ? holesInReach(world, threat, door, reach) : [];
  if (door && holes.length === 0) {
    const res = atDoor(world, threat, door, reach, roller);
    d.door = res.record;
    d.outcome = 'atDoor';
    for (const a of res.actions)
      d.actions.push(a.kind === 'move' ? { kind: 'drag', teamer, path: a.path } : a);
    if (res.crossed || res.moved) faceAt(world, threat, res.square, roller, d);
    return;
  }
  const here = world.distanceToTile(threat.square, nest);
  const options: { sq: SquareKey; dist: number; cost: number }[] = [];
  for (const sq of reach.squares) {
    if (world.teamers.some((t) => t.square === sq)) continue;
    const dist = world.distanceToTile(sq, nest);
    if (dist < here) options.push({ sq, dist, cost: reach.cost(sq) });
  }
  const best = pickBest(
    options,
    (a, b) => a.dist - b.dist || a.cost - b.cost,
    (o) => `square ${o.sq}`,
    roller,
    `where ${threat.id} drags its prey`,
  );
  const to = best ? best.item.sq : towardHole(world, threat, holes, roller);
  if (to === null) {
    d.outcome = 'none';
    return;
  }
  d.actions.push({ kind: 'drag', teamer, path: reach.path(to) });
  faceAt(world, threat, to, roller, d);
  d.outcome = 'dragged';
}

/**
 * The square of `tile` nearest `from` by the 13.2 measure (the first in square order on a tie,
 * no die: only the doors its way crosses are asked of it); null when none can be reached.
 */
function nearestSquareOf(world: ThreatWorld, from: SquareKey, tile: number): SquareKey | null {
  let best: SquareKey | null = null;
  let bestDist = Number.POSITIVE_INFINITY;
  const n = world.width * world.height;
  for (let sq = 0; sq < n; sq++) {
    if (world.tileOf(sq) !== tile) continue;
    const dist = world.distance(from, sq);
    if (dist < bestDist) {
      best = sq;
      bestDist = dist;
    }
  }
  return best;
}

/**
 * The solo script of an intellect-driven Threat (digest 24.4), one action per call: the basic
 * profile; ATTACK = shoot a Teamer it sees within range, else move toward the nearest Teamer and
 * stop where one is in sight and range (the shot is its next action). With no range it closes and
 * grapples like a stimulus-driven Threat.
 */
function soloScript(
  world: ThreatWorld,
  threat: ThreatView,
  profile: ThreatProfile,
  roller: Roller,
  d: Draft,
): void {
  d.reaction = rollReaction(world, threat, profile, false, roller);
  d.choice = d.reaction.reaction;
  if (d.reaction.reaction === 'stay') {
    stay(world, threat, roller, d);
    return;
  }
  if (d.reaction.reaction === 'hide') {
    hide(world, threat, profile, roller, undefined, d);
    return;
  }
  const range = profile.attackRange;
  if (range === 0) {
    attack(world, threat, profile, roller, undefined, null, d);
    return;
  }
  const inRange = (from: SquareKey, t: TeamerView): boolean =>
    world.distance(from, t.square) <= range && world.canSee(from, t.square);
  const shootable = world.teamers.filter((t) => sees(world, threat, t) && inRange(threat.square, t));
  if (shootable.length > 0) {
    const ranked = shootable.map((t) => ({
      t,
      priority: priorityOf(t, !inFrontArc(world.width, t.square, t.facing, threat.square)),
    }));
    const order = { back: 0, heavyWeapon: 1, you: 2, other: 3 } as const;
    const top = Math.min(...ranked.map((r) => order[r.priority]));
    const pool = ranked.filter((r) => order[r.priority] === top);
    const best = pickBest(
      pool,
      (a, b) =>
        cmp(world.distance(threat.square, a.t.square), world.distance(threat.square, b.t.square)) ||
        straight2(world.width, threat.square, a.t.square) - straight2(world.width, threat.square, b.t.square),
      (r) => r.t.id,
      roller,
      `target of ${threat.id}`,
    ) as { item: (typeof pool)[number]; tied: boolean };
    const tie: TargetRecord['tie'] = pool.length === 1 ? 'none' : best.tied ? 'rollOff' : 'nearest';
    d.target = { teamer: best.item.t.id, reachable: true, priority: best.item.priority, tie };
    d.actions.push({ kind: 'shoot', teamer: best.item.t.id });
    d.outcome = 'shot';
    return;
  }
  d.movement = rollMovement(threat, profile, roller, 0);
  const reach = world.reach(threat.id, d.movement.allowance);
  const nearest = nearestTeamers(world, threat.square);
  if (nearest.length === 0) {
    d.outcome = 'none';
    return;
  }
  const target =
    nearest.length === 1
      ? (nearest[0] as TeamerView)
      : (nearest[
          roller.winner(
            nearest.map((t) => t.id),
            `which nearest Teamer ${threat.id} closes in on`,
          )
        ] as TeamerView);
  d.target = {
    teamer: target.id,
    reachable: false,
    priority: null,
    tie: nearest.length > 1 ? 'rollOff' : 'none',
  };
  const to = closeIn(world, threat, reach, target.square, roller);
  if (to === null) {
    d.outcome = 'noCloserSquare';
    return;
  }
  const path = reach.path(to);
  let stop = path.length;
  for (let i = 0; i < path.length; i++) {
    const sq = path[i] as SquareKey;
    if (world.teamers.some((t) => inRange(sq, t))) {
      stop = i + 1;
      break;
    }
  }
  const cut = path.slice(0, stop);
  moveActions(cut, d.actions);
  faceAt(world, threat, cut[cut.length - 1] as SquareKey, roller, d);
  d.outcome = 'closedIn';
}

function finish(
  world: ThreatWorld,
  threat: ThreatView,
  mode: ThreatDecision['mode'],
  roller: Roller,
  d: Draft,
): ThreatDecision {
  return {
    threat: threat.id,
    species: threat.species,
    turn: world.turn,
    mode,
    because: d.because,
    choice: d.choice,
    reaction: d.reaction,
    movement: d.movement,
    target: d.target,
    door: d.door,
    weakSpot: d.weakSpot,
    outcome: d.outcome,
    rollOffs: roller.rollOffs,
    dice: roller.faces,
    actions: d.actions,
  };
}

function draft(because: Because, choice: ThreatDecision['choice']): Draft {
  return {
    because,
    choice,
    reaction: null,
    movement: null,
    target: null,
    door: null,
    weakSpot: null,
    outcome: 'none',
    actions: [],
  };
}

/**
 * Decides one activation of a Threat in the Threat phase (or one action of a two-action Threat).
 * Pure: reads `world`, draws from `dice`, returns the decision and its actions.
 */
export function activateThreat(
  world: ThreatWorld,
  threatId: string,
  dice: DiceSource,
  context: ActivationContext = {},
): ThreatDecision {
  const threat = findThreat(world, threatId);
  const profile = profileOf(world, threat.species);
  const roller = new Roller(dice);
  const pack = context.pack;
  const mode = pack ? 'pack' : 'phase';

  if (threat.waiting) {
    const triggered = world.teamers.some((t) => triggersWaiting(world, threat, profile, t));
    if (!triggered) return finish(world, threat, mode, roller, draft('waitingNotTriggered', 'wait'));
    const d = draft('waitingTriggered', 'attack');
    d.actions.push({ kind: 'wake' });
    attack(world, threat, profile, roller, undefined, null, d);
    return finish(world, threat, mode, roller, d);
  }
  if (threat.carrying !== null && profile.prey) {
    const d = draft('draggingPrey', 'drag');
    drag(world, threat, profile, roller, d);
    return finish(world, threat, mode, roller, d);
  }
  if (profile.kind === 'intellect') {
    if (world.switches.intellectControlled)
      return finish(world, threat, mode, roller, draft('controller', 'controller'));
    const d = draft('reaction', 'attack');
    soloScript(world, threat, profile, roller, d);
    return finish(world, threat, mode, roller, d);
  }
  if (pack?.allHide) {
    const d = draft('packCannotReach', 'hide');
    hide(world, threat, profile, roller, pack, d);
    return finish(world, threat, mode, roller, d);
  }
  const d = draft('reaction', 'attack');
  d.reaction = rollReaction(world, threat, profile, pack !== undefined, roller);
  d.choice = d.reaction.reaction;
  if (d.reaction.reaction === 'attack') attack(world, threat, profile, roller, pack, null, d);
  else if (d.reaction.reaction === 'stay') stay(world, threat, roller, d);
  else hide(world, threat, profile, roller, pack, d);
  return finish(world, threat, mode, roller, d);
}

/**
 * Where a floor Threat climbs up after a man in a ceiling (digest 19). fd-rules knows the ceiling
 * and picks it; the AI only walks there: `foot` is the LOW obstacle it climbs from, `exit` the
 * exit (its own square or next to it) it goes up through, `cost` the movement the climb takes.
 */
export interface ClimbGoal {
  readonly foot: SquareKey;
  readonly exit: SquareKey;
  readonly teamer: string;
  readonly cost: number;
}

/**
 * A floor Threat going after a man up in a ceiling (fd-rules' reading of 19): no reaction roll;
 * its movement throw, then along the shortest way to the foot of the climb as an ATTACK that
 * reaches nobody closes in (the same reach, the same door procedure, the same weak-spot search
 * with switch (c), the same closing-in square and roll-off), and up through the exit if it gets there with the climb's cost left. It turns
 * no further than the way it went: the man it is after is up where no floor facing points.
 * (A Threat already standing at the foot climbs without a throw: fd-rules does that itself.)
 */
export function climbAfter(
  world: ThreatWorld,
  threatId: string,
  goal: ClimbGoal,
  dice: DiceSource,
): ThreatDecision {
  const threat = findThreat(world, threatId);
  const profile = profileOf(world, threat.species);
  const roller = new Roller(dice);
  const d = draft('climbingAfter', 'attack');
  d.movement = rollMovement(threat, profile, roller, 0);
  d.target = { teamer: goal.teamer, reachable: false, priority: null, tie: 'none' };
  const climb = (): void => {
    d.actions.push({ kind: 'climb', exit: goal.exit, teamer: goal.teamer });
    d.outcome = 'climbed';
  };
  const reach = world.reach(threat.id, d.movement.allowance);
  const cost = reach.cost(goal.foot);
  if (Number.isFinite(cost) && !world.teamers.some((t) => t.square === goal.foot)) {
    moveActions(reach.path(goal.foot), d.actions);
    if (d.movement.allowance - cost >= goal.cost) climb();
    else d.outcome = 'closedIn';
    return finish(world, threat, 'phase', roller, d);
  }
  const door = doorInTheWay(world, threat, goal.foot);
  const holes = door ? holesInReach(world, threat, door, reach) : [];
  if (door && holes.length === 0) {
    const spot = weakSpotPastDoor(world, threat, door, reach, roller);
    if (spot) tookWeakSpot(spot, d);
    else {
      const res = atDoor(world, threat, door, reach, roller);
      d.door = res.record;
      d.outcome = 'atDoor';
      d.actions.push(...res.actions);
    }
    return finish(world, threat, 'phase', roller, d);
  }
  // Switch (c): a foot walled off from it is worth a bulkhead search, as a Teamer it cannot
  // reach on the floor is (the same sides, the same "worth crossing" test, aimed at the foot).
  const bulkhead = holes.length === 0 ? atBulkhead(world, threat, goal.foot, reach, roller) : null;
  if (bulkhead) {
    tookWeakSpot(bulkhead, d);
    return finish(world, threat, 'phase', roller, d);
  }
  const to = closeIn(world, threat, reach, goal.foot, roller) ?? towardHole(world, threat, holes, roller);
  if (to === null) d.outcome = 'noCloserSquare';
  else {
    moveActions(reach.path(to), d.actions);
    d.outcome = 'closedIn';
  }
  return finish(world, threat, 'phase', roller, d);
}

/** Is this waiting Threat set off by this Teamer (he came into its sight or stimulus range)? */
export function isAmbushTriggered(world: ThreatWorld, threatId: string, teamerId: string): boolean {
  return ambushTriggeredBy(world, findThreat(world, threatId), teamerId);
}

/**
 * `isAmbushTriggered` for a Threat the caller has already found in `world.threats` (the ambush
 * check after every step walks that list in order, and a search by id for each cost more than the
 * check itself).
 */
export function ambushTriggeredBy(world: ThreatWorld, threat: ThreatView, teamerId: string): boolean {
  if (!threat.waiting || threat.acted) return false;
  const teamer = world.teamers.find((t) => t.id === teamerId);
  if (!teamer) return false;
  return triggersWaiting(world, threat, profileOf(world, threat.species), teamer);
}

/**
 * A waiting Threat set off in the Team phase (13.6): it wakes and attacks the Teamer who set it
 * off, at once; this is its activation for the turn.
 */
export function ambush(
  world: ThreatWorld,
  threatId: string,
  teamerId: string,
  dice: DiceSource,
): ThreatDecision {
  const threat = findThreat(world, threatId);
  const profile = profileOf(world, threat.species);
  const teamer = world.teamers.find((t) => t.id === teamerId);
  if (!teamer)
    throw new RuleError('TEAMER_UNKNOWN', `there is no Teamer "${teamerId}" on the board`, {
      teamer: teamerId,
    });
  const roller = new Roller(dice);
  const d = draft('ambush', 'attack');
  if (threat.waiting) d.actions.push({ kind: 'wake' });
  attack(world, threat, profile, roller, undefined, teamer, d);
  return finish(world, threat, 'ambush', roller, d);
}
