import type { DiceSource } from '../../../engine/dice/source.ts';
import { d100, d1000, fixed, type RollRecord, rollSpec } from '../../../engine/dice/typed.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import { theGroup } from '../campaign/promotion-hook.ts';
import { codes, coreCommandSchemas, defineCommand, GM_AND_PLAYERS, GM_ONLY } from '../commands.ts';
import { isFreeSwitch } from '../data/index.ts';
import type { EventOf, ThreeSixteenEvent, TurnOutcome } from '../events.ts';
import {
  type AbilityId,
  type ActorKey,
  ALIENS,
  type Encounter,
  type HitRecord,
  type ThreeSixteenState,
  type Trooper,
  type TurnSlot,
} from '../state.ts';
import {
  aaTarget,
  aliensAttack,
  bestRange,
  collectHits,
  fighters,
  flashbackSlot,
  hasAvailableSlot,
  hasWeapon,
} from './core.ts';
import {
  actedBeforeByAliens,
  actsBeforeAliens,
  evolveEncounter,
  regenerationRound,
  removedIn,
  roundJustEnded,
} from './evolve.ts';
import {
  fail,
  requireEncounter,
  requireInEncounter,
  requireNoPending,
  requireOwnTrooper,
  requireTrooper,
} from './guards.ts';
import {
  ALIENS_SET,
  type EncounterRecord,
  NOBODY,
  POSITION_INDEX,
  recordOf,
  strengthDice,
} from './record.ts';
import {
  ambushAttacks,
  ambushFace,
  ambushOrder,
  ambushTie,
  Dominance,
  dominanceComplete,
  dominanceDie,
  dominanceOutcome,
  drugsDie,
  induceDie,
  killRoll,
  orderQueue,
  rollsComplete,
  strengthRoll,
  testDie,
} from './round.ts';
import { dropShipTickReady, VEHICLE_RULES, vehicleAboard, vehicleDriven } from './vehicle-rules.ts';
import { vehicleCommands } from './vehicles.ts';

/**
 * Encounter commands. Each handler validates, rolls what its own step needs, then `withAutomatic`
 * lets the engine roll whatever follows without anyone deciding (dominance roll-offs, the order
 * of a round, a PC ambush), so one command can produce a few events.
 */

// ---------------------------------------------------------------------------------------------
// Automatic steps

/**
 * The encounter record of the state as it stands, noting its roll-offs: the automatic steps are
 * the record's own (round.ts), the simulator's very functions; the table only words their result
 * as an event.
 */
function tableRecord(state: ThreeSixteenState): EncounterRecord {
  const r = recordOf(lastRecord, state);
  lastRecord = r;
  r.tieLog = [];
  return r;
}

/**
 * The record the table took last, loaded again for the next command while the troopers and the
 * conditions are the same objects (most commands of a round): making one per command cost the
 * simulator's command path about a third of its speed.
 */
let lastRecord: EncounterRecord | null = null;

/** The actor a record's index names (a trooper's id, the aliens, their Suicide). */
function actorOf(r: EncounterRecord, a: number): ActorKey {
  return r.actorKey[a] as ActorKey;
}

function resolveDominance(r: EncounterRecord, dice: DiceSource): EventOf<'dominance.resolved'> {
  const result = dominanceOutcome(r, dice);
  const winner: ActorKey | null =
    r.rangeSetter === NOBODY ? null : r.rangeSetter === ALIENS_SET ? ALIENS : actorOf(r, r.rangeSetter);
  const outcome: EventOf<'dominance.resolved'>['outcome'] =
    result === Dominance.PcAmbush
      ? 'pcAmbush'
      : result === Dominance.AlienAmbush
        ? 'alienAmbush'
        : result === Dominance.AllFail
          ? 'allFail'
          : winner === ALIENS
            ? 'aliens'
            : 'pc';
  return { type: 'dominance.resolved', outcome, winner, tieBreaks: r.tieLog ?? [] };
}

/** Successes high→low (ties ordered by roll-off), then failures high→low. */
function orderRound(r: EncounterRecord, dice: DiceSource): EventOf<'round.ordered'> {
  orderQueue(r, dice);
  const queue: TurnSlot[] = [];
  for (let k = 0; k < r.qLen; k++) {
    queue.push({
      actor: actorOf(r, r.qActor[k] as number),
      face: r.qFace[k] as number,
      success: r.qSuccess[k] === 1,
      tieBreak: r.qTie[k] as number,
      done: false,
      cancelled: false,
    });
  }
  return { type: 'round.ordered', queue, tieBreaks: r.tieLog ?? [] };
}

function ambush(r: EncounterRecord, dice: DiceSource): EventOf<'ambush.resolved'> {
  const count = ambushAttacks(r, dice);
  const attacks: EventOf<'ambush.resolved'>['attacks'][number][] = [];
  for (let k = 0; k < count; k++) {
    const i = ambushOrder[k] as number;
    attacks.push({
      trooperId: actorOf(r, i),
      face: ambushFace[i] as number,
      tieBreak: ambushTie[i] as number,
      kills: r.ambushKills[i] ?? null,
    });
  }
  return { type: 'ambush.resolved', attacks, tieBreaks: r.tieLog ?? [] };
}

/** Applies `events`, then appends the automatic steps that follow, until a person must decide. */
export function withAutomatic(
  state: ThreeSixteenState,
  events: ThreeSixteenEvent[],
  ctx: DecideContext,
): ThreeSixteenEvent[] {
  let s = state;
  const out: ThreeSixteenEvent[] = [];
  for (const ev of events) s = foldInto(out, s, ev);
  for (let guard = 0; guard < 20; guard++) {
    const e = s.encounter;
    if (!e || e.pendingKills.length > 0 || e.forcedWeakness.length > 0) break;
    // Only these steps roll on their own; the others (most commands) take no record here.
    if (e.step !== 'dominance' && e.step !== 'ambush' && e.step !== 'roll') break;
    // Whether every die is down is the record's own check (round.ts), as the simulator asks it.
    const r = tableRecord(s);
    // What the engine rolls on its own (roll-offs, the ambush, tie-breaks) spans several parties:
    // the table's dice, not a player's typed faces.
    const dice = othersDice(ctx);
    let next: ThreeSixteenEvent;
    if (e.step === 'dominance' && dominanceComplete(r)) next = resolveDominance(r, dice);
    else if (e.step === 'ambush') next = ambush(r, dice);
    else if (e.step === 'roll' && rollsComplete(r)) next = orderRound(r, dice);
    else break;
    s = foldInto(out, s, next);
  }
  lastFolded = { events: out, state: s };
  return out;
}

/**
 * Folds `ev` into `s`, pushes it to `out` with the Kills it dealt and the troopers it felled, and
 * returns the state after it. A module function rather than a closure in `withAutomatic`: under
 * tsx (tests, the bench) every named closure created costs a `__name` call, ~8% of a simulation.
 */
function foldInto(out: ThreeSixteenEvent[], s: ThreeSixteenState, ev: ThreeSixteenEvent): ThreeSixteenState {
  const { value: next, hits } = collectHits(() => evolveEncounter(s, ev));
  out.push(withFallen(s, next, ev, hits));
  return next;
}

/**
 * The event with the Kills it dealt (`hits`, as `collectHits` saw them land) and the troopers it
 * felled named (`fell`, found by comparing the states around it).
 */
export function withFallen(
  before: ThreeSixteenState,
  after: ThreeSixteenState,
  given: ThreeSixteenEvent,
  hits: readonly HitRecord[] = [],
): ThreeSixteenEvent {
  const ev = hits.length > 0 ? { ...given, hits } : given;
  // Copy-on-write: an event that touched no trooper leaves the very same record.
  if (before.troopers === after.troopers) return ev;
  const fell: { trooperId: string; status: 'dead' | 'wreck' }[] = [];
  for (const id of before.trooperOrder) {
    const status = after.troopers[id]?.status;
    if ((status === 'dead' || status === 'wreck') && before.troopers[id]?.status === 'active')
      fell.push({ trooperId: id, status });
  }
  if (fell.length === 0) return ev;
  // A fall may hand its rank on at once (field promotion, applied by evolve): say so beside it.
  const promoted: { trooperId: string; rank: number }[] = [];
  for (const id of before.trooperOrder) {
    const rank = after.troopers[id]?.rank ?? 0;
    if (after.troopers[id]?.status === 'active' && rank > (before.troopers[id]?.rank ?? rank))
      promoted.push({ trooperId: id, rank });
  }
  return promoted.length > 0 ? { ...ev, fell, risen: promoted } : { ...ev, fell };
}

/**
 * The state `withAutomatic` reached while deciding, for the very events array it returned last.
 * Folding those events into the state given to `decide` gives the same state (encounter events are
 * all reduced by `evolveEncounter`; a test in simulate/ checks it), so a caller that holds that
 * state may take this instead of evolving the events a second time. The simulator does; the
 * server keeps folding events as usual.
 *
 * One slot, matched by identity, rather than a WeakMap keyed by every array ever returned: the
 * caller asks right after `decide`, and WeakMap entries (ephemerons) made a visible share of the
 * simulator's garbage-collection time. Any other array, or a later decide, gets undefined.
 */
let lastFolded: { events: readonly ThreeSixteenEvent[]; state: ThreeSixteenState } | null = null;

export function stateAfterDecide(events: readonly ThreeSixteenEvent[]): ThreeSixteenState | undefined {
  return lastFolded?.events === events ? lastFolded.state : undefined;
}

/** Remembers the state `events` fold to, when an array is extended by an event that changes nothing. */
export function rememberFolded(events: readonly ThreeSixteenEvent[], state: ThreeSixteenState): void {
  lastFolded = { events, state };
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** The highest or lowest rank in the group (E-Vac, Force Weakness): see `theGroup`. */
function rankAlive(state: ThreeSixteenState, pick: 'max' | 'min'): number {
  const ranks = theGroup(state).map((t) => t.rank);
  return pick === 'max' ? Math.max(...ranks) : Math.min(...ranks);
}

/**
 * Orbital Bombardments called by this trooper's player across the campaign (the book counts per
 * player: a replacement inherits its predecessors' calls); an NPC's are its own.
 */
function playerBombardments(state: ThreeSixteenState, t: Trooper): number {
  if (t.ownerSeatId === null) return t.orbitalBombardmentUses;
  let n = 0;
  for (const id of state.trooperOrder) {
    const other = state.troopers[id];
    if (other?.ownerSeatId === t.ownerSeatId) n += other.orbitalBombardmentUses;
  }
  return n;
}

/** A once-per-planet call already spent by anyone in the group on this planet. */
function usedByGroup(
  state: ThreeSixteenState,
  use: 'eVac' | 'orbitalBombardment' | 'forceWeakness',
): boolean {
  return state.trooperOrder.some((id) => state.troopers[id]?.planetUses[use] === true);
}

function ownFighter(state: ThreeSixteenState, id: string, ctx: DecideContext): { t: Trooper; e: Encounter } {
  const e = requireEncounter(state);
  const t = requireOwnTrooper(state, id, ctx);
  requireInEncounter(e, t);
  return { t, e };
}

function requireActorControl(state: ThreeSixteenState, actor: ActorKey, ctx: DecideContext): void {
  if (actor === ALIENS) {
    if (ctx.actor.role !== 'gm') fail(codes.NOT_YOUR_TROOPER, 'only the GM acts for the aliens');
  } else requireOwnTrooper(state, actor, ctx);
}

// ---------------------------------------------------------------------------------------------
// Dominance and range

const rollDominance = defineCommand(
  'rollDominance',
  coreCommandSchemas.rollDominance,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const e = requireEncounter(state, 'dominance');
    requireNoPending(e);
    requireActorControl(state, c.actor, ctx);
    if (e.dominance[c.actor]) fail(codes.ALREADY_DONE, 'dominance is already rolled for them');
    if (c.actor !== ALIENS) requireInEncounter(e, requireTrooper(state, c.actor));
    // The die is the record's (round.ts), as the simulator rolls it.
    const r = tableRecord(state);
    const a = r.actorKey.indexOf(c.actor);
    const target = dominanceDie(r, a, ctx.dice);
    const face = r.domFace[a] as number;
    return withAutomatic(
      state,
      [{ type: 'dominance.rolled', actor: c.actor, face, target, success: face <= target }],
      ctx,
    );
  },
);

const declineDominance = defineCommand(
  'declineDominance',
  coreCommandSchemas.declineDominance,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { e } = ownFighter(state, c.trooperId, ctx);
    if (e.step !== 'dominance') fail(codes.WRONG_STEP, 'dominance is over');
    requireNoPending(e);
    if (e.dominance[c.trooperId]) fail(codes.ALREADY_DONE, 'dominance is already settled for them');
    return withAutomatic(state, [{ type: 'dominance.declined', trooperId: c.trooperId }], ctx);
  },
);

function requireEncounterStart(e: Encounter): void {
  if (e.step !== 'dominance' || Object.keys(e.dominance).length > 0 || e.ambush !== null) {
    fail(codes.WRONG_STEP, 'this is declared as the encounter starts, before any dominance roll');
  }
}

const useDropPods = defineCommand(
  'useDropPods',
  coreCommandSchemas.useDropPods,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t, e } = ownFighter(state, c.trooperId, ctx);
    requireEncounterStart(e);
    if (t.rank < 3) fail(codes.RANK_TOO_LOW, 'Drop Pods need a Lieutenant or higher');
    if ((state.planet?.encountersFought ?? 0) > 0)
      fail(codes.NOT_AVAILABLE, "Drop Pods only open a planet's first encounter");
    if (t.planetUses.dropPods) fail(codes.NOT_AVAILABLE, 'the Drop Pods are already spent on this planet');
    if (!t.vehicles.includes('dropPods'))
      fail(codes.NOT_AVAILABLE, `${t.name} has no Drop Pods (a replacement takes a Development Roll)`);
    return [{ type: 'dropPods.used', trooperId: t.id }];
  },
);

/**
 * A fighter who could open this encounter with the Drop Pods' ambush: a Lieutenant or higher who
 * holds them, unspent on the planet, in the planet's first encounter. While one can, the aliens'
 * Ambush ability is barred (the book: not when the PCs have an item that gives them the ambush).
 */
export function dropPodsAvailable(state: ThreeSixteenState, e: Encounter): boolean {
  if ((state.planet?.encountersFought ?? 0) > 0) return false;
  return fighters(state, e).some((id) => {
    const t = state.troopers[id];
    return !!t && t.rank >= 3 && t.vehicles.includes('dropPods') && !t.planetUses.dropPods;
  });
}

const useKineticField = defineCommand(
  'useKineticField',
  coreCommandSchemas.useKineticField,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t, e } = ownFighter(state, c.trooperId, ctx);
    // "At the start": any time before the first round's dice.
    if (e.round > 1 || (e.round === 1 && e.step !== 'declare')) {
      fail(codes.WRONG_STEP, 'Kinetic Field Armour is switched on as the encounter starts');
    }
    if (t.rank < 5) fail(codes.RANK_TOO_LOW, 'Kinetic Field Armour needs a Major or higher');
    if (t.planetUses.kineticFieldArmour)
      fail(codes.NOT_AVAILABLE, 'Kinetic Field Armour is spent on this planet');
    return [{ type: 'kineticField.used', trooperId: t.id }];
  },
);

const setRange = defineCommand('setRange', coreCommandSchemas.setRange, GM_AND_PLAYERS, (state, c, ctx) => {
  const e = requireEncounter(state, 'setRange');
  const setter = e.rangeSetter;
  if (setter === null) fail(codes.WRONG_STEP, 'nobody sets the range now');
  if (setter === ALIENS) {
    if (ctx.actor.role !== 'gm') fail(codes.NOT_YOUR_TURN, 'the GM sets the range');
  } else requireOwnTrooper(state, setter, ctx);
  return withAutomatic(state, [{ type: 'range.set', range: c.range }], ctx);
});

// ---------------------------------------------------------------------------------------------
// Declarations and rolls

const declare = defineCommand('declare', coreCommandSchemas.declare, GM_AND_PLAYERS, (state, c, ctx) => {
  const { t, e } = ownFighter(state, c.trooperId, ctx);
  if (e.step !== 'declare')
    fail(
      codes.WRONG_STEP,
      e.step === 'dominance' || e.step === 'setRange'
        ? 'declarations open once Dominance is settled and the range is set'
        : 'declarations are closed once the dice roll',
      { step: e.step },
    );
  requireNoPending(e);
  const d = c.declaration;
  const pos = e.positions[t.id];
  if (d.kind === 'fa') {
    if (d.bomb) {
      const need = d.bomb === 'tpkBomb' ? 4 : 6;
      if (t.rank < need) fail(codes.RANK_TOO_LOW, `the ${d.bomb} needs rank ${need} or higher`);
      if (!t.vehicles.includes(d.bomb))
        fail(codes.NOT_AVAILABLE, `${t.name} holds no such bomb (a replacement takes a Development Roll)`);
      if (d.bomb === 'tpkBomb' && pos !== 'close')
        fail(codes.INVALID_VALUE, 'the TPK Bomb is used at Close range');
    } else if (!hasWeapon(t, d.weapon)) {
      fail(codes.NOT_AVAILABLE, `${t.name} does not carry that weapon`, { weapon: d.weapon });
    } else if (d.weapon !== t.currentWeapon && !isFreeSwitch(d.weapon)) {
      fail('NEEDS_NFA_SWITCH', 'changing to that weapon takes a successful NFA roll', { weapon: d.weapon });
    }
  } else {
    const task = d.task;
    switch (task.kind) {
      case 'manoeuvre':
        // Riders share the vehicle's range: only its driver moves it (or they get out first).
        if (task.move && vehicleAboard(e, t.id) && !vehicleDriven(e, t.id))
          fail('IN_VEHICLE', `${t.name} rides in a vehicle: get out on your turn to move alone`);
        if (task.move === 'closer' && pos === 'close')
          fail(codes.INVALID_VALUE, 'nobody gets closer than Close');
        if (task.switchTo && !hasWeapon(t, task.switchTo))
          fail(codes.NOT_AVAILABLE, `${t.name} does not carry that weapon`);
        if (!task.move && !task.switchTo && !task.text)
          fail(codes.INVALID_VALUE, 'say what the manoeuvre does');
        break;
      case 'eVac':
        if (t.rank < rankAlive(state, 'max'))
          fail(codes.RANK_TOO_LOW, 'only the highest rank alive calls the E-Vac');
        if (usedByGroup(state, 'eVac'))
          fail(codes.NOT_AVAILABLE, 'the E-Vac was already used on this planet');
        if (e.effects.isolated) fail(codes.NOT_AVAILABLE, 'the aliens have isolated this encounter');
        break;
      case 'orbitalBombardment':
        if (t.rank < 3) fail(codes.RANK_TOO_LOW, 'only officers call an Orbital Bombardment');
        if (usedByGroup(state, 'orbitalBombardment'))
          fail(codes.NOT_AVAILABLE, 'an Orbital Bombardment was already called on this planet');
        if (playerBombardments(state, t) >= 2)
          fail(codes.NOT_AVAILABLE, 'a player never calls a third Orbital Bombardment');
        if (e.effects.isolated) fail(codes.NOT_AVAILABLE, 'the aliens have isolated this encounter');
        break;
      case 'forceWeakness': {
        if (t.rank > rankAlive(state, 'min'))
          fail(codes.RANK_TOO_LOW, 'only the lowest rank alive forces a Weakness');
        // One attempt per planet for the whole group, spent by the attempt itself; one caller at a time.
        if (usedByGroup(state, 'forceWeakness'))
          fail(codes.NOT_AVAILABLE, 'Force Weakness was already attempted on this planet');
        if (
          Object.entries(e.declarations).some(
            ([id, x]) => id !== t.id && x.kind === 'nfa' && x.task.kind === 'forceWeakness',
          )
        )
          fail(codes.NOT_AVAILABLE, 'another trooper is already calling Force Weakness');
        if (task.targetId === t.id) fail(codes.INVALID_VALUE, 'Force Weakness targets another PC');
        const target = requireTrooper(state, task.targetId);
        requireInEncounter(e, target);
        break;
      }
      case 'vehicleAttack': {
        const rule = VEHICLE_RULES[task.vehicle];
        if (!vehicleDriven(e, t.id, task.vehicle))
          fail(codes.NOT_AVAILABLE, `${t.name} is not driving a ${rule.name} in this encounter`);
        break;
      }
      case 'other':
        break;
    }
  }
  return [{ type: 'round.declared', trooperId: t.id, declaration: d }];
});

const declareAliens = defineCommand(
  'declareAliens',
  coreCommandSchemas.declareAliens,
  GM_ONLY,
  (state, c) => {
    const e = requireEncounter(state, 'declare');
    requireNoPending(e);
    if (e.aliensDeclared) fail(codes.ALREADY_DONE, 'the aliens have declared');
    if (!aliensAttack(e))
      fail(codes.NOT_AVAILABLE, 'the last token went to the suicide attack: no normal attack');
    return [c.emotional ? { type: 'aliens.declared', emotional: true } : { type: 'aliens.declared' }];
  },
);

const rollTest = defineCommand('rollTest', coreCommandSchemas.rollTest, GM_AND_PLAYERS, (state, c, ctx) => {
  const e = requireEncounter(state, 'declare', 'roll');
  requireNoPending(e);
  requireActorControl(state, c.actor, ctx);
  const missing = fighters(state, e).filter((id) => !e.declarations[id]);
  const aliensReady = e.aliensDeclared || !aliensAttack(e);
  if (missing.length > 0 || !aliensReady) {
    fail(codes.WRONG_STEP, 'everyone declares before the dice roll', {
      waitingFor: aliensReady ? missing : [...missing, ALIENS],
    });
  }
  if (c.actor === ALIENS && !aliensAttack(e))
    fail(codes.NOT_AVAILABLE, 'the last token went to the suicide attack: no normal AA roll');
  if (e.rolls[c.actor]) fail(codes.ALREADY_DONE, 'this die is already rolled');
  if (c.actor !== ALIENS) requireInEncounter(e, requireTrooper(state, c.actor));
  // The die is the record's (round.ts), as the simulator rolls it.
  const r = tableRecord(state);
  const a = r.actorKey.indexOf(c.actor);
  const target = testDie(r, a, ctx.dice);
  const face = r.rollFace[a] as number;
  return withAutomatic(
    state,
    [{ type: 'test.rolled', actor: c.actor, face, target, success: face <= target }],
    ctx,
  );
});

const useCombatDrugs = defineCommand(
  'useCombatDrugs',
  coreCommandSchemas.useCombatDrugs,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t, e } = ownFighter(state, c.trooperId, ctx);
    requireNoPending(e);
    const roll = e.rolls[t.id];
    if (!roll || e.declarations[t.id]?.kind !== 'fa')
      fail(codes.WRONG_STEP, 'combat drugs re-roll an FA die already rolled');
    if (roll.rerolled) fail(codes.ALREADY_DONE, 'that die was already re-rolled');
    const slot = e.queue.find((q) => q.actor === t.id);
    if (slot?.done) fail(codes.WRONG_STEP, 'the turn is over; too late to re-roll');
    if (t.planetUses.combatDrugs) fail(codes.NOT_AVAILABLE, 'the combat drugs are spent on this planet');
    // The die is the record's (round.ts), against the target the round's die had.
    const r = tableRecord(state);
    const i = r.ids.indexOf(t.id);
    const target = drugsDie(r, i, ctx.dice);
    const face = r.rollFace[i] as number;
    return withAutomatic(
      state,
      [{ type: 'drugs.used', trooperId: t.id, face, target, success: face <= target }],
      ctx,
    );
  },
);

// ---------------------------------------------------------------------------------------------
// Turns

const takeTurn = defineCommand('takeTurn', coreCommandSchemas.takeTurn, GM_AND_PLAYERS, (state, c, ctx) => {
  const e = requireEncounter(state, 'resolve');
  requireNoPending(e);
  const slot = e.queue[e.cursor];
  if (!slot) fail(codes.WRONG_STEP, 'no turn is waiting');
  if (slot.actor !== c.actor)
    fail(codes.NOT_YOUR_TURN, `it is ${slot.actor}'s turn`, { waitingFor: slot.actor });
  requireActorControl(state, c.actor, ctx);
  const acting = slot.success && !slot.cancelled;
  const isAliens = c.actor === ALIENS;
  if (!isAliens && (c.moves || c.alienMovement)) fail(codes.INVALID_VALUE, 'only the aliens move others');
  if (isAliens && c.move) fail(codes.INVALID_VALUE, 'the aliens move troopers with `moves`');
  // The APC changes range on its driver's every turn, without a roll.
  const apcDriver =
    !isAliens && vehicleDriven(e, c.actor, 'apc') !== undefined && !e.roundEffects.stopTechnology;
  if (!acting && (c.cancel || (c.move && !apcDriver) || c.moves)) {
    fail(codes.INVALID_VALUE, 'a failure only narrates', { success: slot.success });
  }
  if (c.cancel && (c.move || c.moves)) fail(codes.INVALID_VALUE, 'a cancelled success does nothing else');
  let outcome: TurnOutcome;
  if (!acting) outcome = { kind: 'failure' };
  else if (c.cancel) outcome = { kind: 'cancelled' };
  else if (isAliens) outcome = { kind: 'aa' };
  else outcome = trooperOutcome(state, e, c.actor, ctx.dice);

  // The end-of-turn step for a success that beat its opponent.
  if (c.move && !apcDriver) {
    const d = e.declarations[c.actor];
    if (d?.kind !== 'fa' || !actsBeforeAliens(e, slot)) {
      fail(codes.INVALID_VALUE, 'only an FA success acting before the aliens may also move');
    }
    if (vehicleAboard(e, c.actor) && !vehicleDriven(e, c.actor))
      fail('IN_VEHICLE', 'a rider moves with its vehicle; get out first');
  }
  if (c.move) {
    if (c.move === 'closer' && e.positions[c.actor] === 'close')
      fail(codes.INVALID_VALUE, 'already at Close');
  }
  if (c.moves) {
    const movable = new Set(actedBeforeByAliens(e, slot.face));
    const limit = e.effects.leaping ? 2 : 1;
    const seen = new Set<string>();
    for (const m of c.moves) {
      if (seen.has(m.trooperId)) fail(codes.INVALID_VALUE, 'each trooper moves once');
      seen.add(m.trooperId);
      if (!movable.has(m.trooperId) || e.out[m.trooperId]) {
        fail(codes.INVALID_VALUE, 'the aliens move only troopers they acted before', {
          trooperId: m.trooperId,
        });
      }
      if (Math.abs(m.steps) > limit)
        fail(codes.INVALID_VALUE, `the aliens move troopers at most ${limit} step(s)`);
    }
  }
  if (c.alienMovement) {
    if (!isAliens) fail(codes.INVALID_VALUE, 'only the aliens flee or swarm');
    if (!e.effects[c.alienMovement])
      fail(codes.ABILITY_NOT_ON_PLANET, `these aliens cannot ${c.alienMovement}`);
  }
  const event: EventOf<'turn.taken'> = {
    type: 'turn.taken',
    actor: c.actor,
    outcome,
    ...(c.move ? { move: c.move } : {}),
    ...(c.moves && c.moves.length > 0 ? { moves: c.moves } : {}),
    ...(c.alienMovement ? { alienMovement: c.alienMovement } : {}),
    ...(c.narration ? { narration: c.narration } : {}),
  };
  // Induce Weakness: the aliens test AA against the target on their turn.
  if (isAliens && e.induceWeaknessTarget) {
    const target = tableRecord(state).aa;
    const face = induceDie(ctx.dice);
    return withAutomatic(
      state,
      [{ ...event, induce: { targetId: e.induceWeaknessTarget, face, target, success: face <= target } }],
      ctx,
    );
  }
  return withAutomatic(state, [event], ctx);
});

function trooperOutcome(state: ThreeSixteenState, e: Encounter, id: string, dice: DiceSource): TurnOutcome {
  const t = state.troopers[id] as Trooper;
  const d = e.declarations[id];
  const pos = e.positions[id];
  if (!d) return { kind: 'failure' };
  if (d.kind === 'fa') {
    if (d.bomb) {
      if (e.roundEffects.stopTechnology) return { kind: 'fa', kills: null, weapon: t.currentWeapon };
      const victims =
        d.bomb === 'tpkBomb'
          ? fighters(state, e).filter((x) => e.positions[x] === 'close')
          : fighters(state, e);
      if (d.bomb === 'tpkBomb' && pos !== 'close')
        return { kind: 'bomb', bomb: d.bomb, victims: [], kills: [] };
      const n = e.roundEffects.killsVoid ? 0 : Math.min(victims.length, e.tokens);
      const kills = Array.from({ length: n }, (_, i) => rollSpec(dice, d100, `${d.bomb} kills ${i + 1}`));
      return { kind: 'bomb', bomb: d.bomb, victims, kills };
    }
    // The kill roll is the record's (round.ts `killRoll`), as the simulator's turn rolls it.
    const r = tableRecord(state);
    const i = r.ids.indexOf(id);
    const spec = pos ? r.weaponSpec(i, d.weapon, POSITION_INDEX[pos]) : null;
    const kills = killRoll(r, i, spec, dice) >= 0 ? r.kept : null;
    // A grenade that cannot kill from here (out of reach, technology stopped) never goes off.
    if (d.weapon === 'grenades') return { kind: 'fa', kills, weapon: d.weapon, blast: spec !== null };
    return { kind: 'fa', kills, weapon: d.weapon };
  }
  if (d.task.kind === 'vehicleAttack') {
    // d6 (APC) or d10 (Drop Ship) kills at any range; no kills when technology is stopped, at Far
    // under Reduce Visibility, or once the vehicle is wrecked before its turn.
    const v = vehicleDriven(e, id, d.task.vehicle);
    const blocked =
      !v ||
      !pos ||
      pos === 'beyondFar' ||
      e.roundEffects.stopTechnology ||
      e.roundEffects.killsVoid ||
      (e.effects.reduceVisibility && pos === 'far') ||
      e.tokens <= 0;
    const kills = blocked
      ? null
      : rollSpec(dice, VEHICLE_RULES[v.vehicle].kills, `${VEHICLE_RULES[v.vehicle].name} kills of ${t.name}`);
    return { kind: 'nfa', kills };
  }
  if (d.task.kind === 'orbitalBombardment' && !e.effects.isolated) {
    return {
      kind: 'nfa',
      bonusKills: rollSpec(dice, d1000, `Orbital Bombardment kills of ${t.name}`),
      secondBombardment: playerBombardments(state, t) >= 1,
    };
  }
  return { kind: 'nfa' };
}

// ---------------------------------------------------------------------------------------------
// Kills on troopers and flashbacks

const answerKill = defineCommand(
  'answerKill',
  coreCommandSchemas.answerKill,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const e = requireEncounter(state);
    const t = requireOwnTrooper(state, c.trooperId, ctx);
    const p = e.pendingKills.find((x) => x.trooperId === t.id);
    if (!p) fail(codes.WRONG_STEP, `no Kill is waiting for ${t.name}`);
    if (c.useArmour && (!p.armourStoppable || (t.armour !== 'available' && !dropShipTickReady(e, t)))) {
      fail(codes.NOT_AVAILABLE, 'armour cannot take this Kill', {
        armour: t.armour,
        stoppable: p.armourStoppable,
      });
    }
    return withAutomatic(state, [{ type: 'kill.answered', trooperId: t.id, useArmour: c.useArmour }], ctx);
  },
);

/**
 * An E-Vac or Orbital Bombardment ended the fight with a Kill for every PC; a trooper asked about
 * that Kill may still avoid it with a Strength or a Weakness (the book allows both for these two).
 */
/**
 * A Kill still waiting for this trooper's answer in an encounter that is already over (an E-Vac,
 * an Orbital Bombardment, or the aliens' End Encounter on the very turn they struck): a flashback
 * may answer a Kill whenever it comes, so a Strength or Weakness is still accepted for it.
 */
function answersKillAfterEnd(e: Encounter, id: string): boolean {
  return e.endReason !== null && e.pendingKills.some((p) => p.trooperId === id);
}

const useStrength = defineCommand(
  'useStrength',
  coreCommandSchemas.useStrength,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t, e } = ownFighter(state, c.trooperId, ctx);
    const dodging = answersKillAfterEnd(e, t.id);
    if (e.endReason && !dodging) fail(codes.WRONG_STEP, 'the encounter is already over');
    if (!hasAvailableSlot(t, 'strengths')) fail(codes.NO_SLOT, `${t.name} has no Strength available`);
    if (e.forcedWeakness.includes(t.id)) fail(codes.PENDING_DECISION, `${t.name} must show a Weakness now`);
    if (dodging) {
      // The fight is already won by the support; the Strength only spares this trooper the Kill.
      const none = rollSpec(ctx.dice, fixed(0), `Strength of ${t.name}`);
      return [
        {
          type: 'strength.used',
          trooperId: t.id,
          text: c.text,
          range: bestRange(t, t.currentWeapon, c.range),
          kills: none,
        },
      ];
    }
    // The kill roll is the record's (round.ts `strengthRoll`), as the simulator's Strength rolls it.
    const range = bestRange(t, t.currentWeapon, c.range);
    const r = tableRecord(state);
    strengthRoll(r, r.ids.indexOf(t.id), strengthDice(t, range), ctx.dice);
    return [{ type: 'strength.used', trooperId: t.id, text: c.text, range, kills: r.kept as RollRecord }];
  },
);

const useWeakness = defineCommand(
  'useWeakness',
  coreCommandSchemas.useWeakness,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    const { t, e } = ownFighter(state, c.trooperId, ctx);
    // A Weakness the aliens forced on their last turn is still owed when that same turn ended the
    // encounter (End Encounter with Induce Weakness): the encounter closes once it is shown.
    if (e.endReason && !e.forcedWeakness.includes(t.id) && !answersKillAfterEnd(e, t.id))
      fail(codes.WRONG_STEP, 'the encounter is already over');
    const slot = flashbackSlot(t.weaknesses, c.hatredForHome);
    if (slot < 0)
      fail(codes.NO_SLOT, `${t.name} has no ${c.hatredForHome ? 'Hatred for Home' : 'Weakness'} available`);
    return withAutomatic(state, [{ type: 'weakness.used', trooperId: t.id, text: c.text, slot }], ctx);
  },
);

// ---------------------------------------------------------------------------------------------
// Alien special abilities

/** Token cost of each ability (n = the amount chosen) and whether it can be used at all by command. */
const ALWAYS_ON: ReadonlySet<AbilityId> = new Set<AbilityId>([
  'ignoreArmour',
  'lastingWounds',
  'leaping',
  'reduceVisibility',
]);
const ON_ALIEN_TURN: ReadonlySet<AbilityId> = new Set<AbilityId>(['flee', 'swarm']);

const useAbility = defineCommand('useAbility', coreCommandSchemas.useAbility, GM_ONLY, (state, c, ctx) => {
  const e = requireEncounter(state);
  requireNoPending(e);
  const planet = state.planet;
  if (!planet?.abilities.includes(c.ability)) {
    fail(codes.ABILITY_NOT_ON_PLANET, `the aliens of this planet do not have ${c.ability}`);
  }
  if (ALWAYS_ON.has(c.ability))
    fail(codes.NOT_AVAILABLE, `${c.ability} is always in force; nothing to spend`);
  if (ON_ALIEN_TURN.has(c.ability))
    fail(codes.NOT_AVAILABLE, `${c.ability} is taken on the aliens' turn (takeTurn)`);
  const inRound = e.step === 'declare' || e.step === 'roll' || e.step === 'resolve';
  const beforeResolution =
    e.step === 'declare' || e.step === 'roll' || (e.step === 'resolve' && !e.queue.some((q) => q.done));
  let cost = 1;
  const extra: { targetId?: string; ranges?: EventOf<'ability.used'>['ranges']; round?: number } = {};
  switch (c.ability) {
    case 'ambush':
      if (e.step !== 'dominance' || Object.keys(e.dominance).length > 0 || e.ambush !== null) {
        fail(codes.WRONG_STEP, 'an ambush is sprung as the encounter starts');
      }
      if (e.effects.pcAutomaticAmbush || dropPodsAvailable(state, e))
        fail(codes.NOT_AVAILABLE, 'the troopers hold the automatic ambush (Drop Pods)');
      break;
    case 'armour':
      cost = 0;
      if (e.effects.alienArmourUsed) fail(codes.ALREADY_DONE, 'alien armour is used once per encounter');
      if (!beforeResolution)
        fail(codes.WRONG_STEP, 'alien armour covers a whole round: use it before any turn');
      break;
    case 'boostAbility':
      cost = c.amount ?? 1;
      if (aaTarget(state) + cost > 10) fail(codes.INVALID_VALUE, 'AA cannot go above 10');
      break;
    case 'endEncounter':
    case 'stopTechnology':
      if (!inRound) fail(codes.WRONG_STEP, 'use it during a combat round');
      if (c.ability === 'stopTechnology' && !beforeResolution)
        fail(codes.WRONG_STEP, 'stop technology before any turn');
      break;
    case 'enrage':
      if (e.effects.enraged) fail(codes.ALREADY_DONE, 'the aliens are already enraged');
      break;
    case 'explodingBodies': {
      // During the turns after kills removed tokens this round, or for the round just ended.
      const duringTurns = e.step === 'resolve' && removedIn(e, e.round) > 0;
      if (!duringTurns && roundJustEnded(e) === null)
        fail(codes.WRONG_STEP, 'bodies explode only after kills removed tokens in the combat round');
      break;
    }
    case 'ignoreWounds': {
      if (!inRound) fail(codes.WRONG_STEP, 'use it during a combat round');
      // Before the new round's dice, it answers the round just ended if that one removed tokens.
      const ended = roundJustEnded(e);
      if (ended !== null) extra.round = ended;
      // Nothing more to ignore: this round's kills are void already (Ignore Wounds or Armour).
      else if (e.roundEffects.killsVoid) fail(codes.ALREADY_DONE, "this round's kills are already void");
      break;
    }
    case 'impair':
      cost = c.amount ?? 1;
      break;
    case 'induceWeakness': {
      if (!c.targetId) fail(codes.INVALID_VALUE, 'name the trooper');
      const t = requireTrooper(state, c.targetId);
      requireInEncounter(e, t);
      if (t.missionFlags.inducedWeakness)
        fail(codes.ALREADY_DONE, `${t.name} already had a Weakness induced this mission`);
      if (e.induceWeaknessTarget) fail(codes.ALREADY_DONE, 'a target is already chosen');
      extra.targetId = t.id;
      break;
    }
    case 'isolate':
      if (e.effects.isolated) fail(codes.ALREADY_DONE, 'already isolated');
      break;
    case 'rapidMovement': {
      // The aliens shift on their own turn, and every PC ends up at the one range the GM names.
      const slot = e.step === 'resolve' ? e.queue[e.cursor] : undefined;
      if (slot?.actor !== ALIENS || slot.done)
        fail(codes.WRONG_STEP, 'Rapid Movement is taken on the aliens’ turn');
      const ranges = c.ranges ?? [];
      const alive = fighters(state, e);
      for (const r of ranges)
        if (!alive.includes(r.trooperId)) fail(codes.NOT_IN_ENCOUNTER, `${r.trooperId} is not fighting`);
      const named = new Set(ranges.map((r) => r.trooperId));
      if (alive.some((id) => !named.has(id)) || named.size !== ranges.length)
        fail(codes.INVALID_VALUE, 'name every trooper still fighting, once');
      if (new Set(ranges.map((r) => r.range)).size !== 1)
        fail(codes.INVALID_VALUE, 'all the troopers go to the one range the aliens shift to');
      extra.ranges = ranges;
      break;
    }
    case 'regeneration': {
      const round = regenerationRound(e);
      if (round === null)
        fail(codes.WRONG_STEP, 'the most recent combat round removed no tokens to bring back');
      extra.round = round;
      break;
    }
    case 'suicide':
      if (e.step !== 'declare') fail(codes.WRONG_STEP, 'the suicide attack is declared before the dice');
      if (e.roundEffects.suicide) fail(codes.ALREADY_DONE, 'one suicide attack per round');
      break;
    default:
      break;
  }
  // Suicide sacrifices a token of the encounter itself.
  const from = c.ability === 'suicide' ? 'encounter' : (c.from ?? 'encounter');
  const available = from === 'encounter' ? e.tokens : planet.threat.pool;
  if (cost > available)
    fail(codes.NOT_ENOUGH_TOKENS, `only ${available} tokens in the ${from}`, { available });
  return withAutomatic(state, [{ type: 'ability.used', ability: c.ability, from, cost, ...extra }], ctx);
});

export const encounterCommands = [
  rollDominance,
  declineDominance,
  useDropPods,
  useKineticField,
  setRange,
  declare,
  declareAliens,
  rollTest,
  useCombatDrugs,
  takeTurn,
  answerKill,
  useStrength,
  useWeakness,
  useAbility,
  ...vehicleCommands,
];
