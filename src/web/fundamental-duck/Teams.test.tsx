import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState } from '../../rules/fundamental-duck/state.ts';
import { fixedDeal, ScriptThenSeeded, Table } from '../../rules/fundamental-duck/test-kit.ts';
import type { LogItem } from '../log.ts';
import { asView, type FdView } from './model.ts';
import type { FdRunner } from './runner.ts';
import { Teams } from './Teams.tsx';
import { latestThreatPhase, RunThreat } from './ThreatTurn.tsx';
import { callFor, yourMove } from './your-move.ts';

/**
 * Multi-team play at the table (21): forming and taking teams, the sequence pack, the decks as
 * each seat may see them, and the "run this Threat" button for the seat whose call it is only.
 */

const P1 = { seatId: 'p1', role: 'player' as const, name: 'Ann' };
const P2 = { seatId: 'p2', role: 'player' as const, name: 'Bob' };
const GM = { seatId: 'gm', role: 'gm' as const, name: 'GM' };
const WATCHER = { seatId: 's1', role: 'spectator' as const, name: 'Cy' };
const TEAMS = [
  ['you', 'brick', 'sparks'],
  ['kowalski', 'jonesy'],
];

const runner: FdRunner = {
  sender: {} as FdRunner['sender'],
  run: async () => true,
  runEach: async () => true,
  busy: false,
};
const seatName = (id: string) => ({ p1: 'Ann', p2: 'Bob' })[id] ?? id;
const viewFor = (s: FdState, seat: Seat) => asView(fd.view(s, seat)) as FdView;
const html = (s: FdState, seat: typeof P1 | typeof P2 | typeof GM | typeof WATCHER) =>
  renderToStaticMarkup(<Teams view={viewFor(s, seat)} seat={seat} runner={runner} seatName={seatName} />);

/** Two opposed teams; p1 takes team 1 (and p2 team 2 when `both`). */
function formed(both: boolean): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.send({ type: 'formTeams', teams: TEAMS, opposed: true }, GM);
  t.send({ type: 'claimTeam', team: 0 }, P1);
  if (both) t.send({ type: 'claimTeam', team: 1 }, P2);
  return t;
}

/** Boarded and into the Threat phase: the first Harpy waits for team 1's player. */
function called(): Table {
  const t = formed(true);
  t.fold([fixedDeal(t.state, { 3: { pings: ['green'], cards: ['quiet'] }, 4: { chits: [true] } })]);
  t.send({ type: 'board' }, GM);
  t.dice = new ScriptThenSeeded([5, 1], 7);
  t.send({ type: 'endTeamPhase' }, GM);
  return t;
}

describe('multi-team play at the table', () => {
  it('before boarding, a seat may split the Team (folded away); a watcher sees nothing', () => {
    const s = fd.setup({});
    const out = html(s, P1);
    expect(out).toMatch(/<details[^>]*data-testid="fd-form-teams"/);
    expect(out).toMatch(/Multi-team play/);
    // Every Teamer gets a team picker, the first split as even as it goes.
    for (const id of s.teamOrder) expect(out).toContain(`data-testid="fd-team-of-${id}"`);
    expect(out).toMatch(/Split into 2 teams/);
    expect(html(s, WATCHER)).toBe('');
  });

  it('teams formed: a seat without one is offered the free team; taken teams say by whom', () => {
    const t = formed(false);
    const forP2 = html(t.state, P2);
    expect(forP2).toContain('data-testid="fd-claim-team-1"');
    expect(forP2).not.toContain('data-testid="fd-claim-team-0"');
    expect(forP2).toMatch(/Team 1<\/strong>: YOU, Brick, Sparks<span class="fd-muted"> · played by Ann/);
    expect(html(t.state, P1)).not.toContain('fd-claim-team');
    expect(html(t.state, P1)).toMatch(/played by you/);
    expect(yourMove(viewFor(t.state, P2), P2)).toMatch(/Take one of the teams/);
    expect(yourMove(viewFor(t.state, P1), P1)).toMatch(/board the Drifter/);
  });

  it('the Threat waiting to be run: its seat gets the button and the prompt, the other seat only the news', () => {
    const t = called();
    const call = t.state.multiTeam?.call;
    expect(call).toMatchObject({ threatId: 'h1', team: 0, run: false });
    const mine = renderToStaticMarkup(
      <RunThreat view={viewFor(t.state, P1)} seat={P1} onRun={() => undefined} busy={false} />,
    );
    expect(mine).toMatch(/Harpy 1 acts next.*yours to run/);
    expect(mine).toMatch(/<button type="button" data-testid="fd-run-threat-button">Run Harpy 1<\/button>/);
    const theirs = renderToStaticMarkup(
      <RunThreat view={viewFor(t.state, P2)} seat={P2} onRun={() => undefined} busy={false} />,
    );
    expect(theirs).toMatch(/team 1’s player runs it/);
    expect(theirs).not.toContain('<button');
    expect(yourMove(viewFor(t.state, P1), P1)).toMatch(/Harpy 1 acts next and you run it/);
    expect(yourMove(viewFor(t.state, P2), P2)).toBeNull();
    const v = viewFor(t.state, P1);
    const mt = v.multiTeam as NonNullable<FdView['multiTeam']>;
    const ambushed = { ...v, multiTeam: { ...mt, call: { ...mt.call, ambush: 'you' } } } as FdView;
    expect(yourMove(ambushed, P1)).toMatch(/Harpy 1 springs an ambush on YOU: you run it/);
    // The GM runs only a team nobody has taken.
    expect(callFor(viewFor(t.state, GM), GM)).toBeNull();
    expect(html(t.state, P1)).toContain('fd-run-threat-button');
  });

  it('decks: the own seat sees its laid-out order, the other seat only the count; the sequence shows the next card', () => {
    const t = called();
    t.send({ type: 'runThreat' }, P1);
    t.send({ type: 'runThreat' }, P2);
    expect(t.state.phase).toBe('exploration');
    expect(html(t.state, P1)).toContain('data-testid="fd-lay-deck-0"');
    expect(html(t.state, P2)).not.toContain('data-testid="fd-lay-deck-0"');
    t.send({ type: 'layDeck', team: 0, order: ['sparks', 'you', 'brick'] }, P1);
    expect(html(t.state, P1)).toMatch(/Next round’s deck, laid out: Sparks, YOU, Brick/);
    const forP2 = html(t.state, P2);
    expect(forP2).toMatch(/laid out face down \(3 cards\)/);
    expect(forP2).not.toMatch(/Sparks, YOU, Brick/);
    // Turn 3's pack with a Threat card a team, left in pack order (faces 4, 3, 2).
    t.dice = new ScriptThenSeeded([4, 3, 2], 7);
    t.send({ type: 'endExploration' }, GM);
    expect(t.state.multiTeam?.sequence).toEqual([0, 'threat', 1, 'threat']);
    const seq = html(t.state, P2);
    expect(seq).toMatch(/<li class="fd-card-now" aria-current="step">Team 1 \(now\)<\/li><li>Threats<\/li>/);
    t.send({ type: 'activate', teamerId: 'sparks' }, P1);
    t.send({ type: 'pass', teamerId: 'sparks' }, P1);
    // In play, the other seat sees the cards turned up so far.
    expect(html(t.state, P2)).toMatch(/This round’s deck: Sparks \(3 cards\)/);
  });

  it('a Threat card is an aliens’ turn of its own in the playback', () => {
    const item = (seq: number, event: { type: string } & Record<string, unknown>): LogItem =>
      ({ kind: 'other', seq, type: event.type, event }) as unknown as LogItem;
    const items = [
      item(1, { type: 'phase.began', phase: 'team', turn: 2 }),
      item(2, { type: 'sequence.threatCard', card: 1 }),
      item(3, { type: 'threat.called', threatId: 'h1', team: 0, why: 'turns' }),
      item(4, { type: 'sequence.resumed' }),
      item(5, { type: 'activation.began', teamerIds: ['kowalski'], plans: {} }),
    ];
    const phase = latestThreatPhase(items, (id) => id);
    expect(phase?.seq).toBe(2);
    expect(phase?.steps.map((s) => s.seq)).toEqual([3]);
  });
});
