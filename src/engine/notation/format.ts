import type { Compare, DiceExpr, DiceNode } from './ast.ts';
import { dieOf } from './ast.ts';

const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2 } as const;
const UNARY = 3;

function compareText(c: Compare): string {
  return `${c.op}${c.value}`;
}

/** The canonical text of one dice group: count, die, then modifiers in the order they apply. */
export function formatDice(node: DiceNode): string {
  let text = `${node.count === 1 ? '' : node.count}d${node.sides}`;
  if (node.reroll) {
    const { when, once } = node.reroll;
    // `r1` for the usual `r=1`; a negative face keeps its `=` (`r=-1`), as `r-1` would not parse.
    text += `${once ? 'ro' : 'r'}${when.op === '=' && when.value >= 0 ? when.value : compareText(when)}`;
  }
  if (node.explode) {
    const die = dieOf(node.sides);
    const top = die.labels ? Math.max(...die.labels) : die.sides;
    const e = node.explode;
    // A bare '!' followed by a success count would read the count as the explosion's condition.
    text += e.op === '=' && e.value === top && (!node.success || node.keep) ? '!' : `!${compareText(e)}`;
  }
  if (node.keep) text += `${node.keep.mode}${node.keep.count}`;
  if (node.success) text += compareText(node.success);
  return text;
}

/**
 * Walks the expression in print order, calling `dice` for each group and joining the rest with
 * just the parentheses precedence needs. The roller uses the same walk to lay its breakdown out.
 */
export function formatWith(expr: DiceExpr, dice: (node: DiceNode) => string, minPrecedence = 0): string {
  switch (expr.type) {
    case 'number': {
      const text = String(expr.value);
      return expr.value < 0 && minPrecedence > UNARY ? `(${text})` : text;
    }
    case 'dice':
      return dice(expr);
    case 'negate': {
      const text = `-${formatWith(expr.operand, dice, UNARY)}`;
      return minPrecedence > UNARY ? `(${text})` : text;
    }
    case 'binary': {
      const p = PRECEDENCE[expr.op];
      // Same precedence on the right needs brackets: a-(b-c) and a/(b/c) differ from the flat form.
      const text = `${formatWith(expr.left, dice, p)}${expr.op}${formatWith(expr.right, dice, p + 1)}`;
      return minPrecedence > p ? `(${text})` : text;
    }
  }
}

/** The normalised notation: lower case where it does not matter, no spaces, one spelling per modifier. */
export function formatNotation(expr: DiceExpr): string {
  return formatWith(expr, formatDice);
}
