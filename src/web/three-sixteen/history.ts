import { useEffect, useRef, useState } from 'react';
import type { Encounter, Trooper } from '../../rules/three-sixteen/state.ts';
import { actorName, type View } from './model.ts';

/**
 * The round report: what each turn did, in the order the ruleset resolved it. The seat only
 * receives views, so each line is read off two successive views: which queue slots were taken,
 * and what changed on the table meanwhile (tokens, kills, wounds, armour, flashbacks, ranges).
 * It is kept in memory for this page (a reload starts it afresh; the story log stays).
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

/** Keeps the report for this page as views arrive. */
export function useRoundReport(view: View): readonly ReportLine[] {
  const [lines, setLines] = useState<readonly ReportLine[]>([]);
  const prev = useRef<View | null>(null);
  useEffect(() => {
    const p = prev.current;
    prev.current = view;
    if (!p) return;
    const added = diffViews(p, view);
    if (added.length > 0) setLines((l) => [...l, ...added].slice(-300));
  }, [view]);
  return lines;
}
