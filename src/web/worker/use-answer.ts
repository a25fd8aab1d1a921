import { useEffect, useState } from 'react';
import type { Asker } from './asker.ts';
import type { Result } from './protocol.ts';

/** The answer shown for a question: none asked, being counted, or the result. */
export type AnswerState<A> =
  | { readonly kind: 'none' }
  | { readonly kind: 'counting' }
  | { readonly kind: 'done'; readonly result: Result<A> };

/**
 * Asks `question` of the asker whenever it changes (by identity: memoise it) and shows only the
 * answer to the question now on screen; an answer to an older one is dropped. `lane`: the form's
 * own, when several forms share the asker (asker.ts).
 */
export function useAnswer<Q, A>(
  asker: Asker<Q, A> | null,
  question: Q | null,
  lane?: string,
): AnswerState<A> {
  const [state, setState] = useState<{ question: Q | null; answer: AnswerState<A> }>({
    question: null,
    answer: { kind: 'none' },
  });
  useEffect(() => {
    if (!asker || question === null) return;
    let live = true;
    void asker.ask(question, lane).then((result) => {
      if (live) setState({ question, answer: { kind: 'done', result } });
    });
    return () => {
      live = false;
    };
  }, [asker, question, lane]);
  if (question === null || !asker) return { kind: 'none' };
  return state.question === question ? state.answer : { kind: 'counting' };
}
