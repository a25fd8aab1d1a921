import { RuleError } from '../../engine/rule-error.ts';
import { otherActionSucceeds, requirePhase } from './actions.ts';
import { arenaOf } from './board-adapter.ts';
import type { CommandOf } from './commands.ts';
import type { Draft } from './draft.ts';
import { canAct, type FdState, type Teamer } from './state.ts';
import { requireActor, teamerOrThrow } from './turn.ts';

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

/**
 * The bridge / control-room override (15.1, 17 step 5: "Door Check is skipped"). The booklet names
 * it a scenario action and says no more. Bughunt reads: a Teamer standing at a special location
 * the pack marks `overridesDoors` (the Drifter's Bridge console) sets it, or lifts it again, as an
 * Other Action with a fumble test (8.5: a scenario task); it holds until lifted, for every door;
 * with the power down no door control works, so it cannot be changed then (Door Check is skipped
 * anyway).
 */
export function decideBridgeOverride(draft: Draft, c: CommandOf<'bridgeOverride'>): void {
  const t = teamerOrThrow(draft.state, c.teamerId);
  bridgeOverrideChecks(draft.state, t, c.on);
  if (!otherActionSucceeds(draft, t, c.on ? 'set the door override' : 'lift the door override')) return;
  draft.emit({ type: 'override.set', teamerId: t.id, on: c.on });
}

/**
 * `bridgeOverride`'s checks before its chit (thrown as the command's refusals), shared with the
 * legal list (`legal.ts` `legalBridgeOverride`) the table's button is offered from.
 */
export function bridgeOverrideChecks(s: FdState, t: Teamer, on: boolean): void {
  requireActor(s, t);
  if (s.phase !== 'exploration' && s.phase !== 'team' && s.phase !== 'threat')
    throw new RuleError('WRONG_PHASE', `not in the ${s.phase} phase`, { phase: s.phase });
  if (t.x === null || t.y === null) throw new RuleError('NOT_ABOARD', `${t.name} is not in the arena`, {});
  const arena = arenaOf(s);
  const here = t.y * arena.width + t.x;
  if (!arena.specials.some((sp) => sp.overridesDoors && sp.square === here))
    throw new RuleError('NOT_THERE', `${t.name} is not at a console that overrides the doors`, {});
  if (s.doorOverride === on)
    throw new RuleError('ALREADY', on ? 'the override is already set' : 'the override is not set', {});
  if (s.effects.powerDownUntilTurn >= s.turn)
    throw new RuleError('POWER_DOWN', 'no door control works while the power is down', {});
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
