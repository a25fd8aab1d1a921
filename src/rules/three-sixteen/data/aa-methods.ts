import { RuleError } from '../../../engine/rule-error.ts';

/** AA, like FA and NFA, is tested on a d10 and stays within 1–10. */
export const AA_MIN = 1;
export const AA_MAX = 10;

/** What an AA method reads from the PCs. */
type Basis =
  | { readonly kind: 'stat'; readonly pick: 'lowest' | 'highest'; readonly stat: 'fa' | 'nfa' }
  /** ⌈(highest `high` + lowest `low`) / 2⌉ */
  | { readonly kind: 'average'; readonly high: 'fa' | 'nfa'; readonly low: 'fa' | 'nfa' }
  | { readonly kind: 'fixed'; readonly value: number };

export interface AaMethod {
  /** Its entry on the planet list (1–20). */
  readonly number: number;
  readonly basis: Basis;
  readonly modifier: number;
  /** The method as a formula, e.g. "lowest FA + 1". */
  readonly label: string;
}

const stat = (pick: 'lowest' | 'highest', s: 'fa' | 'nfa'): Basis => ({ kind: 'stat', pick, stat: s });
const average = (high: 'fa' | 'nfa', low: 'fa' | 'nfa'): Basis => ({ kind: 'average', high, low });

const STAT_NAME = { fa: 'FA', nfa: 'NFA' } as const;

function basisLabel(b: Basis): string {
  switch (b.kind) {
    case 'stat':
      return `${b.pick} ${STAT_NAME[b.stat]}`;
    case 'average':
      return `⌈(highest ${STAT_NAME[b.high]} + lowest ${STAT_NAME[b.low]}) / 2⌉`;
    case 'fixed':
      return `AA = ${b.value}`;
  }
}

function method(number: number, basis: Basis, modifier = 0): AaMethod {
  const mod = modifier === 0 ? '' : modifier > 0 ? ` + ${modifier}` : ` − ${-modifier}`;
  return { number, basis, modifier, label: `${basisLabel(basis)}${mod}` };
}

/** The 20 ways of setting a planet's AA, in list order. */
export const AA_METHODS: readonly AaMethod[] = [
  method(1, stat('lowest', 'fa')),
  method(2, stat('lowest', 'fa'), 1),
  method(3, stat('lowest', 'fa'), 2),
  method(4, stat('lowest', 'nfa')),
  method(5, stat('lowest', 'nfa'), 1),
  method(6, stat('lowest', 'nfa'), 2),
  method(7, stat('highest', 'fa')),
  method(8, stat('highest', 'fa'), -1),
  method(9, stat('highest', 'fa'), -2),
  method(10, stat('highest', 'nfa')),
  method(11, stat('highest', 'nfa'), -1),
  method(12, stat('highest', 'nfa'), -2),
  method(13, average('fa', 'nfa')),
  method(14, average('fa', 'nfa'), 1),
  method(15, average('fa', 'nfa'), 2),
  method(16, average('nfa', 'fa')),
  method(17, average('nfa', 'fa'), 1),
  method(18, average('nfa', 'fa'), 2),
  method(19, { kind: 'fixed', value: 5 }),
  method(20, { kind: 'fixed', value: 10 }),
];

export function aaMethod(number: number): AaMethod {
  const m = AA_METHODS[number - 1];
  if (!m || !Number.isInteger(number))
    throw new RuleError('AA_METHOD_INVALID', `there is no AA method ${number} (1–20)`, { method: number });
  return m;
}

/** The PCs the AA is read from: the ones on the planet now. */
export interface AaPc {
  readonly name: string;
  readonly fa: number;
  readonly nfa: number;
}

export interface AaResult {
  readonly method: number;
  /** The planet's AA, within 1–10. */
  readonly value: number;
  /** Before clamping to 1–10. */
  readonly raw: number;
  /** Names of the PCs whose numbers set it (empty for the fixed methods). */
  readonly from: readonly string[];
  /** How it was worked out, for the planet sheet and the log. */
  readonly explanation: string;
}

export function clampAa(value: number): number {
  return Math.min(AA_MAX, Math.max(AA_MIN, value));
}

/** The PCs holding the lowest or highest value of a stat, and that value. */
function extreme(pcs: readonly AaPc[], pick: 'lowest' | 'highest', s: 'fa' | 'nfa') {
  const values = pcs.map((p) => p[s]);
  const value = pick === 'lowest' ? Math.min(...values) : Math.max(...values);
  const names = pcs.filter((p) => p[s] === value).map((p) => p.name);
  return { value, text: `${pick} ${STAT_NAME[s]} ${value} (${names.join(', ')})`, names };
}

/** Works out a planet's AA from the PCs by one of the 20 methods. */
export function computeAa(number: number, pcs: readonly AaPc[]): AaResult {
  const m = aaMethod(number);
  let base: number;
  let from: string[] = [];
  let working: string;
  const b = m.basis;
  if (b.kind === 'fixed') {
    base = b.value;
    working = `fixed at ${b.value}`;
  } else {
    if (pcs.length === 0)
      throw new RuleError('AA_NEEDS_TROOPERS', `AA method ${number} reads the PCs, and there are none`, {
        method: number,
      });
    if (b.kind === 'stat') {
      const e = extreme(pcs, b.pick, b.stat);
      base = e.value;
      from = e.names;
      working = e.text;
    } else {
      const hi = extreme(pcs, 'highest', b.high);
      const lo = extreme(pcs, 'lowest', b.low);
      base = Math.ceil((hi.value + lo.value) / 2);
      from = [...new Set([...hi.names, ...lo.names])];
      working = `${hi.text} and ${lo.text}: (${hi.value} + ${lo.value}) / 2 rounded up is ${base}`;
    }
  }
  const raw = base + m.modifier;
  const value = clampAa(raw);
  const modText =
    m.modifier === 0 ? '' : `, ${m.modifier > 0 ? 'plus' : 'minus'} ${Math.abs(m.modifier)} gives ${raw}`;
  const clampText = value === raw ? '' : `, held to ${value} because AA stays within 1–10`;
  return {
    method: number,
    value,
    raw,
    from,
    explanation: `Method ${number} (${m.label}): ${working}${modText}${clampText}. AA ${value}.`,
  };
}
