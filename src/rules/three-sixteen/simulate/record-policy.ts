import type { DiceSource } from '../../../engine/dice/source.ts';
import {
  ALIENS_SET,
  Answer,
  ARMOUR_AVAILABLE,
  BEYOND_FAR,
  CLOSE,
  type EncounterRecord,
  FAR,
  type KillAnswers,
  Step,
} from '../encounter/record.ts';
import {
  alienArmour,
  alienTurn,
  answerKill,
  declareAliens,
  dominanceAll,
  endEncounter,
  explodingBodies,
  failuresTaken,
  fieldPromotionRoll,
  ignoreWounds,
  induceTest,
  induceWeakness,
  killAnswered,
  noteDeclaration,
  pendingOf,
  rapidMovement,
  regenerate,
  rollAll,
  setRange,
  showWeakness,
  spendStrength,
  stopTechnology,
  strengthSpent,
  suicide,
  trooperTurn,
} from '../encounter/round.ts';
import { regenerationRoundOf, stepPosition } from '../encounter/rulings.ts';
import { type Chooser, payFrom, worthBuyingBack } from './policy.ts';

/**
 * `policy.ts`'s table, playing on the encounter record: the same choices, made in the same order
 * (so the same dice and the same chooser draws), each applied at once by the round's rules in
 * `encounter/round.ts` rather than sent as a command. It covers what the record holds (see
 * `recordSupports`): of the aliens' abilities that cost tokens, Boost Ability, Impair, Enrage and
 * Ambush, which record-run.ts spends through the ruleset before the record takes over; Suicide,
 * spent at the start of every round while the encounter holds two tokens or more; and the others
 * but Induce Weakness, which `alienAbility` spends where policy.ts's `alienAbility` does.
 */

/** Commands one encounter may take before the driver calls it a bug (an endless loop). */
const MAX_MOVES_PER_ENCOUNTER = 20_000;

function bestRangeFor(r: EncounterRecord, i: number, from: number): number {
  return (r.bestFrom[i] as readonly number[])[from] as number;
}

/** How the policy answers the Kill waiting on trooper i: 0 wound, 1 armour, 2 Strength. */
function answerFor(r: EncounterRecord, i: number): number {
  const lethal = (r.wounds[i] as number) >= 2;
  if (lethal && r.pStoppable[pendingOf(r, i)] && r.armour[i] === ARMOUR_AVAILABLE) return 1;
  if (lethal && (r.strengthsLeft[i] as number) > 0 && r.forced !== i) return 2;
  return 0;
}

/**
 * The policy's next answer to the Kills waiting: a Strength first, picked by the chooser among
 * those who would use one (one entry per Kill waiting, in the order they landed); else the first
 * Kill listed. Counted, then the pick found again, rather than listed: no list made per answer.
 * `within`: answered inside round.ts `advance` (`PolicyAnswers`), which moves the round on
 * itself; else as a move of its own (`answerKill`, `spendStrength`).
 */
function answerKills(r: EncounterRecord, dice: DiceSource, choose: Chooser, within: boolean): void {
  let strong = 0;
  let only = -1;
  // The first Kill's answer, kept for when no Strength comes first (not worked out twice).
  let firstAnswer = 0;
  for (let p = 0; p < r.pLen; p++) {
    const i = r.pTrooper[p] as number;
    const answer = answerFor(r, i);
    if (p === 0) firstAnswer = answer;
    if (answer === 2) {
      if (strong === 0) only = i;
      strong++;
    }
  }
  if (strong > 0) {
    if (strong > 1) {
      const k = Math.max(0, Math.min(strong - 1, choose(strong)));
      for (let p = 0, seen = 0; p < r.pLen; p++) {
        const i = r.pTrooper[p] as number;
        if (answerFor(r, i) !== 2) continue;
        if (seen++ === k) {
          only = i;
          break;
        }
      }
    }
    if (within) strengthSpent(r, only, dice);
    else spendStrength(r, only, dice);
    return;
  }
  const first = r.pTrooper[0] as number;
  if (within) killAnswered(r, first, firstAnswer === 1);
  else answerKill(r, first, firstAnswer === 1, dice);
}

/**
 * The policy answering Kills as they wait (`KillAnswers`, which round.ts `advance` calls): what
 * its next moves would do, in the same order with the same dice and chooser draws, but no move of
 * its own each (nine of an encounter's forty moves). Between two answers a move would only have
 * run `advance` and the automatic steps, which stop at the next Kill waiting; the policy rolls a
 * waiting field promotion before answering, so a fall that starts one stops here, leaving the
 * roll and the rest to `playOnRecord`.
 */
class PolicyAnswers implements KillAnswers {
  constructor(
    public dice: DiceSource,
    public choose: Chooser,
  ) {}
  answer(r: EncounterRecord): void {
    while (r.pLen > 0 && r.promotionRank === 0 && r.step !== Step.Ended)
      answerKills(r, this.dice, this.choose, true);
  }
  /**
   * The Kill on trooper i, first to wait: a wound that leaves it standing, or the armour on a
   * lethal one, is what the policy's next move would answer, unless another Kill landing with it
   * brings a Strength first (which ends the fight and drops the rest unanswered). That needs a
   * trooper already one wound from falling with a Strength left: with none, the Kill is taken now.
   * A batch lands at most one Kill per trooper, and this one changes nothing another's answer
   * reads, so taking it first keeps the order and the end.
   */
  atOnce(r: EncounterRecord, i: number, stoppable: boolean): Answer {
    let now: Answer = Answer.Wound;
    if ((r.wounds[i] as number) >= 2) {
      if (!stoppable || r.armour[i] !== ARMOUR_AVAILABLE) return Answer.Wait;
      now = Answer.Armour;
    }
    for (let j = 0; j < r.n; j++)
      if (j !== i && r.fighting(j) && (r.wounds[j] as number) >= 2 && (r.strengthsLeft[j] as number) > 0)
        return Answer.Wait;
    return now;
  }
}

/**
 * The policy's declaration for trooper i at position `pos` with FA and NFA targets `fa`, `nfa`: FA
 * (0) where it fights, else a manoeuvre one step toward its best range (−1 closer, +1 farther).
 * `stale`: two rounds or more without kills, when it fights wherever its weapon kills at all.
 */
function declarationMove(
  r: EncounterRecord,
  i: number,
  pos: number,
  stale: boolean,
  fa: number,
  nfa: number,
): number {
  const power = r.power[i] as readonly number[];
  const best = bestRangeFor(r, i, pos);
  const here = power[pos] as number;
  const fight =
    pos === best || pos === BEYOND_FAR || (here > 0 && (fa * here >= nfa * (power[best] as number) || stale));
  return fight ? 0 : best < pos ? -1 : 1;
}

/**
 * Each trooper's declaration without a preparation bonus (every one but perhaps its first), by
 * position and staleness (`declarationMove`; index i·8 + (stale ? 4 : 0) + position): fixed for
 * a record, so worked out once per record rather than per round; a second table for the rounds
 * when Stop Technology holds (the weapons' power then differs).
 */
const declarationTables = new WeakMap<EncounterRecord, readonly number[]>();
const stoppedDeclarationTables = new WeakMap<EncounterRecord, readonly number[]>();

function declarationTable(r: EncounterRecord): readonly number[] {
  // The last record's table first: a simulation asks for the same one every round.
  if (r === lastTableOf && r.techDown === lastTableDown) return lastTable;
  const tables = r.techDown ? stoppedDeclarationTables : declarationTables;
  let table = tables.get(r);
  if (!table) {
    const moves: number[] = [];
    for (let i = 0; i < r.n; i++)
      for (const stale of [false, true])
        for (let pos = 0; pos <= BEYOND_FAR; pos++)
          moves.push(declarationMove(r, i, pos, stale, r.faTarget[i] as number, r.nfaTarget[i] as number));
    // The targets without a bonus; with one, `declareFor` works the declaration out as it comes.
    table = moves;
    tables.set(r, table);
  }
  lastTableOf = r;
  lastTableDown = r.techDown;
  lastTable = table;
  return table;
}

/** `declarationTable`'s last answer (one encounter at a time per thread). */
let lastTableOf: EncounterRecord | null = null;
let lastTableDown = false;
let lastTable: readonly number[] = [];

/** `stale`: two rounds or more without kills (`declarationMove`), the same for the round's every trooper. */
function declareFor(r: EncounterRecord, i: number, table: readonly number[], stale: boolean): void {
  const pos = r.pos[i] as number;
  noteDeclaration(
    r,
    i,
    r.bonus[i] === 0
      ? (table[i * 8 + (stale ? 4 : 0) + pos] as number)
      : declarationMove(r, i, pos, stale, r.target(i, false), r.target(i, true)),
  );
}

/** An FA success acting before the aliens: no alien success at or above its face. */
function actsBeforeAliens(r: EncounterRecord, slot: number): boolean {
  for (let q = 0; q < r.qLen; q++) {
    if (r.qActor[q] !== r.n) continue;
    return !r.qSuccess[q] || r.qCancelled[q] === 1 || (r.qFace[q] as number) < (r.qFace[slot] as number);
  }
  return true;
}

function trooperMove(r: EncounterRecord, i: number): number {
  const slot = r.cursor;
  if (!r.qSuccess[slot] || r.qCancelled[slot] || r.declNfa[i]) return 0;
  const pos = r.pos[i] as number;
  if (pos === BEYOND_FAR) return 0;
  const best = bestRangeFor(r, i, pos);
  // Already at its best range (most turns): no need to look for the aliens' slot.
  if (best === pos || !actsBeforeAliens(r, slot)) return 0;
  return best < pos ? -1 : 1;
}

/**
 * The range the side setting it picks: where the squad kills least (aliens) or most (troopers),
 * ties to the first looked at (aliens from Far in, troopers from Close out). The squad's power at
 * the three ranges is summed in one pass over the troopers, each row read once.
 */
function chooseRange(r: EncounterRecord, forAliens: boolean): number {
  let atClose = 0;
  let atMiddle = 0;
  let atFar = 0;
  for (let i = 0; i < r.n; i++) {
    if (!r.fighting(i)) continue;
    const row = r.power[i] as readonly number[];
    atClose += row[CLOSE] as number;
    atMiddle += row[CLOSE + 1] as number;
    atFar += row[FAR] as number;
  }
  let pick = forAliens ? FAR : CLOSE;
  let score = forAliens ? Number.POSITIVE_INFINITY : -1;
  for (let k = 0; k <= 2; k++) {
    const range = forAliens ? FAR - k : k;
    const p = range === CLOSE ? atClose : range === FAR ? atFar : atMiddle;
    if (forAliens ? p < score : p > score) {
      pick = range;
      score = p;
    }
  }
  return pick;
}

/** Steps per trooper for the aliens' pushes, 0 for none (reused: one encounter at a time per thread). */
const pushes: number[] = [];

function aliensPlay(r: EncounterRecord): void {
  const slot = r.cursor;
  if (!r.qSuccess[slot] || r.qCancelled[slot]) {
    alienTurn(r, null, null);
    return;
  }
  const face = r.qFace[slot] as number;
  const power = r.power;
  // Pushes: each trooper the aliens acted before, toward its weakest range (`pushFrom`).
  const pushFrom = r.pushFrom;
  let anyPush = false;
  for (let i = 0; i < r.n; i++) pushes[i] = 0;
  for (let q = 0; q < r.qLen; q++) {
    const i = r.qActor[q] as number;
    if (i >= r.n || !r.fighting(i)) continue;
    if (r.qSuccess[q] && !r.qCancelled[q] && (r.qFace[q] as number) >= face) continue;
    const steps = (pushFrom[i] as readonly number[])[r.pos[i] as number] as number;
    if (steps !== 0) {
      pushes[i] = steps;
      anyPush = true;
    }
  }
  // Nothing to choose between: no push, Swarm or Flee open to them.
  if (!anyPush && !r.swarm && !r.flee) {
    alienTurn(r, null, null);
    return;
  }
  // The troopers' power where they stand, after the pushes, all at Close (Swarm) and a step
  // farther (Flee), in one pass over the troopers (each sum in the same order).
  let now = 0;
  let pushed = 0;
  let swarmed = 0;
  let fled = 0;
  let atFar = false;
  for (let i = 0; i < r.n; i++) {
    if (!r.fighting(i)) continue;
    const p = r.pos[i] as number;
    const row = power[i] as readonly number[];
    now += row[p] as number;
    const steps = pushes[i] as number;
    pushed += row[steps === 0 ? p : stepPosition(p, steps)] as number;
    swarmed += row[CLOSE] as number;
    if (p === FAR) atFar = true;
    fled += row[stepPosition(p, 1)] as number;
  }
  let bestScore = now;
  let choice: 'moves' | 'swarm' | 'flee' | null = null;
  if (anyPush && pushed < bestScore) {
    bestScore = pushed;
    choice = 'moves';
  }
  if (r.swarm && swarmed < bestScore) {
    bestScore = swarmed;
    choice = 'swarm';
  }
  if (r.flee && !atFar && fled < bestScore) {
    bestScore = fled;
    choice = 'flee';
  }
  if (choice === 'moves') alienTurn(r, pushes, null);
  else alienTurn(r, null, choice);
}

/** A trooper has declared this round (the policy's abilities at a round's start come before any). */
function anyDeclared(r: EncounterRecord): boolean {
  for (let i = 0; i < r.n; i++) if (r.declared[i]) return true;
  return false;
}

/**
 * The policy's once-a-round or once-an-encounter looks at an ability (policy.ts `once`, its memo
 * keys): the round each was last looked at; Ignore Wounds also by the tokens removed when looked.
 */
const looked = {
  regen: -1,
  end: -1,
  induce: -1,
  stop: -1,
  explode: -1,
  ignoreRound: -1,
  ignoreRemoved: -1,
  rapid: false,
};

/**
 * An FA success in this round's order whose weapon kills where its trooper stands (alien Armour's
 * cue; with `tech`, a weapon of technology, Stop Technology's).
 */
function faSuccessThatKills(r: EncounterRecord, tech: boolean): boolean {
  for (let q = 0; q < r.qLen; q++) {
    const a = r.qActor[q] as number;
    if (a >= r.n || !r.qSuccess[q] || r.qCancelled[q] || r.declNfa[a]) continue;
    if (tech && r.handToHand[a]) continue;
    const pos = r.pos[a] as number;
    if (pos !== BEYOND_FAR && (r.spec[a] as readonly unknown[])[pos] !== null) return true;
  }
  return false;
}

/**
 * `policy.ts` `alienAbility` for the token abilities the record plays during the rounds (Suicide
 * stays in the declarations' step below, after these): the same checks in the same order, each
 * spending at most one ability per move. True when one was spent.
 */
function alienAbility(r: EncounterRecord, choose: Chooser): boolean {
  const round = r.round;
  if (r.step === Step.Declare) {
    if (r.aliensDeclared || anyDeclared(r)) return false;
    if (
      r.regeneration &&
      round > 1 &&
      regenerationRoundOf(round, r.removedNow, r.removedLast) === round - 1 &&
      looked.regen !== round
    ) {
      looked.regen = round;
      const from = worthBuyingBack(r.pool, r.tokens, r.removedLast);
      if (from) {
        regenerate(r, from === 'pool');
        return true;
      }
    }
    if (r.endEncounter && r.tokens <= 1 && !r.endAfterAlienTurn && looked.end !== round) {
      looked.end = round;
      if (r.pool >= 1) {
        endEncounter(r, true);
        return true;
      }
    }
    if (r.induceWeakness && r.induceTarget < 0 && looked.induce !== round) {
      looked.induce = round;
      // A trooper fighting, never induced this mission, with a Weakness left; picked by the
      // chooser only when the aliens can pay.
      targets.length = 0;
      for (let i = 0; i < r.n; i++)
        if (r.fighting(i) && !r.induced[i] && (r.weaknessesLeft[i] as number) > 0) targets.push(i);
      const from = payFrom(r.pool, r.tokens, 1);
      if (from && targets.length > 0) {
        const k =
          targets.length === 1 ? 0 : Math.max(0, Math.min(targets.length - 1, choose(targets.length)));
        induceWeakness(r, targets[k] as number, from === 'pool');
        return true;
      }
    }
    return false;
  }
  if (r.step !== Step.Resolve) return false;
  const c = r.cursor;
  if (r.rapidMovement && c < r.qLen && r.qActor[c] === r.n && !r.qDone[c] && !looked.rapid) {
    looked.rapid = true;
    // Everyone to the one range where the squad kills least, if that beats where they stand.
    const to = chooseRange(r, true);
    let before = 0;
    let after = 0;
    let alive = 0;
    for (let i = 0; i < r.n; i++) {
      if (!r.fighting(i)) continue;
      const power = r.power[i] as readonly number[];
      before += power[r.pos[i] as number] as number;
      after += power[to] as number;
      alive++;
    }
    const from = payFrom(r.pool, r.tokens, 1);
    if (from && alive > 0 && after < before) {
      rapidMovement(r, to, from === 'pool');
      return true;
    }
  }
  let anyDone = false;
  for (let q = 0; q < r.qLen; q++) if (r.qDone[q]) anyDone = true;
  if (!anyDone) {
    if (r.alienArmour && !r.alienArmourUsed && faSuccessThatKills(r, false)) {
      alienArmour(r);
      return true;
    }
    if (
      r.stopTechnology &&
      !r.techDown &&
      !r.killsVoid &&
      faSuccessThatKills(r, true) &&
      looked.stop !== round
    ) {
      looked.stop = round;
      const from = payFrom(r.pool, r.tokens, 1);
      if (from) {
        stopTechnology(r, from === 'pool');
        return true;
      }
    }
  }
  const removed = r.removedNow;
  if (r.ignoreWounds && removed > 0 && (looked.ignoreRound !== round || looked.ignoreRemoved !== removed)) {
    looked.ignoreRound = round;
    looked.ignoreRemoved = removed;
    const from = worthBuyingBack(r.pool, r.tokens, removed);
    if (from) {
      ignoreWounds(r, from === 'pool');
      return true;
    }
  }
  if (r.explodingBodies && removed > 0 && looked.explode !== round) {
    let atClose = false;
    for (let i = 0; i < r.n; i++) if (r.fighting(i) && r.pos[i] === CLOSE) atClose = true;
    if (atClose) {
      looked.explode = round;
      const from = payFrom(r.pool, r.tokens, 1);
      if (from) {
        explodingBodies(r, from === 'pool');
        return true;
      }
    }
  }
  return false;
}

/** Induce Weakness's candidates (reused: one encounter at a time per thread). */
const targets: number[] = [];

/**
 * The aliens' turn does something even when their die failed (Rapid Movement not yet looked at,
 * End Encounter due): their slot is then taken on its own, not with the other failures.
 */
function aliensTurnCounts(r: EncounterRecord): boolean {
  return (r.rapidMovement && !looked.rapid) || r.endAfterAlienTurn || r.induceTarget >= 0;
}

/** Plays the encounter on the record to its end, as `driver.ts` plays it through commands. */
export function playOnRecord(r: EncounterRecord, dice: DiceSource, choose: Chooser): void {
  if (r.answers instanceof PolicyAnswers) {
    r.answers.dice = dice;
    r.answers.choose = choose;
  } else r.answers = new PolicyAnswers(dice, choose);
  looked.regen = -1;
  looked.end = -1;
  looked.induce = -1;
  looked.stop = -1;
  looked.explode = -1;
  looked.ignoreRound = -1;
  looked.ignoreRemoved = -1;
  looked.rapid = false;
  for (let move = 0; move < MAX_MOVES_PER_ENCOUNTER; move++) {
    if (r.step === Step.Ended) return;
    // The most senior PC fell and several share the next rank: their NFA test settles who steps up.
    if (r.promotionRank > 0) {
      fieldPromotionRoll(r, dice);
      continue;
    }
    if (r.pLen > 0) {
      answerKills(r, dice, choose, false);
      continue;
    }
    // The Weakness the aliens forced is shown at once (policy.ts `nextCommand`).
    if (r.forced >= 0) {
      showWeakness(r);
      continue;
    }
    if (r.tokenAbilities && alienAbility(r, choose)) continue;
    switch (r.step) {
      case Step.Dominance:
        dominanceAll(r, dice);
        break;
      case Step.SetRange:
        setRange(r, chooseRange(r, r.rangeSetter === ALIENS_SET), dice);
        break;
      case Step.Declare:
        if (
          r.suicideAbility &&
          !r.aliensDeclared &&
          !r.rolled[r.suicide] &&
          r.tokens >= 2 &&
          !anyDeclared(r)
        ) {
          suicide(r);
          break;
        }
        // The policy's declarations in its order (each trooper's, then the aliens'), then its
        // dice, in one move: the round moves on once, after the last die (round.ts
        // `noteDeclaration`, `declareAliens`, `rollAll`). Between them the policy's next move
        // would check nothing that could have changed (its abilities wait for a round's start).
        {
          const table = declarationTable(r);
          const stale = r.roundsWithoutKills >= 2;
          for (let i = 0; i < r.n; i++) if (r.fighting(i) && !r.declared[i]) declareFor(r, i, table, stale);
        }
        if (!r.aliensDeclared) declareAliens(r);
        rollAll(r, dice);
        break;
      case Step.Roll:
        rollAll(r, dice);
        break;
      case Step.Resolve: {
        if (r.cursor >= r.qLen) throw new Error('simulate: no turn waiting in the record');
        // The policy takes a failure's turn doing nothing: the failures left go at once.
        if (!aliensTurnCounts(r) && failuresTaken(r)) break;
        const a = r.qActor[r.cursor] as number;
        if (a === r.n) {
          // Induce Weakness: the aliens' AA test comes first on their turn, struck or not.
          if (r.induceTarget >= 0) induceTest(r, dice);
          aliensPlay(r);
        } else trooperTurn(r, a, dice, trooperMove(r, a));
        break;
      }
      default:
        throw new Error(`simulate: no move for step ${r.step}`);
    }
  }
  throw new Error(`simulate: an encounter took more than ${MAX_MOVES_PER_ENCOUNTER} commands`);
}
