import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import { legalBridgeOverride } from '../../rules/fundamental-duck/legal.ts';
import type { TeamerButtonsProps } from './Carry.tsx';
import { asState, type FdView } from './model.ts';

/**
 * The bridge / control-room override (15.1, 17 step 5) at the table: the button for a Teamer at a
 * console the pack marks `overridesDoors`, offered only when the rules' own checks
 * (`legalBridgeOverride`) would take it now, and the override's state for every seat.
 */

/** Set or lift the override, for the chosen Teamer, when the rules would accept it. */
export function OverrideButton({ view, sel, run }: TeamerButtonsProps) {
  const c = legalBridgeOverride(asState(view), sel);
  if (!c) return null;
  return (
    <button type="button" onClick={() => run(c)} data-testid="fd-override">
      {c.on
        ? 'Set the door override (Door Check skipped; an action, fumble test)'
        : 'Lift the door override (an action, fumble test)'}
    </button>
  );
}

/**
 * Whether Door Check runs: shown on arenas with an override console, and whenever the override is
 * set, so every seat knows why open doors stay open.
 */
export function OverrideStatus({ view }: { view: FdView }) {
  const hasConsole = arenaFor(view.rules, view.arenaId).specials.some((sp) => sp.overridesDoors);
  if (!view.doorOverride && !hasConsole) return null;
  return (
    <p className="fd-override" data-testid="fd-override-status">
      Door override: {view.doorOverride ? <strong>set</strong> : 'off'}
      {view.doorOverride ? ' · Door Check is skipped: no door shuts by itself.' : ' · Door Check runs.'}
    </p>
  );
}
