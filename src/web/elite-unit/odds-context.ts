import { createContext, useContext } from 'react';
import { type Asker, directAsker, workerAsker } from '../worker/asker.ts';
import { useAsker } from '../worker/use-asker.ts';
import { answerOdds, type OddsAnswer, type OddsQuestion } from './odds-question.ts';

/**
 * The table's odds asker: one worker for the table, started on the first question and stopped
 * when the table unmounts. Where no Worker exists the chances are counted on the page's thread
 * (slower, but still shown).
 */
export type OddsAsker = Asker<OddsQuestion, OddsAnswer>;

export const OddsContext = createContext<OddsAsker | null>(null);

export function useOddsAsker(): OddsAsker | null {
  return useContext(OddsContext);
}

function makeOddsAsker(): OddsAsker {
  if (typeof Worker === 'undefined') return directAsker(answerOdds);
  return workerAsker(() => new Worker(new URL('./odds.worker.ts', import.meta.url), { type: 'module' }));
}

export function useOddsWorker(): OddsAsker {
  return useAsker(makeOddsAsker);
}
