import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted, so two equal states serialise to the same text whatever order
 * their properties were built in. `undefined` properties are dropped, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });
}

/** A stable fingerprint of a state: equal states, equal hashes, on any machine or run. */
export function stateHash(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}
