import type { DiceSpec } from '../../../engine/dice/typed.ts';
import { campaignOf } from '../campaign/model.ts';
import type { ThreeSixteenCommand } from '../commands.ts';
import { aaTarget, fighters, hasAvailableSlot, killSpec, pcTarget } from '../encounter/core.ts';
import { dropPodsAvailable } from '../encounter/decide.ts';
import { actedBeforeByAliens, actsBeforeAliens, regenerationRound } from '../encounter/evolve.ts';
import {
  type AbilityId,
  ALIENS,
  type Encounter,
  type Position,
  RANGES,
  type Range,
  type ThreeSixteenState,
  type Trooper,
  woundCount,
} from '../state.ts';

/**
 * How the simulated table plays. The simulator never applies a rule itself: these functions only
 * pick the next command, which goes through the ruleset's `decide` like any player's would.
 *
 * Troopers
 * - Dominance: every trooper rolls NFA (nobody declines).
 * - Setting the range (a trooper won Dominance): the range where the squad's weapons kill the most
 *   on average, summed over the troopers still fighting (ties: the nearer range).
 * - Each round: a trooper at its weapon's best range declares FA with the weapon in hand; anywhere
 *   else it declares NFA to move one step toward that range. Best range = the range where the
 *   weapon in hand kills the most on average under the encounter's conditions (e.g. Reduce
 *   Visibility blanks Far); ties go to the one nearest to where it stands, then to the nearer.
 *   Two exceptions keep a trooper shooting where its weapon still kills: when FA × (average kills
 *   here) is at least NFA × (average kills at the best range) — a poor manoeuvrer keeps firing —
 *   and when two rounds in a row went without kills (a third would end the fight in a standoff).
 * - An FA success that acts before the aliens also steps toward its best range if it is not there.
 * - Nobody cancels a success, switches weapons, uses combat drugs, bombs, E-Vac, Orbital
 *   Bombardment or Force Weakness, or shows a Weakness unless made to.
 * - A Kill that would fill the last health box: MandelBrite Armour takes it if it is still
 *   available and can stop it; otherwise the trooper uses a Strength if it has a slot left;
 *   otherwise it dies. A Kill that would not fill the last box is always taken as a wound, so the
 *   armour (once per planet) is kept for the blow that would kill.
 * - Kills waiting on several troopers at once (one alien success strikes everyone it beat): a
 *   trooper who will answer with a Strength does so first, since the Strength ends the fight and
 *   clears the other waiting Kills; when several could, the chooser picks one at random (a
 *   roll-off). The ruleset lists waiting Kills in roster order, and the rules let any of the
 *   troopers answer first: always answering the first listed gave PC1 most Strengths (and their
 *   kills) and let earlier troopers die of Kills a later trooper's Strength would have cleared.
 *   The other answers (armour, a wound) touch only their own trooper and go in roster order.
 * - A forced Weakness (Induce Weakness) is written at once.
 *
 * Aliens (the GM)
 * - Always declare AA and roll; never cancel.
 * - Range (the aliens won Dominance, or ambushed): the range where the troopers' weapons kill the
 *   least on average (ties: the farther).
 * - On an AA success, move the troopers it acted before one step (two with Leaping) toward the
 *   range where each one's weapon kills least, never past Far; or Swarm / Flee (if the planet has
 *   them) when that lowers the troopers' summed kill average more. Flee is not used while a
 *   trooper stands at Far.
 * - Tokens for abilities come from the planet pool when it can pay, else from the encounter, but
 *   never the encounter's last token (that would end the fight in the troopers' favour).
 * - Abilities, checked before every command (at most once per round or encounter as listed):
 *   as the encounter opens: Boost Ability (+1 AA, once), Impair (−1, once), Enrage (once), then
 *   Ambush (instead of Dominance, unless a trooper holds unspent Drop Pods). At the start of a
 *   round (declarations): Regeneration when the previous round's removed tokens outnumber its
 *   cost, End Encounter when the encounter is down to its last token and the pool can pay, Induce
 *   Weakness on a trooper it may target (picked at random, so no roster place draws it more),
 *   Suicide every round while the encounter holds two or more tokens. Once the dice are down and before any turn: alien Armour (free, once) when a
 *   trooper's FA success would kill, else Stop Technology when such a success uses technology. On
 *   the aliens' turn: Rapid Movement (once per encounter) taking every trooper to the one range
 *   where the squad kills least, when that is less than where they stand. During the turns: Ignore Wounds when this
 *   round's removed tokens outnumber its cost, Exploding Bodies (once per round) when tokens fell
 *   this round and a trooper stands at Close. Isolate is never used (the simulated troopers never
 *   call support); Ignore Armour, Lasting Wounds, Leaping and Reduce Visibility are always on.
 */

/**
 * Picks one of `count` (≥ 2) equally good options, 0 … count − 1: the table's roll-off where the
 * rules leave a choice open and the policy has no reason to prefer anyone.
 */
export type Chooser = (count: number) => number;

/** Always the first option: enough for callers that only need a legal command (tests). */
export const firstOption: Chooser = () => 0;

/** Flags the GM keeps for one encounter (what was already used, by round), and how ties are settled. */
export interface PolicyMemo {
  encounter: number;
  used: Set<string>;
  readonly choose: Chooser;
}

/** A run's memo. Simulations pass a seeded chooser (see `simulate.ts` playBlocks). */
export function newMemo(choose: Chooser = firstOption): PolicyMemo {
  return { encounter: -1, used: new Set(), choose };
}

/** One of `items` by the chooser (no draw when there is nothing to choose). */
function pick<T>(memo: PolicyMemo, items: readonly T[]): T | undefined {
  if (items.length <= 1) return items[0];
  const i = memo.choose(items.length);
  return items[Math.max(0, Math.min(items.length - 1, i))];
}

const GM_TEXT = { strength: 'A strength shows.', weakness: 'A weakness shows.' } as const;

/** Average of a kill roll (0 when it cannot kill). */
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

function power(state: ThreeSixteenState, t: Trooper, range: Position): number {
  if (range === 'beyondFar') return 0;
  return killMean(killSpec(state, t, t.currentWeapon, range));
}

const rangeIndex = (p: Position): number => (p === 'beyondFar' ? 3 : RANGES.indexOf(p));

/** Where this trooper's weapon in hand kills the most now (ties: nearest to `from`, then nearer). */
export function bestRangeFor(state: ThreeSixteenState, t: Trooper, from: Position): Range {
  let best: Range = 'close';
  let bestPower = -1;
  let bestDistance = 99;
  for (const r of RANGES) {
    const p = power(state, t, r);
    const distance = Math.abs(rangeIndex(r) - rangeIndex(from));
    if (p > bestPower || (p === bestPower && distance < bestDistance)) {
      best = r;
      bestPower = p;
      bestDistance = distance;
    }
  }
  return best;
}

function squadPower(state: ThreeSixteenState, ids: readonly string[], at: (id: string) => Position): number {
  let sum = 0;
  for (const id of ids) sum += power(state, state.troopers[id] as Trooper, at(id));
  return sum;
}

function stepTo(p: Position, steps: number): Position {
  if (p === 'beyondFar') return p;
  const i = RANGES.indexOf(p) + steps;
  if (i < 0) return 'close';
  if (i >= RANGES.length) return 'beyondFar';
  return RANGES[i] as Range;
}

// ---------------------------------------------------------------------------------------------
// Troopers

/** How the policy answers the Kill waiting on `id` (see the header). */
function answerFor(state: ThreeSixteenState, e: Encounter, id: string): 'armour' | 'strength' | 'wound' {
  const t = state.troopers[id] as Trooper;
  const p = e.pendingKills.find((k) => k.trooperId === id);
  const lethal = woundCount(t) >= 2;
  if (lethal && p?.armourStoppable && t.armour === 'available') return 'armour';
  // Also once the fight is over (End Encounter on the aliens' striking turn): the Strength then
  // only spares this trooper its Kill, which is still worth a slot when the Kill would kill.
  if (lethal && hasAvailableSlot(t, 'strengths') && !e.forcedWeakness.includes(id)) return 'strength';
  return 'wound';
}

/**
 * The next answer to the Kills waiting: a Strength first (it ends the fight and clears the other
 * waiting Kills, so no one takes a wound or dies for nothing before it), picked at random among
 * the troopers who would use one; otherwise the first waiting Kill in roster order.
 */
function answerKills(state: ThreeSixteenState, e: Encounter, memo: PolicyMemo): ThreeSixteenCommand | null {
  const ids = e.pendingKills.map((k) => k.trooperId);
  const strength = pick(
    memo,
    ids.filter((id) => answerFor(state, e, id) === 'strength'),
  );
  if (strength) return { type: 'useStrength', trooperId: strength, text: GM_TEXT.strength };
  const id = ids[0];
  if (id === undefined) return null;
  return { type: 'answerKill', trooperId: id, useArmour: answerFor(state, e, id) === 'armour' };
}

function declareFor(state: ThreeSixteenState, e: Encounter, id: string): ThreeSixteenCommand {
  const t = state.troopers[id] as Trooper;
  const pos = e.positions[id] ?? 'far';
  const best = bestRangeFor(state, t, pos);
  const here = power(state, t, pos);
  const fight =
    pos === best ||
    pos === 'beyondFar' ||
    (here > 0 &&
      (pcTarget(state, t, 'fa') * here >= pcTarget(state, t, 'nfa') * power(state, t, best) ||
        e.roundsWithoutKills >= 2));
  if (fight) return { type: 'declare', trooperId: id, declaration: { kind: 'fa', weapon: t.currentWeapon } };
  const move = rangeIndex(best) < rangeIndex(pos) ? 'closer' : 'farther';
  return { type: 'declare', trooperId: id, declaration: { kind: 'nfa', task: { kind: 'manoeuvre', move } } };
}

function trooperTurn(state: ThreeSixteenState, e: Encounter, id: string): ThreeSixteenCommand {
  const slot = e.queue[e.cursor];
  const d = e.declarations[id];
  if (slot?.success && !slot.cancelled && d?.kind === 'fa' && actsBeforeAliens(e, slot)) {
    const t = state.troopers[id] as Trooper;
    const pos = e.positions[id];
    if (pos && pos !== 'beyondFar') {
      const best = bestRangeFor(state, t, pos);
      if (best !== pos)
        return {
          type: 'takeTurn',
          actor: id,
          move: rangeIndex(best) < rangeIndex(pos) ? 'closer' : 'farther',
        };
    }
  }
  return { type: 'takeTurn', actor: id };
}

function chooseRange(state: ThreeSixteenState, e: Encounter, forAliens: boolean): Range {
  const ids = fighters(state, e);
  let pick: Range = forAliens ? 'far' : 'close';
  let score = forAliens ? Number.POSITIVE_INFINITY : -1;
  const order = forAliens ? [...RANGES].reverse() : RANGES;
  for (const r of order) {
    const p = squadPower(state, ids, () => r);
    if (forAliens ? p < score : p > score) {
      pick = r;
      score = p;
    }
  }
  return pick;
}

// ---------------------------------------------------------------------------------------------
// Aliens

function alienTurn(state: ThreeSixteenState, e: Encounter): ThreeSixteenCommand {
  const slot = e.queue[e.cursor];
  if (!slot?.success || slot.cancelled) return { type: 'takeTurn', actor: ALIENS };
  const alive = fighters(state, e);
  // Positions read inline, not through a named closure (a `__name` call each turn under tsx).
  const now = squadPower(state, alive, (id) => e.positions[id] ?? 'far');
  let bestCommand: ThreeSixteenCommand = { type: 'takeTurn', actor: ALIENS };
  let bestScore = now;
  // Pushes: each trooper the aliens acted before, toward its weakest range, never past Far.
  const limit = e.effects.leaping ? 2 : 1;
  const movable = actedBeforeByAliens(e, slot.face).filter((id) => alive.includes(id));
  const moves: { trooperId: string; steps: number }[] = [];
  const moved = new Map<string, Position>();
  for (const id of movable) {
    const t = state.troopers[id] as Trooper;
    const from = e.positions[id] ?? 'far';
    let bestSteps = 0;
    let bestPower = power(state, t, from);
    for (let s = -limit; s <= limit; s++) {
      const to = stepTo(from, s);
      if (s === 0 || to === 'beyondFar' || to === from) continue;
      const p = power(state, t, to);
      if (p < bestPower) {
        bestPower = p;
        bestSteps = s;
      }
    }
    if (bestSteps !== 0) {
      moves.push({ trooperId: id, steps: bestSteps });
      moved.set(id, stepTo(from, bestSteps));
    }
  }
  if (moves.length > 0) {
    const score = squadPower(state, alive, (id) => moved.get(id) ?? e.positions[id] ?? 'far');
    if (score < bestScore) {
      bestScore = score;
      bestCommand = { type: 'takeTurn', actor: ALIENS, moves };
    }
  }
  if (e.effects.swarm) {
    const score = squadPower(state, alive, () => 'close');
    if (score < bestScore) {
      bestScore = score;
      bestCommand = { type: 'takeTurn', actor: ALIENS, alienMovement: 'swarm' };
    }
  }
  if (e.effects.flee && !alive.some((id) => (e.positions[id] ?? 'far') === 'far')) {
    const score = squadPower(state, alive, (id) => stepTo(e.positions[id] ?? 'far', 1));
    if (score < bestScore) {
      bestScore = score;
      bestCommand = { type: 'takeTurn', actor: ALIENS, alienMovement: 'flee' };
    }
  }
  return bestCommand;
}

/**
 * Where a cost of `cost` tokens is paid from (`pool` tokens in the planet's pool, `tokens` in the
 * encounter), or null when the aliens will not pay it. Numbers, so the record's policy asks the same.
 */
export function payFrom(pool: number, tokens: number, cost: number): 'pool' | 'encounter' | null {
  if (pool >= cost) return 'pool';
  if (tokens > cost) return 'encounter';
  return null;
}

/** Removed tokens worth buying back: more than the token it costs from the encounter. */
export function worthBuyingBack(pool: number, tokens: number, removed: number): 'pool' | 'encounter' | null {
  const from = payFrom(pool, tokens, 1);
  if (from === 'pool' && removed >= 1) return from;
  if (from === 'encounter' && removed >= 2) return from;
  return null;
}

function once(memo: PolicyMemo, key: string): boolean {
  if (memo.used.has(key)) return false;
  memo.used.add(key);
  return true;
}

function pcFaSuccessThatKills(state: ThreeSixteenState, e: Encounter, tech: boolean): boolean {
  for (const q of e.queue) {
    if (q.actor === ALIENS || !q.success || q.cancelled) continue;
    const d = e.declarations[q.actor];
    if (d?.kind !== 'fa') continue;
    const t = state.troopers[q.actor];
    const pos = e.positions[q.actor];
    if (!t || !pos || pos === 'beyondFar') continue;
    if (tech && d.weapon === 'handToHand') continue;
    if (killSpec(state, t, d.weapon, pos)) return true;
  }
  return false;
}

/** An alien ability the GM uses right now, or null. */
function alienAbility(state: ThreeSixteenState, e: Encounter, memo: PolicyMemo): ThreeSixteenCommand | null {
  const abilities = state.planet?.abilities ?? [];
  if (abilities.length === 0) return null;
  const has = (a: AbilityId) => abilities.includes(a);
  const use = (ability: AbilityId, from: 'pool' | 'encounter', extra: Partial<ThreeSixteenCommand> = {}) =>
    ({ type: 'useAbility', ability, from, ...extra }) as ThreeSixteenCommand;
  const r = e.round;
  const alive = fighters(state, e);
  const pool = state.planet?.threat.pool ?? 0;

  if (e.step === 'dominance' && Object.keys(e.dominance).length === 0 && e.ambush === null) {
    if (has('boostAbility') && aaTarget(state) < 10 && once(memo, 'boost')) {
      const from = payFrom(pool, e.tokens, 1);
      if (from) return use('boostAbility', from, { amount: 1 });
    }
    if (has('impair') && once(memo, 'impair')) {
      const from = payFrom(pool, e.tokens, 1);
      if (from) return use('impair', from, { amount: 1 });
    }
    if (has('enrage') && !e.effects.enraged && once(memo, 'enrage')) {
      const from = payFrom(pool, e.tokens, 1);
      if (from) return use('enrage', from);
    }
    if (
      has('ambush') &&
      !e.effects.pcAutomaticAmbush &&
      !dropPodsAvailable(state, e) &&
      once(memo, 'ambush')
    ) {
      const from = payFrom(pool, e.tokens, 1);
      if (from) return use('ambush', from);
    }
    return null;
  }

  if (e.step === 'declare' && Object.keys(e.declarations).length === 0 && !e.aliensDeclared) {
    if (has('regeneration') && r > 1 && regenerationRound(e) === r - 1 && once(memo, `regen${r}`)) {
      const from = worthBuyingBack(pool, e.tokens, e.tokensRemovedByRound[String(r - 1)] ?? 0);
      if (from) return use('regeneration', from);
    }
    if (has('endEncounter') && e.tokens <= 1 && !e.effects.endAfterAlienTurn && once(memo, `end${r}`)) {
      if (pool >= 1) return use('endEncounter', 'pool');
    }
    if (has('induceWeakness') && !e.induceWeaknessTarget && once(memo, `induce${r}`)) {
      const targets = alive.filter((id) => {
        const t = state.troopers[id] as Trooper;
        return !t.missionFlags.inducedWeakness && hasAvailableSlot(t, 'weaknesses');
      });
      const from = payFrom(pool, e.tokens, 1);
      // Picked only when the aliens can pay, so the chooser is not asked for nothing.
      const target = from ? pick(memo, targets) : undefined;
      if (target && from) return use('induceWeakness', from, { targetId: target });
    }
    if (has('suicide') && e.tokens >= 2 && !e.roundEffects.suicide && once(memo, `suicide${r}`)) {
      return use('suicide', 'encounter');
    }
    return null;
  }

  if (e.step === 'resolve') {
    const slot = e.queue[e.cursor];
    if (has('rapidMovement') && slot?.actor === ALIENS && !slot.done && once(memo, 'rapid')) {
      // Everyone to the one range where the squad kills least, if that beats where they stand.
      const to = chooseRange(state, e, true);
      const before = squadPower(state, alive, (id) => e.positions[id] ?? 'far');
      const from = payFrom(pool, e.tokens, 1);
      if (from && alive.length > 0 && squadPower(state, alive, () => to) < before)
        return use('rapidMovement', from, { ranges: alive.map((trooperId) => ({ trooperId, range: to })) });
    }
    if (!e.queue.some((q) => q.done)) {
      if (has('armour') && !e.effects.alienArmourUsed && pcFaSuccessThatKills(state, e, false)) {
        return use('armour', 'encounter');
      }
      if (
        has('stopTechnology') &&
        !e.roundEffects.stopTechnology &&
        !e.roundEffects.killsVoid &&
        pcFaSuccessThatKills(state, e, true) &&
        once(memo, `stop${r}`)
      ) {
        const from = payFrom(pool, e.tokens, 1);
        if (from) return use('stopTechnology', from);
      }
    }
    const removed = e.tokensRemovedByRound[String(r)] ?? 0;
    if (has('ignoreWounds') && removed > 0 && once(memo, `ignore${r}:${removed}`)) {
      const from = worthBuyingBack(pool, e.tokens, removed);
      if (from) return use('ignoreWounds', from);
    }
    if (
      has('explodingBodies') &&
      removed > 0 &&
      alive.some((id) => e.positions[id] === 'close') &&
      once(memo, `explode${r}`)
    ) {
      const from = payFrom(pool, e.tokens, 1);
      if (from) return use('explodingBodies', from);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The next command

/**
 * The command the simulated table sends next during an encounter (the GM seat sends all of them:
 * it may act for every trooper). Null when no encounter is under way.
 */
export function nextCommand(state: ThreeSixteenState, memo: PolicyMemo): ThreeSixteenCommand | null {
  const e = state.encounter;
  if (!e) return null;
  if (memo.encounter !== e.number) {
    memo.encounter = e.number;
    memo.used.clear();
  }
  // The most senior PC fell and several share the next rank: their NFA test settles who steps up.
  if (campaignOf(state).fieldPromotion) return { type: 'rollFieldPromotion' };
  const answer = answerKills(state, e, memo);
  if (answer) return answer;
  const weak = e.forcedWeakness[0];
  if (weak) {
    // The ruleset refuses a Weakness once the encounter has an end reason (e.g. End Encounter on
    // the same alien turn as a successful Induce Weakness), and nothing else may move: the GM
    // closes the encounter, which is what its end reason asked for anyway.
    if (e.endReason) return { type: 'gmEndEncounter', reason: 'The encounter was already ending.' };
    return { type: 'useWeakness', trooperId: weak, text: GM_TEXT.weakness };
  }

  const ability = alienAbility(state, e, memo);
  if (ability) return ability;

  switch (e.step) {
    case 'dominance': {
      for (const id of fighters(state, e)) if (!e.dominance[id]) return { type: 'rollDominance', actor: id };
      return { type: 'rollDominance', actor: ALIENS };
    }
    case 'setRange':
      return { type: 'setRange', range: chooseRange(state, e, e.rangeSetter === ALIENS) };
    case 'declare': {
      for (const id of fighters(state, e)) if (!e.declarations[id]) return declareFor(state, e, id);
      if (!e.aliensDeclared) return { type: 'declareAliens' };
      return nextRoll(state, e);
    }
    case 'roll':
      return nextRoll(state, e);
    case 'resolve': {
      const slot = e.queue[e.cursor];
      if (!slot) break;
      return slot.actor === ALIENS ? alienTurn(state, e) : trooperTurn(state, e, slot.actor);
    }
    default:
      break;
  }
  throw new Error(`simulate: no command for step ${e.step}`);
}

function nextRoll(state: ThreeSixteenState, e: Encounter): ThreeSixteenCommand {
  for (const id of fighters(state, e)) if (!e.rolls[id]) return { type: 'rollTest', actor: id as 'aliens' };
  return { type: 'rollTest', actor: ALIENS };
}
