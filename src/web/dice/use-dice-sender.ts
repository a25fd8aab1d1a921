import { useCallback, useRef, useState } from 'react';
import {
  type AttemptOutcome,
  attemptCommand,
  type DicePlanner,
  type PendingDie,
  type SendCommand,
} from './attempt.ts';
import { commandWords, type Refusal } from './faces.ts';

/**
 * The state behind every system's "send a command" (digital or own dice): what is being sent,
 * the die the player is asked for, and the last refusal. Screens read it through `DicePrompt`,
 * `OwnDiceToggle` and their own buttons.
 */
export interface DiceSender<C> {
  readonly run: (command: C) => Promise<boolean>;
  /** The commands one after another, each once the previous one is in; stops at the first refused or waiting for dice. */
  readonly runEach: (commands: readonly C[]) => Promise<boolean>;
  readonly busy: boolean;
  readonly ownDice: boolean;
  readonly setOwnDice: (on: boolean) => void;
  readonly prompt: PendingDie<C> | null;
  readonly enterFace: (face: number) => void;
  readonly cancelPrompt: () => void;
  readonly error: Refusal | null;
  readonly clearError: () => void;
}

export interface DiceSenderOptions<C> {
  /** localStorage key for the seat's "I roll my own dice" choice (per system). */
  readonly storageKey: string;
  readonly planner?: DicePlanner<C>;
  readonly label?: (command: C) => string;
}

function stored(key: string): boolean {
  try {
    return globalThis.localStorage?.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function useDiceSender<C extends { readonly type: string }>(
  send: SendCommand<C>,
  options: DiceSenderOptions<C>,
): DiceSender<C> {
  const { storageKey, planner } = options;
  const label = options.label ?? ((c: C) => commandWords(c.type));
  const [busy, setBusy] = useState(false);
  const [ownDice, setOwnDiceState] = useState<boolean>(() => stored(storageKey));
  const [prompt, setPrompt] = useState<PendingDie<C> | null>(null);
  const [error, setError] = useState<Refusal | null>(null);
  // The planner reads the latest view; the callbacks below stay the same across renders.
  const plannerRef = useRef(planner);
  plannerRef.current = planner;
  const labelRef = useRef(label);
  labelRef.current = label;

  const setOwnDice = useCallback(
    (on: boolean) => {
      setOwnDiceState(on);
      try {
        globalThis.localStorage?.setItem(storageKey, on ? '1' : '0');
      } catch {
        // private mode: the choice lasts for this page only
      }
    },
    [storageKey],
  );

  const apply = useCallback((outcome: AttemptOutcome<C>): boolean => {
    if (outcome.kind === 'done') {
      setPrompt(null);
      return true;
    }
    if (outcome.kind === 'ask') {
      setPrompt(outcome.prompt);
      return false;
    }
    setPrompt(outcome.prompt);
    setError(outcome.error);
    return false;
  }, []);

  // Busy while a command is on its way, not while the rules are asked locally for the next die.
  const sendBusy = useCallback<SendCommand<C>>(
    (command, dice) => {
      setBusy(true);
      return send(command, dice);
    },
    [send],
  );

  const attempt = useCallback(
    async (command: C, faces: readonly number[] | null, asked: PendingDie<C> | null): Promise<boolean> => {
      setError(null);
      const planner = plannerRef.current;
      try {
        return apply(
          await attemptCommand({
            send: sendBusy,
            command,
            faces,
            label: labelRef.current(command),
            asked,
            ...(planner ? { planner } : {}),
          }),
        );
      } finally {
        // Not busy only together with the outcome (the next die asked, or the refusal): never a
        // moment with the buttons free and the answer not yet on the page.
        setBusy(false);
      }
    },
    [apply, sendBusy],
  );

  const run = useCallback((command: C) => attempt(command, ownDice ? [] : null, null), [attempt, ownDice]);
  const runEach = useCallback(
    async (commands: readonly C[]) => {
      for (const c of commands) if (!(await run(c))) return false;
      return true;
    },
    [run],
  );
  const enterFace = useCallback(
    (face: number) => {
      if (prompt) void attempt(prompt.command, [...prompt.faces, face], prompt);
    },
    [attempt, prompt],
  );
  // Giving up on the dice also drops the box's complaint about a face, which would mean nothing after.
  const cancelPrompt = useCallback(() => {
    setPrompt(null);
    setError(null);
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { run, runEach, busy, ownDice, setOwnDice, prompt, enterFace, cancelPrompt, error, clearError };
}
