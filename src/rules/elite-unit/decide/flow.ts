import type { EliteUnitEvent } from '../events.ts';
import { evolveState } from '../evolve.ts';
import { isHelpless } from '../rules/effective.ts';
import type { EliteUnitState } from '../state.ts';

/**
 * After a command's own events: when the acting slot is spent (no actions left, dead, helpless),
 * the battle moves on by itself, skipping the helpless and the dead and ending the Turn at the
 * bottom of the list (§5). Returns the events and the state they reach.
 */
export function withFlow(
  state: EliteUnitState,
  events: EliteUnitEvent[],
): { events: EliteUnitEvent[]; after: EliteUnitState } {
  let s = state;
  for (const e of events) s = evolveState(s, e);
  const b = s.battle;
  if (!b || s.pending) return { events, after: s };
  const current = b.order[b.slot];
  const c = current ? s.characters[current.id] : undefined;
  const spent =
    !c || c.dead !== null || isHelpless(c) || b.actionsUsed >= c.actions || b.waiting.includes(c.id);
  if (!spent) return { events, after: s };
  return advance(s, events, b.slot + 1);
}

/** Moves to the next able slot at or after `from`, ending Turns on the way. */
export function advance(
  state: EliteUnitState,
  events: EliteUnitEvent[],
  from: number,
): { events: EliteUnitEvent[]; after: EliteUnitState } {
  let s = state;
  const out = events;
  const push = (e: EliteUnitEvent) => {
    out.push(e);
    s = evolveState(s, e);
  };
  let slot = from;
  let turnsEnded = 0;
  const skipped: string[] = [];
  const b0 = s.battle;
  if (!b0) return { events: out, after: s };
  for (let guard = 0; guard < 2 * b0.order.length + 2; guard++) {
    const b = s.battle;
    if (!b) break;
    if (slot >= b.order.length) {
      if (turnsEnded > 0) break;
      push({ type: 'turn.ended', turn: b.turn });
      turnsEnded++;
      slot = 0;
      continue;
    }
    const entry = b.order[slot];
    const c = entry ? s.characters[entry.id] : undefined;
    if (!c || c.dead !== null || b.waiting.includes(c.id)) {
      slot++;
      continue;
    }
    if (isHelpless(c)) {
      skipped.push(c.id);
      slot++;
      continue;
    }
    push({ type: 'slot.advanced', turn: b.turn, slot, skipped });
    return { events: out, after: s };
  }
  return { events: out, after: s };
}
