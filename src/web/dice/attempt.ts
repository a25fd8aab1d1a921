import { type DicePlan, type DieRequest, dieRequestOf, type Refusal, refusalOf } from './faces.ts';

/**
 * One try at a command, for every system's screens. Digital dice (`faces` null): the server rolls.
 * Own dice: the faces typed so far go with the command; when the engine wants one more, the answer
 * is a prompt for that die. A system that can run its rules on the view (3:16) passes a planner,
 * which asks for each die before anything is sent; without one the server's DICE_NEEDED answer
 * names the die, a round trip per face. Refusals change nothing on the server, so trying again
 * with more faces is always safe.
 */

export type SendOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly details?: unknown };

export type SendCommand<C> = (command: C, dice?: number[]) => Promise<SendOutcome>;

/** Runs the rules locally on the view to name the next die before sending (optional). */
export interface DicePlanner<C> {
  /** The next die `command` wants after `faces` (null: it has all it needs), or a local refusal. */
  readonly next: (command: C, faces: readonly number[]) => { need: DieRequest | null; error: Refusal | null };
  /** Where that die sits among its purpose's dice, when the rules can tell. */
  readonly plan?: (command: C, faces: readonly number[]) => DicePlan | null;
}

/** A die the player is asked to roll and type, for `command`, after `faces`. */
export interface PendingDie<C> {
  readonly command: C;
  readonly need: DieRequest;
  /** Null when only the server knows (no planner, or the view was behind). */
  readonly plan: DicePlan | null;
  readonly faces: readonly number[];
  /** The command in words, for a request without a purpose. */
  readonly label: string;
}

export type AttemptOutcome<C> =
  | { readonly kind: 'done' }
  /** One more face is wanted. */
  | { readonly kind: 'ask'; readonly prompt: PendingDie<C> }
  /** Refused; `prompt` is the same die asked again when the refusal was of the face just typed. */
  | { readonly kind: 'refused'; readonly error: Refusal; readonly prompt: PendingDie<C> | null };

export async function attemptCommand<C>(args: {
  readonly send: SendCommand<C>;
  readonly command: C;
  /** Null: digital dice. */
  readonly faces: readonly number[] | null;
  readonly label: string;
  readonly planner?: DicePlanner<C>;
  /** The die the last face answered, to ask again if the face is refused. */
  readonly asked?: PendingDie<C> | null;
}): Promise<AttemptOutcome<C>> {
  const { send, command, faces, label, planner, asked } = args;
  const askAgain = (kept: readonly number[]): PendingDie<C> | null => {
    if (planner) {
      const again = planner.next(command, kept).need;
      return again
        ? { command, need: again, plan: planner.plan?.(command, kept) ?? null, faces: kept, label }
        : null;
    }
    return asked ? { ...asked, faces: kept } : null;
  };
  if (faces && planner) {
    const { need, error } = planner.next(command, faces);
    // The die cannot show that face: say so and ask for the same die again. Any other local
    // refusal is left to the server, whose answer is the one shown.
    if (error && error.code === 'DICE_FACE_INVALID')
      return { kind: 'refused', error, prompt: askAgain(faces.slice(0, -1)) };
    if (need)
      return {
        kind: 'ask',
        prompt: { command, need, plan: planner.plan?.(command, faces) ?? null, faces, label },
      };
  }
  let result: SendOutcome;
  try {
    result = await send(command, faces ? [...faces] : undefined);
  } catch (e) {
    result = { ok: false, code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
  }
  if (result.ok) return { kind: 'done' };
  if (faces && result.code === 'DICE_NEEDED') {
    const need = dieRequestOf(result.details) ?? { die: 'die', faces: [], purpose: result.message };
    // Without a planner (or when the server ran ahead of this view) only the server knows the set.
    return { kind: 'ask', prompt: { command, need, plan: null, faces, label } };
  }
  if (faces && faces.length > 0 && result.code === 'DICE_FACE_INVALID')
    return { kind: 'refused', error: refusalOf(result), prompt: askAgain(faces.slice(0, -1)) };
  return { kind: 'refused', error: refusalOf(result), prompt: null };
}
