import { useState } from 'react';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import type { FdView, SeatRef } from './model.ts';
import type { FdRunner } from './runner.ts';
import { RunThreat } from './ThreatTurn.tsx';
import { seatTeamIn, teamSeatIn } from './your-move.ts';

/**
 * Multi-team play (21) at the table: splitting the Team into teams before boarding, each seat
 * taking one, the round's sequence pack (public: the cards played, the next one), each team's
 * activation deck (laid out by its own seat; the others see only how many cards, and in play the
 * cards turned up so far) and the Threat waiting to be run.
 */

/** A team as a seat's view carries it: its own deck in full, another team's as counts. */
interface SeenTeam {
  readonly teamerIds: readonly string[];
  readonly deck: readonly string[] | { readonly cards: number } | null;
  readonly playing: readonly string[] | { readonly cards: number; readonly shown: readonly string[] } | null;
}

/** Array.isArray does not narrow a readonly array out of a union. */
function isList(v: unknown): v is readonly string[] {
  return Array.isArray(v);
}

function nameOf(view: FdView, id: string): string {
  return (Object.hasOwn(view.teamers, id) ? view.teamers[id]?.name : undefined) ?? id;
}

/** A figure still in play (able, or on the bridge): one card of his team's deck. */
function inPlay(t: Teamer | undefined): boolean {
  return t !== undefined && t.wounds < 2 && !t.left;
}

/** The team's cards of this round still to be played (its members not yet activated). */
function stillToPlay(view: FdView, team: SeenTeam): boolean {
  return team.teamerIds.some((id) => {
    const t = view.teamers[id];
    return inPlay(t) && !view.activated.includes(id) && t?.chits.includes('READY') === true;
  });
}

export function Teams({
  view,
  seat,
  runner,
  seatName,
}: {
  view: FdView;
  seat: SeatRef;
  runner: FdRunner;
  seatName: (seatId: string) => string;
}) {
  const mt = view.multiTeam;
  if (!mt)
    return view.phase === 'briefing' && seat.role !== 'spectator' ? (
      <FormTeams view={view} runner={runner} />
    ) : null;
  const own = seatTeamIn(view, seat);
  const teams = mt.teams as readonly SeenTeam[];
  return (
    <section className="fd-card fd-teams" aria-label="Teams" data-testid="fd-teams">
      <h3>Teams{mt.opposed ? ', against each other' : ''}</h3>
      <RunThreat
        view={view}
        seat={seat}
        busy={runner.busy}
        onRun={() => void runner.run({ type: 'runThreat' })}
      />
      <Sequence view={view} teams={teams} />
      <ol className="fd-team-list">
        {teams.map((team, i) => {
          const by = teamSeatIn(view, i);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: teams are fixed once formed, in this order
            <li key={i} data-testid={`fd-team-${i}`}>
              <strong>Team {i + 1}</strong>: {team.teamerIds.map((id) => nameOf(view, id)).join(', ')}
              {by !== null ? (
                <span className="fd-muted"> · played by {by === seat.seatId ? 'you' : seatName(by)}</span>
              ) : seat.role === 'player' && own < 0 && view.phase !== 'ended' ? (
                <>
                  {' '}
                  <button
                    type="button"
                    onClick={() => void runner.run({ type: 'claimTeam', team: i })}
                    disabled={runner.busy}
                    data-testid={`fd-claim-team-${i}`}
                  >
                    Take team {i + 1}
                  </button>
                </>
              ) : (
                <span className="fd-muted"> · nobody plays it yet</span>
              )}
              <Deck
                view={view}
                team={team}
                index={i}
                mine={i === own || seat.role === 'gm'}
                runner={runner}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The round's sequence pack, card by card: done, now, to come (the next card is public). */
function Sequence({ view, teams }: { view: FdView; teams: readonly SeenTeam[] }) {
  const mt = view.multiTeam;
  if (!mt) return null;
  if (mt.sequence.length === 0)
    return <p className="fd-muted">No sequence pack yet: the first turn goes in boarding order.</p>;
  let threats = 0;
  let current = false;
  const cards = mt.sequence.map((card) => {
    let done: boolean;
    if (card === 'threat') {
      threats++;
      done = threats <= mt.threatCards && !(threats === mt.threatCards && mt.onThreatCard);
    } else {
      const team = teams[card];
      done = team ? !stillToPlay(view, team) : true;
    }
    // Team phase over (the Threat phase, Housekeeping): every card of the round is played.
    if (view.phase !== 'team' && !mt.onThreatCard) done = true;
    const now = !done && !current;
    if (now) current = true;
    return { label: card === 'threat' ? 'Threats' : `Team ${card + 1}`, done, now };
  });
  return (
    <div className="fd-sequence">
      <span>This round’s sequence:</span>
      <ol className="fd-sequence-cards" data-testid="fd-sequence">
        {cards.map((c, k) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the drawn order is fixed for the round
            key={k}
            className={c.done ? 'fd-card-done' : c.now ? 'fd-card-now' : undefined}
            aria-current={c.now ? 'step' : undefined}
          >
            {c.label}
            {c.done ? ' ✓' : c.now ? ' (now)' : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A team's activation deck: laid out (in full for its own seat, else a count) or in play. */
function Deck({
  view,
  team,
  index,
  mine,
  runner,
}: {
  view: FdView;
  team: SeenTeam;
  index: number;
  mine: boolean;
  runner: FdRunner;
}) {
  const names = (ids: readonly string[]) => ids.map((id) => nameOf(view, id)).join(', ');
  const playing = team.playing;
  const deck = team.deck;
  const canLay =
    mine &&
    deck === null &&
    view.phase !== 'briefing' &&
    view.phase !== 'ended' &&
    !(view.phase === 'team' && stillToPlay(view, team));
  return (
    <div className="fd-deck">
      {playing === null ? null : isList(playing) ? (
        <p>This round’s deck: {names(playing)}</p>
      ) : (
        <p>
          This round’s deck: {playing.shown.length ? names(playing.shown) : 'no card turned up yet'} (
          {playing.cards} cards)
        </p>
      )}
      {deck === null ? null : isList(deck) ? (
        <p>Next round’s deck, laid out: {names(deck)}</p>
      ) : (
        <p className="fd-muted">Next round’s deck is laid out face down ({deck.cards} cards).</p>
      )}
      {canLay ? <LayDeck view={view} team={team} index={index} runner={runner} /> : null}
    </div>
  );
}

/** Putting the next round's cards down in an order (up and down buttons, keyboard-usable). */
function LayDeck({
  view,
  team,
  index,
  runner,
}: {
  view: FdView;
  team: SeenTeam;
  index: number;
  runner: FdRunner;
}) {
  const members = team.teamerIds.filter((id) => inPlay(view.teamers[id]));
  const [order, setOrder] = useState<readonly string[]>(members);
  // A member fallen since the order was started drops out of it.
  const shown = [
    ...order.filter((id) => members.includes(id)),
    ...members.filter((id) => !order.includes(id)),
  ];
  const swap = (k: number, by: number) => {
    const next = shown.slice();
    const a = next[k] as string;
    next[k] = next[k + by] as string;
    next[k + by] = a;
    setOrder(next);
  };
  return (
    <fieldset className="fd-lay-deck" data-testid={`fd-lay-deck-${index}`}>
      <legend>Lay out next round’s deck (the others see only how many cards)</legend>
      <ol>
        {shown.map((id, k) => (
          <li key={id}>
            {nameOf(view, id)}{' '}
            <button
              type="button"
              aria-label={`${nameOf(view, id)} earlier`}
              disabled={k === 0}
              onClick={() => swap(k, -1)}
            >
              ↑
            </button>{' '}
            <button
              type="button"
              aria-label={`${nameOf(view, id)} later`}
              disabled={k === shown.length - 1}
              onClick={() => swap(k, 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        disabled={runner.busy || shown.length === 0}
        onClick={() => void runner.run({ type: 'layDeck', team: index, order: shown })}
        data-testid={`fd-lay-deck-button-${index}`}
      >
        Lay out the deck
      </button>
    </fieldset>
  );
}

/** Before boarding: split the Team into teams for a multi-team game (optional, folded away). */
function FormTeams({ view, runner }: { view: FdView; runner: FdRunner }) {
  const ids = view.teamOrder;
  const max = Math.min(6, ids.length);
  const [count, setCount] = useState(2);
  const [opposed, setOpposed] = useState(true);
  // Each Teamer's team (0-based); first split: as even as it goes, in team order.
  const [of, setOf] = useState<Readonly<Record<string, number>>>(() =>
    Object.fromEntries(ids.map((id, k) => [id, Math.floor((k * 2) / ids.length)])),
  );
  const teams = Array.from({ length: count }, (_, i) =>
    ids.filter((id) => Math.min(of[id] ?? 0, count - 1) === i),
  );
  const empty = teams.findIndex((t) => t.length === 0);
  if (max < 2) return null;
  return (
    <details className="fd-card fd-form-teams" data-testid="fd-form-teams">
      <summary>Multi-team play: split the Team among several players</summary>
      <label>
        Teams{' '}
        <select value={count} onChange={(e) => setCount(Number(e.target.value))} data-testid="fd-team-count">
          {Array.from({ length: max - 1 }, (_, k) => k + 2).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        <input type="checkbox" checked={opposed} onChange={(e) => setOpposed(e.target.checked)} /> the teams
        play against each other
      </label>
      <ul className="fd-form-team-list">
        {ids.map((id) => (
          <li key={id}>
            <label>
              {nameOf(view, id)}{' '}
              <select
                value={Math.min(of[id] ?? 0, count - 1)}
                onChange={(e) => setOf({ ...of, [id]: Number(e.target.value) })}
                data-testid={`fd-team-of-${id}`}
              >
                {Array.from({ length: count }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: team numbers
                  <option key={i} value={i}>
                    team {i + 1}
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ul>
      {empty >= 0 ? <p className="fd-muted">Team {empty + 1} has nobody yet.</p> : null}
      <button
        type="button"
        disabled={runner.busy || empty >= 0}
        onClick={() => void runner.run({ type: 'formTeams', teams, opposed })}
        data-testid="fd-form-teams-button"
      >
        Split into {count} teams
      </button>
    </details>
  );
}
