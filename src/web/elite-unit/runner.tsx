import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { ErrorNote } from '../components/ErrorNote.tsx';
import type { Command, Send, SendResult } from './model.ts';

/**
 * Sending commands from the Elite Unit screens. Digital dice: the server rolls. Typed dice: the
 * command goes out with the faces entered so far; each DICE_NEEDED answer names the next die,
 * which the player rolls and types, and the command goes out again with one more face.
 * Refusals are shown with their sentence (the code kept for the tests and reports).
 */

export interface DieRequest {
  readonly die: string;
  readonly faces: readonly (number | string)[];
  readonly purpose: string;
}

export interface Runner {
  readonly run: (command: Command) => Promise<boolean>;
  readonly busy: boolean;
  readonly ownDice: boolean;
  readonly setOwnDice: (on: boolean) => void;
  readonly prompt: { readonly need: DieRequest; readonly faces: readonly number[] } | null;
  readonly enterFace: (face: number) => void;
  readonly cancelPrompt: () => void;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly clearError: () => void;
}

export const RunnerContext = createContext<Runner | null>(null);

export function useRunner(): Runner {
  const r = useContext(RunnerContext);
  if (!r) throw new Error('useRunner outside the Elite Unit table');
  return r;
}

const OWN_DICE_KEY = 'bughunt.eu.ownDice';

function dieRequestOf(details: unknown): DieRequest | null {
  const needed = (details as { needed?: unknown } | undefined)?.needed;
  if (typeof needed !== 'object' || needed === null) return null;
  const n = needed as Record<string, unknown>;
  if (typeof n.die !== 'string') return null;
  return {
    die: n.die,
    faces: Array.isArray(n.faces) ? (n.faces as (number | string)[]) : [],
    purpose: typeof n.purpose === 'string' ? n.purpose : '',
  };
}

export function useCommandRunner(send: Send): Runner {
  const [busy, setBusy] = useState(false);
  const [ownDice, setOwn] = useState<boolean>(() => {
    try {
      return globalThis.localStorage?.getItem(OWN_DICE_KEY) === '1';
    } catch {
      return false;
    }
  });
  const [prompt, setPrompt] = useState<{
    need: DieRequest;
    faces: readonly number[];
    command: Command;
  } | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);

  const setOwnDice = useCallback((on: boolean) => {
    setOwn(on);
    try {
      globalThis.localStorage?.setItem(OWN_DICE_KEY, on ? '1' : '0');
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, []);

  const attempt = useCallback(
    async (command: Command, faces: readonly number[] | null): Promise<boolean> => {
      setError(null);
      setBusy(true);
      let result: SendResult;
      try {
        result = await send(command, faces ? [...faces] : undefined);
      } catch (e) {
        result = { ok: false, code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
      } finally {
        setBusy(false);
      }
      if (result.ok) {
        setPrompt(null);
        return true;
      }
      if (faces && result.code === 'DICE_NEEDED') {
        const need = dieRequestOf(result.details) ?? { die: 'die', faces: [], purpose: result.message };
        setPrompt({ need, faces, command });
        return false;
      }
      if (faces && result.code === 'DICE_FACE_INVALID' && faces.length > 0) {
        // Ask for the same die again without the face it cannot show.
        setError({ code: result.code, message: result.message });
        setPrompt((p) => (p ? { ...p, faces: faces.slice(0, -1) } : null));
        return false;
      }
      setPrompt(null);
      setError({ code: result.code, message: result.message });
      return false;
    },
    [send],
  );

  const run = useCallback((command: Command) => attempt(command, ownDice ? [] : null), [attempt, ownDice]);
  const enterFace = useCallback(
    (face: number) => {
      if (prompt) void attempt(prompt.command, [...prompt.faces, face]);
    },
    [attempt, prompt],
  );
  const cancelPrompt = useCallback(() => {
    setPrompt(null);
    setError(null);
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return {
    run,
    busy,
    ownDice,
    setOwnDice,
    prompt: prompt && { need: prompt.need, faces: prompt.faces },
    enterFace,
    cancelPrompt,
    error,
    clearError,
  };
}

/** The die the rules ask for next, with a box for its face (a d10's 0 and a d100's 00 read high). */
export function DicePrompt() {
  const r = useRunner();
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const p = r.prompt;
  useEffect(() => {
    if (p) {
      setValue('');
      input.current?.focus();
    }
  }, [p]);
  if (!p) return null;
  const top = p.need.die === 'd10' ? 10 : p.need.die === 'd100' ? 100 : null;
  return (
    <section className="eu-dice-prompt" aria-live="assertive" aria-label="Enter a die face">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          const n = Number(value.trim());
          if (value.trim() === '' || !Number.isInteger(n)) return;
          r.enterFace(n === 0 && top !== null ? top : n);
        }}
      >
        <label>
          <span data-testid="dice-request">
            {p.need.purpose ? p.need.purpose.charAt(0).toUpperCase() + p.need.purpose.slice(1) : 'Roll'}: roll
            a {p.need.die}
          </span>
          {p.faces.length > 0 ? (
            <span className="eu-muted"> (entered so far: {p.faces.join(', ')})</span>
          ) : null}
          <input
            ref={input}
            name="face"
            type="number"
            inputMode="numeric"
            required
            value={value}
            onChange={(ev) => setValue(ev.target.value)}
            aria-label={`Face of the ${p.need.die}`}
          />
        </label>
        <button type="submit" disabled={r.busy}>
          Enter face
        </button>
        <button type="button" onClick={r.cancelPrompt}>
          Cancel
        </button>
      </form>
      {r.error ? <ErrorNote code={r.error.code} message={r.error.message} onDismiss={r.clearError} /> : null}
    </section>
  );
}

/** The last refusal, until dismissed or the next command. */
export function RejectionBanner() {
  const r = useRunner();
  if (!r.error || r.prompt) return null;
  return (
    <div className="eu-toast" data-testid="rejection">
      <ErrorNote code={r.error.code} message={r.error.message} onDismiss={r.clearError} />
    </div>
  );
}
