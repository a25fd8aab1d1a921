import { describeDecision, type SeatRef, type View } from './model.ts';
import { isMine, mustCreate } from './your-move.ts';

/**
 * A way to the controls of a decision, wherever the page is scrolled to: the box stays in view
 * (sticky at the top of the game column while it is this seat's move), its controls may not.
 */
function GoTo({ actor }: { actor: string }) {
  return (
    <button
      type="button"
      className="ts-link ts-goto"
      onClick={() => {
        const area = document.querySelector<HTMLElement>(`[data-actor="${CSS.escape(actor)}"]`);
        if (!area) return;
        area.scrollIntoView({ block: 'center' });
        area
          .querySelector<HTMLElement>('button:not([disabled]), input, select')
          ?.focus({ preventScroll: true });
      }}
    >
      go there
    </button>
  );
}

/**
 * What the table waits for, one line per decision, and "Your move." when one of them is this
 * seat's: in an encounter and between them alike, so a player sees at a glance whether the
 * table waits on them. The reader's own lines are in bold.
 */

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
  const mine = create || pending.some((d) => isMine(seat, d));
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
          <li key={`${d.seat}-${d.kind}-${d.actor ?? ''}`} className={isMine(seat, d) ? 'ts-me' : ''}>
            {describeDecision(view, d, seatName)}
            {isMine(seat, d) && d.actor ? <GoTo actor={d.actor} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
