import { useContext, useEffect, useMemo, useState } from 'react';
import type { Facing, Threat } from '../../rules/fundamental-duck/state.ts';
import type { LogItem } from '../log.ts';
import { TableLogContext } from '../pages/TablePage.tsx';
import { describeFdEvent, type Who } from './describe-event.ts';
import type { FdView, SeatRef } from './model.ts';
import { callFor, nameIn } from './your-move.ts';

/**
 * The aliens' turn, played back step by step. The engine runs the whole Threat phase in one go
 * after the Team's last command; the table then replays its events from the log one line at a
 * time (each decision in words, the figures moving on the board), at a normal or fast pace, or
 * skips to the end. Where the playback stands is kept for the page's session, so a reload in the
 * middle of it goes on from the same step.
 */

type Event = Extract<LogItem, { kind: 'other' }>['event'];

export interface Step {
  readonly seq: number;
  readonly event: Event;
  readonly text: string;
}

export interface Playback {
  /** The latest Threat phase's steps (empty before the first). */
  readonly steps: readonly Step[];
  /** How many steps are shown. */
  readonly shown: number;
  readonly playing: boolean;
  readonly fast: boolean;
  readonly setFast: (on: boolean) => void;
  readonly skip: () => void;
  readonly next: () => void;
  readonly replay: () => void;
  /** The Threats where they stood at the step shown (the view's own when not playing). */
  readonly threats: readonly Threat[] | undefined;
}

const KEY = (tableId: string) => `bughunt.fd.threatTurn.${tableId}`;
const PACE_MS = { normal: 900, fast: 200 } as const;

function load(tableId: string): { seq: number; shown: number } | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY(tableId));
    if (!raw) return null;
    const v = JSON.parse(raw) as { seq?: unknown; shown?: unknown };
    return typeof v.seq === 'number' && typeof v.shown === 'number' ? { seq: v.seq, shown: v.shown } : null;
  } catch {
    return null;
  }
}

function save(tableId: string, seq: number, shown: number): void {
  try {
    globalThis.sessionStorage?.setItem(KEY(tableId), JSON.stringify({ seq, shown }));
  } catch {
    // private mode: the playback restarts on reload
  }
}

/** The latest Threat phase in the log: its start's seq and its events with their sentences. */
export function latestThreatPhase(
  items: readonly LogItem[],
  who: Who,
): { seq: number; steps: Step[] } | null {
  let start = -1;
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i];
    // Multi-team play (21): a Threat card of the sequence pack is a Threat turn of its own.
    if (
      it?.kind === 'other' &&
      ((it.type === 'phase.began' && it.event.phase === 'threat') || it.type === 'sequence.threatCard')
    ) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  const steps: Step[] = [];
  for (let i = start + 1; i < items.length; i++) {
    const it = items[i];
    if (it?.kind !== 'other') continue;
    if (it.type === 'phase.began' || it.type === 'sequence.resumed') break;
    if (it.type === 'chit.used') continue;
    const text = describeFdEvent(it.event, who);
    if (text) steps.push({ seq: it.seq, event: it.event, text });
  }
  return { seq: (items[start] as LogItem).seq, steps };
}

export function useThreatPlayback(view: FdView, tableId: string): Playback {
  const items = useContext(TableLogContext);
  // Named as the log names them (Teamers, and Threats as "Harpy 7").
  const phase = useMemo(() => latestThreatPhase(items, (id) => nameIn(view, id, items) ?? id), [items, view]);
  // Nothing kept for this page: a Threat phase already in the log when it opens counts as seen.
  const [state, setState] = useState<{ seq: number; shown: number } | 'fresh'>(
    () => load(tableId) ?? 'fresh',
  );
  const [fast, setFast] = useState(false);
  const steps = phase?.steps ?? [];
  // A Threat phase not seen before starts from its first step (one seen before keeps its place).
  const current =
    phase === null
      ? null
      : state === 'fresh'
        ? { seq: phase.seq, shown: steps.length }
        : state.seq !== phase.seq
          ? { seq: phase.seq, shown: 0 }
          : state;
  const shown = phase && current ? Math.min(current.shown, steps.length) : steps.length;
  const playing = phase !== null && shown < steps.length;
  useEffect(() => {
    // The log has come in and holds no Threat phase yet: the first one to come is played.
    if (!phase && state === 'fresh' && items.length > 0) {
      setState({ seq: 0, shown: 0 });
      return;
    }
    if (!phase || !current) return;
    if (state === 'fresh' || state.seq !== current.seq || state.shown !== current.shown) setState(current);
    save(tableId, current.seq, current.shown);
  }, [phase, current, state, tableId, items.length]);
  useEffect(() => {
    if (!playing || !phase) return;
    const timer = setTimeout(
      () => setState({ seq: phase.seq, shown: shown + 1 }),
      fast ? PACE_MS.fast : PACE_MS.normal,
    );
    return () => clearTimeout(timer);
  }, [playing, phase, shown, fast]);
  const threats = useMemo(() => {
    if (!playing || !phase) return undefined;
    const at = new Map<string, { x: number; y: number; facing: Facing }>();
    // Where each Threat stood before the phase: its last move or placement earlier in the log.
    for (const it of items) {
      if (it.kind !== 'other' || it.seq >= phase.seq) continue;
      if (it.type === 'threat.moved') {
        const e = it.event as unknown as { threatId: string; x: number; y: number; facing: Facing };
        at.set(e.threatId, { x: e.x, y: e.y, facing: e.facing });
      } else if (it.type === 'threats.placed') {
        for (const t of (
          it.event as unknown as { threats: { id: string; x: number; y: number; facing: Facing }[] }
        ).threats)
          at.set(t.id, { x: t.x, y: t.y, facing: t.facing });
      }
    }
    for (const s of steps.slice(0, shown)) {
      if (s.event.type === 'threat.moved') {
        const e = s.event as unknown as { threatId: string; x: number; y: number; facing: Facing };
        at.set(e.threatId, { x: e.x, y: e.y, facing: e.facing });
      }
    }
    const movesLater = new Set(
      steps
        .slice(shown)
        .filter((s) => s.event.type === 'threat.moved')
        .map((s) => String(s.event.threatId)),
    );
    return view.threatOrder
      .map((id) => view.threats[id])
      .filter((t): t is Threat => t !== undefined)
      .map((t) => {
        const p = at.get(t.id);
        return p && movesLater.has(t.id) ? { ...t, ...p } : t;
      });
  }, [playing, phase, items, steps, shown, view]);
  return {
    steps,
    shown,
    playing,
    fast,
    setFast,
    skip: () => phase && setState({ seq: phase.seq, shown: steps.length }),
    next: () => phase && setState({ seq: phase.seq, shown: Math.min(steps.length, shown + 1) }),
    replay: () => phase && setState({ seq: phase.seq, shown: 0 }),
    threats,
  };
}

export function ThreatTurn({ playback }: { playback: Playback }) {
  const { steps, shown, playing } = playback;
  if (steps.length === 0) return null;
  const visible = steps.slice(0, shown);
  return (
    <section className="fd-card fd-threat-turn" aria-label="The aliens’ turn" data-testid="fd-threat-turn">
      <h3>
        The aliens’ turn{' '}
        <span className="fd-muted">
          ({shown} of {steps.length})
        </span>
      </h3>
      <div className="fd-buttons">
        {playing ? (
          <>
            <button type="button" onClick={playback.next}>
              Next step
            </button>
            <label>
              <input
                type="checkbox"
                checked={playback.fast}
                onChange={(e) => playback.setFast(e.target.checked)}
              />{' '}
              fast
            </label>
            <button type="button" onClick={playback.skip} data-testid="fd-skip">
              Skip to the end
            </button>
          </>
        ) : (
          <button type="button" onClick={playback.replay}>
            Replay
          </button>
        )}
      </div>
      <ol className="fd-steps" aria-live="polite">
        {visible.map((s) => (
          <li key={s.seq} className={s.event.type === 'threat.decided' ? 'fd-decision' : undefined}>
            {s.text}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Multi-team play (21): the Threat unit (or Team-phase ambush) waiting for a player to run it. All
 * seats see what waits and whose it is; the seat whose call it is gets the button (the AI still
 * decides what the Threat does).
 */
export function RunThreat({
  view,
  seat,
  onRun,
  busy,
}: {
  view: FdView;
  seat: SeatRef;
  onRun: () => void;
  busy: boolean;
}) {
  const call = view.multiTeam?.call;
  if (!call || call.run) return null;
  const threat = nameIn(view, call.threatId) ?? 'A Threat';
  const victim = call.ambush !== undefined ? (nameIn(view, call.ambush) ?? call.ambush) : null;
  const mine = callFor(view, seat) !== null;
  return (
    <div className="fd-run-threat" role="status" data-testid="fd-run-threat">
      <p>
        {victim ? `${threat} springs an ambush on ${victim}` : `${threat} acts next`}:{' '}
        {mine ? 'yours to run' : `team ${call.team + 1}’s player runs it`}.
      </p>
      {mine ? (
        <button type="button" onClick={onRun} disabled={busy} data-testid="fd-run-threat-button">
          Run {threat}
        </button>
      ) : null}
    </div>
  );
}
