import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ThreeSixteenCommand } from '../../rules/three-sixteen/commands.ts';
import {
  type DieRequest,
  dieRequestOf,
  nextDieWanted,
  type SeatRef,
  type Send,
  type SendResult,
  type View,
} from './model.ts';

/**
 * Sending commands from the 3:16 screens. Digital dice: the server rolls. Own dice: before
 * sending, the ruleset (run here on the view) says which die it wants next; the player types each
 * face; the command goes out with the faces. A DICE_NEEDED from the server (the view was behind)
 * asks for one more face the same way. Every refusal is shown with its code and message.
 */

export interface Runner {
  readonly run: (command: ThreeSixteenCommand) => Promise<boolean>;
  readonly busy: boolean;
  readonly ownDice: boolean;
  readonly setOwnDice: (on: boolean) => void;
  readonly prompt: {
    readonly need: DieRequest;
    readonly faces: readonly number[];
    readonly label: string;
  } | null;
  readonly enterFace: (face: number) => void;
  readonly cancelPrompt: () => void;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly clearError: () => void;
}

export const RunnerContext = createContext<Runner | null>(null);

export function useRunner(): Runner {
  const r = useContext(RunnerContext);
  if (!r) throw new Error('useRunner outside ThreeSixteenTable');
  return r;
}

const OWN_DICE_KEY = 'bughunt.316.ownDice';

function commandLabel(c: ThreeSixteenCommand): string {
  return c.type.replace(/([A-Z])/g, ' $1').toLowerCase();
}

export function useCommandRunner(view: View, seat: SeatRef, send: Send): Runner {
  const [busy, setBusy] = useState(false);
  const [ownDice, setOwnDiceState] = useState<boolean>(() => {
    try {
      return globalThis.localStorage?.getItem(OWN_DICE_KEY) === '1';
    } catch {
      return false;
    }
  });
  const [prompt, setPrompt] = useState<{
    need: DieRequest;
    faces: readonly number[];
    label: string;
    command: ThreeSixteenCommand;
  } | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;

  const setOwnDice = useCallback((on: boolean) => {
    setOwnDiceState(on);
    try {
      globalThis.localStorage?.setItem(OWN_DICE_KEY, on ? '1' : '0');
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, []);

  const attempt = useCallback(
    async (command: ThreeSixteenCommand, faces: readonly number[] | null): Promise<boolean> => {
      setError(null);
      if (faces) {
        // Any other refusal is left to the server, whose answer is the one shown.
        const { need, error: refusal } = nextDieWanted(viewRef.current, seat, command, faces);
        if (refusal && !refusal.ok && refusal.code === 'DICE_FACE_INVALID') {
          // The die cannot show that face: say so and ask for the same die again.
          setError({ code: refusal.code, message: refusal.message });
          const kept = faces.slice(0, -1);
          const again = nextDieWanted(viewRef.current, seat, command, kept).need;
          setPrompt(again ? { need: again, faces: kept, label: commandLabel(command), command } : null);
          return false;
        }
        if (need) {
          setPrompt({ need, faces, label: commandLabel(command), command });
          return false;
        }
      }
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
        setPrompt({ need, faces, label: commandLabel(command), command });
        return false;
      }
      setPrompt(null);
      setError({ code: result.code, message: result.message });
      return false;
    },
    [seat, send],
  );

  const run = useCallback(
    (command: ThreeSixteenCommand) => attempt(command, ownDice ? [] : null),
    [attempt, ownDice],
  );
  const enterFace = useCallback(
    (face: number) => {
      if (prompt) void attempt(prompt.command, [...prompt.faces, face]);
    },
    [attempt, prompt],
  );
  const cancelPrompt = useCallback(() => setPrompt(null), []);
  const clearError = useCallback(() => setError(null), []);
  return {
    run,
    busy,
    ownDice,
    setOwnDice,
    prompt,
    enterFace,
    cancelPrompt,
    error,
    clearError,
  };
}

/** The die the engine asks for: type the face you rolled. */
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
  const numeric = p.need.faces.every((f) => typeof f === 'number');
  const range = numeric && p.need.faces.length === 2 ? ` (${p.need.faces[0]}–${p.need.faces[1]})` : '';
  return (
    <section className="ts-dice-prompt" aria-live="assertive" aria-label="Enter a die face">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          const n = Number(value);
          if (Number.isInteger(n)) r.enterFace(n);
        }}
      >
        <label>
          <span className="ts-dice-prompt-title">
            Roll a {p.need.die}
            {range}
            {p.need.purpose ? ` for ${p.need.purpose}` : ''}
          </span>
          {p.faces.length > 0 ? (
            <span className="ts-muted"> (entered so far: {p.faces.join(', ')})</span>
          ) : null}
          <input
            ref={input}
            name="face"
            inputMode="numeric"
            type="number"
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
    </section>
  );
}

/** The last refusal, code and message, until dismissed or the next command. */
export function RejectionBanner() {
  const r = useRunner();
  if (!r.error) return null;
  return (
    <div className="ts-error" role="alert">
      <strong className="ts-code">{r.error.code}</strong> {r.error.message}
      <button type="button" className="ts-link" onClick={r.clearError} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
