import { useMemo, useState } from 'react';
import type { SystemPanelProps } from '../systems.tsx';
import { Between } from './Between.tsx';
import { NewCharacter } from './Chargen.tsx';
import { Drugs } from './Drugs.tsx';
import { Firefight } from './Firefight.tsx';
import { Intrusion } from './Intrusion.tsx';
import { asView, isSheet, type SeatRef, sheets, type View } from './model.ts';
import { PackFile } from './PackFile.tsx';
import { Robots } from './Robots.tsx';
import { DiceControls, Feedback, RunnerContext, useCommandRunner } from './runner.tsx';
import { CharacterSheet, TakeCharacter } from './Sheet.tsx';
import { SpacePanel } from './Space.tsx';
import { TaskDialog } from './TaskDialog.tsx';
import { mustTakeCharacter, type Section, sectionsAwaiting } from './your-move.ts';
import './rhylanor.css';

/**
 * The Rhylanor Express table, mounted by the app shell for tables of that system. It reads only
 * the seat's view and sends commands through `send`; rule questions (modifiers, chances, legal
 * cascade picks, courses under gravity) are answered by the ruleset's own functions.
 */

const SECTIONS: readonly { id: Section; label: string }[] = [
  { id: 'crew', label: 'Crew' },
  { id: 'play', label: 'Tasks & firefight' },
  { id: 'space', label: 'Space' },
  { id: 'between', label: 'Between' },
];

export function RhylanorTable(props: SystemPanelProps) {
  const view = useMemo(() => asView(props.view), [props.view]);
  if (!view) return <p className="re-muted">Loading the Rhylanor Express table…</p>;
  return <Table {...props} view={view} />;
}

function Table({ view, seat, seats, send }: Omit<SystemPanelProps, 'view'> & { view: View }) {
  const runner = useCommandRunner(send);
  const me = seat as SeatRef;
  const awaiting = sectionsAwaiting(view, me);
  const [tab, setTab] = useState<Section>(() =>
    view.space.order.length > 0 && view.space.phase !== 'ended' ? 'space' : 'crew',
  );
  const names = new Map(seats.map((s) => [s.seatId, s.name]));
  const all = sheets(view);
  const mine = all.filter((c) => c.owner === seat.seatId);
  const ordered = [...mine, ...all.filter((c) => c.owner !== seat.seatId)];
  return (
    <RunnerContext.Provider value={runner}>
      <div className="re-root">
        <div className="re-toolbar">
          <nav className="re-tabs" aria-label="Rhylanor Express sections">
            {SECTIONS.map((t) => {
              const yours = awaiting.includes(t.id);
              return (
                <button
                  key={t.id}
                  type="button"
                  className={tab === t.id ? 're-tab re-tab-on' : 're-tab'}
                  aria-pressed={tab === t.id}
                  aria-label={yours ? `${t.label}, your move` : undefined}
                  onClick={() => setTab(t.id)}
                >
                  {t.label}
                  {yours ? (
                    <span className="re-your-move" aria-hidden="true">
                      your move
                    </span>
                  ) : null}
                </button>
              );
            })}
          </nav>
          {seat.role !== 'spectator' ? <DiceControls /> : null}
        </div>
        <Feedback />
        {tab === 'crew' ? (
          <div className="re-columns">
            {seat.role === 'gm' ? <PackFile view={view} /> : null}
            {mustTakeCharacter(view, me) || seat.role === 'gm' ? (
              <TakeCharacter view={view} seat={me} seats={seats} />
            ) : null}
            {seat.role !== 'spectator' ? <NewCharacter view={view} seat={me} seats={seats} /> : null}
            {ordered.length === 0 ? <p className="re-muted">No characters yet.</p> : null}
            {ordered.map((c) => (
              <CharacterSheet
                key={c.id}
                view={view}
                c={c}
                seat={me}
                ownerName={c.owner ? (names.get(c.owner) ?? view.seats[c.owner]?.name ?? c.owner) : null}
              />
            ))}
            {Object.values(view.characters).some((c) => !isSheet(c)) ? (
              <p className="re-muted">Others in the fight are known by name only.</p>
            ) : null}
          </div>
        ) : null}
        {tab === 'play' ? (
          <div className="re-columns">
            {/* A fight under way comes first: it is what waits on the table (and opens first on a phone). */}
            {view.combat ? <Firefight view={view} seat={me} /> : null}
            <TaskDialog view={view} seat={me} />
            {view.combat ? null : <Firefight view={view} seat={me} />}
            <Intrusion view={view} seat={me} />
            <Drugs view={view} seat={me} />
            <Robots view={view} seat={me} />
          </div>
        ) : null}
        {tab === 'space' ? <SpacePanel view={view} seat={me} seats={seats} /> : null}
        {tab === 'between' ? <Between view={view} seat={me} /> : null}
      </div>
    </RunnerContext.Provider>
  );
}
