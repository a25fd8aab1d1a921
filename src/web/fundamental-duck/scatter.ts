import type { LogItem } from '../log.ts';

/**
 * Where this turn's grenades went: each throw aimed at one square and, after its scatter roll,
 * landed on another (the blast markers show where they burst). Read from the log since the blast
 * markers were last cleared (Housekeeping), so the board can draw each throw as a line from the
 * aim to the landing square.
 */
export interface Scatter {
  readonly seq: number;
  readonly from: { readonly x: number; readonly y: number };
  readonly to: { readonly x: number; readonly y: number };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function scattersOf(items: readonly LogItem[]): Scatter[] {
  const out: Scatter[] = [];
  for (const it of items) {
    if (it.kind !== 'other') continue;
    const e = it.event as Record<string, unknown>;
    if (it.type === 'blasts.changed' && Array.isArray(e.blasts) && e.blasts.length === 0) out.length = 0;
    if (it.type !== 'attack.resolved') continue;
    const s = e.scatter as { x?: unknown; y?: unknown } | undefined;
    if (!s || !isNum(s.x) || !isNum(s.y) || !isNum(e.x) || !isNum(e.y)) continue;
    out.push({ seq: it.seq, from: { x: e.x, y: e.y }, to: { x: s.x, y: s.y } });
  }
  return out;
}
