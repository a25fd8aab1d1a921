import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { RuleError } from '../../engine/rule-error.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { candidateCommands } from './candidates.ts';
import type { FdCommand } from './commands.ts';
import { fdEventProblem, fdEventSchemas } from './event-schemas.ts';
import type { FdEvent } from './events.ts';
import { fundamentalDuck as fd } from './index.ts';
import { legalCommands } from './legal.ts';
import type { FdState } from './state.ts';
import { fixedDeal, GM, ScriptThenSeeded, Table, threatPlaced } from './test-kit.ts';
import { nextInOrder } from './turn.ts';
import { redactOf, viewOf } from './view.ts';

const P1: Seat = { seatId: 'p1', role: 'player' };
const P2: Seat = { seatId: 'p2', role: 'player' };
const TEAMS = [
  ['you', 'brick', 'sparks'],
  ['kowalski', 'jonesy'],
];

/** A new game whose pack puts `threatCards` Threat cards a team in the sequence pack. */
function withThreatCards(threatCards: number): FdState {
  const s = fd.setup({});
  const pack = s.rules.pack;
  const multiTeam = { ...pack.options.multiTeam, threatCards };
  return { ...s, rules: { ...s.rules, pack: { ...pack, options: { ...pack.options, multiTeam } } } };
}

/**
 * Two opposed teams, p1 and p2, boarded: two Harpies on the entry tile (the dice of turn.test).
 * Without Threat cards unless asked: the Threats then act after all the teams.
 */
function boarded(threatCards = 0): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]), withThreatCards(threatCards));
  t.send({ type: 'formTeams', teams: TEAMS, opposed: true });
  t.send({ type: 'claimTeam', team: 0 }, P1);
  t.send({ type: 'claimTeam', team: 1 }, P2);
  t.fold([fixedDeal(t.state, { 3: { pings: ['green'], cards: ['quiet'] }, 4: { chits: [true] } })]);
  t.send({ type: 'board' }, GM);
  return t;
}

/** Turn 1's Threat phase, each Harpy run by its seat in turn: the table is at turn 2's Exploration. */
function throughTurnOne(t: Table): void {
  t.dice = new ScriptThenSeeded([5, 1], 7);
  t.send({ type: 'endTeamPhase' }, GM);
  t.send({ type: 'runThreat' }, P1);
  t.send({ type: 'runThreat' }, P2);
}

/** The next round's sequence pack left in pack order (faces 4, 3, 2: team 1, Threats, team 2, Threats). */
function inPackOrder(t: Table): FdEvent[] {
  t.dice = new ScriptThenSeeded([4, 3, 2], 7);
  return t.send({ type: 'endExploration' }, GM);
}

/** Turn 1, then turn 2 with the cards in pack order, everyone passing: each Harpy acts on its card and hides (eye up). */
function hiddenHarpies(t: Table): void {
  throughTurnOne(t);
  inPackOrder(t);
  for (const [id, seat] of [
    ['you', P1],
    ['brick', P1],
    ['sparks', P1],
    ['kowalski', P2],
    ['jonesy', P2],
  ] as const) {
    t.send({ type: 'activate', teamerId: id }, seat);
    t.send({ type: 'pass', teamerId: id }, seat);
    const call = t.state.multiTeam?.call;
    if (call && !call.run) t.send({ type: 'runThreat' }, call.team === 0 ? P1 : P2);
  }
}

/**
 * YOU steps from the bridge onto the entry square by both hidden Harpies: alone (team 1) on the
 * module, h1's ambush is called to team 2's seat and holds the table until run; then h2's, in turn.
 */
function stepIntoAmbushes(t: Table): void {
  const step = t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 }, P1);
  expect(step.at(-1)).toEqual({
    type: 'threat.called',
    threatId: 'h1',
    team: 1,
    why: 'opponent',
    ambush: 'you',
  });
  expect(step.some((e) => e.type === 'threat.decided')).toBe(false);
  expect(refused(t, { type: 'step', teamerId: 'you', x: 1, y: 7 }, P1)).toBe('AMBUSH_CALLED');
  expect(refused(t, { type: 'endTeamPhase' }, GM)).toBe('AMBUSH_CALLED');
  expect(refused(t, { type: 'runThreat' }, P1)).toBe('NOT_YOUR_TEAM');
  // Random play and the simulator's list offer the run alone.
  expect(candidateCommands(t.state)).toEqual([{ type: 'runThreat' }]);
  expect(legalCommands(t.state)).toEqual([{ type: 'runThreat' }]);
  const run = t.send({ type: 'runThreat' }, P2);
  expect(run[0]).toEqual({ type: 'threat.run', threatId: 'h1', team: 1 });
  const decided = run.find((e) => e.type === 'threat.decided');
  expect(decided?.type === 'threat.decided' && decided.decision.mode).toBe('ambush');
  expect(t.state.threats.h1?.acted).toBe(true);
  // The same step set off the other Harpy too: its ambush is called next, in its turn.
  const next = t.state.multiTeam?.call;
  expect(next).toMatchObject({ threatId: 'h2', ambush: 'you', run: false });
  t.send({ type: 'runThreat' }, next?.team === 0 ? P1 : P2);
  expect(t.state.multiTeam?.call).toBeNull();
}

/** The refusal's code, and that the state is the very same object afterwards. */
function refused(t: Table, command: FdCommand, seat: Seat): string {
  const before = t.state;
  try {
    t.send(command, seat);
  } catch (e) {
    expect(t.state).toBe(before);
    if (e instanceof RuleError) return e.code;
    throw e;
  }
  throw new Error(`${command.type} was not refused`);
}

describe('multi-team play (21)', () => {
  it('teams are formed before boarding, each taken by one seat; wrong seats are refused', () => {
    const t = new Table(new ScriptedDice([]));
    expect(refused(t, { type: 'formTeams', teams: [['you'], ['brick']], opposed: true }, P1)).toBe(
      'TEAMS_INVALID',
    );
    expect(refused(t, { type: 'claimTeam', team: 0 }, P1)).toBe('NO_TEAMS');
    t.send({ type: 'formTeams', teams: TEAMS, opposed: true });
    t.send({ type: 'claimTeam', team: 0 }, P1);
    expect(refused(t, { type: 'claimTeam', team: 0 }, P2)).toBe('TEAM_TAKEN');
    expect(refused(t, { type: 'claimTeam', team: 1 }, P1)).toBe('TEAM_TAKEN');
    expect(refused(t, { type: 'claimTeamer', teamerId: 'kowalski' }, P1)).toBe('NOT_YOUR_TEAM');
    expect(refused(t, { type: 'claimTeam', team: 4 }, P2)).toBe('UNKNOWN_TEAM');
    t.send({ type: 'claimTeam', team: 1 }, P2);
    expect(t.state.teamers.jonesy?.seatId).toBe('p2');
    expect(t.state.teamers.you?.seatId).toBe('p1');
  });

  it('each figure has one action a turn, and a seat commands only its own team', () => {
    const t = boarded();
    for (const id of t.state.teamOrder) expect(t.state.teamers[id]?.chits).toEqual(['READY', 'ACTED']);
    expect(refused(t, { type: 'activate', teamerId: 'you' }, P2)).toBe('NOT_YOUR_TEAMER');
    expect(refused(t, { type: 'activate', teamerId: 'kowalski' }, P1)).toBe('NOT_YOUR_TEAMER');
  });

  it('the Threat phase stops before each Threat for the seat whose call it is', () => {
    const t = boarded();
    t.dice = new ScriptedDice([5, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    // Nobody stands in the arena: the teams take turns, team 1 first.
    expect(ev.at(-1)).toEqual({ type: 'threat.called', threatId: 'h1', team: 0, why: 'turns' });
    expect(t.state.phase).toBe('threat');
    expect(refused(t, { type: 'runThreat' }, P2)).toBe('NOT_YOUR_TEAM');
    const run = t.send({ type: 'runThreat' }, P1);
    expect(run[0]).toEqual({ type: 'threat.run', threatId: 'h1', team: 0 });
    expect(run.some((e) => e.type === 'threat.decided')).toBe(true);
    expect(run.at(-1)).toEqual({ type: 'threat.called', threatId: 'h2', team: 1, why: 'turns' });
    expect(refused(t, { type: 'runThreat' }, P1)).toBe('NOT_YOUR_TEAM');
    t.send({ type: 'runThreat' }, P2);
    expect(t.state.phase).toBe('exploration');
    expect(refused(t, { type: 'runThreat' }, P2)).toBe('NO_THREAT_CALL');
  });

  it('with opposed teams, the opponent runs a Threat on a module only one team occupies', () => {
    const t = boarded();
    const entry = t.state.entry;
    t.send({ type: 'gmOverride', teamerId: 'kowalski', x: entry.x, y: entry.y, reason: 'stage' }, GM);
    t.dice = new ScriptedDice([5, 1]);
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    // Kowalski (team 2) alone on the module: the nearest Harpy is team 1's to run.
    expect(ev.at(-1)).toMatchObject({ type: 'threat.called', team: 0, why: 'opponent' });
  });

  it('decks are laid once a team has played, in an order that binds the next round', () => {
    const t = boarded();
    throughTurnOne(t);
    expect(t.state.phase).toBe('exploration');
    expect(refused(t, { type: 'layDeck', team: 0, order: ['you', 'brick'] }, P1)).toBe('DECK_INVALID');
    expect(refused(t, { type: 'layDeck', team: 0, order: ['sparks', 'you', 'you'] }, P1)).toBe(
      'DECK_INVALID',
    );
    expect(refused(t, { type: 'layDeck', team: 0, order: ['sparks', 'you', 'brick'] }, P2)).toBe(
      'NOT_YOUR_TEAM',
    );
    t.send({ type: 'layDeck', team: 0, order: ['sparks', 'you', 'brick'] }, P1);
    expect(refused(t, { type: 'layDeck', team: 0, order: ['you', 'sparks', 'brick'] }, P1)).toBe('DECK_LAID');
    // The sequence pack: one card per team, shuffled with a d2 (face 1: the cards swap).
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'endExploration' }, GM);
    expect(ev.at(-1)).toEqual({ type: 'sequence.drawn', order: [1, 0], faces: [1] });
    // Team 2 (no deck laid: team order) plays first, then team 1's deck as laid.
    expect(nextInOrder(t.state)).toBe('kowalski');
    expect(refused(t, { type: 'layDeck', team: 1, order: ['jonesy', 'kowalski'] }, P2)).toBe('DECK_IN_PLAY');
    t.send({ type: 'activate', teamerId: 'kowalski' }, P2);
    t.send({ type: 'pass', teamerId: 'kowalski' }, P2);
    t.send({ type: 'activate', teamerId: 'jonesy' }, P2);
    t.send({ type: 'pass', teamerId: 'jonesy' }, P2);
    expect(nextInOrder(t.state)).toBe('sparks');
    // His turn over, p2 lays out the next round's deck while team 1 plays.
    t.send({ type: 'layDeck', team: 1, order: ['jonesy', 'kowalski'] }, P2);
    expect(t.state.multiTeam?.teams[1]?.deck).toEqual(['jonesy', 'kowalski']);
  });

  it('the laid-out order never reaches the other seat (view and events); its own seat and the GM see it', () => {
    const t = boarded();
    throughTurnOne(t);
    const [laid] = t.send({ type: 'layDeck', team: 0, order: ['sparks', 'you', 'brick'] }, P1);
    const secret = /sparks[^a-z]+you[^a-z]+brick/;
    expect(JSON.stringify(redactOf(laid as FdEvent, P2))).not.toMatch(secret);
    expect(redactOf(laid as FdEvent, P2)).toEqual({ type: 'deck.laid', team: 0, seatId: 'p1', cards: 3 });
    expect(JSON.stringify(viewOf(t.state, P2))).not.toMatch(secret);
    expect(JSON.stringify(viewOf(t.state, P1))).toMatch(secret);
    expect(JSON.stringify(viewOf(t.state, GM))).toMatch(secret);
    expect(redactOf(laid as FdEvent, P1)).toEqual(laid);
    // In play: the other seat sees the cards turned up so far only.
    t.dice = new ScriptedDice([2]);
    t.send({ type: 'endExploration' }, GM);
    expect(t.state.multiTeam?.sequence).toEqual([0, 1]);
    t.send({ type: 'activate', teamerId: 'sparks' }, P1);
    const seen = viewOf(t.state, P2) as { multiTeam: { teams: { playing: unknown }[] } };
    expect(seen.multiTeam.teams[0]?.playing).toEqual({ cards: 3, shown: ['sparks'] });
    expect(JSON.stringify(viewOf(t.state, P2))).not.toMatch(secret);
  });

  it("the sequence pack's Threat cards set the Threats going between the teams, a share each", () => {
    const t = boarded(1);
    throughTurnOne(t);
    // Four cards, a Team card and a Threat card each team; faces 4, 3, 2 leave them in pack order.
    const drawn = inPackOrder(t);
    expect(drawn.at(-1)).toEqual({
      type: 'sequence.drawn',
      order: [0, 'threat', 1, 'threat'],
      faces: [4, 3, 2],
    });
    expect(refused(t, { type: 'activate', teamerId: 'kowalski' }, P2)).toBe('NOT_YOUR_TURN');
    for (const id of ['you', 'brick']) {
      t.send({ type: 'activate', teamerId: id }, P1);
      t.send({ type: 'pass', teamerId: id }, P1);
    }
    t.send({ type: 'activate', teamerId: 'sparks' }, P1);
    const card = t.send({ type: 'pass', teamerId: 'sparks' }, P1);
    // Team 1 played out: the first Threat card turns up and sets going half the two Harpies.
    expect(card).toContainEqual({ type: 'sequence.threatCard', card: 1 });
    const queue = card.find((e) => e.type === 'threat.queue');
    expect(queue?.type === 'threat.queue' && queue.queue).toHaveLength(1);
    expect(t.state.phase).toBe('threat');
    expect(refused(t, { type: 'activate', teamerId: 'kowalski' }, P2)).toBe('WRONG_PHASE');
    const call = t.state.multiTeam?.call;
    const ran = t.send({ type: 'runThreat' }, call?.team === 0 ? P1 : P2);
    expect(ran.at(-1)).toEqual({ type: 'sequence.resumed' });
    expect(t.state.phase).toBe('team');
    expect(Object.values(t.state.threats).filter((h) => h.acted)).toHaveLength(1);
    expect(nextInOrder(t.state)).toBe('kowalski');
    t.send({ type: 'activate', teamerId: 'kowalski' }, P2);
    t.send({ type: 'pass', teamerId: 'kowalski' }, P2);
    t.send({ type: 'activate', teamerId: 'jonesy' }, P2);
    const second = t.send({ type: 'pass', teamerId: 'jonesy' }, P2);
    expect(second).toContainEqual({ type: 'sequence.threatCard', card: 2 });
    const last = t.state.multiTeam?.call;
    const rest = t.send({ type: 'runThreat' }, last?.team === 0 ? P1 : P2);
    // The last card took the rest: the Threat phase after the teams has nobody left to run.
    expect(rest).toContainEqual({ type: 'sequence.resumed' });
    expect(rest).toContainEqual({
      type: 'threat.queue',
      queue: [],
      order: { units: [], rollOffs: [], dice: [] },
    });
    expect(t.state.phase).toBe('exploration');
    expect(t.state.turn).toBe(3);
    let s = fd.setup({});
    for (const e of t.log) {
      expect(fdEventSchemas[e.type]?.safeParse(JSON.parse(JSON.stringify(e))).success, e.type).toBe(true);
      expect(fdEventProblem(s, e), e.type).toBeNull();
      s = fd.evolve(s, e);
    }
    expect(fdEventProblem(s, { type: 'sequence.threatCard', card: 3 })).toMatch(/no Threat card 3/);
    expect(fdEventProblem(s, { type: 'sequence.resumed' })).toMatch(/no Threat card/);
  });

  it("a Threat that turns up after the round's last Threat card acts in the Threat phase after the teams", () => {
    const t = boarded(1);
    throughTurnOne(t);
    // Faces 3, 3, 2: the Threat cards swap in front of team 2's card (team 1, Threats, Threats, team 2).
    t.dice = new ScriptThenSeeded([3, 3, 2], 7);
    const drawn = t.send({ type: 'endExploration' }, GM);
    expect(drawn.at(-1)).toMatchObject({ type: 'sequence.drawn', order: [0, 'threat', 'threat', 1] });
    for (const id of ['you', 'brick', 'sparks']) {
      t.send({ type: 'activate', teamerId: id }, P1);
      t.send({ type: 'pass', teamerId: id }, P1);
      const call = t.state.multiTeam?.call;
      if (call && !call.run) t.send({ type: 'runThreat' }, call.team === 0 ? P1 : P2);
    }
    const call = t.state.multiTeam?.call;
    if (call && !call.run) t.send({ type: 'runThreat' }, call.team === 0 ? P1 : P2);
    // Both cards are played out, each Harpy has acted, and team 2 is to play.
    expect(t.state.multiTeam?.threatCards).toBe(2);
    expect(t.state.phase).toBe('team');
    expect(Object.values(t.state.threats).every((h) => h.acted)).toBe(true);
    // A Harpy turns up while team 2 plays (as a module opened in its activations would place it).
    t.fold([threatPlaced(3, { id: 'h9', species: 'harpy', x: 4, y: 9, facing: 0 })]);
    t.send({ type: 'activate', teamerId: 'kowalski' }, P2);
    t.send({ type: 'pass', teamerId: 'kowalski' }, P2);
    t.send({ type: 'activate', teamerId: 'jonesy' }, P2);
    t.dice = new ScriptThenSeeded([5], 7);
    const after = t.send({ type: 'pass', teamerId: 'jonesy' }, P2);
    // No card is left to set it going: the Threat phase after the teams runs it.
    const queue = after.find((e) => e.type === 'threat.queue');
    expect(queue?.type === 'threat.queue' && queue.queue).toEqual([['h9']]);
    const runIt = t.state.multiTeam?.call;
    expect(runIt).toMatchObject({ threatId: 'h9', run: false });
    const ran = t.send({ type: 'runThreat' }, runIt?.team === 0 ? P1 : P2);
    expect(ran.some((e) => e.type === 'threat.decided' && e.decision.threat === 'h9')).toBe(true);
    expect(t.state.phase).toBe('exploration');
    expect(t.state.turn).toBe(3);
  });

  it('a GM ending the Team phase early sets going every Threat the unturned cards would have', () => {
    const t = boarded(1);
    throughTurnOne(t);
    inPackOrder(t);
    const ev = t.send({ type: 'endTeamPhase' }, GM);
    const queue = ev.find((e) => e.type === 'threat.queue');
    expect(queue?.type === 'threat.queue' && queue.queue).toHaveLength(2);
  });

  it('a Team-phase ambush waits for the seat whose call it is; nothing else goes meanwhile', () => {
    const t = boarded(1);
    hiddenHarpies(t);
    expect(Object.values(t.state.threats).every((h) => h.eye)).toBe(true);
    inPackOrder(t);
    t.send({ type: 'activate', teamerId: 'you' }, P1);
    t.send({ type: 'move', teamerId: 'you' }, P1);
    stepIntoAmbushes(t);
    expect(refused(t, { type: 'runThreat' }, P2)).toBe('NO_THREAT_CALL');
  });

  it('an ambush set off in the Threat phase (a Teamer answering WAIT) waits for its seat too', () => {
    const t = boarded(1);
    hiddenHarpies(t);
    inPackOrder(t);
    // Staged (a WAIT interrupt of a Threat card's unit with YOU on the bridge is rare from dice):
    // a Threat card's Harpy h2, under way, has raised a WAIT interrupt for YOU, who holds WAIT.
    const mt = t.state.multiTeam;
    const you = t.state.teamers.you;
    if (!mt || !you) throw new Error('no teams');
    t.state = {
      ...t.state,
      phase: 'threat',
      teamers: { ...t.state.teamers, you: { ...you, chits: ['WAIT', 'READY'] } },
      interrupt: { threatId: 'h2', trigger: 'sighted', teamerIds: ['you'] },
      multiTeam: { ...mt, call: { threatId: 'h2', team: 0, run: true } },
    };
    t.send({ type: 'move', teamerId: 'you' }, P1);
    // Called to their seats, not run at once (as in the Team phase).
    stepIntoAmbushes(t);
    // His WAIT move goes on in the Threat phase; ending it lets the phase go on.
    expect(t.state.phase).toBe('threat');
    expect(t.state.move?.teamerId).toBe('you');
    expect(() => t.send({ type: 'endMove', teamerId: 'you' }, P1)).not.toThrow();
    expect(t.state.multiTeam?.call?.ambush).toBeUndefined();
  });

  it('every multi-team event fits its schema and the import checks, and a tampered one is refused', () => {
    const t = boarded();
    throughTurnOne(t);
    t.send({ type: 'layDeck', team: 0, order: ['sparks', 'you', 'brick'] }, P1);
    t.dice = new ScriptedDice([2]);
    t.send({ type: 'endExploration' }, GM);
    let s = fd.setup({});
    for (const e of t.log) {
      const schema = fdEventSchemas[e.type];
      expect(schema?.safeParse(JSON.parse(JSON.stringify(e))).success, e.type).toBe(true);
      expect(fdEventProblem(s, e), e.type).toBeNull();
      s = fd.evolve(s, e);
    }
    expect(fdEventProblem(s, { type: 'deck.laid', team: 1, seatId: 'p2', order: ['you'] })).toMatch(
      /not in team/,
    );
    expect(fdEventProblem(s, { type: 'sequence.drawn', order: [3], faces: [] })).toMatch(/no team 3/);
    expect(
      fdEventProblem(fd.setup({}), { type: 'threat.called', threatId: 'h1', team: 0, why: 'turns' }),
    ).toMatch(/no teams/);
  });
});
