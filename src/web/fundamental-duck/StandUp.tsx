import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';

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
