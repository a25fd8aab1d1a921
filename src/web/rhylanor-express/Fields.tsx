import type { ReactNode } from 'react';
import type { Command } from './runner.tsx';
import { useRunner } from './runner.tsx';

/**
 * Form rows the Rhylanor Express screens share: a labelled choice from a list, and a button that
 * sends one command (disabled while another is on its way). One place for them, so the sheet,
 * the firefight and the between-adventures screens read and behave alike.
 */

export interface Option {
  readonly value: string;
  readonly label: string;
}

/** A labelled select; `value` is controlled when `onChange` is given, else the form reads `name`. */
export function Choice({
  label,
  name,
  options,
  value,
  onChange,
  ariaLabel,
}: {
  label: ReactNode;
  name: string;
  options: readonly Option[];
  value?: string;
  onChange?: (value: string) => void;
  ariaLabel?: string;
}) {
  return (
    <label>
      {label}{' '}
      <select
        name={name}
        aria-label={ariaLabel}
        {...(onChange
          ? { value: value ?? '', onChange: (e) => onChange(e.target.value) }
          : { defaultValue: value ?? options[0]?.value })}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Options from plain names (a name is its own value). */
export function named(names: readonly string[]): Option[] {
  return names.map((n) => ({ value: n, label: n }));
}

/** Options from records with an id and a name (characters, ships, pack entries). */
export function byId(items: readonly { readonly id: string; readonly name: string }[]): Option[] {
  return items.map((i) => ({ value: i.id, label: i.name }));
}

/** A button that sends one command; `label` names it in the log's feedback. */
export function RunButton({
  command,
  label,
  children,
  small,
  disabled,
}: {
  command: Command;
  label?: string;
  children: ReactNode;
  small?: boolean;
  disabled?: boolean;
}) {
  const { run, busy } = useRunner();
  return (
    <button
      type="button"
      className={small ? 're-small' : undefined}
      disabled={busy || disabled === true}
      onClick={() => run(command, label)}
    >
      {children}
    </button>
  );
}

/** A labelled whole-number box (metres, targets, points), kept as text while it is typed. */
export function NumberField({
  label,
  name,
  value,
  onChange,
  min,
  max,
}: {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max?: number;
}) {
  return (
    <label>
      {label}{' '}
      <input
        className="re-num"
        name={name}
        type="number"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
