import { D10 } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import { codes, defineCommand, GM_AND_PLAYERS, GM_ONLY } from '../commands.ts';
import { FREE_SWITCH_WEAPONS, WEAPONS } from '../data/weapons.ts';
import { flashbackSlot, hasAvailableSlot, withFlashbackUsed } from '../encounter/core.ts';
import { diceFor, fail, requireActive, requireOwnTrooper, requirePhase } from '../encounter/guards.ts';
import type { TestFace, ThreeSixteenEvent } from '../events.ts';
import {
  appendLog,
  type Health,
  type HealthMark,
  RANGES,
  type Range,
  type ThreeSixteenState,
  type Trooper,
  withTrooper,
} from '../state.ts';
import {
  type Conflict,
  type ConflictAction,
  type ConflictDice,
  type ConflictEnd,
  type ConflictHit,
  type ConflictSide,
  type ConflictTurn,
  campaignOf,
  other,
  SIDES,
  type SideKey,
  withCampaign,
} from './model.ts';
import { fieldPromotionOnDeath } from './promotion-hook.ts';
import { campaignSchemas } from './schemas.ts';

/**
 * Conflicts without Threat Tokens (book: PC versus PC, PC versus NPC): Dominance (an ambush is a
 * free kill, the winner sets the range), then rounds in which FA successes mark an X and NFA
 * emotional attacks mark an E, the better success acting first and free to move the range a step.
 * It ends when one side yields and the other accepts, when a side is dead or worn out (every box
 * filled, the last one by an E), or on a Strength (its user wins) or Weakness (its user loses).
 * Afterwards every E clears and the winner may impose one order.
 *
 * Bughunt reads: two sides, each a trooper or an NPC; the range stays within Close–Far (leaving is
 * done by yielding); a PC worn out in a conflict loses it but is not a wreck, since the E marks
 * clear afterwards; a PC asked about Armour only when its Armour is there to tick.
 *
 * Cancelling (the encounter's rule, which the book carries over to conflicts and so to the GM's
 * NPCs too): the better success may be cancelled instead of acting, and then the other side's
 * lower success fails with it. The round stops for that choice only when both sides succeeded
 * with different faces; with one success there is nothing left to stop, and tied successes act
 * together, so neither can cancel the other.
 *
 * Played "as a normal encounter", so a trooper's tests carry the GM's one-shot +1 for preparation
 * (spent by the test, as in an encounter) and its combat drugs (once per planet) may re-roll the FA
 * die of a round before anything acts; a 10 on the re-roll is a Kill on the user. The round holds
 * for that choice only where a re-roll could help: a failed die, or a success tied with the other
 * side's (to go first); a lower success may re-roll while the better one waits anyway.
 *
 * A Weakness may answer a Strength (never the other way round): after a Strength ended the
 * conflict, the losing trooper may show a Weakness — still the loss, on its own terms.
 */

const CONFLICT_PHASES = ['setup', 'briefing', 'mission', 'afterMission'] as const;

/** Cancel asked of a success tied with the other side's (they act together). */
const TIED_SUCCESS = 'TIED_SUCCESS';

function requireConflict(state: ThreeSixteenState, ...steps: Conflict['step'][]): Conflict {
  requirePhase(state, ...CONFLICT_PHASES);
  const c = campaignOf(state).conflict;
  if (!c || c.step === 'ended') fail('NO_CONFLICT', 'no conflict is under way');
  if (c.yielding) fail('YIELD_PENDING', 'a side has yielded: the other must accept or refuse first');
  requireStep(c, ...steps);
  return c;
}

function requireStep(c: Conflict, ...steps: Conflict['step'][]): void {
  if (steps.length > 0 && !steps.includes(c.step))
    fail(codes.WRONG_STEP, `the conflict is at ${c.step}, not ${steps.join(' or ')}`, { step: c.step });
}

/** The trooper of a side (null for an NPC). */
function sideTrooper(state: ThreeSixteenState, c: Conflict, side: SideKey): Trooper | null {
  const s = c.sides[side];
  return s.kind === 'trooper' ? (state.troopers[s.trooperId] ?? null) : null;
}

/** The actor may act for this side: its trooper's player, or the GM (NPCs are the GM's). */
function requireSide(state: ThreeSixteenState, c: Conflict, side: SideKey, ctx: DecideContext): void {
  const s = c.sides[side];
  if (s.kind === 'trooper') requireOwnTrooper(state, s.trooperId, ctx);
  else if (ctx.actor.role !== 'gm') fail(codes.NOT_YOUR_TROOPER, `${s.name} is the GM's to play`);
}

/** Whether the actor plays this side (`requireSide` without the refusal). */
function speaksFor(state: ThreeSixteenState, c: Conflict, side: SideKey, ctx: DecideContext): boolean {
  if (ctx.actor.role === 'gm') return true;
  const s = c.sides[side];
  return s.kind === 'trooper' && state.troopers[s.trooperId]?.ownerSeatId === ctx.actor.seatId;
}

function requireEitherSide(state: ThreeSixteenState, c: Conflict, ctx: DecideContext): void {
  if (ctx.actor.role === 'gm') return;
  for (const side of SIDES) {
    const s = c.sides[side];
    if (s.kind === 'trooper' && state.troopers[s.trooperId]?.ownerSeatId === ctx.actor.seatId) return;
  }
  fail(codes.NOT_YOUR_TROOPER, 'only the GM or a player in the conflict may roll');
}

export function sideName(state: ThreeSixteenState, side: ConflictSide): string {
  return side.kind === 'npc' ? side.name : (state.troopers[side.trooperId]?.name ?? side.trooperId);
}

/** The dice for a side's roll: the sender's for its own trooper, the table's otherwise (NPCs too). */
function sideDice(state: ThreeSixteenState, side: ConflictSide, ctx: DecideContext): DiceSource {
  return side.kind === 'trooper' ? diceFor(state, ctx, side.trooperId) : othersDice(ctx);
}

/** The number a side tests against: the trooper's FA or NFA, the NPC's one ability (the planet's AA). */
function ability(state: ThreeSixteenState, side: ConflictSide, which: 'fa' | 'nfa'): number {
  return side.kind === 'npc' ? side.ability : (state.troopers[side.trooperId] as Trooper)[which];
}

/** The trooper's GM +1 for preparation is waiting for its next test (NPCs have none). */
function prepared(state: ThreeSixteenState, side: ConflictSide): boolean {
  return side.kind === 'trooper' && (state.troopers[side.trooperId]?.preparationBonus ?? 0) > 0;
}

/** A rolled test's number: the ability, plus a trooper's preparation bonus (as in an encounter). */
function testTarget(state: ThreeSixteenState, side: ConflictSide, which: 'fa' | 'nfa'): number {
  if (side.kind === 'npc') return side.ability;
  const t = state.troopers[side.trooperId] as Trooper;
  return Math.max(0, Math.min(10, t[which] + t.preparationBonus));
}

function test(
  ctx: DecideContext,
  state: ThreeSixteenState,
  side: ConflictSide,
  which: 'fa' | 'nfa',
  why: string,
): TestFace {
  const dice = sideDice(state, side, ctx);
  const target = testTarget(state, side, which);
  const face = dice.roll(D10, `${why}: ${sideName(state, side)}`);
  return { face, target, success: face <= target };
}

/** The side whose success beat the other's (a failure beats nothing; tied successes: neither). */
function betterSide(tests: Readonly<Record<SideKey, TestFace>>): SideKey | null {
  const { a, b } = tests;
  if (a.success && (!b.success || a.face > b.face)) return 'a';
  if (b.success && (!a.success || b.face > a.face)) return 'b';
  return null;
}

/**
 * A round whose two successes tied is still resolving (one of its hits waits for an answer).
 * Only a round without a better success leaves `mayMove` empty while its hits land; the ambush
 * of Dominance does too, but before any range is set.
 */
function tiedRoundResolving(c: Conflict): boolean {
  return c.step === 'answer' && c.pendingHit !== null && c.range !== null && c.mayMove === null && !c.dice;
}

/**
 * Whether combat drugs could help this side's FA die: a failure (if a re-roll can succeed at all),
 * or a success below its number that does not yet beat the other side's success.
 */
function drugsCouldHelp(
  state: ThreeSixteenState,
  c: Conflict,
  side: SideKey,
  tests: Record<SideKey, TestFace>,
) {
  const t = sideTrooper(state, c, side);
  if (t?.status !== 'active' || t.planetUses.combatDrugs) return false;
  if (c.declarations[side]?.kind !== 'fa') return false;
  const mine = tests[side];
  const theirs = tests[other(side)];
  if (!mine.success) return mine.target >= 1;
  return mine.face < mine.target && theirs.success && theirs.face >= mine.face;
}

/** A die that holds the round for the drugs choice: a failure, or a success tied with the other's. */
function holdsRound(tests: Readonly<Record<SideKey, TestFace>>, side: SideKey): boolean {
  const mine = tests[side];
  const theirs = tests[other(side)];
  return !mine.success || (theirs.success && theirs.face === mine.face);
}

/** The round's successes in acting order (highest first; ties act together). */
function turnsOf(c: Conflict, tests: Readonly<Record<SideKey, TestFace>>): ConflictTurn[] {
  const turns: ConflictTurn[] = [];
  for (const side of SIDES) {
    const t = tests[side];
    if (t.success) turns.push({ side, face: t.face, action: c.declarations[side] as ConflictAction });
  }
  return turns.sort((x, y) => y.face - x.face);
}

function stepRange(range: Range, move: 'closer' | 'farther'): Range | null {
  const i = RANGES.indexOf(range) + (move === 'closer' ? -1 : 1);
  return RANGES[i] ?? null;
}

/** A weapon the trooper can fight with at this range: the one in hand, or a free switch it carries. */
function canKillAt(t: Trooper, range: Range): boolean {
  return t.weapons.some((w) => {
    if (w.weapon !== t.currentWeapon && !FREE_SWITCH_WEAPONS.includes(w.weapon)) return false;
    const step = w.steps[range];
    return step !== null && step > 0;
  });
}

// ---------------------------------------------------------------------------------------------
// Commands

const startConflict = defineCommand(
  'startConflict',
  campaignSchemas.startConflict,
  GM_AND_PLAYERS,
  (state, c, ctx) => {
    requirePhase(state, ...CONFLICT_PHASES);
    const running = campaignOf(state).conflict;
    if (running && running.step !== 'ended') fail('CONFLICT_RUNNING', 'finish the conflict under way first');
    const gm = ctx.actor.role === 'gm';
    const sides: Record<SideKey, ConflictSide> = {
      a: { kind: 'npc', name: '', ability: 1, health: [] },
      b: { kind: 'npc', name: '', ability: 1, health: [] },
    };
    for (const key of SIDES) {
      const s = c[key];
      if (s.kind === 'trooper') {
        const t = state.troopers[s.trooperId];
        if (!t)
          fail(codes.UNKNOWN_TROOPER, `no trooper has the id ${s.trooperId}`, { trooperId: s.trooperId });
        if (t.status !== 'active') fail(codes.TROOPER_NOT_ACTIVE, `${t.name} is ${t.status}`);
        sides[key] = { kind: 'trooper', trooperId: t.id };
        continue;
      }
      if (!gm && (s.ability !== undefined || s.boxes !== undefined))
        fail(codes.INVALID_VALUE, 'only the GM sets an NPC’s numbers');
      const aa = state.planet?.aa;
      if (aa !== undefined && s.ability !== undefined && s.ability !== aa)
        fail('NPC_USES_AA', `an NPC fights with the planet’s AA (${aa})`, { aa });
      const ability = aa ?? s.ability;
      if (ability === undefined) fail('NPC_ABILITY_NEEDED', 'with no planet set, give the NPC its ability');
      sides[key] = {
        kind: 'npc',
        name: s.name,
        ability,
        health: Array.from({ length: s.boxes ?? 1 }, () => null),
      };
    }
    const [a, b] = [sides.a, sides.b];
    if (a.kind === 'npc' && b.kind === 'npc') fail(codes.INVALID_VALUE, 'a conflict needs at least one PC');
    if (a.kind === 'trooper' && b.kind === 'trooper' && a.trooperId === b.trooperId)
      fail(codes.INVALID_VALUE, 'a trooper cannot fight itself');
    // A player opens a conflict for its own trooper, which is side a (the one who starts it).
    if (!gm && (a.kind !== 'trooper' || state.troopers[a.trooperId]?.ownerSeatId !== ctx.actor.seatId))
      fail(codes.NOT_YOUR_TROOPER, 'a player starts a conflict with its own trooper as side a');
    return [{ type: 'conflict.started', sides, description: c.description ?? '' }];
  },
);

const rollConflictDominance = defineCommand(
  'rollConflictDominance',
  campaignSchemas.rollConflictDominance,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    const c = requireConflict(state, 'dominance');
    requireEitherSide(state, c, ctx);
    // Staying out of the roll is the side's own choice, made by whoever plays it.
    if (cmd.stayOut) requireSide(state, c, cmd.stayOut, ctx);
    const dominance = (side: SideKey): TestFace =>
      side === cmd.stayOut
        ? { face: 0, target: ability(state, c.sides[side], 'nfa'), success: false }
        : test(ctx, state, c.sides[side], 'nfa', 'dominance');
    const tests = { a: dominance('a'), b: dominance('b') };
    // The preparation bonus goes with the die: a side that stays out keeps it.
    const bonus = SIDES.filter((k) => k !== cmd.stayOut && prepared(state, c.sides[k]));
    const out = {
      ...(cmd.stayOut ? { stayedOut: cmd.stayOut } : {}),
      ...(bonus.length > 0 ? { prepared: bonus } : {}),
    };
    const rollOffs: { side: SideKey; face: number }[] = [];
    if (tests.a.success !== tests.b.success) {
      const winner: SideKey = tests.a.success ? 'a' : 'b';
      return [{ type: 'conflict.dominanceRolled', tests, rollOffs, outcome: 'ambush', winner, ...out }];
    }
    if (!tests.a.success)
      return [
        { type: 'conflict.dominanceRolled', tests, rollOffs, outcome: 'allFail', winner: null, ...out },
      ];
    let winner: SideKey = tests.a.face > tests.b.face ? 'a' : 'b';
    if (tests.a.face === tests.b.face) {
      // Tied best successes roll off, again until they differ.
      for (;;) {
        const fa = sideDice(state, c.sides.a, ctx).roll(
          D10,
          `dominance roll-off: ${sideName(state, c.sides.a)}`,
        );
        const fb = sideDice(state, c.sides.b, ctx).roll(
          D10,
          `dominance roll-off: ${sideName(state, c.sides.b)}`,
        );
        rollOffs.push({ side: 'a', face: fa }, { side: 'b', face: fb });
        if (fa !== fb) {
          winner = fa > fb ? 'a' : 'b';
          break;
        }
      }
    }
    return [{ type: 'conflict.dominanceRolled', tests, rollOffs, outcome: 'best', winner, ...out }];
  },
);

const setConflictRange = defineCommand(
  'setConflictRange',
  campaignSchemas.setConflictRange,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    const c = requireConflict(state, 'setRange');
    const setter = c.rangeSetter as SideKey;
    requireSide(state, c, setter, ctx);
    return [{ type: 'conflict.rangeSet', range: cmd.range, side: setter }];
  },
);

const declareConflict = defineCommand(
  'declareConflict',
  campaignSchemas.declareConflict,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    const c = requireConflict(state, 'declare');
    requireSide(state, c, cmd.side, ctx);
    const range = c.range as Range;
    const a = cmd.action;
    const t = sideTrooper(state, c, cmd.side);
    if (a.kind === 'manoeuvre') {
      if (!a.move && !a.switchTo)
        fail(codes.INVALID_VALUE, 'say what the manoeuvre does: a move, a weapon or both');
      if (a.move && stepRange(range, a.move) === null)
        fail(codes.INVALID_VALUE, `cannot move ${a.move} than ${range} in a conflict (yield to leave it)`);
      if (a.switchTo) {
        if (!t) fail(codes.INVALID_VALUE, 'an NPC fights with what it has; it has no weapons to change');
        if (!t.weapons.some((w) => w.weapon === a.switchTo))
          fail(codes.NOT_AVAILABLE, `${t.name} does not carry that weapon`, { weapon: a.switchTo });
        if (a.switchTo === t.currentWeapon)
          fail(codes.INVALID_VALUE, `${t.name} has the ${WEAPONS[a.switchTo].name} in hand already`);
      }
    }
    if (a.kind === 'fa' && t && !canKillAt(t, range))
      fail(
        'WEAPON_CANNOT_KILL_HERE',
        `${t.name}'s ${WEAPONS[t.currentWeapon].name} kills nothing at ${range}`,
      );
    return [{ type: 'conflict.declared', side: cmd.side, action: a }];
  },
);

const rollConflictRound = defineCommand(
  'rollConflictRound',
  campaignSchemas.rollConflictRound,
  GM_AND_PLAYERS,
  (state, _c, ctx) => {
    const c = requireConflict(state, 'declare');
    requireEitherSide(state, c, ctx);
    const missing = SIDES.filter((s) => !c.declarations[s]);
    if (missing.length > 0) fail('NOT_DECLARED', 'both sides declare before the dice roll', { missing });
    const rolls = (s: SideKey) => ((c.declarations[s] as ConflictAction).kind === 'fa' ? 'fa' : 'nfa');
    const tests = {
      a: test(ctx, state, c.sides.a, rolls('a'), 'conflict round'),
      b: test(ctx, state, c.sides.b, rolls('b'), 'conflict round'),
    };
    const bonus = SIDES.filter((k) => prepared(state, c.sides[k]));
    const drugsFor = SIDES.filter((k) => drugsCouldHelp(state, c, k, tests));
    // The better success waits for its side only when cancelling it would stop the other's; while
    // a die is held for the drugs choice, that wait is worked out once the dice are settled.
    const better = betterSide(tests);
    const held = drugsFor.some((k) => holdsRound(tests, k));
    const wait = better && tests[other(better)].success && !held ? { waitFor: better } : {};
    return [
      {
        type: 'conflict.roundRolled',
        tests,
        ...wait,
        ...(bonus.length > 0 ? { prepared: bonus } : {}),
        ...(drugsFor.length > 0 ? { drugsFor } : {}),
      },
    ];
  },
);

const takeConflictTurn = defineCommand(
  'takeConflictTurn',
  campaignSchemas.takeConflictTurn,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    const c = requireConflict(state);
    // A tied round never waits at `act`; say why rather than only that the step is wrong.
    if (cmd.cancel && tiedRoundResolving(c))
      fail(TIED_SUCCESS, 'tied successes act together: neither can cancel the other');
    requireStep(c, 'act');
    const open = c.dice?.open ?? [];
    if (open.length > 0) {
      // The round is held for combat drugs: going on keeps the dice of the sides the sender plays.
      if (cmd.cancel) fail('DICE_NOT_SETTLED', 'first keep or re-roll the FA die waiting for combat drugs');
      const mine = open.filter((k) => speaksFor(state, c, k, ctx));
      if (mine.length === 0) fail(codes.NOT_YOUR_TROOPER, 'the die waiting is another player’s to keep');
      return [{ type: 'conflict.diceKept', sides: mine }];
    }
    const turn = c.queue[0] as ConflictTurn;
    requireSide(state, c, turn.side, ctx);
    return [{ type: 'conflict.turnTaken', side: turn.side, cancelled: cmd.cancel === true }];
  },
);

const answerConflictHit = defineCommand(
  'answerConflictHit',
  campaignSchemas.answerConflictHit,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    const c = requireConflict(state, 'answer');
    const hit = c.pendingHit as ConflictHit;
    requireSide(state, c, hit.target, ctx);
    const t = sideTrooper(state, c, hit.target);
    if (cmd.useArmour && hit.mark === 'E')
      fail(codes.NOT_AVAILABLE, 'Armour does not stop exhaustion (an E)');
    if (cmd.useArmour && t?.armour !== 'available')
      fail(codes.NOT_AVAILABLE, 'the Armour is not there to tick');
    return [{ type: 'conflict.hitAnswered', useArmour: cmd.useArmour, side: hit.target }];
  },
);

const moveConflict = defineCommand(
  'moveConflict',
  campaignSchemas.moveConflict,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    const c = requireConflict(state, 'declare');
    if (!c.mayMove)
      fail(codes.NOT_AVAILABLE, 'only the side whose success beat the other may move the range');
    requireSide(state, c, c.mayMove, ctx);
    if (stepRange(c.range as Range, cmd.move) === null)
      fail(codes.INVALID_VALUE, `cannot move ${cmd.move} than ${c.range}`);
    return [{ type: 'conflict.moved', side: c.mayMove, move: cmd.move }];
  },
);

const conflictFlashback = defineCommand(
  'conflictFlashback',
  campaignSchemas.conflictFlashback,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    const c = requireConflict(state);
    requireSide(state, c, cmd.side, ctx);
    const t = sideTrooper(state, c, cmd.side);
    if (!t) fail(codes.INVALID_VALUE, 'NPCs have no Flashbacks');
    if (cmd.hatredForHome && cmd.kind !== 'weakness')
      fail(codes.INVALID_VALUE, 'Hatred for Home is a Weakness');
    const slot = flashbackSlot(cmd.kind === 'strength' ? t.strengths : t.weaknesses, cmd.hatredForHome);
    if (slot < 0)
      fail(codes.NO_SLOT, `${t.name} has no ${cmd.hatredForHome ? 'Hatred for Home' : cmd.kind} Available`);
    return [{ type: 'conflict.flashback', side: cmd.side, kind: cmd.kind, text: cmd.text, slot }];
  },
);

const useConflictDrugs = defineCommand(
  'useConflictDrugs',
  campaignSchemas.useConflictDrugs,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    const c = requireConflict(state, 'act');
    requireSide(state, c, cmd.side, ctx);
    const t = sideTrooper(state, c, cmd.side);
    if (!t) fail(codes.INVALID_VALUE, 'an NPC carries no combat drugs');
    const dice = c.dice;
    if (!dice || c.declarations[cmd.side]?.kind !== 'fa')
      fail(codes.WRONG_STEP, 'combat drugs re-roll an FA die of this round before anything acts');
    if (t.planetUses.combatDrugs) fail(codes.NOT_AVAILABLE, 'the combat drugs are spent on this planet');
    // A held die, or (once nothing is held) a lower success while the better one waits.
    const held = dice.open.includes(cmd.side);
    const lower =
      dice.open.length === 0 && c.queue[0]?.side !== cmd.side && c.queue.some((q) => q.side === cmd.side);
    if (!held && !lower) fail(codes.WRONG_STEP, `${t.name}'s die is not waiting for a re-roll`);
    const target = dice.tests[cmd.side].target;
    const face = diceFor(state, ctx, t.id).roll(D10, `combat drugs re-roll of ${t.name}`);
    return [{ type: 'conflict.drugsUsed', side: cmd.side, face, target, success: face <= target }];
  },
);

const answerConflictStrength = defineCommand(
  'answerConflictStrength',
  campaignSchemas.answerConflictStrength,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    requirePhase(state, ...CONFLICT_PHASES);
    const c = campaignOf(state).conflict;
    if (c?.step !== 'ended') fail('NO_CONFLICT', 'no conflict has just ended');
    if (c.endReason !== 'strength' || !c.winner)
      fail(codes.NOT_AVAILABLE, 'only a conflict a Strength has just won can be answered with a Weakness');
    if (c.ownTerms) fail(codes.ALREADY_DONE, 'the Strength was already answered');
    const loser = other(c.winner);
    requireSide(state, c, loser, ctx);
    const t = sideTrooper(state, c, loser);
    if (!t) fail(codes.INVALID_VALUE, 'NPCs have no Flashbacks');
    requireActive(t);
    const slot = flashbackSlot(t.weaknesses, cmd.hatredForHome);
    if (slot < 0)
      fail(codes.NO_SLOT, `${t.name} has no ${cmd.hatredForHome ? 'Hatred for Home' : 'Weakness'} Available`);
    return [{ type: 'conflict.strengthAnswered', side: loser, text: cmd.text, slot }];
  },
);

const yieldConflict = defineCommand(
  'yieldConflict',
  campaignSchemas.yieldConflict,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    const c = requireConflict(state);
    requireSide(state, c, cmd.side, ctx);
    return [{ type: 'conflict.yielded', side: cmd.side }];
  },
);

const answerYield = defineCommand(
  'answerYield',
  campaignSchemas.answerYield,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    requirePhase(state, ...CONFLICT_PHASES);
    const c = campaignOf(state).conflict;
    if (!c || c.step === 'ended' || !c.yielding) fail(codes.NOT_AVAILABLE, 'nobody has yielded');
    const answering = other(c.yielding);
    requireSide(state, c, answering, ctx);
    return [{ type: 'conflict.yieldAnswered', accept: cmd.accept, side: answering }];
  },
);

const imposeOrder = defineCommand(
  'imposeOrder',
  campaignSchemas.imposeOrder,
  GM_AND_PLAYERS,
  (state, cmd, ctx) => {
    requirePhase(state, ...CONFLICT_PHASES);
    const c = campaignOf(state).conflict;
    if (c?.step !== 'ended') fail('NO_CONFLICT', 'no conflict has just ended');
    if (!c.winner) fail(codes.NOT_AVAILABLE, 'the conflict ended without a winner');
    if (c.order !== null) fail(codes.ALREADY_DONE, 'the winner already gave its order');
    requireSide(state, c, c.winner, ctx);
    return [{ type: 'conflict.orderImposed', text: cmd.text, side: c.winner }];
  },
);

const gmEndConflict = defineCommand('gmEndConflict', campaignSchemas.gmEndConflict, GM_ONLY, (state, cmd) => {
  requirePhase(state, ...CONFLICT_PHASES);
  const c = campaignOf(state).conflict;
  if (!c || c.step === 'ended') fail('NO_CONFLICT', 'no conflict is under way');
  return [{ type: 'conflict.gmEnded', winner: cmd.winner, reason: cmd.reason, end: 'gm' }];
});

export const conflictCommands = [
  startConflict,
  rollConflictDominance,
  setConflictRange,
  declareConflict,
  rollConflictRound,
  takeConflictTurn,
  answerConflictHit,
  moveConflict,
  conflictFlashback,
  useConflictDrugs,
  answerConflictStrength,
  yieldConflict,
  answerYield,
  imposeOrder,
  gmEndConflict,
];

// ---------------------------------------------------------------------------------------------
// Evolve

function withConflict(state: ThreeSixteenState, change: (c: Conflict) => Conflict): ThreeSixteenState {
  return withCampaign(state, (cb) => (cb.conflict ? { ...cb, conflict: change(cb.conflict) } : cb));
}

function conflictOf(state: ThreeSixteenState): Conflict {
  return campaignOf(state).conflict as Conflict;
}

/** The conflict without the round's dice (unchanged when it holds none, so older states stay equal). */
function withoutDice(c: Conflict): Conflict {
  if (!('dice' in c)) return c;
  const { dice: _, ...rest } = c;
  return rest;
}

/** Spends the preparation bonus of the troopers whose test carried it. */
function spendBonus(state: ThreeSixteenState, sides: readonly SideKey[] | undefined): ThreeSixteenState {
  let s = state;
  const c = conflictOf(state);
  for (const k of sides ?? []) {
    const sd = c.sides[k];
    if (sd.kind === 'trooper') s = withTrooper(s, sd.trooperId, (t) => ({ ...t, preparationBonus: 0 }));
  }
  return s;
}

/**
 * The round's dice after a combat-drugs choice: still held for a side, or settled — then the better
 * success waits if cancelling it would stop the other's, else the round resolves. A side the drugs
 * put down ends it (nothing more acts on the fallen).
 */
function settleDice(state: ThreeSixteenState): ThreeSixteenState {
  const c = conflictOf(state);
  if (c.step === 'answer' || c.step === 'ended' || !c.dice) return state;
  if (c.dice.open.length > 0) return withConflict(state, (cf) => ({ ...cf, step: 'act' }));
  if (SIDES.some((k) => c.downAt[k] !== undefined))
    return proceed(withConflict(state, (cf) => ({ ...withoutDice(cf), step: 'declare', queue: [] })));
  const [first, second] = c.queue;
  const better = first && (!second || first.face > second.face) ? first.side : null;
  // The waiting success keeps the dice: the lower one may still re-roll while it waits.
  if (first && second && first.face > second.face)
    return withConflict(state, (cf) => ({ ...cf, step: 'act', mayMove: better }));
  return proceed(withConflict(state, (cf) => ({ ...withoutDice(cf), step: 'declare', mayMove: better })));
}

/** A mark lands on a side; the last box filled puts it down (dead by X, worn out by E). */
function wound(state: ThreeSixteenState, hit: ConflictHit): ThreeSixteenState {
  const c = conflictOf(state);
  const side = c.sides[hit.target];
  let s = state;
  let full = false;
  if (side.kind === 'npc') {
    const health = [...side.health];
    const i = health.indexOf(null);
    if (i < 0) return s;
    health[i] = hit.mark;
    full = !health.includes(null);
    s = withConflict(s, (cf) => ({ ...cf, sides: { ...cf.sides, [hit.target]: { ...side, health } } }));
  } else {
    const t = state.troopers[side.trooperId];
    if (t?.status !== 'active') return s;
    const health = [...t.health] as HealthMark[];
    const i = health.indexOf(null);
    if (i < 0) return s;
    health[i] = hit.mark;
    full = i === health.length - 1;
    const dies = full && hit.mark === 'X';
    s = withTrooper(s, t.id, (tr) => ({
      ...tr,
      health: health as unknown as Health,
      missionFlags: { ...tr.missionFlags, woundsTaken: tr.missionFlags.woundsTaken + 1 },
      status: dies ? 'dead' : tr.status,
    }));
    if (dies) {
      s = appendLog(s, t.id, `${t.name} is dead.`);
      s = fieldPromotionOnDeath(s, t.id);
    }
  }
  if (!full) return s;
  if (hit.mark === 'X') {
    // Killing counts for the killer's totals only when the victim ends up dead.
    // (Combat drugs that kill their own user credit nobody.)
    const killer = c.sides[hit.by];
    if (killer.kind === 'trooper' && hit.by !== hit.target)
      s = withTrooper(s, killer.trooperId, (k) => ({
        ...k,
        killsThisMission: k.killsThisMission + 1,
        totalKills: k.totalKills + 1,
      }));
  }
  return withConflict(s, (cf) => ({ ...cf, downAt: { ...cf.downAt, [hit.target]: hit.face } }));
}

/**
 * A hit on a PC whose player is asked (armour policy `ask`) waits while there is an answer to
 * give: Armour to tick against an X, or a Strength or Weakness to use once the dice are seen (the
 * flashback ends the conflict, as in an encounter). Otherwise the armour policy decides and the
 * mark goes in.
 */
function hit(state: ThreeSixteenState, h: ConflictHit): ThreeSixteenState {
  const c = conflictOf(state);
  const t = sideTrooper(state, c, h.target);
  const armourReady = t !== null && h.mark === 'X' && t.armour === 'available';
  if (t?.armourPolicy === 'ask') {
    if (armourReady || hasAvailableSlot(t, 'strengths') || hasAvailableSlot(t, 'weaknesses'))
      return withConflict(state, (cf) => ({ ...cf, pendingHit: h, step: 'answer' }));
  }
  if (t && armourReady && t.armourPolicy !== 'never')
    return withTrooper(state, t.id, (tr) => ({ ...tr, armour: 'used' }));
  return wound(state, h);
}

function actOn(state: ThreeSixteenState, turn: ConflictTurn): ThreeSixteenState {
  const c = conflictOf(state);
  const target = other(turn.side);
  const a = turn.action;
  if (a === 'ambush' || a.kind === 'fa')
    return hit(state, { target, by: turn.side, mark: 'X', face: turn.face });
  if (a.kind === 'emotional') return hit(state, { target, by: turn.side, mark: 'E', face: turn.face });
  if (a.kind === 'manoeuvre') {
    let s = state;
    const to = a.move ? stepRange(c.range as Range, a.move) : null;
    if (to) s = withConflict(s, (cf) => ({ ...cf, range: to }));
    const side = c.sides[turn.side];
    if (a.switchTo && side.kind === 'trooper')
      s = withTrooper(s, side.trooperId, (t) => ({ ...t, currentWeapon: a.switchTo ?? t.currentWeapon }));
    return s;
  }
  return appendLog(state, null, `${sideName(state, c.sides[turn.side])}: ${a.text}`);
}

/** Works through the round's turns until one waits for an answer, then ends or opens the next round. */
function proceed(state: ThreeSixteenState): ThreeSixteenState {
  let s = state;
  for (;;) {
    const c = conflictOf(s);
    if (c.step === 'act' || c.step === 'answer' || c.step === 'ended') return s;
    const turn = c.queue[0];
    if (!turn) break;
    s = withConflict(s, (cf) => ({ ...cf, queue: cf.queue.slice(1) }));
    const down = c.downAt[turn.side];
    // A side put down earlier this round does not act; one put down by a tied success still does.
    if (down !== undefined && down !== turn.face) continue;
    s = actOn(s, turn);
  }
  const c = conflictOf(s);
  const down = SIDES.filter((k) => c.downAt[k] !== undefined);
  if (down.length > 0) {
    const loser = down.length === 1 ? (down[0] as SideKey) : null;
    const mark = loser ? lastMark(s, c, loser) : 'X';
    return endConflict(s, loser ? other(loser) : null, mark === 'E' ? 'exhausted' : 'dead');
  }
  if (c.range === null) return withConflict(s, (cf) => ({ ...cf, step: 'setRange' }));
  return withConflict(s, (cf) => ({ ...cf, step: 'declare', round: cf.round + 1, declarations: {} }));
}

function lastMark(state: ThreeSixteenState, c: Conflict, side: SideKey): HealthMark {
  const sd = c.sides[side];
  const health = sd.kind === 'npc' ? sd.health : (state.troopers[sd.trooperId]?.health ?? []);
  return health[health.length - 1] ?? null;
}

/** Every E clears from the PCs in it (X marks stay, packed from the first box). */
function clearExhaustion(t: Trooper): Trooper {
  const x = t.health.filter((m) => m === 'X').length;
  const health: HealthMark[] = [null, null, null];
  for (let i = 0; i < x; i++) health[i] = 'X';
  return { ...t, health: health as unknown as Health };
}

function endConflict(
  state: ThreeSixteenState,
  winner: SideKey | null,
  reason: ConflictEnd,
): ThreeSixteenState {
  const c = conflictOf(state);
  let s = withConflict(state, (cf) => ({
    ...withoutDice(cf),
    step: 'ended',
    winner,
    endReason: reason,
    queue: [],
    pendingHit: null,
    mayMove: null,
    yielding: null,
  }));
  for (const k of SIDES) {
    const sd = c.sides[k];
    if (sd.kind === 'trooper')
      s = withTrooper(s, sd.trooperId, (t) => (t.status === 'active' ? clearExhaustion(t) : t));
  }
  const who = winner ? sideName(s, c.sides[winner]) : 'nobody';
  return appendLog(s, null, `The conflict ends (${reason}); ${who} wins.`);
}

export function evolveConflict(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState {
  switch (event.type) {
    case 'conflict.started': {
      const cb = campaignOf(state);
      const conflict: Conflict = {
        id: cb.nextConflictId,
        description: event.description,
        sides: event.sides,
        step: 'dominance',
        range: null,
        round: 0,
        rangeSetter: null,
        declarations: {},
        queue: [],
        pendingHit: null,
        mayMove: null,
        yielding: null,
        downAt: {},
        winner: null,
        endReason: null,
        order: null,
      };
      const s = withCampaign(state, (c) => ({
        ...c,
        lastConflict: c.conflict ?? c.lastConflict,
        conflict,
        nextConflictId: c.nextConflictId + 1,
      }));
      return appendLog(
        s,
        null,
        `Conflict: ${sideName(s, event.sides.a)} against ${sideName(s, event.sides.b)}.`,
      );
    }
    case 'conflict.dominanceRolled': {
      const spent = spendBonus(state, event.prepared);
      if (event.outcome === 'allFail')
        return withConflict(spent, (c) => ({ ...c, range: 'far', step: 'declare', round: 1 }));
      const winner = event.winner as SideKey;
      const s = withConflict(spent, (c) => ({
        ...c,
        rangeSetter: winner,
        queue:
          event.outcome === 'ambush'
            ? [{ side: winner, face: event.tests[winner].face, action: 'ambush' }]
            : [],
      }));
      return proceed(s);
    }
    case 'conflict.rangeSet':
      return withConflict(state, (c) => ({ ...c, range: event.range, step: 'declare', round: 1 }));
    case 'conflict.declared':
      return withConflict(state, (c) => ({
        ...c,
        declarations: { ...c.declarations, [event.side]: event.action },
      }));
    case 'conflict.roundRolled': {
      const spent = spendBonus(state, event.prepared);
      const turns = turnsOf(conflictOf(spent), event.tests);
      const better = betterSide(event.tests);
      if (event.drugsFor && event.drugsFor.length > 0) {
        const open = event.drugsFor.filter((k) => holdsRound(event.tests, k));
        const dice: ConflictDice = { tests: event.tests, open };
        return settleDice(
          withConflict(spent, (cf) => ({ ...cf, queue: turns, mayMove: better, dice, step: 'act' })),
        );
      }
      const s = withConflict(spent, (cf) => ({ ...cf, queue: turns, mayMove: better }));
      // Logs from before cancelling carry no `waitFor`: their rounds resolve at once, as then.
      if (event.waitFor) return withConflict(s, (cf) => ({ ...cf, step: 'act' }));
      return proceed(s);
    }
    case 'conflict.turnTaken': {
      const c = conflictOf(state);
      const turn = c.queue[0];
      if (c.step !== 'act' || !turn) return state;
      if (!event.cancelled)
        return proceed(withConflict(state, (cf) => ({ ...withoutDice(cf), step: 'declare' })));
      // It fails, and so does every success yet to act below it; one tied with it would still act
      // (as in an encounter), though the round only waits when the faces differ. A failure
      // moves nothing, so nobody may step the range this round.
      const stopped = c.queue.slice(1).filter((q) => q.face < turn.face);
      const s = withConflict(state, (cf) => ({
        ...withoutDice(cf),
        step: 'declare',
        queue: cf.queue.slice(1).filter((q) => q.face >= turn.face),
        mayMove: null,
      }));
      const who = sideName(s, c.sides[turn.side]);
      const also = stopped.map((q) => sideName(s, c.sides[q.side]));
      return proceed(
        appendLog(
          s,
          null,
          `${who} calls off a success${also.length > 0 ? `, so ${also.join(' and ')} fails as well` : ''}.`,
        ),
      );
    }
    case 'conflict.hitAnswered': {
      const h = conflictOf(state).pendingHit;
      if (!h) return state;
      let s = withConflict(state, (c) => ({ ...c, pendingHit: null, step: 'declare' }));
      if (event.useArmour) {
        const t = sideTrooper(s, conflictOf(s), h.target);
        if (t) s = withTrooper(s, t.id, (tr) => ({ ...tr, armour: 'used' }));
      } else s = wound(s, h);
      // A Kill from combat drugs lands while the round's dice are still being settled.
      return conflictOf(s).dice ? settleDice(s) : proceed(s);
    }
    case 'conflict.drugsUsed': {
      const c = conflictOf(state);
      const side = c.sides[event.side];
      if (!c.dice || side.kind !== 'trooper') return state;
      const test: TestFace = { face: event.face, target: event.target, success: event.success };
      const tests = { ...c.dice.tests, [event.side]: test };
      const dice: ConflictDice = { tests, open: c.dice.open.filter((k) => k !== event.side) };
      let s = withTrooper(state, side.trooperId, (t) => ({
        ...t,
        planetUses: { ...t.planetUses, combatDrugs: true },
      }));
      s = withConflict(s, (cf) => ({ ...cf, dice, queue: turnsOf(cf, tests) }));
      const name = sideName(s, side);
      s = appendLog(
        s,
        side.trooperId,
        `${name} takes combat drugs and re-rolls the FA die: ${event.face} against ${event.target}, ${event.success ? 'a success' : 'a failure'}.`,
      );
      if (event.face === 10) {
        // The drugs hit back: a Kill on the user (Armour may take it, as any Kill).
        s = appendLog(s, side.trooperId, `The drugs turn on ${name}: a Kill.`);
        s = hit(s, { target: event.side, by: event.side, mark: 'X', face: 0 });
      }
      return settleDice(s);
    }
    case 'conflict.diceKept': {
      const c = conflictOf(state);
      if (!c.dice) return state;
      const open = c.dice.open.filter((k) => !event.sides.includes(k));
      const dice: ConflictDice = { ...c.dice, open };
      return settleDice(withConflict(state, (cf) => ({ ...cf, dice })));
    }
    case 'conflict.strengthAnswered': {
      const c = conflictOf(state);
      const side = c.sides[event.side];
      if (side.kind !== 'trooper') return state;
      // Counts for demotion like any Weakness, within the mission (see `conflict.flashback`).
      const inMission = state.campaign.phase === 'briefing' || state.campaign.phase === 'mission';
      let s = withTrooper(state, side.trooperId, (t) =>
        withFlashbackUsed(t, 'weakness', event.slot, event.text, inMission),
      );
      s = withConflict(s, (cf) => ({ ...cf, ownTerms: { side: event.side, text: event.text } }));
      return appendLog(
        s,
        side.trooperId,
        `${sideName(s, side)} answers the Strength with a Weakness and takes the loss on their own terms: ${event.text}`,
      );
    }
    case 'conflict.moved':
      return withConflict(state, (c) => ({
        ...c,
        range: stepRange(c.range as Range, event.move) ?? c.range,
        mayMove: null,
      }));
    case 'conflict.flashback': {
      const c = conflictOf(state);
      const side = c.sides[event.side];
      if (side.kind !== 'trooper') return state;
      // A flashback counts for promotion or demotion in the mission it is used in: after the
      // mission has ended (or before the first) it fills its slot and counts for nothing.
      const inMission = state.campaign.phase === 'briefing' || state.campaign.phase === 'mission';
      let s = withTrooper(state, side.trooperId, (t) =>
        withFlashbackUsed(t, event.kind, event.slot, event.text, inMission),
      );
      s = appendLog(
        s,
        side.trooperId,
        `${event.kind === 'strength' ? 'Strength' : 'Weakness'}: ${event.text}`,
      );
      const winner = event.kind === 'strength' ? event.side : other(event.side);
      return endConflict(s, winner, event.kind);
    }
    case 'conflict.yielded': {
      const c = conflictOf(state);
      return appendLog(
        withConflict(state, (cf) => ({ ...cf, yielding: event.side })),
        null,
        `${sideName(state, c.sides[event.side])} yields.`,
      );
    }
    case 'conflict.yieldAnswered': {
      const c = conflictOf(state);
      if (!c.yielding) return state;
      if (!event.accept) return withConflict(state, (cf) => ({ ...cf, yielding: null }));
      return endConflict(state, other(c.yielding), 'yield');
    }
    case 'conflict.orderImposed': {
      const c = conflictOf(state);
      const s = withConflict(state, (cf) => ({ ...cf, order: event.text }));
      return appendLog(
        s,
        null,
        `${c.winner ? sideName(s, c.sides[c.winner]) : 'The winner'} orders: ${event.text}`,
      );
    }
    case 'conflict.gmEnded':
      return endConflict(state, event.winner, 'gm');
    default:
      return state;
  }
}

export const CONFLICT_EVENTS = [
  'conflict.started',
  'conflict.dominanceRolled',
  'conflict.rangeSet',
  'conflict.declared',
  'conflict.roundRolled',
  'conflict.turnTaken',
  'conflict.hitAnswered',
  'conflict.moved',
  'conflict.flashback',
  'conflict.drugsUsed',
  'conflict.diceKept',
  'conflict.strengthAnswered',
  'conflict.yielded',
  'conflict.yieldAnswered',
  'conflict.orderImposed',
  'conflict.gmEnded',
] as const;
