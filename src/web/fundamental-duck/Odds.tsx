import { useEffect, useRef, useState } from 'react';
import type { FdPack } from '../../rules/fundamental-duck/data/pack.ts';
import type { OddsMessage, OddsRequest } from './odds.worker.ts';

const RUNS = 20;

/**
 * The simulator's odds for a mission before boarding: the mission played RUNS times by the
 * ruleset's simulator (its built-in policy, the table's pack, Team and arena) in a worker, the
 * share of each outcome and the dead per mission, shown as the runs come in.
 */
export function MissionOdds({ mission, arena, pack }: { mission: string; arena: string; pack?: FdPack }) {
  const [state, setState] = useState<OddsMessage | null>(null);
  const worker = useRef<Worker | null>(null);
  // Leaving the briefing stops a simulation under way (the table keys this by mission, so a new
  // mission starts afresh too).
  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );
  const start = () => {
    worker.current?.terminate();
    const w = new Worker(new URL('./odds.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    w.onmessage = (ev: MessageEvent<OddsMessage>) => setState(ev.data);
    w.postMessage({
      mission,
      arena,
      ...(pack ? { pack } : {}),
      runs: RUNS,
      seed: Date.now() % 1_000_000,
    } satisfies OddsRequest);
    setState({ kind: 'progress', done: 0, results: [], dead: 0 });
  };
  const share = (n: number, of: number) => (of === 0 ? '–' : `${Math.round((100 * n) / of)}%`);
  return (
    <div className="fd-odds" data-testid="fd-odds">
      {state === null ? (
        <button type="button" onClick={start}>
          Simulate the odds ({RUNS} missions)
        </button>
      ) : state.kind === 'failed' ? (
        <p>The simulation stopped: {state.message}</p>
      ) : (
        <p aria-live="polite">
          {state.done < RUNS ? `Simulating: ${state.done} of ${RUNS}… ` : `Over ${RUNS} simulated missions: `}
          completed {share(state.results.filter((r) => r === 'completed').length, state.done)}, partly{' '}
          {share(state.results.filter((r) => r === 'part-completed').length, state.done)}, failed{' '}
          {share(state.results.filter((r) => r === 'failed' || r === 'unfinished').length, state.done)}
          {state.done > 0 ? `; ${(state.dead / state.done).toFixed(1)} dead per mission` : ''}.
        </p>
      )}
    </div>
  );
}
