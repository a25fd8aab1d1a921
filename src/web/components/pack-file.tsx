import { MAX_BULK_MESSAGE_BYTES } from '../../server/protocol.ts';

/**
 * Loading a data pack from a file at a live table, for any system whose ruleset takes a pack as
 * a bulk command: the file is read and checked with the rules' own pack check first, so every
 * problem is listed at once and nothing is sent; the server checks it again.
 */

/** Room the command's envelope takes in a WebSocket message besides the pack itself. */
const ENVELOPE_BYTES = 256;

/**
 * What is wrong with a file's text as a pack to load, one line each; empty: it can be sent.
 * `problemsOf` is the system's pack check; `maxBytes` the largest message the table takes for a
 * pack; `tooBigHint` is added to the size problem (what to drop, in the system's words).
 */
export function packFileProblems(
  text: string,
  problemsOf: (pack: unknown) => readonly string[],
  maxBytes = MAX_BULK_MESSAGE_BYTES,
  tooBigHint = '',
): { pack?: unknown; problems: string[] } {
  let pack: unknown;
  try {
    pack = JSON.parse(text);
  } catch {
    return { problems: ['the file is not JSON'] };
  }
  const problems = problemsOf(pack);
  if (problems.length > 0) return { problems: [...problems] };
  const bytes = new TextEncoder().encode(JSON.stringify(pack)).length;
  if (bytes + ENVELOPE_BYTES > maxBytes)
    return {
      problems: [
        `the pack is ${Math.ceil(bytes / 1024)} KB written compactly; a table takes packs up to ${Math.floor((maxBytes - ENVELOPE_BYTES) / 1024)} KB${tooBigHint}`,
      ],
    };
  return { pack, problems: [] };
}

/** The problems of a refused pack file, the first 20 listed (an alert, so it is read out). */
export function PackProblems({
  problems,
  className,
  testId,
}: {
  problems: readonly string[];
  className: string;
  testId: string;
}) {
  if (problems.length === 0) return null;
  return (
    <div className={className} role="alert" data-testid={testId}>
      <p>That pack was not loaded:</p>
      <ul>
        {problems.slice(0, 20).map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      {problems.length > 20 ? <p>…and {problems.length - 20} more.</p> : null}
    </div>
  );
}
