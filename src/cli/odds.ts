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
  type CliIo,
  type Command,
  integerOption,
  notationArgument,
  parseCommandArgs,
  processIo,
  UsageError,
} from './command.ts';

const usage = `Usage: bughunt odds <notation> [--at-least K | --at-most K | --exactly K] [--json]

Prints the exact distribution of a notation's total: every total with its
count of equally likely outcomes, its probability and a bar. Exact means
counted, never sampled. Notation as in bughunt roll --help.

Options:
  --at-least K  only P(total >= K), as outcomes/all, reduced, and decimal
  --at-most K   only P(total <= K)
  --exactly K   only P(total = K)
  --json        print JSON: fractions as strings ("1/6"), decimals as numbers
  -h, --help    show this help
For a negative K write --at-least=-2.

Explosions count up to 20 extra dice per die and r-rerolls up to 20 per die;
the last die at a cap stands as rolled. Very large notations are refused
rather than computed for minutes.`;

const BAR_WIDTH = 40;

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
  const meanText = m.den === 1n ? String(m.num) : `${formatFraction(m)} ≈ ${decimal(toDecimal(m))}`;
  return `${notation}: ${dist.denominator} outcomes, mean ${meanText}, sd ≈ ${decimal(standardDeviation(dist))}`;
}

/** The distribution as a table: total, count, probability, P(at least), bar. */
export function formatTable(notation: string, dist: Distribution): string {
  const probabilities: number[] = dist.counts.map((c) => toDecimal({ num: c, den: dist.denominator }));
  const top = Math.max(...probabilities);
  const rows: string[][] = [['total', 'count', 'probability', 'at least', '']];
  let atLeast = dist.denominator;
  dist.totals.forEach((total, i) => {
    const count = dist.counts[i] as bigint;
    const p = probabilities[i] as number;
    const bar = '█'.repeat(Math.round((BAR_WIDTH * p) / top)) || (p > 0 ? '▏' : '');
    rows.push([
      String(total),
      String(count),
      percent(p),
      percent(toDecimal({ num: atLeast, den: dist.denominator })),
      bar,
    ]);
    atLeast -= count;
  });
  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => (r[c] as string).length)));
  const lines = rows.map((r) =>
    [0, 1, 2, 3]
      .map((c) => (r[c] as string).padStart(widths[c] as number))
      .concat(r[4] as string)
      .join('  ')
      .trimEnd(),
  );
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
    const { values, positionals } = parseCommandArgs('odds', argv, {
      'at-least': { type: 'string' },
      'at-most': { type: 'string' },
      exactly: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.help) {
      io.out(`${usage}\n`);
      return 0;
    }
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
