import { createContext, useCallback, useContext, useRef, useState } from 'react';
import { plainIssue } from '../api.ts';
import type { Send } from './model.ts';

/**
 * Sending commands from the Rhylanor Express screens: one command at a time, every refusal shown
 * with its code and message. Whether dice are rolled by the server or typed from the player's own
 * dice is the table's choice, kept per browser.
 */

/** A command as sent (the server checks it against the ruleset's schema). */
export type Command = { readonly type: string } & Readonly<Record<string, unknown>>;

export interface Runner {
  readonly run: (command: Command, label?: string) => Promise<boolean>;
  readonly busy: boolean;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly clearError: () => void;
  readonly ownDice: boolean;
  readonly setOwnDice: (on: boolean) => void;
  /** The last command accepted, for screens that show what just happened. */
  readonly last: string | null;
}

export const RunnerContext = createContext<Runner | null>(null);

export function useRunner(): Runner {
  const r = useContext(RunnerContext);
  if (!r) throw new Error('useRunner outside RhylanorTable');
  return r;
}

const OWN_DICE_KEY = 'bughunt.re.ownDice';

function refusalOf(result: { code: string; message: string; details?: unknown }) {
  const issues = (result.details as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues;
  if (result.code !== 'BAD_COMMAND' || !Array.isArray(issues) || issues.length === 0)
    return { code: result.code, message: result.message };
  const sentences = issues.map((i) =>
    plainIssue(typeof i.path === 'string' ? i.path : '', typeof i.message === 'string' ? i.message : ''),
  );
  return { code: result.code, message: sentences.join('; ') };
}

export function useCommandRunner(send: Send): Runner {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const [ownDice, setOwn] = useState<boolean>(() => {
    try {
      return globalThis.localStorage?.getItem(OWN_DICE_KEY) === '1';
    } catch {
      return false;
    }
  });
  const setOwnDice = useCallback((on: boolean) => {
    setOwn(on);
    try {
      globalThis.localStorage?.setItem(OWN_DICE_KEY, on ? '1' : '0');
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, []);
  const inFlight = useRef(false);
  const run = useCallback(
    async (command: Command, label?: string) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setBusy(true);
      setError(null);
      try {
        const result = await send(command);
        if (result.ok) {
          setLast(label ?? command.type);
          return true;
        }
        setError(refusalOf(result));
        return false;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [send],
  );
  return { run, busy, error, clearError: () => setError(null), ownDice, setOwnDice, last };
}

export function Refusal() {
  const { error, clearError } = useRunner();
  if (!error) return null;
  return (
    <div className="re-refusal" role="alert" data-code={error.code}>
      <span>{error.message}</span>{' '}
      <button type="button" onClick={clearError}>
        Dismiss
      </button>
    </div>
  );
}
