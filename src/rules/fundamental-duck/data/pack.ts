import { issueLines, packInvalid } from '../../../engine/pack-problems.ts';
import { RuleError } from '../../../engine/rule-error.ts';
import defaultPackJson from './default-pack.json' with { type: 'json' };
import { type FdPack, type PackArena, packSchema } from './pack-schema.ts';

export type { FdPack, FdPackInput, PackArena } from './pack-schema.ts';

/** zod's "expected string, received undefined" said plainly. */
function missingField(issue: { code?: string; input?: unknown; expected?: unknown }): string | undefined {
  if (issue.code === 'invalid_type' && issue.input === undefined)
    return `missing (expected ${String(issue.expected)})`;
  return undefined;
}

/**
 * Every problem of a would-be pack, one line each as `path: what is wrong` (the path in dotted
 * form, `team.teamers.2.ff`; `(pack)` for the whole). Empty when the pack is valid.
 */
export function packProblems(json: unknown): string[] {
  const result = packSchema.safeParse(json, { error: missingField });
  if (result.success) return [];
  return issueLines(result.error.issues);
}

/**
 * A checked data pack with its defaults filled in, or a RuleError `PACK_INVALID` whose message
 * lists every problem on its own line (`details.problems` holds them as an array).
 */
export function parsePack(json: unknown): FdPack {
  const result = packSchema.safeParse(json, { error: missingField });
  if (result.success) return result.data;
  const problems = packProblems(json);
  throw packInvalid(problems);
}

/** The shipped "Drifter starter" pack (digest §24), parsed once. */
export const defaultPack: FdPack = parsePack(defaultPackJson);

/** The pack's arena called `idOrName` (id, or name ignoring case), its default arena when omitted. */
export function packArena(pack: FdPack, idOrName?: string): PackArena {
  const wanted = idOrName ?? pack.defaultArena;
  const arena =
    pack.arenas.find((a) => a.id === wanted) ??
    pack.arenas.find((a) => a.name.toLowerCase() === wanted.toLowerCase());
  if (!arena) {
    throw new RuleError(
      'UNKNOWN_ARENA',
      `no arena '${wanted}' in pack ${pack.id}; it has ${pack.arenas.map((a) => a.id).join(', ')}`,
    );
  }
  return arena;
}
