import { RuleError } from '../../engine/rule-error.ts';
import { otherActionSucceeds, requirePhase } from './actions.ts';
import { arenaOf, boardOf } from './board-adapter.ts';
import { ceilingOf, teamersUpAt } from './ceiling.ts';
import type { CommandOf } from './commands.ts';
import type { Draft } from './draft.ts';
import { isCarried, teamersAt, threatAt } from './figures.ts';
import type { FdState, Teamer } from './state.ts';
import { requireActor, teamerOrThrow } from './turn.ts';
import { refuseInVehicle } from './vehicles.ts';
import { inContact } from './world-adapter.ts';

/**
 * Carrying (24.3, 18): a Teamer picks up a comrade out of action, or a portable cargo load, as an
 * Other Action (fumble test), and is encumbered while he carries it. What he carries goes where
 * he goes, back over the boarding bridge too (a comrade carried home counts as back at Mother; a
 * load carried home is delivered). Setting it down is no task (no chit, no test).
 */

/** In his square or a neighbouring one he could reach (no wall or shut door between). */
function within(state: FdState, t: Teamer, x: number, y: number): boolean {
  if (t.x === null || t.y === null) return false;
  if (Math.max(Math.abs(x - t.x), Math.abs(y - t.y)) > 1) return false;
  const w = arenaOf(state).width;
  return (x === t.x && y === t.y) || inContact(state, t.y * w + t.x, y * w + x);
}

/**
 * Where he could pick up this comrade: on the floor in or next to his square (as `within`), or up
 * in the same ceiling in or next to his square (19: nothing stands between squares up there); never
 * from the floor to the ceiling or back.
 */
export function comradeWithin(state: FdState, t: Teamer, body: Teamer): boolean {
  if (body.x === null || body.y === null || t.x === null || t.y === null) return false;
  if ((t.up === true) !== (body.up === true)) return false;
  if (t.up !== true) return within(state, t, body.x, body.y);
  const board = boardOf(state);
  return (
    Math.max(Math.abs(body.x - t.x), Math.abs(body.y - t.y)) <= 1 &&
    board.tileAt(body.x, body.y) === board.tileAt(t.x, t.y)
  );
}

/** A Threat holds him as prey, on the floor or up in a ceiling (19). */
export function inAThreatsGrip(state: FdState, id: string): boolean {
  const c = ceilingOf(state);
  return (
    state.threatOrder.some((th) => state.threats[th]?.carrying === id) ||
    c.order.some((th) => c.threats[th]?.carrying === id)
  );
}

export function decideCarry(draft: Draft, c: CommandOf<'carry'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'team', 'threat');
  if (t.x === null || t.y === null) throw new RuleError('NOT_ABOARD', `${t.name} is not in the arena`, {});
  // Crew inside lift pods with the vehicle (loadPod), never by hand.
  refuseInVehicle(s, t);
  if (t.carrying !== null || t.cargo !== null)
    throw new RuleError('HANDS_FULL', `${t.name} already carries something`, { teamerId: t.id });
  if ((c.comradeId === undefined) === (c.x === undefined || c.y === undefined))
    throw new RuleError('BAD_CARRY', 'name a comrade or the square of a load, not both', {});
  if (c.comradeId !== undefined) {
    const body = teamerOrThrow(s, c.comradeId);
    const wounds = s.rules.pack.combat.teamerWounds;
    if (body.id === t.id || body.wounds < wounds.outOfActionAt || body.wounds >= wounds.deadAt || body.left)
      throw new RuleError('NOT_OUT', `${body.name} is not a comrade out of action`, { comradeId: body.id });
    if (isCarried(s, body.id))
      throw new RuleError('ALREADY_CARRIED', `someone already carries ${body.name}`, { comradeId: body.id });
    if (inAThreatsGrip(s, body.id))
      throw new RuleError('IN_A_THREATS_GRIP', `a Threat has ${body.name}`, { comradeId: body.id });
    if (!comradeWithin(s, t, body))
      throw new RuleError('NOT_NEXT_TO', `${body.name} is not next to ${t.name}`, { comradeId: body.id });
    if (!otherActionSucceeds(draft, t, `pick up ${body.name}`)) return;
    draft.emit({ type: 'teamer.carried', teamerId: t.id, comradeId: body.id });
    return;
  }
  const x = c.x as number;
  const y = c.y as number;
  if (t.up === true)
    throw new RuleError('IN_CEILING', `${t.name} is up in the ceiling: no load up there`, {});
  const { load, id } = podAt(s, x, y);
  if (!within(s, t, x, y)) throw new RuleError('NOT_NEXT_TO', `${id} is not next to ${t.name}`, { x, y });
  if (teamersAt(s, x, y).length > 0 || threatAt(s, x, y))
    throw new RuleError('LOAD_OCCUPIED', `someone stands on ${id}`, { x, y });
  if (!otherActionSucceeds(draft, t, `pick up ${id}`)) return;
  draft.emit({ type: 'cargo.moved', teamerId: t.id, load, to: null });
}

/**
 * The portable load (cargo pod) standing at (x, y), not lost: what a Teamer or a vehicle may pick
 * up. Refusals NO_LOAD_THERE, NOT_PORTABLE, LOAD_LOST.
 */
export function podAt(s: FdState, x: number, y: number): { load: number; id: string } {
  const arena = arenaOf(s);
  const load = x < arena.width && y < arena.height ? (arena.loadAt[y * arena.width + x] as number) : -1;
  const l = arena.loads[load];
  if (!l) throw new RuleError('NO_LOAD_THERE', `no load at (${x},${y})`, { x, y });
  if (!l.portable) throw new RuleError('NOT_PORTABLE', `${l.id} is too big to carry`, { load: l.id });
  if (s.loads[load]?.lost) throw new RuleError('LOAD_LOST', `${l.id} is lost`, { load: l.id });
  return { load, id: l.id };
}

/** Setting down is done in his own activation, or answering an interrupt (refusal NOT_YOUR_TURN). */
export function requireOwnTurn(s: FdState, t: Teamer): void {
  const own =
    s.activation?.teamerIds.includes(t.id) === true || s.interrupt?.teamerIds.includes(t.id) === true;
  if (!own) throw new RuleError('NOT_YOUR_TURN', `${t.name} is not activated now`, { teamerId: t.id });
}

/**
 * Setting down what he carries, in his own activation (or answering an interrupt): a comrade in
 * his own square (it must have room for a man lying there), a load in a neighbouring square of
 * bare floor with nobody in it.
 */
export function decidePutDown(draft: Draft, c: CommandOf<'putDown'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'team', 'threat');
  requireOwnTurn(s, t);
  if (t.x === null || t.y === null) throw new RuleError('NOT_ABOARD', `${t.name} is not in the arena`, {});
  const arena = arenaOf(s);
  if (t.carrying !== null) {
    const here = t.y * arena.width + t.x;
    // Up in a ceiling (19) two men share a square, the one setting him down among them.
    const room =
      t.up === true
        ? teamersUpAt(s, t.x, t.y).length >= 2
        : teamersAt(s, t.x, t.y).length >= (arena.capacity[here] as number);
    if (room) throw new RuleError('NO_ROOM', 'no room in his square to set the comrade down', {});
    draft.emit({ type: 'teamer.carried', teamerId: t.id, comradeId: null });
    return;
  }
  if (t.cargo === null)
    throw new RuleError('CARRIES_NOTHING', `${t.name} carries nothing`, { teamerId: t.id });
  if (c.x === undefined || c.y === undefined) throw new RuleError('BAD_CARRY', 'say where the load goes', {});
  const { x, y } = c;
  if (x >= arena.width || y >= arena.height || (x === t.x && y === t.y) || !within(s, t, x, y))
    throw new RuleError('NOT_NEXT_TO', `(${x},${y}) is not next to ${t.name}`, { x, y });
  const sq = y * arena.width + x;
  const bare = arena.isSquare[sq] === 1 && arena.wholeHeight[sq] === 0 && arena.partHeight[sq] === 0;
  if (!bare || teamersAt(s, x, y).length > 0 || threatAt(s, x, y))
    throw new RuleError('NO_ROOM', `(${x},${y}) is not bare, empty floor`, { x, y });
  draft.emit({ type: 'cargo.moved', teamerId: t.id, load: t.cargo, to: sq });
}
