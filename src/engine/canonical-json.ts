// Apart from state-hash.ts (node:crypto), so browser code can compare states without bundling it.

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
