import { inFrontArc } from '../../engine/board/square-grid.ts';
import type { DiceSource } from '../../engine/dice/source.ts';
import { RuleError } from '../../engine/rule-error.ts';
import { isArenaSquare } from './arena/model.ts';
import { arenaOf, arenaStateOf, boardOf, inSight } from './board-adapter.ts';
import { grappleDice, seizePrey, woundTeamer } from './combat.ts';
import type { CommandOf } from './commands.ts';
import { d6, rollAmount, rollOff } from './dice.ts';
import type { Draft } from './draft.ts';
import type { CeilingExitRoll, CeilingWhy, CoreEvent } from './events.ts';
import { euclid, facingToward, isCarried, teamersAt, teamersOnBoard, threatAt } from './figures.ts';
import { afterStep } from './movement.ts';
import {
  type CeilingExit,
  type CeilingState,
  type FdState,
  laden,
  type Teamer,
  type Threat,
  withTeamer,
} from './state.ts';
import { bingeTest, raiseBinge } from './stress.ts';
import type { ClimbGoal, ThreatAction } from './threat/index.ts';
import { chitFor, requireActor, spendChit, teamerOrThrow } from './turn.ts';
import { inContact, worldOf } from './world-adapter.ts';

/**
 * The extension "They're in the ceiling!" (digest 19), on only with the pack's
 * `options.switches.ceiling`; its numbers are the pack's `options.ceiling`.
 *
 * - A tile is rolled for a ceiling level when first opened (its Threats are placed then); a level
 *   gets the pack's number of exits, each diced onto a square of the tile like a Threat and then
 *   rolled hatch or weak spot. Players see hatches; a weak spot only once a Threat drops through it.
 * - A Threat placed on such a tile goes up into the ceiling on `upOn`+, above its own square. Up
 *   there it is out of the floor's `threats`: nothing below sees it, blocks on it, or is reached by
 *   it, and the floor AI never knows of it.
 * - At the start of each Threat phase (before the floor's order is fixed) each ceiling Threat, in
 *   the order it went up, rolls its species' move and crawls (king steps, one point each, within its
 *   tile's ceiling, never through another ceiling Threat) to an exit in or next to a Teamer's square
 *   and drops on him, grappling him (the digest's "attack from above" reading); with nobody below
 *   to drop on it crawls to the nearest exit and drops, to attack from the floor later. Dropping
 *   is its activation for the turn. Exits are chosen by fewest steps, then a roll-off.
 * - Teamers shoot up with `shoot` `up: true`: only at a ceiling Threat within `bioSensorRange` of
 *   a Teamer carrying the Bio-Sensor; guns that fire through the ceiling (HAR, HEMG) anywhere, and
 *   the weapons that hit a hatch (flamer, grenade, shotgun) only on a hatch square.
 */

export function ceilingOn(state: FdState): boolean {
  return state.rules.pack.options.switches.ceiling === true;
}

const EMPTY: CeilingState = { levels: {}, exits: {}, threats: {}, order: [] };

export function ceilingOf(state: FdState): CeilingState {
  return state.ceiling ?? EMPTY;
}

/** Whether the tile has a ceiling level. */
export function hasLevel(state: FdState, tile: number): boolean {
  return ceilingOf(state).levels[tile] === true;
}

export function ceilingThreatOf(state: FdState, id: string): Threat | undefined {
  const c = ceilingOf(state);
  return Object.hasOwn(c.threats, id) ? c.threats[id] : undefined;
}

export function ceilingThreatAt(state: FdState, x: number, y: number): Threat | undefined {
  const c = ceilingOf(state);
  for (const id of c.order) {
    const t = c.threats[id] as Threat;
    if (t.x === x && t.y === y) return t;
  }
  return undefined;
}

export function exitAt(state: FdState, x: number, y: number): CeilingExit | undefined {
  const tile = boardOf(state).tileAt(x, y);
  return (ceilingOf(state).exits[tile] ?? []).find((e) => e.x === x && e.y === y);
}

// ---------------------------------------------------------------------------------------------
// Exploration: the level, its exits, the Threats that go up

/**
 * A tile first opened (7.3, 19): d6 for a ceiling level; with one, per exit column d6 and row d6
 * (placed as a Threat is, never on a FULL square nor on another exit), then the hatch die.
 * `placementSquare` comes in from exploration.ts (which calls this) to keep the imports one way.
 */
export function rollCeiling(
  draft: Draft,
  tile: number,
  placementSquare: (
    draft: Draft,
    tile: number,
    faces: readonly number[],
    canTake: (x: number, y: number) => boolean,
    perimeter: boolean,
    tieFaces: number[],
  ) => { x: number; y: number } | null,
): void {
  if (!ceilingOn(draft.state) || Object.hasOwn(ceilingOf(draft.state).levels, tile)) return;
  const numbers = draft.state.rules.pack.options.ceiling;
  const face = d6(draft.table, `ceiling level over tile ${tile}`);
  const level = face >= numbers.levelOn;
  const exits: CeilingExitRoll[] = [];
  if (level) {
    const taken = new Set<string>();
    for (let i = 0; i < numbers.exits; i++) {
      const faces = [d6(draft.table, 'ceiling exit: column'), d6(draft.table, 'ceiling exit: row')];
      const tieFaces: number[] = [];
      const sq = placementSquare(
        draft,
        tile,
        faces,
        (x, y) => !taken.has(`${x},${y}`) && draft.board.heightAt(x, y) !== 'full',
        false,
        tieFaces,
      );
      if (!sq) break;
      taken.add(`${sq.x},${sq.y}`);
      const kindFace = d6(draft.table, 'ceiling exit: hatch or weak spot');
      exits.push({
        x: sq.x,
        y: sq.y,
        kind: kindFace <= numbers.hatchUpTo ? 'hatch' : 'weak',
        faces: [...faces, ...tieFaces, kindFace],
      });
    }
  }
  draft.emit({ type: 'ceiling.rolled', tile, face, level, exits });
}

/** Threats just placed on a tile with a ceiling level: each goes up on `upOn`+ (19). */
export function threatsGoUp(draft: Draft, tile: number, ids: readonly string[]): void {
  if (!ceilingOn(draft.state) || !hasLevel(draft.state, tile) || ids.length === 0) return;
  const upOn = draft.state.rules.pack.options.ceiling.upOn;
  const rolls = ids.map((threatId) => ({ threatId, face: d6(draft.table, `into the ceiling: ${threatId}`) }));
  draft.emit({
    type: 'ceiling.entered',
    tile,
    rolls,
    up: rolls.filter((r) => r.face >= upOn).map((r) => r.threatId),
  });
}

// ---------------------------------------------------------------------------------------------
// The Threat phase: ceiling Threats act first

/** A ceiling Threat may come down onto this floor square: no Threat, drone or FULL, at most one Teamer. */
function canLand(state: FdState, x: number, y: number): boolean {
  const board = boardOf(state);
  if (board.tileAt(x, y) < 0 || board.heightAt(x, y) === 'full') return false;
  if (state.drones.some((d) => d.x === x && d.y === y)) return false;
  return threatAt(state, x, y) === undefined && teamersAt(state, x, y).length <= 1;
}

const king = (ax: number, ay: number, bx: number, by: number) =>
  Math.max(Math.abs(ax - bx), Math.abs(ay - by));

/** King steps toward a square inside the tile's ceiling, around other ceiling Threats, at most `allowance`. */
function crawl(state: FdState, th: Threat, tile: number, to: { x: number; y: number }, allowance: number) {
  const board = boardOf(state);
  let x = th.x;
  let y = th.y;
  for (let k = 0; k < allowance && (x !== to.x || y !== to.y); k++) {
    let best: { x: number; y: number; d: number; e: number } | null = null;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const nx = x + dx;
        const ny = y + dy;
        if ((dx === 0 && dy === 0) || board.tileAt(nx, ny) !== tile) continue;
        const other = ceilingThreatAt(state, nx, ny);
        if (other && other.id !== th.id) continue;
        const d = king(nx, ny, to.x, to.y);
        const e = euclid(nx, ny, to.x, to.y);
        if (d >= king(x, y, to.x, to.y)) continue;
        if (!best || d < best.d || (d === best.d && e < best.e)) best = { x: nx, y: ny, d, e };
      }
    if (!best) break;
    x = best.x;
    y = best.y;
  }
  return { x, y };
}

/**
 * What the Threat phase does with a Threat that has just dropped onto the floor: drone guns and
 * WAIT triggers as for a floor step, then `rest` (its grapple, if it came down on a Teamer).
 */
export type Landed = (draft: Draft, threatId: string, rest: readonly ThreatAction[]) => void;

/**
 * Every ceiling Threat acts once, in the order they went up, before the floor's phase order is
 * fixed; a landing that raises a WAIT interrupt stops here (the phase comes back for the rest).
 */
export function ceilingThreatsAct(draft: Draft, landed: Landed): void {
  if (!ceilingOn(draft.state)) return;
  for (const id of ceilingOf(draft.state).order.slice()) {
    if (draft.state.interrupt) return;
    const th = ceilingThreatOf(draft.state, id);
    if (th && !th.acted) activateCeilingThreat(draft, th, landed);
  }
}

interface ExitChoice {
  readonly exit: CeilingExit;
  readonly target: Teamer | null;
  readonly steps: number;
}

function activateCeilingThreat(draft: Draft, th: Threat, landed: Landed): void {
  const state = draft.state;
  const board = boardOf(state);
  const w = board.width;
  const tile = board.tileAt(th.x, th.y);
  if (th.carrying !== null) {
    dragUpThere(draft, th, tile, landed);
    return;
  }
  if (goForTeamerUpHere(draft, th, tile)) return;
  const exits = (ceilingOf(state).exits[tile] ?? []).filter((e) => canLand(state, e.x, e.y));
  const below = teamersOnBoard(state).filter(
    (t) => t.up !== true && board.tileAt(t.x as number, t.y as number) === tile,
  );
  // Exits in or next to a Teamer's square (contact across no wall or closed door): drop on him.
  const attacks: ExitChoice[] = [];
  for (const exit of exits)
    for (const t of below)
      if (inContact(state, exit.y * w + exit.x, (t.y as number) * w + (t.x as number)))
        attacks.push({ exit, target: t, steps: king(th.x, th.y, exit.x, exit.y) });
  const choices: readonly ExitChoice[] =
    attacks.length > 0
      ? attacks
      : exits.map((exit) => ({ exit, target: null, steps: king(th.x, th.y, exit.x, exit.y) }));
  const faces: number[] = [];
  const allowance = ceilingMove(draft, th, faces);
  const rollOffs: number[] = [];
  if (choices.length === 0) {
    draft.emit({
      type: 'ceiling.decided',
      threatId: th.id,
      why: 'no way down',
      allowance,
      faces,
      rollOffs,
      target: null,
    });
    draft.emit({ type: 'ceiling.moved', threatId: th.id, x: th.x, y: th.y });
    return;
  }
  const fewest = Math.min(...choices.map((c) => c.steps));
  const tied = choices.filter((c) => c.steps === fewest);
  const pick = tied.length > 1 ? rollOff(draft.table, tied.length, `ceiling exit for ${th.id}`, rollOffs) : 0;
  const chosen = tied[pick] as ExitChoice;
  const drops = chosen.steps <= allowance;
  const why: CeilingWhy = chosen.target
    ? drops
      ? 'drops on a Teamer'
      : 'crawls toward a Teamer'
    : drops
      ? 'drops to hunt'
      : 'crawls toward an exit';
  draft.emit({
    type: 'ceiling.decided',
    threatId: th.id,
    why,
    allowance,
    faces,
    rollOffs,
    target: chosen.target?.id ?? null,
    exit: { x: chosen.exit.x, y: chosen.exit.y, kind: chosen.exit.kind },
  });
  const to = drops ? chosen.exit : crawl(state, th, tile, chosen.exit, allowance);
  draft.emit({ type: 'ceiling.moved', threatId: th.id, x: to.x, y: to.y });
  if (!drops) return;
  const target = chosen.target;
  const near = target ?? nearestBelow(below, to.x, to.y);
  draft.emit({
    type: 'ceiling.dropped',
    threatId: th.id,
    x: to.x,
    y: to.y,
    facing: near ? facingToward(to.x, to.y, near.x as number, near.y as number, th.facing) : th.facing,
    kind: chosen.exit.kind,
  });
  // Dropped in contact with the Teamer it came for: it grapples him (not from behind: it came
  // from above); the phase checks contact again after any WAIT interrupt or drone shot.
  landed(draft, th.id, target ? [{ kind: 'grapple', teamer: target.id, fromBehind: false }] : []);
}

/**
 * A Teamer up in this Threat's ceiling (19: "move to be above a Teamer and attack him"): the
 * nearest one (king steps, ties by roll-off) is crawled to and grappled once in contact (same or
 * next square: nothing stands between squares up there). True when it went for one.
 */
function goForTeamerUpHere(draft: Draft, th: Threat, tile: number): boolean {
  const state = draft.state;
  const board = boardOf(state);
  // A man out of action up there is no foe (as the floor AI hunts only the standing).
  const up = standingUpThere(state).filter((t) => board.tileAt(t.x as number, t.y as number) === tile);
  if (up.length === 0) return false;
  const dist = (t: Teamer) => king(th.x, th.y, t.x as number, t.y as number);
  const fewest = Math.min(...up.map(dist));
  const tied = up.filter((t) => dist(t) === fewest);
  const faces: number[] = [];
  const allowance = ceilingMove(draft, th, faces);
  const rollOffs: number[] = [];
  const pick =
    tied.length > 1 ? rollOff(draft.table, tied.length, `ceiling target for ${th.id}`, rollOffs) : 0;
  const target = tied[pick] as Teamer;
  const to = crawl(
    state,
    th,
    tile,
    { x: target.x as number, y: target.y as number },
    Math.max(0, Math.min(allowance, fewest - 1)),
  );
  const reaches = king(to.x, to.y, target.x as number, target.y as number) <= 1;
  draft.emit({
    type: 'ceiling.decided',
    threatId: th.id,
    why: reaches ? 'grapples a Teamer up here' : 'crawls toward a Teamer up here',
    allowance,
    faces,
    rollOffs,
    target: target.id,
  });
  draft.emit({ type: 'ceiling.moved', threatId: th.id, x: to.x, y: to.y });
  if (reaches) grappleUpThere(draft, th.id, target.id, draft.table);
  return true;
}

/**
 * A grapple up in a ceiling (19): the dice and bonuses of a floor grapple (combat.ts), the loser
 * wounded; a ceiling Threat is wounded or killed up there, and a prey species takes hold of a man
 * it puts out of action there, as on the floor (`dragUpThere` takes him down to its nest).
 */
function grappleUpThere(draft: Draft, threatId: string, teamerId: string, teamerDice: DiceSource): void {
  const th = ceilingThreatOf(draft.state, threatId);
  const t = draft.state.teamers[teamerId];
  if (!th || !t) return;
  const species = draft.state.rules.species[th.species];
  const loser = grappleDice(draft, th, t, teamerDice, 0);
  if (loser === 'teamer') {
    woundTeamer(draft, teamerId, draft.table);
    seizePrey(draft, ceilingThreatOf(draft.state, threatId), teamerId);
  }
  if (loser !== 'threat') return;
  if (th.wounds + 1 >= (species?.wounds ?? 1)) killUpThere(draft, threatId, teamerId);
  else draft.emit({ type: 'ceiling.wounded', threatId, wounds: th.wounds + 1 });
}

/** A ceiling Threat dies: a man it held lies where it was, up there (the log says so first, as on the floor). */
function killUpThere(draft: Draft, threatId: string, by: string): void {
  if (ceilingThreatOf(draft.state, threatId)?.carrying)
    draft.emit({ type: 'threat.carried', threatId, teamerId: null });
  draft.emit({ type: 'ceiling.killed', threatId, by });
}

/**
 * Prey up in a ceiling (13.6 with 19, Bughunt's reading): the crawl space leads to the nest only
 * downward, so a Threat holding a man it downed up there takes him to the exit whose square is
 * nearest the Source tile (13.2 distance; then fewest king steps up there; then a roll-off), its
 * move cut by its species' carrying penalty, and drops through it with him when this move gets it
 * there; he comes down with it, lying on that square, where the floor AI drags him on (13.6).
 * The exit's square must be free for both (no Teamer, Threat, drone or FULL obstacle). Without a
 * Source tile it holds him where it is, no throw (the floor AI, too, stops without a nest).
 * Dice: its movement throw, then the roll-off for the exit if tied.
 */
function dragUpThere(draft: Draft, th: Threat, tile: number, landed: Landed): void {
  const state = draft.state;
  const w = boardOf(state).width;
  const world = worldOf(state);
  const nest = world.sourceTile;
  const faces: number[] = [];
  const rollOffs: number[] = [];
  const target = th.carrying;
  const stays = (why: CeilingWhy, allowance: number): void => {
    draft.emit({ type: 'ceiling.decided', threatId: th.id, why, allowance, faces, rollOffs, target });
    draft.emit({ type: 'ceiling.moved', threatId: th.id, x: th.x, y: th.y });
  };
  if (nest === null) {
    stays('holds its prey', 0);
    return;
  }
  const penalty = state.rules.species[th.species]?.prey?.moveWhileCarrying ?? 0;
  const allowance = Math.max(0, ceilingMove(draft, th, faces) + penalty);
  const exits = (ceilingOf(state).exits[tile] ?? [])
    .filter((e) => canLand(state, e.x, e.y) && teamersAt(state, e.x, e.y).length === 0)
    .map((exit) => ({
      exit,
      nest: world.distanceToTile(exit.y * w + exit.x, nest),
      steps: king(th.x, th.y, exit.x, exit.y),
    }));
  if (exits.length === 0) {
    stays('no way down', allowance);
    return;
  }
  const nearest = Math.min(...exits.map((e) => e.nest));
  const toNest = exits.filter((e) => e.nest === nearest);
  const fewest = Math.min(...toNest.map((e) => e.steps));
  const tied = toNest.filter((e) => e.steps === fewest);
  const pick = tied.length > 1 ? rollOff(draft.table, tied.length, `ceiling exit for ${th.id}`, rollOffs) : 0;
  const { exit } = tied[pick] as (typeof tied)[number];
  const drops = fewest <= allowance;
  draft.emit({
    type: 'ceiling.decided',
    threatId: th.id,
    why: drops ? 'drops with its prey' : 'drags its prey toward an exit',
    allowance,
    faces,
    rollOffs,
    target,
    exit: { x: exit.x, y: exit.y, kind: exit.kind },
  });
  const to = drops ? exit : crawl(state, th, tile, exit, allowance);
  draft.emit({ type: 'ceiling.moved', threatId: th.id, x: to.x, y: to.y });
  if (!drops) return;
  draft.emit({
    type: 'ceiling.dropped',
    threatId: th.id,
    x: to.x,
    y: to.y,
    facing: th.facing,
    kind: exit.kind,
  });
  landed(draft, th.id, []);
}

/** GRAPPLE by a Teamer up in a ceiling: a ceiling Threat in his square or next to it (a shooting action). */
export function decideGrappleUp(draft: Draft, c: CommandOf<'grapple'>): void {
  const t = teamerOrThrow(draft.state, c.teamerId);
  requireActor(draft.state, t);
  const th = ceilingThreatOf(draft.state, c.threatId);
  if (!th) throw new RuleError('UNKNOWN_THREAT', `there is no Threat ${c.threatId} in his ceiling`, {});
  const board = boardOf(draft.state);
  if (
    board.tileAt(th.x, th.y) !== board.tileAt(t.x as number, t.y as number) ||
    king(th.x, th.y, t.x as number, t.y as number) > 1
  )
    throw new RuleError('NOT_IN_CONTACT', `${t.name} is not in contact with ${th.id}`, {});
  chitFor(draft.state, t, 'shoot');
  spendChit(draft, t.id, 'shoot');
  grappleUpThere(draft, th.id, t.id, draft.own);
}

/** A ceiling Threat's movement throw (its species' move), the faces kept for the event. */
function ceilingMove(draft: Draft, th: Threat, faces: number[]): number {
  const species = draft.state.rules.species[th.species];
  return species ? rollAmount(draft.table, species.move, `ceiling movement of ${th.id}`, faces) : 0;
}

function nearestBelow(below: readonly Teamer[], x: number, y: number): Teamer | undefined {
  let best: Teamer | undefined;
  for (const t of below)
    if (
      !best ||
      euclid(x, y, t.x as number, t.y as number) < euclid(x, y, best.x as number, best.y as number)
    )
      best = t;
  return best;
}

/** Men up in a ceiling still on their feet (out of action, they are no quarry: 13.4 hunts the standing). */
function standingUpThere(state: FdState): Teamer[] {
  const out = state.rules.pack.combat.teamerWounds.outOfActionAt;
  return state.teamOrder
    .map((id) => state.teamers[id] as Teamer)
    .filter((t) => t.up === true && t.x !== null && t.y !== null && t.wounds < out && !t.left);
}

/**
 * Whether a floor Threat goes after a man up in a ceiling, and where it climbs (19: Threats too
 * need a LOW obstacle to climb; Bughunt's reading of "move to be above a Teamer and attack him"
 * from below). Only a lone stimulus-driven Threat that is not waiting and drags nobody. A climb is
 * a LOW obstacle square (the foot: free of other figures) with an exit of the man's ceiling in it
 * or next to it (contact; any kind, Threats know the weak spots), no ceiling Threat above that
 * exit. Its length is the 13.2 distance to the foot plus the king steps from the exit to him up
 * there. The shortest climb wins, then the nearer foot, then the first found (men in team order,
 * exits in the ceiling's list, feet row by row): no die. He is its quarry only when no Teamer on
 * the floor is as near by 13.2 (a tie goes to the floor, where the AI hunts as ever).
 */
export function climbGoal(state: FdState, threatId: string): ClimbGoal | null {
  if (!ceilingOn(state)) return null;
  const th = Object.hasOwn(state.threats, threatId) ? state.threats[threatId] : undefined;
  if (!th || th.carrying !== null || th.eye || state.rules.species[th.species]?.kind !== 'stimulus')
    return null;
  const men = standingUpThere(state);
  if (men.length === 0) return null;
  const board = boardOf(state);
  const w = board.width;
  const world = worldOf(state);
  const here = th.y * w + th.x;
  const climbUp = state.rules.pack.options.ceiling.climbUp;
  let best: { goal: ClimbGoal; length: number; near: number } | null = null;
  for (const t of men) {
    const tile = board.tileAt(t.x as number, t.y as number);
    for (const e of ceilingOf(state).exits[tile] ?? []) {
      if (ceilingThreatAt(state, e.x, e.y)) continue;
      const exit = e.y * w + e.x;
      const above = king(e.x, e.y, t.x as number, t.y as number);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const fx = e.x + dx;
          const fy = e.y + dy;
          if (board.tileAt(fx, fy) < 0 || board.heightAt(fx, fy) !== 'low') continue;
          const foot = fy * w + fx;
          if (foot !== exit && !inContact(state, foot, exit)) continue;
          const other = threatAt(state, fx, fy);
          if ((other && other.id !== th.id) || teamersAt(state, fx, fy).length > 0) continue;
          const near = world.distance(here, foot);
          if (!Number.isFinite(near)) continue;
          const length = near + above;
          if (!best || length < best.length || (length === best.length && near < best.near))
            best = { goal: { foot, exit, teamer: t.id, cost: climbUp }, length, near };
        }
    }
  }
  if (!best) return null;
  for (const m of world.teamers) if (world.distance(here, m.square) <= best.length) return null;
  return best.goal;
}

/**
 * A floor Threat already standing at the foot of its climb goes up at once, no die: the climb is
 * its activation (and so it is, climbing after a walk there, in the next one). True if it did.
 */
export function climbsWhereItStands(draft: Draft, threatId: string, goal: ClimbGoal): boolean {
  const th = draft.state.threats[threatId];
  const w = boardOf(draft.state).width;
  if (!th || th.y * w + th.x !== goal.foot) return false;
  threatClimbs(draft, threatId, goal.exit, goal.teamer);
  return true;
}

/**
 * The climb itself (the AI's `climb` action, or `climbsWhereItStands`): up through the exit into
 * the ceiling above it, if the man is still up there in that ceiling and nothing sits above the
 * exit (a WAIT interrupt may have changed either since the AI decided).
 */
export function threatClimbs(draft: Draft, threatId: string, exit: number, teamerId: string): void {
  const state = draft.state;
  const board = boardOf(state);
  const w = board.width;
  const x = exit % w;
  const y = Math.floor(exit / w);
  const th = state.threats[threatId];
  const man = standingUpThere(state).find((t) => t.id === teamerId);
  if (!th || !man || board.heightAt(th.x, th.y) !== 'low' || !exitAt(state, x, y)) return;
  if (board.tileAt(x, y) !== board.tileAt(man.x as number, man.y as number) || ceilingThreatAt(state, x, y))
    return;
  if ((th.x !== x || th.y !== y) && !inContact(state, th.y * w + th.x, exit)) return;
  draft.emit({ type: 'ceiling.threatClimbed', threatId, x, y, target: teamerId });
}

// ---------------------------------------------------------------------------------------------
// Teamers in the ceiling

/** Teamers up in the ceiling above (x, y): at most two a square, as on the floor. */
export function teamersUpAt(state: FdState, x: number, y: number): Teamer[] {
  return state.teamOrder
    .map((id) => state.teamers[id] as Teamer)
    .filter(
      (t) => t.up === true && t.x === x && t.y === y && t.wounds < 3 && !t.left && !isCarried(state, t.id),
    );
}

/** An exit the Team knows of: every hatch, and a weak spot once a Threat has broken down through it. */
function knownExitAt(state: FdState, x: number, y: number): CeilingExit | undefined {
  const e = exitAt(state, x, y);
  return e && (e.kind === 'hatch' || e.revealed) ? e : undefined;
}

/** Why this Teamer may not climb through the exit at (x, y) in his move now, or null (no throw). */
export function climbRefusal(state: FdState, t: Teamer, x: number, y: number): RuleError | null {
  const no = (code: string, message: string) => new RuleError(code, message, { x, y });
  if (!ceilingOn(state)) return no('NO_CEILING', 'this table plays without the ceiling extension');
  const m = state.move;
  if (!m || m.teamerId !== t.id) return no('NOT_MOVING', `${t.name} climbs as part of a move`);
  if (m.vehicleId !== undefined) return no('DRIVING', 'a vehicle does not climb');
  if (t.x === null || t.y === null) return no('NOT_ABOARD', `${t.name} is not in the arena`);
  // A weak spot the Team has not seen is no way through for it: the same refusal as no exit.
  if (!knownExitAt(state, x, y)) return no('NO_EXIT', `there is no hatch at (${x},${y})`);
  const numbers = state.rules.pack.options.ceiling;
  const left = m.allowance - m.spent;
  if (t.up === true) {
    if (t.x !== x || t.y !== y) return no('NOT_ABOVE', `${t.name} must be above the exit to climb down`);
    const arena = arenaOf(state);
    const i = y * arena.width + x;
    const as = arenaStateOf(state);
    if (
      as.threats[i] !== 0 ||
      as.machines[i] !== 0 ||
      (as.teamers[i] as number) >= (arena.capacity[i] as number)
    )
      return no('STEP_BLOCKED', 'no room below that exit');
    if (numbers.climbDown > left)
      return no('NOT_ENOUGH_MOVEMENT', `climbing down costs ${numbers.climbDown}`);
    return null;
  }
  if (t.ducked) return no('DUCKED', `${t.name} must stand up to climb`);
  if (laden(t) || t.carrying !== null || t.cargo !== null)
    return no('CARRYING', `${t.name} cannot climb with a comrade or a load in his arms`);
  if (boardOf(state).heightAt(t.x, t.y) !== 'low')
    return no('NO_FOOTING', 'climbing up needs a LOW obstacle to stand on');
  const w = arenaOf(state).width;
  if ((t.x !== x || t.y !== y) && !inContact(state, t.y * w + t.x, y * w + x))
    return no('NOT_NEXT_TO', 'the exit must be in his square or next to it');
  if (ceilingThreatAt(state, x, y) || teamersUpAt(state, x, y).length >= 2)
    return no('STEP_BLOCKED', 'no room in the ceiling above that exit');
  if (numbers.climbUp > left) return no('NOT_ENOUGH_MOVEMENT', `climbing up costs ${numbers.climbUp}`);
  return null;
}

/**
 * CLIMB (19) in a move: up through a known exit in or next to his square, standing on a LOW
 * obstacle, into the ceiling above the exit; or down through the exit he is above onto its square
 * (the step's consequences follow: room, flames, the first into a module, ambushes). The costs are
 * the pack's `climbUp` / `climbDown` movement points.
 */
export function decideClimb(draft: Draft, c: CommandOf<'climb'>): void {
  const t = teamerOrThrow(draft.state, c.teamerId);
  const refusal = climbRefusal(draft.state, t, c.x, c.y);
  if (refusal) throw refusal;
  const up = t.up !== true;
  const numbers = draft.state.rules.pack.options.ceiling;
  draft.emit({
    type: 'ceiling.climbed',
    teamerId: t.id,
    up,
    x: c.x,
    y: c.y,
    cost: up ? numbers.climbUp : numbers.climbDown,
  });
  if (!up) afterStep(draft, t.id);
}

/** The climbs the moving Teamer may make now (legal.ts offers them; random play takes them). */
export function legalClimbs(state: FdState): CommandOf<'climb'>[] {
  const m = state.move;
  const t = m ? state.teamers[m.teamerId] : undefined;
  if (!t || t.x === null || t.y === null || !ceilingOn(state)) return [];
  const out: CommandOf<'climb'>[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (t.up === true && (dx !== 0 || dy !== 0)) continue;
      const x = t.x + dx;
      const y = t.y + dy;
      if (!climbRefusal(state, t, x, y)) out.push({ type: 'climb', teamerId: t.id, x, y });
    }
  return out;
}

/** Why this king step in the ceiling is refused, or null: one point, within the tile's ceiling, room there. */
function ceilingStepRefusal(state: FdState, t: Teamer, x: number, y: number, left: number): RuleError | null {
  const board = boardOf(state);
  if (
    king(t.x as number, t.y as number, x, y) !== 1 ||
    board.tileAt(x, y) !== board.tileAt(t.x as number, t.y as number)
  )
    return new RuleError('STEP_BLOCKED', `${t.name} crawls one square at a time within this ceiling`, {
      x,
      y,
    });
  if (ceilingThreatAt(state, x, y) || teamersUpAt(state, x, y).length >= 2)
    return new RuleError('STEP_BLOCKED', `no room in the ceiling at (${x},${y})`, { x, y });
  if (left < 1) return new RuleError('NOT_ENOUGH_MOVEMENT', 'no movement left', { left });
  return null;
}

/**
 * A step of a man up in the ceiling (19): a king step within the tile's ceiling for one point
 * (Bughunt's reading: a crawl space with nothing in it, as the ceiling Threats move), facing the
 * way he went. Nothing below sees it: no floor consequence follows.
 */
export function decideCeilingStep(draft: Draft, t: Teamer, c: CommandOf<'step'>, left: number): void {
  if (c.x === undefined || c.y === undefined || c.bridge)
    throw new RuleError('BAD_STEP', `${t.name} is up in the ceiling: a step needs x and y there`, {});
  const refusal = ceilingStepRefusal(draft.state, t, c.x, c.y, left);
  if (refusal) throw refusal;
  const facing = facingToward(t.x as number, t.y as number, c.x, c.y, t.facing);
  draft.emit({ type: 'teamer.stepped', teamerId: t.id, x: c.x, y: c.y, facing, cost: 1 });
}

/** The ceiling steps the moving Teamer may take (`decideCeilingStep`'s checks). */
export function legalCeilingSteps(state: FdState, t: Teamer, left: number): CommandOf<'step'>[] {
  const out: CommandOf<'step'>[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const x = (t.x as number) + dx;
      const y = (t.y as number) + dy;
      if ((dx !== 0 || dy !== 0) && x >= 0 && y >= 0 && !ceilingStepRefusal(state, t, x, y, left))
        out.push({ type: 'step', teamerId: t.id, x, y });
    }
  return out;
}

/** Grapples a man up in the ceiling may make: each ceiling Threat of his tile in or next to his square. */
export function legalGrapplesUp(state: FdState, t: Teamer): CommandOf<'grapple'>[] {
  const board = boardOf(state);
  const tile = board.tileAt(t.x as number, t.y as number);
  return ceilingOf(state)
    .order.map((id) => ceilingOf(state).threats[id] as Threat)
    .filter((th) => board.tileAt(th.x, th.y) === tile && king(th.x, th.y, t.x as number, t.y as number) <= 1)
    .map((th) => ({ type: 'grapple', teamerId: t.id, threatId: th.id }));
}

/** Commands a man up in the ceiling may still give: his move and its steps and climbs, chits, shots and grapples up there. */
const UP_THERE = new Set<string>([
  'activate',
  'endActivation',
  'pass',
  'wait',
  'holdWait',
  'move',
  'step',
  'turn',
  'endMove',
  'climb',
  'grapple',
  'shoot',
  'carry',
  'putDown',
  'claimTeamer',
]);

/**
 * A man up in the ceiling is off the floor (19): every floor command of his is refused
 * (IN_CEILING), and SHOOT only `up` at a Threat of his ceiling.
 */
export function refuseUpThere(
  state: FdState,
  c: { readonly type: string; readonly teamerId?: unknown; readonly up?: unknown },
): void {
  if (typeof c.teamerId !== 'string' || !Object.hasOwn(state.teamers, c.teamerId)) return;
  const t = state.teamers[c.teamerId] as Teamer;
  if (t.up !== true || c.type === 'gmOverride' || c.type === 'awardStars') return;
  if (!UP_THERE.has(c.type) || (c.type === 'shoot' && c.up !== true))
    throw new RuleError('IN_CEILING', `${t.name} is up in the ceiling: climb down first`, { teamerId: t.id });
}

// ---------------------------------------------------------------------------------------------
// Shooting up

/** Why a shot into the ceiling is refused, or null: every check that does not depend on whose turn it is. */
export function shootUpChecks(state: FdState, c: CommandOf<'shoot'>): { t: Teamer; target: Threat } {
  if (!ceilingOn(state))
    throw new RuleError('NO_CEILING', 'this table plays without the ceiling extension', {});
  const t = teamerOrThrow(state, c.teamerId);
  if (t.x === null || t.y === null) throw new RuleError('NOT_ABOARD', `${t.name} is not in the arena`, {});
  if (!t.weapons.includes(c.weapon))
    throw new RuleError('UNKNOWN_WEAPON', `${t.name} carries no ${c.weapon}`, { weapon: c.weapon });
  const w = state.rules.weapons[c.weapon];
  if (!w || w.kind === 'melee' || w.kind === 'drone-gun')
    throw new RuleError('NOT_A_GUN', `${c.weapon} is not fired with SHOOT`, { weapon: c.weapon });
  const arena = arenaOf(state);
  if (!isArenaSquare(arena, c.x, c.y))
    throw new RuleError('OFF_THE_ARENA', `(${c.x},${c.y}) is not a square`, {});
  const target = ceilingThreatAt(state, c.x, c.y);
  if (!target) throw new RuleError('NO_TARGET', 'no Threat in the ceiling above that square', {});
  if (t.up === true) return shotUpThere(state, t, c, target);
  if (!w.firesThroughCeiling) {
    // A weak spot is never a way through for the Team, known or not: the same refusal as no exit, so it tells nothing.
    const exit = exitAt(state, c.x, c.y);
    if (!w.hitsHatch || !exit || exit.kind !== 'hatch')
      throw new RuleError('NOT_THROUGH_CEILING', `the ${w.name} cannot hit into the ceiling there`, {});
  }
  const range = state.rules.pack.options.ceiling.bioSensorRange;
  const sensed = teamersOnBoard(state).some(
    (m) => m.bioSensor && m.wounds < 2 && king(m.x as number, m.y as number, c.x, c.y) <= range,
  );
  if (!sensed)
    throw new RuleError(
      'NOT_SENSED',
      `no Bio-Sensor within ${range} squares of that Threat in the ceiling`,
      {},
    );
  const dx = c.x - t.x;
  const dy = c.y - t.y;
  if (dx !== 0 || dy !== 0) {
    if (!inFrontArc(t.facing, dx, dy))
      throw new RuleError('OUT_OF_ARC', 'the target is outside the front arc', {});
    if (t.ducked) throw new RuleError('DUCKED', `${t.name} is ducked: stand up first`, {});
    const reach = w.kind === 'grenade' ? w.throwRange : w.range;
    if (Math.max(Math.abs(dx), Math.abs(dy)) > reach)
      throw new RuleError('OUT_OF_RANGE', `out of the ${w.name}'s range`, {});
    if (!inSight(state, t.x, t.y, c.x, c.y)) throw new RuleError('NO_LINE', 'no line to that square', {});
  } else if (t.ducked)
    // Bughunt reads (10.2, 19): lying down he fires only at an enemy come into his own square; a
    // Threat in the ceiling over it is on another level and has come into nothing (it reaches him
    // by dropping through an exit, and then he may shoot it there: `ownSquareShot`).
    throw new RuleError('DUCKED', `${t.name} is ducked: stand up first`, {});
  if (w.kind === 'grenade' && t.grenades <= 0)
    throw new RuleError('NO_AMMO', `${t.name} has no grenade left`, {});
  if (w.kind === 'gun' && w.magazine !== null && (t.ammo[c.weapon] ?? 0) <= 0)
    throw new RuleError('NEEDS_RELOAD', `the ${w.name} needs a reload`, {});
  if (w.kind === 'flamer' && (t.ammo[c.weapon] ?? 0) <= 0)
    throw new RuleError('NO_AMMO', `the ${w.name} is empty`, {});
  return { t, target };
}

/**
 * A shot by a man up in the ceiling at a Threat up there with him (Bughunt's reading: any gun or
 * flamer, in his arc and range, in the same tile's ceiling; nothing stands between up there, and
 * he needs no Bio-Sensor to find it; no grenades in a crawl space).
 */
function shotUpThere(
  state: FdState,
  t: Teamer,
  c: CommandOf<'shoot'>,
  target: Threat,
): { t: Teamer; target: Threat } {
  const w = state.rules.weapons[c.weapon];
  const board = boardOf(state);
  if (!w || (w.kind !== 'gun' && w.kind !== 'flamer'))
    throw new RuleError(
      'NOT_THROUGH_CEILING',
      `the ${w?.name ?? c.weapon} is not used up in the ceiling`,
      {},
    );
  if (board.tileAt(c.x, c.y) !== board.tileAt(t.x as number, t.y as number))
    throw new RuleError('NO_TARGET', 'that Threat is in another ceiling', {});
  const dx = c.x - (t.x as number);
  const dy = c.y - (t.y as number);
  if ((dx !== 0 || dy !== 0) && !inFrontArc(t.facing, dx, dy))
    throw new RuleError('OUT_OF_ARC', 'the target is outside the front arc', {});
  if (Math.max(Math.abs(dx), Math.abs(dy)) > w.range)
    throw new RuleError('OUT_OF_RANGE', `out of the ${w.name}'s range`, {});
  if (w.kind === 'gun' && w.magazine !== null && (t.ammo[c.weapon] ?? 0) <= 0)
    throw new RuleError('NEEDS_RELOAD', `the ${w.name} needs a reload`, {});
  if (w.kind === 'flamer' && (t.ammo[c.weapon] ?? 0) <= 0)
    throw new RuleError('NO_AMMO', `the ${w.name} is empty`, {});
  return { t, target };
}

/**
 * SHOOT up (19): a gun's dice at the ceiling Threat (its own square counts: he fires straight up);
 * a flamer squirt or a grenade up a hatch: one die at the weapon's hit number against the Threat
 * above it (the blast and flames stay in the ceiling: nothing below is hit, no marker is left).
 */
export function decideShootUp(draft: Draft, c: CommandOf<'shoot'>): void {
  const state = draft.state;
  requireActor(state, teamerOrThrow(state, c.teamerId));
  const { t, target } = shootUpChecks(state, c);
  const w = state.rules.weapons[c.weapon];
  if (!w || w.kind === 'melee' || w.kind === 'drone-gun') return;
  chitFor(state, t, 'shoot');
  spendChit(draft, t.id, 'shoot');
  if (t.chicken && !bingeTest(draft, t.id, 'a chicken steadies himself to shoot', draft.own)) return;
  const gun = w.kind === 'gun';
  const dice = gun ? w.dice + ((t.bonus[`${c.weapon}:dice`] ?? 0) > 0 ? 1 : 0) : 1;
  const plus = gun ? (t.chicken ? 0 : (t.bonus[c.weapon] ?? 0)) - (t.dash === 'penalised' ? 2 : 0) : 0;
  const faces: number[] = [];
  let hits = 0;
  for (let i = 0; i < dice; i++) {
    const f = d6(draft.own, `${w.name} into the ceiling by ${t.name}`);
    faces.push(f);
    if (f + plus >= w.hitOn) hits++;
  }
  draft.emit({
    type: 'attack.resolved',
    by: t.id,
    weapon: c.weapon,
    x: c.x,
    y: c.y,
    targets: [target.id],
    faces,
    hitOn: w.hitOn,
    hits: { [target.id]: hits },
  });
  if (w.kind === 'grenade')
    draft.emit({ type: 'grenades.changed', teamerId: t.id, grenades: t.grenades - 1 });
  else if (w.kind === 'flamer' || w.magazine !== null)
    draft.emit({ type: 'ammo.changed', teamerId: t.id, weapon: c.weapon, left: (t.ammo[c.weapon] ?? 1) - 1 });
  if (hits <= 0) return;
  const max = state.rules.species[target.species]?.wounds ?? 1;
  const wounds = target.wounds + hits;
  if (wounds >= max) {
    killUpThere(draft, target.id, t.id);
    if (!target.shotAt.includes(t.id)) raiseBinge(draft, t.id, 'a first-shot kill');
  } else draft.emit({ type: 'ceiling.wounded', threatId: target.id, wounds });
}

// ---------------------------------------------------------------------------------------------
// evolve

export type CeilingEvent = Extract<CoreEvent, { type: `ceiling.${string}` }>;

export function isCeilingEvent(e: { readonly type: string }): e is CeilingEvent {
  return e.type.startsWith('ceiling.');
}

function withCeilingThreat(c: CeilingState, th: Threat): CeilingState {
  return { ...c, threats: { ...c.threats, [th.id]: th } };
}

export function evolveCeiling(state: FdState, e: CeilingEvent): FdState {
  const c = ceilingOf(state);
  switch (e.type) {
    case 'ceiling.rolled':
      return {
        ...state,
        ceiling: {
          ...c,
          levels: { ...c.levels, [e.tile]: e.level },
          exits: e.level
            ? {
                ...c.exits,
                [e.tile]: e.exits.map((x) => ({ x: x.x, y: x.y, kind: x.kind, revealed: false })),
              }
            : c.exits,
        },
      };
    case 'ceiling.entered': {
      const threats = { ...c.threats };
      const floor = { ...state.threats };
      const order = c.order.slice();
      for (const id of e.up) {
        const th = floor[id];
        if (!th) continue;
        delete floor[id];
        threats[id] = th;
        order.push(id);
      }
      return {
        ...state,
        threats: floor,
        threatOrder: state.threatOrder.filter((id) => !e.up.includes(id)),
        ceiling: { ...c, threats, order },
      };
    }
    case 'ceiling.decided':
      return state;
    case 'ceiling.moved': {
      const th = c.threats[e.threatId];
      if (!th) return state;
      const s = { ...state, ceiling: withCeilingThreat(c, { ...th, x: e.x, y: e.y, acted: true }) };
      // The man it holds (prey) goes where it goes.
      return th.carrying ? movedWith(s, th.carrying, e.x, e.y, true) : s;
    }
    case 'ceiling.dropped': {
      const th = c.threats[e.threatId];
      if (!th) return state;
      const { [e.threatId]: _gone, ...threats } = c.threats;
      // The man it holds comes down with it (prey), lying on the exit's square.
      const below = th.carrying ? movedWith(state, th.carrying, e.x, e.y, false) : state;
      return {
        ...below,
        threats: { ...state.threats, [th.id]: { ...th, x: e.x, y: e.y, facing: e.facing, acted: true } },
        threatOrder: [...state.threatOrder, th.id],
        ceiling: {
          ...c,
          threats,
          order: c.order.filter((id) => id !== th.id),
          exits: revealed(state, c, e.x, e.y),
        },
      };
    }
    case 'ceiling.wounded': {
      const th = c.threats[e.threatId];
      return th ? { ...state, ceiling: withCeilingThreat(c, { ...th, wounds: e.wounds }) } : state;
    }
    case 'ceiling.threatClimbed': {
      const th = state.threats[e.threatId];
      if (!th) return state;
      const { [e.threatId]: _gone, ...floor } = state.threats;
      return {
        ...state,
        threats: floor,
        threatOrder: state.threatOrder.filter((id) => id !== e.threatId),
        threatQueue: state.threatQueue
          .map((u) => u.filter((m) => m !== e.threatId))
          .filter((u) => u.length > 0),
        ceiling: {
          ...c,
          threats: { ...c.threats, [th.id]: { ...th, x: e.x, y: e.y, eye: false, acted: true } },
          order: [...c.order, th.id],
          // Climbing through a weak spot shows it to the Team as a drop through it does.
          exits: revealed(state, c, e.x, e.y),
        },
      };
    }
    case 'ceiling.climbed': {
      const t = state.teamers[e.teamerId];
      if (!t) return state;
      // A comrade he carries goes down with him (he climbs up with nobody in his arms).
      const carried = t.carrying ? movedWith(state, t.carrying, e.x, e.y, e.up) : state;
      const s = withTeamer(carried, { ...t, x: e.x, y: e.y, up: e.up, moved: true });
      const m = s.move;
      return m && m.teamerId === e.teamerId
        ? { ...s, move: { ...m, spent: m.spent + e.cost, steps: m.steps + 1 } }
        : s;
    }
    case 'ceiling.killed': {
      if (!c.threats[e.threatId]) return state;
      const { [e.threatId]: _gone, ...threats } = c.threats;
      return {
        ...state,
        ceiling: { ...c, threats, order: c.order.filter((id) => id !== e.threatId) },
        progress: { ...state.progress, threatsKilled: state.progress.threatsKilled + 1 },
      };
    }
  }
}

/** A man carried (by a comrade, or by a Threat as prey) put where his carrier now is, up there or below. */
function movedWith(state: FdState, id: string, x: number, y: number, up: boolean): FdState {
  const t = state.teamers[id];
  return t ? withTeamer(state, { ...t, x, y, up }) : state;
}

/** `threat.carried` for a Threat up in a ceiling (evolve.ts hands it here when none is on the floor). */
export function ceilingThreatCarries(state: FdState, threatId: string, teamerId: string | null): FdState {
  const c = ceilingOf(state);
  const th = c.threats[threatId];
  if (!th) return state;
  const s = { ...state, ceiling: withCeilingThreat(c, { ...th, carrying: teamerId }) };
  // The man it takes hold of lies in its square up there from then on (13.6, as on the floor).
  return teamerId ? movedWith(s, teamerId, th.x, th.y, true) : s;
}

/** The ceilings' exits with the one at (x, y) shown to the Team (a Threat went through it). */
function revealed(state: FdState, c: CeilingState, x: number, y: number): CeilingState['exits'] {
  const tile = String(boardOf(state).tileAt(x, y));
  const exits = (c.exits[tile] ?? []).map((e) => (e.x === x && e.y === y ? { ...e, revealed: true } : e));
  return { ...c.exits, [tile]: exits };
}

/** A new turn: every ceiling Threat may act again (the floor's are reset by `phase.began` likewise). */
export function ceilingNewTurn(state: FdState): FdState {
  const c = state.ceiling;
  if (!c || c.order.length === 0) return state;
  const threats: Record<string, Threat> = {};
  for (const id of c.order) threats[id] = { ...(c.threats[id] as Threat), acted: false };
  return { ...state, ceiling: { ...c, threats } };
}

// ---------------------------------------------------------------------------------------------
// Hidden information

/** The ceiling as a player sees it: every weak spot not yet revealed is left out. */
export function ceilingForPlayers(c: CeilingState): CeilingState {
  const exits: Record<string, readonly CeilingExit[]> = {};
  for (const [tile, list] of Object.entries(c.exits))
    exits[tile] = list.filter((x) => x.kind === 'hatch' || x.revealed);
  return { ...c, exits };
}

/** A ceiling event as a player receives it: weak spots (and their dice) out until one is dropped through. */
export function redactCeiling(e: CeilingEvent): CeilingEvent {
  if (e.type === 'ceiling.rolled') return { ...e, exits: e.exits.filter((x) => x.kind === 'hatch') };
  if (
    e.type === 'ceiling.decided' &&
    e.exit?.kind === 'weak' &&
    e.why !== 'drops on a Teamer' &&
    e.why !== 'drops to hunt' &&
    e.why !== 'drops with its prey'
  ) {
    const { exit: _hidden, ...rest } = e;
    return rest;
  }
  return e;
}
