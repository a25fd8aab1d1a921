import { useEffect, useRef, useState } from 'react';
import type { SimulationSummary } from '../../rules/three-sixteen/simulate/simulate.ts';
import type { Trooper } from '../../rules/three-sixteen/state.ts';
import type { View } from './model.ts';
import { OddsChart, pct } from './OddsChart.tsx';
import type { OddsRequest } from './odds.worker.ts';

/**
 * "What are the odds?" for the encounter the GM is planning: the ruleset's simulator plays it a
 * couple of thousand times (in a worker) from the table as it stands, so the troopers going in
 * bring their wounds, armour, flashback slots and weapons, and the planet its AA and abilities.
 */

const RUNS = 2000;

type Answer = { ok: true; summary: SimulationSummary } | { ok: false; code: string; message: string };

export function Odds({
  view,
  tokens,
  final,
  pcs,
}: {
  view: View;
  tokens: number;
  final: boolean;
  pcs: readonly Trooper[];
}) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [running, setRunning] = useState(false);
  const worker = useRef<Worker | null>(null);
  useEffect(() => () => worker.current?.terminate(), []);
  const planet = view.planet;
  if (!planet || pcs.length === 0) return null;
  const ids = pcs.map((t) => t.id);
  const request: OddsRequest = {
    table: view,
    plan: {
      tokens,
      final,
      n: RUNS,
      seed: Math.floor(Math.random() * 2 ** 32),
      troopers: pcs.map((t) => t.id),
    },
  };
  const run = () => {
    worker.current?.terminate();
    const w = new Worker(new URL('./odds.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    setRunning(true);
    setAnswer(null);
    w.onmessage = (ev: MessageEvent<Answer>) => {
      setAnswer(ev.data);
      setRunning(false);
      w.terminate();
    };
    w.onerror = (ev) => {
      setAnswer({
        ok: false,
        code: 'WORKER_FAILED',
        message: ev.message || 'the simulation could not run here',
      });
      setRunning(false);
    };
    w.postMessage(request);
  };
  const s = answer?.ok ? answer.summary : null;
  return (
    <div className="ts-odds" aria-live="polite">
      <button type="button" onClick={run} disabled={running}>
        {running ? 'Simulating…' : `Odds of this encounter (${RUNS} runs)`}
      </button>
      {answer && !answer.ok ? (
        <p className="ts-problems">
          <strong className="ts-code">{answer.code}</strong> {answer.message}
        </p>
      ) : null}
      {s ? (
        <div data-testid="odds">
          <p>
            Squad wins {pct(s.win.p)} (95%: {pct(s.win.low)}–{pct(s.win.high)}); someone dies{' '}
            {pct(s.anyDead.p)}; about {s.rounds.mean.toFixed(1)} rounds; {s.tokensReturned.mean.toFixed(1)}{' '}
            tokens go back to the pool.
          </p>
          <OddsChart summary={s} ids={ids} />
          <ul className="ts-muted">
            {s.pcs
              .map((p, i) => ({ p, id: ids[i] ?? p.pc }))
              .map(({ p, id }) => (
                <li key={id}>
                  {p.pc}: dies {pct(p.dead.p)}, kills {p.kills.mean.toFixed(1)} on average
                </li>
              ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
