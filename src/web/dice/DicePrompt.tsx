import { useContext, useEffect, useId, useRef, useState } from 'react';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { TableConnectionContext } from '../pages/TablePage.tsx';
import { diceFormula, readFace, ZERO_IS_TOP } from './faces.ts';
import type { DiceSender } from './use-dice-sender.ts';
import './dice.css';

/**
 * The die the engine asks for, with the whole request ("Kills of Hicks: 2d10 — die 2 of 2") so
 * real dice can be rolled as a set: type the faces one at a time. A face the die cannot show is
 * refused next to the box, and the same die is asked again. `className` lets a system keep its
 * own look (its title is `${className}-title`).
 */
export function DicePrompt<C>({
  sender,
  className = 'dice-prompt',
}: {
  readonly sender: DiceSender<C>;
  readonly className?: string;
}) {
  const r = sender;
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const hintId = useId();
  const link = useContext(TableConnectionContext);
  const p = r.prompt;
  useEffect(() => {
    if (p) {
      setValue('');
      input.current?.focus();
    }
  }, [p]);
  if (!p) return null;
  const [low, high] = p.need.faces;
  // "d10" already says 1–10; a die with printed faces (or an unknown one) gets its range spelled out.
  const plain = low === 1 && p.need.faces.length === 2 && p.need.die === `d${high}`;
  const range = plain || p.need.faces.length === 0 ? '' : ` (faces ${p.need.faces.join(', ')})`;
  const purpose = p.need.purpose || p.label;
  const heading = purpose.charAt(0).toUpperCase() + purpose.slice(1);
  const count = p.plan?.count ?? null;
  const index = p.plan?.index ?? p.faces.length + 1;
  const which = count !== null ? (count > 1 ? `die ${index} of ${count}` : '') : `die ${index}`;
  const problem = r.error;
  const top = ZERO_IS_TOP[p.need.die];
  // The last face is in and the command is out: say where it stands while the server has not
  // answered, above all when the connection is down and it waits to go.
  const waiting = r.busy && link !== 'live';
  return (
    <section className={className} aria-live="assertive" aria-label="Enter a die face">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          const face = readFace(value, p.need.die);
          if (face !== null) r.enterFace(face);
        }}
      >
        <label>
          <span className={`${className}-title`} data-testid="dice-request">
            {heading}: roll {diceFormula(count ?? 1, p.need.die)}
            {range}
            {which ? ` — ${which}` : ''}
          </span>
          {p.faces.length > 0 ? (
            <span className="dice-muted"> (entered so far: {p.faces.join(', ')})</span>
          ) : null}
          <input
            ref={input}
            name="face"
            inputMode="numeric"
            type="number"
            required
            value={value}
            onChange={(ev) => setValue(ev.target.value)}
            aria-label={`Face of the ${p.need.die}${which ? `, ${which}` : ''}`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={
              [problem ? problemId : '', top ? hintId : ''].filter(Boolean).join(' ') || undefined
            }
          />
        </label>
        {top ? (
          <span id={hintId} className="dice-muted">
            {top === 10
              ? 'A 0 on the die counts as 10: type 0 or 10.'
              : 'A 00 on the dice counts as 100: type 0 or 100.'}
          </span>
        ) : null}
        <button type="submit" disabled={r.busy}>
          Enter face
        </button>
        <button type="button" onClick={r.cancelPrompt}>
          Cancel
        </button>
      </form>
      {waiting ? (
        <p className="dice-sending" data-testid="dice-waiting">
          Waiting to send — it will go when the connection is back.
        </p>
      ) : null}
      {problem ? (
        <div id={problemId}>
          <ErrorNote code={problem.code} message={problem.message} onDismiss={r.clearError} />
        </div>
      ) : null}
    </section>
  );
}

/** The seat's choice between the table's dice and its own, typed in as each die is asked for. */
export function OwnDiceToggle<C>({
  sender,
  className = 'dice-mode',
}: {
  readonly sender: DiceSender<C>;
  readonly className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend>Dice</legend>
      <label>
        <input type="radio" name={name} checked={!sender.ownDice} onChange={() => sender.setOwnDice(false)} />{' '}
        digital
      </label>
      <label>
        <input type="radio" name={name} checked={sender.ownDice} onChange={() => sender.setOwnDice(true)} />{' '}
        my own dice
      </label>
    </fieldset>
  );
}

/**
 * The last refusal, until dismissed or the next command, kept in view while the player scrolls;
 * while the dice box is open the box shows it instead, next to the face that was refused.
 */
export function RefusalBanner<C>({
  sender,
  className = 'dice-toast',
}: {
  readonly sender: DiceSender<C>;
  readonly className?: string;
}) {
  if (!sender.error || sender.prompt) return null;
  return (
    <div className={className} data-testid="rejection">
      <ErrorNote code={sender.error.code} message={sender.error.message} onDismiss={sender.clearError} />
    </div>
  );
}
