import type { Facing } from '../../rules/fundamental-duck/state.ts';
import { FACING_NAMES, FACING_SHORT } from './model.ts';

/**
 * A compass of the eight facings (a button each, the chosen one pressed). Picking one sends
 * nothing: the move's end, a turn on the spot or a drone gun's set-up sends it when confirmed, so
 * a misclick on a facing never spends an action.
 */
export function FacingPicker({
  value,
  onPick,
  label,
}: {
  value: Facing | null;
  onPick: (f: Facing) => void;
  label: string;
}) {
  // Compass layout: NW N NE / W · E / SW S SE.
  const grid: (Facing | null)[] = [7, 0, 1, 6, null, 2, 5, 4, 3];
  return (
    <fieldset className="fd-facing-picker">
      <legend>{label}</legend>
      <div className="fd-compass">
        {grid.map((f, k) =>
          f === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the compass centre
            <span key={k} aria-hidden="true" />
          ) : (
            <button
              key={f}
              type="button"
              aria-pressed={value === f}
              aria-label={`Face ${FACING_NAMES[f]}`}
              className={value === f ? 'fd-on' : undefined}
              onClick={() => onPick(f)}
            >
              {FACING_SHORT[f]}
            </button>
          ),
        )}
      </div>
    </fieldset>
  );
}
