import { useEffect, useRef, useState } from 'react';
import type { Campaign, Encounter, Mission, Trooper } from '../../rules/three-sixteen/state.ts';
import { actorName, END_REASON_LABEL, STATUS_LABEL, type View } from './model.ts';

/**
 * The round report: what each turn did, in the order the ruleset resolved it. The seat only
 * receives views, so each line is read off two successive views: which queue slots were taken,
 * and what changed on the table meanwhile (tokens, kills, wounds, armour, flashbacks, ranges).
 * Each line names its fight (mission and encounter: encounters are numbered afresh every mission),
 * and only what happens while a fight is on goes into its report. It is kept in the tab's
 * sessionStorage per table, so a reload mid-round picks it up where it was (a view that jumps
 * several events, as after a reconnect, gives coarser lines).
 */

export interface ReportLine {
  /** The fight the line belongs to, unique on the table: see `fightOf`. */
  readonly fight: string;
  readonly mission: number;
  readonly encounter: number;
  readonly round: number;
  readonly text: string;
}

/** The encounter a view shows (the live one, else the last one fought) and which fight it is. */
export interface Fight {
  /** "mission.encounter", e.g. "2.1": the same for every view of one fight, never for another. */
  readonly key: string;
  readonly mission: number;
  readonly encounter: Encounter;
  /** The fight is under way (not the record of one that ended). */
  readonly live: boolean;
}

/** What telling the fight needs of a view. */
interface FightSource {
  readonly encounter: Encounter | null;
  readonly lastEncounter: Encounter | null;
  readonly mission: Pick<Mission, 'number' | 'encountersFought'> | null;
  readonly campaign: Pick<Campaign, 'missionsCount'>;
}

export function fightOf(v: FightSource): Fight | null {
  const live = v.encounter;
  const e = live ?? v.lastEncounter;
  if (!e) return null;
  const current = v.mission?.number ?? v.campaign.missionsCount + 1;
  let mission = current;
  if (!live) {
    // The last encounter belongs to the mission on the table when that mission has fought it (or,
    // ended by The Device, was fighting it); a mission briefed since then counts afresh from 0.
    const fought = v.mission?.encountersFought ?? 0;
    const ours = e.number === fought || (e.endReason === null && e.number === fought + 1);
    if (!ours) mission = current - 1;
  }
  return { key: `${mission}.${e.number}`, mission, encounter: e, live: live !== null };
}

/** How a report line's round reads: the ambush (or whatever came before round 1) is no "R0". */
export function roundLabel(round: number, e: Pick<Encounter, 'ambush'> | null): string {
  if (round > 0) return `R${round}`;
  return e?.ambush ? 'Ambush' : 'Before R1';
}

/**
 * Why kills against the aliens do nothing this round, if they do nothing: the aliens' Armour
 * (once an encounter, taken before any turn) or Ignore Wounds. Ignore Wounds writes off the
 * round's removed tokens (its entry in `tokensRemovedByRound`), which Armour never does.
 */
export function killsVoidCause(e: Encounter): 'armour' | 'ignoreWounds' | null {
  if (!e.roundEffects.killsVoid) return null;
  if (!e.effects.alienArmourUsed) return 'ignoreWounds';
  return String(e.round) in e.tokensRemovedByRound ? 'ignoreWounds' : 'armour';
}

/**
 * What changed on one trooper, in two parts: what answering a Kill does (armour, wounds, death),
 * and the rest (kills, flashbacks), which belongs to whoever's turn it was.
 */
function trooperChanges(before: Trooper, after: Trooper): { hit: string[]; other: string[] } {
  const hit: string[] = [];
  const other: string[] = [];
  const kills = after.totalKills - before.totalKills;
  if (kills !== 0) other.push(`${after.name} ${kills > 0 ? '+' : ''}${kills} kills`);
  after.health.forEach((m, i) => {
    if (m !== before.health[i])
      hit.push(m ? `${after.name} takes a wound (${m})` : `${after.name} heals a box`);
  });
  if (before.armour !== 'used' && after.armour === 'used') hit.push(`${after.name} ticks armour`);
  after.strengths.forEach((s, i) => {
    if (s.status === 'used' && before.strengths[i]?.status !== 'used')
      other.push(`${after.name} shows a Strength: “${s.text ?? ''}”`);
  });
  after.weaknesses.forEach((s, i) => {
    if (s.status === 'used' && before.weaknesses[i]?.status !== 'used')
      other.push(`${after.name} shows a Weakness: “${s.text ?? ''}”`);
  });
  if (before.status !== after.status)
    hit.push(`${after.name} is now ${STATUS_LABEL[after.status].toLowerCase()}`);
  return { hit, other };
}

/** What `diffViews` reads of the earlier view (all the stored copy keeps). */
export type ReportBase = FightSource & Pick<View, 'troopers'>;

/** Lines for what happened between two views of the same fight (empty when nothing did). */
export function diffViews(prev: ReportBase, next: View): ReportLine[] {
  const fa = fightOf(prev);
  const fb = fightOf(next);
  if (!fa || !fb || fa.key !== fb.key) return [];
  // Between encounters (GM overrides, the debrief) nothing goes into a fight's report.
  if (!fa.live && !fb.live) return [];
  const a = fa.encounter;
  const b = fb.encounter;
  // A trooper a Kill was waiting for answers it on their own: the armour, wound or death is theirs,
  // not part of the turn that comes next (nothing moves until the Kill is answered).
  const answering = new Set(a.pendingKills.map((k) => k.trooperId));
  const answers: string[] = [];
  const changes: string[] = [];
  for (const id of b.pcs) {
    const before = prev.troopers[id];
    const after = next.troopers[id];
    const theirs = answering.has(id) ? answers : changes;
    if (before && after) {
      const { hit, other } = trooperChanges(before, after);
      theirs.push(...hit);
      changes.push(...other);
    }
    const pa = a.out[id] ? 'out' : a.positions[id];
    const pb = b.out[id] ? 'out' : b.positions[id];
    if (pa !== undefined && pb !== undefined && pa !== pb) {
      const name = after?.name ?? id;
      (b.out[id] === 'dead' ? theirs : changes).push(
        pb === 'out' ? `${name} leaves the encounter (${b.out[id]})` : `${name} moves to ${pb}`,
      );
    }
  }
  for (const k of b.pendingKills) {
    if (!a.pendingKills.some((p) => p.trooperId === k.trooperId && p.source === k.source))
      changes.push(`a Kill (${k.mark}) lands on ${next.troopers[k.trooperId]?.name ?? k.trooperId}`);
  }
  if (a.tokens !== b.tokens) changes.push(`tokens ${a.tokens} → ${b.tokens}`);
  if (!a.endReason && b.endReason) changes.push(`the encounter ends: ${END_REASON_LABEL[b.endReason]}`);
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
  const line = (text: string): ReportLine => ({
    fight: fa.key,
    mission: fa.mission,
    encounter: a.number,
    round: a.round,
    text,
  });
  const out: ReportLine[] = [];
  if (answers.length > 0) out.push(line(answers.join('; ')));
  if (who) out.push(line(`${who}: ${changes.length > 0 ? changes.join('; ') : 'no effect'}`));
  else if (changes.length > 0) out.push(line(changes.join('; ')));
  return out;
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
  // Lines stored before they named their fight cannot be placed: they are dropped.
  return (
    typeof l.fight === 'string' &&
    typeof l.mission === 'number' &&
    typeof l.encounter === 'number' &&
    typeof l.round === 'number' &&
    typeof l.text === 'string'
  );
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

function loadLastView(tableId: string): ReportBase | null {
  try {
    const raw = session()?.getItem(LAST_VIEW_KEY + tableId);
    const v: unknown = raw ? JSON.parse(raw) : null;
    // A copy stored before it kept the mission cannot say which fight it showed.
    if (typeof v !== 'object' || v === null || !('mission' in v && 'campaign' in v && 'troopers' in v))
      return null;
    return v as ReportBase;
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
  const prev = useRef<ReportBase | null>(null);
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
    // Only what diffViews reads of the earlier view: the encounters, which fight they are, and the
    // troopers; not the log.
    const { encounter, lastEncounter, troopers, mission, campaign } = view;
    const base: ReportBase = {
      encounter,
      lastEncounter,
      troopers,
      mission: mission && { number: mission.number, encountersFought: mission.encountersFought },
      campaign: { missionsCount: campaign.missionsCount },
    };
    store(LAST_VIEW_KEY + tableId, base);
  }, [view, tableId]);
  return lines;
}
