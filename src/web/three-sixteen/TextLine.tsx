import { MAX_TEXT } from '../../rules/three-sixteen/commands.ts';

/**
 * A one-line box of free text for a command (a scene, a narration, a reason, a flashback), held
 * to the commands' own length bound. `label` names it for screen readers where no visible label
 * wraps it.
 */
export function TextLine({
  label,
  placeholder,
  value,
  onChange,
}: {
  label?: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      aria-label={label}
      placeholder={placeholder}
      value={value}
      maxLength={MAX_TEXT}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The GM's tick that keeps what he sends to himself. */
export function GmOnly({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="ts-inline">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> GM only
    </label>
  );
}
