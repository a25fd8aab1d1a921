import { useState } from 'react';
import type { Arena } from '../../rules/fundamental-duck/arena/model.ts';
import type { CommandOf } from '../../rules/fundamental-duck/commands.ts';
import { droneGear, droneSquareFree } from '../../rules/fundamental-duck/drones.ts';
import type { Facing, Teamer } from '../../rules/fundamental-duck/state.ts';
import { FacingPicker } from './FacingPicker.tsx';
import { asState, FACING_NAMES, type FdView } from './model.ts';

/**
 * Setting up a drone gun at the table (the ruleset's `setUpDrone`, an Other Action with a fumble
 * test): the squares next to him the rules would take are lit on the board (the rules' own
 * `droneSquareFree`), the player picks one there (mouse, touch, or the board's cursor and Enter)
 * and a facing in the compass, and only the confirm button sends the command. The rules refuse
 * anything else (no drone gun, already set up, no room) with their reason, shown in the refusal
 * banner.
 */

/** Whether he carries a drone gun he may set up now (none set up yet, or the walking one). */
export function mayPlaceDrone(view: FdView, sel: Teamer): boolean {
  const gear = droneGear(asState(view), sel.id);
  if (!gear || sel.x === null || sel.y === null) return false;
  const own = (view.drones ?? []).some((d) => d.owner === sel.id);
  return !own || gear === 'walking-drone-gun';
}

/** The squares (indexes) a drone of his may stand on now. */
export function droneSquares(view: FdView, arena: Arena, sel: Teamer): ReadonlySet<number> {
  const out = new Set<number>();
  if (!mayPlaceDrone(view, sel) || sel.x === null || sel.y === null) return out;
  const state = asState(view);
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const x = sel.x + dx;
      const y = sel.y + dy;
      if ((dx === 0 && dy === 0) || x < 0 || y < 0) continue;
      if (droneSquareFree(state, sel, x, y)) out.add(y * arena.width + x);
    }
  return out;
}

/** The command the box sends: the square picked on the board (if lit) and the facing. */
export function droneCommand(
  sel: Teamer,
  squares: ReadonlySet<number>,
  picked: string | null,
  width: number,
  facing: Facing,
): CommandOf<'setUpDrone'> | null {
  const m = /^(\d+),(\d+)$/.exec(picked ?? '');
  if (!m) return null;
  const x = Number(m[1]);
  const y = Number(m[2]);
  if (!squares.has(y * width + x)) return null;
  return { type: 'setUpDrone', teamerId: sel.id, x, y, facing };
}

export function DroneSetUp({
  sel,
  squares,
  picked,
  width,
  busy,
  run,
  close,
}: {
  sel: Teamer;
  squares: ReadonlySet<number>;
  /** The square last chosen on the board ("x,y"). */
  picked: string | null;
  width: number;
  busy: boolean;
  run: (c: CommandOf<'setUpDrone'>) => void;
  close: () => void;
}) {
  const [facing, setFacing] = useState<Facing>(sel.facing);
  const command = droneCommand(sel, squares, picked, width, facing);
  return (
    <div className="fd-drone-box" data-testid="fd-drone-box">
      <p>
        {squares.size === 0
          ? 'No free bare square next to him that he could step to: nowhere to set the drone gun.'
          : command
            ? `The drone gun goes to (${command.x},${command.y}), facing ${FACING_NAMES[facing]}.`
            : 'Pick a lit square next to him on the board for the drone gun.'}
      </p>
      <FacingPicker value={facing} label="The drone gun faces (its front arc)" onPick={setFacing} />
      <div className="fd-buttons">
        <button
          type="button"
          className="primary"
          disabled={busy || command === null}
          onClick={() => {
            if (!command) return;
            run(command);
            close();
          }}
          data-testid="fd-drone-confirm"
        >
          {command ? 'Set it up (an Other Action, a fumble test)' : 'Pick a square first'}
        </button>
        <button type="button" onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  );
}
