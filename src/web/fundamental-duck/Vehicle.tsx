import type { VehicleManoeuvre } from '../../rules/fundamental-duck/arena/vehicles.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { vehicleOfCrew } from '../../rules/fundamental-duck/vehicles.ts';
import { asState, FACING_NAMES, type FdView, figureName } from './model.ts';
import {
  boardOptions,
  driveOf,
  driverRefusals,
  exitSquares,
  hullText,
  MANOEUVRE_LABEL,
  MANOEUVRE_MARK,
  type NextStep,
  nextSteps,
  stopRefusal,
  vehicleName,
} from './vehicle-steps.ts';

/**
 * The vehicle controls at the table (digest 18; the rules in `vehicles.ts`): getting in (a seat at
 * the wheel for a Teamer with the licence, a rider's seat otherwise), getting out into a bare
 * square next to the vehicle (picked on the board, where the squares the rules take are lit),
 * ramming, and driving. A drive rolls its movement when it starts
 * (the rules' dice), then goes one manoeuvre at a time: the squares each step would fill are lit
 * on the board (F forward, B reverse, L and R the pivots) and a button for each step says what it
 * costs or why it cannot be taken. Every button the rules would refuse is disabled with the reason
 * beside it; whatever slips through (a chit already spent) is refused by the server in words.
 */

/** What both boxes take: the view, the chosen Teamer, whether a command is in flight, and the sender. */
export interface VehicleProps {
  readonly view: FdView;
  readonly sel: Teamer;
  readonly busy: boolean;
  readonly run: (c: FdCommand) => void;
}

function Why({ text }: { text: string | null | undefined }) {
  return text ? <span className="fd-muted fd-why"> ({text})</span> : null;
}

/** Getting out is picked on the board: whether its squares are lit now, and the switch. */
export interface ExitPicking {
  readonly on: boolean;
  readonly set: (on: boolean) => void;
}

/** Get in, or (riding) drive, ram and get out: the Team-phase actions of the chosen Teamer. */
export function VehicleActions({
  view,
  sel,
  busy,
  run,
  exitPick,
}: VehicleProps & { readonly exitPick?: ExitPicking }) {
  const riding = vehicleOfCrew(asState(view), sel.id);
  if (!riding) {
    const options = boardOptions(view, sel);
    if (options.length === 0) return null;
    return (
      <div className="fd-buttons fd-vehicle-actions" data-testid="fd-vehicle-actions">
        {options.map((o) => (
          <span key={o.vehicleId}>
            <button
              type="button"
              disabled={busy || !o.ok}
              onClick={() => run({ type: 'getIn', teamerId: sel.id, vehicleId: o.vehicleId })}
              data-testid={`fd-get-in-${o.vehicleId}`}
            >
              Get into the {o.name}{' '}
              {o.seat === 'driver' ? 'at the wheel' : 'as a rider (no licence to drive)'} (an Other Action, a
              fumble test)
            </button>
            <Why text={o.why} />
          </span>
        ))}
      </div>
    );
  }
  const name = vehicleName(view, riding);
  const refusals = driverRefusals(view, sel);
  const exits = exitSquares(view, sel);
  return (
    <div className="fd-vehicle-actions" data-testid="fd-vehicle-actions">
      <p>
        {sel.name} rides in the {name}, facing {FACING_NAMES[riding.facing]}.
        {riding.rammedTurn === view.turn && view.turn > 0
          ? ' It is set to ram: this turn it may smash one door or shove one obstacle aside.'
          : ''}{' '}
        <span data-testid="fd-hull">{hullText(view, riding)}</span>
      </p>
      <div className="fd-buttons">
        <button
          type="button"
          className="primary"
          disabled={busy || refusals?.drive !== null}
          onClick={() => run({ type: 'drive', teamerId: sel.id })}
          data-testid="fd-drive"
        >
          Drive the {name} (his move: its dice are rolled now) (M)
        </button>
        <Why text={refusals?.drive} />
      </div>
      <div className="fd-buttons">
        <button
          type="button"
          disabled={busy || refusals?.ram !== null}
          onClick={() => run({ type: 'ram', teamerId: sel.id })}
          data-testid="fd-ram"
        >
          Ram (an Other Action, a fumble test)
        </button>
        <Why text={refusals?.ram} />
      </div>
      <fieldset className="fd-buttons fd-vehicle-group">
        <legend>Get out</legend>
        {exits.length === 0 ? (
          <span className="fd-muted">No bare square next to the {name} to get out into.</span>
        ) : (
          <>
            <button
              type="button"
              aria-pressed={exitPick?.on ?? false}
              disabled={busy}
              onClick={() => exitPick?.set(!exitPick.on)}
              data-testid="fd-get-out"
            >
              {exitPick?.on
                ? 'Stop picking a square'
                : `Get out… (${exits.length} square(s) to pick on the board)`}
            </button>
            {exitPick?.on ? (
              <span className="fd-muted" data-testid="fd-get-out-hint">
                Tap or click a lit square (O) next to the {name}, or move the board's cursor there and press
                Enter: {sel.name} climbs out there (an Other Action, a fumble test). Esc cancels.
              </span>
            ) : null}
          </>
        )}
      </fieldset>
    </div>
  );
}

function stepText(view: FdView, s: NextStep): string {
  const extra = [
    s.smashes ? 'smashing the door' : '',
    s.bulldozes ? 'shoving the obstacle aside' : '',
    s.runDown.length > 0
      ? `running down ${s.runDown.map((id) => figureName(view, id)).join(' and ')} (a die each)`
      : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${MANOEUVRE_LABEL[s.manoeuvre]} [${MANOEUVRE_MARK[s.manoeuvre]}]${s.ok ? `: ${s.cost} point(s)` : ''}${extra ? `, ${extra}` : ''}`;
}

/** A drive under way: the movement left, one button per manoeuvre, and ending the drive. */
export function DriveBox({
  view,
  sel,
  busy,
  run,
  onPreview,
}: VehicleProps & {
  /** A step button pointed at or focused (null: none): the board lights where the vehicle would end up. */
  readonly onPreview?: (m: VehicleManoeuvre | null) => void;
}) {
  const drive = driveOf(view, sel.id);
  if (!drive) return null;
  const steps = nextSteps(view, drive.v, drive.left);
  const stop = stopRefusal(view, drive.v);
  const name = vehicleName(view, drive.v);
  return (
    <div className="fd-move-box fd-drive-box" data-testid="fd-drive-box">
      <p>
        Driving the {name}: <strong data-testid="fd-drive-left">{drive.left}</strong> of {drive.allowance}{' '}
        point(s) left, facing {FACING_NAMES[drive.v.facing]}. Take one step at a time: a button, or a lit
        square on the board (F forward, B reverse, L and R pivot on the front square). Point at a step (or its
        button) to see every square the {name} would fill after it.
      </p>
      <fieldset className="fd-buttons fd-vehicle-group">
        <legend>Next step</legend>
        {steps.map((s) => (
          <span key={s.manoeuvre}>
            <button
              type="button"
              disabled={busy || !s.ok}
              onClick={() => run({ type: 'manoeuvre', teamerId: sel.id, manoeuvre: s.manoeuvre })}
              onMouseEnter={() => onPreview?.(s.manoeuvre)}
              onFocus={() => onPreview?.(s.manoeuvre)}
              onMouseLeave={() => onPreview?.(null)}
              onBlur={() => onPreview?.(null)}
              data-testid={`fd-step-${s.manoeuvre}`}
            >
              {stepText(view, s)}
            </button>
            <Why text={s.why} />
          </span>
        ))}
      </fieldset>
      <div className="fd-buttons">
        <button
          type="button"
          disabled={busy || stop !== null}
          onClick={() => run({ type: 'endMove', teamerId: sel.id })}
          data-testid="fd-end-drive"
        >
          {drive.left > 0 ? 'Stop here and end the drive (E)' : 'End the drive (E)'}
        </button>
        <Why text={stop} />
      </div>
    </div>
  );
}
