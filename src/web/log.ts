import type { NotationRoll } from '../engine/notation/index.ts';
import { isTypedDice } from '../engine/ruleset.ts';
import type { Visibility } from '../rules/dice-chat/chat.ts';
import type { EventEnvelope } from '../server/protocol.ts';

/**
 * The table's log as the browser shows it, folded from the events the server sent this seat
 * (already redacted for it). Pure functions: the connection feeds envelopes in seq order.
 */

type Role = 'gm' | 'player' | 'spectator';

export type LogItem =
  | {
      readonly kind: 'joined';
      readonly seq: number;
      readonly at: string;
      readonly seatId: string;
      readonly name: string;
      readonly role: Role;
    }
  | {
      readonly kind: 'renamed';
      readonly seq: number;
      readonly at: string;
      readonly seatId: string;
      readonly name: string;
    }
  | {
      readonly kind: 'say';
      readonly seq: number;
      readonly at: string;
      readonly by: string;
      readonly text: string;
    }
  | {
      readonly kind: 'roll';
      readonly seq: number;
      readonly at: string;
      readonly rollId: string;
      readonly by: string;
      readonly notation: string;
      readonly label?: string;
      readonly visibility: Visibility;
      /** Absent while this seat may not see it. */
      readonly result?: NotationRoll;
      readonly revealed: boolean;
      /** The faces were typed in from real dice (the server's mark), not rolled by the table. */
      readonly typed?: true;
    }
  | {
      readonly kind: 'revealed';
      readonly seq: number;
      readonly at: string;
      readonly rollId: string;
      readonly by: string;
      /** The roll it shows to everyone (absent if the roll is not in this log). */
      readonly roll?: { readonly by: string; readonly notation: string; readonly label?: string };
      readonly result?: NotationRoll;
    }
  | {
      readonly kind: 'other';
      /** The event as this seat received it, for the system's describer. */
      readonly event: { readonly type: string } & Record<string, unknown>;
      readonly seq: number;
      readonly at: string;
      readonly by: string | null;
      readonly type: string;
      /** Its command's dice were typed in from real dice (the server's mark). */
      readonly typed?: true;
    };

function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}

function isRole(v: unknown): v is Role {
  return v === 'gm' || v === 'player' || v === 'spectator';
}

function isVisibility(v: unknown): v is Visibility {
  return v === 'public' || v === 'gm' || v === 'blind';
}

function isResult(v: unknown): v is NotationRoll {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.total === 'number' && typeof r.text === 'string' && Array.isArray(r.groups);
}

/** Folds envelopes (in seq order, none already held) into the log. Returns a new array. */
export function foldEvents(items: readonly LogItem[], envelopes: readonly EventEnvelope[]): LogItem[] {
  const out = [...items];
  for (const { seq, at, by, event } of envelopes) {
    const e = event as Record<string, unknown>;
    switch (event.type) {
      case 'seat.joined':
        out.push({
          kind: 'joined',
          seq,
          at,
          seatId: str(e.seatId),
          name: str(e.name, 'someone'),
          role: isRole(e.role) ? e.role : 'player',
        });
        break;
      case 'seat.renamed':
        out.push({ kind: 'renamed', seq, at, seatId: str(e.seatId), name: str(e.name) });
        break;
      case 'chat.said':
        out.push({ kind: 'say', seq, at, by: str(e.by, by ?? ''), text: str(e.text) });
        break;
      case 'chat.rolled': {
        const label = str(e.label);
        out.push({
          kind: 'roll',
          seq,
          at,
          rollId: str(e.rollId),
          by: str(e.by, by ?? ''),
          notation: str(e.notation),
          ...(label ? { label } : {}),
          visibility: isVisibility(e.visibility) ? e.visibility : 'public',
          ...(isResult(e.result) ? { result: e.result } : {}),
          revealed: false,
          ...(isTypedDice(event) ? { typed: true as const } : {}),
        });
        break;
      }
      case 'chat.revealed': {
        const rollId = str(e.rollId);
        const i = out.findIndex((item) => item.kind === 'roll' && item.rollId === rollId);
        const item = out[i];
        const result = isResult(e.result) ? { result: e.result } : {};
        if (item?.kind === 'roll') out[i] = { ...item, revealed: true, ...result };
        // The reveal is news: it also gets its own line at the bottom of the log.
        out.push({
          kind: 'revealed',
          seq,
          at,
          rollId,
          by: str(e.by, by ?? ''),
          ...(item?.kind === 'roll'
            ? {
                roll: { by: item.by, notation: item.notation, ...(item.label ? { label: item.label } : {}) },
              }
            : {}),
          ...result,
        });
        break;
      }
      default:
        out.push({
          kind: 'other',
          seq,
          at,
          by,
          type: event.type,
          event,
          ...(isTypedDice(event) ? { typed: true as const } : {}),
        });
    }
  }
  return out;
}

/** Seat names known from the log (presence is fresher; this is the fallback). */
export function namesFromLog(items: readonly LogItem[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of items) {
    if (item.kind === 'joined' || item.kind === 'renamed') names.set(item.seatId, item.name);
  }
  return names;
}

/** A system's event as this seat received it (the `event` of an 'other' log item). */
export type SystemEvent = Extract<LogItem, { kind: 'other' }>['event'];

/**
 * For a system's describer: the latest event of a type before a given seq in this log, e.g. the
 * `conflict.started` that named the sides a later conflict event only gives by letter. Undefined
 * when this seat's log does not hold one (it may hold only part of the table's log).
 *
 * `type` may name several types joined by `|` (`encounter.ended|planet.set`): the latest event of
 * any of them, so a describer can tell which of two came last (its `type` says which it is).
 */
export function latestBefore(
  items: readonly LogItem[],
): (seq: number, type: string) => SystemEvent | undefined {
  const byType = new Map<string, { seq: number; event: SystemEvent }[]>();
  for (const item of items) {
    if (item.kind !== 'other') continue;
    // Also under "type#trooperId", for what one trooper did last (its declaration of the round).
    const trooperId = (item.event as { trooperId?: unknown }).trooperId;
    const keys = typeof trooperId === 'string' ? [item.type, `${item.type}#${trooperId}`] : [item.type];
    for (const key of keys) {
      const list = byType.get(key) ?? [];
      list.push({ seq: item.seq, event: item.event });
      byType.set(key, list);
    }
  }
  const latestOf = (seq: number, type: string) => {
    const list = byType.get(type);
    if (!list) return undefined;
    // The items come in seq order: find the last one below seq by halving.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as { seq: number }).seq < seq) lo = mid + 1;
      else hi = mid;
    }
    return list[lo - 1];
  };
  return (seq, type) => {
    let best: { seq: number; event: SystemEvent } | undefined;
    for (const t of type.split('|')) {
      const found = latestOf(seq, t);
      if (found && (!best || found.seq > best.seq)) best = found;
    }
    return best?.event;
  };
}

/** The breakdown text split into plain and struck-through (dropped die) parts: `~~1~~`. */
export function breakdownParts(text: string): { text: string; dropped: boolean }[] {
  const parts: { text: string; dropped: boolean }[] = [];
  const re = /~~(.*?)~~/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), dropped: false });
    parts.push({ text: m[1] ?? '', dropped: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), dropped: false });
  return parts;
}
