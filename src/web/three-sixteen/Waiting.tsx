import type { Decision } from '../../rules/three-sixteen/encounter/pending.ts';
import { describeDecision, type SeatRef, type View } from './model.ts';

/**
 * What the table waits for, one line per decision, and "Your move." when one of them is this
 * seat's: in an encounter and between them alike, so a player sees at a glance whether the
 * table waits on them. The reader's own lines are in bold.
 */

/** Is this seat one that may make the decision (`seat`, or one of `orSeats`)? */
function isMe(seat: SeatRef, d: Decision): boolean {
  const named = (who: string) => who === seat.seatId || (seat.role === 'gm' && who === 'gm');
  return named(d.seat) || (d.orSeats ?? []).some(named);
}

/**
 * A player with no trooper while the squad is made: the ruleset lists troopers to make as the GM's
 * step (it waits on no particular seat), but the form on this page is theirs to fill in now.
 */
function mustCreate(view: View, seat: SeatRef): boolean {
  return (
    view.campaign.phase === 'setup' &&
    seat.role === 'player' &&
    !view.trooperOrder.some((id) => view.troopers[id]?.ownerSeatId === seat.seatId)
  );
}

export function Waiting({
  view,
  seat,
  seatName,
}: {
  view: View;
  seat: SeatRef;
  seatName: (id: string) => string;
}) {
  const create = mustCreate(view, seat);
  // Said to this player in their own line below: the GM's "get the troopers made" would only
  // make it sound like someone else's turn.
  const pending = create ? view.pending.filter((d) => d.kind !== 'createTroopers') : view.pending;
  if (pending.length === 0 && !create) return null;
  const mine = create || pending.some((d) => isMe(seat, d));
  return (
    <section
      className={`ts-waiting ${mine ? 'ts-waiting-me' : ''}`}
      aria-label="Waiting for"
      aria-live="polite"
    >
      <strong>{mine ? 'Your move. ' : 'Waiting for: '}</strong>
      <ul>
        {create ? (
          <li className="ts-me" data-testid="create-your-trooper">
            You: create your trooper with the form below (name, FA and NFA, weapon), then roll the starting
            kills.
          </li>
        ) : null}
        {pending.map((d) => (
          <li key={`${d.seat}-${d.kind}-${d.actor ?? ''}`} className={isMe(seat, d) ? 'ts-me' : ''}>
            {describeDecision(view, d, seatName)}
          </li>
        ))}
      </ul>
    </section>
  );
}
