import { useState } from 'react';
import { probeDice } from '../../engine/dice/source.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import type { Arena } from '../../rules/fundamental-duck/arena/model.ts';
import type { CommandOf } from '../../rules/fundamental-duck/commands.ts';
import { droneGear, droneSquareFree, legalDroneWalks } from '../../rules/fundamental-duck/drones.ts';
import { fundamentalDuck } from '../../rules/fundamental-duck/index.ts';
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
    <DroneBox
      testId="fd-drone-box"
      message={
        squares.size === 0
          ? 'No free bare square next to him that he could step to: nowhere to set the drone gun.'
          : command
            ? `The drone gun goes to (${command.x},${command.y}), facing ${FACING_NAMES[facing]}.`
            : 'Pick a lit square next to him on the board for the drone gun.'
      }
      facing={facing}
      facingLabel="The drone gun faces (its front arc)"
      onFacing={setFacing}
      confirm={command ? 'Set it up (an Other Action, a fumble test)' : null}
      confirmTestId="fd-drone-confirm"
      busy={busy}
      onConfirm={command ? () => run(command) : null}
      close={close}
    />
  );
}

/**
 * Walking his drone gun (the ruleset's `directDrone`, an Other Action with a fumble test): the
 * squares its walk can reach are lit on the board (the rules' own `legalDroneWalks`), the player
 * picks one and a facing, and only the confirm button sends the command.
 */

/** Does he own a drone set up on the floor (the one he might direct)? */
export function ownsDrone(view: FdView, sel: Teamer): boolean {
  return (view.drones ?? []).some((d) => d.owner === sel.id);
}

/** The squares (indexes) his walking drone may walk to now, from the rules' `legalDroneWalks`. */
export function droneWalkSquares(view: FdView, arena: Arena, sel: Teamer): ReadonlySet<number> {
  return new Set(legalDroneWalks(asState(view), sel).map((c) => c.y * arena.width + c.x));
}

/**
 * Why his drone may not walk at all now, in the rules' own words (null when some walk is open):
 * the ruleset is asked to walk it onto its own square, which no walk reaches, so the first check
 * that fails (NO_DRONE, DRONE_FIXED, DRONE_STOPPED, the phase, then NO_ROOM) speaks.
 */
export function droneWalkRefusal(view: FdView, arena: Arena, sel: Teamer): string | null {
  if (droneWalkSquares(view, arena, sel).size > 0) return null;
  const d = (view.drones ?? []).find((x) => x.owner === sel.id);
  const command: CommandOf<'directDrone'> = {
    type: 'directDrone',
    teamerId: sel.id,
    x: d?.x ?? 0,
    y: d?.y ?? 0,
    facing: d?.facing ?? 0,
  };
  try {
    fundamentalDuck.decide(asState(view), command, {
      actor: { seatId: 'gm', role: 'gm' },
      dice: probeDice(),
    });
  } catch (e) {
    if (isRuleError(e)) return e.message;
    throw e;
  }
  return 'no square within its walk';
}

/** The walk the box sends: the square picked on the board (if lit) and the facing. */
export function droneWalkCommand(
  sel: Teamer,
  squares: ReadonlySet<number>,
  picked: string | null,
  width: number,
  facing: Facing,
): CommandOf<'directDrone'> | null {
  const set = droneCommand(sel, squares, picked, width, facing);
  return set ? { type: 'directDrone', teamerId: sel.id, x: set.x, y: set.y, facing } : null;
}

export function DroneWalk({
  sel,
  start,
  squares,
  picked,
  width,
  busy,
  run,
  close,
}: {
  sel: Teamer;
  /** The drone's facing now (the compass starts there). */
  start: Facing;
  squares: ReadonlySet<number>;
  /** The square last chosen on the board ("x,y"). */
  picked: string | null;
  width: number;
  busy: boolean;
  run: (c: CommandOf<'directDrone'>) => void;
  close: () => void;
}) {
  const [facing, setFacing] = useState<Facing>(start);
  const command = droneWalkCommand(sel, squares, picked, width, facing);
  return (
    <DroneBox
      testId="fd-drone-walk-box"
      message={
        command
          ? `The drone gun walks to (${command.x},${command.y}), ending facing ${FACING_NAMES[facing]}.`
          : 'Pick a lit square on the board for the drone gun to walk to (click, or the cursor keys and Enter).'
      }
      facing={facing}
      facingLabel="The drone gun ends facing (its front arc)"
      onFacing={setFacing}
      confirm={command ? 'Walk it there (an Other Action, a fumble test)' : null}
      confirmTestId="fd-drone-walk-confirm"
      busy={busy}
      onConfirm={command ? () => run(command) : null}
      close={close}
    />
  );
}

/** The box both drone orders share: what the pick means, the facing compass, confirm and cancel. */
function DroneBox(props: {
  testId: string;
  message: string;
  facing: Facing;
  facingLabel: string;
  onFacing: (f: Facing) => void;
  /** The confirm button's words, or null while no square is picked. */
  confirm: string | null;
  confirmTestId: string;
  busy: boolean;
  onConfirm: (() => void) | null;
  close: () => void;
}) {
  const { onConfirm, close } = props;
  return (
    <div className="fd-drone-box" data-testid={props.testId}>
      <p>{props.message}</p>
      <FacingPicker value={props.facing} label={props.facingLabel} onPick={props.onFacing} />
      <div className="fd-buttons">
        <button
          type="button"
          className="primary"
          disabled={props.busy || onConfirm === null}
          onClick={() => {
            if (!onConfirm) return;
            onConfirm();
            close();
          }}
          data-testid={props.confirmTestId}
        >
          {props.confirm ?? 'Pick a square first'}
        </button>
        <button type="button" onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  );
}
