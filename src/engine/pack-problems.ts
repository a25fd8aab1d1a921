import type { z } from 'zod';
import { RuleError } from './rule-error.ts';

/**
 * zod's issues as one line each, `path: what is wrong` (the path dotted, `team.teamers.2.ff`;
 * `(pack)` for the whole), the form every system's pack check reports in.
 */
export function issueLines(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((i) => `${i.path.length === 0 ? '(pack)' : i.path.map(String).join('.')}: ${i.message}`);
}

/** The refusal of a bad data pack: every problem in the message, one a line, and in `details.problems`. */
export function packInvalid(problems: readonly string[]): RuleError {
  return new RuleError(
    'PACK_INVALID',
    `the data pack has ${problems.length} problem(s):\n${problems.join('\n')}`,
    {
      problems,
    },
  );
}
