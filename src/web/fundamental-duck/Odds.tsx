import { useEffect, useRef, useState } from 'react';
import type { FdPack } from '../../rules/fundamental-duck/data/pack.ts';
import { type Asker, directAsker, workerAsker } from '../worker/asker.ts';
import { useAsker } from '../worker/use-asker.ts';
import { answerOdds, type OddsAnswer, type OddsQuestion } from './odds-question.ts';

const RUNS = 20;

type OddsState =
  | { readonly kind: 'progress'; readonly done: number; readonly results: readonly OddsAnswer[] }
  | { readonly kind: 'failed'; readonly message: string };

/** The briefing's asker: the shared question worker, or the page's thread where no Worker exists. */
const makeOddsAsker = (): Asker<OddsQuestion, OddsAnswer> =>
  typeof Worker === 'undefined'
    ? directAsker(answerOdds)
    : workerAsker<OddsQuestion, OddsAnswer>(
        () => new Worker(new URL('./odds.worker.ts', import.meta.url), { type: 'module' }),
      );

/**
 * The simulator's odds for a mission before boarding: the mission played RUNS times by the
 * ruleset's simulator (its built-in policy, the table's pack, Team and arena), one run per question
 * to the worker, the share of each outcome and the dead per mission shown as the runs come in.
 */
export function MissionOdds({ mission, arena, pack }: { mission: string; arena: string; pack?: FdPack }) {
  // Leaving the briefing stops a simulation under way (useAsker closes the asker on unmount; the
  // table keys this by mission, so a new mission starts afresh too).
  const asker = useAsker(makeOddsAsker);
  const [state, setState] = useState<OddsState | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const start = async () => {
    const seed = Date.now() % 1_000_000;
    const results: OddsAnswer[] = [];
    setState({ kind: 'progress', done: 0, results });
    for (let i = 0; i < RUNS; i++) {
      const r = await asker.ask({ mission, arena, ...(pack ? { pack } : {}), seed: seed + i });
      if (!live.current) return;
      if (!r.ok) {
        // Stopped (the briefing left) is not a failure to show.
        if (r.code !== 'CLOSED') setState({ kind: 'failed', message: r.message });
        return;
      }
      results.push(r.answer);
      setState({ kind: 'progress', done: results.length, results: results.slice() });
    }
  };
  const share = (n: number, of: number) => (of === 0 ? '–' : `${Math.round((100 * n) / of)}%`);
  const count = (of: readonly OddsAnswer[], ...outcomes: OddsAnswer['outcome'][]) =>
    of.filter((r) => outcomes.includes(r.outcome)).length;
  return (
    <div className="fd-odds" data-testid="fd-odds">
      {state === null ? (
        <button type="button" onClick={() => void start()}>
          Simulate the odds ({RUNS} missions)
        </button>
      ) : state.kind === 'failed' ? (
        <p>The simulation stopped: {state.message}</p>
      ) : (
        <p aria-live="polite">
          {state.done < RUNS ? `Simulating: ${state.done} of ${RUNS}… ` : `Over ${RUNS} simulated missions: `}
          completed {share(count(state.results, 'completed'), state.done)}, partly{' '}
          {share(count(state.results, 'part-completed'), state.done)}, failed{' '}
          {share(count(state.results, 'failed', 'unfinished'), state.done)}
          {state.done > 0
            ? `; ${(state.results.reduce((n, r) => n + r.dead, 0) / state.done).toFixed(1)} dead per mission`
            : ''}
          .
        </p>
      )}
    </div>
  );
}
