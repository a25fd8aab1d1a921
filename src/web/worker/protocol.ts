/**
 * One question in, one answer out, for any worker the screens use to count something slow off the
 * page's thread (odds, simulations). The page side is asker.ts; this is the worker side and the
 * messages both sides share. Nothing here imports the DOM or React, so a worker bundle stays small.
 */

export interface Asked<Q> {
  readonly id: number;
  readonly question: Q;
}

/** An answer, or the refusal's stable code and message (a RuleError's, or INTERNAL). */
export type Result<A> =
  | { readonly ok: true; readonly answer: A }
  | { readonly ok: false; readonly code: string; readonly message: string };

export type Answered<A> = Result<A> & { readonly id: number };

/** The part of a worker's global scope (or a test's stand-in) that answering needs. */
export interface AnswerPort<Q> {
  onmessage: ((ev: MessageEvent<Asked<Q>>) => unknown) | null;
  postMessage(message: Answered<unknown>): void;
}

/** A thrown value as a refusal: a RuleError keeps its code, anything else is INTERNAL. */
export function refusalOf(e: unknown): { ok: false; code: string; message: string } {
  const code =
    typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : 'INTERNAL';
  return { ok: false, code, message: e instanceof Error ? e.message : String(e) };
}

/** Counts the answer to one question, catching a refusal so the page always hears back. */
export function answerOne<Q, A>(answer: (question: Q) => A, question: Q): Result<A> {
  try {
    return { ok: true, answer: answer(question) };
  } catch (e) {
    return refusalOf(e);
  }
}

/** The worker side: every question that arrives is answered, in order, under its id. */
export function answerQuestions<Q, A>(port: AnswerPort<Q>, answer: (question: Q) => A): void {
  port.onmessage = (ev) => {
    const { id, question } = ev.data;
    port.postMessage({ id, ...answerOne(answer, question) });
  };
}
