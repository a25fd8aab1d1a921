import { inFrontArc } from '../../engine/board/square-grid.ts';
import { RuleError } from '../../engine/rule-error.ts';
import { isArenaSquare } from './arena/model.ts';
import { arenaOf, boardOf, inSight } from './board-adapter.ts';
import { grapple } from './combat.ts';
import type { CommandOf } from './commands.ts';
import { d6, rollAmount, rollOff } from './dice.ts';
import type { Draft } from './draft.ts';
import type { CeilingExitRoll, CeilingWhy, CoreEvent } from './events.ts';
import { euclid, facingToward, teamersAt, teamersOnBoard, threatAt } from './figures.ts';
import type { CeilingExit, CeilingState, FdState, Teamer, Threat } from './state.ts';
import { bingeTest, raiseBinge } from './stress.ts';
import { chitFor, requireActor, spendChit, teamerOrThrow } from './turn.ts';
import { inContact } from './world-adapter.ts';

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

/** Every ceiling Threat acts once, in the order they went up, before the floor's phase order is fixed. */
export function ceilingThreatsAct(draft: Draft): void {
  if (!ceilingOn(draft.state)) return;
  for (const id of ceilingOf(draft.state).order.slice()) {
    const th = ceilingThreatOf(draft.state, id);
    if (th && !th.acted) activateCeilingThreat(draft, th);
  }
}

interface ExitChoice {
  readonly exit: CeilingExit;
  readonly target: Teamer | null;
  readonly steps: number;
}

function activateCeilingThreat(draft: Draft, th: Threat): void {
  const state = draft.state;
  const board = boardOf(state);
  const w = board.width;
  const tile = board.tileAt(th.x, th.y);
  const exits = (ceilingOf(state).exits[tile] ?? []).filter((e) => canLand(state, e.x, e.y));
  const below = teamersOnBoard(state).filter((t) => board.tileAt(t.x as number, t.y as number) === tile);
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
  const species = state.rules.species[th.species];
  const faces: number[] = [];
  const allowance = species
    ? rollAmount(draft.table, species.move, `ceiling movement of ${th.id}`, faces)
    : 0;
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
  // Dropped in contact with the Teamer it came for: it grapples him (not from behind: it came from above).
  const victim = target ? draft.state.teamers[target.id] : undefined;
  if (victim && victim.x !== null && victim.y !== null && victim.wounds < 3)
    if (inContact(draft.state, to.y * w + to.x, victim.y * w + victim.x))
      grapple(draft, th.id, victim.id, draft.table, false);
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
  }
  if (w.kind === 'grenade' && t.grenades <= 0)
    throw new RuleError('NO_AMMO', `${t.name} has no grenade left`, {});
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
    draft.emit({ type: 'ceiling.killed', threatId: target.id, by: t.id });
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
      return th ? { ...state, ceiling: withCeilingThreat(c, { ...th, x: e.x, y: e.y, acted: true }) } : state;
    }
    case 'ceiling.dropped': {
      const th = c.threats[e.threatId];
      if (!th) return state;
      const { [e.threatId]: _gone, ...threats } = c.threats;
      const tile = String(boardOf(state).tileAt(e.x, e.y));
      const exits = (c.exits[tile] ?? []).map((x) =>
        x.x === e.x && x.y === e.y ? { ...x, revealed: true } : x,
      );
      return {
        ...state,
        threats: { ...state.threats, [th.id]: { ...th, x: e.x, y: e.y, facing: e.facing, acted: true } },
        threatOrder: [...state.threatOrder, th.id],
        ceiling: {
          ...c,
          threats,
          order: c.order.filter((id) => id !== th.id),
          exits: { ...c.exits, [tile]: exits },
        },
      };
    }
    case 'ceiling.wounded': {
      const th = c.threats[e.threatId];
      return th ? { ...state, ceiling: withCeilingThreat(c, { ...th, wounds: e.wounds }) } : state;
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
    e.why !== 'drops to hunt'
  ) {
    const { exit: _hidden, ...rest } = e;
    return rest;
  }
  return e;
}
