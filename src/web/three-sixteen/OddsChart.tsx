import type { Proportion } from '../../engine/estimates.ts';
import type { SimulationSummary } from '../../rules/three-sixteen/simulate/simulate.ts';

/**
 * The simulator's answer as pictures: one bar per chance (the squad wins, someone dies, each
 * trooper dies) with its 95% interval as a whisker, and the spread of encounter lengths in
 * rounds. The words and numbers are HTML and only the bars are SVG, stretched to the width they
 * get: the charts then fit any column (a phone at 320px too) while the text keeps its size and
 * never overlaps. Styled by class, since the CSP forbids inline styles in markup; every chart also
 * carries its numbers as text for screen readers.
 */

/**
 * A share as a whole percentage (0.237 → "24%"), with one decimal within 1% of 0 or 1 so that a
 * near-certainty does not read as one ("99.9%", "0.4%"); only exactly 0 and 1 read "0%" and
 * "100%", and a share that still rounds onto them reads "<0.1%" or ">99.9%".
 */
export function pct(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  if (p >= 0.01 && p <= 0.99) return `${Math.round(p * 100)}%`;
  const text = (p * 100).toFixed(1);
  if (text === '0.0') return '<0.1%';
  if (text === '100.0') return '>99.9%';
  return `${text}%`;
}

interface Bar {
  readonly key: string;
  readonly label: string;
  readonly value: Proportion;
  readonly tone: 'good' | 'bad' | 'neutral';
}

/** 0…1 to the bar's 0…100 user units. */
const unit = (p: number) => Math.max(0, Math.min(1, p)) * 100;

function ChanceBars({ bars }: { bars: readonly Bar[] }) {
  const description = bars.map((b) => `${b.label} ${pct(b.value.p)}`).join(', ');
  return (
    <div className="ts-chances" role="img" aria-label={`Chances: ${description}`}>
      {bars.map((b) => {
        const low = unit(b.value.low);
        const high = unit(b.value.high);
        return (
          <div key={b.key} className="ts-chance">
            <span className="ts-chart-label">{b.label}</span>
            {/* Stretched sideways (preserveAspectRatio none): the strokes keep their width. */}
            <svg className="ts-chart-bars" viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden="true">
              <rect className="ts-chart-track" x={0} y={1} width={100} height={10} />
              <rect
                className={`ts-chart-bar ts-chart-${b.tone}`}
                x={0}
                y={1}
                width={unit(b.value.p)}
                height={10}
              />
              <path
                className="ts-chart-whisker-halo"
                d={`M${low} 2V10M${low} 6H${high}M${high} 2V10`}
                vectorEffect="non-scaling-stroke"
              />
              <path
                className="ts-chart-whisker"
                d={`M${low} 2V10M${low} 6H${high}M${high} 2V10`}
                vectorEffect="non-scaling-stroke"
              />
            </svg>
            <span className="ts-chart-value">{pct(b.value.p)}</span>
          </div>
        );
      })}
    </div>
  );
}

/** Longest run drawn as its own column; longer encounters share the last one ("20+"). */
const MAX_COLUMNS = 20;

/**
 * Which columns get a number under them: the first, the last, and every fifth, except a fifth so
 * close to the last that the two numbers would touch (10 and 11 read as "1011").
 */
export function axisLabels(columns: number): number[] {
  const labels: number[] = [];
  for (let r = 1; r <= columns; r++) {
    if (r === 1 || r === columns || (r % 5 === 0 && columns - r >= 3)) labels.push(r);
  }
  return labels;
}

function RoundsHistogram({ rounds }: { rounds: SimulationSummary['rounds'] }) {
  const data = rounds.distribution;
  if (data.length === 0) return null;
  const maxRounds = Math.min(Math.max(...data.map((d) => d.rounds)), MAX_COLUMNS);
  const columns = Array.from({ length: maxRounds }, (_, i) => ({ rounds: i + 1, p: 0 }));
  for (const d of data) {
    const col = columns[Math.min(Math.max(d.rounds, 1), maxRounds) - 1];
    if (col) col.p += d.p;
  }
  const top = Math.max(...columns.map((c) => c.p), 0.0001);
  const name = (r: number) => (r === maxRounds && maxRounds === MAX_COLUMNS ? `${r}+` : String(r));
  const labelled = new Set(axisLabels(maxRounds));
  const description = columns
    .filter((c) => c.p > 0)
    .map((c) => `${name(c.rounds)}: ${pct(c.p)}`)
    .join(', ');
  // Each column is 10 units wide in the SVG and one equal grid track in the axis under it, so the
  // numbers sit under their bars at any width.
  return (
    <div className="ts-histogram" role="img" aria-label={`Rounds the encounter lasts: ${description}`}>
      <svg
        className="ts-chart-columns"
        viewBox={`0 0 ${maxRounds * 10} 100`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        {columns.map((c, i) => {
          const h = (c.p / top) * 100;
          return (
            <rect
              key={c.rounds}
              className="ts-chart-bar ts-chart-neutral"
              x={i * 10 + 1.5}
              y={100 - h}
              width={7}
              height={h}
            />
          );
        })}
      </svg>
      <div className="ts-chart-axis" aria-hidden="true">
        {columns.map((c) => (
          <span key={c.rounds}>{labelled.has(c.rounds) ? name(c.rounds) : ''}</span>
        ))}
      </div>
    </div>
  );
}

/** `ids`: the troopers' ids in the summary's order (keys only; the labels are the summary's names). */
export function OddsChart({ summary, ids }: { summary: SimulationSummary; ids: readonly string[] }) {
  const bars: Bar[] = [
    { key: 'win', label: 'Squad wins', value: summary.win, tone: 'good' },
    // Wins include Strength endings: this bar says how many of them a Strength bought.
    { key: 'strength', label: 'A Strength used', value: summary.strengthUsed, tone: 'neutral' },
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
