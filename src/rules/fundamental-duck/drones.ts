import { RuleError } from '../../engine/rule-error.ts';
import { otherActionSucceeds, requirePhase } from './actions.ts';
import { stepCost } from './arena/movement.ts';
import { lineOfFire } from './arena/sight.ts';
import { passage } from './arena/vehicles.ts';
import { arenaOf, arenaStateOf, visibleTo } from './board-adapter.ts';
import { woundThreat } from './combat.ts';
import type { CommandOf } from './commands.ts';
import { d6 } from './dice.ts';
import type { Draft } from './draft.ts';
import { teamerMoveOptions } from './movement.ts';
import type { Drone, Facing, FdState, Teamer, Threat } from './state.ts';
import { requireActor, teamerOrThrow } from './turn.ts';

/**
 * Drone guns (digest 8.5 "setting up a drone gun", 17 step 6 drone power, 20 the walking drone
 * gun; numbers from the pack's `drones` and its drone-gun weapon, 24.2 and 24.9).
 *
 * - Setting one up is an Other Action with a fumble test by a Teamer whose sheet carries the gear
 *   (`drone-gun`, or `walking-drone-gun` from the team advancement): the drone stands in a free
 *   bare square he could step to, facing as he says, with the pack's power (more with the drone
 *   licence). One drone per Teamer. Bughunt reads: a drone is a machine in its square (it blocks
 *   sight and fire, 4: "vehicles, drones ... block sight and all shooting"), never entered.
 * - Bughunt reads "fires once per Threat phase at the first Threat entering its arc" as: in the
 *   Threat phase, after a Threat's step that brings it into the drone's front arc, weapon range,
 *   sight and line of fire (figures block it, as for a Threat's shot: nobody ducks for a machine)
 *   when it was not there before, a powered drone that has not fired this turn fires its dice at
 *   it (table dice, each at or over the weapon's number a wound).
 * - Housekeeping: every drone loses the pack's drain, firing or not; at 0 it stops (no more fire)
 *   and stays where it stands.
 * - The walking drone gun (the team advancement) is the one drone that may be set up again
 *   elsewhere, with the same action, as it walks with its owner; a plain drone gun stays put
 *   (DRONE_SET_UP).
 * - Drones moving (17 step 6: power goes "moving or not", so drones move; 24.9): Bughunt reads the
 *   walking drone gun as the booklet's moving drone. Its operator (the Teamer who set it up)
 *   directs it with an Other Action and a fumble test (`directDrone`, radio control: no sight of
 *   it needed): it walks up to the pack's `drones.speed` king steps over bare, empty floor (no
 *   obstacle or part obstacle, figure or machine; walls and closed doors as for a vehicle's squares)
 *   and ends facing as he says. A plain drone gun sits on its mount (DRONE_FIXED); a drone at 0
 *   power does not move (DRONE_STOPPED). It never moves of its own accord: the booklet gives it no
 *   way to choose where to go. Moving costs no extra power (the drain is the same "moving or not").
 */

export function droneGear(state: FdState, teamerId: string): 'drone-gun' | 'walking-drone-gun' | null {
  const gear = state.campaign.sheets[teamerId]?.gear ?? [];
  if (gear.includes('walking-drone-gun')) return 'walking-drone-gun';
  return gear.includes('drone-gun') ? 'drone-gun' : null;
}

export function decideSetUpDrone(draft: Draft, c: CommandOf<'setUpDrone'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'team', 'threat');
  if (t.x === null || t.y === null) throw new RuleError('NOT_ABOARD', `${t.name} is not in the arena`, {});
  const gear = droneGear(s, t.id);
  if (!gear) throw new RuleError('NO_DRONE_GUN', `${t.name} carries no drone gun`, { teamerId: t.id });
  if (t.ducked) throw new RuleError('DUCKED', `${t.name} is ducked: stand up first`, {});
  const own = s.drones.find((d) => d.owner === t.id);
  if (own && gear !== 'walking-drone-gun')
    throw new RuleError('DRONE_SET_UP', `${t.name}'s drone gun is already set up`, { droneId: own.id });
  if (!droneSquareFree(s, t, c.x, c.y))
    throw new RuleError('NO_ROOM', 'a drone needs a free bare square next to him that he could step to', {
      x: c.x,
      y: c.y,
    });
  if (!otherActionSucceeds(draft, t, 'set up a drone gun')) return;
  const drones = s.rules.pack.drones;
  const power = own
    ? own.power
    : t.abilities.includes('drone-licence')
      ? drones.powerWithLicence
      : drones.power;
  draft.emit({
    type: 'drone.set',
    droneId: own?.id ?? `d${s.drones.length + 1}`,
    teamerId: t.id,
    x: c.x,
    y: c.y,
    facing: c.facing as Facing,
    power,
    walking: gear === 'walking-drone-gun',
  });
}

/** A square next to him (he could step there now), bare floor, with no figure and no machine (the table lights these). */
export function droneSquareFree(s: FdState, t: Teamer, x: number, y: number): boolean {
  const arena = arenaOf(s);
  if (t.x === null || t.y === null || x >= arena.width || y >= arena.height) return false;
  const i = y * arena.width + x;
  if (arena.isSquare[i] !== 1 || arena.wholeHeight[i] !== 0 || arena.capacity[i] !== 2) return false;
  const st = arenaStateOf(s);
  if (st.teamers[i] !== 0 || st.threats[i] !== 0 || st.machines[i] !== 0) return false;
  const step = stepCost(arena, st, { x: t.x, y: t.y }, { x, y }, t.facing, teamerMoveOptions(s));
  return step !== null;
}

/** Could this drone fire at a Threat standing at (x, y)? Power, arc, range, sight and line of fire (the table draws these). */
export function droneCovers(s: FdState, d: Drone, x: number, y: number): boolean {
  if (d.power <= 0) return false;
  const gun = s.rules.weapons[s.rules.pack.drones.gun];
  if (gun?.kind !== 'drone-gun') return false;
  if (Math.max(Math.abs(x - d.x), Math.abs(y - d.y)) > gun.range) return false;
  if (!visibleTo(s, d.x, d.y, d.facing, x, y)) return false;
  return lineOfFire(arenaOf(s), arenaStateOf(s), { x: d.x, y: d.y }, { x, y }, { shooter: 'threat' }).clear;
}

/** The drones that cover a Threat where it stands now (taken before its step). */
export function dronesCovering(s: FdState, th: Threat): ReadonlySet<string> {
  const out = new Set<string>();
  for (const d of s.drones) if (droneCovers(s, d, th.x, th.y)) out.add(d.id);
  return out;
}

/**
 * After a Threat's step in the Threat phase: each powered drone it has just come into the cover of,
 * and that has not fired this turn, fires at it (in the order the drones were set up).
 */
export function dronesFire(draft: Draft, threatId: string, before: ReadonlySet<string>): void {
  for (const d of draft.state.drones) {
    const th = draft.state.threats[threatId];
    if (!th) return;
    if (d.firedTurn === draft.state.turn || before.has(d.id) || !droneCovers(draft.state, d, th.x, th.y))
      continue;
    const gun = draft.state.rules.weapons[draft.state.rules.pack.drones.gun];
    if (gun?.kind !== 'drone-gun') return;
    const faces: number[] = [];
    let hits = 0;
    for (let i = 0; i < gun.dice; i++) {
      const f = d6(draft.table, `drone ${d.id} fires at ${th.id}`);
      faces.push(f);
      if (f >= gun.hitOn) hits++;
    }
    draft.emit({ type: 'drone.fired', droneId: d.id, threatId, faces, hitOn: gun.hitOn, hits });
    woundThreat(draft, threatId, hits, null, false);
  }
}

/** Housekeeping (17 step 6): every drone uses power, firing or not, moving or not. */
export function dronePower(draft: Draft): void {
  const drain = draft.state.rules.pack.drones.drainPerHousekeeping;
  if (drain === 0) return;
  for (const d of draft.state.drones)
    if (d.power > 0)
      draft.emit({ type: 'drone.powered', droneId: d.id, power: Math.max(0, d.power - drain) });
}

/** Bare, empty floor a drone may walk into: no obstacle of any kind, figure or machine. */
function droneFloor(s: FdState, i: number): boolean {
  const arena = arenaOf(s);
  if (arena.isSquare[i] !== 1 || arena.wholeHeight[i] !== 0 || arena.partAt[i] !== 0) return false;
  const st = arenaStateOf(s);
  return st.teamers[i] === 0 && st.threats[i] === 0 && st.machines[i] === 0;
}

/**
 * The squares this drone may walk to now, each with its shortest path (square indexes, start left
 * out; neighbours tried clockwise from north, so the path is the same every time).
 */
export function droneWalks(s: FdState, d: Drone): Map<number, readonly number[]> {
  const arena = arenaOf(s);
  const st = arenaStateOf(s);
  const w = arena.width;
  const out = new Map<number, readonly number[]>();
  const speed = s.rules.pack.drones.speed;
  if (!d.walking || d.power <= 0 || speed <= 0) return out;
  const start = d.y * w + d.x;
  const paths = new Map<number, readonly number[]>([[start, []]]);
  let frontier = [start];
  for (let step = 0; step < speed && frontier.length > 0; step++) {
    const next: number[] = [];
    for (const i of frontier) {
      const a = { x: i % w, y: Math.floor(i / w) };
      for (const [dx, dy] of KING) {
        const b = { x: a.x + dx, y: a.y + dy };
        if (b.x < 0 || b.y < 0 || b.x >= w || b.y >= arena.height) continue;
        const j = b.y * w + b.x;
        if (paths.has(j) || !droneFloor(s, j) || !passage(arena, st, a, b)) continue;
        const path = [...(paths.get(i) ?? []), j];
        paths.set(j, path);
        out.set(j, path);
        next.push(j);
      }
    }
    frontier = next;
  }
  return out;
}

const KING: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
];

export function decideDirectDrone(draft: Draft, c: CommandOf<'directDrone'>): void {
  const s = draft.state;
  const t = teamerOrThrow(s, c.teamerId);
  requireActor(s, t);
  requirePhase(draft, 'team', 'threat');
  const d = s.drones.find((x) => x.owner === t.id);
  if (!d) throw new RuleError('NO_DRONE', `${t.name} has no drone set up`, { teamerId: t.id });
  if (!d.walking)
    throw new RuleError('DRONE_FIXED', 'a plain drone gun sits on its mount', { droneId: d.id });
  if (d.power <= 0) throw new RuleError('DRONE_STOPPED', 'the drone has no power left', { droneId: d.id });
  const path = droneWalks(s, d).get(c.y * arenaOf(s).width + c.x);
  if (!path)
    throw new RuleError('NO_ROOM', `the drone cannot walk to (${c.x},${c.y}) within its speed`, {
      x: c.x,
      y: c.y,
      speed: s.rules.pack.drones.speed,
    });
  if (!otherActionSucceeds(draft, t, 'direct a drone')) return;
  draft.emit({
    type: 'drone.moved',
    droneId: d.id,
    teamerId: t.id,
    path,
    x: c.x,
    y: c.y,
    facing: c.facing as Facing,
  });
}

/** The drone walks his Teamer may order now (each reachable square once, its facing kept). */
export function legalDroneWalks(s: FdState, t: Teamer): CommandOf<'directDrone'>[] {
  const d = s.drones.find((x) => x.owner === t.id);
  if (!d) return [];
  const w = arenaOf(s).width;
  return [...droneWalks(s, d).keys()].map((i) => ({
    type: 'directDrone' as const,
    teamerId: t.id,
    x: i % w,
    y: Math.floor(i / w),
    facing: d.facing,
  }));
}
