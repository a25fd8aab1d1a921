import { AVERAGE_DIE, D10, type Die, d } from './die.ts';
import type { DiceSource } from './source.ts';

/**
 * Dice the rules name directly (no string parsing on the hot path). `fixed` is a number that needs
 * no roll (a weapon that kills exactly 1); `percentile` reads `digits` d10s as one number, a 10
 * reading 0 and all zeroes reading 10^digits (d100 = 2 digits, d1000 = 3).
 */
export type DiceSpec =
  | { readonly kind: 'fixed'; readonly value: number }
  | { readonly kind: 'pool'; readonly count: number; readonly die: Die; readonly bonus: number }
  | { readonly kind: 'percentile'; readonly digits: number };

/** What every roll leaves in an event: enough to show who rolled what, and why, afterwards. */
export interface RollRecord {
  readonly purpose: string;
  readonly formula: string;
  readonly faces: readonly number[];
  readonly total: number;
}

export const fixed = (value: number): DiceSpec => ({ kind: 'fixed', value });
export const pool = (count: number, sides: number, bonus = 0): DiceSpec => ({
  kind: 'pool',
  count,
  die: d(sides),
  bonus,
});
export const averageDice = (count: number, bonus = 0): DiceSpec => ({
  kind: 'pool',
  count,
  die: AVERAGE_DIE,
  bonus,
});
export const d100: DiceSpec = { kind: 'percentile', digits: 2 };
export const d1000: DiceSpec = { kind: 'percentile', digits: 3 };

export function formulaOf(spec: DiceSpec): string {
  switch (spec.kind) {
    case 'fixed':
      return String(spec.value);
    case 'percentile':
      return `d${10 ** spec.digits}`;
    case 'pool': {
      const count = spec.count === 1 ? '' : String(spec.count);
      const bonus = spec.bonus === 0 ? '' : spec.bonus > 0 ? `+${spec.bonus}` : String(spec.bonus);
      return `${count}${spec.die.name}${bonus}`;
    }
  }
}

/** Reads percentile d10 faces (each 1–10, a 10 reads as the digit 0); all zeroes is the maximum. */
export function percentileTotal(faces: readonly number[]): number {
  let value = 0;
  for (const face of faces) value = value * 10 + (face % 10);
  return value === 0 ? 10 ** faces.length : value;
}

export function rollSpec(source: DiceSource, spec: DiceSpec, purpose: string): RollRecord {
  const formula = formulaOf(spec);
  switch (spec.kind) {
    case 'fixed':
      return { purpose, formula, faces: [], total: spec.value };
    case 'percentile': {
      const faces: number[] = [];
      for (let i = 0; i < spec.digits; i++) faces.push(source.roll(D10, purpose));
      return { purpose, formula, faces, total: percentileTotal(faces) };
    }
    case 'pool': {
      const faces: number[] = [];
      let total = spec.bonus;
      for (let i = 0; i < spec.count; i++) {
        const face = source.roll(spec.die, purpose);
        faces.push(face);
        total += face;
      }
      return { purpose, formula, faces, total };
    }
  }
}

/** One d10, the die of every 3:16 test: the fastest path, no record built. */
export function rollD10(source: DiceSource, purpose: string): number {
  return source.roll(D10, purpose);
}
