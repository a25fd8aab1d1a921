import { arenaOf } from './board-adapter.ts';
import type { FdCommand } from './commands.ts';
import { legalDivers, legalVehicleActions } from './legal.ts';
import type { FdState, Teamer } from './state.ts';
import { nextInOrder } from './turn.ts';
import { vehiclesOf } from './vehicle-squares.ts';

/**
 * Commands worth trying now, for random legal play (tests): a superset of the legal ones (decide
 * refuses the rest, which random play wants to exercise), kept small by looking only near the
 * figures. The simulator picks from `legal.ts` instead, which lists only accepted commands.
 */
export function candidateCommands(state: FdState): FdCommand[] {
  const out: FdCommand[] = [];
  const arena = arenaOf(state);
  const w = arena.width;
  if (state.phase === 'briefing') return [{ type: 'board' }];
  // Multi-team play (21): a called Threat (or ambush) waits for its seat, and nothing else goes.
  if (state.multiTeam?.call?.run === false) return [{ type: 'runThreat' }];
  if (state.phase === 'ended') {
    // Between missions: the campaign's commands, then the next mission.
    out.push({ type: 'nextMission' });
    const campaign = state.rules.pack.campaign;
    for (const id of state.teamOrder) {
      out.push(
        { type: 'replace', teamerId: id },
        { type: 'advance', teamerId: id, kind: 'promotion' },
        { type: 'advance', teamerId: id, kind: 'development' },
      );
      for (const p of campaign.blackMarket.purchases) out.push({ type: 'buy', teamerId: id, purchase: p.id });
      for (const a of campaign.teamAdvancements)
        out.push({ type: 'teamAdvance', advancement: a.id, teamerId: id });
    }
    return out;
  }
  if (state.undo.length > 0) out.push({ type: 'undo' });
  const teamer = (id: string) => state.teamers[id] as Teamer;
  const actionsFor = (t: Teamer) => {
    out.push({ type: 'move', teamerId: t.id }, { type: 'move', teamerId: t.id, dash: true });
    if (t.x === null || t.y === null) return;
    for (const id of state.threatOrder) {
      const th = state.threats[id];
      if (!th) continue;
      for (const weapon of t.weapons) out.push({ type: 'shoot', teamerId: t.id, weapon, x: th.x, y: th.y });
      out.push({ type: 'grapple', teamerId: t.id, threatId: id });
    }
    // 19: the Threats up in a ceiling, shot up at or grappled (from below or up there).
    for (const id of state.ceiling?.order ?? []) {
      const th = state.ceiling?.threats[id];
      if (!th) continue;
      for (const weapon of t.weapons)
        out.push({ type: 'shoot', teamerId: t.id, weapon, x: th.x, y: th.y, up: true });
      out.push({ type: 'grapple', teamerId: t.id, threatId: id });
    }
    const sq = t.y * w + t.x;
    for (const d of arena.doors) {
      if (!d.zone.includes(sq)) continue;
      out.push({ type: 'operateDoor', teamerId: t.id, door: d.index, open: !state.doors[d.index]?.open });
      if (state.doors[d.index]?.open)
        out.push({ type: 'operateDoor', teamerId: t.id, door: d.index, open: false, divers: [t.id] });
      out.push({ type: 'scan', teamerId: t.id, door: d.index });
    }
    if (t.doorRc)
      for (const d of arena.doors)
        out.push({
          type: 'holdDoor',
          teamerId: t.id,
          door: d.index,
          hold: !state.doorsHeld.includes(d.index),
        });
    // The bridge override (15.1): both ways, so the refusals (not at the console, ALREADY) come up too.
    out.push(
      { type: 'bridgeOverride', teamerId: t.id, on: !state.doorOverride },
      { type: 'bridgeOverride', teamerId: t.id, on: state.doorOverride },
    );
    for (const task of ['duck', 'standUp', 'reload', 'console', 'locker', 'clearSource'] as const)
      out.push({ type: 'task', teamerId: t.id, task });
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        out.push({ type: 'task', teamerId: t.id, task: 'examineChit', x: t.x + dx, y: t.y + dy });
    out.push({ type: 'turn', teamerId: t.id, facing: (t.facing + 2) % 8 });
    // Carrying: any comrade, the loads about him, and setting down in each neighbouring square.
    for (const id of state.teamOrder)
      if (id !== t.id) out.push({ type: 'carry', teamerId: t.id, comradeId: id });
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (t.x + dx < 0 || t.y + dy < 0) continue;
        out.push({ type: 'carry', teamerId: t.id, x: t.x + dx, y: t.y + dy });
        out.push({ type: 'putDown', teamerId: t.id, x: t.x + dx, y: t.y + dy });
      }
    out.push({ type: 'putDown', teamerId: t.id });
    for (const id of state.teamOrder)
      if (id !== t.id) out.push({ type: 'juggle', teamerId: t.id, partnerId: id });
    // Vehicles (18): the legal ones about him, and getting in, driving and ramming blindly (most refused).
    out.push(
      ...legalVehicleActions(state, t),
      { type: 'drive', teamerId: t.id },
      { type: 'ram', teamerId: t.id },
    );
    for (const v of vehiclesOf(state)) out.push({ type: 'getIn', teamerId: t.id, vehicleId: v.id });
  };
  if (state.phase === 'exploration') {
    out.push({ type: 'endExploration' });
    for (const id of state.teamOrder) {
      const t = teamer(id);
      if (t.x === null || t.y === null) continue;
      const sq = t.y * w + t.x;
      for (const d of arena.doors) {
        if (!d.zone.includes(sq)) continue;
        out.push({ type: 'operateDoor', teamerId: id, door: d.index, open: !state.doors[d.index]?.open });
        out.push({ type: 'scan', teamerId: id, door: d.index });
      }
    }
    return out;
  }
  if (state.interrupt) {
    for (const id of state.interrupt.teamerIds) {
      out.push({ type: 'holdWait', teamerId: id }, { type: 'crush', teamerId: id });
      // The door shut on the Threat is a closing door: those in its aperture squares may dive (15.2).
      const door = state.interrupt.door;
      const divers =
        state.interrupt.trigger === 'crossing' && door !== undefined ? legalDivers(state, door) : [];
      if (divers.length > 0) out.push({ type: 'crush', teamerId: id, divers });
      actionsFor(teamer(id));
    }
    return out;
  }
  if (state.move) {
    const t = teamer(state.move.teamerId);
    for (const manoeuvre of ['forward', 'reverse', 'pivot-left', 'pivot-right'] as const)
      out.push({ type: 'manoeuvre', teamerId: t.id, manoeuvre });
    if (t.x === null || t.y === null) {
      out.push({ type: 'step', teamerId: t.id, x: state.entry.x, y: state.entry.y });
    } else {
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++)
          if (dx !== 0 || dy !== 0) out.push({ type: 'step', teamerId: t.id, x: t.x + dx, y: t.y + dy });
      out.push({ type: 'step', teamerId: t.id, bridge: true });
      out.push({ type: 'turn', teamerId: t.id, facing: (t.facing + 1) % 8 });
      // 19: climbs through the exits about him, only with the ceiling extension on.
      if (state.ceiling)
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++)
            if (t.x + dx >= 0 && t.y + dy >= 0)
              out.push({ type: 'climb', teamerId: t.id, x: t.x + dx, y: t.y + dy });
    }
    out.push(
      { type: 'endMove', teamerId: t.id },
      { type: 'endMove', teamerId: t.id, facing: (t.facing + 4) % 8 },
    );
    return out;
  }
  if (state.activation) {
    for (const id of state.activation.teamerIds) {
      actionsFor(teamer(id));
      out.push(
        { type: 'wait', teamerId: id },
        { type: 'pass', teamerId: id },
        { type: 'endActivation', teamerId: id },
      );
    }
    return out;
  }
  const next = nextInOrder(state);
  if (next !== null) {
    out.push({ type: 'activate', teamerId: next });
    const t = teamer(next);
    for (const id of state.teamOrder) {
      const p = teamer(id);
      if (id !== next && p.x !== null && p.x === t.x && p.y === t.y)
        out.push({ type: 'activate', teamerId: next, partnerId: id });
    }
  }
  out.push({ type: 'endTeamPhase' });
  for (const id of state.teamOrder) if (teamer(id).chits.includes('WAIT')) actionsFor(teamer(id));
  return out;
}
