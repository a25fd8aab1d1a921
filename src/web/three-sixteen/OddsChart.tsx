import type { SimulationSummary } from '../../rules/three-sixteen/simulate/simulate.ts';
import type { Proportion } from '../../rules/three-sixteen/simulate/stats.ts';

/**
 * The simulator's answer as pictures: one bar per chance (the squad wins, someone dies, each
 * trooper dies) with its 95% interval as a whisker, and the spread of encounter lengths in
 * rounds. Plain SVG with CSS classes (the CSP forbids inline styles in markup); every chart also
 * carries its numbers as text for screen readers.
 */

/** A share as a whole percentage (0.237 → "24%"). */
export const pct = (p: number) => `${Math.round(p * 100)}%`;

interface Bar {
  readonly key: string;
  readonly label: string;
  readonly value: Proportion;
  readonly tone: 'good' | 'bad';
}

const ROW = 22;
const LABEL_W = 120;
const BAR_W = 160;
const VALUE_W = 44;

function ChanceBars({ bars }: { bars: readonly Bar[] }) {
  const width = LABEL_W + BAR_W + VALUE_W;
  const height = bars.length * ROW + 4;
  const x = (p: number) => LABEL_W + Math.max(0, Math.min(1, p)) * BAR_W;
  const description = bars.map((b) => `${b.label} ${pct(b.value.p)}`).join(', ');
  return (
    <svg
      className="ts-chart"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-label={`Chances: ${description}`}
    >
      {bars.map((b, i) => {
        const y = i * ROW + 2;
        const mid = y + ROW / 2 - 2;
        return (
          <g key={b.key}>
            <text className="ts-chart-label" x={LABEL_W - 6} y={mid + 4} textAnchor="end">
              {b.label.length > 16 ? `${b.label.slice(0, 15)}…` : b.label}
            </text>
            <rect className="ts-chart-track" x={LABEL_W} y={y + 3} width={BAR_W} height={ROW - 10} rx={3} />
            <rect
              className={`ts-chart-bar ts-chart-${b.tone}`}
              x={LABEL_W}
              y={y + 3}
              width={x(b.value.p) - LABEL_W}
              height={ROW - 10}
              rx={3}
            />
            <line className="ts-chart-whisker" x1={x(b.value.low)} x2={x(b.value.high)} y1={mid} y2={mid} />
            <text className="ts-chart-value" x={LABEL_W + BAR_W + 6} y={mid + 4}>
              {pct(b.value.p)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function RoundsHistogram({ rounds }: { rounds: SimulationSummary['rounds'] }) {
  const data = rounds.distribution;
  if (data.length === 0) return null;
  const maxRounds = Math.min(Math.max(...data.map((d) => d.rounds)), 20);
  // Encounters longer than 20 rounds share the last column so one outlier does not squash the rest.
  const columns = Array.from({ length: maxRounds }, (_, i) => ({ rounds: i + 1, p: 0 }));
  for (const d of data) {
    const col = columns[Math.min(Math.max(d.rounds, 1), maxRounds) - 1];
    if (col) col.p += d.p;
  }
  const top = Math.max(...columns.map((c) => c.p), 0.0001);
  const colW = 14;
  const h = 60;
  const width = columns.length * colW + 8;
  const description = columns
    .filter((c) => c.p > 0)
    .map((c) => `${c.rounds}${c.rounds === maxRounds && maxRounds === 20 ? '+' : ''}: ${pct(c.p)}`)
    .join(', ');
  return (
    <svg
      className="ts-chart"
      viewBox={`0 0 ${width} ${h + 16}`}
      width={Math.min(width * 2, 360)}
      role="img"
      aria-label={`Rounds the encounter lasts: ${description}`}
    >
      {columns.map((c, i) => {
        const bh = (c.p / top) * h;
        return (
          <g key={c.rounds}>
            <rect
              className="ts-chart-bar ts-chart-neutral"
              x={4 + i * colW}
              y={h - bh}
              width={colW - 3}
              height={bh}
            />
            {c.rounds === 1 || c.rounds % 5 === 0 || c.rounds === maxRounds ? (
              <text
                className="ts-chart-axis"
                x={4 + i * colW + (colW - 3) / 2}
                y={h + 12}
                textAnchor="middle"
              >
                {c.rounds === maxRounds && maxRounds === 20 ? '20+' : c.rounds}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** `ids`: the troopers' ids in the summary's order (keys only; the labels are the summary's names). */
export function OddsChart({ summary, ids }: { summary: SimulationSummary; ids: readonly string[] }) {
  const bars: Bar[] = [
    { key: 'win', label: 'Squad wins', value: summary.win, tone: 'good' },
    { key: 'anyDead', label: 'Someone dies', value: summary.anyDead, tone: 'bad' },
    ...summary.pcs.map((pc, i) => ({
      key: `dead-${ids[i] ?? pc.pc}`,
      label: `${pc.pc} dies`,
      value: pc.dead,
      tone: 'bad' as const,
    })),
  ];
  return (
    <div className="ts-odds-chart">
      <figure>
        <ChanceBars bars={bars} />
        <figcaption className="ts-muted">Bars: the share of runs; whiskers: the 95% interval.</figcaption>
      </figure>
      <figure>
        <RoundsHistogram rounds={summary.rounds} />
        <figcaption className="ts-muted">How many rounds the encounter lasts.</figcaption>
      </figure>
    </div>
  );
}
