import { fieldPromotionOnDeath } from '../campaign/promotion-hook.ts';
import type { EventOf, ThreeSixteenEvent, TurnOutcome } from '../events.ts';
import {
  ALIENS,
  appendLog,
  type Encounter,
  editEncounter,
  editTrooper,
  type ThreeSixteenState,
  type TurnSlot,
  withEncounter,
  withKey,
  withThreat,
  withTrooper,
} from '../state.ts';
import {
  addKills,
  advance,
  dealKill,
  dropRider,
  evolveRecord,
  fighters,
  hasAvailableSlot,
  markEnd,
  resolveAlienAttack,
  withFlashbackUsed,
} from './core.ts';
import type { EncounterRecord } from './record.ts';
import {
  aaBoosted,
  aliensAmbush,
  aliensEnraged,
  aliensMove,
  aliensTurnOver,
  ambushKill,
  armourWorn,
  bodiesExplode,
  bombKills,
  dealKill as dealKillOn,
  dominanceNoted,
  drugsNoted,
  evacuated,
  faKills,
  grenadeBlast,
  healed,
  induced,
  killAnswered,
  lastRoundWoundsIgnored,
  latestRemoval,
  leaveAfterAlienTurn,
  moveBy,
  movedTo,
  startRound as openRound,
  pay,
  rangeSet,
  regenerated,
  squadIsolated,
  strengthUsed,
  suicideDeclared,
  techStopped,
  testRolled,
  testsImpaired,
  turnCancelled,
  turnDone,
  weaknessShown,
  weaknessTargeted,
  woundsIgnored,
} from './round.ts';
import { FAR, POSITION_INDEX, regenerationRoundOf } from './rulings.ts';
import { evolveVehicle, VEHICLE_EVENT_TYPES } from './vehicle-evolve.ts';
import { oneMoverPerVehicle } from './vehicle-rules.ts';

/** Reducers of the encounter's events. Every one ends with `advance` so the round moves on by itself. */

export const ENCOUNTER_EVENT_TYPES = [
  'dominance.rolled',
  'dominance.declined',
  'dominance.resolved',
  'dropPods.used',
  'kineticField.used',
  'range.set',
  'ambush.resolved',
  'round.declared',
  'aliens.declared',
  'test.rolled',
  'round.ordered',
  'drugs.used',
  'turn.taken',
  'kill.answered',
  'strength.used',
  'weakness.used',
  'ability.used',
  ...VEHICLE_EVENT_TYPES,
] as const satisfies readonly ThreeSixteenEvent['type'][];

/**
 * A reducer's changes on the record of `state` (core.ts `evolveRecord`), not yet written back:
 * `advance` moves the round on from them and writes the record back once.
 */
class OnRecord {
  constructor(
    readonly state: ThreeSixteenState,
    readonly record: EncounterRecord,
    /** Only dice noted (`dominance.rolled`, `test.rolled`): `advance` may write back just those. */
    readonly diceOnly = false,
  ) {}
}

export function evolveEncounter(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  if (!state.encounter) return state;
  const reduced = reduce(state, event);
  return reduced instanceof OnRecord
    ? advance(reduced.state, reduced.record, reduced.diceOnly)
    : advance(reduced);
}

/** The record's index of an actor the events name (a trooper, or the aliens: `n`). */
function actorOn(r: EncounterRecord, actor: string): number {
  return actor === ALIENS ? r.n : r.ids.indexOf(actor);
}

/** A reducer's result: the state, or the state with the record of it that the reducer changed. */
type Reduced = ThreeSixteenState | OnRecord;

function reduce(state: ThreeSixteenState, event: ThreeSixteenEvent): Reduced {
  switch (event.type) {
    case 'dominance.rolled': {
      // round.ts `dominanceNoted` (the die `dominanceDie` rolled): face, success, the bonus spent.
      const r = evolveRecord(state);
      dominanceNoted(r, actorOn(r, event.actor), event.face, event.target, event.success);
      return new OnRecord(state, r, true);
    }
    case 'dominance.declined':
      return editEncounter(state, (draft, e) => {
        draft.dominance = withKey(e.dominance, event.trooperId, {
          face: null,
          target: 0,
          success: false,
          declined: true,
        });
      });
    case 'dominance.resolved':
      return resolveDominance(state, event);
    case 'dropPods.used': {
      const s = withTrooper(state, event.trooperId, (t) => ({
        ...t,
        planetUses: { ...t.planetUses, dropPods: true },
      }));
      return withEncounter(s, (e) => ({
        ...e,
        ambush: 'pcs',
        rangeSetter: event.trooperId,
        step: 'setRange',
        effects: { ...e.effects, pcAutomaticAmbush: true },
      }));
    }
    case 'kineticField.used': {
      const s = withTrooper(state, event.trooperId, (t) => ({
        ...t,
        planetUses: { ...t.planetUses, kineticFieldArmour: true },
      }));
      return withEncounter(s, (e) => ({
        ...e,
        effects: { ...e.effects, kineticField: [...e.effects.kineticField, event.trooperId] },
      }));
    }
    case 'range.set':
      return rangeSetOnRecord(state, POSITION_INDEX[event.range]);
    case 'ambush.resolved': {
      // round.ts `ambushKill` for each fire, then round 1 opens, on the record.
      const r = evolveRecord(state);
      for (const a of event.attacks) ambushKill(r, r.ids.indexOf(a.trooperId), a.kills ? a.kills.total : -1);
      openRound(r);
      return new OnRecord(state, r);
    }
    case 'round.declared':
      return editEncounter(state, (draft, e) => {
        draft.declarations = withKey(e.declarations, event.trooperId, event.declaration);
      });
    case 'aliens.declared':
      return editEncounter(state, (draft, e) => {
        draft.aliensDeclared = true;
        if (event.emotional) draft.roundEffects = { ...e.roundEffects, emotional: true };
      });
    case 'test.rolled': {
      // Force Weakness is spent by the attempt: its NFA die is down (the sheet's).
      const d = state.encounter?.declarations[event.actor];
      const s =
        d?.kind === 'nfa' && d.task.kind === 'forceWeakness'
          ? withTrooper(state, event.actor, (t) => ({
              ...t,
              planetUses: { ...t.planetUses, forceWeakness: true },
            }))
          : state;
      // round.ts `testRolled` (the die `testDie` rolled): face, success, the bonus spent, the dice step.
      const r = evolveRecord(s);
      testRolled(r, actorOn(r, event.actor), event.face, event.target, event.success);
      return new OnRecord(s, r, true);
    }
    case 'round.ordered': {
      // Free switches and FA weapons take effect now that the dice are down.
      const e = state.encounter as Encounter;
      let s = state;
      for (const id in e.declarations) {
        const d = e.declarations[id];
        const t = s.troopers[id];
        if (t && d?.kind === 'fa' && !d.bomb && t.currentWeapon !== d.weapon)
          s = editTrooper(s, id, (draft) => {
            draft.currentWeapon = d.weapon;
          });
      }
      return editEncounter(s, (draft) => {
        draft.queue = event.queue;
        draft.cursor = 0;
        draft.step = 'resolve';
      });
    }
    case 'drugs.used':
      return drugs(state, event);
    case 'turn.taken':
      return turn(state, event);
    case 'kill.answered': {
      // round.ts `killAnswered` on the record: the armour takes the Kill waiting, or it wounds.
      const r = evolveRecord(state);
      return killAnswered(r, r.ids.indexOf(event.trooperId), event.useArmour)
        ? new OnRecord(state, r)
        : state;
    }
    case 'strength.used':
      return strength(state, event);
    case 'weakness.used':
      return weakness(state, event);
    case 'ability.used':
      return ability(state, event);
    case 'vehicle.deployed':
    case 'vehicle.boarded':
    case 'vehicle.left':
      return evolveVehicle(state, event);
    default:
      return state;
  }
}

/** The range set (everyone fighting at `range`, then the troopers' ambush or round 1): round.ts `rangeSet`. */
function rangeSetOnRecord(state: ThreeSixteenState, range: number): Reduced {
  const r = evolveRecord(state);
  rangeSet(r, range);
  return new OnRecord(state, r);
}

function resolveDominance(state: ThreeSixteenState, event: EventOf<'dominance.resolved'>): Reduced {
  switch (event.outcome) {
    case 'allFail':
      return rangeSetOnRecord(state, FAR);
    case 'alienAmbush': {
      const r = evolveRecord(state);
      aliensAmbush(r);
      return new OnRecord(state, r);
    }
    case 'pcAmbush':
      return editEncounter(state, (draft) => {
        draft.ambush = 'pcs';
        draft.rangeSetter = event.winner;
        draft.step = 'setRange';
      });
    default:
      return editEncounter(state, (draft) => {
        draft.rangeSetter = event.winner;
        draft.step = 'setRange';
      });
  }
}

/**
 * Combat drugs: spent for the planet (the sheet's); then round.ts `drugsNoted` on the record (the
 * die re-rolled, its turn re-placed in the round's order) and, on a 10, the drugs' Kill on their
 * user (round.ts `dealKill`).
 */
function drugs(state: ThreeSixteenState, event: EventOf<'drugs.used'>): OnRecord {
  const id = event.trooperId;
  const s = withTrooper(state, id, (t) => ({ ...t, planetUses: { ...t.planetUses, combatDrugs: true } }));
  const r = evolveRecord(s);
  const i = r.ids.indexOf(id);
  drugsNoted(r, i, event.face, event.success);
  if (event.face === 10) dealKillOn(r, i, true, false, -1, -1, 'combatDrugs', false);
  return new OnRecord(s, r);
}

/** A success acting before its opponent: the aliens not yet acted with an equal-or-better success. */
export function actsBeforeAliens(e: Encounter, slot: TurnSlot): boolean {
  const aliens = e.queue.find((q) => q.actor === ALIENS);
  return !aliens?.success || aliens.cancelled || aliens.face < slot.face;
}

/** Troopers the aliens acted before: not yet acted, not tied with them. */
export function actedBeforeByAliens(e: Encounter, face: number): string[] {
  return e.queue
    .filter((q) => q.actor !== ALIENS && q.actor !== 'aliens:suicide')
    .filter((q) => !q.success || q.cancelled || q.face < face)
    .map((q) => q.actor);
}

/**
 * A turn taken. What the record does not hold goes first on the state, in the event's order: the
 * Kills it deals (a bomb's victims, the aliens' attack: core.ts), and the NFA tasks that change the
 * sheets. Then round.ts's functions on the record: a grenade's blast (`grenadeBlast`, as the
 * simulator's turn deals it), the kill roll's token and counts, the moves (a vehicle moving as
 * one), Flee, Swarm, Induce Weakness's outcome, End Encounter, the turn taken or cancelled; the
 * narration last.
 */
function turn(state: ThreeSixteenState, event: EventOf<'turn.taken'>): Reduced {
  const e = state.encounter as Encounter;
  const slot = e.queue[e.cursor];
  if (!slot) return state;
  let s = state;
  const o: TurnOutcome = event.outcome;
  const actor = event.actor;
  if (o.kind === 'bomb') s = bombThrown(s, actor, o, slot.face);
  else if (o.kind === 'nfa') s = nfaTask(s, actor, o);
  else if (o.kind === 'aa') s = resolveAlienAttack(s, slot.face, 'aliens');
  const r = evolveRecord(s);
  const i = actor === ALIENS ? r.n : r.ids.indexOf(actor);
  let bombTaken = 0;
  if (o.kind === 'cancelled') turnCancelled(r);
  else if (o.kind === 'fa') {
    // The blast lands before the kill roll's token, as it did on the state (the order of the Kills'
    // sentences); neither reads what the other changes.
    if (o.weapon === 'grenades' && o.blast !== false) grenadeBlast(r, i, slot.face);
    faKills(r, i, o.kills ? o.kills.total : -1);
  } else if (o.kind === 'bomb')
    bombTaken = bombKills(
      r,
      i,
      o.kills.map((k) => k.total),
    );
  else if (o.kind === 'nfa') {
    const d = e.declarations[actor];
    if (d?.kind === 'nfa' && d.task.kind === 'vehicleAttack') faKills(r, i, o.kills ? o.kills.total : -1);
    if (d?.kind === 'nfa' && d.task.kind === 'manoeuvre' && d.task.move)
      moveBy(r, i, d.task.move === 'closer' ? -1 : 1);
    if (d?.kind === 'nfa' && d.task.kind === 'eVac' && !r.isolated) evacuated(r);
  }
  // Movement at the end of the turn.
  if (event.move) moveBy(r, i, event.move === 'closer' ? -1 : 1);
  // A vehicle moves as one: only the first of its riders named moves it.
  const moves = event.moves ?? [];
  const movers = new Set(
    oneMoverPerVehicle(
      e,
      moves.map((m) => m.trooperId),
    ),
  );
  for (const m of moves) if (movers.has(m.trooperId)) moveBy(r, r.ids.indexOf(m.trooperId), m.steps);
  if (i === r.n) {
    aliensMove(r, event.alienMovement);
    if (event.induce) induced(r, r.ids.indexOf(event.induce.targetId), event.induce.success);
    aliensTurnOver(r);
  } else turnDone(r, i);
  // A bomb's tally and the narration follow the Kills' sentences on the log: written back first.
  if (o.kind !== 'bomb' && !event.narration) return new OnRecord(s, r);
  s = r.writeBack(s);
  if (o.kind === 'bomb') {
    const tally = {
      by: actor,
      round: e.round,
      slack: o.victims.length - bombTaken,
      kills: o.kills.slice(0, bombTaken).map((k) => k.total),
    };
    s = withEncounter(s, (en) => ({ ...en, bombTally: tally }));
  }
  if (event.narration) s = appendLog(s, actor, event.narration);
  return s;
}

/** Thrown: the bomb is gone until a Development Roll replaces it, and its victims take their Kills. */
function bombThrown(
  state: ThreeSixteenState,
  actor: string,
  o: Extract<TurnOutcome, { kind: 'bomb' }>,
  face: number,
): ThreeSixteenState {
  let s = withTrooper(state, actor, (t) => ({
    ...t,
    planetUses: { ...t.planetUses, [o.bomb]: true },
    vehicles: t.vehicles.filter((v) => v !== o.bomb),
  }));
  for (const id of o.victims) {
    s = dealKill(s, id, { source: o.bomb, armourStoppable: false, by: actor, face });
  }
  return s;
}

function nfaTask(
  state: ThreeSixteenState,
  actor: string,
  o: Extract<TurnOutcome, { kind: 'nfa' }>,
): ThreeSixteenState {
  const e = state.encounter as Encounter;
  const d = e.declarations[actor];
  if (d?.kind !== 'nfa') return state;
  const task = d.task;
  let s = state;
  switch (task.kind) {
    case 'manoeuvre':
      if (task.switchTo)
        s = withTrooper(s, actor, (t) => ({ ...t, currentWeapon: task.switchTo ?? t.currentWeapon }));
      // The manoeuvre's step is the record's (`turn`).
      if (task.text) s = appendLog(s, actor, task.text);
      return s;
    case 'other':
      return appendLog(s, actor, task.text);
    case 'eVac': {
      if (e.effects.isolated) return appendLog(s, actor, 'The call for evacuation goes unanswered.');
      // The tokens discarded, the Kills and the end are the record's (`turn`: round.ts `evacuated`).
      return withTrooper(s, actor, (t) => ({ ...t, planetUses: { ...t.planetUses, eVac: true } }));
    }
    case 'orbitalBombardment': {
      if (e.effects.isolated) return appendLog(s, actor, 'The fleet cannot get a firing solution.');
      const veteran = o.secondBombardment ?? (s.troopers[actor]?.orbitalBombardmentUses ?? 0) >= 1;
      // Every alien on the planet dies: the encounter's tokens and the whole pool.
      const pool = s.planet?.threat.pool ?? 0;
      s = withThreat(s, (t) => ({ ...t, pool: 0, removed: t.removed + pool + e.tokens }));
      s = withEncounter(s, (en) => ({ ...en, tokens: 0 }));
      s = withTrooper(s, actor, (t) => ({
        ...t,
        orbitalBombardmentUses: t.orbitalBombardmentUses + 1,
        planetUses: { ...t.planetUses, orbitalBombardment: true },
        missionFlags: { ...t.missionFlags, usedOrbitalBombardment: true, removedFinalToken: true },
      }));
      if (o.bonusKills) s = addKills(s, actor, o.bonusKills.total);
      for (const id of e.pcs) {
        // The caller of a second bombardment dies with it: no Kill of his to answer.
        if (veteran && id === actor) continue;
        if (s.troopers[id]?.status === 'active' && e.out[id] !== 'weakness') {
          s = dealKill(s, id, { source: 'orbitalBombardment', armourStoppable: false });
        }
      }
      if (veteran) {
        // A second bombardment on a later planet costs the officer's life.
        s = withTrooper(s, actor, (t) => (t.status === 'active' ? { ...t, status: 'dead' } : t));
        s = withEncounter(s, (en) => ({ ...en, out: { ...en.out, [actor]: 'dead' } }));
        s = dropRider(s, actor);
        s = fieldPromotionOnDeath(s, actor);
      }
      return markEnd(s, 'orbitalBombardment');
    }
    case 'forceWeakness': {
      s = withTrooper(s, actor, (t) => ({ ...t, planetUses: { ...t.planetUses, forceWeakness: true } }));
      const target = s.troopers[task.targetId];
      if (target && fighters(s, e).includes(target.id) && hasAvailableSlot(target, 'weaknesses')) {
        s = withEncounter(s, (en) => ({ ...en, forcedWeakness: [...en.forcedWeakness, target.id] }));
      }
      return s;
    }
    case 'vehicleAttack':
      // Its kills take a token on the record (`turn`).
      return s;
  }
}

/**
 * A Strength: round.ts `strengthUsed` on the record (the fight won, or only a Kill spared once it
 * is over); the sheet's slot takes the player's text and flags the mission.
 */
function strength(state: ThreeSixteenState, event: EventOf<'strength.used'>): ThreeSixteenState {
  const id = event.trooperId;
  const r = evolveRecord(state);
  strengthUsed(r, r.ids.indexOf(id), event.kills.total);
  let s = r.writeBack(state);
  s = withTrooper(s, id, (t) =>
    withFlashbackUsed(
      t,
      'strength',
      t.strengths.findIndex((x) => x.status === 'available'),
      event.text,
    ),
  );
  return appendLog(s, id, event.text);
}

/**
 * A Weakness: the slot named takes the player's text, the weapon back to its default, a bomb's
 * tally told; then round.ts `healed` (as between encounters) and `weaknessShown` on the record
 * (out of the fight, its Kills waiting dropped, a token discarded), as the simulator's.
 */
function weakness(state: ThreeSixteenState, event: EventOf<'weakness.used'>): ThreeSixteenState {
  const id = event.trooperId;
  let s = withTrooper(state, id, (t) => ({
    ...withFlashbackUsed(t, 'weakness', event.slot, event.text),
    currentWeapon: t.defaultWeapon,
  }));
  const bombKill = state.encounter?.pendingKills.some(
    (p) => p.trooperId === id && (p.source === 'tpkBomb' || p.source === 'paradiseBomb'),
  );
  if (bombKill) s = bombKillNotTaken(s);
  const r = evolveRecord(s);
  const i = r.ids.indexOf(id);
  healed(r, i);
  weaknessShown(r, i);
  return appendLog(r.writeBack(s), id, event.text);
}

/**
 * A Weakness answered a bomb's Kill, so that PC did not take it: the bomb counts one PC fewer. A
 * victim the tokens had left without a d100 goes first; otherwise the last d100 is undone (its
 * token back in the encounter, its kills off the thrower's tally and the round's count).
 */
function bombKillNotTaken(state: ThreeSixteenState): ThreeSixteenState {
  const tally = state.encounter?.bombTally;
  if (!tally) return state;
  if (tally.slack > 0)
    return withEncounter(state, (en) => ({ ...en, bombTally: { ...tally, slack: tally.slack - 1 } }));
  const total = tally.kills[tally.kills.length - 1];
  if (total === undefined) return state;
  const round = String(tally.round);
  let s = withTrooper(state, tally.by, (t) => ({
    ...t,
    killsThisMission: Math.max(0, t.killsThisMission - total),
    totalKills: Math.max(0, t.totalKills - total),
  }));
  s = withThreat(s, (t) => ({ ...t, removed: t.removed - 1 }));
  return withEncounter(s, (en) => {
    const mine = en.killsByTrooperThisRound[tally.by];
    return {
      ...en,
      tokens: en.tokens + 1,
      tokensRemovedByRound: {
        ...en.tokensRemovedByRound,
        [round]: Math.max(0, (en.tokensRemovedByRound[round] ?? 0) - 1),
      },
      killsThisRound: en.round === tally.round ? Math.max(0, en.killsThisRound - 1) : en.killsThisRound,
      killsByTrooperThisRound:
        en.round === tally.round && mine !== undefined
          ? { ...en.killsByTrooperThisRound, [tally.by]: Math.max(0, mine - total) }
          : en.killsByTrooperThisRound,
      bombTally: { ...tally, kills: tally.kills.slice(0, -1) },
    };
  });
}

/**
 * An ability of the aliens: paid on the record (round.ts `pay`: from the planet's pool or the
 * encounter), then its effect through round.ts's functions on the record, which holds them all:
 * the standing conditions (Ambush, Boost Ability, Enrage, Impair, Isolate) as those spent round by
 * round. Flee, Swarm (taken on the aliens' turn) and the always-on abilities change nothing here.
 */
function ability(state: ThreeSixteenState, event: EventOf<'ability.used'>): OnRecord {
  const r = evolveRecord(state);
  if (event.cost > 0) pay(r, event.from === 'pool', event.cost);
  switch (event.ability) {
    case 'ambush':
      aliensAmbush(r);
      break;
    case 'boostAbility':
      aaBoosted(r, event.cost);
      break;
    case 'enrage':
      aliensEnraged(r);
      break;
    case 'impair':
      testsImpaired(r, event.cost);
      break;
    case 'isolate':
      squadIsolated(r);
      break;
    case 'armour':
      armourWorn(r);
      break;
    case 'endEncounter':
      leaveAfterAlienTurn(r);
      break;
    case 'stopTechnology':
      techStopped(r);
      break;
    case 'suicide':
      suicideDeclared(r);
      break;
    case 'explodingBodies':
      // round.ts `bodiesExplode`, the simulator's: the Kills, and the vehicles their riders ride.
      bodiesExplode(r);
      break;
    case 'induceWeakness':
      // The once-per-mission mark waits for a Weakness actually induced (round.ts `induced`).
      weaknessTargeted(r, event.targetId ? r.ids.indexOf(event.targetId) : -1);
      break;
    case 'rapidMovement':
      for (const m of event.ranges ?? []) movedTo(r, r.ids.indexOf(m.trooperId), POSITION_INDEX[m.range]);
      break;
    case 'ignoreWounds':
      // The round just ended (named by the event) is answered before the next round's dice.
      if (event.round !== undefined && event.round !== r.round) lastRoundWoundsIgnored(r);
      else woundsIgnored(r);
      break;
    case 'regeneration':
      // Logs from before the event named its round read the latest round whose kills removed tokens.
      regenerated(r, event.round !== undefined ? event.round : latestRemoval(r));
      break;
  }
  return new OnRecord(state, r);
}

/**
 * The round Regeneration brings tokens back from: the most recent combat round — the current one
 * if its kills already removed tokens, else the one before — or null when that round removed none.
 * Older rounds and an opening ambush (round 0) are out of reach.
 */
export function regenerationRound(e: Encounter): number | null {
  return regenerationRoundOf(e.round, removedIn(e, e.round), removedIn(e, e.round - 1));
}

/**
 * The round just ended, while no die of the new one is down and its kills removed tokens, else
 * null: what Exploding Bodies and Ignore Wounds may still answer when a round's last turn killed
 * (the next round opens at once).
 */
export function roundJustEnded(e: Encounter): number | null {
  const fresh = e.step === 'declare' && Object.keys(e.rolls).length === 0;
  return fresh && removedIn(e, e.round - 1) > 0 ? e.round - 1 : null;
}

/** Tokens the kills of that round removed. */
export function removedIn(e: Encounter, round: number): number {
  return e.tokensRemovedByRound[String(round)] ?? 0;
}
