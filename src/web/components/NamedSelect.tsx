import type { ReactNode } from 'react';

/**
 * A labelled select over things with an id and a name (characters, attributes): the option's value is the
 * id, its text the name, and `none` (if given) is a first option with the empty value.
 */
export function NamedSelect({
  label,
  items,
  value,
  onChange,
  ariaLabel,
  none,
}: {
  label: ReactNode;
  items: readonly { readonly id: string; readonly name: string }[];
  value: string;
  onChange: (id: string) => void;
  ariaLabel?: string;
  none?: string;
}) {
  return (
    <label>
      {label}{' '}
      <select aria-label={ariaLabel} value={value} onChange={(ev) => onChange(ev.target.value)}>
        {none === undefined ? null : <option value="">{none}</option>}
        {items.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
    </label>
  );
}
