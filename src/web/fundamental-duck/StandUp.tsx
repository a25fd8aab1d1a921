import { createContext, type ReactNode, useContext } from 'react';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { mustStandFor } from '../../rules/fundamental-duck/ducked.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';

/**
 * 10.2 at the table: a ducked Teamer paying an action with his WAIT chit may stand up as part of
 * it. `standingUp` adds `standUp: true` to the commands that take it (`move`, `shoot`, `grapple`,
 * `scan`, `operateDoor`, `task` other than ducking or standing up itself, `carry`) and leaves every
 * other command as it is, so a whole panel's buttons can be switched at once.
 */
export function standingUp(c: FdCommand, on = true): FdCommand {
  if (!on) return c;
  switch (c.type) {
    case 'move':
    case 'shoot':
    case 'grapple':
    case 'scan':
    case 'operateDoor':
    case 'carry':
      return { ...c, standUp: true };
    case 'task':
      return c.task === 'standUp' || c.task === 'duck' ? c : { ...c, standUp: true };
    default:
      return c;
  }
}

/** The switch (also the S key): his next action stands him up first (free with the WAIT chit). */
export function StandUpToggle({ on, set }: { on: boolean; set: (on: boolean) => void }) {
  return (
    <label className="fd-stand-up" data-testid="fd-stand-with-wait">
      <input type="checkbox" checked={on} onChange={(e) => set(e.target.checked)} /> Stand up as he acts (free
      with the WAIT chit) (S)
    </label>
  );
}

/** The reason shown on an order a ducked man may not give lying down. */
export const LYING_DOWN = 'lying down: stand up first';

/**
 * Orders whose own rules refuse a ducked man (DUCKED, beside `mustStandFor`'s list: `ducked.ts`
 * leaves them to their own checks) and that cannot stand him up as he gives them: setting up a
 * drone gun (`drones.ts`) and getting into a vehicle (`vehicles.ts`).
 */
const OWN_DUCKED_CHECK: ReadonlySet<string> = new Set<FdCommand['type']>(['setUpDrone', 'getIn']);

/**
 * Why the rules would refuse this order (DUCKED) from him now, or null. The rules' own list
 * (`mustStandFor`), less what `standingUp` stands him up for when the switch is on: an order that
 * then carries `standUp` is paid standing (his WAIT chit), one that cannot carry it stays refused,
 * and so do the orders with a DUCKED check of their own (`OWN_DUCKED_CHECK`), switch or not.
 */
export function lyingRefusal(sel: Teamer, c: FdCommand, standUp: boolean): string | null {
  if (sel.ducked && OWN_DUCKED_CHECK.has(c.type)) return LYING_DOWN;
  if (!mustStandFor(sel, c)) return null;
  const sent = standingUp(c, standUp);
  return 'standUp' in sent && sent.standUp ? null : LYING_DOWN;
}

/**
 * The order panel's check for its buttons (`OrderButton`), given by the panel for the chosen
 * Teamer so the nested button rows (carry, juggle, examine, doors) need no prop of their own.
 * Outside the panel nothing is refused here (the rules still are the judge).
 */
export const OrderCheck = createContext<(c: FdCommand) => string | null>(() => null);

/** A button sending one order, disabled with the reason (its title) when `OrderCheck` refuses it. */
export function OrderButton({
  command,
  run,
  children,
  disabled,
  className,
  testId,
}: {
  command: FdCommand;
  run: (c: FdCommand) => void;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
  testId?: string;
}) {
  const why = useContext(OrderCheck)(command);
  return (
    <button
      type="button"
      className={className}
      disabled={disabled === true || why !== null}
      title={why ?? undefined}
      onClick={() => run(command)}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** The visible note over a ducked man's orders: what the greyed buttons wait for. */
export function LyingDownNote({ standable, standUp }: { standable: boolean; standUp: boolean }) {
  return (
    <p className="fd-muted fd-why" data-testid="fd-lying-down">
      {standUp
        ? 'Lying down: he stands up as he acts (his WAIT chit); the greyed orders cannot stand him up that way: stand up first.'
        : `Lying down: stand up first for the greyed orders (Stand up, under Other actions, is an action${standable ? '; or tick the switch to stand up with his WAIT chit' : ''}).`}
    </p>
  );
}
