import { useState } from 'react';
import type { SimulationSummary } from '../../rules/three-sixteen/simulate/simulate.ts';
import type { Trooper } from '../../rules/three-sixteen/state.ts';
import { type Asker, workerAsker } from '../worker/asker.ts';
import { useAnswer } from '../worker/use-answer.ts';
import { useAsker } from '../worker/use-asker.ts';
import type { View } from './model.ts';
import { OddsChart, pct } from './OddsChart.tsx';
import type { OddsRequest } from './odds-question.ts';
import { Problem } from './Problem.tsx';

/**
 * "What are the odds?" for the encounter the GM is planning: the ruleset's simulator plays it a
 * couple of thousand times (in a worker) from the table as it stands, so the troopers going in
 * bring their wounds, armour, flashback slots and weapons, and the planet its AA and abilities.
 *
 * An answer belongs to the plan it was asked for: once the plan changes (tokens, final, who goes
 * in, or the troopers and planet it read) it is no longer shown. The seed is derived from the plan,
 * so the same plan always gives the same numbers, and the answer says what was played.
 */

export const RUNS = 2000;

type OddsAsker = Asker<OddsRequest, SimulationSummary>;

/**
 * Where no Worker exists (a server render, a component test) the panel says so instead of running
 * the simulator on the page's thread: bundling it into the page would weigh on every 3:16 table.
 */
const noWorker: OddsAsker = {
  ask: async () => ({ ok: false, code: 'WORKER_FAILED', message: 'the simulation could not run here' }),
  close: () => {},
};

function makeOddsAsker(): OddsAsker {
  if (typeof Worker === 'undefined') return noWorker;
  return workerAsker(() => new Worker(new URL('./odds.worker.ts', import.meta.url), { type: 'module' }));
}

/** 32-bit FNV-1a: a stable seed from the plan's text (not for security, only for repeatability). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The request for a plan and the key it is known by. The key holds everything the simulation
 * reads (the plan, the planet's AA, abilities and pool, and the state of each trooper going in),
 * so an answer is shown only for the plan it was computed for, and the seed comes from the key:
 * the same plan, the same numbers.
 */
export function oddsPlan(
  view: View,
  tokens: number,
  final: boolean,
  pcs: readonly Trooper[],
): { key: string; request: OddsRequest } {
  const planet = view.planet;
  const key = JSON.stringify({
    tokens,
    final,
    planet: planet ? { aa: planet.aa, abilities: planet.abilities, pool: planet.threat.pool } : null,
    troopers: pcs,
  });
  return {
    key,
    request: {
      table: view,
      plan: { tokens, final, n: RUNS, seed: fnv1a(key), troopers: pcs.map((t) => t.id) },
    },
  };
}

/** "a, b and c". */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** One sentence: what the simulator played (read back from its summary, so it cannot drift). */
export function describeRun(s: SimulationSummary): string {
  const abilities = s.abilities.length > 0 ? `abilities ${s.abilities.join(', ')}` : 'no abilities';
  const encounter = `${s.tokens}-token${s.final ? ' final' : ''} encounter`;
  return `${s.n.toLocaleString('en')} runs of a ${encounter} against AA ${s.aa} (${abilities}), with ${list(
    s.pcs.map((p) => p.pc),
  )}; seed ${s.seed}.`;
}

/** The simulator's answer for one plan, as words, charts and a list per trooper. */
export function OddsAnswer({ summary: s, ids }: { summary: SimulationSummary; ids: readonly string[] }) {
  // In a single encounter a Strength always ends it, so these are the wins a Strength bought.
  const byStrength = (s.endReasons.strength ?? 0) / Math.max(1, s.n);
  return (
    <div data-testid="odds">
      {/* Template strings: JSX text across lines would eat or add spaces around the numbers. */}
      <p>
        {`Squad wins ${pct(s.win.p)} (95%: ${pct(s.win.low)}–${pct(s.win.high)}); someone dies ${pct(
          s.anyDead.p,
        )}; about ${s.rounds.mean.toFixed(1)} rounds; ${s.tokensReturned.mean.toFixed(1)} tokens go back to the pool.`}
      </p>
      <p data-testid="odds-strength">
        {`Wins include fights a trooper ended with a Strength (${pct(byStrength)} of runs): the rules count that as a win. `}
        {`A Strength was used in ${pct(s.strengthUsed.p)} of runs (95%: ${pct(s.strengthUsed.low)}–${pct(
          s.strengthUsed.high,
        )}), ${s.strengthsPerRun.mean.toFixed(2)} per run on average.`}
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
      <p className="ts-muted" data-testid="odds-how">
        Simulated: {describeRun(s)} Both sides follow the simulator's fixed policies (troopers fight at their
        weapon's best range and spend armour, then a Strength, on a killing blow; the aliens push troopers
        toward their worst range and use each ability when it helps them), listed in{' '}
        <code>bughunt simulate --help</code>.
      </p>
    </div>
  );
}

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
  const asker = useAsker(makeOddsAsker);
  /** The plan last asked for (a new object on each click, so asking again asks again). */
  const [asked, setAsked] = useState<{ key: string; request: OddsRequest } | null>(null);
  const answer = useAnswer(asker, asked?.request ?? null);
  if (!view.planet || pcs.length === 0) return null;
  const ids = pcs.map((t) => t.id);
  const plan = oddsPlan(view, tokens, final, pcs);
  const run = () => setAsked(plan);
  // An answer (or a run under way) for another plan says nothing about this one.
  const mine = asked?.key === plan.key;
  const current = mine && answer.kind === 'done' ? answer.result : null;
  const stale = !mine && answer.kind === 'done';
  const busy = mine && answer.kind === 'counting';
  return (
    <div className="ts-odds" aria-live="polite">
      <button type="button" onClick={run} disabled={busy}>
        {busy ? 'Simulating…' : `Odds of this encounter (${RUNS} runs)`}
      </button>
      {stale ? (
        <p className="ts-muted" data-testid="odds-stale">
          The plan changed since the last odds: ask again for this one.
        </p>
      ) : null}
      {current && !current.ok ? <Problem code={current.code} message={current.message} /> : null}
      {current?.ok ? <OddsAnswer summary={current.answer} ids={ids} /> : null}
    </div>
  );
}
