import { useCallback, useRef, useState } from 'react';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import type { Send } from './model.ts';

/**
 * Sending commands from the Fundamental Duck! table: one at a time (a path of steps goes out
 * step by step, each after the last is in), every refusal kept with its code and message until
 * dismissed or the next command.
 */
export interface FdRunner {
  readonly run: (command: FdCommand) => Promise<boolean>;
  /** Commands in order, each after the previous one is in; stops at the first refused (or when `go` says no). */
  readonly runEach: (commands: readonly FdCommand[], go?: () => boolean) => Promise<boolean>;
  readonly busy: boolean;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly clearError: () => void;
}

export function useFdRunner(send: Send): FdRunner {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const inFlight = useRef(0);
  const run = useCallback(
    async (command: FdCommand) => {
      setError(null);
      inFlight.current++;
      setBusy(true);
      try {
        const result = await send(command);
        if (!result.ok) setError({ code: result.code, message: result.message });
        return result.ok;
      } catch (e) {
        setError({ code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) });
        return false;
      } finally {
        inFlight.current--;
        if (inFlight.current === 0) setBusy(false);
      }
    },
    [send],
  );
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
  const clearError = useCallback(() => setError(null), []);
  return { run, runEach, busy, error, clearError };
}
