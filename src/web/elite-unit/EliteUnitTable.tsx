import { useCallback, useMemo, useState } from 'react';
import type { SeatInfo } from '../../server/protocol.ts';
import type { SendCommand } from '../dice/attempt.ts';
import { DicePrompt, OwnDiceToggle, RefusalBanner } from '../dice/DicePrompt.tsx';
import { useDiceSender } from '../dice/use-dice-sender.ts';
import { MoreActions } from './Actions.tsx';
import { AttackForm, AttackResult, Bystanders, DefendPrompt } from './Attack.tsx';
import { AddCharacter, GmScreen } from './Gm.tsx';
import {
  asView,
  type Command,
  isWhole,
  nameOf,
  roster,
  type SeatRef,
  type Send,
  type View,
} from './model.ts';
import { OddsContext, useOddsWorker } from './odds-context.ts';
import { ResistPrompt } from './Resist.tsx';
import { RunnerContext } from './runner.tsx';
import { Sheet } from './Sheet.tsx';
import { Tracker } from './Tracker.tsx';
import { VehiclesPanel } from './Vehicles.tsx';
import { awaitsSeat, isMyMove } from './your-move.ts';
import '../paper-desk.css';
import './elite-unit.css';

/**
 * The Elite Unit table, mounted by the app shell for tables whose system is 'elite-unit'. It reads
 * only the seat's view (and the seat's log, for the last attack's breakdown) and sends commands;
 * every rule question goes to the ruleset's own modules.
 */
export interface EliteUnitTableProps {
  readonly tableId: string;
  readonly view: unknown;
  readonly seat: SeatRef & { readonly name?: string };
  readonly seats: readonly SeatInfo[];
  readonly send: Send;
}

type Section = 'play' | 'sheets' | 'gm';

/** The banner's words when the move is this seat's: defend, resist a spell, or act. */
function yourMoveWords(view: View, move: NonNullable<View['move']>): string {
  const name = nameOf(view, move.characterId);
  if (move.kind === 'defend') return `${name} must defend.`;
  if (move.kind === 'save') return `${name} must resist a spell.`;
  return `${name} acts, ${move.actionsLeft} action${move.actionsLeft === 1 ? '' : 's'} left.`;
}

export function EliteUnitTable(props: EliteUnitTableProps) {
  const view = useMemo(() => asView(props.view), [props.view]);
  if (!view) return <p className="eu-muted">Loading the Elite Unit table…</p>;
  return <Table {...props} view={view} />;
}

function Table({ view, seat, seats, send }: Omit<EliteUnitTableProps, 'view'> & { view: View }) {
  const runner = useDiceSender<Command>(send as SendCommand<Command>, { storageKey: 'bughunt.eu.ownDice' });
  const odds = useOddsWorker();
  const [tab, setTab] = useState<Section>('play');
  const gm = seat.role === 'gm';
  const names = useMemo(() => new Map(seats.map((s) => [s.seatId, s.name])), [seats]);
  const seatName = useCallback(
    (id: string) => names.get(id) ?? view.seats[id]?.name ?? id,
    [names, view.seats],
  );
  const all = roster(view);
  const mine = all.filter((c) => seat.role === 'player' && c.ownerSeatId === seat.seatId);
  const sheets = [...mine, ...all.filter((c) => !mine.includes(c))];
  const waits = awaitsSeat(view, seat);
  const sections: readonly Section[] = gm ? ['play', 'sheets', 'gm'] : ['play', 'sheets'];
  const label = (s: Section) => (s === 'play' ? 'Play' : s === 'sheets' ? 'Sheets' : 'GM screen');
  const move = view.move;
  return (
    <RunnerContext.Provider value={runner}>
      <OddsContext.Provider value={odds}>
        <div className="eu-root paper-desk">
          <div className="eu-toolbar">
            <nav className="eu-tabs" aria-label="Elite Unit sections">
              {sections.map((s) => {
                const yours = waits && s === 'play';
                return (
                  <button
                    key={s}
                    type="button"
                    className={tab === s ? 'eu-tab eu-tab-on' : 'eu-tab'}
                    aria-pressed={tab === s}
                    aria-label={yours ? `${label(s)}, your move` : undefined}
                    onClick={() => setTab(s)}
                  >
                    {label(s)}
                    {yours ? (
                      <span className="eu-your-move" aria-hidden="true">
                        your move
                      </span>
                    ) : null}
                  </button>
                );
              })}
              <span className="eu-sr" role="status">
                {waits && tab !== 'play' ? 'Your move: see Play.' : ''}
              </span>
            </nav>
            {seat.role !== 'spectator' ? <OwnDiceToggle sender={runner} className="eu-dice-mode" /> : null}
          </div>
          <RefusalBanner sender={runner} />
          <DicePrompt sender={runner} />
          {tab === 'play' ? (
            <div className="eu-play">
              {move && isMyMove(move, seat) ? (
                <p className="eu-banner" data-testid="your-move">
                  Your move: {yourMoveWords(view, move)}
                </p>
              ) : move ? (
                <p className="eu-status" data-testid="waiting-for">
                  Waiting for {move.seatId ? seatName(move.seatId) : 'the GM'}:{' '}
                  {nameOf(view, move.characterId)}{' '}
                  {move.kind === 'defend' ? 'defends' : move.kind === 'save' ? 'resists a spell' : 'acts'}.
                </p>
              ) : null}
              {seat.role === 'player' && mine.length === 0 ? (
                <section className="eu-card" aria-label="Your character">
                  <h3>Your character</h3>
                  <p className="eu-muted">
                    Take one of the pack’s sample characters (or ask the GM for one).
                  </p>
                  <AddCharacter view={view} seat={seat} seats={seats} />
                </section>
              ) : null}
              <DefendPrompt view={view} seat={seat} />
              <ResistPrompt view={view} seat={seat} />
              {gm ? <Bystanders view={view} /> : null}
              <div className="eu-columns">
                <div>
                  <Tracker view={view} seat={seat} />
                  <AttackResult view={view} seat={seat} />
                </div>
                <div>
                  {/* A fresh form for each attack: targets and rulings belong to one attack. */}
                  <AttackForm key={view.counters.attack} view={view} seat={seat} />
                  <MoreActions view={view} seat={seat} />
                  <VehiclesPanel view={view} seat={seat} />
                  {mine.filter(isWhole).map((c) => (
                    <Sheet key={c.id} c={c} pack={view.pack} seat={seat} ownerName={seatName(seat.seatId)} />
                  ))}
                </div>
              </div>
            </div>
          ) : null}
          {tab === 'sheets' ? (
            <div className="eu-columns">
              {sheets.length === 0 ? <p className="eu-muted">No characters yet.</p> : null}
              {sheets.map((c) => (
                <Sheet
                  key={c.id}
                  c={c}
                  pack={view.pack}
                  seat={seat}
                  ownerName={c.ownerSeatId ? seatName(c.ownerSeatId) : undefined}
                />
              ))}
            </div>
          ) : null}
          {tab === 'gm' && gm ? <GmScreen view={view} seat={seat} seats={seats} /> : null}
        </div>
      </OddsContext.Provider>
    </RunnerContext.Provider>
  );
}
