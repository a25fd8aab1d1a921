import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext, Ruleset, TableEvent } from '../../engine/ruleset.ts';
import { CHAT_EVENT_TYPES, type ChatCommand, decideChat } from '../dice-chat/chat.ts';
import {
  decideActivate,
  decideAwardStars,
  decideBoard,
  decideChooseMission,
  decideCrush,
  decideEndActivation,
  decideEndExploration,
  decideEndTeamPhase,
  decideGmOverride,
  decideHoldWait,
  decideLoadPack,
  decideOperateDoor,
  decidePass,
  decideScan,
  decideTask,
  decideWait,
  standForWait,
} from './actions.ts';
import {
  decideAdvance,
  decideBuy,
  decideIssueWeapon,
  decideNextMission,
  decideReplace,
  decideTeamAdvance,
} from './campaign.ts';
import { decideCarry, decidePutDown } from './carry.ts';
import { decideClimb, refuseUpThere } from './ceiling.ts';
import { decideGrapple, decideShoot } from './combat.ts';
import { COMMAND_ROLES, type CoreCommand, commandSchema, type FdCommand } from './commands.ts';
import { decideBridgeOverride, decideHoldDoor } from './door-rc.ts';
import { Draft } from './draft.ts';
import { decideDirectDrone, decideSetUpDrone } from './drones.ts';
import { refuseDucked } from './ducked.ts';
import { fdEventProblem, fdEventSchemas } from './event-schemas.ts';
import type { FdEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { decideJuggle } from './juggle.ts';
import { decideEndMove, decideMove, decideStep, decideTurn } from './movement.ts';
import {
  decideClaimTeam,
  decideFormTeams,
  decideLayDeck,
  decideRunThreat,
  requireOwnTeam,
} from './multi-team.ts';
import { type FdOptions, initialState } from './setup.ts';
import type { FdState } from './state.ts';
import { awaitingAmbush, settle } from './turn.ts';
import {
  decideDrive,
  decideGetIn,
  decideGetOut,
  decideLoadPod,
  decideManoeuvre,
  decideRam,
  decideUnloadPod,
} from './vehicles.ts';
import { redactOf, viewOf } from './view.ts';

/**
 * Fundamental Duck! as a ruleset: commands are checked and turned into events on a working record
 * (`Draft`) that folds each event as it is emitted, with the same `evolve` the table replays, so
 * a long automatic chain (the Threat phase after the Team's last action) is decided in one pass.
 */

/** Commands that act for a Teamer: a player may send them only for his own (or an unclaimed) Teamer. */
function teamerOfCommand(c: CoreCommand): string | null {
  return 'teamerId' in c &&
    typeof c.teamerId === 'string' &&
    c.type !== 'awardStars' &&
    c.type !== 'gmOverride'
    ? c.teamerId
    : null;
}

/** Commands a table may send once a mission is over (the campaign goes on). */
const BETWEEN_MISSIONS: ReadonlySet<CoreCommand['type']> = new Set<CoreCommand['type']>([
  'awardStars',
  'gmOverride',
  'claimTeamer',
  'advance',
  'teamAdvance',
  'issueWeapon',
  'replace',
  'buy',
  'nextMission',
]);

function decide(state: FdState, command: FdCommand, ctx: DecideContext): FdEvent[] {
  return decideFolded(state, command, ctx).events;
}

/**
 * `decide`, also handing back the state its events lead to (the working record folded them as they
 * were emitted), so a caller that keeps the state (the simulator) need not fold them a second time.
 */
export function decideFolded(
  state: FdState,
  command: FdCommand,
  ctx: DecideContext,
): { events: FdEvent[]; state: FdState } {
  const roles = COMMAND_ROLES[command.type];
  if (!roles)
    throw new RuleError('UNKNOWN_COMMAND', `there is no Fundamental Duck! command ${command.type}`, {});
  if (!roles.includes(ctx.actor.role))
    throw new RuleError('ROLE_NOT_ALLOWED', `a ${ctx.actor.role} may not send ${command.type}`, {
      role: ctx.actor.role,
    });
  if (command.type.startsWith('chat.')) {
    const events = decideChat(state.chat, command as ChatCommand, ctx);
    let next = state;
    for (const e of events) next = evolve(next, e);
    return { events, state: next };
  }
  const c = command as CoreCommand;
  if (state.phase === 'ended' && !BETWEEN_MISSIONS.has(c.type))
    throw new RuleError('GAME_OVER', 'the mission is over', {});
  // Multi-team play (21): a called ambush holds up the table until its seat runs it (a GM may still
  // put things right first).
  if (awaitingAmbush(state) && c.type !== 'runThreat' && c.type !== 'gmOverride')
    throw new RuleError('AMBUSH_CALLED', 'an ambush waits for its player to run it', {
      threatId: state.multiTeam?.call?.threatId,
    });
  const who = teamerOfCommand(c);
  if (who !== null && ctx.actor.role === 'player') {
    const t = Object.hasOwn(state.teamers, who) ? state.teamers[who] : undefined;
    if (!t) throw new RuleError('UNKNOWN_TEAMER', `there is no Teamer ${who}`, { teamerId: who });
    if (t.seatId !== null && t.seatId !== ctx.actor.seatId && c.type !== 'claimTeamer')
      throw new RuleError('NOT_YOUR_TEAMER', `${t.name} is played by another seat`, { teamerId: who });
  }
  refuseUpThere(state, c);
  const draft = new Draft(state, ctx);
  if ('standUp' in c && c.standUp === true)
    standForWait(
      draft,
      c.teamerId,
      c.type === 'move' ? 'move' : c.type === 'shoot' || c.type === 'grapple' ? 'shoot' : 'other',
    );
  // 10.2: lying down he may only crawl, reload, shoot into his square or throw (after standing up with WAIT above).
  refuseDucked(draft.state, c);
  switch (c.type) {
    case 'chooseMission':
      decideChooseMission(draft, c);
      break;
    case 'board':
      decideBoard(draft);
      break;
    case 'claimTeamer': {
      const t = Object.hasOwn(state.teamers, c.teamerId) ? state.teamers[c.teamerId] : undefined;
      if (!t) throw new RuleError('UNKNOWN_TEAMER', `there is no Teamer ${c.teamerId}`, {});
      if (t.seatId !== null) throw new RuleError('NOT_YOUR_TEAMER', `${t.name} is already taken`, {});
      requireOwnTeam(state, t.id, ctx.actor.seatId);
      draft.emit({ type: 'teamer.claimed', teamerId: t.id, seatId: ctx.actor.seatId });
      break;
    }
    case 'endExploration':
      decideEndExploration(draft);
      break;
    case 'formTeams':
      decideFormTeams(draft, c);
      break;
    case 'claimTeam':
      decideClaimTeam(draft, c);
      break;
    case 'layDeck':
      decideLayDeck(draft, c);
      break;
    case 'runThreat':
      decideRunThreat(draft);
      break;
    case 'activate':
      decideActivate(draft, c);
      break;
    case 'endActivation':
      decideEndActivation(draft, c);
      break;
    case 'pass':
      decidePass(draft, c);
      break;
    case 'wait':
      decideWait(draft, c);
      break;
    case 'holdWait':
      decideHoldWait(draft, c);
      break;
    case 'crush':
      decideCrush(draft, c);
      break;
    case 'endTeamPhase':
      decideEndTeamPhase(draft);
      break;
    case 'move':
      decideMove(draft, c);
      break;
    case 'step':
      draft.emit({ type: 'undo.saved', teamerId: c.teamerId });
      decideStep(draft, c);
      break;
    case 'turn':
      draft.emit({ type: 'undo.saved', teamerId: c.teamerId });
      decideTurn(draft, c);
      break;
    case 'endMove':
      draft.emit({ type: 'undo.saved', teamerId: c.teamerId });
      decideEndMove(draft, c);
      break;
    case 'undo':
      // Back to the state before the step: it was settled then, so nothing follows.
      decideUndo(draft, ctx);
      return { events: draft.events, state: draft.state };
    case 'shoot':
      decideShoot(draft, c);
      break;
    case 'grapple':
      decideGrapple(draft, c);
      break;
    case 'scan':
      decideScan(draft, c);
      break;
    case 'operateDoor':
      decideOperateDoor(draft, c);
      break;
    case 'task':
      decideTask(draft, c);
      break;
    case 'juggle':
      decideJuggle(draft, c);
      break;
    case 'getIn':
      decideGetIn(draft, c);
      break;
    case 'getOut':
      decideGetOut(draft, c);
      break;
    case 'drive':
      decideDrive(draft, c);
      break;
    case 'manoeuvre':
      decideManoeuvre(draft, c);
      break;
    case 'ram':
      decideRam(draft, c);
      break;
    case 'loadPod':
      decideLoadPod(draft, c);
      break;
    case 'unloadPod':
      decideUnloadPod(draft, c);
      break;
    case 'setUpDrone':
      decideSetUpDrone(draft, c);
      break;
    case 'directDrone':
      decideDirectDrone(draft, c);
      break;
    case 'bridgeOverride':
      decideBridgeOverride(draft, c);
      break;
    case 'holdDoor':
      decideHoldDoor(draft, c);
      break;
    case 'carry':
      decideCarry(draft, c);
      break;
    case 'putDown':
      decidePutDown(draft, c);
      break;
    case 'awardStars':
      decideAwardStars(draft, c);
      break;
    case 'gmOverride':
      decideGmOverride(draft, c);
      break;
    case 'climb':
      decideClimb(draft, c);
      break;
    case 'loadPack':
      decideLoadPack(draft, c);
      break;
    case 'advance':
      decideAdvance(draft, c);
      break;
    case 'teamAdvance':
      decideTeamAdvance(draft, c);
      break;
    case 'issueWeapon':
      decideIssueWeapon(draft, c);
      break;
    case 'replace':
      decideReplace(draft, c);
      break;
    case 'buy':
      decideBuy(draft, c);
      break;
    case 'nextMission':
      decideNextMission(draft, c);
      break;
  }
  settle(draft);
  return { events: draft.events, state: draft.state };
}

/**
 * Undo (for the table): the newest undo point goes back, if the seat may play that Teamer. The
 * refusal says why: nothing to take back once a die was rolled or something hidden revealed.
 */
function decideUndo(draft: Draft, ctx: DecideContext): void {
  const point = draft.state.undo[draft.state.undo.length - 1];
  if (!point)
    throw new RuleError(
      'NOTHING_TO_UNDO',
      'nothing to take back: a die was rolled, something was revealed, or the turn moved on',
      {},
    );
  const t = draft.state.teamers[point.teamerId];
  if (ctx.actor.role === 'player' && t && t.seatId !== null && t.seatId !== ctx.actor.seatId)
    throw new RuleError('NOT_YOUR_TEAMER', `${t.name}'s step is his player's to take back`, {
      teamerId: point.teamerId,
    });
  draft.emit({ type: 'move.undone', teamerId: point.teamerId });
}

export const CORE_EVENT_TYPES = [
  'teams.formed',
  'sequence.drawn',
  'deck.laid',
  'threat.called',
  'threat.run',
  'sequence.threatCard',
  'sequence.resumed',
  'pack.loaded',
  'mission.chosen',
  'order.drawn',
  'arena.dealt',
  'phase.began',
  'tile.revealed',
  'tile.entered',
  'test.rolled',
  'binge.changed',
  'chit.used',
  'activation.began',
  'activation.ended',
  'move.began',
  'teamer.stepped',
  'teamer.turned',
  'move.ended',
  'teamer.ducked',
  'teamer.carried',
  'door.held',
  'override.set',
  'position.changed',
  'cargo.moved',
  'load.examined',
  'teamer.breathed',
  'teamer.claimed',
  'door.changed',
  'card.resolved',
  'threats.placed',
  'chits.placed',
  'chit.examined',
  'ping.added',
  'card.added',
  'contraband.found',
  'attack.resolved',
  'grapple.resolved',
  'teamer.wounded',
  'threat.wounded',
  'threat.killed',
  'ammo.changed',
  'grenades.changed',
  'stress.added',
  'catastrophe.struck',
  'threat.decided',
  'threat.moved',
  'threat.queue',
  'threat.pack',
  'threat.paused',
  'threat.resumed',
  'threat.carried',
  'gear.dropped',
  'horror.seen',
  'flames.changed',
  'blasts.changed',
  'interrupt.raised',
  'interrupt.answered',
  'source.cleared',
  'console.used',
  'load.changed',
  'load.blasted',
  'drone.set',
  'drone.fired',
  'threat.burned',
  'drone.powered',
  'vehicle.pods-delivered',
  'vehicle.ran-down',
  'vehicle.stopped',
  'vehicle.attacked',
  'vehicle.wrecked',
  'drone.moved',
  'vehicle.boarded',
  'vehicle.left',
  'vehicle.drive-began',
  'vehicle.moved',
  'vehicle.rammed',
  'vehicle.pod-loaded',
  'vehicle.pod-unloaded',
  'bulkhead.searched',
  'ceiling.rolled',
  'ceiling.entered',
  'ceiling.decided',
  'ceiling.moved',
  'ceiling.dropped',
  'ceiling.wounded',
  'ceiling.killed',
  'ceiling.climbed',
  'ceiling.threatClimbed',
  'orders.met',
  'mission.evaluated',
  'stars.awarded',
  'campaign.debriefed',
  'teamer.advanced',
  'team.advanced',
  'teamer.replaced',
  'market.bought',
  'weapon.issued',
  'campaign.next',
  'undo.saved',
  'move.undone',
  'gm.overrode',
] as const satisfies readonly FdEvent['type'][];

export const fundamentalDuck: Ruleset<FdState, FdCommand, FdEvent, FdOptions> = {
  id: 'fundamental-duck',
  title: 'Fundamental Duck!',
  commandSchema,
  commandRoles: COMMAND_ROLES,
  // A whole data pack: the default one is already near the ordinary message limit.
  bulkCommands: ['loadPack'],
  eventTypes: [...CORE_EVENT_TYPES, ...CHAT_EVENT_TYPES],
  // Every event's contents are checked on import (event-schemas.ts), and what it names must exist.
  eventSchemas: fdEventSchemas,
  eventProblem: fdEventProblem,
  setup: (options: FdOptions) => initialState(options ?? {}),
  decide,
  evolve: (state: FdState, event: FdEvent | TableEvent) => evolve(state, event),
  view: viewOf,
  redact: redactOf,
};
