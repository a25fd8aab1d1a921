import type { Move } from '../../rules/elite-unit/your-move.ts';
import type { SeatRef } from './model.ts';

/**
 * Whether the Elite Unit table waits on this seat, read from the view alone (its `move`, computed
 * by the ruleset's whoseMove on the server, and the GM's open questions). Only types are imported,
 * so the table page can ask it on every view without loading the Elite Unit screens.
 */

/** Is `move` this seat's? A character without a seat is the GM's to play. */
export function isMyMove(move: Move | null | undefined, seat: SeatRef): boolean {
  if (!move || seat.role === 'spectator') return false;
  return move.seatId === seat.seatId || (move.seatId === null && seat.role === 'gm');
}

function isMove(v: unknown): v is Move {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  return (
    (m.kind === 'act' || m.kind === 'defend' || m.kind === 'save') &&
    typeof m.characterId === 'string' &&
    (typeof m.seatId === 'string' || m.seatId === null)
  );
}

/** For the table page: does this Elite Unit view wait on `seat` now? False while loading. */
export function awaitsSeat(view: unknown, seat: SeatRef): boolean {
  if (typeof view !== 'object' || view === null) return false;
  const v = view as { move?: unknown; questions?: unknown };
  if (seat.role === 'gm' && Array.isArray(v.questions) && v.questions.length > 0) return true;
  return isMove(v.move) && isMyMove(v.move, seat);
}

/** A character's name from the view, for the table page's log lines; undefined for other ids. */
export function nameIn(view: unknown, id: string): string | undefined {
  if (typeof view !== 'object' || view === null) return undefined;
  const characters = (view as { characters?: unknown }).characters;
  if (typeof characters !== 'object' || characters === null) return undefined;
  const name = (characters as Record<string, { name?: unknown } | undefined>)[id]?.name;
  return typeof name === 'string' ? name : undefined;
}
