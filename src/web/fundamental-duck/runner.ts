import { useCallback } from 'react';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import type { SendCommand } from '../dice/attempt.ts';
import { type DiceSender, useDiceSender } from '../dice/use-dice-sender.ts';
import type { Send } from './model.ts';

/**
 * Sending commands from the Fundamental Duck! table through the shared dice sender (digital dice,
 * or the player's own typed in as the server asks for each), plus a path of steps sent one at a
 * time, each after the last is in, stopping when the move is no longer under way.
 */
export interface FdRunner {
  readonly sender: DiceSender<FdCommand>;
  readonly run: (command: FdCommand) => Promise<boolean>;
  /** Commands in order, each after the previous one is in; stops at the first refused (or when `go` says no). */
  readonly runEach: (commands: readonly FdCommand[], go?: () => boolean) => Promise<boolean>;
  readonly busy: boolean;
}

export function useFdRunner(send: Send): FdRunner {
  const sender = useDiceSender<FdCommand>(send as unknown as SendCommand<FdCommand>, {
    storageKey: 'bughunt.fd.ownDice',
  });
  const run = sender.run;
  const runEach = useCallback(
    async (commands: readonly FdCommand[], go?: () => boolean) => {
      for (const c of commands) {
        if (go && !go()) return false;
        if (!(await run(c))) return false;
      }
      return true;
    },
    [run],
  );
  return { sender, run, runEach, busy: sender.busy };
}
