import { useState } from 'react';
import { words } from './describe-event.ts';
import { asState, isWhole, roster, type View } from './model.ts';
import { useRunner } from './runner.tsx';
import { prostheticAge, SURGERY_PARTS, type SurgeryKind, surgeryOptions } from './surgery.ts';

/**
 * The GM's surgery and prosthetics panel (§10, §15), between missions: each body part of the
 * chosen character with its state, and what the rules allow for it now (expert care to ¾, a
 * prosthetic bought from the pack, an overhaul) with its cost; a purchase the patient cannot
 * afford says so.
 */

const ACTION: Readonly<Record<SurgeryKind, string>> = {
  repaired: 'Repair',
  prosthetic: 'Fit',
  overhaul: 'Overhaul',
};

export function SurgeryPanel({ view }: { view: View }) {
  const r = useRunner();
  const living = roster(view)
    .filter(isWhole)
    .filter((c) => c.dead === null);
  const [id, setId] = useState('');
  const c = living.find((x) => x.id === id) ?? living[0];
  if (!c) return null;
  const state = asState(view);
  return (
    <section className="eu-card" aria-label="Surgery and prosthetics">
      <h3>Surgery and prosthetics</h3>
      <label>
        Patient{' '}
        <select value={c.id} onChange={(ev) => setId(ev.target.value)}>
          {living.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>{' '}
      <span data-testid="patient-money">{c.money}c to spend</span>
      <table className="eu-surgery">
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">State</th>
            <th scope="col">Surgery</th>
          </tr>
        </thead>
        <tbody>
          {SURGERY_PARTS.map((part) => {
            const now = c.parts[part] ?? 'intact';
            const age = prostheticAge(c, part);
            const options = surgeryOptions(state, c, part);
            const allowed = options.filter((o) => o.refused === null);
            return (
              <tr key={part} data-part={part}>
                <th scope="row">{words(part)}</th>
                <td data-testid={`part-${part}`}>
                  {words(now)}
                  {age ? ` (since age ${age.since}; checked yearly from ${age.checkFrom})` : ''}
                </td>
                <td>
                  {allowed.map((o) => {
                    const label = `${ACTION[o.to]} ${words(part)}${o.item ? `: ${o.item.name}, ${o.item.cost}c` : ''}`;
                    return (
                      <button
                        key={o.to}
                        type="button"
                        aria-label={`${label} for ${c.name}`}
                        disabled={r.busy}
                        onClick={() => void r.run({ type: 'surgery', id: c.id, part, to: o.to })}
                      >
                        {label}
                      </button>
                    );
                  })}
                  {/* A refusal the GM can act on (money) is said; "nothing to do" ones are not. */}
                  {options
                    .filter((o) => o.refused?.code === 'NOT_ENOUGH_MONEY')
                    .map((o) => (
                      <span key={o.to} className="eu-muted" data-code={o.refused?.code}>
                        {' '}
                        {o.refused?.message}.
                      </span>
                    ))}
                  {allowed.length === 0 && !options.some((o) => o.refused?.code === 'NOT_ENOUGH_MONEY') ? (
                    <span className="eu-muted">nothing to do</span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
