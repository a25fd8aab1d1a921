import type { Seat } from '../../../engine/ruleset.ts';
import type { SpaceEvent } from './events.ts';
import type { SpaceState } from './model.ts';

export function viewSpace(space: SpaceState, seat: Seat): unknown {
  return seat.role === 'gm' ? space : { phase: space.phase };
}

export function redactSpace(event: SpaceEvent, seat: Seat): { readonly type: string } | null {
  if (seat.role === 'gm') return event;
  return 'secret' in event && event.secret && !event.seen.includes(seat.seatId) ? null : event;
}
