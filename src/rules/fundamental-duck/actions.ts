import type { DiceSource } from '../../engine/dice/source.ts';
import { RuleError } from '../../engine/rule-error.ts';
import { arenaOf } from './board-adapter.ts';
import { fullAmmo, setDoor } from './cards.ts';
import { killThreat, woundTeamer, woundThreat } from './combat.ts';
import type { CommandOf } from './commands.ts';
import { parsePack } from './data/pack.ts';
import { d6 } from './dice.ts';
import type { Draft } from './draft.ts';
import { entryFor } from './entry.ts';
import { deal, openInto, placeThreatsOf, revealTile, scanReach } from './exploration.ts';
import { teamersAt, threatAt } from './figures.ts';
import { afterStep, flamesBurnTeamer } from './movement.ts';
import { type ActionKind, canAct, readyChit, type Teamer, teamerOf, waitChit } from './state.ts';
import { bingeTest, fumbleTest, raiseBinge } from './stress.ts';
import { DOOR_RULES } from './threat/door-rules.ts';
import { checkAmbushesAll } from './threat-phase.ts';
import {
  chitFor,
  drawActivationOrder,
  endTeamPhase,
  nextInOrder,
  requireActor,
  spendChit,
  teamerOrThrow,
} from './turn.ts';

/**
 * The Team's commands other than moving and attacking: boarding, the activation itself, chits
 * (pass, WAIT), biosensor scans, doors and the Other Actions (8.5).
 */

/**
 * The opening of an Other Action (8.5) that needs no test of its own: the chit it takes (READY,
 * or WAIT in an interrupt) is spent, refused first if he has none.
 */
export function spendOtherAction(draft: Draft, t: Teamer): void {
  chitFor(draft.state, t, 'other');
  spendChit(draft, t.id, 'other');
}

/**
 * The opening of an Other Action (8.5): the chit is spent, then the fumble test for `purpose`
 * with his own dice. True when the task goes ahead; a failed test has spent the chit and put its
 * stress in the Kitty.
 */
export function otherActionSucceeds(draft: Draft, t: Teamer, purpose: string): boolean {
  spendOtherAction(draft, t);
  return fumbleTest(draft, t.id, purpose, draft.own);
}

/**
 * 10.2: "standing up can at the same time be a WAITing action". Bughunt reads: a ducked Teamer who
 * pays an action with his WAIT chit (a trigger in the Threat phase, or between activations in the
 * Team phase) may stand up as part of it, free, and the action is then made standing; with any
 * other chit standing up stays an action of its own (`task standUp`). The command's own checks
 * follow, and a refusal of the action takes the standing up back with it (nothing is changed).
 */
export function standForWait(draft: Draft, teamerId: string, kind: ActionKind): void {
  const t = teamerOrThrow(draft.state, teamerId);
  requireActor(draft.state, t);
  if (!t.ducked) throw new RuleError('NOT_DUCKED', `${t.name} is standing`, { teamerId });
  if (!chitFor(draft.state, t, kind).viaWait)
    throw new RuleError(
      'NOT_WAITING',
      `${t.name} stands up with his waiting action only; otherwise standing up is an action of its own`,
      { teamerId },
    );
  draft.emit({ type: 'teamer.ducked', teamerId: t.id, ducked: false });
}

export function requirePhase(draft: Draft, ...phases: string[]): void {
  if (!phases.includes(draft.state.phase))
    throw new RuleError('WRONG_PHASE', `not in the ${draft.state.phase} phase`, { phase: draft.state.phase });
}

export function decideChooseMission(draft: Draft, c: CommandOf<'chooseMission'>): void {
  requirePhase(draft, 'briefing');
  const rules = draft.state.rules;
  const missionId = c.mission ?? draft.state.missionId;
  const arenaId = c.arena ?? draft.state.arenaId;
  if (!rules.missions.some((m) => m.id === missionId))
    throw new RuleError('UNKNOWN_MISSION', `no mission ${missionId} in the pack`, { mission: missionId });
  if (!rules.arenaIds.includes(arenaId))
    throw new RuleError('UNKNOWN_ARENA', `no arena ${arenaId} in the pack`, { arena: arenaId });
  const entry = c.entry ? entryFor(rules, arenaId, c.entry) : undefined;
  draft.emit({
    type: 'mission.chosen',
    missionId,
    arenaId,
    ...(c.activation ? { activation: c.activation } : {}),
    ...(entry ? { entry } : {}),
  });
}

/**
 * Another data pack, before boarding the campaign's first mission (a campaign's Team and Threat
 * Level were built on the pack it started with). `parsePack` refuses a bad one whole, naming
 * every problem (PACK_INVALID).
 */
export function decideLoadPack(draft: Draft, c: CommandOf<'loadPack'>): void {
  requirePhase(draft, 'briefing');
  if (draft.state.campaign.missions > 0)
    throw new RuleError('PACK_MID_CAMPAIGN', 'a campaign keeps the data pack it started with', {
      missions: draft.state.campaign.missions,
    });
  draft.emit({ type: 'pack.loaded', pack: parsePack(c.pack) });
}

/**
 * Turn 1 (6.1): deal the arena with the table's dice, sweep the entry tile (free), open the entry
 * (its RED event, Threats, Source chits), then the Team phase in boarding order.
 */
export function decideBoard(draft: Draft): void {
  requirePhase(draft, 'briefing');
  // A deal already made (a test's fixed deal, a GM's set-up) stands.
  if (draft.state.tiles.every((t) => t.pings.length === 0)) deal(draft);
  const entry = draft.state.entry;
  const tile = draft.board.tileAt(entry.x, entry.y);
  revealTile(draft, tile, 'sweep');
  draft.emit({ type: 'phase.began', phase: 'team', turn: 1 });
  openInto(draft, tile, null);
}

export function decideEndExploration(draft: Draft): void {
  requirePhase(draft, 'exploration');
  draft.emit({ type: 'phase.began', phase: 'team', turn: draft.state.turn });
  drawActivationOrder(draft);
}

export function decideActivate(draft: Draft, c: CommandOf<'activate'>): void {
  requirePhase(draft, 'team');
  const s = draft.state;
  if (s.activation || s.move || s.interrupt)
    throw new RuleError('NOT_YOUR_TURN', 'another activation is under way', {});
  const t = teamerOrThrow(s, c.teamerId);
  if (t.wounds >= 2 || t.left) throw new RuleError('CANNOT_ACT', `${t.name} cannot act`, {});
  const next = nextInOrder(s);
  const ids = [t.id];
  if (c.partnerId !== undefined) {
    const p = teamerOrThrow(s, c.partnerId);
    if (p.id === t.id || p.x === null || p.x !== t.x || p.y !== t.y || !canAct(p))
      throw new RuleError('NOT_STACKED', `${p.name} is not in ${t.name}'s square`, {});
    if (s.activated.includes(p.id) || readyChit(p) === null)
      throw new RuleError('ALREADY_ACTIVATED', `${p.name} has already acted`, {});
    ids.push(p.id);
  }
  const cutsIn =
    s.activationMethod === 'stack' && s.turnOrder !== null && t.leader && !s.activated.includes(t.id);
  if (next !== t.id && !cutsIn && !(c.partnerId !== undefined && next === c.partnerId))
    throw new RuleError(
      'NOT_YOUR_TURN',
      `it is ${next === null ? 'nobody' : (s.teamers[next] as Teamer).name}'s turn to activate`,
      {
        next,
      },
    );
  if (readyChit(t) === null) throw new RuleError('NO_CHIT', `${t.name} has no READY chit`, {});
  if (c.plan && c.plan[0] === 'wait' && t.chits[0] === 'READY')
    throw new RuleError('WAIT_TOO_EARLY', 'the WAIT chit goes down only after the first chit is used', {});
  const plans: Record<string, readonly (ActionKind | 'wait')[]> = {};
  if (c.plan) plans[t.id] = c.plan;
  draft.emit({ type: 'activation.began', teamerIds: ids, plans });
  // 24.2: a flame marker hits a figure starting its activation in its square.
  for (const id of ids) flamesBurnTeamer(draft, id);
}

export function decideEndActivation(draft: Draft, c: CommandOf<'endActivation'>): void {
  const a = draft.state.activation;
  if (!a?.teamerIds.includes(c.teamerId))
    throw new RuleError('NOT_YOUR_TURN', `${c.teamerId} is not activated`, {});
  if (draft.state.move) throw new RuleError('MOVE_IN_PROGRESS', 'finish the move first', {});
  for (const id of a.teamerIds) {
    const t = draft.state.teamers[id] as Teamer;
    t.chits.forEach((ch, i) => {
      if (ch === 'READY')
        draft.emit({ type: 'chit.used', teamerId: id, chit: i as 0 | 1, to: 'ACTED', kind: 'thrown' });
    });
  }
}

/** Throws one chit away: after a dash it takes the marker off (9.4). */
export function decidePass(draft: Draft, c: CommandOf<'pass'>): void {
  const t = teamerOrThrow(draft.state, c.teamerId);
  requireActor(draft.state, t);
  if (!draft.state.activation?.teamerIds.includes(t.id))
    throw new RuleError('NOT_YOUR_TURN', `${t.name} is not activated`, {});
  const r = readyChit(t);
  if (r === null) throw new RuleError('NO_CHIT', `${t.name} has no READY chit`, {});
  draft.emit({ type: 'chit.used', teamerId: t.id, chit: r, to: 'ACTED', kind: 'thrown' });
  if (t.dash === 'penalised') {
    draft.emit({ type: 'teamer.breathed', teamerId: t.id });
  }
}

export function decideWait(draft: Draft, c: CommandOf<'wait'>): void {
  const t = teamerOrThrow(draft.state, c.teamerId);
  requireActor(draft.state, t);
  if (!draft.state.activation?.teamerIds.includes(t.id))
    throw new RuleError('NOT_YOUR_TURN', `${t.name} is not activated`, {});
  // In this order each refusal can happen: a Teamer acting in concert stays activated after his
  // second chit went on WAIT (his partner still acts), or after he spent both.
  if (waitChit(t) !== null) throw new RuleError('ALREADY_WAITING', `${t.name} already holds a WAIT chit`, {});
  if (readyChit(t) === null) throw new RuleError('NO_CHIT', `${t.name} has no READY chit left`, {});
  if (t.chits[0] === 'READY')
    throw new RuleError('WAIT_TOO_EARLY', 'one chit must be used before the other goes on WAIT', {});
  draft.emit({ type: 'chit.used', teamerId: t.id, chit: 1, to: 'WAIT', kind: 'wait' });
}

export function decideHoldWait(draft: Draft, c: CommandOf<'holdWait'>): void {
  const i = draft.state.interrupt;
  if (!i?.teamerIds.includes(c.teamerId))
    throw new RuleError('NO_INTERRUPT', `no interrupt waits for ${c.teamerId}`, {});
  draft.emit({ type: 'interrupt.answered', teamerId: c.teamerId, used: false });
}

/**
 * Crushing (15.3): as a Threat starts across a door side, a Teamer in the door zone spends his WAIT
 * chit and makes a fumble test. Success: the door shuts and the Threat is crushed (the pack says
 * killed or wounded). Failure: stress, and the Threat completes its step.
 */
export function decideCrush(draft: Draft, c: CommandOf<'crush'>): void {
  const i = draft.state.interrupt;
  if (i?.trigger !== 'crossing' || i.door === undefined || !i.teamerIds.includes(c.teamerId))
    throw new RuleError('NO_INTERRUPT', 'no Threat is crossing a door beside this Teamer', {});
  const t = teamerOrThrow(draft.state, c.teamerId);
  const door = i.door;
  // A door shut on a Threat shuts like any other (15.2): men in its aperture squares may dive.
  const dives = diversFor(draft, door, c.divers ?? []);
  spendChit(draft, t.id, 'other');
  const hacker = draft.state.rules.pack.campaign.abilities.find((a) => a.id === 'door-hacker');
  const bonus = t.abilities.includes('door-hacker') ? (hacker?.value ?? 1) : 0;
  if (!fumbleTest(draft, t.id, 'shut the door on a Threat', draft.own, bonus)) return;
  for (const dive of dives) diveUnder(draft, dive, dive.teamerId === t.id ? draft.own : draft.table);
  setDoor(draft, door, { open: false }, `shut by ${t.name} on a Threat`);
  for (const id of draft.state.interrupt?.teamerIds ?? [])
    draft.emit({ type: 'interrupt.answered', teamerId: id, used: false });
  const th = draft.state.threats[i.threatId];
  if (!th) return;
  if (draft.state.rules.pack.combat.crushing.threat === 'killed') {
    killThreat(draft, th.id, t.id);
  } else {
    // One wound, which kills a Threat already at its species' last (a Skitter, a wounded Harpy).
    woundThreat(draft, th.id, 1, t.id, false);
    // A Threat that lives stays on its side: the rest of its move is lost.
    if (draft.state.threats[th.id]) draft.emit({ type: 'threat.resumed', threatId: th.id });
  }
}

export function decideEndTeamPhase(draft: Draft): void {
  requirePhase(draft, 'team');
  if (draft.state.activation || draft.state.move || draft.state.interrupt)
    throw new RuleError('NOT_YOUR_TURN', 'an activation is under way', {});
  endTeamPhase(draft);
}

/** Biosensor scan (7.2): from the zone of a door of his own tile; fumble test. */
export function decideScan(draft: Draft, c: CommandOf<'scan'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'exploration', 'team', 'threat');
  if (!t.bioSensor && !t.abilities.includes('scanner-operator'))
    throw new RuleError('NO_BIOSENSOR', `${t.name} has no Bio-Sensor`, {});
  if (s.effects.powerDownUntilTurn >= s.turn)
    throw new RuleError('POWER_DOWN', 'the Bio-Sensor is dead while the power is down', {});
  const tile = inDoorZone(draft, t, c.door);
  if (!otherActionSucceeds(draft, t, 'biosensor scan')) return;
  for (const reached of scanReach(draft.state, draft, c.door, tile)) revealTile(draft, reached, 'scan');
}

function inDoorZone(draft: Draft, t: Teamer, door: number): number {
  const arena = arenaOf(draft.state);
  const g = arena.doors[door];
  if (!g) throw new RuleError('UNKNOWN_DOOR', `there is no door ${door}`, { door });
  if (t.x === null || t.y === null) throw new RuleError('NOT_ABOARD', `${t.name} is not in the arena`, {});
  const sq = t.y * arena.width + t.x;
  if (!g.zone.includes(sq))
    throw new RuleError('NOT_AT_DOOR', `${t.name} is not in the door's zone`, { door });
  return arena.tileOf[sq] as number;
}

/** Open or close a door from its zone (15.1): fumble test (+1 with a door licence). Opening into an unopened tile explores it (7.3). */
export function decideOperateDoor(draft: Draft, c: CommandOf<'operateDoor'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'exploration', 'team', 'threat');
  const tile = inDoorZone(draft, t, c.door);
  const d = s.doors[c.door];
  if (!d) throw new RuleError('UNKNOWN_DOOR', `there is no door ${c.door}`, {});
  if (d.open === c.open)
    throw new RuleError('DOOR_ALREADY', `the door is already ${d.open ? 'open' : 'shut'}`, {});
  if (d.stuck) throw new RuleError('DOOR_STUCK', 'the door is stuck', {});
  if (!c.open && d.jammed) throw new RuleError('DOOR_JAMMED', 'the door is jammed open', {});
  if (s.effects.powerDownUntilTurn >= s.turn)
    throw new RuleError('POWER_DOWN', 'no door lock works while the power is down', {});
  const dives = c.open ? [] : diversFor(draft, c.door, c.divers ?? []);
  if (c.open && c.divers?.length) throw new RuleError('BAD_DIVE', 'one dives under a closing door only', {});
  spendOtherAction(draft, t);
  const hacker = draft.state.rules.pack.campaign.abilities.find((a) => a.id === 'door-hacker');
  const bonus = t.abilities.includes('door-hacker') ? (hacker?.value ?? 1) : 0;
  if (!fumbleTest(draft, t.id, c.open ? 'open a door' : 'close a door', draft.own, bonus)) return;
  for (const dive of dives) diveUnder(draft, dive, dive.teamerId === t.id ? draft.own : draft.table);
  setDoor(draft, c.door, { open: c.open }, c.open ? `opened by ${t.name}` : `closed by ${t.name}`);
  if (c.open) {
    const g = arenaOf(draft.state).doors[c.door];
    const far = g ? (g.tiles[0] === tile ? g.tiles[1] : g.tiles[0]) : -1;
    if (far >= 0 && !draft.state.tiles[far]?.opened) openInto(draft, far, c.door);
    checkAmbushesAll(draft, t.id);
  }
}

interface Dive {
  readonly teamerId: string;
  readonly x: number;
  readonly y: number;
}

/**
 * Who dives under a door as it closes (15.2), checked before anything happens: each must stand in
 * an aperture square of the door, and the aperture square opposite must have room (two stacked
 * Teamers may dive together into an empty one). Returns where each lands.
 */
function diversFor(draft: Draft, door: number, ids: readonly string[]): Dive[] {
  const s = draft.state;
  const arena = arenaOf(s);
  const d = arena.doors[door];
  const w = arena.width;
  const out: Dive[] = [];
  const landing = new Map<number, number>();
  for (const id of ids) {
    const t = teamerOrThrow(s, id);
    // Up in a ceiling over the doorway (19) he is not at the door at all.
    if (!canAct(t) || t.x === null || t.y === null || t.up === true)
      throw new RuleError('CANNOT_ACT', `${t.name} cannot dive`, { teamerId: id });
    if (out.some((o) => o.teamerId === id)) throw new RuleError('BAD_DIVE', `${t.name} is named twice`, {});
    const here = t.y * w + t.x;
    const side = d?.sides.find((sd) => sd.a === here || sd.b === here);
    if (!side)
      throw new RuleError('NOT_IN_APERTURE', `${t.name} is not in an aperture square of the door`, {
        teamerId: id,
      });
    const to = side.a === here ? side.b : side.a;
    const x = to % w;
    const y = Math.floor(to / w);
    const room = (arena.capacity[to] as number) - teamersAt(s, x, y).length - (landing.get(to) ?? 0);
    if (room < 1 || threatAt(s, x, y))
      throw new RuleError('NO_ROOM', `no room for ${t.name} on the far side`, { teamerId: id, x, y });
    landing.set(to, (landing.get(to) ?? 0) + 1);
    out.push({ teamerId: id, x, y });
  }
  return out;
}

/**
 * A last-moment dive under the closing door (15.2): his WAIT chit, else a READY chit; with none, a
 * fumble test, and on failure the door closes on him. He lands ducked in the square opposite.
 * `dice`: the closer's own for himself, the table's for a comrade diving (a bystander's roll).
 */
function diveUnder(draft: Draft, dive: Dive, dice: DiceSource): void {
  const t = draft.state.teamers[dive.teamerId] as Teamer;
  const chit = waitChit(t) ?? readyChit(t);
  if (chit !== null) draft.emit({ type: 'chit.used', teamerId: t.id, chit, to: 'ACTED', kind: 'dive' });
  else if (!fumbleTest(draft, t.id, 'dive under a closing door', dice)) {
    // The door shuts on him before he is through: crushed as the pack says (24.3: killed by
    // default, whatever his armour; a 'wounded' pack gives one wound and he stays on his side).
    if (draft.state.rules.pack.combat.crushing.teamer === 'wounded') woundTeamer(draft, t.id, dice);
    else {
      const deadAt = draft.state.rules.pack.combat.teamerWounds.deadAt;
      draft.emit({ type: 'teamer.wounded', teamerId: t.id, wounds: deadAt, armourFace: null });
    }
    return;
  }
  draft.emit({ type: 'teamer.stepped', teamerId: t.id, x: dive.x, y: dive.y, facing: t.facing, cost: 0 });
  draft.emit({ type: 'teamer.ducked', teamerId: t.id, ducked: true });
  afterStep(draft, t.id);
}

/** Other Actions (8.5): each with a fumble test, except standing up and ducking (movement, not tasks). */
export function decideTask(draft: Draft, c: CommandOf<'task'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'team', 'threat');
  if (t.x === null || t.y === null) throw new RuleError('NOT_ABOARD', `${t.name} is not in the arena`, {});
  const w = arenaOf(s).width;
  const here = t.y * w + t.x;
  if (c.standUp && (c.task === 'standUp' || c.task === 'duck'))
    throw new RuleError('BAD_TASK', 'standing up or ducking is the task itself', {});
  switch (c.task) {
    case 'duck': {
      if (t.ducked) throw new RuleError('DUCKED', `${t.name} is already down`, {});
      spendOtherAction(draft, t);
      draft.emit({ type: 'teamer.ducked', teamerId: t.id, ducked: true });
      return;
    }
    case 'standUp': {
      if (!t.ducked) throw new RuleError('NOT_DUCKED', `${t.name} is standing`, {});
      spendOtherAction(draft, t);
      draft.emit({ type: 'teamer.ducked', teamerId: t.id, ducked: false });
      return;
    }
    case 'examineChit': {
      if (c.x === undefined || c.y === undefined) throw new RuleError('BAD_TASK', 'say which square', {});
      if (Math.max(Math.abs(c.x - t.x), Math.abs(c.y - t.y)) > 1)
        throw new RuleError('NOT_NEXT_TO', 'the chit must be in or next to his square', {});
      const tile = draft.board.tileAt(c.x, c.y);
      const ts = s.tiles[tile];
      const index = ts ? ts.chits.findIndex((ch) => ch.x === c.x && ch.y === c.y && !ch.examined) : -1;
      if (!ts || index < 0) throw new RuleError('NO_CHIT_THERE', 'no unexamined Source chit there', {});
      if (!otherActionSucceeds(draft, t, 'turn over a Source chit')) return;
      const h = (ts.chits[index] as { h: boolean }).h;
      draft.emit({ type: 'chit.examined', tile, index, h, teamerId: t.id });
      if (h) {
        // The Source located by exploration (7.7): one more marker, revealed, its Threats on the perimeter.
        const ping = draft.state.markers[0];
        if (ping !== undefined) {
          draft.emit({ type: 'ping.added', tile, ping, revealed: true });
          placeThreatsOf(draft, tile, true);
        }
      }
      return;
    }
    case 'examineLoad': {
      // 18: an Other Action on a load in or next to his square (named by its square).
      if (c.x === undefined || c.y === undefined) throw new RuleError('BAD_TASK', 'say which square', {});
      if (Math.max(Math.abs(c.x - t.x), Math.abs(c.y - t.y)) > 1)
        throw new RuleError('NOT_NEXT_TO', 'the load must be in or next to his square', {});
      const square = c.y * draft.board.width + c.x;
      const load = s.loads.findIndex((l) => l.at === square && !l.lost);
      if (load < 0) throw new RuleError('NO_LOAD_THERE', 'no cargo load stands there', {});
      if (s.loads[load]?.examined)
        throw new RuleError('ALREADY_EXAMINED', 'that load is already examined', {});
      if (!otherActionSucceeds(draft, t, 'examine a load for tampering')) return;
      draft.emit({ type: 'load.examined', teamerId: t.id, load, tampered: s.loads[load]?.tampered ?? false });
      return;
    }
    case 'console':
    case 'locker': {
      const kind = c.task === 'console' ? 'console' : 'lockers';
      const special = arenaOf(s).specials.find((sp) => sp.kind === kind && sp.square === here);
      if (!special) throw new RuleError('NOT_THERE', `${t.name} is not at a ${kind}`, {});
      if (!otherActionSucceeds(draft, t, c.task)) return;
      if (c.task === 'console') draft.emit({ type: 'console.used', teamerId: t.id });
      else draft.emit({ type: 'grenades.changed', teamerId: t.id, grenades: t.grenades + 1 });
      return;
    }
    case 'clearSource': {
      const tile = draft.board.tileAt(t.x, t.y);
      const ts = s.tiles[tile];
      const h = ts?.chits.find((ch) => ch.h && ch.examined && ch.x === t.x && ch.y === t.y);
      if (!h) throw new RuleError('NOT_AT_SOURCE', 'the found H chit is not in his square', {});
      if (s.progress.sourceCleared) throw new RuleError('ALREADY_DONE', 'the Source is already cleared', {});
      const armed = t.grenades > 0 || t.weapons.some((id) => s.rules.weapons[id]?.kind === 'flamer');
      if (!armed) throw new RuleError('NOT_ARMED', 'clearing the Source needs a grenade or a flamer', {});
      const alive = s.threatOrder.some((id) => {
        const th = s.threats[id];
        return th !== undefined && draft.board.tileAt(th.x, th.y) === tile;
      });
      if (alive) throw new RuleError('THREATS_REMAIN', 'Threats still live on the Source tile', {});
      if (!otherActionSucceeds(draft, t, 'clear the Source')) return;
      draft.emit({ type: 'source.cleared', teamerId: t.id });
      for (const id of draft.state.teamOrder) raiseBinge(draft, id, 'the Source cleared');
      return;
    }
    case 'reload': {
      const weapon = c.weapon ?? t.weapons.find((id) => s.rules.weapons[id]?.kind === 'gun');
      const wr = weapon ? s.rules.weapons[weapon] : undefined;
      const full = fullAmmo(wr);
      if (!weapon || !t.weapons.includes(weapon) || wr?.kind !== 'gun' || full === null)
        throw new RuleError('UNKNOWN_WEAPON', 'no weapon to reload', {});
      if (t.ducked && wr.heavy)
        throw new RuleError('DUCKED', 'a heavy weapon is not reloaded lying down', {});
      if (!otherActionSucceeds(draft, t, 'reload')) return;
      draft.emit({ type: 'ammo.changed', teamerId: t.id, weapon, left: full });
      return;
    }
    case 'reinstill':
    case 'medic': {
      const other = c.targetId ? teamerOf(s, c.targetId) : undefined;
      if (!other || other.x === null || other.y === null)
        throw new RuleError('UNKNOWN_TEAMER', 'no such comrade here', {});
      if (Math.max(Math.abs(other.x - t.x), Math.abs(other.y - t.y)) > 1)
        throw new RuleError('NOT_NEXT_TO', `${other.name} is not next to ${t.name}`, {});
      if (c.task === 'reinstill') {
        if (!t.leader) throw new RuleError('NOT_YOU', 'only YOU re-instils BINGE', {});
        if (!other.chicken) throw new RuleError('NOT_CHICKEN', `${other.name} is no chicken`, {});
        spendOtherAction(draft, t);
        if (!bingeTest(draft, t.id, 're-instil BINGE', draft.own)) return;
        const binge = d6(draft.own, `new BINGE of ${other.name}`);
        draft.emit({ type: 'binge.changed', teamerId: other.id, binge, chicken: false, why: 're-instilled' });
        return;
      }
      if (!t.abilities.includes('medic')) throw new RuleError('NOT_MEDIC', `${t.name} is no medic`, {});
      if (other.wounds !== 2) throw new RuleError('NOT_OUT', `${other.name} is not out of action`, {});
      if (!otherActionSucceeds(draft, t, 'patch up a comrade')) return;
      draft.emit({ type: 'teamer.wounded', teamerId: other.id, wounds: 1, armourFace: null });
      return;
    }
  }
}

export function decideAwardStars(draft: Draft, c: CommandOf<'awardStars'>): void {
  if (c.teamerId !== null) teamerOrThrow(draft.state, c.teamerId);
  draft.emit({ type: 'stars.awarded', teamerId: c.teamerId, stars: c.stars, why: c.why });
}

export function decideGmOverride(draft: Draft, c: CommandOf<'gmOverride'>): void {
  const s = draft.state;
  const by = draft.ctx.actor.seatId;
  if (c.teamerId !== undefined) {
    const t = teamerOrThrow(s, c.teamerId);
    const next: Teamer = {
      ...t,
      ...(c.x !== undefined && c.y !== undefined ? { x: c.x, y: c.y, aboard: true } : {}),
      ...(c.facing !== undefined ? { facing: c.facing as Teamer['facing'] } : {}),
      ...(c.wounds !== undefined
        ? { wounds: Math.min(c.wounds, s.rules.pack.combat.teamerWounds.deadAt) }
        : {}),
      ...(c.binge !== undefined ? { binge: c.binge } : {}),
      ...(c.chicken !== undefined ? { chicken: c.chicken } : {}),
    };
    draft.emit({ type: 'gm.overrode', by, teamer: next, reason: c.reason });
    if (c.x !== undefined && c.y !== undefined) gmPlacedInModule(draft, next, c.moduleEntered ?? true);
  }
  if (c.threatId !== undefined) {
    const th = s.threats[c.threatId];
    if (!th || !Object.hasOwn(s.threats, c.threatId))
      throw new RuleError('UNKNOWN_THREAT', `there is no Threat ${c.threatId}`, {});
    if (c.remove) {
      // A body the Threat was dragging stays where it lies.
      if (th.carrying) draft.emit({ type: 'threat.carried', threatId: th.id, teamerId: null });
      draft.emit({ type: 'gm.overrode', by, removeThreat: th.id, reason: c.reason });
    } else
      draft.emit({
        type: 'gm.overrode',
        by,
        threat: {
          ...th,
          ...(c.x !== undefined && c.y !== undefined ? { x: c.x, y: c.y } : {}),
          ...(c.facing !== undefined ? { facing: c.facing as Teamer['facing'] } : {}),
          ...(c.wounds !== undefined ? { wounds: c.wounds } : {}),
        },
        reason: c.reason,
      });
  }
  if (c.door !== undefined) {
    const d = s.doors[c.door];
    if (!d) throw new RuleError('UNKNOWN_DOOR', `there is no door ${c.door}`, {});
    // A hole is made by a Threat's battering roll (it picks the side), never set outright: the
    // damage the GM may set stays below the total at which a hole opens.
    if (c.damage !== undefined && c.damage >= DOOR_RULES.holeAtDamage)
      throw new RuleError('DAMAGE_TOO_HIGH', `a door holes at ${DOOR_RULES.holeAtDamage} damage`, {
        max: DOOR_RULES.holeAtDamage - 1,
      });
    draft.emit({
      type: 'gm.overrode',
      by,
      door: { index: c.door, state: { ...d, open: c.open ?? d.open, damage: c.damage ?? d.damage } },
      reason: c.reason,
    });
  }
}

/**
 * A Teamer the GM puts down in a module no Teamer has entered yet (12's stress situation for the
 * first into a module). Bughunt reads: a placement is a set-up, not a step he takes, so by default
 * the module counts as entered by him with no BINGE test (`tile.entered` alone); the GM may say
 * otherwise (`moduleEntered: false`), and then his first step inside is the first into it, test
 * and all. Why: the GM places men to stage a scene or to mend one, and a stress test set off by
 * his next step anywhere in that module (the booklet's trigger is coming into it) surprised both.
 */
function gmPlacedInModule(draft: Draft, t: Teamer, entered: boolean): void {
  if (!entered || t.x === null || t.y === null) return;
  const tile = draft.board.tileAt(t.x, t.y);
  if (tile >= 0 && !draft.state.tiles[tile]?.entered)
    draft.emit({ type: 'tile.entered', tile, teamerId: t.id });
}

export { readyChit };
