import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import type { FdView, SeatRef } from './model.ts';

/**
 * Whether (and for what) the table waits on this seat: read from the view's `pending` and the
 * Teamers' seats alone (types only, no ruleset code), so the table page can ask it on every view.
 */

function mine(view: FdView, seat: SeatRef, id: string | null | undefined): Teamer | null {
  if (!id) return null;
  const t = Object.hasOwn(view.teamers, id) ? view.teamers[id] : undefined;
  if (!t) return null;
  if (seat.role === 'gm') return t;
  if (seat.role !== 'player') return null;
  return t.seatId === null || t.seatId === seat.seatId ? t : null;
}

/** What this seat is asked to do now, in words; null when the table waits on someone else. */
export function yourMove(view: FdView, seat: SeatRef): string | null {
  if (seat.role === 'spectator') return null;
  const p = view.pending;
  if (p.interrupt) {
    const who = p.interrupt.teamerIds
      .map((id) => mine(view, seat, id))
      .filter((t): t is Teamer => t !== null);
    if (who.length > 0)
      return `${who.map((t) => t.name).join(' and ')}: a Threat is moving in sight. Use the WAIT chit or let it pass.`;
    return null;
  }
  switch (p.phase) {
    case 'briefing':
      return 'Choose the mission and board the Drifter.';
    case 'exploration':
      return 'Exploration: open doors or scan, then end the exploration.';
    case 'team': {
      const moving = mine(view, seat, p.moving);
      if (moving) return `${moving.name} is moving: step, turn or end the move.`;
      const active = p.activated.map((id) => mine(view, seat, id)).find((t) => t !== null);
      if (active) return `${active.name} is activated: choose an action.`;
      const next = mine(view, seat, p.nextTeamer);
      if (next) return `${next.name} is next: activate him.`;
      if (p.nextTeamer === null && p.activated.length === 0)
        return 'Every Teamer has acted: end the Team phase.';
      return null;
    }
    default:
      return null;
  }
}

function isRole(v: unknown): v is SeatRef['role'] {
  return v === 'gm' || v === 'player' || v === 'spectator';
}

/** For the table page, which holds the view as it came off the wire. */
export function awaitsSeat(view: unknown, seat: SeatRef): boolean {
  if (typeof view !== 'object' || view === null || !isRole(seat.role)) return false;
  const v = view as Partial<Record<keyof FdView, unknown>>;
  if (
    typeof v.pending !== 'object' ||
    v.pending === null ||
    typeof v.teamers !== 'object' ||
    v.teamers === null
  )
    return false;
  return yourMove(view as FdView, seat) !== null;
}
