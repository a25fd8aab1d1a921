import { useCallback, useMemo, useRef, useState } from 'react';
import { campaignOf } from '../../rules/three-sixteen/campaign/model.ts';
import { OwnDiceToggle } from '../dice/DicePrompt.tsx';
import { BetweenMissions, FieldPromotion } from './Between.tsx';
import { ConflictCorner, ConflictPanel } from './Conflict.tsx';
import { CreateTrooper, RankAssignment } from './CreateTrooper.tsx';
import { readableStoryText } from './describe-event.ts';
import { EncounterScreen, Narrate, Overrides } from './EncounterScreen.tsx';
import { Fallen } from './Fallen.tsx';
import { useRoundReport } from './history.ts';
import {
  actorName,
  asView,
  END_REASON_LABEL,
  type SeatName,
  type SeatRef,
  type Send,
  type View,
} from './model.ts';
import { MissionDesk, PlanetSetup, PlanetSummary } from './PlanetPanel.tsx';
import { DicePrompt, RejectionBanner, RunnerContext, useCommandRunner } from './runner.tsx';
import { TrooperSheet } from './TrooperSheet.tsx';
import { Waiting } from './Waiting.tsx';
import { actingSeat, type Section, sectionsAwaiting } from './your-move.ts';
import '../paper-desk.css';
import './three-sixteen.css';

/**
 * The 3:16 table, mounted by the app shell for tables whose system is 'three-sixteen'. It reads
 * only the seat's view (state + pending) and sends commands through `send`; every rule question
 * is answered by the ruleset module itself.
 */
export interface ThreeSixteenTableProps {
  readonly tableId: string;
  /** The 3:16 view JSON for this seat (viewOf in src/rules/three-sixteen/ruleset.ts). */
  readonly view: unknown;
  readonly seat: SeatRef;
  readonly seats: readonly SeatName[];
  readonly send: Send;
}

const SECTIONS: readonly Section[] = ['play', 'sheets', 'story'];

export function ThreeSixteenTable(props: ThreeSixteenTableProps) {
  const view = useMemo(() => asView(props.view), [props.view]);
  if (!view) return <p className="ts-muted">Loading the 3:16 table…</p>;
  // A player running this mission under the rotating-GM option gets the GM's controls.
  return <Table {...props} seat={actingSeat(view, props.seat)} view={view} />;
}

function Table({ tableId, view, seat, seats, send }: Omit<ThreeSixteenTableProps, 'view'> & { view: View }) {
  const runner = useCommandRunner(view, seat, send);
  const report = useRoundReport(view, tableId);
  const [tab, setTab] = useState<Section>('play');
  const names = useMemo(() => new Map(seats.map((s) => [s.seatId, s.name])), [seats]);
  const seatName = useCallback(
    (id: string) => names.get(id) ?? view.seats[id]?.name ?? (id === 'gm' ? 'GM' : id),
    [names, view.seats],
  );
  const gm = seat.role === 'gm';
  const phase = view.campaign.phase;
  const troopers = view.trooperOrder.map((id) => view.troopers[id]).filter((t) => t !== undefined);
  const mine = troopers.filter((t) => t.ownerSeatId === seat.seatId);
  const sheetOrder = [...mine, ...troopers.filter((t) => t.ownerSeatId !== seat.seatId)];
  const inEncounter = phase === 'encounter' && view.encounter !== null;
  const conflicts = phase !== 'encounter' && phase !== 'over';
  // Only a conflict under way leads the tab; an ended one keeps one line further down, by the
  // form that starts the next (the campaign holds on to it until then).
  const conflict = campaignOf(view).conflict;
  const conflictOn = conflicts && conflict !== null && conflict.step !== 'ended';
  // Focus carried between the two places the conflict shows (see ConflictHandOff).
  const conflictHandOff = useRef<'new' | number | null>(null);
  const awaiting = sectionsAwaiting(view, seat);
  const elsewhere = awaiting.find((s) => s !== tab);
  const sectionLabel = (t: Section) =>
    t === 'play' ? (inEncounter ? 'Encounter' : 'Play') : t === 'sheets' ? 'Sheets' : 'Story';

  return (
    <RunnerContext.Provider value={runner}>
      <div className="ts-root paper-desk" data-phase={phase}>
        <div className="ts-toolbar ts-noprint">
          <nav className="ts-tabs" aria-label="3:16 sections">
            {SECTIONS.map((t) => {
              const label = sectionLabel(t);
              const yours = awaiting.includes(t);
              return (
                <button
                  key={t}
                  type="button"
                  className={tab === t ? 'ts-tab ts-tab-on' : 'ts-tab'}
                  aria-pressed={tab === t}
                  // The badge is words, not a colour; the name says it once, with a pause.
                  aria-label={yours ? `${label}, your move` : undefined}
                  onClick={() => setTab(t)}
                >
                  {label}
                  {yours ? (
                    <span className="ts-your-move" aria-hidden="true">
                      your move
                    </span>
                  ) : null}
                </button>
              );
            })}
            {/* Heard when the move arrives while the reader is on another section: the "Your
                move" list itself (Waiting) is only on the section that holds the move. */}
            <span className="ts-sr" role="status">
              {elsewhere ? `Your move: see ${sectionLabel(elsewhere)}.` : ''}
            </span>
          </nav>
          {seat.role !== 'spectator' ? <OwnDiceToggle sender={runner} className="ts-dice-mode" /> : null}
        </div>
        <RejectionBanner />
        <DicePrompt />
        <FieldPromotion view={view} seat={seat} />
        {tab === 'play' ? (
          <div className="ts-play">
            <Fallen view={view} seat={seat} />
            {inEncounter ? null : <Waiting view={view} seat={seat} seatName={seatName} />}
            {/* A conflict under way waits on its two sides: it comes first, where a phone opens. */}
            {conflictOn ? <ConflictPanel view={view} seat={seat} handOff={conflictHandOff} /> : null}
            {inEncounter ? (
              <EncounterScreen view={view} seat={seat} seatName={seatName} report={report} />
            ) : null}
            {phase === 'setup' ? (
              <div className="ts-columns">
                {seat.role === 'player' && mine.length === 0 ? (
                  <CreateTrooper view={view} seat={seat} seats={seats} />
                ) : null}
                {gm ? (
                  <details className="ts-card" open={troopers.length === 0}>
                    <summary>Create a trooper for a seat, or an NPC</summary>
                    <CreateTrooper view={view} seat={seat} seats={seats} />
                  </details>
                ) : null}
                {mine.map((t) => (
                  <TrooperSheet
                    key={t.id}
                    view={view}
                    trooper={t}
                    canEdit
                    ownerName={seatName(seat.seatId)}
                  />
                ))}
                <RankAssignment view={view} seat={seat} />
                {gm && troopers.length > 0 ? <PlanetSetup view={view} seat={seat} /> : null}
              </div>
            ) : null}
            {phase === 'briefing' || phase === 'mission' ? (
              <div className="ts-columns">
                <MissionDesk view={view} seat={seat} />
                <PlanetSummary view={view} />
                {phase === 'mission' && view.lastEncounter ? (
                  <details className="ts-card">
                    <summary>
                      Last encounter:{' '}
                      {view.lastEncounter.endReason ? END_REASON_LABEL[view.lastEncounter.endReason] : 'over'}
                    </summary>
                    <EncounterScreen view={view} seat={seat} seatName={seatName} report={report} />
                  </details>
                ) : null}
              </div>
            ) : null}
            {inEncounter ? <PlanetSummary view={view} /> : null}
            {phase === 'afterMission' ? (
              <>
                <BetweenMissions view={view} seat={seat} seats={seats} />
                <div className="ts-columns">
                  {gm ? <PlanetSetup view={view} seat={seat} /> : null}
                  <PlanetSummary view={view} />
                </div>
              </>
            ) : null}
            {phase === 'over' ? (
              <section className="ts-card">
                <h3>The campaign is over</h3>
                <p>The sheets and the story stay here to read.</p>
              </section>
            ) : null}
            {conflicts && !conflictOn ? (
              <ConflictCorner view={view} seat={seat} handOff={conflictHandOff} />
            ) : null}
            {gm && !inEncounter ? <Overrides view={view} seat={seat} /> : null}
          </div>
        ) : null}
        {tab === 'sheets' ? (
          <div className="ts-sheets">
            <button type="button" className="ts-noprint" onClick={() => window.print()}>
              Print sheets
            </button>
            {sheetOrder.length === 0 ? <p className="ts-muted">No troopers yet.</p> : null}
            {sheetOrder.map((t) => (
              <TrooperSheet
                key={t.id}
                view={view}
                trooper={t}
                canEdit={t.ownerSeatId === seat.seatId || (gm && t.ownerSeatId === null)}
                ownerName={t.ownerSeatId ? seatName(t.ownerSeatId) : undefined}
              />
            ))}
          </div>
        ) : null}
        {tab === 'story' ? (
          <section className="ts-card ts-story" aria-label="Story">
            <h3>Story</h3>
            {report.length > 0 ? (
              <>
                <h4>Rounds seen on this page</h4>
                <ol className="ts-report">
                  {report.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: an append-only list
                    <li key={i}>
                      {/* Each mission opens with a heading: its encounters count from 1 again. */}
                      {l.mission !== report[i - 1]?.mission ? (
                        <strong className="ts-story-mission" data-testid="story-mission">
                          Mission {l.mission}
                          <br />
                        </strong>
                      ) : null}
                      Encounter {l.encounter}, round {l.round}: {l.text}
                    </li>
                  ))}
                </ol>
                <h4>The table’s story</h4>
              </>
            ) : null}
            {seat.role !== 'spectator' && !inEncounter ? <Narrate view={view} seat={seat} /> : null}
            {view.log.length === 0 ? <p className="ts-muted">Nothing has happened yet.</p> : null}
            <ol>
              {view.log.map((l) => (
                <li key={l.id} className={l.secret ? 'ts-secret' : ''}>
                  {/* The name alone: today's rank would be wrong for a line written before a promotion. */}
                  <strong>{storyActor(view, l.actor)}</strong> {readableStoryText(l.text)}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>
    </RunnerContext.Provider>
  );
}

/** Who wrote a story line: a trooper by name only (the rank then may not be the rank now). */
function storyActor(view: View, actor: string | null): string {
  const t = actor === null ? undefined : view.troopers[actor];
  return t ? t.name : actorName(view, actor);
}
