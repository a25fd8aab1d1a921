import { inFrontArc } from '../../engine/board/square-grid.ts';
import { RuleError } from '../../engine/rule-error.ts';
import { type MoveOptions, stepCost } from './arena/movement.ts';
import { arenaOf, arenaStateOf, visibleTo } from './board-adapter.ts';
import { checkOrders } from './cards.ts';
import { decideCeilingStep } from './ceiling.ts';
import { chickenTakesCover } from './chicken.ts';
import { woundTeamer } from './combat.ts';
import type { CommandOf } from './commands.ts';
import { avd, d6 } from './dice.ts';
import type { Draft } from './draft.ts';
import { teamersAt, threatAt } from './figures.ts';
import { chosenPosition, makeRoom } from './juggle.ts';
import { type Facing, type FdState, laden, type MoveInProgress, onBridge, type Teamer } from './state.ts';
import { fumbleTest, stressSituation } from './stress.ts';
import { checkAmbushesAll } from './threat-phase.ts';
import { chitFor, requireActor, spendChit, teamerOrThrow } from './turn.ts';
import { checkVehicleStop, refuseInVehicle } from './vehicles.ts';

/**
 * A Teamer's MOVE (digest 9): the average die is rolled when the move starts, then each step is
 * its own command (so the path is chosen after the roll, and ambushes can cut in after any step).
 */

/**
 * How fd-board prices a Teamer's steps on this table (9.2): as a Teamer, with the pack's
 * difficult-game switch for diagonals. Every rule and preview that walks a Teamer asks this.
 */
export function teamerMoveOptions(state: Pick<FdState, 'rules'>): MoveOptions {
  return { mover: 'teamer', diagonalsCostTwo: state.rules.pack.options.switches.diagonalsCostTwo };
}

/** Booklet numbers of the dash (9.4): +2 movement now, 2 worse next turn. */
const DASH_BONUS = 2;
const DASH_PENALTY = 2;

export function decideMove(draft: Draft, c: CommandOf<'move'>): void {
  const t = teamerOrThrow(draft.state, c.teamerId);
  requireActor(draft.state, t);
  refuseInVehicle(draft.state, t);
  if (c.dash && (t.dash !== 'none' || t.ducked))
    throw new RuleError('NO_DASH', `${t.name} cannot dash now`, { teamerId: t.id });
  chitFor(draft.state, t, 'move');
  spendChit(draft, t.id, 'move');
  if (t.ducked) {
    // Crawling: one square per action, whatever the roll.
    draft.emit({ type: 'move.began', teamerId: t.id, faces: [], allowance: 1, dash: false });
    return;
  }
  const face = avd(draft.own, `move of ${t.name}`);
  const wounds = draft.state.rules.pack.combat.teamerWounds;
  const allowance = Math.max(
    0,
    face -
      (laden(t) ? 1 : 0) +
      (t.wounds >= 1 ? wounds.moveWhenWounded : 0) +
      (c.dash ? DASH_BONUS : 0) -
      (t.dash === 'penalised' ? DASH_PENALTY : 0),
  );
  draft.emit({ type: 'move.began', teamerId: t.id, faces: [face], allowance, dash: c.dash === true });
}

export function decideStep(draft: Draft, c: CommandOf<'step'>): void {
  const state = draft.state;
  const t = teamerOrThrow(state, c.teamerId);
  const m = state.move;
  if (!m || m.teamerId !== t.id) throw new RuleError('NOT_MOVING', `${t.name} has no move in progress`, {});
  refuseWhileDriving(m);
  const left = m.allowance - m.spent;
  if (t.up === true) {
    decideCeilingStep(draft, t, c, left);
    return;
  }
  const arena = arenaOf(state);
  const entry = draft.state.entry;
  if (c.bridge && t.x === null && onBridge(t)) {
    // Still on the boarding bridge: he turns back to Mother without boarding.
    draft.emit({ type: 'teamer.stepped', teamerId: t.id, x: null, y: null, facing: t.facing, cost: 0 });
    draft.emit({ type: 'move.ended', teamerId: t.id, facing: t.facing });
    return;
  }
  if (c.bridge) {
    if (t.x !== entry.x || t.y !== entry.y)
      throw new RuleError('NOT_AT_ENTRY', 'only from the entry square back over the boarding bridge', {});
    if (left < 1) throw new RuleError('NOT_ENOUGH_MOVEMENT', 'no movement left', { left });
    draft.emit({ type: 'teamer.stepped', teamerId: t.id, x: null, y: null, facing: t.facing, cost: 1 });
    draft.emit({ type: 'move.ended', teamerId: t.id, facing: t.facing });
    return;
  }
  if (c.x === undefined || c.y === undefined)
    throw new RuleError('BAD_STEP', 'a step needs x and y (or bridge)', {});
  if (t.ducked && m.steps >= 1) throw new RuleError('NOT_ENOUGH_MOVEMENT', 'a crawl is one square', {});
  if (t.x === null || t.y === null) {
    // Boarding: the first step from the bridge lands on the entry square.
    if (!onBridge(t) || c.x !== entry.x || c.y !== entry.y)
      throw new RuleError(
        'STEP_BLOCKED',
        'from the boarding bridge the only step is onto the entry square',
        {},
      );
    if (left < 1) throw new RuleError('NOT_ENOUGH_MOVEMENT', 'no movement left', { left });
    if (teamersAt(state, entry.x, entry.y).length >= 2 || threatAt(state, entry.x, entry.y))
      throw new RuleError('STEP_BLOCKED', 'the entry square is full', {});
    draft.emit({
      type: 'teamer.stepped',
      teamerId: t.id,
      x: entry.x,
      y: entry.y,
      facing: entry.facing,
      cost: 1,
    });
    afterStep(draft, t.id);
    return;
  }
  const r = stepCost(
    arena,
    arenaStateOf(state),
    { x: t.x, y: t.y },
    { x: c.x, y: c.y },
    t.facing,
    teamerMoveOptions(state),
  );
  if (!r) throw new RuleError('STEP_BLOCKED', `${t.name} cannot step to (${c.x},${c.y})`, { x: c.x, y: c.y });
  const cost = t.ducked ? 1 : r.cost;
  if (cost > left)
    throw new RuleError('NOT_ENOUGH_MOVEMENT', `the step costs ${cost}, ${left} left`, { cost, left });
  const extra = stepDownSurcharge(draft, t, r.stepsDown);
  if (cost + extra > left) {
    // The failed test eats the points the step needed: he stays, and the move is over.
    draft.emit({ type: 'move.ended', teamerId: t.id, facing: t.facing });
    return;
  }
  draft.emit({
    type: 'teamer.stepped',
    teamerId: t.id,
    x: c.x,
    y: c.y,
    facing: t.ducked ? t.facing : (r.facing as Facing),
    cost: cost + extra,
  });
  afterStep(draft, t.id);
}

/**
 * 9.2: a standing Teamer stepping down off an obstacle makes a fumble test with his own dice;
 * failing it (a stress chit with it), the step costs 1 more. Returns that extra. A crawler pays his
 * one square whatever the ground. Shared by a step and a chicken's walk to cover (`chicken.ts`).
 */
export function stepDownSurcharge(draft: Draft, t: Teamer, stepsDown: boolean): number {
  return stepsDown && !t.ducked && !fumbleTest(draft, t.id, 'stepping off an obstacle', draft.own) ? 1 : 0;
}

/**
 * What a step sets off: the first Teamer into a tile faces a stress situation, first sight of a
 * horrific species another, a flame in the square may burn him, and waiting Threats may ambush.
 */
export function afterStep(draft: Draft, teamerId: string): void {
  const t = draft.state.teamers[teamerId] as Teamer;
  if (t.x === null || t.y === null) return;
  makeRoom(draft, teamerId);
  firstIntoModule(draft, teamerId);
  flamesBurnTeamer(draft, teamerId);
  checkOrders(draft, teamerId);
  horrorCheck(draft, teamerId);
  checkAmbushesAll(draft, teamerId);
}

/**
 * A flame marker in his square hits a Teamer entering it or starting his activation there (24.2,
 * the pack's `flameSquareHitsOn`): one table die, logged as a test he passes below that number;
 * a hit is a wound.
 */
export function flamesBurnTeamer(draft: Draft, teamerId: string): void {
  const t = draft.state.teamers[teamerId] as Teamer;
  if (t.x === null || t.y === null || t.up === true) return;
  const sq = t.y * draft.board.width + t.x;
  if ((draft.state.flames[sq] ?? 0) <= 0) return;
  const hitOn = draft.state.rules.pack.combat.flameSquareHitsOn;
  const f = d6(draft.table, `flames burn ${t.name}?`);
  draft.emit({
    type: 'test.rolled',
    teamerId,
    purpose: 'flames in the square',
    record: { test: 'fumble', face: f, target: hitOn, success: f < hitOn },
  });
  if (f >= hitOn) woundTeamer(draft, teamerId, draft.table);
}

/**
 * The first Teamer into a tile faces a stress situation (12), on foot or driving a vehicle in
 * (the driver takes it in; the crew beside him arrive after him).
 */
export function firstIntoModule(draft: Draft, teamerId: string): void {
  const t = draft.state.teamers[teamerId] as Teamer;
  if (t.x === null || t.y === null) return;
  const tile = draft.board.tileAt(t.x, t.y);
  if (tile >= 0 && !draft.state.tiles[tile]?.entered) {
    draft.emit({ type: 'tile.entered', tile, teamerId });
    stressSituation(draft, teamerId, 'first into a module', draft.own);
  }
}

/** First sight of a horrific species this game: a stress situation (12). */
export function horrorCheck(draft: Draft, teamerId: string): void {
  const t = draft.state.teamers[teamerId] as Teamer;
  // Up in the ceiling (19) he sees nothing of the floor.
  if (t.x === null || t.y === null || t.wounds >= 2 || t.up === true) return;
  for (const id of draft.state.threatOrder) {
    const th = draft.state.threats[id];
    if (!th) continue;
    const sp = draft.state.rules.species[th.species];
    const now = draft.state.teamers[teamerId] as Teamer;
    if (!sp?.horrific || now.seenHorrific.includes(th.species)) continue;
    if (!visibleTo(draft.state, t.x, t.y, now.facing, th.x, th.y)) continue;
    draft.emit({ type: 'horror.seen', teamerId, species: th.species });
    stressSituation(draft, teamerId, `first sight of a ${sp.name}`, draft.table);
  }
}

export function decideTurn(draft: Draft, c: CommandOf<'turn'>): void {
  const state = draft.state;
  const t = teamerOrThrow(state, c.teamerId);
  if (t.x === null) throw new RuleError('NOT_ABOARD', `${t.name} is not in the arena`, {});
  refuseInVehicle(state, t);
  const m = state.move;
  const facing = c.facing as Facing;
  if (m && m.teamerId === t.id) {
    if (c.position !== undefined)
      throw new RuleError('NO_FREE_PLACE', 'a new place comes with the end of the move', {});
    if (t.ducked) throw new RuleError('DUCKED', 'a crawling Teamer does not turn on the spot', {});
    if (m.allowance - m.spent < 1) throw new RuleError('NOT_ENOUGH_MOVEMENT', 'no movement left to turn', {});
    draft.emit({ type: 'teamer.turned', teamerId: t.id, facing, cost: 1 });
  } else {
    // Turning without moving is an action of its own (no fumble test); it may take a new place too (9.5).
    requireActor(state, t);
    chitFor(state, t, 'move');
    const positions = chosenPosition(state, t, facing, c.position);
    spendChit(draft, t.id, 'move');
    draft.emit({ type: 'teamer.turned', teamerId: t.id, facing, cost: 0 });
    if (positions) draft.emit({ type: 'position.changed', positions });
  }
  horrorCheck(draft, t.id);
  checkAmbushesAll(draft, t.id);
}

export function decideEndMove(draft: Draft, c: CommandOf<'endMove'>): void {
  const t = teamerOrThrow(draft.state, c.teamerId);
  const m = draft.state.move;
  if (!m || m.teamerId !== t.id) throw new RuleError('NOT_MOVING', `${t.name} has no move in progress`, {});
  if (m.vehicleId !== undefined) {
    // A drive ends where the vehicle stands, facing its way (no free turn, no place in a square).
    if ((c.facing !== undefined && c.facing !== t.facing) || c.position !== undefined)
      throw new RuleError('DRIVING', 'a vehicle stops facing the way it drives', {});
    checkVehicleStop(draft.state, m);
    draft.emit({ type: 'move.ended', teamerId: t.id, facing: t.facing });
    return;
  }
  // Free alignment only after at least one square (9.3); a crawler keeps his facing.
  const free = m.steps >= 1 && !t.ducked && t.x !== null;
  if (c.facing !== undefined && c.facing !== t.facing && !free)
    throw new RuleError('NO_FREE_TURN', 'the free turn comes only after moving at least one square', {});
  if (c.position !== undefined && c.position !== t.position && !free)
    throw new RuleError('NO_FREE_PLACE', 'a free place comes only after moving at least one square', {});
  const facing = (c.facing ?? t.facing) as Facing;
  let positions = chosenPosition(draft.state, t, facing, c.position);
  // 12: a chicken's fear may carry him on to cover first (no refusal: it happens to him); the
  // place he chose was for the square he left, so he takes none there.
  chickenTakesCover(draft, t.id);
  if (draft.state.move?.teamerId !== t.id) return;
  const now = teamerOrThrow(draft.state, t.id);
  if (now.x !== t.x || now.y !== t.y) positions = null;
  draft.emit({ type: 'move.ended', teamerId: t.id, facing });
  if (positions) draft.emit({ type: 'position.changed', positions });
  // Difficult game (22): a dash needs a fumble test; failing it, he ends ducked where he got to.
  if (
    m.dash &&
    m.steps >= 1 &&
    draft.state.rules.pack.options.switches.dashFumble &&
    !fumbleTest(draft, t.id, 'dash', draft.own)
  )
    draft.emit({ type: 'teamer.ducked', teamerId: t.id, ducked: true });
  if (t.x !== null && c.facing !== undefined && c.facing !== t.facing) {
    horrorCheck(draft, t.id);
    checkAmbushesAll(draft, t.id);
  }
}

/** A drive is made of manoeuvres, not a Teamer's steps. */
function refuseWhileDriving(m: MoveInProgress): void {
  if (m.vehicleId !== undefined)
    throw new RuleError('DRIVING', 'the vehicle drives by manoeuvres: forward, reverse or a pivot', {});
}

export { inFrontArc };
