import {
  countAtLeast,
  type Distribution,
  exactDistribution,
  type Fraction,
  formatFraction,
  formatNotation,
  fraction,
  mean,
  parseNotation,
  standardDeviation,
  toDecimal,
} from '../engine/notation/index.ts';
import {
  argsOrHelp,
  type CliIo,
  type Command,
  integerOption,
  notationArgument,
  processIo,
  UsageError,
} from './command.ts';

/** The most rows the text table prints; --json always has every total. */
export const MAX_TABLE_ROWS = 120;
/** In a table too long to print whole, totals less likely than this are left to --json. */
export const MIN_SHOWN_PROBABILITY = 1e-4;
/** Whole numbers longer than this are shown rounded (an exploding pool counts ~200 digits). */
export const MAX_EXACT_DIGITS = 15;

const usage = `Usage: bughunt odds <notation> [--at-least K | --at-most K | --exactly K] [--json]

Prints the exact distribution of a notation's total: every total with its
count of equally likely outcomes, its probability and a bar. Exact means
counted, never sampled. Notation as in bughunt roll --help; one starting
with '-' works as it is (bughunt odds -1d6+4), or after -- (odds -- -d6).
A table longer than ${MAX_TABLE_ROWS} rows shows the likely totals (each at least
0.01%, at most ${MAX_TABLE_ROWS} rows) and says how many it left out; --json always
lists every total. Counts over ${MAX_EXACT_DIGITS} digits are shown rounded (≈), exact in
--json.

Options:
  --at-least K  only P(total >= K), as outcomes/all, reduced, and decimal
  --at-most K   only P(total <= K)
  --exactly K   only P(total = K)
  --json        print JSON: fractions as strings ("1/6"), decimals as numbers
  -h, --help    show this help
  --            end of options: what follows is the notation
For a negative K write --at-least=-2. Each option is given once.

Explosions count up to 20 extra dice per die and r-rerolls up to 20 per die;
the last die at a cap stands as rolled. Very large notations are refused
rather than computed for minutes.`;

const BAR_WIDTH = 40;

/** A big whole number people can read: exact up to MAX_EXACT_DIGITS digits, else ≈1.23e45. */
export function count(n: bigint): string {
  const digits = (n < 0n ? -n : n).toString();
  if (digits.length <= MAX_EXACT_DIGITS) return n.toString();
  let mantissa = Number(`${digits[0]}.${digits.slice(1, 17)}`).toFixed(2);
  let exponent = digits.length - 1;
  // 9.996… rounds up to the next power of ten.
  if (mantissa === '10.00') {
    mantissa = '1.00';
    exponent++;
  }
  return `≈${n < 0n ? '-' : ''}${mantissa}e${exponent}`;
}

/**
 * The rows [from, to) of a distribution the text table prints: all of them when they fit,
 * otherwise the span from the first to the last total at least MIN_SHOWN_PROBABILITY likely, cut
 * to the MAX_TABLE_ROWS rows of that span that hold the most probability.
 */
export function shownRows(probabilities: readonly number[]): { from: number; to: number } {
  const n = probabilities.length;
  if (n <= MAX_TABLE_ROWS) return { from: 0, to: n };
  let first = probabilities.findIndex((p) => p >= MIN_SHOWN_PROBABILITY);
  let last = n - 1;
  while (last >= 0 && (probabilities[last] as number) < MIN_SHOWN_PROBABILITY) last--;
  // Spread so thin that no total reaches the threshold: pick the window from all of them.
  if (first === -1) {
    first = 0;
    last = n - 1;
  }
  if (last - first + 1 <= MAX_TABLE_ROWS) return { from: first, to: last + 1 };
  let best = first;
  let mass = 0;
  for (let i = first; i < first + MAX_TABLE_ROWS; i++) mass += probabilities[i] as number;
  let bestMass = mass;
  for (let start = first + 1; start + MAX_TABLE_ROWS - 1 <= last; start++) {
    mass += (probabilities[start + MAX_TABLE_ROWS - 1] as number) - (probabilities[start - 1] as number);
    if (mass > bestMass) {
      bestMass = mass;
      best = start;
    }
  }
  return { from: best, to: best + MAX_TABLE_ROWS };
}

/** A probability people can read: 16.67%, and tiny ones in exponent form rather than 0.00%. */
export function percent(p: number): string {
  const pc = p * 100;
  if (pc === 0) return '0%';
  if (pc >= 0.01) return `${pc.toFixed(2)}%`;
  return `${pc.toPrecision(2)}%`;
}

/** Three significant digits, without trailing zeros: 0.0463, 0.5, 1. */
export function decimal(p: number): string {
  return String(Number(p.toPrecision(3)));
}

export type Query = { readonly kind: 'at-least' | 'at-most' | 'exactly'; readonly k: number };

/** How many outcomes satisfy the query. */
export function queryCount(dist: Distribution, query: Query): bigint {
  switch (query.kind) {
    case 'at-least':
      return countAtLeast(dist, query.k);
    case 'at-most':
      return dist.denominator - countAtLeast(dist, query.k + 1);
    case 'exactly':
      return countAtLeast(dist, query.k) - countAtLeast(dist, query.k + 1);
  }
}

const SYMBOL = { 'at-least': '≥', 'at-most': '≤', exactly: '=' } as const;
const JSON_KEY = { 'at-least': 'atLeast', 'at-most': 'atMost', exactly: 'exactly' } as const;

export function formatQuery(notation: string, dist: Distribution, query: Query): string {
  const count = queryCount(dist, query);
  const p = fraction(count, dist.denominator);
  const reduced = formatFraction(p);
  const raw = `${count}/${dist.denominator}`;
  const exact = raw === reduced ? raw : `${raw} = ${reduced}`;
  return `P(${notation} ${SYMBOL[query.kind]} ${query.k}) = ${exact} ≈ ${decimal(toDecimal(p))}\n`;
}

export function queryJson(notation: string, dist: Distribution, query: Query): string {
  const count = queryCount(dist, query);
  const p = fraction(count, dist.denominator);
  return `${JSON.stringify({
    notation,
    [JSON_KEY[query.kind]]: query.k,
    count: String(count),
    outcomes: String(dist.denominator),
    probability: formatFraction(p),
    decimal: toDecimal(p),
  })}\n`;
}

function summary(notation: string, dist: Distribution): string {
  const m = mean(dist);
  const fractionText = formatFraction(m);
  // A mean over ~10^200 outcomes is a fraction hundreds of digits long: its decimal says it all.
  const meanText =
    m.den === 1n
      ? count(m.num)
      : fractionText.length > 2 * MAX_EXACT_DIGITS
        ? `≈ ${decimal(toDecimal(m))}`
        : `${fractionText} ≈ ${decimal(toDecimal(m))}`;
  return `${notation}: ${count(dist.denominator)} outcomes, mean ${meanText}, sd ≈ ${decimal(standardDeviation(dist))}`;
}

/**
 * The distribution as a table: total, count, probability, P(at least), bar. A long one (an
 * exploding pool has thousands of totals) keeps its likely rows, see `shownRows`, and ends with a
 * line saying what it left out.
 */
export function formatTable(notation: string, dist: Distribution): string {
  const probabilities: number[] = dist.counts.map((c) => toDecimal({ num: c, den: dist.denominator }));
  const top = Math.max(...probabilities);
  const { from, to } = shownRows(probabilities);
  const rows: string[][] = [['total', 'count', 'probability', 'at least', '']];
  let atLeast = dist.denominator;
  let shownCount = 0n;
  dist.totals.forEach((total, i) => {
    const c = dist.counts[i] as bigint;
    if (i >= from && i < to) {
      const p = probabilities[i] as number;
      const bar = '█'.repeat(Math.round((BAR_WIDTH * p) / top)) || (p > 0 ? '▏' : '');
      rows.push([
        String(total),
        count(c),
        percent(p),
        percent(toDecimal({ num: atLeast, den: dist.denominator })),
        bar,
      ]);
      shownCount += c;
    }
    atLeast -= c;
  });
  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => (r[c] as string).length)));
  const lines = rows.map((r) =>
    [0, 1, 2, 3]
      .map((c) => (r[c] as string).padStart(widths[c] as number))
      .concat(r[4] as string)
      .join('  ')
      .trimEnd(),
  );
  const hidden = dist.totals.length - (to - from);
  if (hidden > 0) {
    const ranges = [
      from > 0 ? `${dist.totals[0]}–${dist.totals[from - 1]}` : '',
      to < dist.totals.length ? `${dist.totals[to]}–${dist.totals[dist.totals.length - 1]}` : '',
    ].filter((r) => r !== '');
    const mass = percent(toDecimal({ num: dist.denominator - shownCount, den: dist.denominator }));
    lines.push(
      `… ${hidden} more totals not shown (${ranges.join(' and ')}; ${mass} together); --json lists every total`,
    );
  }
  return `${summary(notation, dist)}\n\n${lines.join('\n')}\n`;
}

function frac(f: Fraction): string {
  return formatFraction(f);
}

export function tableJson(notation: string, dist: Distribution): string {
  const m = mean(dist);
  return `${JSON.stringify({
    notation,
    outcomes: String(dist.denominator),
    mean: frac(m),
    meanDecimal: toDecimal(m),
    sd: standardDeviation(dist),
    distribution: dist.totals.map((total, i) => {
      const p = fraction(dist.counts[i] as bigint, dist.denominator);
      return { total, count: String(dist.counts[i]), probability: frac(p), decimal: toDecimal(p) };
    }),
  })}\n`;
}

export const command: Command = {
  name: 'odds',
  summary: 'exact distribution of a notation, or P(total >= K) as an exact fraction',
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const given = argsOrHelp(io, usage, 'odds', argv, {
      'at-least': { type: 'string' },
      'at-most': { type: 'string' },
      exactly: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (given === null) return 0;
    const { values, positionals } = given;
    const text = notationArgument('odds', positionals);
    const queries: Query[] = [];
    for (const kind of ['at-least', 'at-most', 'exactly'] as const) {
      const raw = values[kind];
      if (raw !== undefined)
        queries.push({
          kind,
          k: integerOption(`--${kind}`, raw, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
        });
    }
    if (queries.length > 1) throw new UsageError('give at most one of --at-least, --at-most and --exactly');
    const expr = parseNotation(text);
    const notation = formatNotation(expr);
    const dist = exactDistribution(expr);
    const query = queries[0];
    if (query) io.out(values.json ? queryJson(notation, dist, query) : formatQuery(notation, dist, query));
    else io.out(values.json ? tableJson(notation, dist) : formatTable(notation, dist));
    return 0;
  },
};
