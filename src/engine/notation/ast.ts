import { AVERAGE_DIE, type Die, d, FUDGE_DIE } from '../dice/die.ts';

/** A comparison against a die's face (or compounded value): `<2`, `>=5`, `=1`. */
export interface Compare {
  readonly op: '<' | '<=' | '>' | '>=' | '=';
  readonly value: number;
}

/** What is printed on the die: a number of sides, `%` (a plain 1–100 die), `F` (Fudge) or `A` (average die). */
export type Sides = number | '%' | 'F' | 'A';

/** Keep or drop: `kh`/`kl` keep the highest/lowest `count` dice, `dh`/`dl` drop them. */
export interface KeepDrop {
  readonly mode: 'kh' | 'kl' | 'dh' | 'dl';
  readonly count: number;
}

/**
 * One group of identical dice with its modifiers. Whatever order they were written in, they apply
 * in this order: each draw is rerolled while `reroll` matches (at most once with `once`), an
 * exploding die keeps drawing while `explode` matches and counts the sum of its chain (compounding),
 * then keep/drop picks dice by that value, then `success` turns each kept die into 1 or 0.
 */
export interface DiceNode {
  readonly type: 'dice';
  readonly count: number;
  readonly sides: Sides;
  readonly keep?: KeepDrop;
  readonly explode?: Compare;
  readonly reroll?: { readonly when: Compare; readonly once: boolean };
  readonly success?: Compare;
  /** 0-based offset of the group in the source text, for error messages. */
  readonly position: number;
}

export interface NumberNode {
  readonly type: 'number';
  readonly value: number;
}

export interface NegateNode {
  readonly type: 'negate';
  readonly operand: DiceExpr;
}

/** `/` is integer division rounding toward zero (7/2 = 3, −7/2 = −3); dividing by 0 is an error. */
export interface BinaryNode {
  readonly type: 'binary';
  readonly op: '+' | '-' | '*' | '/';
  readonly left: DiceExpr;
  readonly right: DiceExpr;
  /** 0-based offset of the operator, so a division by zero can point at it. */
  readonly position: number;
}

/** The one AST both the roller and the exact-odds engine read. Plain data: safe to store as JSON. */
export type DiceExpr = DiceNode | NumberNode | NegateNode | BinaryNode;

/** The physical die a group rolls. */
export function dieOf(sides: Sides): Die {
  if (sides === 'F') return FUDGE_DIE;
  if (sides === 'A') return AVERAGE_DIE;
  return d(sides === '%' ? 100 : sides);
}

export function matches(compare: Compare, value: number): boolean {
  switch (compare.op) {
    case '<':
      return value < compare.value;
    case '<=':
      return value <= compare.value;
    case '>':
      return value > compare.value;
    case '>=':
      return value >= compare.value;
    case '=':
      return value === compare.value;
  }
}
