import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';

export { canonicalJson };

/** A stable fingerprint of a state: equal states, equal hashes, on any machine or run. */
export function stateHash(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}
