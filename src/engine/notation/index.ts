/**
 * Dice notation for chat rolls and odds: one grammar (parser.ts), one AST (ast.ts), read by the
 * roller (roll.ts) and by the exact-odds engine (exact.ts).
 */
export type { Compare, DiceExpr, DiceNode, KeepDrop, Sides } from './ast.ts';
export { isNotationError, NotationError, type NotationErrorCode } from './errors.ts';
export {
  countAtLeast,
  countEq,
  type Distribution,
  exactDistribution,
  mean,
  probabilityAtLeast,
  probabilityAtMost,
  probabilityEq,
  standardDeviation,
  variance,
} from './exact.ts';
export { formatNotation } from './format.ts';
export { type Fraction, formatFraction, fraction, toDecimal } from './fraction.ts';
export * from './limits.ts';
export { parseNotation } from './parser.ts';
export { type NotationGroup, type NotationRoll, PARSE_CACHE_SIZE, rollExpr, rollNotation } from './roll.ts';
