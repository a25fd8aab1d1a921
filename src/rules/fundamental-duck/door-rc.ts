import { RuleError } from '../../engine/rule-error.ts';
import { requirePhase } from './actions.ts';
import { arenaOf } from './board-adapter.ts';
import type { CommandOf } from './commands.ts';
import type { Draft } from './draft.ts';
import { canAct, type FdState, type Teamer } from './state.ts';
import { teamerOrThrow } from './turn.ts';

/**
 * DOOR RC (15.1, 17 step 5): at Door Check a door nobody stands by closes, unless a Teamer holding
 * a DOOR RC is on one of the two tiles it joins; he decides. Housekeeping runs by itself, so his
 * decision is a standing one, given any time before: `holdDoor` keeps a door open (or lets it go
 * again). It costs no chit and no test: a remote control is worked without putting the gun down.
 */

/** Able Teamers with a DOOR RC on one of the door's two tiles. */
function controllers(state: FdState, door: number): Teamer[] {
  const arena = arenaOf(state);
  const g = arena.doors[door];
  if (!g) return [];
  return state.teamOrder
    .map((id) => state.teamers[id] as Teamer)
    .filter((t) => {
      if (!t.doorRc || !canAct(t) || t.x === null || t.y === null) return false;
      const tile = arena.tileOf[t.y * arena.width + t.x];
      return tile === g.tiles[0] || tile === g.tiles[1];
    });
}

/** Whether Door Check leaves this door open: held, and a DOOR RC holder is on one of its tiles. */
export function heldOpen(state: FdState, door: number): boolean {
  return state.doorsHeld.includes(door) && controllers(state, door).length > 0;
}

export function decideHoldDoor(draft: Draft, c: CommandOf<'holdDoor'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requirePhase(draft, 'exploration', 'team', 'threat');
  if (!t.doorRc) throw new RuleError('NO_DOOR_RC', `${t.name} holds no DOOR RC`, { teamerId: t.id });
  if (!canAct(t)) throw new RuleError('CANNOT_ACT', `${t.name} cannot work the DOOR RC`, { teamerId: t.id });
  if (!arenaOf(s).doors[c.door])
    throw new RuleError('UNKNOWN_DOOR', `there is no door ${c.door}`, { door: c.door });
  if (!controllers(s, c.door).some((o) => o.id === t.id))
    throw new RuleError('NOT_NEAR', `${t.name} is on neither tile the door joins`, { door: c.door });
  if (s.doorsHeld.includes(c.door) === c.hold)
    throw new RuleError('ALREADY', c.hold ? 'that door is already held open' : 'that door is not held', {
      door: c.door,
    });
  draft.emit({ type: 'door.held', teamerId: t.id, door: c.door, held: c.hold });
}
