import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext } from '../../engine/ruleset.ts';
import type { CommandOf } from './commands.ts';
import type { Draft } from './draft.ts';
import { canAct, type FdState, type MultiTeamState, onBridge, type Teamer, teamIndexOf } from './state.ts';
import { runAmbush } from './threat-phase.ts';

/**
 * Multi-team play (digest 21): the Team split into teams, each run by its own player seat. Each
 * figure has one action a turn (the pack's `multiTeam.actionsPerFigure`, see evolve's new turn);
 * the round's sequence pack orders the teams (turn.ts); each player lays out his activation deck
 * for the next round once his team has played out this one; the Threat phase stops before each
 * Threat unit until the player whose call it is runs it (the AI still decides what it does).
 */

function teamsOrThrow(state: FdState): MultiTeamState {
  if (!state.multiTeam) throw new RuleError('NO_TEAMS', 'this is not a multi-team game', {});
  return state.multiTeam;
}

/** The seat playing a team: its Teamers' seat (null while nobody has taken the team). */
export function teamSeat(state: FdState, team: number): string | null {
  for (const id of state.multiTeam?.teams[team]?.teamerIds ?? []) {
    const seat = state.teamers[id]?.seatId;
    if (seat) return seat;
  }
  return null;
}

/** A player may act for a team only from its seat (or for a team nobody has taken); the GM always. */
function requireTeamSeat(state: FdState, team: number, ctx: DecideContext): void {
  const seat = teamSeat(state, team);
  if (ctx.actor.role === 'player' && seat !== null && seat !== ctx.actor.seatId)
    throw new RuleError('NOT_YOUR_TEAM', `team ${team + 1} is played by another seat`, { team });
}

export function decideFormTeams(draft: Draft, c: CommandOf<'formTeams'>): void {
  const s = draft.state;
  if (s.phase !== 'briefing')
    throw new RuleError('WRONG_PHASE', `not in the ${s.phase} phase`, { phase: s.phase });
  const all = c.teams.flat();
  const unknown = all.find((id) => !Object.hasOwn(s.teamers, id));
  if (unknown !== undefined) throw new RuleError('UNKNOWN_TEAMER', `there is no Teamer ${unknown}`, {});
  if (new Set(all).size !== all.length || all.length !== s.teamOrder.length)
    throw new RuleError('TEAMS_INVALID', 'every Teamer must be in exactly one team', {});
  draft.emit({ type: 'teams.formed', teams: c.teams, opposed: c.opposed });
}

/** The team a seat already plays (-1: none). */
function seatsTeam(state: FdState, seatId: string): number {
  return state.multiTeam?.teams.findIndex((_, i) => teamSeat(state, i) === seatId) ?? -1;
}

export function decideClaimTeam(draft: Draft, c: CommandOf<'claimTeam'>): void {
  const mt = teamsOrThrow(draft.state);
  const team = mt.teams[c.team];
  if (!team) throw new RuleError('UNKNOWN_TEAM', `there is no team ${c.team + 1}`, { team: c.team });
  const seatId = draft.ctx.actor.seatId;
  if (teamSeat(draft.state, c.team) !== null)
    throw new RuleError('TEAM_TAKEN', `team ${c.team + 1} is already taken`, { team: c.team });
  if (seatsTeam(draft.state, seatId) >= 0)
    throw new RuleError('TEAM_TAKEN', 'a seat plays one team', { team: seatsTeam(draft.state, seatId) });
  for (const teamerId of team.teamerIds) draft.emit({ type: 'teamer.claimed', teamerId, seatId });
}

/** In a multi-team game a seat takes single Teamers only of its own team. */
export function requireOwnTeam(state: FdState, teamerId: string, seatId: string): void {
  if (!state.multiTeam) return;
  const own = seatsTeam(state, seatId);
  const team = teamIndexOf(state, teamerId);
  if (own >= 0 && team !== own)
    throw new RuleError('NOT_YOUR_TEAM', `${teamerId} is in another team`, { team });
}

/** The members of a team a deck holds a card for: those still in play (able, or on the bridge). */
export function deckMembers(state: FdState, team: number): string[] {
  return (state.multiTeam?.teams[team]?.teamerIds ?? []).filter((id) => {
    const t = state.teamers[id] as Teamer;
    return canAct(t) || onBridge(t);
  });
}

/** In the Team phase, a member of the team still has a card of this round to play. */
export function deckInPlay(state: FdState, team: number): boolean {
  return (
    state.phase === 'team' &&
    deckMembers(state, team).some((id) => {
      const t = state.teamers[id] as Teamer;
      return !state.activated.includes(id) && t.chits.includes('READY');
    })
  );
}

/**
 * 21: at the end of his turn the player lays out his deck, one card per member still in play, in
 * an order he cannot change until it is played out. Laid while his team's cards of this round
 * are all played (or before the first sequence), once a round.
 */
export function decideLayDeck(draft: Draft, c: CommandOf<'layDeck'>): void {
  const s = draft.state;
  const mt = teamsOrThrow(s);
  const team = mt.teams[c.team];
  if (!team) throw new RuleError('UNKNOWN_TEAM', `there is no team ${c.team + 1}`, { team: c.team });
  requireTeamSeat(s, c.team, draft.ctx);
  if (team.deck !== null)
    throw new RuleError('DECK_LAID', 'the deck is laid out until it is played through', { team: c.team });
  if (deckInPlay(s, c.team))
    throw new RuleError('DECK_IN_PLAY', 'lay the deck out once the team has played this round', {
      team: c.team,
    });
  const members = deckMembers(s, c.team);
  const same =
    c.order.length === members.length &&
    new Set(c.order).size === c.order.length &&
    c.order.every((id) => members.includes(id));
  if (!same)
    throw new RuleError('DECK_INVALID', 'one card for each member still in play, each once', {
      team: c.team,
      members,
    });
  draft.emit({ type: 'deck.laid', team: c.team, seatId: draft.ctx.actor.seatId, order: c.order });
}

/** Runs the Threat unit the phase waits on (only its caller's seat, or the GM). */
export function decideRunThreat(draft: Draft): void {
  const s = draft.state;
  const call = teamsOrThrow(s).call;
  if (!call || call.run || (s.phase !== 'threat' && call.ambush === undefined))
    throw new RuleError('NO_THREAT_CALL', 'no Threat waits to be run', {});
  requireTeamSeat(s, call.team, draft.ctx);
  draft.emit({ type: 'threat.run', threatId: call.threatId, team: call.team });
  if (call.ambush !== undefined) runAmbush(draft, call.threatId, call.ambush);
}

/**
 * Who runs the next Threat unit (21): with opposed teams, a Threat whose tile holds figures of
 * exactly one team is run by the other team (two teams; with more, and otherwise, the teams take
 * turns as activations come up). The unit's first member stands for it: the phase order puts a
 * pack's nearest member first. A Team-phase ambush (`ambush`: the Teamer it springs on) is called
 * the same way: Bughunt reads "runs the Threats" as every Threat activation, ambushes too.
 */
export function callThreat(draft: Draft, threatId: string, ambush?: string): void {
  const s = draft.state;
  const mt = s.multiTeam;
  const th = s.threats[threatId];
  if (!mt || !th) return;
  const sprung = ambush === undefined ? {} : { ambush };
  const tile = draft.board.tileAt(th.x, th.y);
  const occupants = new Set<number>();
  for (const id of s.teamOrder) {
    const t = s.teamers[id] as Teamer;
    if (canAct(t) && draft.board.tileAt(t.x as number, t.y as number) === tile)
      occupants.add(teamIndexOf(s, id));
  }
  const [only] = [...occupants];
  if (mt.opposed && mt.teams.length === 2 && occupants.size === 1 && only !== undefined && only >= 0) {
    draft.emit({ type: 'threat.called', threatId, team: 1 - only, why: 'opponent', ...sprung });
    return;
  }
  const team = (mt.lastTurn + 1) % mt.teams.length;
  draft.emit({ type: 'threat.called', threatId, team, why: 'turns', ...sprung });
}
