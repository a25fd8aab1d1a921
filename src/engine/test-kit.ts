import { isRuleError } from './rule-error.ts';

/**
 * For tests: the code of the RuleError that `f` throws, or 'accepted' when it returns. Any other
 * exception is a bug, not a refusal, and goes on up.
 */
export function refusalCode(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isRuleError(e)) return e.code;
    throw e;
  }
  return 'accepted';
}
