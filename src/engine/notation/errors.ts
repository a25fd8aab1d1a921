import { RuleError } from '../rule-error.ts';

/**
 * Stable codes for everything that can go wrong with a dice notation:
 * - NOTATION_SYNTAX: the text does not follow the grammar (details: position, column, expected).
 * - NOTATION_LIMIT: well formed but over one of the caps in limits.ts.
 * - NOTATION_INVALID: well formed but meaningless, e.g. a die that would explode on every face.
 * - NOTATION_DIVIDE_BY_ZERO: a division whose divisor came out (or can come out) as 0.
 * - NOTATION_TOO_COMPLEX: exact odds would need too many totals or too much work.
 */
export type NotationErrorCode =
  | 'NOTATION_SYNTAX'
  | 'NOTATION_LIMIT'
  | 'NOTATION_INVALID'
  | 'NOTATION_DIVIDE_BY_ZERO'
  | 'NOTATION_TOO_COMPLEX';

/** A RuleError, so chat commands that carry a notation are refused the same way as any bad command. */
export class NotationError extends RuleError {
  declare readonly code: NotationErrorCode;
  constructor(code: NotationErrorCode, message: string, details?: Readonly<Record<string, unknown>>) {
    super(code, message, details);
    this.name = 'NotationError';
  }
}

export function isNotationError(e: unknown): e is NotationError {
  return e instanceof NotationError;
}

/** A syntax error at a 0-based offset; the message names the 1-based column people count in. */
export function syntaxError(position: number, expected: string, found?: string): NotationError {
  const column = position + 1;
  const tail = found === undefined ? '' : `, found ${found}`;
  return new NotationError('NOTATION_SYNTAX', `at column ${column}: expected ${expected}${tail}`, {
    position,
    column,
    expected,
  });
}

/** A cap exceeded at a 0-based offset. */
export function limitError(
  position: number,
  message: string,
  details?: Record<string, unknown>,
): NotationError {
  return new NotationError('NOTATION_LIMIT', `at column ${position + 1}: ${message}`, {
    position,
    column: position + 1,
    ...details,
  });
}

export function invalidError(position: number, message: string): NotationError {
  return new NotationError('NOTATION_INVALID', `at column ${position + 1}: ${message}`, {
    position,
    column: position + 1,
  });
}
