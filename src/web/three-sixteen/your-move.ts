import type { Decision } from '../../rules/three-sixteen/encounter/pending.ts';
import type { Role, SeatRef, View } from './model.ts';

/**
 * Whether the table waits on this seat: read from the view's `pending` decisions alone. Only types
 * are imported here (no ruleset code), so the table page can ask it on every view without loading
 * the 3:16 screens: the phone's "Game" tab is marked even while the game screen is not mounted.
 */

/** Is this seat one that may make the decision (`seat`, or one of `orSeats`)? */
export function isMine(seat: SeatRef, d: Decision): boolean {
  const named = (who: string) => who === seat.seatId || (seat.role === 'gm' && who === 'gm');
  return named(d.seat) || (d.orSeats ?? []).some(named);
}

/**
 * A player with no trooper while the squad is made: the ruleset lists troopers to make as the GM's
 * step (it waits on no particular seat), but the creation form is theirs to fill in now.
 */
export function mustCreate(view: View, seat: SeatRef): boolean {
  return (
    view.campaign.phase === 'setup' &&
    seat.role === 'player' &&
    !view.trooperOrder.some((id) => view.troopers[id]?.ownerSeatId === seat.seatId)
  );
}

/** The seat as it acts now: a player running the mission as rotating GM decides the GM's steps. */
export function actingSeat(view: Pick<View, 'actingRole'>, seat: SeatRef): SeatRef {
  const role = view.actingRole ?? seat.role;
  return role === seat.role ? seat : { ...seat, role };
}

/**
 * The 3:16 screen's sections. Every decision the table waits on is made on the first one ("Play",
 * called "Encounter" during a fight); the sheets and the story only show what happened.
 */
export type Section = 'play' | 'sheets' | 'story';

/**
 * The sections holding something this seat is waited for (empty when nothing is). `seat` is the
 * acting seat (see `actingSeat`). Spectators are never waited for.
 */
export function sectionsAwaiting(view: View, seat: SeatRef): readonly Section[] {
  if (seat.role === 'spectator') return [];
  const mine = mustCreate(view, seat) || view.pending.some((d) => isMine(seat, d));
  return mine ? ['play'] : [];
}

function isRole(role: unknown): role is Role {
  return role === 'gm' || role === 'player' || role === 'spectator';
}

/**
 * For the table page, which holds the view as it came off the wire: does this 3:16 view wait on
 * `seat` now? False for anything that is not a 3:16 view yet (still loading).
 */
export function awaitsSeat(view: unknown, seat: SeatRef): boolean {
  if (typeof view !== 'object' || view === null) return false;
  const v = view as Partial<Record<keyof View, unknown>>;
  if (
    !Array.isArray(v.pending) ||
    !Array.isArray(v.trooperOrder) ||
    typeof v.troopers !== 'object' ||
    v.troopers === null ||
    typeof v.campaign !== 'object' ||
    v.campaign === null
  )
    return false;
  const typed = view as View;
  const acting = actingSeat({ actingRole: isRole(v.actingRole) ? v.actingRole : undefined }, seat);
  return sectionsAwaiting(typed, acting).length > 0;
}
