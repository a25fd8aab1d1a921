import { RuleError } from '../../engine/rule-error.ts';
import { spendOtherAction } from './actions.ts';
import type { Facing } from './arena/model.ts';
import { type Position, pairFits, positionPoint } from './arena/positions.ts';
import type { CommandOf } from './commands.ts';
import type { Draft } from './draft.ts';
import { teamersAt } from './figures.ts';
import { canAct, type FdState, readyChit, type Teamer, waitChit } from './state.ts';
import { teamerOrThrow } from './turn.ts';

/**
 * Positions in a square (9.5) and juggling them (8.4). A lone Teamer stands where he likes; when a
 * second steps in, the pair stands opposite each other (the newcomer takes the place most opposite
 * his mate's, a mate in the centre first stepping to his left). Stack-mates may swap places: one
 * spends an action before the other has activated (both must still have one), and any WAIT chit
 * either holds is spent; in the Threat phase two waiting stack-mates juggle when one is triggered,
 * both WAIT chits going.
 */

const PLACES: readonly Exclude<Position, 'centre'>[] = ['front', 'right', 'back', 'left'];

/** After a step into a square a comrade stands in: the two take opposite places. */
export function makeRoom(draft: Draft, teamerId: string): void {
  const t = draft.state.teamers[teamerId] as Teamer;
  if (t.x === null || t.y === null) return;
  const mate = teamersAt(draft.state, t.x, t.y).find((m) => m.id !== t.id);
  if (!mate) return;
  const matePos: Position = mate.position === 'centre' ? 'left' : mate.position;
  const m = positionPoint({ facing: mate.facing, position: matePos });
  let best: Position = 'back';
  let bestDot = Number.POSITIVE_INFINITY;
  for (const p of PLACES) {
    const q = positionPoint({ facing: t.facing, position: p });
    const dot = q.x * m.x + q.y * m.y;
    if (dot < bestDot) {
      bestDot = dot;
      best = p;
    }
  }
  if (best === t.position && matePos === mate.position) return;
  draft.emit({ type: 'position.changed', positions: { [mate.id]: matePos, [t.id]: best } });
}

/**
 * A free choice of place in his square (9.5: at the end of a move, or with the action that turns
 * him without moving). Alone he may take any place; beside a stack-mate only the one opposite the
 * mate's (POSITION_TAKEN otherwise). Returns the new places to emit, or null when nothing changes;
 * throws before anything is emitted.
 */
export function chosenPosition(
  state: FdState,
  t: Teamer,
  facing: Facing,
  position: Position | undefined,
): Record<string, Position> | null {
  if (position === undefined || t.x === null || t.y === null) return null;
  const mate = teamersAt(state, t.x, t.y).find((m) => m.id !== t.id);
  if (mate && !pairFits({ facing, position }, mate))
    throw new RuleError('POSITION_TAKEN', `${mate.name} stands there: take the place opposite his`, {
      position,
    });
  return position === t.position ? null : { [t.id]: position };
}

export function decideJuggle(draft: Draft, c: CommandOf<'juggle'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  const p = teamerOrThrow(s, c.partnerId);
  if (s.move) throw new RuleError('MOVE_IN_PROGRESS', 'finish the move in progress first', {});
  if (!canAct(t) || !canAct(p)) throw new RuleError('CANNOT_ACT', 'both must be able to act', {});
  if (p.id === t.id || t.x !== p.x || t.y !== p.y)
    throw new RuleError('NOT_STACKED', `${p.name} is not in ${t.name}'s square`, { partnerId: p.id });
  if (s.interrupt) {
    // Threat phase: two waiting stack-mates, one of them triggered; both WAIT chits go.
    if (waitChit(p) === null)
      throw new RuleError('NO_CHIT', `${p.name} holds no WAIT chit`, { partnerId: p.id });
  } else if (s.activated.includes(p.id) && !s.activation?.teamerIds.includes(p.id)) {
    throw new RuleError('ALREADY_ACTIVATED', `${p.name} has already activated`, { partnerId: p.id });
  } else if (readyChit(p) === null && waitChit(p) === null) {
    throw new RuleError('NO_CHIT', `${p.name} has no action left`, { partnerId: p.id });
  }
  spendOtherAction(draft, t);
  for (const id of [t.id, p.id]) {
    const m = draft.state.teamers[id] as Teamer;
    const w = waitChit(m);
    if (w === null) continue;
    draft.emit({ type: 'chit.used', teamerId: id, chit: w, to: 'ACTED', kind: 'juggle' });
    if (draft.state.interrupt?.teamerIds.includes(id))
      draft.emit({ type: 'interrupt.answered', teamerId: id, used: true });
  }
  draft.emit({ type: 'position.changed', positions: { [t.id]: p.position, [p.id]: t.position } });
}
