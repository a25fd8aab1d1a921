import { useState } from 'react';
import { isHelpless } from '../../rules/elite-unit/rules/effective.ts';
import { clearIfUnchanged } from '../clear-if-unchanged.ts';
import { controls, isWhole, nameOf, roster, type SeatRef, stateWords, type View } from './model.ts';
import { useRunner } from './runner.tsx';
import { isMyMove } from './your-move.ts';

/**
 * The combat tracker: the battle's initiative order, whose slot it is and how many actions are
 * left this Turn, newcomers waiting for the next Turn, the helpless and the dead passed over. The
 * GM starts and ends the battle, brings newcomers in and settles ties.
 */
export function Tracker({ view, seat }: { view: View; seat: SeatRef }) {
  const r = useRunner();
  const gm = seat.role === 'gm';
  const b = view.battle;
  const everyone = roster(view).filter((c) => (isWhole(c) ? c.dead === null : !c.dead));
  const [picked, setPicked] = useState<ReadonlySet<string> | null>(null);
  const [newcomer, setNewcomer] = useState('');
  if (!b) {
    if (!gm)
      return (
        <section className="eu-card" aria-label="Combat tracker">
          <h3>Combat tracker</h3>
          <p className="eu-muted">No battle is running.</p>
        </section>
      );
    const chosen = picked ?? new Set(everyone.map((c) => c.id));
    return (
      <section className="eu-card" aria-label="Combat tracker">
        <h3>Combat tracker</h3>
        <fieldset>
          <legend>Who fights</legend>
          {everyone.map((c) => (
            <label key={c.id} className="eu-check">
              <input
                type="checkbox"
                checked={chosen.has(c.id)}
                onChange={(ev) => {
                  const next = new Set(chosen);
                  if (ev.target.checked) next.add(c.id);
                  else next.delete(c.id);
                  setPicked(next);
                }}
              />{' '}
              {c.name}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          disabled={r.busy || chosen.size === 0}
          onClick={() =>
            void r.run({
              type: 'battle.start',
              ids: everyone.filter((c) => chosen.has(c.id)).map((c) => c.id),
            })
          }
        >
          Start the battle (roll initiative)
        </button>
      </section>
    );
  }
  const move = view.move;
  const acting = b.order[b.slot];
  const outside = everyone.filter((c) => !b.order.some((e) => e.id === c.id));
  const tie = gm ? view.questions.find((q) => q.kind === 'tieOrder') : undefined;
  const actingSheet = acting ? view.characters[acting.id] : undefined;
  const mayEndSlot = actingSheet !== undefined && controls(seat, actingSheet) && !view.pending;
  return (
    <section className="eu-card" aria-label="Combat tracker">
      <h3>
        Combat tracker: Turn <span data-testid="turn">{b.turn}</span>
      </h3>
      {move && move.kind === 'act' ? (
        <p data-testid="acting">
          Acting: <strong>{nameOf(view, move.characterId)}</strong>, {move.actionsLeft} action
          {move.actionsLeft === 1 ? '' : 's'} left this Turn{isMyMove(move, seat) ? ' — your move' : ''}.
        </p>
      ) : null}
      <ol className="eu-order" aria-label="Initiative order">
        {b.order.map((e, i) => {
          const c = view.characters[e.id];
          const words = c ? stateWords(c) : [];
          const dead = c ? (isWhole(c) ? c.dead !== null : c.dead) : false;
          const helpless = c ? (isWhole(c) ? isHelpless(c) : c.helpless) : false;
          const waiting = b.waiting.includes(e.id);
          const now = i === b.slot;
          const notes = [
            now ? 'acting now' : '',
            waiting ? 'newcomer: acts from next Turn' : '',
            dead ? 'dead: passed over' : helpless ? 'helpless: passed over' : '',
            ...words.filter((w) => !dead && !w.startsWith('dead')),
          ].filter(Boolean);
          return (
            <li
              key={e.id}
              data-id={e.id}
              data-now={now ? 'true' : undefined}
              className={`${now ? 'eu-now' : ''} ${dead ? 'eu-dead' : ''}`.trim() || undefined}
              aria-current={now ? 'step' : undefined}
            >
              <span className="eu-init">{'total' in e ? e.total : '?'}</span> {c?.name ?? e.id}
              {notes.length > 0 ? (
                <span className="eu-muted"> — {[...new Set(notes)].join(', ')}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="eu-buttons">
        {mayEndSlot && acting ? (
          <button
            type="button"
            disabled={r.busy}
            onClick={() => void r.run({ type: 'slot.end', id: acting.id })}
          >
            End {nameOf(view, acting.id)}’s slot
          </button>
        ) : null}
      </div>
      {tie && tie.kind === 'tieOrder' ? <TieOrder view={view} ids={tie.ids} /> : null}
      {gm ? (
        <div className="eu-gm-row">
          {outside.length > 0 ? (
            <label>
              Newcomer{' '}
              <select value={newcomer} onChange={(ev) => setNewcomer(ev.target.value)}>
                <option value="">choose…</option>
                {outside.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>{' '}
              <button
                type="button"
                disabled={r.busy || newcomer === ''}
                onClick={() =>
                  void r
                    .run({ type: 'battle.join', id: newcomer })
                    .then(clearIfUnchanged(setNewcomer, newcomer))
                }
              >
                Join the battle
              </button>
            </label>
          ) : null}
          <button type="button" disabled={r.busy} onClick={() => void r.run({ type: 'battle.end' })}>
            End the battle
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** Ties keep joining order until the GM sets them: move a tied character up among its equals. */
function TieOrder({ view, ids }: { view: View; ids: readonly string[] }) {
  const r = useRunner();
  const b = view.battle;
  if (!b) return null;
  const order = b.order.map((e) => e.id);
  const swap = (id: string) => {
    const i = order.indexOf(id);
    const j = order.findIndex((x, k) => k < i && ids.includes(x) && k === i - 1);
    if (j < 0) return;
    const next = [...order];
    next[i] = order[j] as string;
    next[j] = id;
    void r.run({ type: 'battle.order', order: next });
  };
  return (
    <fieldset className="eu-question" aria-label="Settle a tie">
      <p>
        Equal initiative: {ids.map((id) => nameOf(view, id)).join(', ')}. Move one up, or leave them in
        joining order.
      </p>
      {ids.slice(1).map((id) => (
        <button key={id} type="button" disabled={r.busy} onClick={() => swap(id)}>
          Move {nameOf(view, id)} up
        </button>
      ))}{' '}
      <button type="button" disabled={r.busy} onClick={() => void r.run({ type: 'battle.order', order })}>
        Keep this order
      </button>
    </fieldset>
  );
}
