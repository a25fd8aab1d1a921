import { D6, faceValues } from '../../../engine/dice/die.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import type { DecideContext, Seat } from '../../../engine/ruleset.ts';
import { isArenaSquare } from '../arena/model.ts';
import { positionPoint } from '../arena/positions.ts';
import type { Board } from '../board.ts';
import { arenaOf, boardOf } from '../board-adapter.ts';
import { ceilingOf, legalClimbs, legalGrapplesUp } from '../ceiling.ts';
import { type ShotOdds, scatterSquares } from '../combat.ts';
import type { CommandOf, FdCommand } from '../commands.ts';
import { deliveredMarked, met } from '../evaluation.ts';
import type { FdEvent } from '../events.ts';
import { isCarried } from '../figures.ts';
import {
  aimedShot,
  aimOdds,
  canMove,
  canWait,
  type LegalShot,
  type LegalShotUp,
  legalBridgeOverride,
  legalCarries,
  legalDivers,
  legalDoorOps,
  legalDroneDirections,
  legalDroneSetups,
  legalGrapples,
  legalGrenades,
  legalJuggles,
  legalScans,
  legalShotsUp,
  legalSteps,
  legalTasks,
  type ShotAim,
  shotAims,
} from '../legal.ts';
import { deckInPlay, deckMembers, teamSeat } from '../multi-team.ts';
import { missionOf } from '../rules-data.ts';
import { decideFolded } from '../ruleset.ts';
import {
  type FdState,
  laden,
  PINGS,
  type Ping,
  readyChit,
  type Teamer,
  type Threat,
  waitChit,
} from '../state.ts';
import { nextInOrder } from '../turn.ts';
import { vehicleOfCrew } from '../vehicles.ts';
import { inContact } from '../world-adapter.ts';
import { besideTarget, driveCommand, planVehicle, vehicleAction } from './drive.ts';
import { doorsAround, routeField } from './route.ts';

/**
 * The simulator's built-in team policy: simple, greedy, and choosing only among legal commands
 * (`legal.ts`), so the ruleset is asked once per command. In each activation a Teamer:
 * 1. carrying a comrade (or a pod), shuts the door behind him on a Threat (`shutBehind`), opens a
 *    shut door in his way or walks on home (to the entry square, then over the bridge); any man
 *    heading home shuts an open door behind him on a Threat within `shutRange` before anything
 *    else, a man in the doorway on its far side diving under it (`shutPlan`, 15.2);
 * 2. (up in a ceiling, 19: shoots or grapples a Threat beside him up there first) throws a grenade at a pack of at least `grenadePack` Threats (none in his own square) when
 *    its expected kills, over every scatter the pack's table allows and less `grenadeComradeCost`
 *    for each comrade it may hit, beat the best shot's kill chance; else shoots the Threat with
 *    the best odds of a kill (then of a hit, then a shot that needs no comrade to -DUCK!, then
 *    the nearer), or shoots up at a Threat in a ceiling when that is worth more (`bestShotUp`),
 *    else grapples one in contact;
 * 3. picks up a comrade out of action next to him (or a marked pod, in Salvage); clears the found
 *    Source; works a console the mission asks for; turns over a Source chit; reloads an empty
 *    gun; opens the door he came for or a shut one in his way; stands up;
 * 4. with one chit used and a Threat within `coverRange`, keeps the other on WAIT (covering the
 *    Team in the Threat phase) rather than moving off;
 * 5. else moves toward his goal (`route.ts`) and ends the move facing the nearest Threat.
 * Goals (`goal`): home when carrying; a fallen comrade nobody nearer fetches (up in a ceiling,
 * 19: he climbs up to him and down with him, `ceilingGoal`, `climbNow`); home when the Team
 * heads home (turn `giveUpTurn`, or fewer than `homewardAble` able men); the point man when he
 * has straggled more than `straggle` squares behind; the nearest Threat within `chaseRange` (or
 * dragging a comrade off); home once the objective is met; the objective (Source chits, the
 * Source, consoles, marked pods); the unexplored door cheapest by distance and what is known of
 * the tile behind it (`tileCost`: face-up pings, shown Source chits); home. An interrupt's WAIT
 * chit crushes a Threat in a doorway, else throws a grenade worth it or takes the best shot or a
 * grapple, else is held. Also: a sound man first swaps places with a wounded stack-mate toward a
 * near Threat (`juggleWorthIt`); a Teamer with a drone gun sets it up facing a near Threat
 * (`droneSetUp`) and walks a walking one toward the Threats (`droneWalk`); the Bio-Sensor scans the door he came to open (`scanWorthIt`); with `teams`
 * above 1 the policy forms and claims the teams and runs called Threats (`briefing`, `seatFor`).
 */

/** The policy's knobs (see the header); `DEFAULT_POLICY` is what the simulator plays. */
export interface PolicyOptions {
  /** The turn from which the whole Team heads home. */
  readonly giveUpTurn: number;
  /** Able Teamers (aboard or on the bridge, not out of action) below which the Team heads home. */
  readonly homewardAble: number;
  /** A Threat this near (13.2 squares) makes a Teamer keep his second chit on WAIT. */
  readonly coverRange: number;
  /** How far (13.2 squares) a Teamer may trail the point man before he closes up instead. */
  readonly straggle: number;
  /** Threats this near (13.2 squares) are goals to close with; farther ones are left to come. */
  readonly chaseRange: number;
  /**
   * A Teamer on the bridge stays there while more Threats than this are within 2 squares of the
   * entry. Low values save lives and cost completions (docs/rules/fundamental-duck.md).
   */
  readonly boardPast: number;
  /** The fewest Threats in the blast of the square aimed at for a grenade to be worth throwing. */
  readonly grenadePack: number;
  /** What an expected grenade hit on a comrade (or the thrower) costs, in Threat kills. */
  readonly grenadeComradeCost: number;
  /**
   * What a grenade blast in or next to a load standing aboard costs, in Threat kills: Housekeeping
   * ruins an inert load and warms a hazardous one there (a lost marked pod fails Salvage).
   */
  readonly grenadeLoadCost: number;
  /**
   * Multi-team play (21): how many teams the Team splits into before boarding (1: one team, no
   * split). The policy forms them in team order, in runs as even as they go, and takes each with
   * a seat of its own (`team1`, `team2`, …), so each runs the Threats and ambushes called to it.
   */
  readonly teams: number;
  /** With `teams` above 1: the teams play against each other (an opponent runs the Threats). */
  readonly opposed: boolean;
  /**
   * What a tile's infestation costs in squares of walking when the policy picks the unexplored
   * door to open next: each marker counts its ping's place in the pack's order (NONE 0 … RED 5),
   * a face-down one the middle (2.5), so a scan that shows a RED ping can send the Team to
   * another door. 0: the nearest door, whatever is behind it.
   */
  readonly pingWeight: number;
  /** What each Source chit a scan has shown in a tile is worth in squares, while the Source is wanted. */
  readonly chitWeight: number;
  /** A Threat this near (13.2 squares) makes a sound man swap places with a wounded stack-mate in front. */
  readonly juggleRange: number;
  /** A Threat this near (13.2 squares) makes a Teamer with a drone gun set it up, facing the Threat. */
  readonly droneRange: number;
  /**
   * A walking drone gun (24.9) is walked toward the Threat nearest it while that Threat is farther
   * than this (13.2 squares) from it; nearer, it stands and shoots.
   */
  readonly droneStandOff: number;
  /**
   * The Teamer (id) who drives (18): he must hold the licence (CLI `--licence`). In a mission that
   * wants marked pods home he takes a pod-lifting vehicle with a marked pod beside it to the entry
   * square (`drive.ts`). Null: nobody drives.
   */
  readonly driver: string | null;
  /**
   * Shutting a door behind the Team (15.1) on its way home: a Threat this near (13.2 squares) in the
   * tile beyond the door makes the last man through shut it, diving under it (15.2) if he, or a
   * comrade, still stands in the doorway on the Threats' side. Below 0: the policy never shuts one.
   */
  readonly shutRange: number;
  /**
   * The bridge override (15.1): a Teamer standing at a console that overrides the doors sets it
   * once the Team heads home (the objective met, the give-up turn, too few able men), so Door
   * Check no longer shuts the doors on the Team's way out (each would cost a chit and a fumble
   * test to open again). False: the policy never sets it.
   */
  readonly overrideHome: boolean;
  /**
   * Climbing up to hunt (19): once no Threat on the floor is a goal, a Threat up in a ceiling is
   * hunted up there (the man climbs through a known exit of its tile, `ceilingGoal`, and shoots or
   * grapples it beside him) rather than waited for below. False: hunted from below only. Off by
   * default: 1,000 Clean Sweeps and 1,000 Black Boxes with the ceiling on moved nothing (one
   * mission of each climbs; `ceiling-fight.test.ts`, docs/rules/fundamental-duck.md).
   */
  readonly climbToHunt: boolean;
  /**
   * Sealing a module (15.1) while the Team still hunts: a Teamer in the zone of an open door shuts
   * it when more Threats than the Team has able men aboard stand in the tile across it (one of them
   * within `shutRange`), diving comrades through as `shutPlan` does; Threats in a module so sealed
   * (every door of its tile shut) are no goal while they outnumber the Team. False: doors are shut
   * only on the way home.
   */
  readonly sealOutnumbered: boolean;
}

export const DEFAULT_POLICY: PolicyOptions = {
  giveUpTurn: 18,
  homewardAble: 2,
  coverRange: 99,
  straggle: 3,
  chaseRange: 99,
  boardPast: 99,
  grenadePack: 2,
  grenadeComradeCost: 2,
  grenadeLoadCost: 2,
  teams: 1,
  opposed: false,
  pingWeight: 2,
  chitWeight: 1,
  juggleRange: 4,
  droneRange: 6,
  droneStandOff: 3,
  driver: null,
  shutRange: 6,
  overrideHome: false,
  climbToHunt: false,
  sealOutnumbered: true,
};

interface Target {
  readonly x: number;
  readonly y: number;
  readonly door?: number;
  readonly home?: boolean;
  /**
   * Up in a ceiling (19): a fallen comrade the rescuer climbs to, or a Threat a man climbs up to
   * hunt (`ceilingGoal`).
   */
  readonly up?: boolean;
}

/** How many commands `decide` refused (a bug in `legal.ts` if ever above 0; see the tests). */
export const policyStats = { refused: 0 };

/** A command the ruleset took: its events and the state they lead to. */
export interface PolicyStep {
  readonly command: FdCommand;
  readonly events: FdEvent[];
  readonly state: FdState;
}

function send(state: FdState, ctx: DecideContext, command: FdCommand): PolicyStep | null {
  const actor = seatFor(state, command, ctx.actor);
  try {
    const r = decideFolded(state, command, actor === ctx.actor ? ctx : { ...ctx, actor });
    return { command, events: r.events, state: r.state };
  } catch (e) {
    if (!isRuleError(e)) throw e;
    policyStats.refused++;
    return null;
  }
}

function able(state: FdState, t: Teamer): boolean {
  return (
    t.x !== null && t.y !== null && !t.left && t.wounds < state.rules.pack.combat.teamerWounds.outOfActionAt
  );
}

/** The first able Teamer in team order who carries nobody: the others keep up with him. */
function pointMan(state: FdState): Teamer | null {
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    if (able(state, t) && t.carrying === null && !vehicleOfCrew(state, t.id)) return t;
  }
  return null;
}

function objectiveMet(state: FdState): boolean {
  const m = missionOf(state.rules, state.missionId);
  // Coming home and the loads are not goals to walk to here; the rest are read as the evaluation
  // reads them (Threats up in a ceiling count too).
  return m.objectives.every((o) =>
    o.conditions.every((c) => c.kind === 'team-back-at-mother' || c.kind === 'no-load-lost' || met(state, c)),
  );
}

/** The mission asks for marked loads carried home, and not enough are yet. */
function wantsLoads(state: FdState): boolean {
  const m = missionOf(state.rules, state.missionId);
  return m.objectives.some((o) =>
    o.conditions.some((c) => c.kind === 'marked-loads-to-bridge' && deliveredMarked(state) < c.count),
  );
}

function wantsConsole(state: FdState): boolean {
  const m = missionOf(state.rules, state.missionId);
  return m.objectives.some((o) =>
    o.conditions.some((c) => c.kind === 'special-actions' && state.progress.consoleActions < c.count),
  );
}

/** The nearest square by 13.2 distance among the candidates (first wins ties). */
function nearest(board: Board, t: Teamer, xs: readonly Target[]): Target | null {
  let best: Target | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const g of xs) {
    const d = board.distance(t.x as number, t.y as number, g.x, g.y);
    if (d < bestD) {
      bestD = d;
      best = g;
    }
  }
  return best;
}

function home(state: FdState): Target {
  return { x: state.entry.x, y: state.entry.y, home: true };
}

/** The whole Team heads home: the give-up turn came, or too few able men are left aboard. */
function homeward(state: FdState, P: PolicyOptions): boolean {
  if (state.turn >= P.giveUpTurn) return true;
  const outAt = state.rules.pack.combat.teamerWounds.outOfActionAt;
  // On the bridge or aboard, not out of action and not gone home.
  let ableCount = 0;
  for (const id of state.teamOrder) {
    const o = state.teamers[id] as Teamer;
    if (!o.left && o.wounds < outAt) ableCount++;
  }
  return ableCount < P.homewardAble;
}

/** The last goal worked out: an action asks for it up to four times in one state. */
let lastGoal: { state: FdState; t: Teamer; P: PolicyOptions; goal: Target } | null = null;

/** Where this Teamer heads now (see the header). */
export function goal(state: FdState, t: Teamer, P: PolicyOptions = DEFAULT_POLICY): Target {
  // States and their records are never changed once made, so the same three give the same goal.
  if (lastGoal !== null && lastGoal.state === state && lastGoal.t === t && lastGoal.P === P)
    return lastGoal.goal;
  const g = goalNow(state, t, P);
  lastGoal = { state, t, P, goal: g };
  return g;
}

function goalNow(state: FdState, t: Teamer, P: PolicyOptions): Target {
  if (t.x === null || t.y === null) return home(state);
  const board = boardOf(state);
  if (t.carrying !== null || t.cargo !== null) return home(state);
  // A comrade left lying aboard fails "back aboard Mother": fetch him even on the way out.
  const fallen = fallenFor(state, t);
  if (fallen) return fallen;
  if (homeward(state, P)) return home(state);
  if (P.driver === t.id && !vehicleOfCrew(state, t.id)) {
    // The driver makes for the vehicle his plan uses (drive.ts).
    const v = planVehicle(state, t);
    const at = v && besideTarget(state, t, v);
    if (at) return at;
  }
  const lead = pointMan(state);
  if (lead && lead.id !== t.id && board.distance(t.x, t.y, lead.x as number, lead.y as number) > P.straggle)
    return { x: lead.x as number, y: lead.y as number };
  // Threats within `chaseRange` are hunted down; so is one dragging a comrade off, wherever it is
  // (but not one in a module the Team has sealed while it is outnumbered there: `sealedOff`).
  const threats: Target[] = [];
  const sealed = P.sealOutnumbered ? sealedOff(state) : null;
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (!th || (th.carrying === null && board.distance(t.x, t.y, th.x, th.y) > P.chaseRange)) continue;
    if (th.carrying === null && sealed?.has(board.tileAt(th.x, th.y))) continue;
    threats.push({ x: th.x, y: th.y });
  }
  // A Threat up in a ceiling (19) is hunted from below: under it a man can shoot up at it, and it
  // means to drop on the Team anyway. Once it is the last goal, he climbs up to it (`climbToHunt`).
  const ceiling = state.ceiling;
  // A laden man (19: a heavy gun, a load) cannot climb: he waits below it.
  const climb = P.climbToHunt && threats.length === 0 && !laden(t);
  if (ceiling)
    for (const id of ceiling.order) {
      const th = ceiling.threats[id];
      if (th && board.distance(t.x, t.y, th.x, th.y) <= P.chaseRange)
        threats.push({ x: th.x, y: th.y, ...(climb ? { up: true } : {}) });
    }
  const th = nearest(board, t, threats);
  if (th) return th;
  if (objectiveMet(state)) return home(state);
  const aims: Target[] = [];
  for (const tile of state.tiles)
    for (const c of tile.chits)
      if (c.x !== null && c.y !== null && (!c.examined || (c.h && !state.progress.sourceCleared)))
        aims.push({ x: c.x, y: c.y });
  if (wantsLoads(state)) {
    // Marked pods nobody carries yet, where they stand (a Teamer picks one up from beside it).
    const arena = arenaOf(state);
    for (const l of arena.loads) {
      const ls = state.loads[l.index];
      if (!l.marked || !l.portable || ls?.lost || ls?.delivered || ls?.at === null) continue;
      if (foundTampered(state, l.index)) continue;
      if (!state.tiles[arena.tileOf[l.square] as number]?.opened) continue;
      aims.push({ x: l.square % arena.width, y: Math.floor(l.square / arena.width) });
    }
  }
  if (wantsConsole(state)) {
    const arena = arenaOf(state);
    for (const sp of arena.specials)
      if (sp.kind === 'console' && state.tiles[arena.tileOf[sp.square] as number]?.opened)
        aims.push({ x: sp.square % arena.width, y: Math.floor(sp.square / arena.width) });
  }
  // Nothing in a sealed module is worth opening it for again while it outnumbers the Team.
  const open = sealed ? aims.filter((a) => !sealed.has(board.tileAt(a.x, a.y))) : aims;
  const aim = nearest(board, t, open);
  if (aim) return aim;
  const door = unexploredDoor(state, t, board, P, sealed);
  return door ?? home(state);
}

/**
 * The square in the zone of a door from an opened tile into an unopened one that is cheapest to
 * make for: its 13.2 distance plus what the policy knows of the tile behind it (`tileCost`).
 */
function unexploredDoor(
  state: FdState,
  t: Teamer,
  board: Board,
  P: PolicyOptions,
  /** Modules sealed off (`sealedOff`): no door out of one is made for. */
  sealed: ReadonlySet<number> | null,
): Target | null {
  const arena = arenaOf(state);
  let best: Target | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const d of arena.doors) {
    // A stuck door never opens: waiting by it would stall the Team for the rest of the mission.
    if (state.doors[d.index]?.stuck) continue;
    const [a, b] = d.tiles;
    const aOpen = state.tiles[a]?.opened === true;
    const bOpen = state.tiles[b]?.opened === true;
    if (aOpen === bOpen) continue;
    const near = aOpen ? a : b;
    if (sealed?.has(near)) continue;
    const behind = tileCost(state, aOpen ? b : a, P);
    for (const sq of d.zone) {
      if (arena.tileOf[sq] !== near) continue;
      const x = sq % arena.width;
      const y = Math.floor(sq / arena.width);
      const cost = board.distance(t.x as number, t.y as number, x, y) + behind;
      if (cost < bestCost) {
        bestCost = cost;
        best = { x, y, door: d.index };
      }
    }
  }
  return best;
}

/**
 * What the policy knows of an unopened tile, in squares of walking: its markers by their pings as
 * far as they are face up (a scan, Mother's message; a face-down one counts the middle), less the
 * Source chits a scan has set out while the mission still wants the Source. Only what a player
 * sees is read: a face-down ping and a chit count not yet shown are never looked at.
 */
function tileCost(state: FdState, tile: number, P: PolicyOptions): number {
  const ts = state.tiles[tile];
  if (!ts) return 0;
  let cost = 0;
  ts.revealed.forEach((up, i) => {
    cost += up ? PINGS.length - 1 - PINGS.indexOf(ts.pings[i] as Ping) : (PINGS.length - 1) / 2;
  });
  cost *= P.pingWeight;
  if (ts.chitsShown && wantsSource(state)) cost -= P.chitWeight * ts.chits.length;
  return cost;
}

/** The mission asks for the Source found or cleared, and it is not yet. */
function wantsSource(state: FdState): boolean {
  const m = missionOf(state.rules, state.missionId);
  return m.objectives.some((o) =>
    o.conditions.some(
      (c) =>
        (c.kind === 'source-found' && !state.progress.hFound) ||
        (c.kind === 'source-cleared' && !state.progress.sourceCleared),
    ),
  );
}

/**
 * A Bio-Sensor scan (7.2) worth its chit: through the door he has come to open, into a tile with a
 * marker still face down, while another unopened tile is there to go to instead (what the scan
 * shows can change his mind, `tileCost`).
 */
function scanWorthIt(state: FdState, t: Teamer, P: PolicyOptions): FdCommand | null {
  if (P.pingWeight <= 0) return null;
  const scans = legalScans(state, t);
  if (scans.length === 0) return null;
  const g = goal(state, t, P);
  const scan = scans.find((c) => c.door === g.door);
  if (!scan) return null;
  const arena = arenaOf(state);
  const here = arena.tileOf[(t.y as number) * arena.width + (t.x as number)];
  const across = arena.doors[scan.door]?.tiles.find((x) => x !== here);
  const others = arena.doors.some((d) => {
    if (state.doors[d.index]?.stuck) return false;
    const [a, b] = d.tiles;
    const shut = state.tiles[a]?.opened === true ? b : state.tiles[b]?.opened === true ? a : -1;
    return shut >= 0 && shut !== across && state.tiles[shut]?.opened !== true;
  });
  return others ? scan : null;
}

/**
 * Setting the bridge override (15.1, `legalBridgeOverride`) when he stands at its console and the
 * Team heads home (`overrideHome`): the doors it came through then stay open behind it. Never
 * while it still hunts or searches: a door Door Check shuts between the Team and the Threats is
 * one they must batter or go round. The policy never lifts it.
 */
function overrideWorthIt(state: FdState, t: Teamer, P: PolicyOptions): FdCommand | null {
  if (!P.overrideHome || state.doorOverride) return null;
  const c = legalBridgeOverride(state, t);
  if (!c?.on || !(homeward(state, P) || objectiveMet(state))) return null;
  return c;
}

/**
 * A comrade out of action whom nobody carries yet and no Threat holds, when this Teamer is the
 * nearest able one to him (ties: team order): he goes to fetch him.
 */
function fallenFor(state: FdState, t: Teamer): Target | null {
  const board = boardOf(state);
  const out = state.rules.pack.combat.teamerWounds;
  for (const id of state.teamOrder) {
    const f = state.teamers[id] as Teamer;
    if (f.x === null || f.y === null || f.left || f.wounds < out.outOfActionAt || f.wounds >= out.deadAt)
      continue;
    if (state.teamOrder.some((o) => state.teamers[o]?.carrying === id)) continue;
    if (state.threatOrder.some((th) => state.threats[th]?.carrying === id)) continue;
    let bestId: string | null = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (const o of state.teamOrder) {
      const c = state.teamers[o] as Teamer;
      if (!able(state, c) || c.carrying !== null || vehicleOfCrew(state, o)) continue;
      const d = board.distance(c.x as number, c.y as number, f.x, f.y);
      if (d < bestD) {
        bestD = d;
        bestId = o;
      }
    }
    if (bestId === t.id) return { x: f.x, y: f.y, ...(f.up === true ? { up: true } : {}) };
  }
  return null;
}

/**
 * The best shot: likeliest kill, then likeliest hit, then no comrade ducking, then nearest (the
 * first in order on a tie). Exported for the test that holds `bestLegalShot` to it.
 */
export function bestShot(shots: readonly LegalShot[]): LegalShot | null {
  let best: LegalShot | null = null;
  for (const s of shots) {
    if (!best) {
      best = s;
      continue;
    }
    const a = s.preview;
    const b = best.preview;
    const better =
      (a.kill ?? a.chance) - (b.kill ?? b.chance) ||
      a.chance - b.chance ||
      b.duckers.length - a.duckers.length ||
      best.range - s.range;
    if (better > 0) best = s;
  }
  return best;
}

/**
 * `bestShot(legalShots(state, t))` with fewer lines of fire traced: the odds of a shot do not depend
 * on its line, so the shots arc, range and ammunition allow (`shotAims`) are previewed best odds
 * first (kill, then hit), one rank of equal odds at a time, and the first rank with a shot the walls
 * let through holds the best one (`bestShot` breaks its ties as before: no comrade ducking, the
 * nearer, the first in order). Most Threats in arc and range stand behind walls.
 */
export function bestLegalShot(state: FdState, t: Teamer): LegalShot | null {
  const aims = shotAims(state, t);
  // Most choices have one shot or none to preview: nothing to rank.
  if (aims.length <= 1) return aims[0] ? aimedShot(state, t, aims[0]) : null;
  const kills = aims.map((aim) => aimOdds(state, t, aim));
  const tried = aims.map(() => false);
  for (let left = aims.length; left > 0; ) {
    // The best odds of the aims not yet tried (odds are never below 0).
    let kill = -1;
    let chance = -1;
    for (let i = 0; i < aims.length; i++) {
      const o = kills[i] as ShotOdds;
      if (tried[i]) continue;
      const k = o.kill ?? o.chance;
      if (k > kill || (k === kill && o.chance > chance)) {
        kill = k;
        chance = o.chance;
      }
    }
    const rank: LegalShot[] = [];
    for (let i = 0; i < aims.length; i++) {
      const o = kills[i] as ShotOdds;
      if (tried[i] || (o.kill ?? o.chance) !== kill || o.chance !== chance) continue;
      tried[i] = true;
      left--;
      const s = aimedShot(state, t, aims[i] as ShotAim);
      if (s) rank.push(s);
    }
    if (rank.length > 0) return bestShot(rank);
  }
  return null;
}

/** The best shot into a ceiling (19, `legalShotsUp`): likeliest kill, then likeliest hit. */
function bestShotUp(state: FdState, t: Teamer): LegalShotUp | null {
  if ((state.ceiling?.order.length ?? 0) === 0) return null;
  let best: LegalShotUp | null = null;
  for (const s of legalShotsUp(state, t))
    if (!best || s.kill > best.kill || (s.kill === best.kill && s.chance > best.chance)) best = s;
  return best;
}

/** A shot up's worth in the same kills as `shotWorth`. */
function upWorth(s: LegalShotUp): number {
  return (s.chance + s.kill) / 2;
}

/**
 * Who stands where, for the grenade's sums, read once per choice of a throw instead of a scan of
 * every figure for each square of each blast: the Threat `threatAt` finds in each square (the
 * first in threat order) and how many Teamers not gone home stand there.
 */
interface BlastFigures {
  readonly threats: (Threat | undefined)[];
  readonly men: Uint8Array;
}

function blastFigures(state: FdState): BlastFigures {
  const arena = arenaOf(state);
  const w = arena.width;
  const threats: (Threat | undefined)[] = new Array(arena.size);
  for (const id of state.threatOrder) {
    const th = state.threats[id] as Threat;
    const sq = th.y * w + th.x;
    if (threats[sq] === undefined) threats[sq] = th;
  }
  const men = new Uint8Array(arena.size);
  for (const id of state.teamOrder) {
    const m = state.teamers[id] as Teamer;
    if (m.x !== null && m.y !== null && !m.left) men[m.y * w + m.x] = (men[m.y * w + m.x] as number) + 1;
  }
  return { threats, men };
}

/**
 * Whether a blast of side `blast` aimed at (x, y) is one the policy would throw: at least
 * `grenadePack` Threats under it and not the thrower himself (`decideShoot`'s square of side
 * `blast`, arena squares only).
 */
function packUnderBlast(
  state: FdState,
  t: Teamer,
  blast: number,
  x: number,
  y: number,
  P: PolicyOptions,
  figures: BlastFigures,
): boolean {
  const arena = arenaOf(state);
  const half = Math.floor(blast / 2);
  let threats = 0;
  for (let by = y - half; by <= y + half; by++)
    for (let bx = x - half; bx <= x + half; bx++) {
      if (!isArenaSquare(arena, bx, by)) continue;
      if (bx === t.x && by === t.y) return false;
      if (figures.threats[by * arena.width + bx]) threats++;
    }
  return threats >= P.grenadePack;
}

/**
 * A grenade throw's worth in Threat kills: each Threat hit is one wound, the share of a kill it is
 * (a whole one on its last wound), less `grenadeComradeCost` per expected hit on a Teamer and
 * `grenadeLoadCost` per load standing aboard the blast reaches;
 * averaged over every scatter die face and direction (`scatterSquares`, the throw's own walk to
 * the arena's edge). Each figure in the blast is hit on the preview's chance. Null when the aimed blast holds fewer than `grenadePack` Threats
 * or the thrower himself.
 */
function grenadeWorth(
  state: FdState,
  t: Teamer,
  s: LegalShot,
  P: PolicyOptions,
  figures: BlastFigures,
): number | null {
  const w = state.rules.weapons[s.command.weapon];
  if (w?.kind !== 'grenade') return null;
  const { x, y } = s.command;
  if (!packUnderBlast(state, t, w.blast, x, y, P, figures)) return null;
  const arena = arenaOf(state);
  const p = s.preview.chance;
  const half = Math.floor(w.blast / 2);
  const loads: number[] = [];
  for (const l of arena.loads)
    if (!state.loads[l.index]?.lost && state.loads[l.index]?.at !== null)
      loads.push(l.square % arena.width, Math.floor(l.square / arena.width));
  // Many scatters end on the same square (at the arena's edge, or no scatter at all): each
  // landing is worked out once per throw. Same sums in the same order, so the same numbers.
  const known = new Map<number, number>();
  const landing = (lx: number, ly: number): number => {
    const key = ly * arena.width + lx;
    const seen = known.get(key);
    if (seen !== undefined) return seen;
    let v = 0;
    // Housekeeping looks for markers in a load's square and the eight around it.
    for (let i = 0; i < loads.length; i += 2) {
      const x0 = loads[i] as number;
      const y0 = loads[i + 1] as number;
      let near = false;
      for (let by = ly - half; by <= ly + half && !near; by++)
        for (let bx = lx - half; bx <= lx + half; bx++)
          if (isArenaSquare(arena, bx, by) && Math.max(Math.abs(x0 - bx), Math.abs(y0 - by)) <= 1) {
            near = true;
            break;
          }
      if (near) v -= P.grenadeLoadCost;
    }
    for (let by = ly - half; by <= ly + half; by++)
      for (let bx = lx - half; bx <= lx + half; bx++) {
        if (!isArenaSquare(arena, bx, by)) continue;
        const sq = by * arena.width + bx;
        const th = figures.threats[sq];
        // A hit is one wound: the share of a kill it is (a whole one on a Threat's last wound).
        if (th) v += p / Math.max(1, (state.rules.species[th.species]?.wounds ?? 1) - th.wounds);
        // One hit's cost for each comrade there, taken one by one as before (the same sums).
        for (let k = figures.men[sq] as number; k > 0; k--) v -= p * P.grenadeComradeCost;
      }
    known.set(key, v);
    return v;
  };
  if (!w.scatter) return landing(x, y);
  // The scatter die is the throw's d6 (`decideShoot`); its direction die has one face per heading.
  const faces = faceValues(D6);
  let total = 0;
  for (const f of faces) {
    const off = scatterSquares(w, t, f);
    if (off === 0) {
      total += landing(x, y) / faces.length;
      continue;
    }
    for (let dir = 0; dir < DXS.length; dir++) {
      let lx = x;
      let ly = y;
      for (let k = 0; k < off; k++) {
        if (!isArenaSquare(arena, lx + (DXS[dir] as number), ly + (DYS[dir] as number))) break;
        lx += DXS[dir] as number;
        ly += DYS[dir] as number;
      }
      total += landing(lx, ly) / faces.length / DXS.length;
    }
  }
  return total;
}

/**
 * A gun shot's worth in the same kills as `grenadeWorth`: the expected share of the target's
 * wounds left it takes, (P(a hit) + P(a kill)) / 2, exact for a Threat with one or two wounds left.
 */
function shotWorth(s: LegalShot): number {
  return (s.preview.chance + (s.preview.kill ?? s.preview.chance)) / 2;
}

/** The best grenade throw worth more than `beat` (see `grenadeWorth`), or null. */
function bestGrenade(state: FdState, t: Teamer, beat: number, P: PolicyOptions): LegalShot | null {
  let best: LegalShot | null = null;
  let bestV = beat;
  // Who stands where, read when the first aim is weighed (most choices weigh none).
  let figures: BlastFigures | null = null;
  // Aims with no pack under the blast are left out before their throw is traced.
  const worthAiming = (weapon: string, x: number, y: number): boolean => {
    const w = state.rules.weapons[weapon];
    if (w?.kind !== 'grenade') return false;
    figures ??= blastFigures(state);
    return packUnderBlast(state, t, w.blast, x, y, P, figures);
  };
  for (const s of legalGrenades(state, t, worthAiming)) {
    figures ??= blastFigures(state);
    const v = grenadeWorth(state, t, s, P, figures);
    if (v !== null && v > bestV) {
      bestV = v;
      best = s;
    }
  }
  return best;
}

const DXS = [0, 1, 1, 1, 0, -1, -1, -1];
const DYS = [-1, -1, 0, 1, 1, 1, 0, -1];

/** The facing (0 = north, clockwise in eighths) that looks most nearly from (x,y) to (tx,ty). */
function facingToward(x: number, y: number, tx: number, ty: number): number {
  let best = 0;
  let bestDot = Number.NEGATIVE_INFINITY;
  const len = Math.hypot(tx - x, ty - y) || 1;
  for (let f = 0; f < 8; f++) {
    const dot =
      ((tx - x) * (DXS[f] as number) + (ty - y) * (DYS[f] as number)) /
      (len * Math.hypot(DXS[f] as number, DYS[f] as number));
    if (dot > bestDot) {
      bestDot = dot;
      best = f;
    }
  }
  return best;
}

/** The exits of a tile's ceiling the Team knows of (19): every hatch, a weak spot once shown. */
function knownExits(state: FdState, tile: number): { x: number; y: number }[] {
  return (ceilingOf(state).exits[tile] ?? []).filter((e) => e.kind === 'hatch' || e.revealed);
}

/**
 * Where a move goes when a ceiling (19) is in the way: a man on the floor fetching a comrade who
 * lies up in a ceiling makes for the nearest LOW square in or next to a known exit of that tile
 * (`climbRefusal`'s footing), a man up there with that comrade in reach of his crawl makes for
 * him, and a man up there for any other goal (carrying him home, say) makes for the nearest known
 * exit of his tile to climb down. Null: the floor goal stands.
 */
function ceilingGoal(state: FdState, t: Teamer, g: Target): Target | null {
  if (t.x === null || t.y === null) return null;
  const board = boardOf(state);
  const tile = board.tileAt(t.x, t.y);
  if (t.up === true) {
    if (g.up && t.carrying === null && board.tileAt(g.x, g.y) === tile) return g;
    return nearest(board, t, knownExits(state, tile));
  }
  if (!g.up) return null;
  const arena = arenaOf(state);
  const w = arena.width;
  const feet: Target[] = [];
  for (const e of knownExits(state, board.tileAt(g.x, g.y)))
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = e.x + dx;
        const y = e.y + dy;
        if (!isArenaSquare(arena, x, y) || board.heightAt(x, y) !== 'low') continue;
        if ((dx !== 0 || dy !== 0) && !inContact(state, y * w + x, e.y * w + e.x)) continue;
        feet.push({ x, y });
      }
  return nearest(board, t, feet);
}

/**
 * A climb the moving Teamer takes now (19, only what `legalClimbs` lists): up into the ceiling of
 * the fallen comrade he fetches, or down through the exit he stands above when his goal is below.
 */
function climbNow(state: FdState, t: Teamer, g: Target): FdCommand | null {
  const climbs = legalClimbs(state);
  if (climbs.length === 0) return null;
  const board = boardOf(state);
  if (t.up === true) {
    const stay =
      g.up && t.carrying === null && board.tileAt(g.x, g.y) === board.tileAt(t.x as number, t.y as number);
    return stay ? null : (climbs[0] ?? null);
  }
  if (!g.up) return null;
  return climbs.find((c) => board.tileAt(c.x, c.y) === board.tileAt(g.x, g.y)) ?? null;
}

/** The next command of the Teamer whose move is under way. */
function moveStep(state: FdState, t: Teamer, P: PolicyOptions): FdCommand {
  const m = state.move as NonNullable<FdState['move']>;
  if (m.vehicleId !== undefined) return driveCommand(state, !homeward(state, P));
  const wanted = goal(state, t, P);
  const climb = climbNow(state, t, wanted);
  if (climb) return climb;
  const g = ceilingGoal(state, t, wanted) ?? wanted;
  // Through a doorway on the way home with a Threat behind: stop in its zone to shut it with the
  // chit left (`shutPlan`; he is on the near side, so he need not dive).
  if (m.steps >= 1 && readyChit(t) !== null && shutPlan(state, t, wanted, readyLeft(t), P)) {
    const th = nearestThreat(state, t.x as number, t.y as number);
    return th && !t.ducked && (th.x !== t.x || th.y !== t.y)
      ? { type: 'endMove', teamerId: t.id, facing: facingToward(t.x as number, t.y as number, th.x, th.y) }
      : { type: 'endMove', teamerId: t.id };
  }
  const steps = legalSteps(state);
  if (t.x === null || t.y === null) {
    // On the bridge: board if the entry square has room; go back only once the Team heads home
    // (a Teamer who turned back early left his comrades a man short for the whole mission).
    const on = steps.find((s) => !s.bridge);
    if (on && !homeward(state, P) && threatsNearEntry(state) <= P.boardPast) return on;
    // A Threat sitting in the entry square may never leave it: then the Team gives up boarding.
    const blocked = state.threatOrder.some((id) => {
      const th = state.threats[id];
      return th?.x === state.entry.x && th.y === state.entry.y;
    });
    if (homeward(state, P) || (blocked && state.turn > 3)) {
      const back = steps.find((s) => s.bridge);
      if (back) return back;
    }
    return { type: 'endMove', teamerId: t.id };
  }
  if (g.home && t.x === g.x && t.y === g.y) {
    const bridge = steps.find((s) => s.bridge);
    if (bridge) return bridge;
  }
  // Steps by the route field (route.ts); where the goal is out of its reach, by the 13.2 distance.
  const arena = arenaOf(state);
  const field = routeField(arena, g.y * arena.width + g.x, stuckDoors(state), droneSquares(state));
  const board = boardOf(state);
  const far = (x: number, y: number) => {
    // Up in a ceiling a man crawls by king steps within its tile: the route field is the floor's.
    if (t.up === true) return Math.max(Math.abs(x - g.x), Math.abs(y - g.y));
    const r = field[y * arena.width + x] as number;
    return r >= 0 ? r : 1000 + board.distance(x, y, g.x, g.y);
  };
  let best: FdCommand | null = null;
  let bestD = far(t.x, t.y);
  for (const s of steps) {
    if (s.bridge || s.x === undefined || s.y === undefined) continue;
    const d = far(s.x, s.y);
    if (d < bestD) {
      bestD = d;
      best = s;
    }
  }
  if (best) return best;
  // No step gets nearer: end the move, looking at the nearest Threat (else along the way to the goal).
  if (m.steps >= 1 && !t.ducked) {
    let tx = g.x;
    let ty = g.y;
    let bestT = Number.POSITIVE_INFINITY;
    for (const id of state.threatOrder) {
      const th = state.threats[id];
      if (!th) continue;
      const d = Math.max(Math.abs(th.x - t.x), Math.abs(th.y - t.y));
      if (d < bestT) {
        bestT = d;
        tx = th.x;
        ty = th.y;
      }
    }
    if (tx !== t.x || ty !== t.y)
      return { type: 'endMove', teamerId: t.id, facing: facingToward(t.x, t.y, tx, ty) };
  }
  return { type: 'endMove', teamerId: t.id };
}

/** A marked load in that square, not yet found tampered. */
function isMarkedLoad(state: FdState, c: { x?: number | undefined; y?: number | undefined }): boolean {
  const arena = arenaOf(state);
  const i = arena.loadAt[(c.y as number) * arena.width + (c.x as number)] as number;
  return arena.loads[i]?.marked === true && !foundTampered(state, i);
}

/**
 * A load examined and found tampered (18): it pays as a lost one whatever the Team does, so the
 * policy leaves it where it stands. Only what an examination showed is read (`view.ts` hides the
 * rest).
 */
function foundTampered(state: FdState, load: number): boolean {
  const l = state.loads[load];
  return l?.examined === true && l.tampered === true;
}

/**
 * Before picking up a load when the pack tampers with loads (pack `cargoTampering`): examine it
 * first if nobody has (an Other Action), so a tampered one is left behind.
 */
function examineFirst(
  state: FdState,
  tasks: readonly CommandOf<'task'>[],
  c: CommandOf<'carry'>,
): CommandOf<'task'> | null {
  if (c.comradeId !== undefined || state.rules.pack.campaign.cargoTampering.tamperedOn.length === 0)
    return null;
  const arena = arenaOf(state);
  const i = arena.loadAt[(c.y as number) * arena.width + (c.x as number)] as number;
  if (state.loads[i]?.examined === true) return null;
  return tasks.find((x) => x.task === 'examineLoad' && x.x === c.x && x.y === c.y) ?? null;
}

/** The door he came for, or a shut one in the way to his goal, if he can open it from here. */
function doorOnTheWay(state: FdState, t: Teamer, P: PolicyOptions): FdCommand | null {
  let doors = legalDoorOps(state, t).filter((d) => d.open);
  if (doors.length === 0) return null;
  const g = goal(state, t, P);
  // Never opens a module sealed off while it outnumbers the Team (`sealOutnumbered`), unless his
  // way home goes through it.
  const sealed = P.sealOutnumbered && !g.home ? sealedOff(state) : null;
  if (sealed) {
    const arena = arenaOf(state);
    const own = arena.tileOf[(t.y as number) * arena.width + (t.x as number)];
    doors = doors.filter((d) => {
      const g = arena.doors[d.door];
      return !g || !sealed.has(g.tiles[0] === own ? g.tiles[1] : g.tiles[0]);
    });
    if (doors.length === 0) return null;
  }
  const aimed = doors.find((d) => d.door === g.door);
  if (aimed) return aimed;
  // A door is on the way when its far side is nearer the goal by the route field (route.ts).
  const arena = arenaOf(state);
  const field = routeField(arena, g.y * arena.width + g.x, stuckDoors(state), droneSquares(state));
  const here = (t.y as number) * arena.width + (t.x as number);
  const d0 = field[here] as number;
  for (const op of doors) {
    const geo = arena.doors[op.door];
    const across = geo?.sides.some((sd) => {
      const other = sd.a === here ? sd.b : sd.b === here ? sd.a : -1;
      return other >= 0 && (field[other] as number) >= 0 && (d0 < 0 || (field[other] as number) < d0);
    });
    if (across) return op;
  }
  return null;
}

/**
 * A door worth shutting behind the Team as it heads home (15.1), with the men who dive under it as
 * it closes (15.2): the door is open, he stands in its zone, and a Threat within `shutRange` stands
 * in the tile beyond it (the side farther from home by the route field). Every man on that side, or
 * farther from home than the doorway, must be able to dive: standing in one of its aperture squares
 * with room opposite (`legalDivers`) and a chit to pay with (the closer his second one, `chits`
 * being his READY chits left), so nobody is shut out and nobody dives on a fumble test that may
 * kill him. Null: no such door.
 */
function shutPlan(
  state: FdState,
  t: Teamer,
  g: Target,
  chits: number,
  P: PolicyOptions,
): { door: number; divers: string[] } | null {
  if (P.shutRange < 0 || !g.home || t.x === null || t.y === null || t.up === true) return null;
  const arena = arenaOf(state);
  const w = arena.width;
  const here = t.y * w + t.x;
  let field: Int16Array | null = null;
  for (const geo of doorsAround(arena, here)) {
    const d = state.doors[geo.index];
    if (!d?.open || d.stuck || d.jammed) continue;
    field ??= routeField(arena, g.y * w + g.x, stuckDoors(state), droneSquares(state));
    // The doorway's far side: the aperture squares farther from home.
    const s0 = geo.sides[0];
    if (!s0) continue;
    const va = field[s0.a] as number;
    const vb = field[s0.b] as number;
    if (va < 0 || vb < 0 || va === vb) continue;
    const farTile = arena.tileOf[va > vb ? s0.a : s0.b];
    const farV = Math.max(va, vb);
    if (!threatInTileWithin(state, t, farTile as number, P.shutRange)) continue;
    const can = legalDivers(state, geo.index);
    const divers: string[] = [];
    const shutOut = state.teamOrder.some((id) => {
      const m = state.teamers[id] as Teamer;
      if (m.x === null || m.y === null || m.left || isCarried(state, id)) return false;
      const sq = m.y * w + m.x;
      const v = field?.[sq] ?? -1;
      if (arena.tileOf[sq] !== farTile && v < farV) return false;
      const paid = m.id === t.id ? chits >= 2 : waitChit(m) !== null || readyChit(m) !== null;
      if (!paid || !can.includes(id)) return true;
      divers.push(id);
      return false;
    });
    if (!shutOut) return { door: geo.index, divers };
  }
  return null;
}

/**
 * Crushing a Threat as it starts across a doorway (15.3), naming the comrades who dive under the
 * door as it shuts (15.2), as `shutPlan` does for its own shuts: each man in an aperture square on
 * the Threat's side (its tile) who may dive (`legalDivers`) and has a chit to pay with (the closer
 * a READY one: his WAIT chit pays the crush), so nobody is left on the Threats' side of a door he
 * could have crossed and nobody dives on the fumble test that kills him when failed.
 */
function crushCommand(state: FdState, t: Teamer, threatId: string, door: number): CommandOf<'crush'> {
  const th = state.threats[threatId];
  const can = th ? legalDivers(state, door) : [];
  // Lying down he stands up with the WAIT chit that shuts the door (10.2).
  const standUp = t.ducked ? { standUp: true as const } : {};
  if (!th || can.length === 0) return { type: 'crush', teamerId: t.id, ...standUp };
  const arena = arenaOf(state);
  const w = arena.width;
  const side = arena.tileOf[th.y * w + th.x];
  const divers = can.filter((id) => {
    const m = state.teamers[id] as Teamer;
    if (arena.tileOf[(m.y as number) * w + (m.x as number)] !== side) return false;
    return m.id === t.id ? readyChit(m) !== null : waitChit(m) !== null || readyChit(m) !== null;
  });
  return { type: 'crush', teamerId: t.id, ...standUp, ...(divers.length > 0 ? { divers } : {}) };
}

/** A Threat standing in that tile within `range` squares (13.2 distance) of him. */
function threatInTileWithin(state: FdState, t: Teamer, tile: number, range: number): boolean {
  const arena = arenaOf(state);
  const board = boardOf(state);
  return state.threatOrder.some((id) => {
    const th = state.threats[id];
    return (
      th !== undefined &&
      arena.tileOf[th.y * arena.width + th.x] === tile &&
      board.distance(t.x as number, t.y as number, th.x, th.y) <= range
    );
  });
}

/** How many READY chits he has left. */
function readyLeft(t: Teamer): number {
  return (t.chits[0] === 'READY' ? 1 : 0) + (t.chits[1] === 'READY' ? 1 : 0);
}

/** Shutting the door behind him now (`shutPlan`), when the rules list the shut (`legalDoorOps`). */
function shutBehind(state: FdState, t: Teamer, P: PolicyOptions): FdCommand | null {
  if (P.shutRange < 0 || t.x === null || t.y === null) return null;
  // Most activations stand in no open doorway: that is asked first, with nothing made.
  const arena = arenaOf(state);
  const here = t.y * arena.width + t.x;
  if (!doorsAround(arena, here).some((g) => state.doors[g.index]?.open === true)) return null;
  const plan = shutPlan(state, t, goal(state, t, P), readyLeft(t), P);
  if (!plan || !legalDoorOps(state, t).some((d) => !d.open && d.door === plan.door)) return null;
  return {
    type: 'operateDoor',
    teamerId: t.id,
    door: plan.door,
    open: false,
    ...(plan.divers.length > 0 ? { divers: plan.divers } : {}),
  };
}

/** Able Teamers of the Team (aboard or still on the bridge, not out of action, not gone home). */
function ableAboard(state: FdState): number {
  const outAt = state.rules.pack.combat.teamerWounds.outOfActionAt;
  let n = 0;
  for (const id of state.teamOrder) {
    const o = state.teamers[id] as Teamer;
    if (!o.left && o.wounds < outAt) n++;
  }
  return n;
}

/** Threats standing in each tile, by tile index. */
function threatsByTile(state: FdState): Map<number, number> {
  const arena = arenaOf(state);
  const out = new Map<number, number>();
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (!th) continue;
    const tile = arena.tileOf[th.y * arena.width + th.x] as number;
    out.set(tile, (out.get(tile) ?? 0) + 1);
  }
  return out;
}

/**
 * The modules sealed off while they outnumber the Team (`sealOutnumbered`): tiles with more
 * Threats than the Team has able men, every door of them shut, and no Teamer in them (the Team
 * fights where it stands).
 */
function sealedOff(state: FdState): Set<number> | null {
  const able = ableAboard(state);
  // Most states: too few Threats on the board to outnumber the Team anywhere.
  if (state.threatOrder.length <= able) return null;
  const arena = arenaOf(state);
  let out: Set<number> | null = null;
  for (const [tile, n] of threatsByTile(state)) {
    if (n <= able) continue;
    if (arena.doors.some((g) => (g.tiles[0] === tile || g.tiles[1] === tile) && state.doors[g.index]?.open))
      continue;
    const inIt = state.teamOrder.some((id) => {
      const m = state.teamers[id] as Teamer;
      return m.x !== null && m.y !== null && !m.left && arena.tileOf[m.y * arena.width + m.x] === tile;
    });
    if (inIt) continue;
    out ??= new Set();
    out.add(tile);
  }
  return out;
}

/**
 * Sealing a module while the Team still hunts (`sealOutnumbered`, 15.1): he stands in the zone of
 * an open door (not stuck or jammed, the rules list its shut) on his own tile's side, the tile
 * across it holds more Threats than the Team has able men aboard, one of them within `shutRange`
 * of him, and every comrade over there stands where he may dive through with a chit to pay
 * (`legalDivers`), as `shutPlan` asks, so nobody is shut in with them.
 */
function sealDoor(state: FdState, t: Teamer, P: PolicyOptions): FdCommand | null {
  if (!P.sealOutnumbered || P.shutRange < 0 || t.x === null || t.y === null || t.up === true) return null;
  const arena = arenaOf(state);
  const w = arena.width;
  const here = t.y * w + t.x;
  const own = arena.tileOf[here] as number;
  let byTile: Map<number, number> | null = null;
  for (const geo of doorsAround(arena, here)) {
    const d = state.doors[geo.index];
    if (!d?.open || d.stuck || d.jammed) continue;
    const far = geo.tiles[0] === own ? geo.tiles[1] : geo.tiles[0];
    byTile ??= threatsByTile(state);
    if ((byTile.get(far) ?? 0) <= ableAboard(state)) continue;
    if (
      !threatInTileWithin(state, t, far, P.shutRange) ||
      !legalDoorOps(state, t).some((o) => !o.open && o.door === geo.index)
    )
      continue;
    const can = legalDivers(state, geo.index);
    const divers: string[] = [];
    const shutIn = state.teamOrder.some((id) => {
      const m = state.teamers[id] as Teamer;
      if (m.x === null || m.y === null || m.left || isCarried(state, id)) return false;
      if (arena.tileOf[m.y * w + m.x] !== far) return false;
      const paid = waitChit(m) !== null || readyChit(m) !== null;
      if (!paid || !can.includes(id)) return true;
      divers.push(id);
      return false;
    });
    // On his way home he shuts only what `shutPlan` allows: a seal there would be opened again.
    if (shutIn || goal(state, t, P).home) continue;
    return {
      type: 'operateDoor',
      teamerId: t.id,
      door: geo.index,
      open: false,
      ...(divers.length > 0 ? { divers } : {}),
    };
  }
  return null;
}

/** Threats within 2 squares (13.2) of the entry square. */
function threatsNearEntry(state: FdState): number {
  const board = boardOf(state);
  let n = 0;
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (th && board.distance(state.entry.x, state.entry.y, th.x, th.y) <= 2) n++;
  }
  return n;
}

/** The last doors' record asked about and its doors stuck shut (a door event makes a new record). */
let stuckOf: { doors: FdState['doors']; stuck: number[] } | null = null;

/** The doors stuck shut, in index order (the route goes round them). */
function stuckDoors(state: FdState): number[] {
  if (stuckOf?.doors === state.doors) return stuckOf.stuck;
  const out: number[] = [];
  state.doors.forEach((d, i) => {
    if (d.stuck && !d.open) out.push(i);
  });
  stuckOf = { doors: state.doors, stuck: out };
  return out;
}

/** The last drones' list asked about (and its arena) with their squares. */
let dronesOf: { drones: FdState['drones']; width: number; squares: number[] } | null = null;

/** The squares drone guns stand in (machines: the route goes round them). */
function droneSquares(state: FdState): number[] {
  const w = arenaOf(state).width;
  if (dronesOf?.drones === state.drones && dronesOf.width === w) return dronesOf.squares;
  const squares = state.drones.map((d) => d.y * w + d.x);
  dronesOf = { drones: state.drones, width: w, squares };
  return squares;
}

/** A Threat within `range` squares (13.2 distance) of him. */
function threatWithin(state: FdState, t: Teamer, range: number): boolean {
  if (t.x === null || t.y === null) return false;
  const th = nearestThreat(state, t.x, t.y);
  return th !== null && th.d <= range;
}

/** The nearest Threat to (x, y) by 13.2 distance, with that distance (first in threat order on ties). */
function nearestThreat(state: FdState, x: number, y: number): { x: number; y: number; d: number } | null {
  const board = boardOf(state);
  let best: { x: number; y: number; d: number } | null = null;
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (!th) continue;
    const d = board.distance(x, y, th.x, th.y);
    if (!best || d < best.d) best = { x: th.x, y: th.y, d };
  }
  return best;
}

/**
 * Position juggling (8.4): at the start of his activation a sound man swaps places with a wounded
 * stack-mate who stands on the side toward the nearest Threat (within `juggleRange`), so the sound
 * man takes the fire of a Threat's gun and stands ahead in the square for his own shots.
 */
function juggleWorthIt(state: FdState, t: Teamer, P: PolicyOptions): FdCommand | null {
  if (t.x === null || t.y === null || t.wounds > 0 || t.chits[0] !== 'READY') return null;
  const th = nearestThreat(state, t.x, t.y);
  if (!th || th.d > P.juggleRange) return null;
  for (const j of legalJuggles(state, t)) {
    const p = state.teamers[j.partnerId] as Teamer;
    if (p.wounds === 0) continue;
    const toward = (m: Teamer) => {
      const q = positionPoint({ facing: m.facing, position: m.position });
      return q.x * (th.x - (t.x as number)) + q.y * (th.y - (t.y as number));
    };
    if (toward(p) > toward(t)) return j;
  }
  return null;
}

/**
 * Setting up his drone gun (8.5) once a Threat is within `droneRange`: in the free square next to
 * him nearest that Threat, out of every door's zone, facing it (the route then goes round it).
 */
function droneSetUp(state: FdState, t: Teamer, P: PolicyOptions): FdCommand | null {
  if (t.x === null || t.y === null) return null;
  // A walking drone gun already set up is walked (`droneWalk`), never set up afresh.
  if (state.drones.some((d) => d.owner === t.id)) return null;
  const th = nearestThreat(state, t.x, t.y);
  if (!th || th.d > P.droneRange) return null;
  const setups = legalDroneSetups(state, t);
  if (setups.length === 0) return null;
  const board = boardOf(state);
  const arena = arenaOf(state);
  let best: FdCommand | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const c of setups) {
    if (c.facing !== facingToward(c.x, c.y, th.x, th.y)) continue;
    // Never in a door's zone: a machine there would bar the door's way for the rest of the mission.
    const sq = c.y * arena.width + c.x;
    if (doorsAround(arena, sq).length > 0) continue;
    const d = board.distance(c.x, c.y, th.x, th.y);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/**
 * Walking his drone gun ahead of the Team (24.9, `directDrone`): with the first chit of his
 * activation (the second still moves him), while the Threat nearest the drone is farther than
 * `droneStandOff` from it, to the square it reaches nearest that Threat, out of every door's zone,
 * facing it. Only a walk that brings it nearer; the drone then shoots in the Threat phase.
 */
function droneWalk(state: FdState, t: Teamer, P: PolicyOptions): FdCommand | null {
  if (t.chits[0] !== 'READY') return null;
  const drone = state.drones.find((d) => d.owner === t.id);
  if (!drone?.walking || drone.power <= 0) return null;
  const th = nearestThreat(state, drone.x, drone.y);
  if (!th || th.d <= P.droneStandOff) return null;
  const board = boardOf(state);
  const arena = arenaOf(state);
  let best: FdCommand | null = null;
  let bestD = th.d;
  for (const c of legalDroneDirections(state, t)) {
    // Never in a door's zone: a machine there would bar the door's way.
    const sq = c.y * arena.width + c.x;
    if (doorsAround(arena, sq).length > 0) continue;
    const d = board.distance(c.x, c.y, th.x, th.y);
    if (d < bestD) {
      bestD = d;
      best = { ...c, facing: facingToward(c.x, c.y, th.x, th.y) };
    }
  }
  return best;
}

/** An activated Teamer's next action, or null when he has nothing worth a chit. */
function action(state: FdState, t: Teamer, P: PolicyOptions): FdCommand | null {
  if (t.up === true) {
    // Up in a ceiling (19): he shoots or grapples a Threat up there in reach, picks up the fallen
    // comrade in reach, else moves (to him, or to an exit to climb down); the floor's actions are
    // not his to give up there.
    const up = bestShotUp(state, t);
    if (up) return up.command;
    const grappleUp = legalGrapplesUp(state, t)[0];
    if (grappleUp) return grappleUp;
    const carry = legalCarries(state, t).find((c) => c.comradeId !== undefined);
    if (carry) return carry;
    return canMove(state, t) ? { type: 'move', teamerId: t.id } : null;
  }
  if (t.carrying !== null || t.cargo !== null) {
    // Taking a comrade or a pod home: shut the door behind him on a Threat, open a shut one in the
    // way, else walk on.
    const door = shutBehind(state, t, P) ?? doorOnTheWay(state, t, P);
    if (door) return door;
    return canMove(state, t) ? { type: 'move', teamerId: t.id } : null;
  }
  if (vehicleOfCrew(state, t.id)) {
    // Riding: the vehicle plan (drive.ts), else a shot from the cab; he cannot walk from a seat.
    return (
      (P.driver === t.id ? vehicleAction(state, t, !homeward(state, P)) : null) ??
      bestLegalShot(state, t)?.command ??
      null
    );
  }
  const juggle = juggleWorthIt(state, t, P);
  if (juggle) return juggle;
  // Heading home with Threats behind, or outnumbered by the module across: a door between them
  // beats a shot.
  const shut = shutBehind(state, t, P) ?? sealDoor(state, t, P);
  if (shut) return shut;
  const shot = bestLegalShot(state, t);
  const grenade = bestGrenade(state, t, shot ? shotWorth(shot) : 0, P);
  if (grenade) return grenade.command;
  // A Threat up in a ceiling (19) is shot at from below when that is the better shot.
  const up = bestShotUp(state, t);
  if (up && (!shot || upWorth(up) > shotWorth(shot))) return up.command;
  if (shot) return shot.command;
  const grapple = legalGrapples(state, t)[0];
  if (grapple) return grapple;
  const drone = droneSetUp(state, t, P) ?? droneWalk(state, t, P);
  if (drone) return drone;
  const ride = P.driver === t.id ? vehicleAction(state, t, !homeward(state, P)) : null;
  if (ride) return ride;
  const carries = legalCarries(state, t);
  const carry =
    carries.find((c) => c.comradeId !== undefined) ??
    (wantsLoads(state)
      ? carries.find((c) => c.comradeId === undefined && isMarkedLoad(state, c))
      : undefined);
  const tasks = legalTasks(state, t);
  if (carry) return examineFirst(state, tasks, carry) ?? carry;
  const task =
    tasks.find((c) => c.task === 'clearSource') ??
    (wantsConsole(state) ? tasks.find((c) => c.task === 'console') : undefined) ??
    tasks.find((c) => c.task === 'examineChit') ??
    tasks.find((c) => c.task === 'reload' && c.weapon !== undefined && (t.ammo[c.weapon] ?? 1) <= 0);
  if (task) return task;
  const scan = scanWorthIt(state, t, P);
  if (scan) return scan;
  const override = overrideWorthIt(state, t, P);
  if (override) return override;
  const door = doorOnTheWay(state, t, P);
  if (door) return door;
  if (t.ducked) {
    const up = tasks.find((c) => c.task === 'standUp');
    if (up) return up;
  }
  if (canWait(state, t) && threatWithin(state, t, P.coverRange)) return { type: 'wait', teamerId: t.id };
  if (canMove(state, t)) return { type: 'move', teamerId: t.id };
  return null;
}

/**
 * Before boarding: with `teams` above 1 the Team splits in team order into runs as even as they go
 * (5 in 2: three and two), then each team is taken by a seat of its own (`seatFor`); then it boards.
 */
function briefing(state: FdState, P: PolicyOptions): FdCommand {
  if (P.teams > 1) {
    const mt = state.multiTeam;
    if (!mt) {
      const ids = state.teamOrder;
      const n = Math.min(P.teams, ids.length);
      const teams = Array.from({ length: n }, (_, i) =>
        ids.slice(Math.floor((i * ids.length) / n), Math.floor(((i + 1) * ids.length) / n)),
      );
      return { type: 'formTeams', teams, opposed: P.opposed };
    }
    const free = mt.teams.findIndex((_, i) => teamSeat(state, i) === null);
    if (free >= 0) return { type: 'claimTeam', team: free };
  }
  return { type: 'board' };
}

/**
 * Multi-team play (21): once a team has played out its cards of the round (between activations
 * in the Team phase, or in the exploration stop before the next round for a team that played
 * last), its player lays out the next round's deck: the member nearest a Threat (13.2 distance)
 * first, so the man with the best chance of a shot or the most need to get clear acts before the
 * Threats' cards come up; members with no Threat on the board keep team order, and men still on
 * the bridge come last.
 */
function deckToLay(state: FdState): FdCommand | null {
  const mt = state.multiTeam;
  if (!mt || (state.phase !== 'team' && state.phase !== 'exploration')) return null;
  if (state.move || state.interrupt || state.activation) return null;
  const board = boardOf(state);
  const nearness = (id: string): number => {
    const t = state.teamers[id] as Teamer;
    if (t.x === null || t.y === null) return Number.MAX_SAFE_INTEGER;
    let best = Number.MAX_SAFE_INTEGER - 1;
    for (const th of state.threatOrder) {
      const o = state.threats[th];
      if (o) best = Math.min(best, board.distance(t.x, t.y, o.x, o.y));
    }
    return best;
  };
  for (let team = 0; team < mt.teams.length; team++) {
    if (mt.teams[team]?.deck !== null || deckInPlay(state, team)) continue;
    const members = deckMembers(state, team);
    if (members.length === 0) continue;
    // A stable sort: ties keep team order.
    const order = members
      .map((id) => ({ id, d: nearness(id) }))
      .sort((a, b) => a.d - b.d)
      .map((m) => m.id);
    return { type: 'layDeck', team, order };
  }
  return null;
}

/** The seat each team's player sits in when the policy plays several teams. */
export function teamSeatId(team: number): string {
  return `team${team + 1}`;
}

/**
 * Who sends a command (21): in a multi-team game a team's own seat for its Teamers, a team's claim
 * and the run of a Threat called to it; the table's seat (`seat`) for the rest (boarding, the
 * phases' ends) and in a one-team game.
 */
export function seatFor(state: FdState, command: FdCommand, seat: Seat): Seat {
  const mt = state.multiTeam;
  if (!mt) return seat;
  let seatId: string | null = null;
  if (command.type === 'claimTeam') seatId = teamSeatId(command.team);
  else if (command.type === 'runThreat') seatId = mt.call ? teamSeat(state, mt.call.team) : null;
  else if (command.type === 'layDeck') seatId = teamSeat(state, command.team);
  else if ('teamerId' in command && typeof command.teamerId === 'string')
    seatId = state.teamers[command.teamerId]?.seatId ?? null;
  return seatId === null || seatId === seat.seatId ? seat : { seatId, role: 'player' };
}

/** The policy's next command, or null when it has nothing to send (the game is over). */
export function chooseCommand(state: FdState, P: PolicyOptions = DEFAULT_POLICY): FdCommand | null {
  if (state.phase === 'ended') return null;
  // 21: a called Threat or ambush holds the table until its seat runs it (`seatFor` sends it).
  if (state.multiTeam?.call?.run === false) return { type: 'runThreat' };
  if (state.phase === 'briefing') return briefing(state, P);
  const deck = deckToLay(state);
  if (deck) return deck;
  if (state.phase === 'exploration') return { type: 'endExploration' };
  if (state.move) return moveStep(state, state.teamers[state.move.teamerId] as Teamer, P);
  if (state.interrupt) {
    const i = state.interrupt;
    for (const id of i.teamerIds) {
      const t = state.teamers[id] as Teamer;
      // Up in a ceiling (19) the floor's crush, shots and grapples are not his: he holds.
      if (t.up === true) continue;
      if (i.trigger === 'crossing' && i.door !== undefined) return crushCommand(state, t, i.threatId, i.door);
      const shot = bestLegalShot(state, t);
      const grenade = bestGrenade(state, t, shot ? shotWorth(shot) : 0, P);
      if (grenade) return grenade.command;
      if (shot) return shot.command;
      const grapple = legalGrapples(state, t)[0];
      if (grapple) return grapple;
    }
    const first = i.teamerIds[0];
    return first === undefined ? null : { type: 'holdWait', teamerId: first };
  }
  if (state.activation) {
    for (const id of state.activation.teamerIds) {
      const t = state.teamers[id] as Teamer;
      if (readyChit(t) === null) continue;
      const c = action(state, t, P);
      if (c) return c;
    }
    const first = state.activation.teamerIds[0];
    return first === undefined ? null : { type: 'endActivation', teamerId: first };
  }
  const next = nextInOrder(state);
  if (next !== null) return { type: 'activate', teamerId: next };
  // Between activations a waiting Teamer may shoot with his WAIT chit; otherwise the phase ends.
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    if (waitChit(t) === null) continue;
    // Up in a ceiling (19) only a shot at a Threat up there is his.
    const shot = t.up === true ? null : bestLegalShot(state, t);
    const grenade = t.up === true ? null : bestGrenade(state, t, shot ? shotWorth(shot) : 0, P);
    if (grenade) return grenade.command;
    const up = bestShotUp(state, t);
    if (up && (!shot || upWorth(up) > shotWorth(shot))) return up.command;
    if (shot) return shot.command;
  }
  return { type: 'endTeamPhase' };
}

/** The policy's next command and its events, or null when it has nothing to do (the game is over). */
export function policyStep(
  state: FdState,
  ctx: DecideContext,
  options: PolicyOptions = DEFAULT_POLICY,
): PolicyStep | null {
  const command = chooseCommand(state, options);
  if (!command) return null;
  const sent = send(state, ctx, command);
  if (sent) return sent;
  // Only if legal.ts missed a check (counted in policyStats): the turn's own ways on, in order.
  const fallbacks: FdCommand[] = [];
  if (state.move) fallbacks.push({ type: 'endMove', teamerId: state.move.teamerId });
  for (const id of state.interrupt?.teamerIds ?? []) fallbacks.push({ type: 'holdWait', teamerId: id });
  for (const id of state.activation?.teamerIds ?? []) fallbacks.push({ type: 'endActivation', teamerId: id });
  fallbacks.push({ type: 'endTeamPhase' });
  for (const c of fallbacks) {
    const r = send(state, ctx, c);
    if (r) return r;
  }
  return null;
}
