import { inFrontArc } from '../../engine/board/square-grid.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import { type Arena, type ArenaState, newArenaState } from './arena/model.ts';
import { stepCost } from './arena/movement.ts';
import { lineOfFire } from './arena/sight.ts';
import { vehicleSquares } from './arena/vehicles.ts';
import { arenaOf, arenaStateOf, boardOf } from './board-adapter.ts';
import { comradeWithin, inAThreatsGrip } from './carry.ts';
import {
  ceilingOf,
  ceilingOn,
  legalCeilingSteps,
  legalClimbs,
  legalGrapplesUp,
  shootUpChecks,
} from './ceiling.ts';
import { type ShotOdds, type ShotPreview, shotOdds, shotPreview } from './combat.ts';
import type { CommandOf, FdCommand } from './commands.ts';
import type { PackWeapon } from './data/pack-schema.ts';
import { bridgeOverrideChecks } from './door-rc.ts';
import { droneGear, droneSquareFree, legalDroneWalks } from './drones.ts';
import { isCarried, teamersAt, threatAt } from './figures.ts';
import { teamerMoveOptions } from './movement.ts';
import { canAct, type FdState, readyChit, type Teamer, type Threat, waitChit } from './state.ts';
import { chitFor } from './turn.ts';
import { vehiclesOf } from './vehicle-squares.ts';
import {
  besideVehicle,
  checkVehicleStop,
  exitSquareFree,
  hasLicence,
  legalManoeuvres,
  vehicleOfCrew,
  vehicleType,
} from './vehicles.ts';
import { inContact } from './world-adapter.ts';

/**
 * Legal commands for one Teamer, worked out from the state with the rules' own checks (the same
 * predicates `decide` throws on, or the pure previews it shares with the board), so a caller that
 * sends one of them is never refused. The simulator's policy picks among them: before this it tried
 * candidates one by one and `decide` refused six in seven (each refusal paid for a Draft, the arena
 * state and often a line of fire). Nothing here rolls dice or emits events, and every function
 * reads the state only.
 *
 * What a command costs is paid with a chit: `canPay` asks the rules' `chitFor` (the activation's
 * READY chit and its declared plan, a WAIT chit between activations or when an interrupt names
 * the Teamer), so every action below is listed only when it can be paid for now.
 */

type ActionKind = Parameters<typeof chitFor>[2];

/**
 * The answers `canPay` gave for the last state and Teamer asked about: the policy asks the same
 * two or three questions for each of a dozen lists in one choice (a refusal is a thrown RuleError).
 * States are never changed once made, so the answers hold while both are the same objects.
 */
let paid: { state: FdState; t: Teamer; answers: Partial<Record<ActionKind, boolean>> } | null = null;

/** Whether the rules would let this Teamer pay for an action of `kind` now (turn.ts `chitFor`). */
export function canPay(state: FdState, t: Teamer, kind: ActionKind): boolean {
  if (paid === null || paid.state !== state || paid.t !== t) paid = { state, t, answers: {} };
  const known = paid.answers[kind];
  if (known !== undefined) return known;
  let answer = true;
  try {
    chitFor(state, t, kind);
  } catch (e) {
    if (!isRuleError(e)) throw e;
    answer = false;
  }
  paid.answers[kind] = answer;
  return answer;
}

/** `requireActor` (turn.ts) without the throw: no move under way, and able to act. */
export function canActNow(state: FdState, t: Teamer): boolean {
  return state.move === null && t.wounds < 2 && !t.left;
}

/** A legal SHOOT with the rules' preview of it (its odds, who must -DUCK!). */
export interface LegalShot {
  readonly command: CommandOf<'shoot'>;
  readonly preview: Extract<ShotPreview, { ok: true }>;
  readonly range: number;
}

/**
 * A shot that passes `shotChecks`' first refusals (a Threat's square in his front arc and the
 * weapon's range, a gun or flamer with ammunition, a line the walls alone do not block): whether
 * the line of fire lets it happen is not yet asked (`aimedShot`).
 */
export interface ShotAim {
  readonly weapon: string;
  readonly x: number;
  readonly y: number;
  readonly range: number;
  /** The Threat a gun fires at (the one the rules find in the square); null for a flamer. */
  readonly target: string | null;
}

/** The odds `shotPreview` would give the shot aimed, if the line lets it happen (`shotOdds`). */
export function aimOdds(state: FdState, t: Teamer, aim: ShotAim): ShotOdds {
  return shotOdds(state, t, aim.weapon, state.rules.weapons[aim.weapon] as PackWeapon, aim.target);
}

/**
 * Every shot at a Threat's square with a gun or a flamer that arc, range and ammunition allow, in
 * `legalShots`' order (Threat order, then his weapons'), with no line traced: a caller
 * that wants only the best shot previews the likeliest first (most Threats in arc and range are
 * behind walls, and the line of fire is the costly check).
 */
export function shotAims(state: FdState, t: Teamer): ShotAim[] {
  const out: ShotAim[] = [];
  if (t.x === null || t.y === null || t.ducked || !canActNow(state, t) || !canPay(state, t, 'shoot'))
    return out;
  const arena = arenaOf(state);
  const here = t.y * arena.width + t.x;
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (!th) continue;
    const range = Math.max(Math.abs(th.x - t.x), Math.abs(th.y - t.y));
    // shotChecks' own first refusals, checked here without a throw (most Threats fail on them).
    if (range === 0 || !inFrontArc(t.facing, th.x - t.x, th.y - t.y)) continue;
    // Most of the rest stand behind a wall: no line of fire, whatever the weapon.
    const there = th.y * arena.width + th.x;
    if (wallsBlockFire(arena, here, there)) continue;
    // Or a door shut across it (the arena state is the one `shotChecks` traces on).
    if (shutDoorBlocksFire(arena, arenaStateOf(state), here, there)) continue;
    for (const weapon of t.weapons) {
      const w = state.rules.weapons[weapon];
      if (!w || (w.kind !== 'gun' && w.kind !== 'flamer') || range > w.range) continue;
      if (w.kind === 'gun' ? w.magazine !== null && (t.ammo[weapon] ?? 0) <= 0 : (t.ammo[weapon] ?? 0) <= 0)
        continue;
      // The Threat a gun fires at is the one the rules find in the square (`shotChecks`).
      const target = w.kind === 'gun' ? (threatAt(state, th.x, th.y)?.id ?? null) : null;
      out.push({ weapon, x: th.x, y: th.y, range, target });
    }
  }
  return out;
}

/** Per arena: its state with every door open and nobody in it, and what is known of its lines. */
const wallLines = new WeakMap<
  Arena,
  {
    readonly open: ArenaState;
    readonly known: Uint8Array;
    /** Per pair of squares the walls let a line through: the doors that block it when shut. */
    readonly doors: (readonly number[] | undefined)[];
  }
>();
const LINE_CLEAR = 1;
const LINE_BLOCKED = 2;

/**
 * Whether the arena's walls and fixed obstacles alone block the line of fire between two squares
 * (indices): the rules' own walk (`lineOfFire`) on the arena with every door open and nobody in it.
 * Shut doors, figures and machines only ever block more (each check of the walk blocks in any state
 * where it blocks there), so every shot along such a line is refused (`shotChecks`: NO_LINE). It
 * never changes, so it is worked out once per pair of squares and kept with the arena.
 */
export function wallsBlockFire(arena: Arena, from: number, to: number): boolean {
  let lines = wallLines.get(arena);
  if (!lines) {
    const open = newArenaState(arena);
    open.doorOpen.fill(1);
    lines = { open, known: new Uint8Array(arena.size * arena.size), doors: [] };
    wallLines.set(arena, lines);
  }
  const key = from * arena.size + to;
  let known = lines.known[key] as number;
  if (known === 0) {
    const w = arena.width;
    const line = lineOfFire(
      arena,
      lines.open,
      { x: from % w, y: Math.floor(from / w) },
      { x: to % w, y: Math.floor(to / w) },
    );
    known = line.clear ? LINE_CLEAR : LINE_BLOCKED;
    lines.known[key] = known;
  }
  return known === LINE_BLOCKED;
}

/**
 * Whether a door shut now (`as`) blocks the line of fire between two squares the walls alone let
 * through: for each door near the line, the rules' walk on the arena with only that door shut
 * (kept per pair of squares with the arena). What blocks there blocks in any state with that door
 * shut, as for `wallsBlockFire`; a door left out only means the shot is traced as before.
 */
export function shutDoorBlocksFire(arena: Arena, as: ArenaState, from: number, to: number): boolean {
  if (wallsBlockFire(arena, from, to)) return true;
  const lines = wallLines.get(arena) as NonNullable<ReturnType<typeof wallLines.get>>;
  const key = from * arena.size + to;
  let doors = lines.doors[key];
  if (doors === undefined) {
    const w = arena.width;
    const a = { x: from % w, y: Math.floor(from / w) };
    const b = { x: to % w, y: Math.floor(to / w) };
    const x0 = Math.min(a.x, b.x);
    const x1 = Math.max(a.x, b.x);
    const y0 = Math.min(a.y, b.y);
    const y1 = Math.max(a.y, b.y);
    const inBox = (i: number) => {
      const x = i % w;
      const y = Math.floor(i / w);
      return x >= x0 && x <= x1 && y >= y0 && y <= y1;
    };
    const found: number[] = [];
    for (const d of arena.doors) {
      // The line crosses only sides between squares of its box.
      if (!d.sides.some((sd) => inBox(sd.a) || inBox(sd.b))) continue;
      lines.open.doorOpen[d.index] = 0;
      if (!lineOfFire(arena, lines.open, a, b).clear) found.push(d.index);
      lines.open.doorOpen[d.index] = 1;
    }
    doors = found;
    lines.doors[key] = doors;
  }
  for (const d of doors) if (as.doorOpen[d] !== 1) return true;
  return false;
}

/**
 * The shot aimed (`shotAims`) as a legal SHOOT, with the rules' preview (the line of fire traced),
 * or null when the preview refuses it. Comrades who must -DUCK! are named in the command, as a
 * player would name them.
 */
export function aimedShot(state: FdState, t: Teamer, aim: ShotAim): LegalShot | null {
  const p = shotPreview(state, t.id, aim.weapon, aim.x, aim.y);
  if (!p.ok) return null;
  const command: CommandOf<'shoot'> = {
    type: 'shoot',
    teamerId: t.id,
    weapon: aim.weapon,
    x: aim.x,
    y: aim.y,
    ...(p.duckers.length > 0 ? { duck: [...p.duckers] } : {}),
  };
  return { command, preview: p, range: aim.range };
}

/**
 * Every legal shot at a Threat's square with a gun or a flamer (grenades are left out: their
 * scatter makes them a choice of their own): each of `shotAims`, previewed (`aimedShot`).
 */
export function legalShots(state: FdState, t: Teamer): LegalShot[] {
  const out: LegalShot[] = [];
  for (const aim of shotAims(state, t)) {
    const s = aimedShot(state, t, aim);
    if (s) out.push(s);
  }
  return out;
}

/**
 * Every legal grenade throw at a Threat's square (a SHOOT with a grenade): one per grenade kind he
 * carries, while he has a grenade left, at a square in his front arc and throwing range with a
 * clear throw (`shotPreview`'s checks). Whether a throw is worth it (scatter, comrades in the
 * blast) is the caller's choice.
 */
export function legalGrenades(
  state: FdState,
  t: Teamer,
  /**
   * Asked before the preview (which traces the throw): a false leaves the aim out. The policy
   * skips throws it would never make, so no throw is traced for nothing.
   */
  worthAiming?: (weapon: string, x: number, y: number) => boolean,
): LegalShot[] {
  const out: LegalShot[] = [];
  if (t.x === null || t.y === null || t.grenades <= 0 || !canActNow(state, t) || !canPay(state, t, 'shoot'))
    return out;
  const seen = new Set<number>();
  const w = arenaOf(state).width;
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (!th || seen.has(th.y * w + th.x)) continue;
    seen.add(th.y * w + th.x);
    const range = Math.max(Math.abs(th.x - t.x), Math.abs(th.y - t.y));
    if (range === 0 || !inFrontArc(t.facing, th.x - t.x, th.y - t.y)) continue;
    for (const weapon of t.weapons) {
      if (state.rules.weapons[weapon]?.kind !== 'grenade') continue;
      if (worthAiming && !worthAiming(weapon, th.x, th.y)) continue;
      const p = shotPreview(state, t.id, weapon, th.x, th.y);
      if (!p.ok) continue;
      out.push({ command: { type: 'shoot', teamerId: t.id, weapon, x: th.x, y: th.y }, preview: p, range });
    }
  }
  return out;
}

/** A legal SHOOT into a ceiling (19) with its odds, rolled as `decideShootUp` rolls them. */
export interface LegalShotUp {
  readonly command: CommandOf<'shoot'>;
  /** The chance of at least one hit. */
  readonly chance: number;
  /** The chance of hits enough for the Threat's wounds left. */
  readonly kill: number;
}

/**
 * Each SHOOT `up` that `shootUpChecks` accepts, Threat by Threat in the ceiling's order and weapon
 * by weapon in the Teamer's kit, with the Threat aimed at: `legalShotsUp` prices them, the table's
 * ceiling buttons label them. Whether he may act and pay for a shot now is the caller's to ask.
 */
export function* shotsUpAccepted(
  state: FdState,
  t: Teamer,
): Generator<{ readonly command: CommandOf<'shoot'>; readonly target: Threat }> {
  if (!ceilingOn(state)) return;
  const ceiling = ceilingOf(state);
  for (const id of ceiling.order) {
    const target = ceiling.threats[id];
    if (!target) continue;
    for (const weapon of t.weapons) {
      const command: CommandOf<'shoot'> = {
        type: 'shoot',
        teamerId: t.id,
        weapon,
        x: target.x,
        y: target.y,
        up: true,
      };
      try {
        shootUpChecks(state, command);
      } catch (e) {
        if (isRuleError(e)) continue;
        throw e;
      }
      yield { command, target };
    }
  }
}

/**
 * Every legal SHOOT `up` at a Threat in a ceiling (19, `shotsUpAccepted`): from the floor with a
 * gun that fires through a ceiling, or a flamer, shotgun or grenade at a hatch square, within the
 * Bio-Sensor's reach; from up there at a Threat of his own ceiling. None without the ceiling
 * extension or a Threat up in a ceiling.
 */
export function legalShotsUp(state: FdState, t: Teamer): LegalShotUp[] {
  const out: LegalShotUp[] = [];
  if (!ceilingOn(state) || t.x === null || t.y === null) return out;
  if (ceilingOf(state).order.length === 0 || !canActNow(state, t) || !canPay(state, t, 'shoot')) return out;
  for (const { command, target } of shotsUpAccepted(state, t)) {
    const weapon = command.weapon;
    const w = state.rules.weapons[weapon];
    if (!w || w.kind === 'melee' || w.kind === 'drone-gun') continue;
    const left = Math.max(1, (state.rules.species[target.species]?.wounds ?? 1) - target.wounds);
    // `decideShootUp`'s dice: a gun's dice and pluses, else one die at the weapon's number.
    const gun = w.kind === 'gun';
    const dice = gun ? w.dice + ((t.bonus[`${weapon}:dice`] ?? 0) > 0 ? 1 : 0) : 1;
    const plus = gun ? (t.chicken ? 0 : (t.bonus[weapon] ?? 0)) - (t.dash === 'penalised' ? 2 : 0) : 0;
    const p = Math.min(1, Math.max(0, (7 - (w.hitOn - plus)) / 6));
    out.push({ command, chance: 1 - (1 - p) ** dice, kill: atLeast(dice, p, left) });
  }
  return out;
}

/** The chance of at least `k` successes in `n` tries of chance `p` each. */
function atLeast(n: number, p: number, k: number): number {
  let sum = 0;
  let choose = 1;
  for (let i = 0; i <= n; i++) {
    if (i >= k) sum += choose * p ** i * (1 - p) ** (n - i);
    choose = (choose * (n - i)) / (i + 1);
  }
  return sum;
}

/** GRAPPLE (paid as a shooting action) against each Threat in contact. */
export function legalGrapples(state: FdState, t: Teamer): CommandOf<'grapple'>[] {
  const out: CommandOf<'grapple'>[] = [];
  // Lying down he grapples nobody (10.2, `ducked.ts`): he stands up first.
  if (t.x === null || t.y === null || t.ducked || !canActNow(state, t) || !canPay(state, t, 'shoot'))
    return out;
  if (vehicleOfCrew(state, t.id)) return out;
  const w = arenaOf(state).width;
  const here = t.y * w + t.x;
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (
      th &&
      Math.max(Math.abs(th.x - t.x), Math.abs(th.y - t.y)) <= 1 &&
      inContact(state, here, th.y * w + th.x)
    )
      out.push({ type: 'grapple', teamerId: t.id, threatId: id });
  }
  return out;
}

/** The steps the Teamer whose move is under way may take next (`decideStep`'s checks). */
export function legalSteps(state: FdState): CommandOf<'step'>[] {
  const m = state.move;
  // A drive goes by manoeuvres (legalVehicleMoves), never by steps.
  if (!m || m.vehicleId !== undefined) return [];
  const t = state.teamers[m.teamerId] as Teamer;
  const left = m.allowance - m.spent;
  const entry = state.entry;
  const out: CommandOf<'step'>[] = [];
  if (t.x === null || t.y === null) {
    if (t.left || t.wounds >= 2) return out;
    // From the bridge: onto the entry square if it has room, or back to Mother at no cost.
    out.push({ type: 'step', teamerId: t.id, bridge: true });
    if (left < 1 || (t.ducked && m.steps >= 1)) return out;
    const as = arenaStateOf(state);
    const i = entry.y * arenaOf(state).width + entry.x;
    if ((as.teamers[i] as number) < 2 && as.threats[i] === 0)
      out.unshift({ type: 'step', teamerId: t.id, x: entry.x, y: entry.y });
    return out;
  }
  if (t.up === true) return legalCeilingSteps(state, t, left);
  if (left < 1) return out;
  if (t.x === entry.x && t.y === entry.y) out.push({ type: 'step', teamerId: t.id, bridge: true });
  if (t.ducked && m.steps >= 1) return out;
  const arena = arenaOf(state);
  const as = arenaStateOf(state);
  const options = teamerMoveOptions(state);
  const from = { x: t.x, y: t.y };
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const x = t.x + dx;
      const y = t.y + dy;
      if (x < 0 || y < 0 || x >= arena.width || y >= arena.height) continue;
      const r = stepCost(arena, as, from, { x, y }, t.facing, options);
      if (!r || (t.ducked ? 1 : r.cost) > left) continue;
      out.push({ type: 'step', teamerId: t.id, x, y });
    }
  return out;
}

/** Opening or shutting each door whose zone he stands in (`decideOperateDoor`'s checks; no dives). */
export function legalDoorOps(state: FdState, t: Teamer): CommandOf<'operateDoor'>[] {
  const out: CommandOf<'operateDoor'>[] = [];
  if (t.x === null || t.y === null || t.ducked || !canActNow(state, t)) return out;
  if (state.phase !== 'exploration' && state.phase !== 'team' && state.phase !== 'threat') return out;
  if (state.effects.powerDownUntilTurn >= state.turn || !canPay(state, t, 'other')) return out;
  const arena = arenaOf(state);
  const sq = t.y * arena.width + t.x;
  for (const g of arena.doors) {
    const d = state.doors[g.index];
    if (!d || d.stuck || !g.zone.includes(sq)) continue;
    if (d.open && d.jammed) continue;
    out.push({ type: 'operateDoor', teamerId: t.id, door: g.index, open: !d.open });
  }
  return out;
}

/**
 * Who may dive under this door as it closes (15.2, `actions.ts` `diversFor`'s checks): each able
 * Teamer (not up in a ceiling) in one of its aperture squares with room in the square opposite and
 * no Threat there, in team order while the room lasts (two stacked men may dive together into an
 * empty square), so any of them named together is accepted. How each would pay (his WAIT chit, else
 * a READY one, else a fumble test he dies on if he fails it) is for the caller to weigh.
 */
export function legalDivers(state: FdState, door: number): string[] {
  const out: string[] = [];
  const arena = arenaOf(state);
  const d = arena.doors[door];
  if (!d) return out;
  const w = arena.width;
  let landed: number[] | null = null;
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    if (!canAct(t) || t.up === true) continue;
    const here = (t.y as number) * w + (t.x as number);
    const side = d.sides.find((sd) => sd.a === here || sd.b === here);
    if (!side) continue;
    const to = side.a === here ? side.b : side.a;
    const x = to % w;
    const y = Math.floor(to / w);
    const already = landed?.filter((l) => l === to).length ?? 0;
    if ((arena.capacity[to] as number) - teamersAt(state, x, y).length - already < 1 || threatAt(state, x, y))
      continue;
    landed ??= [];
    landed.push(to);
    out.push(id);
  }
  return out;
}

/**
 * Bio-Sensor scans (7.2) through each door whose zone he stands in, from his own tile
 * (`decideScan`'s checks: the sensor or the scanner-operator ability, power on, a chit for an
 * Other Action). Listed only while the scan would reach a tile with a marker still face down.
 */
export function legalScans(state: FdState, t: Teamer): CommandOf<'scan'>[] {
  const out: CommandOf<'scan'>[] = [];
  if (t.x === null || t.y === null || t.ducked || !canActNow(state, t)) return out;
  if (!t.bioSensor && !t.abilities.includes('scanner-operator')) return out;
  if (state.phase !== 'exploration' && state.phase !== 'team' && state.phase !== 'threat') return out;
  if (state.effects.powerDownUntilTurn >= state.turn || !canPay(state, t, 'other')) return out;
  const arena = arenaOf(state);
  const sq = t.y * arena.width + t.x;
  const own = arena.tileOf[sq] as number;
  for (const g of arena.doors) {
    if (!g.zone.includes(sq)) continue;
    const across = g.tiles[0] === own ? g.tiles[1] : g.tiles[0];
    if (state.tiles[across]?.revealed.every(Boolean) !== false) continue;
    out.push({ type: 'scan', teamerId: t.id, door: g.index });
  }
  return out;
}

/**
 * The Other Actions he can take where he stands: turn over an unexamined Source chit in or next to
 * his square, clear the found Source, work a console or lockers he stands at, reload a gun, stand
 * up (`decideTask`'s checks).
 */
export function legalTasks(state: FdState, t: Teamer): CommandOf<'task'>[] {
  const out: CommandOf<'task'>[] = [];
  if (t.x === null || t.y === null || !canActNow(state, t)) return out;
  if (state.phase !== 'team' && state.phase !== 'threat') return out;
  if (!canPay(state, t, 'other')) return out;
  if (t.ducked) return lyingTasks(state, t);
  const board = boardOf(state);
  for (const ts of state.tiles)
    for (const ch of ts.chits)
      if (
        !ch.examined &&
        ch.x !== null &&
        ch.y !== null &&
        Math.max(Math.abs(ch.x - t.x), Math.abs(ch.y - t.y)) <= 1 &&
        // The rules look the chit up in the tile of the square named.
        state.tiles[board.tileAt(ch.x, ch.y)] === ts
      )
        out.push({ type: 'task', teamerId: t.id, task: 'examineChit', x: ch.x, y: ch.y });
  for (const l of state.loads) {
    if (l.at === null || l.lost || l.examined) continue;
    const x = l.at % board.width;
    const y = Math.floor(l.at / board.width);
    if (Math.max(Math.abs(x - t.x), Math.abs(y - t.y)) <= 1)
      out.push({ type: 'task', teamerId: t.id, task: 'examineLoad', x, y });
  }
  if (!state.progress.sourceCleared) {
    const tile = board.tileAt(t.x, t.y);
    const h = state.tiles[tile]?.chits.some((ch) => ch.h && ch.examined && ch.x === t.x && ch.y === t.y);
    const armed = t.grenades > 0 || t.weapons.some((id) => state.rules.weapons[id]?.kind === 'flamer');
    const alive = state.threatOrder.some((id) => {
      const th = state.threats[id];
      return th !== undefined && board.tileAt(th.x, th.y) === tile;
    });
    if (h && armed && !alive) out.push({ type: 'task', teamerId: t.id, task: 'clearSource' });
  }
  const here = t.y * board.width + t.x;
  for (const sp of arenaOf(state).specials)
    if (sp.square === here && (sp.kind === 'console' || sp.kind === 'lockers'))
      out.push({ type: 'task', teamerId: t.id, task: sp.kind === 'console' ? 'console' : 'locker' });
  out.push(...reloads(t, state));
  return out;
}

/** Reloading each gun with a magazine (a heavy one not lying down, 10.2). */
function reloads(t: Teamer, state: FdState): CommandOf<'task'>[] {
  const out: CommandOf<'task'>[] = [];
  for (const weapon of t.weapons) {
    const w = state.rules.weapons[weapon];
    if (w?.kind !== 'gun' || w.magazine === null || (t.ducked && w.heavy)) continue;
    out.push({ type: 'task', teamerId: t.id, task: 'reload', weapon });
  }
  return out;
}

/** Lying down (10.2, `ducked.ts`) his Other Actions are reloading a gun that is not heavy and standing up. */
function lyingTasks(state: FdState, t: Teamer): CommandOf<'task'>[] {
  return [...reloads(t, state), { type: 'task', teamerId: t.id, task: 'standUp' }];
}

/**
 * Picking up each comrade out of action lying in or next to his square, and each portable cargo
 * load next to him (`decideCarry`'s checks).
 */
export function legalCarries(state: FdState, t: Teamer): CommandOf<'carry'>[] {
  const out: CommandOf<'carry'>[] = [];
  if (t.x === null || t.y === null || !canActNow(state, t)) return out;
  if (state.phase !== 'team' && state.phase !== 'threat') return out;
  if (t.carrying !== null || t.cargo !== null || t.ducked || !canPay(state, t, 'other')) return out;
  if (vehicleOfCrew(state, t.id)) return out;
  const wounds = state.rules.pack.combat.teamerWounds;
  const w = arenaOf(state).width;
  for (const id of state.teamOrder) {
    const b = state.teamers[id] as Teamer;
    if (b.id === t.id || b.left || b.wounds < wounds.outOfActionAt || b.wounds >= wounds.deadAt) continue;
    if (isCarried(state, id) || inAThreatsGrip(state, id) || !comradeWithin(state, t, b)) continue;
    out.push({ type: 'carry', teamerId: t.id, comradeId: id });
  }
  if (t.up === true) return out;
  // Portable loads in a neighbouring square he could reach, with nobody standing on them.
  const arena = arenaOf(state);
  for (const l of arena.loads) {
    if (!l.portable || state.loads[l.index]?.lost || state.loads[l.index]?.at === null) continue;
    const x = l.square % w;
    const y = Math.floor(l.square / w);
    if (Math.max(Math.abs(x - t.x), Math.abs(y - t.y)) > 1) continue;
    if ((x !== t.x || y !== t.y) && !inContact(state, t.y * w + t.x, l.square)) continue;
    if (teamersAt(state, x, y).length > 0 || threatAt(state, x, y)) continue;
    out.push({ type: 'carry', teamerId: t.id, x, y });
  }
  return out;
}

/** Squares next to a vehicle (each once): where he may get in from, get out to, or a pod stands. */
function aroundVehicle(state: FdState, v: ReturnType<typeof vehiclesOf>[number]): { x: number; y: number }[] {
  const arena = arenaOf(state);
  const own = vehicleSquares({
    front: { x: v.x, y: v.y },
    facing: v.facing,
    length: vehicleType(state, v).length,
  });
  const seen = new Set(own.map((q) => q.y * arena.width + q.x));
  const out: { x: number; y: number }[] = [];
  for (const q of own)
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = q.x + dx;
        const y = q.y + dy;
        if (x < 0 || y < 0 || x >= arena.width || y >= arena.height || seen.has(y * arena.width + x))
          continue;
        seen.add(y * arena.width + x);
        out.push({ x, y });
      }
  return out;
}

/**
 * The vehicle commands he may give now (`vehicles.ts`' checks): outside, getting into a vehicle
 * beside him with a seat free; inside, getting out into each free square next to it, lifting
 * each pod beside it (a type that lifts pods, with room), setting down each pod it holds (in his
 * own turn), and with the licence driving it (a MOVE) and ramming (once a turn).
 */
export function legalVehicleActions(state: FdState, t: Teamer): FdCommand[] {
  const out: FdCommand[] = [];
  if (t.x === null || t.y === null || !canActNow(state, t)) return out;
  if (state.phase !== 'team' && state.phase !== 'threat') return out;
  const other = canPay(state, t, 'other');
  const v = vehicleOfCrew(state, t.id);
  if (!v) {
    if (!other || t.ducked || t.carrying !== null || t.cargo !== null) return out;
    for (const u of vehiclesOf(state))
      if (
        u.wrecked !== true &&
        u.crew.length < vehicleType(state, u).seats &&
        besideVehicle(state, u, t.x, t.y)
      )
        out.push({ type: 'getIn', teamerId: t.id, vehicleId: u.id });
    return out;
  }
  const type = vehicleType(state, v);
  const arena = arenaOf(state);
  const around = aroundVehicle(state, v);
  const own =
    state.activation?.teamerIds.includes(t.id) === true || state.interrupt?.teamerIds.includes(t.id) === true;
  for (const { x, y } of around) {
    if (!exitSquareFree(state, v, x, y)) continue;
    if (other) out.push({ type: 'getOut', teamerId: t.id, x, y });
    if (own && arena.partHeight[y * arena.width + x] === 0 && teamersAt(state, x, y).length === 0)
      for (const load of v.pods ?? []) out.push({ type: 'unloadPod', teamerId: t.id, load, x, y });
  }
  // A wreck lifts, drives and rams no more (WRECKED): its crew may only get out or set pods down.
  if (v.wrecked === true) return out;
  if (other && type.picksUpPods && (v.pods ?? []).length < type.pods)
    for (const l of arena.loads) {
      if (!l.portable || state.loads[l.index]?.lost || state.loads[l.index]?.at === null) continue;
      const x = l.square % arena.width;
      const y = Math.floor(l.square / arena.width);
      if (teamersAt(state, x, y).length > 0 || threatAt(state, x, y) || !besideVehicle(state, v, x, y))
        continue;
      out.push({ type: 'loadPod', teamerId: t.id, x, y });
    }
  if (!hasLicence(state, t, type)) return out;
  if (canPay(state, t, 'move')) out.push({ type: 'drive', teamerId: t.id });
  if (other && (type.smashesDoors || type.bulldozes) && v.rammedTurn !== state.turn)
    out.push({ type: 'ram', teamerId: t.id });
  return out;
}

/** A drive under way: its manoeuvres with room, and stopping when the stop rule allows it. */
export function legalVehicleMoves(state: FdState): FdCommand[] {
  const m = state.move;
  if (m?.vehicleId === undefined) return [];
  const out: FdCommand[] = legalManoeuvres(state).map((manoeuvre) => ({
    type: 'manoeuvre' as const,
    teamerId: m.teamerId,
    manoeuvre,
  }));
  try {
    checkVehicleStop(state, m);
    out.push({ type: 'endMove', teamerId: m.teamerId });
  } catch (e) {
    if (!isRuleError(e)) throw e;
  }
  return out;
}

/**
 * Position juggling (8.4, `decideJuggle`'s checks): swapping places with each able stack-mate, as
 * his Other Action; the mate must not have activated yet this turn (outside his activation) and
 * still hold a chit, or, when an interrupt names him, hold a WAIT chit.
 */
export function legalJuggles(state: FdState, t: Teamer): CommandOf<'juggle'>[] {
  const out: CommandOf<'juggle'>[] = [];
  if (t.x === null || t.y === null || t.ducked || !canActNow(state, t) || !canPay(state, t, 'other'))
    return out;
  for (const p of teamersAt(state, t.x, t.y)) {
    if (p.id === t.id || !canAct(p)) continue;
    if (state.interrupt) {
      if (waitChit(p) === null) continue;
    } else if (state.activated.includes(p.id) && !state.activation?.teamerIds.includes(p.id)) continue;
    else if (readyChit(p) === null && waitChit(p) === null) continue;
    out.push({ type: 'juggle', teamerId: t.id, partnerId: p.id });
  }
  return out;
}

/**
 * Walking his drone (24.9, `decideDirectDrone`'s checks): an Other Action he can pay for now, not
 * from a vehicle's crew; each square the drone reaches once, with its facing kept (the command may
 * turn it to any facing).
 */
export function legalDroneDirections(state: FdState, t: Teamer): CommandOf<'directDrone'>[] {
  if (state.drones.length === 0 || t.ducked || !canActNow(state, t) || !canPay(state, t, 'other')) return [];
  return vehicleOfCrew(state, t.id) ? [] : legalDroneWalks(state, t);
}

/**
 * Setting up his drone gun (8.5, `decideSetUpDrone`'s checks): with the gear, standing, his drone
 * not yet set up (a walking one may be set up again), in each free bare square next to him that
 * he could step to, facing each way.
 */
export function legalDroneSetups(state: FdState, t: Teamer): CommandOf<'setUpDrone'>[] {
  const out: CommandOf<'setUpDrone'>[] = [];
  if (t.x === null || t.y === null || t.ducked || !canActNow(state, t)) return out;
  if (state.phase !== 'team' && state.phase !== 'threat') return out;
  const gear = droneGear(state, t.id);
  if (gear === null || (gear !== 'walking-drone-gun' && state.drones.some((d) => d.owner === t.id)))
    return out;
  if (!canPay(state, t, 'other')) return out;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if ((dx === 0 && dy === 0) || !droneSquareFree(state, t, t.x + dx, t.y + dy)) continue;
      for (let facing = 0; facing < 8; facing++)
        out.push({ type: 'setUpDrone', teamerId: t.id, x: t.x + dx, y: t.y + dy, facing });
    }
  return out;
}

/**
 * Setting or lifting the bridge / control-room override (15.1) at a console the pack marks
 * `overridesDoors` (`door-rc.ts` `decideBridgeOverride`'s checks, then its Other Action's chit).
 */
export function legalBridgeOverride(state: FdState, t: Teamer): CommandOf<'bridgeOverride'> | null {
  if (t.ducked) return null;
  // Most Teamers stand at no such console: asked first, so no refusal is thrown for them.
  if (t.x === null || t.y === null) return null;
  const arena = arenaOf(state);
  const here = t.y * arena.width + t.x;
  if (!arena.specials.some((sp) => sp.overridesDoors && sp.square === here)) return null;
  const on = !state.doorOverride;
  try {
    bridgeOverrideChecks(state, t, on);
  } catch (e) {
    if (isRuleError(e)) return null;
    throw e;
  }
  return canPay(state, t, 'other') ? { type: 'bridgeOverride', teamerId: t.id, on } : null;
}

/**
 * 10.2: a ducked Teamer whose next action would be paid with his WAIT chit (an interrupt naming
 * him, or between activations) may send it with `standUp: true` (`actions.ts` `standForWait`).
 */
export function mayStandWithWait(state: FdState, t: Teamer): boolean {
  if (!t.ducked || !canActNow(state, t)) return false;
  try {
    return chitFor(state, t, 'other').viaWait;
  } catch (e) {
    if (isRuleError(e)) return false;
    throw e;
  }
}

/** Putting a WAIT chit down: in his activation, one chit used and the other still READY. */
export function canWait(state: FdState, t: Teamer): boolean {
  return (
    state.activation?.teamerIds.includes(t.id) === true &&
    state.move === null &&
    t.chits[0] !== 'READY' &&
    t.chits[1] === 'READY' &&
    waitChit(t) === null &&
    canActNow(state, t)
  );
}

/** Starting a MOVE (no dash): in his turn, with a chit that may pay for it. */
export function canMove(state: FdState, t: Teamer): boolean {
  return canActNow(state, t) && canPay(state, t, 'move');
}

/** Every legal command above for each Teamer who may act now, plus the turn's own commands. */
export function legalCommands(state: FdState): FdCommand[] {
  // Multi-team play (21): a called Threat (or ambush) waits for its seat, and nothing else goes.
  if (state.multiTeam?.call?.run === false) return [{ type: 'runThreat' }];
  const out: FdCommand[] = [];
  if (state.move) {
    if (state.move.vehicleId !== undefined) return legalVehicleMoves(state);
    out.push(...legalSteps(state), { type: 'endMove', teamerId: state.move.teamerId });
    // 19: climbs only with the ceiling extension on (none otherwise: default play is unchanged).
    out.push(...legalClimbs(state));
    return out;
  }
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    if (readyChit(t) === null && waitChit(t) === null) continue;
    if (t.up === true) {
      // Up in the ceiling (19) only his grapples and shots at a Threat up there and picking up a
      // fallen comrade up there, beside moving and WAIT, are his to give.
      if (canActNow(state, t) && canPay(state, t, 'shoot')) out.push(...legalGrapplesUp(state, t));
      out.push(...legalShotsUp(state, t).map((s) => s.command), ...legalCarries(state, t));
      if (canWait(state, t)) out.push({ type: 'wait', teamerId: id });
      continue;
    }
    out.push(
      ...legalShots(state, t).map((s) => s.command),
      ...legalGrenades(state, t).map((s) => s.command),
      ...legalShotsUp(state, t).map((s) => s.command),
      ...legalGrapples(state, t),
      ...legalDoorOps(state, t),
      ...legalScans(state, t),
      ...legalTasks(state, t),
      ...legalCarries(state, t),
      ...legalVehicleActions(state, t),
      ...legalJuggles(state, t),
      ...legalDroneSetups(state, t),
      ...legalDroneDirections(state, t),
    );
    const override = legalBridgeOverride(state, t);
    if (override) out.push(override);
    if (canWait(state, t)) out.push({ type: 'wait', teamerId: id });
  }
  return out;
}
