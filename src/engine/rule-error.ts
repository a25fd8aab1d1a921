/**
 * The one error a ruleset's `decide` throws: a stable machine-readable `code` (clients and tests
 * match on it) and a sentence for people. Throwing it means nothing changed.
 */
export class RuleError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'RuleError';
  }
}

export function isRuleError(e: unknown): e is RuleError {
  return e instanceof RuleError;
}
