import { describeDecision, type SeatRef, type View } from './model.ts';

/**
 * What the table waits for, one line per decision, and "Your move." when one of them is this
 * seat's: in an encounter and between them alike, so a player sees at a glance whether the
 * table waits on them. The reader's own lines are in bold.
 */

/** Is this seat the one `decision.seat` names? */
function isMe(seat: SeatRef, who: string): boolean {
  return who === seat.seatId || (seat.role === 'gm' && who === 'gm');
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
  if (view.pending.length === 0) return null;
  const mine = view.pending.some((d) => isMe(seat, d.seat));
  return (
    <section
      className={`ts-waiting ${mine ? 'ts-waiting-me' : ''}`}
      aria-label="Waiting for"
      aria-live="polite"
    >
      <strong>{mine ? 'Your move. ' : 'Waiting for: '}</strong>
      <ul>
        {view.pending.map((d) => (
          <li key={`${d.seat}-${d.kind}-${d.actor ?? ''}`} className={isMe(seat, d.seat) ? 'ts-me' : ''}>
            {describeDecision(view, d, seatName)}
          </li>
        ))}
      </ul>
    </section>
  );
}
