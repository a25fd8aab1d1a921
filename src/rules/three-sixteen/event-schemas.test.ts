import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import type { AnyRuleset } from '../../engine/ruleset.ts';
import { CampaignFileError, readCampaign } from '../../server/campaign-file.ts';
import { type ChatEvent, chatEventProblem, isChatEvent } from '../dice-chat/chat.ts';
import { overrideProblem } from './encounter/table.ts';
import { threeSixteenEventSchemas } from './event-schemas.ts';
import type { ThreeSixteenEvent } from './events.ts';
import { randomLog } from './random-log.ts';
import { threeSixteen } from './ruleset.ts';
import type { ThreeSixteenState } from './state.ts';

/**
 * Issue 20, finding 6: an import checks every 3:16 event's contents, not only its type. A real log
 * (random legal play: encounters, conflicts, debriefs, planets) is tampered with in many ways that
 * no decide could write, and each tampered file must be refused with IMPORT_INVALID naming the
 * tampered event's seq. The figures are printed against the schemas this ruleset had before
 * (chat, narration, GM notes and overrides only).
 */

const rules = threeSixteen as unknown as AnyRuleset;
const OLD_TYPES = ['chat.rolled', 'chat.said', 'chat.revealed', 'narration', 'gm.noted', 'gm.adjusted'];
/** The checks as they were: those schemas, and only the chat's numbering and overrides in place. */
const before: AnyRuleset = {
  ...rules,
  eventSchemas: Object.fromEntries(
    OLD_TYPES.map((t) => [t, threeSixteenEventSchemas[t as keyof typeof threeSixteenEventSchemas]]),
  ),
  eventProblem: (state, event) => {
    const s = state as ThreeSixteenState;
    if (isChatEvent(event as ThreeSixteenEvent)) return chatEventProblem(s.chat, event as ChatEvent);
    const e = event as ThreeSixteenEvent;
    return e.type === 'gm.adjusted' ? overrideProblem(s, e.adjustment) : null;
  },
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Envelope = {
  seq: number;
  at: string;
  by: null;
  commandId: null;
  event: { type: string } & Record<string, Json>;
};

const at = '2026-11-26T09:00:00.000Z';
const fileOf = (events: readonly Envelope[]) => ({
  table: { system: 'three-sixteen', name: 'Tampered' },
  events,
});

/** Every leaf of a JSON value with its path (the event's `type` left out). */
function leaves(value: Json, path: (string | number)[] = []): { path: (string | number)[]; value: Json }[] {
  if (value === null || typeof value !== 'object') return [{ path, value }];
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  if (entries.length === 0) return [{ path, value }];
  return entries.flatMap(([k, v]) => (path.length === 0 && k === 'type' ? [] : leaves(v, [...path, k])));
}

function setAt(root: Json, path: readonly (string | number)[], value: Json): void {
  let node = root as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  node[path[path.length - 1] as string | number] = value;
}

/** Keys whose strings come from a closed list (ids, enums): any other word is impossible. */
const CLOSED = new Set([
  'kind',
  'status',
  'range',
  'weapon',
  'policy',
  'outcome',
  'source',
  'result',
  'side',
  'actor',
  'trooperId',
  'ability',
  'vehicle',
  'medal',
  'move',
  'mark',
  'winner',
  'armour',
  'formula',
  'end',
  'bomb',
  'targetId',
  'promoted',
  'ownerId',
  'driverId',
]);

/**
 * One tampering no decide could write, on event `e` (a copy), or null when `e` offers no place for
 * it. Each says what it did, for the message of a failing test.
 */
const TAMPERINGS: { name: string; apply(e: Json, pick: <T>(xs: readonly T[]) => T): boolean }[] = [
  {
    name: 'an unknown field',
    apply: (e) => {
      (e as Record<string, Json>).injected = 1;
      return true;
    },
  },
  {
    name: 'a value of the wrong type',
    apply: (e, pick) => {
      const l = leaves(e).filter((x) => x.path.length > 0);
      if (l.length === 0) return false;
      const { path, value } = pick(l);
      setAt(
        e,
        path,
        typeof value === 'string' ? 7 : typeof value === 'number' ? 'seven' : value === null ? {} : 'x',
      );
      return true;
    },
  },
  {
    name: 'a number out of every bound',
    apply: (e, pick) => {
      const l = leaves(e).filter((x) => typeof x.value === 'number');
      if (l.length === 0) return false;
      setAt(e, pick(l).path, pick([1e12, -1e12, 2.5]));
      return true;
    },
  },
  {
    name: 'a word from no list',
    apply: (e, pick) => {
      const l = leaves(e).filter(
        (x) => typeof x.value === 'string' && CLOSED.has(String(x.path[x.path.length - 1])),
      );
      if (l.length === 0) return false;
      setAt(e, pick(l).path, 'tampered');
      return true;
    },
  },
  {
    name: 'an overlong text',
    apply: (e, pick) => {
      const l = leaves(e).filter((x) => typeof x.value === 'string');
      if (l.length === 0) return false;
      setAt(e, pick(l).path, 'x'.repeat(10_000));
      return true;
    },
  },
  {
    name: 'a roll whose total is not its faces, or a test whose verdict is not its face',
    apply: (e, pick) => {
      const l = leaves(e).filter((x) => {
        const key = x.path[x.path.length - 1];
        return key === 'total' || key === 'success';
      });
      if (l.length === 0) return false;
      const { path, value } = pick(l);
      setAt(e, path, typeof value === 'boolean' ? !value : (value as number) + 1);
      return true;
    },
  },
  {
    name: 'a trooper nobody created',
    apply: (e) => {
      const fields = e as Record<string, Json>;
      const key = ['trooperId', 'targetId', 'ownerId', 'nominatorId'].find(
        (k) => typeof fields[k] === 'string',
      );
      if (!key) return false;
      fields[key] = 't999';
      return true;
    },
  },
  {
    name: 'a face no die shows',
    apply: (e, pick) => {
      const l = leaves(e).filter((x) => {
        const key = x.path[x.path.length - 1];
        const parent = x.path[x.path.length - 2];
        return typeof x.value === 'number' && (key === 'face' || parent === 'faces');
      });
      if (l.length === 0) return false;
      setAt(e, pick(l).path, pick([0, 11, 1001]));
      return true;
    },
  },
];

function refusal(file: unknown, ruleset: AnyRuleset): CampaignFileError | null {
  try {
    readCampaign(file, () => ruleset);
    return null;
  } catch (e) {
    if (e instanceof CampaignFileError) return e;
    throw e;
  }
}

describe('3:16 event schemas on import', () => {
  const { events } = randomLog(20261126, 300);
  const log: Envelope[] = events.map((event, i) => ({
    seq: i + 1,
    at,
    by: null,
    commandId: null,
    event: event as unknown as Envelope['event'],
  }));

  it('give every event type a schema, and every event of real play fits its own', () => {
    for (const type of threeSixteen.eventTypes ?? [])
      expect(threeSixteenEventSchemas[type], type).toBeDefined();
    const types = new Set(log.map((e) => e.event.type));
    expect(types.size).toBeGreaterThan(40);
    expect(refusal(fileOf(log), rules)).toBeNull();
  });

  it('refuse hundreds of tampered exports at the tampered event', () => {
    const dice = new SeededDice(316);
    const pick = <T>(xs: readonly T[]): T => xs[dice.roll({ name: 'dX', sides: xs.length }) - 1] as T;
    // The 3:16 events, not the chat's (its schemas were there before) nor the seats'.
    const targets = log.filter((e) => !e.event.type.startsWith('chat.') && !e.event.type.startsWith('seat.'));
    const figures = new Map<string, { tried: number; refusedBefore: number; refusedNow: number }>();
    const missed: string[] = [];
    let tried = 0;
    while (tried < 250) {
      const target = pick(targets);
      const tampering = pick(TAMPERINGS);
      const event = structuredClone(target.event) as Json;
      if (!tampering.apply(event, pick)) continue;
      tried++;
      const file = fileOf(log.map((e) => (e === target ? { ...e, event: event as Envelope['event'] } : e)));
      const now = refusal(file, rules);
      const then = refusal(file, before);
      const f = figures.get(tampering.name) ?? { tried: 0, refusedBefore: 0, refusedNow: 0 };
      f.tried++;
      if (then && (then.details as { seq?: number } | undefined)?.seq === target.seq) f.refusedBefore++;
      if (now?.code === 'IMPORT_INVALID' && (now.details as { seq?: number } | undefined)?.seq === target.seq)
        f.refusedNow++;
      else
        missed.push(
          `${tampering.name} in ${JSON.stringify(event).slice(0, 300)}: ${now?.message ?? 'imported'}`,
        );
      figures.set(tampering.name, f);
    }
    const total = [...figures.values()].reduce(
      (a, f) => ({ before: a.before + f.refusedBefore, now: a.now + f.refusedNow }),
      { before: 0, now: 0 },
    );
    console.log(
      `tampered 3:16 exports: ${tried} tried, refused at the tampered event ${total.before} before, ${total.now} now\n${[
        ...figures,
      ]
        .map(([name, f]) => `  ${name}: ${f.tried} tried, ${f.refusedBefore} before, ${f.refusedNow} now`)
        .join('\n')}`,
    );
    expect(missed.slice(0, 5)).toEqual([]);
    expect(total.now).toBe(tried);
  });
});
