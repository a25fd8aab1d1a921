import { useState } from 'react';
import { isSheet, mayAct, type SeatRef, sheets, type View } from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * Between adventures (§5): the referee ends the session, which opens advancement attempts for
 * characters with ticked skills; each owner rolls 1d6 for a ticked skill (higher than its level
 * raises it, a 1 always fails). Research projects show what players may know of them.
 */
export function Between({ view, seat }: { view: View; seat: SeatRef }) {
  const { run, busy } = useRunner();
  const gm = seat.role === 'gm';
  const all = sheets(view);
  const mine = all.filter((c) => mayAct(seat, c));
  const research = Object.values(view.research);
  return (
    <div className="re-columns">
      <section className="re-card" aria-label="Advancement">
        <h3>Advancement</h3>
        {gm ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => run({ type: 'session.end' }, 'end of session')}
          >
            End the session: open advancement attempts
          </button>
        ) : null}
        {mine.length === 0 ? <p className="re-muted">No characters of yours.</p> : null}
        <ul className="re-advance">
          {mine.map((c) => (
            <li key={c.id}>
              <strong>{c.name}</strong>:{' '}
              {c.ticks.length === 0 ? 'no ticked skills' : `ticked ${c.ticks.join(', ')}`}
              {c.advancesOwed > 0 ? (
                <span>
                  {' '}
                  · {c.advancesOwed} {c.advancesOwed === 1 ? 'attempt' : 'attempts'} open:{' '}
                  {c.ticks.map((skill) => (
                    <button
                      key={skill}
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        run({ type: 'character.advance', characterId: c.id, skill }, `advance ${skill}`)
                      }
                    >
                      Roll for {skill}-{c.skills[skill] ?? 0}
                    </button>
                  ))}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {gm ? <PassTime /> : null}
      <section className="re-card" aria-label="Research">
        <h3>Research and medicine</h3>
        {research.length === 0 ? <p className="re-muted">No research under way.</p> : null}
        <ul>
          {research.map((r) => {
            const who = r.characterId ? view.characters[r.characterId] : undefined;
            return (
              <li key={r.id}>
                {r.name}
                {who && isSheet(who) ? ` (${who.name}, ${r.skill ?? ''})` : ''}
                {typeof r.successes === 'number' && typeof r.needed === 'number'
                  ? ` · ${r.successes}/${r.needed} weeks`
                  : ''}
                {r.done ? ' · done' : ''}{' '}
                {!r.done && who && mayAct(seat, who) ? (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => run({ type: 'research.roll', researchId: r.id }, 'research week')}
                  >
                    Roll a week
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

/** The referee's clock: game time passes (healing, research weeks, drugs and death clocks follow it). */
function PassTime() {
  const { run, busy } = useRunner();
  const [amount, setAmount] = useState('1');
  const [unit, setUnit] = useState<'minutes' | 'hours' | 'days'>('days');
  const [reason, setReason] = useState('');
  return (
    <form
      className="re-card"
      aria-label="Pass game time"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Math.trunc(Number(amount));
        if (n > 0)
          run({ type: 'time.pass', [unit]: n, ...(reason.trim() ? { reason: reason.trim() } : {}) }, 'time');
      }}
    >
      <h3>Game time</h3>
      <div className="re-inline">
        <label>
          Pass{' '}
          <input
            className="re-num"
            name="amount"
            type="number"
            min={1}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <select
          name="unit"
          aria-label="Unit"
          value={unit}
          onChange={(e) => setUnit(e.target.value as typeof unit)}
        >
          <option value="minutes">minutes</option>
          <option value="hours">hours</option>
          <option value="days">days</option>
        </select>
        <label>
          Why{' '}
          <input name="reason" value={reason} maxLength={120} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          Pass time
        </button>
      </div>
    </form>
  );
}
