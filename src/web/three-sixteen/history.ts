import { useEffect, useRef, useState } from 'react';
import type { Encounter, Trooper } from '../../rules/three-sixteen/state.ts';
import { actorName, type View } from './model.ts';

/**
 * The round report: what each turn did, in the order the ruleset resolved it. The seat only
 * receives views, so each line is read off two successive views: which queue slots were taken,
 * and what changed on the table meanwhile (tokens, kills, wounds, armour, flashbacks, ranges).
 * It is kept in the tab's sessionStorage per table, so a reload mid-round picks it up where it was
 * (a view that jumps several events, as after a reconnect, gives one coarser line).
 */

export interface ReportLine {
  readonly encounter: number;
  readonly round: number;
  readonly text: string;
}

function encounterOf(v: View): Encounter | null {
  return v.encounter ?? v.lastEncounter;
}

function trooperChanges(before: Trooper, after: Trooper): string[] {
  const out: string[] = [];
  const kills = after.totalKills - before.totalKills;
  if (kills !== 0) out.push(`${after.name} ${kills > 0 ? '+' : ''}${kills} kills`);
  after.health.forEach((m, i) => {
    if (m !== before.health[i])
      out.push(m ? `${after.name} takes a wound (${m})` : `${after.name} heals a box`);
  });
  if (before.armour !== 'used' && after.armour === 'used') out.push(`${after.name} ticks armour`);
  after.strengths.forEach((s, i) => {
    if (s.status === 'used' && before.strengths[i]?.status !== 'used')
      out.push(`${after.name} shows a Strength: “${s.text ?? ''}”`);
  });
  after.weaknesses.forEach((s, i) => {
    if (s.status === 'used' && before.weaknesses[i]?.status !== 'used')
      out.push(`${after.name} shows a Weakness: “${s.text ?? ''}”`);
  });
  if (before.status !== after.status) out.push(`${after.name} is now ${after.status}`);
  return out;
}

/** Lines for what happened between two views of the same encounter (empty when nothing did). */
export function diffViews(prev: View, next: View): ReportLine[] {
  const a = encounterOf(prev);
  const b = encounterOf(next);
  if (!a || !b || a.number !== b.number) return [];
  const changes: string[] = [];
  for (const id of b.pcs) {
    const before = prev.troopers[id];
    const after = next.troopers[id];
    if (before && after) changes.push(...trooperChanges(before, after));
    const pa = a.out[id] ? 'out' : a.positions[id];
    const pb = b.out[id] ? 'out' : b.positions[id];
    if (pa !== undefined && pb !== undefined && pa !== pb) {
      const name = after?.name ?? id;
      changes.push(pb === 'out' ? `${name} leaves the encounter (${b.out[id]})` : `${name} moves to ${pb}`);
    }
  }
  for (const k of b.pendingKills) {
    if (!a.pendingKills.some((p) => p.trooperId === k.trooperId && p.source === k.source))
      changes.push(`a Kill (${k.mark}) lands on ${next.troopers[k.trooperId]?.name ?? k.trooperId}`);
  }
  if (a.tokens !== b.tokens) changes.push(`tokens ${a.tokens} → ${b.tokens}`);
  if (!a.endReason && b.endReason) changes.push(`the encounter ends (${b.endReason})`);
  // Who acted: the queue slots taken since the last view (the round's order), if any.
  let who = '';
  if (a.step === 'resolve' && a.queue.length > 0) {
    const sameRound = b.round === a.round && b.step === 'resolve';
    const until = sameRound ? b.cursor : a.queue.length;
    const taken = a.queue.slice(a.cursor, until);
    if (taken.length > 0)
      who = taken
        .map((s) => {
          const cancelled = sameRound && b.queue[a.queue.indexOf(s)]?.cancelled;
          return `${actorName(next, s.actor)} (${s.face} ${s.success ? 'success' : 'failure'}${cancelled ? ', cancelled' : ''})`;
        })
        .join(' and ');
  }
  if (!who && changes.length === 0) return [];
  const text = who ? `${who}: ${changes.length > 0 ? changes.join('; ') : 'no effect'}` : changes.join('; ');
  return [{ encounter: a.number, round: a.round, text }];
}

const MAX_LINES = 300;
const REPORT_KEY = 'bughunt.roundReport.';
/** The last view the report was read against, so the first view after a reload diffs against it. */
const LAST_VIEW_KEY = 'bughunt.roundReportView.';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function isLine(x: unknown): x is ReportLine {
  if (typeof x !== 'object' || x === null) return false;
  const l = x as Record<string, unknown>;
  return typeof l.encounter === 'number' && typeof l.round === 'number' && typeof l.text === 'string';
}

/** The stored report of a table; anything unreadable counts as none. */
export function loadReport(tableId: string): ReportLine[] {
  try {
    const parsed: unknown = JSON.parse(session()?.getItem(REPORT_KEY + tableId) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLine).slice(-MAX_LINES) : [];
  } catch {
    return [];
  }
}

function loadLastView(tableId: string): View | null {
  try {
    const raw = session()?.getItem(LAST_VIEW_KEY + tableId);
    return raw ? (JSON.parse(raw) as View) : null;
  } catch {
    return null;
  }
}

/** Stores one item; a full or blocked storage only costs the report after a reload (the story log stays). */
function store(key: string, value: unknown): void {
  try {
    session()?.setItem(key, JSON.stringify(value));
  } catch {
    // see above
  }
}

/** Keeps the report for this table as views arrive, across reloads of the tab. */
export function useRoundReport(view: View, tableId: string): readonly ReportLine[] {
  const [lines, setLines] = useState<readonly ReportLine[]>(() => loadReport(tableId));
  const prev = useRef<View | null>(null);
  const stored = useRef<readonly ReportLine[]>(lines);
  useEffect(() => {
    const p = prev.current ?? loadLastView(tableId);
    prev.current = view;
    const added = p ? diffViews(p, view) : [];
    if (added.length > 0) {
      const next = [...stored.current, ...added].slice(-MAX_LINES);
      stored.current = next;
      setLines(next);
      store(REPORT_KEY + tableId, next);
    }
    // Only what diffViews reads of the earlier view: the encounters and the troopers, not the log.
    const { encounter, lastEncounter, troopers } = view;
    store(LAST_VIEW_KEY + tableId, { encounter, lastEncounter, troopers });
  }, [view, tableId]);
  return lines;
}
