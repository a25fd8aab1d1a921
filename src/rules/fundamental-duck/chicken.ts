import { isArenaSquare } from './arena/model.ts';
import { type PathStage, pathTo, reachable, stepCost } from './arena/movement.ts';
import { lineOfFire } from './arena/sight.ts';
import { arenaOf, arenaStateOf, boardOf, inSight } from './board-adapter.ts';
import { blast, grapple, woundTeamer, woundThreat } from './combat.ts';
import { d6 } from './dice.ts';
import type { Draft } from './draft.ts';
import { euclid, teamersAt } from './figures.ts';
import { makeRoom } from './juggle.ts';
import { afterStep, stepDownSurcharge, teamerMoveOptions } from './movement.ts';
import type { FdState, Teamer, Threat } from './state.ts';
import { fumbleChance } from './stress.ts';
import { vehicleOfCrew } from './vehicles.ts';
import { inContact } from './world-adapter.ts';

/**
 * A Teamer whose BINGE test just failed flinches (12: the failed check shoves him one square back
 * from the nearest Threat, for nothing). Bughunt reads: to the neighbouring square he could step to that is
 * farthest from the nearest Threat(s) by the 13.2 distance, and only if it is farther than where he
 * stands; ties go to the one farther in a straight line, then the first in reading order (no die:
 * a flinch is no choice). Facing unchanged (it is a step back), no movement spent, and it sets off
 * nothing a step would (no flames, ambush or first-into-a-module test: it is a recoil, not a
 * step he takes). With no Threat on the board, or up in a ceiling or riding a vehicle, he stays.
 */
export function chickenStepsBack(draft: Draft, teamerId: string): void {
  const state = draft.state;
  const t = state.teamers[teamerId] as Teamer | undefined;
  if (!t || t.x === null || t.y === null || t.up === true || vehicleOfCrew(state, t.id)) return;
  const board = draft.board;
  const x0 = t.x;
  const y0 = t.y;
  let near = Number.POSITIVE_INFINITY;
  let nearest: Threat[] = [];
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (!th) continue;
    const d = board.distance(x0, y0, th.x, th.y);
    if (d < near) {
      near = d;
      nearest = [th];
    } else if (d === near) nearest.push(th);
  }
  if (nearest.length === 0 || !Number.isFinite(near)) return;
  const arena = arenaOf(state);
  const figures = arenaStateOf(state);
  const options = teamerMoveOptions(state);
  let best: { x: number; y: number; d: number; e: number } | null = null;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const x = x0 + dx;
      const y = y0 + dy;
      if (!stepCost(arena, figures, { x: x0, y: y0 }, { x, y }, t.facing, options)) continue;
      let d = Number.POSITIVE_INFINITY;
      let e = Number.POSITIVE_INFINITY;
      for (const th of nearest) {
        d = Math.min(d, board.distance(x, y, th.x, th.y));
        e = Math.min(e, euclid(x, y, th.x, th.y));
      }
      if (d <= near) continue;
      if (!best || d > best.d || (d === best.d && e > best.e)) best = { x, y, d, e };
    }
  if (!best) return;
  draft.emit({ type: 'teamer.stepped', teamerId, x: best.x, y: best.y, facing: t.facing, cost: 0 });
  makeRoom(draft, teamerId);
}

/**
 * Whether a chicken standing at (x, y) has another Teamer between himself and the Threats (12).
 * Bughunt reads: between him and the nearest Threat in sight of that square (13.2 distance; none
 * in sight, nothing to hide from), a standing comrade able to act is on the line of fire (the
 * rules' own line, as for a -DUCK!); the chicken's own square counts only with a comrade in it.
 */
export function shieldedChicken(state: FdState, t: Teamer, x: number, y: number): boolean {
  const board = boardOf(state);
  let near = Number.POSITIVE_INFINITY;
  let nearest: Threat | null = null;
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (!th || !inSight(state, x, y, th.x, th.y)) continue;
    const d = board.distance(x, y, th.x, th.y);
    if (d < near) {
      near = d;
      nearest = th;
    }
  }
  if (!nearest) return true;
  const line = lineOfFire(arenaOf(state), arenaStateOf(state), { x, y }, { x: nearest.x, y: nearest.y });
  return (line.duckers ?? []).some((sq) =>
    teamersAt(state, sq.x, sq.y).some((m) => m.id !== t.id && !m.ducked && m.wounds < 2),
  );
}

/**
 * A stage of a chicken's walk to cover (`coverWay`): a step down off an obstacle (9.2) carries
 * the chance his fumble test passes (`fumbleChance`, the rules' own numbers as things stand, with
 * him on the square he steps down from; a failure costs him a stress chit and 1 more point, which
 * may leave him short and end his move).
 */
export interface CoverStage extends PathStage {
  readonly stepDownPass?: number;
}

/**
 * The way a chicken's nerve would take him (`chickenTakesCover`'s choice, no step taken): standing
 * where he stands with `left` movement points, the stages to the cheapest square in reach where a
 * comrade is between him and the Threats, each step down off an obstacle with the chance of its
 * fumble test; null when he is shielded already, is no chicken able to walk (ducked, up in a
 * ceiling, not in the arena) or no such square is in reach. Exported so the table can show the
 * walk before he ends his move.
 */
export function coverWay(state: FdState, t: Teamer, left: number): CoverStage[] | null {
  if (!t.chicken || t.ducked || t.up === true || t.x === null || t.y === null) return null;
  if (left <= 0 || shieldedChicken(state, t, t.x, t.y)) return null;
  const arena = arenaOf(state);
  const figures = arenaStateOf(state);
  const options = teamerMoveOptions(state);
  const reach = reachable(arena, figures, { x: t.x, y: t.y }, t.facing, left, options);
  let target = -1;
  for (let i = 0; i < reach.cost.length; i++) {
    const c = reach.cost[i] as number;
    if (c <= 0 || (target >= 0 && c >= (reach.cost[target] as number))) continue;
    if (shieldedChicken(state, t, i % arena.width, Math.floor(i / arena.width))) target = i;
  }
  const stages = target < 0 ? null : pathTo(reach, target);
  if (!stages) return null;
  const w = arena.width;
  const at = { ...options, moverAt: t.y * w + t.x };
  return stages.map((st, k) => {
    const before = stages[k - 1];
    if (!before || before.square === st.square) return st;
    const from = { x: before.square % w, y: Math.floor(before.square / w) };
    const to = { x: st.square % w, y: Math.floor(st.square / w) };
    // The test is taken where he stands as he steps down (`chickenTakesCover` rolls it before
    // the step): a gas leak's zone is judged at that square, not where his walk began.
    return stepCost(arena, figures, from, to, before.facing, at)?.stepsDown === true
      ? { ...st, stepDownPass: fumbleChance(state, { ...t, ...from }) }
      : st;
  });
}

/**
 * 12: a chicken "moves so as to keep another Teamer between himself and the Threats". Bughunt
 * reads: when his move ends (`endMove`) where no comrade is between him and the nearest Threat in
 * sight (`shieldedChicken`), and a square where one is lies within the movement points he has
 * left, his nerve takes him there: the cheapest such square (ties: the first in reading order; no
 * die, as his step back takes none), by the cheapest way the rules' reach finds, step by step
 * with what each step sets off (flames, ambushes, first into a module) and what a step down off an
 * obstacle takes (the fumble test, 1 more on a failure; too few points left then, he stays and his
 * move ends there, as a step's would). Where no such square is
 * in reach he ends where he is. Not for a crawl (ducked), a drive or a man up in a ceiling (no
 * choice of square, or no Threat below to see). Why automatic, not a refusal: like his step back,
 * it is the chicken's fear acting, and a refusal would leave a player (or the simulator) hunting
 * for the one square his fear allows.
 */
export function chickenTakesCover(draft: Draft, teamerId: string): void {
  const state = draft.state;
  const t = state.teamers[teamerId] as Teamer | undefined;
  const m = state.move;
  if (!t || !m || m.teamerId !== teamerId || m.vehicleId !== undefined) return;
  const stages = coverWay(state, t, m.allowance - m.spent);
  if (!stages) return;
  const arena = arenaOf(state);
  for (let k = 1; k < stages.length; k++) {
    const st = stages[k] as CoverStage;
    const before = stages[k - 1] as CoverStage;
    const cost = st.spent - before.spent;
    const points = (draft.state.move?.allowance ?? 0) - (draft.state.move?.spent ?? 0);
    if (st.square === before.square) {
      if (cost > points) return;
      draft.emit({ type: 'teamer.turned', teamerId, facing: st.facing, cost });
      continue;
    }
    const x = st.square % arena.width;
    const y = Math.floor(st.square / arena.width);
    // Stepping down off an obstacle on the way (the stage says so) takes the test a step down
    // takes (9.2); the way was priced without it, so a failed one may leave him short: as with a
    // step, the failed test eats the points the step needed and he stays where he is (the move
    // then ends there).
    const down = st.stepDownPass !== undefined;
    const extra = stepDownSurcharge(draft, draft.state.teamers[teamerId] as Teamer, down);
    if (cost + extra > points) return;
    draft.emit({ type: 'teamer.stepped', teamerId, x, y, facing: st.facing, cost: cost + extra });
    afterStep(draft, teamerId);
    // An ambush on the way may have put him down: his fear takes him no farther.
    const now = draft.state.teamers[teamerId];
    if (!draft.state.move || !now || now.wounds >= 2 || now.x !== x || now.y !== y) return;
  }
}

/**
 * A chicken's lash-out on a 12 (12: his gun at the nearest figure, failing that his own grenade,
 * failing that his cutlass), table dice, his + factors lost as a chicken's are. Bughunt reads: "gun" = his first weapon, in his sheet's order, that fires
 * with SHOOT and has a shot left (a flamer squirts into the victim's square); a panicked shot needs
 * no facing, range or line of fire (he turns and fires); its dice are the weapon's, each hit one
 * wound. No gun: his own grenade goes off in his square (the 3×3 blast, no scatter). Neither: if
 * the victim is in contact, a grapple if it is a Threat, and against a comrade one wound (the
 * booklet gives no grapple between Teamers); not in contact, nothing (a cutlass needs reach).
 */
export function lashOut(draft: Draft, t: Teamer, victim: { id: string; kind: 'teamer' | 'threat' }): void {
  const state = draft.state;
  const x = t.x as number;
  const y = t.y as number;
  const where =
    victim.kind === 'teamer' ? state.teamers[victim.id] : (state.threats[victim.id] as Threat | undefined);
  if (!where || where.x === null || where.y === null) return;
  const vx = where.x;
  const vy = where.y;
  for (const id of t.weapons) {
    const w = state.rules.weapons[id];
    if (!w) continue;
    if (w.kind === 'flamer' && (t.ammo[id] ?? 0) > 0) {
      draft.emit({ type: 'ammo.changed', teamerId: t.id, weapon: id, left: (t.ammo[id] ?? 1) - 1 });
      const sq = vy * arenaOf(state).width + vx;
      draft.emit({ type: 'flames.changed', square: sq, flames: (draft.state.flames[sq] ?? 0) + 1 });
      blast(draft, t, id, [[vx, vy]], w.hitOn, vx, vy, undefined, draft.table);
      return;
    }
    if (w.kind !== 'gun' || (w.magazine !== null && (t.ammo[id] ?? 0) <= 0)) continue;
    const faces: number[] = [];
    for (let i = 0; i < w.dice; i++) faces.push(d6(draft.table, `${w.name} lash-out by ${t.name}`));
    const hits = faces.filter((f) => f >= w.hitOn).length;
    draft.emit({
      type: 'attack.resolved',
      by: t.id,
      weapon: id,
      x: vx,
      y: vy,
      targets: [victim.id],
      faces,
      hitOn: w.hitOn,
      hits: { [victim.id]: hits },
    });
    if (w.magazine !== null)
      draft.emit({ type: 'ammo.changed', teamerId: t.id, weapon: id, left: (t.ammo[id] ?? 1) - 1 });
    if (victim.kind === 'threat') woundThreat(draft, victim.id, hits, t.id, false);
    else for (let h = 0; h < hits; h++) woundTeamer(draft, victim.id, draft.table);
    return;
  }
  const grenade = t.weapons.map((id) => state.rules.weapons[id]).find((w) => w?.kind === 'grenade');
  if (t.grenades > 0 && grenade?.kind === 'grenade') {
    draft.emit({ type: 'grenades.changed', teamerId: t.id, grenades: t.grenades - 1 });
    const arena = arenaOf(state);
    const half = Math.floor(grenade.blast / 2);
    const squares: [number, number][] = [];
    for (let sy = y - half; sy <= y + half; sy++)
      for (let sx = x - half; sx <= x + half; sx++) if (isArenaSquare(arena, sx, sy)) squares.push([sx, sy]);
    draft.emit({
      type: 'blasts.changed',
      blasts: [...draft.state.blasts, ...squares.map(([a, b]) => b * arena.width + a)],
    });
    blast(draft, t, grenade.id, squares, grenade.hitOn, x, y, { faces: [], x, y }, draft.table);
    return;
  }
  // A cutlass reaches only a figure in contact; farther off, his lash-out comes to nothing.
  const w = arenaOf(state).width;
  if (!inContact(state, y * w + x, vy * w + vx)) return;
  if (victim.kind === 'threat') grapple(draft, victim.id, t.id, draft.table, false);
  else woundTeamer(draft, victim.id, draft.table);
}
