import { isRuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import { arenaOf, boardOf } from '../board-adapter.ts';
import type { FdCommand } from '../commands.ts';
import type { FdEvent } from '../events.ts';
import { fundamentalDuck as fd } from '../ruleset.ts';
import { type FdState, readyChit, type Teamer, waitChit } from '../state.ts';
import { nextInOrder } from '../turn.ts';

/**
 * A built-in team policy for the simulator: plain and greedy. Each activation: shoot at a Threat
 * if any gun can, else grapple one in contact, else move toward the goal (the nearest Threat; with
 * none, the nearest shut door into an unopened tile, opened on arrival; with the arena explored,
 * the Source or home), and keep the second chit on WAIT for the Threat phase. Every choice is sent
 * to the real ruleset; a refused candidate is simply the next one's turn.
 */

/** The turn from which the policy only heads home. */
export const GIVE_UP_TURN = 15;

function tryFirst(
  state: FdState,
  ctx: DecideContext,
  candidates: readonly FdCommand[],
): { events: FdEvent[]; command: FdCommand } | null {
  for (const command of candidates) {
    try {
      return { events: fd.decide(state, command, ctx), command };
    } catch (e) {
      if (!isRuleError(e)) throw e;
    }
  }
  return null;
}

function shots(state: FdState, t: Teamer): FdCommand[] {
  const out: FdCommand[] = [];
  if (t.x === null || t.y === null) return out;
  const targets = state.threatOrder
    .map((id) => state.threats[id])
    .filter((th) => th !== undefined)
    .sort(
      (a, b) =>
        Math.max(Math.abs(a.x - (t.x as number)), Math.abs(a.y - (t.y as number))) -
        Math.max(Math.abs(b.x - (t.x as number)), Math.abs(b.y - (t.y as number))),
    );
  const weapons = t.weapons.filter(
    (w) => state.rules.weapons[w]?.kind === 'gun' || state.rules.weapons[w]?.kind === 'flamer',
  );
  for (const th of targets) {
    for (const weapon of weapons) out.push({ type: 'shoot', teamerId: t.id, weapon, x: th.x, y: th.y });
    out.push({ type: 'grapple', teamerId: t.id, threatId: th.id });
  }
  const reload = weapons.find((w) => state.rules.weapons[w]?.kind === 'gun' && (t.ammo[w] ?? 1) <= 0);
  if (reload) out.push({ type: 'task', teamerId: t.id, task: 'reload', weapon: reload });
  return out;
}

/** Where this Teamer heads: the nearest Threat, else an unexplored door, else the H or home. */
function goal(state: FdState, t: Teamer): { x: number; y: number; door?: number; home?: boolean } | null {
  const board = boardOf(state);
  const arena = arenaOf(state);
  if (t.x === null || t.y === null) return { x: state.entry.x, y: state.entry.y };
  // A Team that has not finished the job by then cuts its losses and heads home; so does a man
  // carrying a comrade out.
  if (state.turn >= GIVE_UP_TURN || t.carrying !== null)
    return { x: state.entry.x, y: state.entry.y, home: true };
  const fallen = fallenFor(state, t);
  if (fallen) return fallen;
  let best: { x: number; y: number; door?: number; home?: boolean } | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  const consider = (x: number, y: number, extra?: { door?: number; home?: boolean }) => {
    const d = board.distance(t.x as number, t.y as number, x, y);
    if (d < bestD) {
      bestD = d;
      best = { x, y, ...extra };
    }
  };
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (th) consider(th.x, th.y);
  }
  if (best) return best;
  arena.doors.forEach((d, i) => {
    // A stuck door never opens: waiting by it would stall the Team for the rest of the mission.
    if (state.doors[i]?.stuck) return;
    const [a, b] = d.tiles;
    const known = state.tiles[a]?.opened === true || state.tiles[a]?.entered === true;
    const far = known ? b : a;
    if (state.tiles[far]?.opened) return;
    const near = state.tiles[known ? a : b];
    if (!near?.opened) return;
    for (const sq of d.zone)
      if (arena.tileOf[sq] === (known ? a : b))
        consider(sq % arena.width, Math.floor(sq / arena.width), { door: i });
  });
  if (best) return best;
  for (const tile of state.tiles)
    for (const c of tile.chits)
      if (c.x !== null && c.y !== null && (!c.examined || (c.h && !state.progress.sourceCleared)))
        consider(c.x, c.y);
  if (best) return best;
  return { x: state.entry.x, y: state.entry.y, home: true };
}

/**
 * A comrade out of action whom nobody carries yet and no Threat holds, when this Teamer is the
 * nearest able one to him (ties: team order): he goes to fetch him.
 */
function fallenFor(state: FdState, t: Teamer): { x: number; y: number } | null {
  const board = boardOf(state);
  const out = state.rules.pack.combat.teamerWounds;
  for (const id of state.teamOrder) {
    const f = state.teamers[id] as Teamer;
    if (f.x === null || f.y === null || f.left || f.wounds < out.outOfActionAt || f.wounds >= out.deadAt)
      continue;
    if (state.teamOrder.some((o) => state.teamers[o]?.carrying === id)) continue;
    if (state.threatOrder.some((th) => state.threats[th]?.carrying === id)) continue;
    const fx = f.x;
    const fy = f.y;
    const nearest = state.teamOrder
      .map((o) => state.teamers[o] as Teamer)
      .filter(
        (o) => o.x !== null && o.y !== null && !o.left && o.wounds < out.outOfActionAt && o.carrying === null,
      )
      .sort(
        (a, b) =>
          board.distance(a.x as number, a.y as number, fx, fy) -
          board.distance(b.x as number, b.y as number, fx, fy),
      )[0];
    if (nearest?.id === t.id) return { x: fx, y: fy };
  }
  return null;
}

/** The move toward the goal: steps that shorten the 13.2 distance, cheapest first. */
function stepsToward(state: FdState, t: Teamer, to: { x: number; y: number; home?: boolean }): FdCommand[] {
  if (t.x === null || t.y === null) {
    // The entry square is blocked for good when a Threat sits in it: the Team turns back.
    const e = state.entry;
    return [
      { type: 'step', teamerId: t.id, x: e.x, y: e.y },
      ...(state.turn > 3 ? [{ type: 'step', teamerId: t.id, bridge: true } as FdCommand] : []),
    ];
  }
  const board = boardOf(state);
  const out: FdCommand[] = [];
  if (to.home && t.x === state.entry.x && t.y === state.entry.y)
    out.push({ type: 'step', teamerId: t.id, bridge: true });
  const here = board.distance(t.x, t.y, to.x, to.y);
  const options: { x: number; y: number; d: number }[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const d = board.distance(t.x + dx, t.y + dy, to.x, to.y);
      if (d < here) options.push({ x: t.x + dx, y: t.y + dy, d });
    }
  options.sort((a, b) => a.d - b.d);
  for (const o of options) out.push({ type: 'step', teamerId: t.id, x: o.x, y: o.y });
  return out;
}

/** The tasks worth a try where he stands: open the door he came for, turn a chit, clear the Source. */
function tasks(state: FdState, t: Teamer): FdCommand[] {
  const out: FdCommand[] = [];
  if (t.x === null || t.y === null) return out;
  const g = goal(state, t);
  if (g?.door !== undefined) out.push({ type: 'operateDoor', teamerId: t.id, door: g.door, open: true });
  // A shut door on the way to the goal: open it (the 13.2 distance runs through shut doors).
  const arena = arenaOf(state);
  const board = boardOf(state);
  const here = t.y * arena.width + t.x;
  if (g) {
    const d0 = board.distance(t.x, t.y, g.x, g.y);
    for (const d of arena.doors) {
      if (state.doors[d.index]?.open || state.doors[d.index]?.stuck || !d.zone.includes(here)) continue;
      const across = d.sides.some((sd) => {
        const other = sd.a === here ? sd.b : sd.b === here ? sd.a : -1;
        return (
          other >= 0 && board.distance(other % arena.width, Math.floor(other / arena.width), g.x, g.y) < d0
        );
      });
      if (across) out.push({ type: 'operateDoor', teamerId: t.id, door: d.index, open: true });
    }
  }
  for (const id of state.teamOrder)
    if (id !== t.id) out.push({ type: 'carry', teamerId: t.id, comradeId: id });
  out.push({ type: 'task', teamerId: t.id, task: 'clearSource' });
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++)
      out.push({ type: 'task', teamerId: t.id, task: 'examineChit', x: t.x + dx, y: t.y + dy });
  if (t.ducked) out.push({ type: 'task', teamerId: t.id, task: 'standUp' });
  return out;
}

/** The policy's next command and its events, or null when it has nothing to do (the game is over). */
export function policyStep(
  state: FdState,
  ctx: DecideContext,
): { events: FdEvent[]; command: FdCommand } | null {
  if (state.phase === 'ended') return null;
  if (state.phase === 'briefing') return tryFirst(state, ctx, [{ type: 'board' }]);
  if (state.phase === 'exploration') return tryFirst(state, ctx, [{ type: 'endExploration' }]);
  const teamer = (id: string) => state.teamers[id] as Teamer;
  if (state.interrupt) {
    for (const id of state.interrupt.teamerIds) {
      const r = tryFirst(state, ctx, [
        { type: 'crush', teamerId: id },
        ...shots(state, teamer(id)),
        { type: 'holdWait', teamerId: id },
      ]);
      if (r) return r;
    }
    return null;
  }
  if (state.move) {
    const t = teamer(state.move.teamerId);
    const g = goal(state, t);
    const steps = g ? stepsToward(state, t, g) : [];
    return tryFirst(state, ctx, [...steps, { type: 'endMove', teamerId: t.id }]);
  }
  if (state.activation) {
    for (const id of state.activation.teamerIds) {
      const t = teamer(id);
      if (readyChit(t) === null) continue;
      const first = t.chits[0] === 'READY';
      const fight = tryFirst(state, ctx, [...shots(state, t), ...tasks(state, t)]);
      if (fight) return fight;
      if (!first && state.threatOrder.length > 0) {
        const w = tryFirst(state, ctx, [{ type: 'wait', teamerId: id }]);
        if (w) return w;
      }
      const m = tryFirst(state, ctx, [{ type: 'move', teamerId: id }]);
      if (m) return m;
    }
    return tryFirst(
      state,
      ctx,
      state.activation.teamerIds.map((id) => ({ type: 'endActivation', teamerId: id }) as FdCommand),
    );
  }
  const next = nextInOrder(state);
  if (next !== null) return tryFirst(state, ctx, [{ type: 'activate', teamerId: next }]);
  // Between activations a waiting Teamer may shoot with his WAIT chit; otherwise the phase ends.
  for (const id of state.teamOrder) {
    const t = teamer(id);
    if (waitChit(t) === null) continue;
    const r = tryFirst(state, ctx, shots(state, t));
    if (r) return r;
  }
  return tryFirst(state, ctx, [{ type: 'endTeamPhase' }]);
}
