import { RuleError } from '../../engine/rule-error.ts';
import { rollOff, shuffle } from './dice.ts';
import type { Draft } from './draft.ts';
import { evaluateIfOver } from './evaluation.ts';
import { housekeeping } from './housekeeping.ts';
import {
  type ActionKind,
  canAct,
  type FdState,
  onBridge,
  readyChit,
  type SequenceCard,
  type Teamer,
  teamerOf,
  waitChit,
} from './state.ts';
import { continueThreatPhase } from './threat-phase.ts';

/**
 * The turn (digest 6, 8): phases, the activation order, chits READY / ACTED / WAIT, and what
 * follows by itself when the Team is done (the Threat phase, Housekeeping, the next turn).
 */

export function teamerOrThrow(state: FdState, id: string): Teamer {
  const t = teamerOf(state, id);
  if (!t) throw new RuleError('UNKNOWN_TEAMER', `there is no Teamer ${id}`, { teamerId: id });
  return t;
}

/** Teamers who take part in this turn's Team phase: in the arena and able, or still on the bridge. */
export function inPlay(t: Teamer): boolean {
  return canAct(t) || onBridge(t);
}

/**
 * Who must activate next in the fixed order (8.1): the first in team order who has not activated
 * and still has a READY chit; a chicken is never first in a turn (he drops behind the next).
 */
export function nextInOrder(state: FdState): string | null {
  // With the activation stack YOU's card is held out of the draw: he comes last unless he cuts in.
  const leader = state.teamOrder.find((id) => (state.teamers[id] as Teamer).leader);
  const decks = multiTeamOrder(state);
  const order =
    decks ??
    (state.turnOrder && leader !== undefined && !state.turnOrder.includes(leader)
      ? [...state.turnOrder, leader]
      : (state.turnOrder ?? state.teamOrder));
  const waiting = order.filter((id) => {
    const t = state.teamers[id] as Teamer;
    return inPlay(t) && !state.activated.includes(id) && readyChit(t) !== null;
  });
  const first = waiting[0];
  if (first === undefined) return null;
  if (state.activated.length === 0 && (state.teamers[first] as Teamer).chicken) {
    const other = waiting.find((id) => !(state.teamers[id] as Teamer).chicken);
    if (other !== undefined) return other;
  }
  return first;
}

/**
 * Multi-team play (21): the round's order is the sequence pack's teams, each playing out its
 * activation deck in the order its player laid it, as far as the next Threat card not yet turned
 * up (null: no sequence drawn, e.g. turn 1's boarding order).
 */
function multiTeamOrder(state: FdState): readonly string[] | null {
  const mt = state.multiTeam;
  if (!mt || mt.sequence.length === 0) return null;
  const out: string[] = [];
  let threats = 0;
  for (const card of mt.sequence) {
    if (card === 'threat') {
      threats++;
      if (threats > mt.threatCards) break;
    } else out.push(...(mt.teams[card]?.playing ?? []));
  }
  return out;
}

/** Multi-team play: the round's sequence still holds a Threat card not turned up. */
export function threatCardsLeft(state: FdState): number {
  const mt = state.multiTeam;
  if (!mt) return 0;
  return mt.sequence.filter((c) => c === 'threat').length - mt.threatCards;
}

/**
 * Multi-team play: the round's sequence pack (the pack's `multiTeam.teamCards` Team cards and
 * `threatCards` Threat cards per team), shuffled with the table's dice when the Team phase begins.
 */
function drawSequence(draft: Draft): void {
  const mt = draft.state.multiTeam;
  if (!mt) return;
  const { teamCards, threatCards } = draft.state.rules.pack.options.multiTeam;
  const cards: SequenceCard[] = mt.teams.flatMap((_, i) => [
    ...Array.from({ length: teamCards }, () => i),
    ...Array.from({ length: threatCards }, (): SequenceCard => 'threat'),
  ]);
  const faces: number[] = [];
  const drawn = shuffle(draft.table, cards, 'draw the sequence pack', faces);
  // A team's further cards add nothing here: its deck is played out at its first card. Every
  // Threat card counts: each sets a share of the Threat units going.
  const order = drawn.filter((card, k) => card === 'threat' || drawn.indexOf(card) === k);
  draft.emit({ type: 'sequence.drawn', order, faces });
}

/**
 * Multi-team play: the teams before the next Threat card have played, so it turns up and its
 * Threat units act now (threat-phase.ts takes its share of them), each run by a seat as in the
 * Threat phase.
 */
function turnThreatCard(draft: Draft): void {
  const mt = draft.state.multiTeam as NonNullable<FdState['multiTeam']>;
  draft.emit({ type: 'sequence.threatCard', card: mt.threatCards + 1 });
  continueThreatPhase(draft);
  if (!draft.state.interrupt && !awaitingThreatRun(draft.state)) afterThreatPhase(draft);
}

/** A Team-phase ambush waits for the seat whose call it is (21). */
export function awaitingAmbush(state: FdState): boolean {
  const call = state.multiTeam?.call;
  return call?.ambush !== undefined && !call.run;
}

/** Multi-team play: the Threat phase waits for a player to run the next Threat unit. */
export function awaitingThreatRun(state: FdState): boolean {
  return state.phase === 'threat' && state.multiTeam?.call?.run === false;
}

/**
 * Methods 2–4 of 8.1 fix the turn's order when the Team phase begins (turn 1 is always boarding
 * order): nearest a Threat first (distance 13.2, ties rolled off), or a random draw of the Teamer
 * cards; with the activation stack YOU's card is held out (he may go between any two draws).
 */
export function drawActivationOrder(draft: Draft): void {
  const s = draft.state;
  if (s.turn <= 1) return;
  if (s.multiTeam) {
    drawSequence(draft);
    return;
  }
  if (s.activationMethod === 'fixed') return;
  const faces: number[] = [];
  const ids = s.teamOrder.filter((id) => inPlay(s.teamers[id] as Teamer));
  let order: string[];
  if (s.activationMethod === 'nearest-first') {
    const dist = (id: string) => {
      const t = s.teamers[id] as Teamer;
      let best = Number.POSITIVE_INFINITY;
      if (t.x === null || t.y === null) return best;
      for (const tid of s.threatOrder) {
        const th = s.threats[tid];
        if (th) best = Math.min(best, draft.board.distance(t.x, t.y, th.x, th.y));
      }
      return best;
    };
    const groups = new Map<number, string[]>();
    for (const id of ids) groups.set(dist(id), [...(groups.get(dist(id)) ?? []), id]);
    order = [];
    for (const d of [...groups.keys()].sort((a, b) => a - b)) {
      let tied = groups.get(d) as string[];
      while (tied.length > 1) {
        const win = rollOff(draft.table, tied.length, 'activation order roll-off', faces);
        order.push(tied[win] as string);
        tied = tied.filter((_, i) => i !== win);
      }
      order.push(...tied);
    }
  } else {
    const deck = s.activationMethod === 'stack' ? ids.filter((id) => !(s.teamers[id] as Teamer).leader) : ids;
    order = shuffle(draft.table, deck, 'draw the Teamer cards', faces);
  }
  draft.emit({ type: 'order.drawn', order, faces });
}

/**
 * How an action of `kind` by this Teamer is paid for now, or a refusal: his activation's READY chit
 * (following its declared plan), his WAIT chit (between activations in the Team phase, or when an
 * interrupt names him), or in the Exploration phase a READY chit for a scan or a door.
 */
export function chitFor(state: FdState, t: Teamer, kind: ActionKind): { chit: 0 | 1; viaWait: boolean } {
  if (state.interrupt) {
    if (!state.interrupt.teamerIds.includes(t.id))
      throw new RuleError('NOT_YOUR_TURN', `${t.name} is not the one an interrupt waits for`, {
        teamerId: t.id,
      });
    const w = waitChit(t);
    if (w === null) throw new RuleError('NO_CHIT', `${t.name} holds no WAIT chit`, { teamerId: t.id });
    return { chit: w, viaWait: true };
  }
  if (state.phase === 'exploration') {
    const r = readyChit(t);
    if (r === null || t.chits[0] !== 'READY')
      throw new RuleError('NO_CHIT', `${t.name} has already used a chit in this phase`, { teamerId: t.id });
    if (!canAct(t)) throw new RuleError('CANNOT_ACT', `${t.name} cannot act`, { teamerId: t.id });
    return { chit: r, viaWait: false };
  }
  if (state.phase !== 'team')
    throw new RuleError('WRONG_PHASE', `no Team action in the ${state.phase} phase`, {});
  if (state.activation?.teamerIds.includes(t.id)) {
    const r = readyChit(t);
    if (r === null) throw new RuleError('NO_CHIT', `${t.name} has no READY chit left`, { teamerId: t.id });
    const plan = state.activation.plans[t.id];
    const used = t.chits.filter((c) => c !== 'READY').length;
    const declared = plan?.[used];
    if (declared !== undefined && declared !== kind)
      throw new RuleError('NOT_DECLARED', `${t.name} declared ${declared} for this action, not ${kind}`, {
        teamerId: t.id,
        declared,
      });
    return { chit: r, viaWait: false };
  }
  if (!state.activation && !state.move) {
    const w = waitChit(t);
    if (w !== null) return { chit: w, viaWait: true };
  }
  throw new RuleError('NOT_YOUR_TURN', `${t.name} is not activated now`, { teamerId: t.id });
}

/** Spends the chit an action is paid with (after its checks passed, before its dice). */
export function spendChit(draft: Draft, teamerId: string, kind: ActionKind): void {
  const t = teamerOrThrow(draft.state, teamerId);
  const { chit, viaWait } = chitFor(draft.state, t, kind);
  draft.emit({ type: 'chit.used', teamerId, chit, to: 'ACTED', kind });
  if (viaWait && draft.state.interrupt) draft.emit({ type: 'interrupt.answered', teamerId, used: true });
}

/** The Teamer may act in this phase at all (the checks every action shares, before its own). */
export function requireActor(state: FdState, t: Teamer): void {
  if (state.move && state.move.teamerId !== t.id)
    throw new RuleError('MOVE_IN_PROGRESS', 'finish the move in progress first', {
      teamerId: state.move.teamerId,
    });
  if (state.move && state.move.teamerId === t.id)
    throw new RuleError('MOVE_IN_PROGRESS', `${t.name} is moving: step, turn or end the move`, {
      teamerId: t.id,
    });
  if (t.wounds >= 2 || t.left) throw new RuleError('CANNOT_ACT', `${t.name} cannot act`, { teamerId: t.id });
}

/**
 * After any Team command: close an activation whose chits are all spent, then, once every Teamer
 * in play has had his turn and nobody holds a WAIT chit, run the rest of the turn.
 */
export function settle(draft: Draft): void {
  const s = draft.state;
  if (s.phase === 'threat') {
    // A WAIT action under way (a move answering an interrupt) finishes before the Threats go on.
    if (!s.interrupt && !s.move && !awaitingThreatRun(s)) afterThreatPhase(draft);
    return;
  }
  if (s.phase !== 'team' || s.move || s.interrupt || awaitingAmbush(s)) return;
  const a = s.activation;
  if (a?.teamerIds.every((id) => readyChit(s.teamers[id] as Teamer) === null)) {
    draft.emit({ type: 'activation.ended', teamerIds: a.teamerIds });
  }
  if (draft.state.activation) return;
  if (evaluateIfOver(draft)) return;
  const everyoneDone = nextInOrder(draft.state) === null;
  if (everyoneDone && threatCardsLeft(draft.state) > 0) {
    turnThreatCard(draft);
    return;
  }
  const waiting = draft.state.teamOrder.some((id) => waitChit(draft.state.teamers[id] as Teamer) !== null);
  if (everyoneDone && !waiting) endTeamPhase(draft);
}

/** The Team is done: chits still READY are lost, then the Threat phase runs. */
export function endTeamPhase(draft: Draft): void {
  for (const id of draft.state.teamOrder) {
    const t = draft.state.teamers[id] as Teamer;
    t.chits.forEach((c, i) => {
      if (c === 'READY')
        draft.emit({ type: 'chit.used', teamerId: id, chit: i as 0 | 1, to: 'ACTED', kind: 'lost' });
    });
  }
  draft.emit({ type: 'phase.began', phase: 'threat', turn: draft.state.turn });
  continueThreatPhase(draft);
  if (!draft.state.interrupt && !awaitingThreatRun(draft.state)) afterThreatPhase(draft);
}

/** Housekeeping, then the next turn's Exploration phase (or the evaluation when the game is over). */
function afterThreatPhase(draft: Draft): void {
  if (draft.state.phase !== 'threat') return;
  continueThreatPhase(draft);
  if (draft.state.interrupt || awaitingThreatRun(draft.state)) return;
  if (draft.state.multiTeam?.onThreatCard) {
    // The card's units are done: back to the teams' cards (or the next Threat card, or the end).
    draft.emit({ type: 'sequence.resumed' });
    settle(draft);
    return;
  }
  draft.emit({ type: 'phase.began', phase: 'housekeeping', turn: draft.state.turn });
  housekeeping(draft);
  if (evaluateIfOver(draft, true)) return;
  draft.emit({ type: 'phase.began', phase: 'exploration', turn: draft.state.turn + 1 });
}
