/**
 * The small readers every system's log sentences use: an event arrives as plain JSON (it may come
 * from an old log or an imported file), so each field is read defensively and a missing one reads
 * as empty rather than throwing.
 */
export type Json = Record<string, unknown>;

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `a`, `a and b`, `a, b and c`; empty items are left out. */
export function list(items: readonly string[]): string {
  const xs = items.filter(Boolean);
  if (xs.length <= 1) return xs[0] ?? '';
  return `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}
