import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import type { ThreeSixteenCommand } from '../../rules/three-sixteen/commands.ts';
import { plainIssue } from '../api.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { TableConnectionContext } from '../pages/TablePage.tsx';
import {
  type DicePlan,
  type DieRequest,
  dicePlan,
  dieRequestOf,
  nextDieWanted,
  type SeatRef,
  type Send,
  type SendResult,
  type View,
} from './model.ts';
import './feedback.css';

/**
 * Sending commands from the 3:16 screens. Digital dice: the server rolls. Own dice: before
 * sending, the ruleset (run here on the view) says which die it wants next, and how many its
 * purpose takes; the player types each face; the command goes out with the faces. A DICE_NEEDED
 * from the server (the view was behind) asks for one more face the same way. Every refusal is
 * shown with its code and message, kept in view wherever the player has scrolled to.
 */

export interface Runner {
  readonly run: (command: ThreeSixteenCommand) => Promise<boolean>;
  /**
   * The short path of a round (declare and roll, roll for everyone, play the turns left): the
   * commands one after another, each once the previous one is in; it stops at the first that is
   * refused or waits for typed dice (that one then finishes through the dice box as usual).
   */
  readonly runEach: (commands: readonly ThreeSixteenCommand[]) => Promise<boolean>;
  readonly busy: boolean;
  readonly ownDice: boolean;
  readonly setOwnDice: (on: boolean) => void;
  readonly prompt: {
    readonly need: DieRequest;
    /** Where this die sits among its purpose's dice; null when only the server knows. */
    readonly plan: DicePlan | null;
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

/** The server's refusal in words: a schema refusal lists its problems as sentences. */
function refusalOf(result: { code: string; message: string; details?: unknown }): {
  code: string;
  message: string;
} {
  const issues = (result.details as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues;
  if (result.code !== 'BAD_COMMAND' || !Array.isArray(issues) || issues.length === 0)
    return { code: result.code, message: result.message };
  const sentences = issues.map((i) =>
    plainIssue(typeof i.path === 'string' ? i.path : '', typeof i.message === 'string' ? i.message : ''),
  );
  return { code: result.code, message: sentences.join('; ') };
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
    plan: DicePlan | null;
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
          setPrompt(
            again
              ? {
                  need: again,
                  plan: dicePlan(viewRef.current, seat, command, kept),
                  faces: kept,
                  label: commandLabel(command),
                  command,
                }
              : null,
          );
          return false;
        }
        if (need) {
          const plan = dicePlan(viewRef.current, seat, command, faces);
          setPrompt({ need, plan, faces, label: commandLabel(command), command });
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
        // The server ran ahead of this view: the local plan may be for other dice, so say less.
        setPrompt({ need, plan: null, faces, label: commandLabel(command), command });
        return false;
      }
      setPrompt(null);
      setError(refusalOf(result));
      return false;
    },
    [seat, send],
  );

  const run = useCallback(
    (command: ThreeSixteenCommand) => attempt(command, ownDice ? [] : null),
    [attempt, ownDice],
  );
  const runEach = useCallback(
    async (commands: readonly ThreeSixteenCommand[]) => {
      for (const c of commands) if (!(await run(c))) return false;
      return true;
    },
    [run],
  );
  const enterFace = useCallback(
    (face: number) => {
      if (prompt) void attempt(prompt.command, [...prompt.faces, face]);
    },
    [attempt, prompt],
  );
  // Giving up on the dice also drops the box's complaint about a face, which would mean nothing after.
  const cancelPrompt = useCallback(() => {
    setPrompt(null);
    setError(null);
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return {
    run,
    runEach,
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

/**
 * Dice whose real faces print 0 (or 00) where the rules read their highest face: a d10's 0 is 10,
 * percentile dice's 00 is 100.
 */
const ZERO_IS_TOP: Readonly<Record<string, number>> = { d10: 10, d100: 100 };

/**
 * The face typed into the dice box, or null when it is not a whole number. A 0 typed for a d10 (or
 * 00 for a d100) is taken as its top face. Any other die's 0 goes to the ruleset as typed, to be
 * refused there if the die cannot show it.
 */
export function readFace(text: string, die: string): number | null {
  const typed = text.trim();
  if (typed === '') return null;
  const n = Number(typed);
  if (!Number.isInteger(n)) return null;
  return n === 0 ? (ZERO_IS_TOP[die] ?? 0) : n;
}

/** "2d10" for a set of one kind of die, "d10" for one. */
function diceFormula(count: number, die: string): string {
  return count > 1 ? `${count}${die}` : die;
}

/**
 * The die the engine asks for, with the whole request ("Kills of Hicks: 2d10 — die 2 of 2") so
 * real dice can be rolled as a set: type the faces one at a time. A face the die cannot show is
 * refused here, next to the box, and the same die is asked again.
 */
export function DicePrompt() {
  const r = useRunner();
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const hintId = useId();
  const link = useContext(TableConnectionContext);
  const p = r.prompt;
  useEffect(() => {
    if (p) {
      setValue('');
      input.current?.focus();
    }
  }, [p]);
  if (!p) return null;
  const [low, high] = p.need.faces;
  // "d10" already says 1–10; a die with printed faces (or an unknown one) gets its range spelled out.
  const plain = low === 1 && p.need.faces.length === 2 && p.need.die === `d${high}`;
  const range = plain || p.need.faces.length === 0 ? '' : ` (faces ${p.need.faces.join(', ')})`;
  const purpose = p.need.purpose || p.label;
  const heading = purpose.charAt(0).toUpperCase() + purpose.slice(1);
  const count = p.plan?.count ?? null;
  const index = p.plan?.index ?? p.faces.length + 1;
  const which = count !== null ? (count > 1 ? `die ${index} of ${count}` : '') : `die ${index}`;
  const problem = r.error;
  const top = ZERO_IS_TOP[p.need.die];
  // The last face is in and the command is out: say where it stands while the server has not
  // answered, above all when the connection is down and it waits to go.
  const waiting = r.busy && link !== 'live';
  return (
    <section className="ts-dice-prompt" aria-live="assertive" aria-label="Enter a die face">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          const face = readFace(value, p.need.die);
          if (face !== null) r.enterFace(face);
        }}
      >
        <label>
          <span className="ts-dice-prompt-title" data-testid="dice-request">
            {heading}: roll {diceFormula(count ?? 1, p.need.die)}
            {range}
            {which ? ` — ${which}` : ''}
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
            aria-label={`Face of the ${p.need.die}${which ? `, ${which}` : ''}`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={
              [problem ? problemId : '', top ? hintId : ''].filter(Boolean).join(' ') || undefined
            }
          />
        </label>
        {top ? (
          <span id={hintId} className="ts-muted">
            {top === 10
              ? 'A 0 on the die counts as 10: type 0 or 10.'
              : 'A 00 on the dice counts as 100: type 0 or 100.'}
          </span>
        ) : null}
        <button type="submit" disabled={r.busy}>
          Enter face
        </button>
        <button type="button" onClick={r.cancelPrompt}>
          Cancel
        </button>
      </form>
      {waiting ? (
        <p className="ts-sending" data-testid="dice-waiting">
          Waiting to send — it will go when the connection is back.
        </p>
      ) : null}
      {problem ? (
        <div id={problemId}>
          <ErrorNote code={problem.code} message={problem.message} onDismiss={r.clearError} />
        </div>
      ) : null}
    </section>
  );
}

/**
 * The last refusal, until dismissed or the next command. It sticks to the top of the game column
 * while the player scrolls, so a refusal of a button far down the page is still seen; while the
 * dice box is open the box shows it instead, next to the face that was refused.
 */
export function RejectionBanner() {
  const r = useRunner();
  if (!r.error || r.prompt) return null;
  return (
    <div className="ts-toast" data-testid="rejection">
      <ErrorNote code={r.error.code} message={r.error.message} onDismiss={r.clearError} />
    </div>
  );
}
