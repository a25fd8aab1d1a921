import { inFrontArc } from '../../engine/board/square-grid.ts';
import { d } from '../../engine/dice/die.ts';
import type { DiceSource } from '../../engine/dice/source.ts';
import { RuleError } from '../../engine/rule-error.ts';
import { isArenaSquare } from './arena/model.ts';
import { inTheWay, positionPoint } from './arena/positions.ts';
import { lineOfFire, lineOfThrow } from './arena/sight.ts';
import { arenaOf, arenaStateOf, visibleTo } from './board-adapter.ts';
import { decideGrappleUp, decideShootUp } from './ceiling.ts';
import type { CommandOf } from './commands.ts';
import type { PackWeapon } from './data/pack-schema.ts';
import { d6 } from './dice.ts';
import type { Draft } from './draft.ts';
import { teamersAt, threatAt } from './figures.ts';
import { type FdState, readyChit, type Teamer, type Threat, teamerOf, threatOf, waitChit } from './state.ts';
import { bingeTest, raiseBinge, stressSituation } from './stress.ts';
import { chitFor, requireActor, spendChit, teamerOrThrow } from './turn.ts';
import { vehiclesOf } from './vehicle-squares.ts';
import { inContact } from './world-adapter.ts';

/**
 * Attacks (digest 10–11, defaults 24.2–24.3): SHOOT with the pack's guns, flamer squirts and
 * grenade throws with scatter, -DUCK! to clear a comrade's line, grapples, wounds and armour.
 */

const DASH_PENALTY = 2;

/** A Teamer takes a wound (armour may save it); death is a stress situation for those who saw it. */
export function woundTeamer(draft: Draft, teamerId: string, dice: DiceSource): void {
  const t = teamerOf(draft.state, teamerId);
  if (!t || t.wounds >= draft.state.rules.pack.combat.teamerWounds.deadAt) return;
  const combat = draft.state.rules.pack.combat;
  let armourFace: number | null = null;
  if (t.armour) {
    armourFace = d6(dice, `armour save for ${t.name}`);
    if (armourFace >= combat.armourSavesOn) {
      draft.emit({ type: 'teamer.wounded', teamerId, wounds: t.wounds, armourFace });
      return;
    }
  }
  const wounds = t.wounds + 1;
  draft.emit({ type: 'teamer.wounded', teamerId, wounds, armourFace });
  if (wounds >= combat.teamerWounds.deadAt && t.x !== null && t.y !== null) {
    for (const id of draft.state.teamOrder) {
      const o = draft.state.teamers[id] as Teamer;
      if (id === teamerId || o.x === null || o.y === null || o.wounds >= 2 || o.left) continue;
      if (visibleTo(draft.state, o.x, o.y, o.facing, t.x, t.y))
        stressSituation(draft, id, `saw ${t.name} killed`, draft.table);
    }
  }
}

/** A Threat takes `hits` wounds; at its species' wounds it dies (a kill with one's first shot at it raises BINGE). */
export function woundThreat(
  draft: Draft,
  threatId: string,
  hits: number,
  by: string | null,
  firstShot: boolean,
): void {
  const t = threatOf(draft.state, threatId);
  if (!t || hits <= 0) return;
  const max = draft.state.rules.species[t.species]?.wounds ?? 1;
  const wounds = t.wounds + hits;
  if (wounds >= max) {
    killThreat(draft, threatId, by);
    if (by && firstShot) raiseBinge(draft, by, 'a first-shot kill');
  } else draft.emit({ type: 'threat.wounded', threatId, wounds });
}

/**
 * A Threat dies (shot, grappled, burnt, crushed by a door): a body it was dragging drops where it
 * lies first, so the log says so while the Threat is still there to let go.
 */
export function killThreat(draft: Draft, threatId: string, by: string | null): void {
  if (threatOf(draft.state, threatId)?.carrying)
    draft.emit({ type: 'threat.carried', threatId, teamerId: null });
  draft.emit({ type: 'threat.killed', threatId, by });
}

/** A Teamer's grapple value: the pack's base plus his best weapon bonus (the cutlass). */
function teamerGrapple(state: FdState, t: Teamer): number {
  let best = 0;
  for (const w of t.weapons) best = Math.max(best, state.rules.weapons[w]?.grappleBonus ?? 0);
  return state.rules.pack.combat.grapple.teamer + (t.chicken ? 0 : best);
}

/**
 * A grapple (24.3): each side d6 + its grapple value (+ the back bonus for a Threat attacking a
 * Teamer's back); the higher deals one wound, a tie nothing. The Teamer's die comes from
 * `teamerDice`, the Threat's from the table.
 */
export function grapple(
  draft: Draft,
  threatId: string,
  teamerId: string,
  teamerDice: DiceSource,
  fromBehind: boolean,
  teamerPenalty = 0,
): void {
  const th = threatOf(draft.state, threatId);
  const t = teamerOf(draft.state, teamerId);
  if (!th || !t) return;
  const back = fromBehind ? draft.state.rules.pack.combat.grapple.backAttackBonus : 0;
  const loser = grappleDice(draft, th, t, teamerDice, back, teamerPenalty);
  if (loser === 'threat') woundThreat(draft, threatId, 1, teamerId, false);
  if (loser === 'teamer') {
    woundTeamer(draft, teamerId, draft.table);
    seizePrey(draft, threatOf(draft.state, threatId), teamerId);
  }
}

/**
 * Prey (13.6): a Threat of a prey species (still there) that put a man out of action in a grapple,
 * not dead, takes hold of him to drag him to its nest (letting go of any it held); on the floor or
 * up in a ceiling (19).
 */
export function seizePrey(draft: Draft, th: Threat | undefined, teamerId: string): void {
  const after = teamerOf(draft.state, teamerId);
  const { outOfActionAt, deadAt } = draft.state.rules.pack.combat.teamerWounds;
  if (
    th &&
    after &&
    after.wounds >= outOfActionAt &&
    after.wounds < deadAt &&
    draft.state.rules.species[th.species]?.prey
  ) {
    // "No held weapons go with the body": they stay on the floor where he fell (or up there, 19).
    if (after.weapons.length > 0 && after.x !== null && after.y !== null)
      draft.emit({
        type: 'gear.dropped',
        teamerId,
        x: after.x,
        y: after.y,
        ...(after.up === true ? { up: true } : {}),
        weapons: after.weapons,
      });
    draft.emit({ type: 'threat.carried', threatId: th.id, teamerId });
  }
}

/** A grapple's two dice (the Teamer's from his own dice, the Threat's from the table's) and who lost (null: a tie). */
export function grappleDice(
  draft: Draft,
  th: Threat,
  t: Teamer,
  teamerDice: DiceSource,
  back: number,
  teamerPenalty = 0,
): 'threat' | 'teamer' | null {
  const teamerFace = d6(teamerDice, `grapple: ${t.name}`);
  const threatFace = d6(draft.table, `grapple: Threat ${th.id}`);
  const teamerTotal = teamerFace + teamerGrapple(draft.state, t) - teamerPenalty;
  const threatTotal = threatFace + (draft.state.rules.species[th.species]?.grapple ?? 0) + back;
  const loser = teamerTotal > threatTotal ? 'threat' : threatTotal > teamerTotal ? 'teamer' : null;
  draft.emit({
    type: 'grapple.resolved',
    threatId: th.id,
    teamerId: t.id,
    threatFace,
    teamerFace,
    threatTotal,
    teamerTotal,
    loser,
  });
  return loser;
}

export function decideGrapple(draft: Draft, c: CommandOf<'grapple'>): void {
  const t = teamerOrThrow(draft.state, c.teamerId);
  // 19: up in the ceiling he grapples the Threats up there.
  if (t.up === true) {
    decideGrappleUp(draft, c);
    return;
  }
  requireActor(draft.state, t);
  const th = threatOf(draft.state, c.threatId);
  if (!th)
    throw new RuleError('UNKNOWN_THREAT', `there is no Threat ${c.threatId}`, { threatId: c.threatId });
  if (t.x === null || t.y === null) throw new RuleError('NOT_ABOARD', `${t.name} is not in the arena`, {});
  refuseCrewInside(draft.state, t);
  const w = arenaOf(draft.state).width;
  if (!inContact(draft.state, t.y * w + t.x, th.y * w + th.x))
    throw new RuleError('NOT_IN_CONTACT', `${t.name} is not in contact with ${th.id}`, {});
  chitFor(draft.state, t, 'shoot');
  spendChit(draft, t.id, 'shoot');
  // 9.4: the turn after a dash every die he rolls for an action is 2 worse, his grapple too (a
  // grapple he is dragged into by a Threat is not his action, so it is not).
  grapple(draft, th.id, t.id, draft.own, false, t.dash === 'penalised' ? DASH_PENALTY : 0);
}

/**
 * Crew inside a vehicle neither shoot, throw nor grapple (refusal IN_VEHICLE). Bughunt reads: the
 * booklet gives vehicles no firing ports and says they block all shooting (4, 10.1), so the hull
 * stands between the crew and every target; they get out to fight.
 */
function crewInside(state: FdState, t: Teamer): Refused | null {
  if (!vehiclesOf(state).some((v) => v.crew.includes(t.id))) return null;
  return refused('IN_VEHICLE', `${t.name} is inside a vehicle: he gets out to fight`, { teamerId: t.id });
}

function refuseCrewInside(state: FdState, t: Teamer): void {
  const inside = crewInside(state, t);
  if (inside) throw new RuleError(inside.code, inside.message, inside.details);
}

/** A refused SHOOT as shotChecks returns it: decideShoot throws it, a preview reports it. */
interface Refused {
  readonly refused: true;
  readonly code: string;
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>>;
}

function refused(code: string, message: string, details: Readonly<Record<string, unknown>>): Refused {
  return { refused: true, code, message, details };
}

function isRefused(p: ShotPlan | Refused): p is Refused {
  return 'refused' in p;
}

/**
 * A stack-mate whose place lies ahead of the shooter's toward the target is in the way (9.5): he
 * must -DUCK! (named in `duck`; null lists him as a preview does), and a weapon that never fires
 * past a figure cannot fire past him at all, ducked or not.
 */
function stackMateInTheWay(
  state: FdState,
  t: Teamer,
  w: PackWeapon,
  dx: number,
  dy: number,
  named: readonly string[] | null,
  duckers: Teamer[],
): Refused | null {
  if (t.x === null || t.y === null) return null;
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  const ahead = teamersAt(state, t.x, t.y).filter(
    (m) =>
      m.id !== t.id &&
      inTheWay(
        { facing: t.facing, position: t.position },
        { facing: m.facing, position: m.position },
        sx,
        sy,
      ),
  );
  return mustDuck(w, ahead, named, duckers);
}

/**
 * At the target's end (9.5, digest "positions"): a Teamer sharing the target Threat's square in the
 * half toward the shooter shields it, like a stack-mate at the shooter's end. A Threat has no place
 * of its own; it stands in the one a Teamer leaves free, opposite his, so he is in the way exactly
 * when his point lies toward the shooter. A Teamer in the centre shields nothing.
 */
function shieldAtTarget(
  state: FdState,
  w: PackWeapon,
  x: number,
  y: number,
  dx: number,
  dy: number,
  named: readonly string[] | null,
  duckers: Teamer[],
): Refused | null {
  return mustDuck(w, shieldsAt(state, x, y, dx, dy, null), named, duckers);
}

/**
 * The Teamers in the target's square (x, y) whose point lies in the half toward a shooter firing
 * along (dx, dy): they stand in the line of fire before the target. `target` is a Teamer shot at
 * (a Threat's gun), left out of his own shields; a pair stands on opposite points, so a mate's
 * point toward the shooter is exactly one ahead of the target's. Out-of-action and ducked Teamers
 * are listed too: the caller decides what they block.
 */
export function shieldsAt(
  state: FdState,
  x: number,
  y: number,
  dx: number,
  dy: number,
  target: string | null,
): Teamer[] {
  const sx = -Math.sign(dx);
  const sy = -Math.sign(dy);
  return teamersAt(state, x, y).filter((m) => {
    if (m.id === target) return false;
    const p = positionPoint({ facing: m.facing, position: m.position });
    return p.x * sx + p.y * sy > 0;
  });
}

/** Comrades in the way of a shot: a weapon that never fires past figures is refused; the rest must -DUCK!. */
function mustDuck(
  w: PackWeapon,
  inWay: readonly Teamer[],
  named: readonly string[] | null,
  duckers: Teamer[],
): Refused | null {
  for (const m of inWay) {
    if (m.wounds >= 2) continue;
    const pastFigures = w.kind === 'gun' || w.kind === 'flamer' ? w.firesPastFigures : true;
    if (!pastFigures)
      return refused('NO_LINE', `the ${w.name} cannot fire past ${m.name}`, { blocker: 'figure' });
    if (m.ducked) continue;
    if (named !== null && !named.includes(m.id))
      return refused('NO_LINE', `${m.name} is in the line of fire (he may -DUCK!)`, {
        duck: m.id,
        blocker: 'duck',
      });
    if (!duckers.includes(m)) duckers.push(m);
  }
  return null;
}

/** What a SHOOT's checks found: the weapon, the target Threat (guns), who must -DUCK!. */
interface ShotPlan {
  readonly t: Teamer;
  readonly w: PackWeapon;
  readonly targetId: string | null;
  /** Comrades in the line of fire who must duck (named in the command, or listed by a preview). */
  readonly duckers: readonly Teamer[];
}

type ShootCommand = CommandOf<'shoot'>;

/**
 * Every check of a SHOOT that does not depend on whose turn it is: the weapon, the square, arc,
 * range, ammunition, and the line of fire. `duckAll` (a preview) lists every comrade in the way as
 * a ducker instead of refusing the ones the command did not name. A refusal is returned, not
 * thrown: the policy previews every shot in arc and range, and most of those the walls refuse.
 */
function shotChecks(state: FdState, c: ShootCommand, duckAll: boolean): ShotPlan | Refused {
  const t = teamerOrThrow(state, c.teamerId);
  if (t.x === null || t.y === null) return refused('NOT_ABOARD', `${t.name} is not in the arena`, {});
  const inside = crewInside(state, t);
  if (inside) return inside;
  if (!t.weapons.includes(c.weapon))
    return refused('UNKNOWN_WEAPON', `${t.name} carries no ${c.weapon}`, { weapon: c.weapon });
  const w = state.rules.weapons[c.weapon];
  if (!w || w.kind === 'melee' || w.kind === 'drone-gun')
    return refused('NOT_A_GUN', `${c.weapon} is not fired with SHOOT`, { weapon: c.weapon });
  const arena = arenaOf(state);
  if (!isArenaSquare(arena, c.x, c.y)) return refused('OFF_THE_ARENA', `(${c.x},${c.y}) is not a square`, {});
  const dx = c.x - t.x;
  const dy = c.y - t.y;
  if (dx === 0 && dy === 0) return ownSquareShot(state, t, w, c);
  if (!inFrontArc(t.facing, dx, dy)) return refused('OUT_OF_ARC', 'the target is outside the front arc', {});
  const range = Math.max(Math.abs(dx), Math.abs(dy));
  const as = arenaStateOf(state);
  const from = { x: t.x, y: t.y };
  const to = { x: c.x, y: c.y };
  const duckers: Teamer[] = [];
  let targetId: string | null = null;
  if (w.kind === 'grenade') {
    if (t.grenades <= 0) return refused('NO_AMMO', `${t.name} has no grenade left`, {});
    if (range > (t.ducked ? w.throwRangeDucked : w.throwRange))
      return refused('OUT_OF_RANGE', 'too far to throw', {});
    const line = lineOfThrow(arena, as, from, to);
    if (!line.clear)
      return refused('NO_LINE', 'no clear throw to that square', {
        blocker: line.blockedBy?.kind ?? null,
      });
  } else {
    if (t.ducked) return refused('DUCKED', `${t.name} is ducked: stand up first`, {});
    if (range > w.range) return refused('OUT_OF_RANGE', `out of the ${w.name}'s range`, {});
    if (w.kind === 'gun') {
      const target = threatAt(state, c.x, c.y);
      if (!target) return refused('NO_TARGET', 'no Threat in that square', {});
      targetId = target.id;
      if (w.magazine !== null && (t.ammo[c.weapon] ?? 0) <= 0)
        return refused('NEEDS_RELOAD', `the ${w.name} needs a reload`, {});
    } else if ((t.ammo[c.weapon] ?? 0) <= 0) return refused('NO_AMMO', `the ${w.name} is empty`, {});
    const mate = stackMateInTheWay(state, t, w, dx, dy, duckAll ? null : (c.duck ?? []), duckers);
    if (mate) return mate;
    if (targetId !== null) {
      const shield = shieldAtTarget(state, w, c.x, c.y, dx, dy, duckAll ? null : (c.duck ?? []), duckers);
      if (shield) return shield;
    }
    const line = lineOfFire(arena, as, from, to, { firesPastFigures: w.firesPastFigures, shooter: 'teamer' });
    if (!line.clear) {
      if (line.blockedBy?.kind !== 'duck' || !line.duckers)
        return refused('NO_LINE', 'no line of fire', { blocker: line.blockedBy?.kind ?? null });
      for (const sq of line.duckers)
        for (const m of teamersAt(state, sq.x, sq.y))
          if (!m.ducked && m.wounds < 2 && m.id !== t.id) {
            if (!duckAll && !c.duck?.includes(m.id))
              return refused('NO_LINE', `${m.name} is in the line of fire (he may -DUCK!)`, {
                duck: m.id,
                blocker: 'duck',
              });
            if (!duckers.includes(m)) duckers.push(m);
          }
    }
  }
  return { t, w, targetId, duckers };
}

/**
 * A shot into the shooter's own square (10.2): only a ducked Teamer firing a gun at the Threat
 * that came into his square. Bughunt reads: no line, arc or range to check (the Threat is on
 * top of him, and his own square counts as in his arc), and no flamer or grenade (they would
 * strike him too). A standing Teamer meets a Threat in his square by grappling.
 */
function ownSquareShot(state: FdState, t: Teamer, w: PackWeapon, c: ShootCommand): ShotPlan | Refused {
  if (!t.ducked || w.kind !== 'gun')
    return refused('TARGET_INVALID', 'only a ducked Teamer fires a gun into his own square', {});
  const target = threatAt(state, c.x, c.y);
  if (!target) return refused('NO_TARGET', 'no Threat in that square', {});
  if (w.magazine !== null && (t.ammo[c.weapon] ?? 0) <= 0)
    return refused('NEEDS_RELOAD', `the ${w.name} needs a reload`, {});
  return { t, w, targetId: target.id, duckers: [] };
}

/** A shot as the board's fire overlay shows it: the rules' own checks, and its odds. */
export type ShotPreview =
  | {
      readonly ok: true;
      readonly dice: number;
      readonly hitOn: number;
      /** Added to each die (upgrades, less the dash penalty). */
      readonly plus: number;
      /** Comrades who must -DUCK! for this shot (name them in the command's `duck`). */
      readonly duckers: readonly string[];
      /** The Threat shot at (guns); null for a flamer squirt or a grenade throw. */
      readonly target: string | null;
      /** Chance of at least one hit: on the Threat (guns), on one figure in the square (flamer, grenade before scatter). */
      readonly chance: number;
      /** Chance the shot kills the Threat (guns); null otherwise. */
      readonly kill: number | null;
      /** A chicken first passes a BINGE test (not in `chance`). */
      readonly chicken: boolean;
    }
  | { readonly ok: false; readonly code: string; readonly reason: string; readonly blocker: string | null };

/**
 * hitChance's answers by their arguments: a handful of weapons ask the same few questions all game,
 * and the policy's odds ranking asks often. Keyed by one number packed from the arguments (a
 * string key cost a string built per question).
 */
const chances = new Map<number, number>();

/** P(at least `need` of `dice` dice hit): each d6 + plus ≥ hitOn; eagle eye turns the first near miss into a hit. */
function hitChance(dice: number, plus: number, hitOn: number, eagle: boolean, need: number): number {
  const p0 = plus + 32;
  const h0 = hitOn + 32;
  // The packed key is one-to-one only for integers in these ranges; anything else is worked out
  // afresh (same answer, just not remembered).
  if ((dice & 15) !== dice || (need & 15) !== need || (p0 & 63) !== p0 || (h0 & 63) !== h0)
    return workOutHitChance(dice, plus, hitOn, eagle, need);
  const key = (((dice * 16 + need) * 64 + p0) * 64 + h0) * 2 + (eagle ? 1 : 0);
  let p = chances.get(key);
  if (p === undefined) {
    p = workOutHitChance(dice, plus, hitOn, eagle, need);
    chances.set(key, p);
  }
  return p;
}

function workOutHitChance(dice: number, plus: number, hitOn: number, eagle: boolean, need: number): number {
  const pHit = Math.max(0, Math.min(6, 7 - (hitOn - plus))) / 6;
  const pNear = eagle && hitOn - plus - 1 >= 1 && hitOn - plus - 1 <= 6 ? 1 / 6 : 0;
  // State: (hits so far, eagle still unused) → probability.
  let dist = new Map<string, number>([[`0:${eagle ? 1 : 0}`, 1]]);
  for (let i = 0; i < dice; i++) {
    const next = new Map<string, number>();
    const add = (k: string, p: number) => next.set(k, (next.get(k) ?? 0) + p);
    for (const [k, p] of dist) {
      const [h, e] = k.split(':').map(Number) as [number, number];
      add(`${h + 1}:${e}`, p * pHit);
      if (e === 1) {
        add(`${h + 1}:0`, p * pNear);
        add(`${h}:1`, p * (1 - pHit - pNear));
      } else add(`${h}:0`, p * (1 - pHit));
    }
    dist = next;
  }
  let total = 0;
  for (const [k, p] of dist) if (Number(k.split(':')[0]) >= need) total += p;
  return total;
}

/**
 * A pure preview of a SHOOT for the table (no dice, no events), with decideShoot's own checks.
 * Works on the full state and on a player's view (it reads only public fields). Turn checks
 * (whose activation, which chit) are left to the command.
 */
export function shotPreview(
  state: FdState,
  teamerId: string,
  weapon: string,
  x: number,
  y: number,
): ShotPreview {
  const plan = shotChecks(state, { type: 'shoot', teamerId, weapon, x, y }, true);
  if (isRefused(plan)) {
    const blocker = plan.details.blocker;
    return {
      ok: false,
      code: plan.code,
      reason: plan.message,
      blocker: typeof blocker === 'string' ? blocker : null,
    };
  }
  const { t, w, targetId } = plan;
  const odds = shotOdds(state, t, weapon, w, targetId);
  return {
    ok: true,
    dice: odds.dice,
    hitOn: odds.hitOn,
    plus: odds.plus,
    duckers: plan.duckers.map((m) => m.id),
    target: w.kind === 'gun' ? targetId : null,
    chance: odds.chance,
    kill: odds.kill,
    chicken: t.chicken,
  };
}

/** A shot's odds as `shotPreview` reports them. */
export interface ShotOdds {
  readonly dice: number;
  readonly hitOn: number;
  readonly plus: number;
  readonly chance: number;
  readonly kill: number | null;
}

/**
 * The odds `shotPreview` reports for a shot that passes its checks, without the checks: they do not
 * depend on the line of fire, so the simulator's policy ranks the shots it may take by them and
 * traces the line only for the best (`legal.ts` `shotAims`). `targetId` is the Threat a gun fires
 * at (`threatAt` the square); a flamer or a grenade has none.
 */
export function shotOdds(
  state: FdState,
  t: Teamer,
  weapon: string,
  w: PackWeapon,
  targetId: string | null,
): ShotOdds {
  if (w.kind === 'gun' && targetId) {
    const penalty = t.dash === 'penalised' ? DASH_PENALTY : 0;
    const dice = w.dice + ((t.bonus[`${weapon}:dice`] ?? 0) > 0 ? 1 : 0);
    const plus = (t.chicken ? 0 : (t.bonus[weapon] ?? 0)) - penalty;
    const eagle = t.abilities.includes('eagle-eye') && !t.chicken;
    const th = threatOf(state, targetId);
    const left = Math.max(1, (state.rules.species[th?.species ?? '']?.wounds ?? 1) - (th?.wounds ?? 0));
    return {
      dice,
      hitOn: w.hitOn,
      plus,
      chance: hitChance(dice, plus, w.hitOn, eagle, 1),
      kill: hitChance(dice, plus, w.hitOn, eagle, left),
    };
  }
  const hitOn = w.kind === 'flamer' || w.kind === 'grenade' ? w.hitOn : 7;
  return { dice: 1, hitOn, plus: 0, chance: hitChance(1, 0, hitOn, false, 1), kill: null };
}

/** SHOOT (a gun at the Threat in a square), a flamer squirt, or a grenade throw. */
export function decideShoot(draft: Draft, c: CommandOf<'shoot'>): void {
  refuseCrewInside(draft.state, teamerOrThrow(draft.state, c.teamerId));
  if (c.up) {
    decideShootUp(draft, c);
    return;
  }
  const state = draft.state;
  requireActor(state, teamerOrThrow(state, c.teamerId));
  const plan = shotChecks(state, c, false);
  if (isRefused(plan)) throw new RuleError(plan.code, plan.message, plan.details);
  const { t, w, targetId } = plan;
  const arena = arenaOf(state);
  let duckers = plan.duckers.slice();
  chitFor(state, t, 'shoot');
  // Checks done: from here on the action happens.
  spendChit(draft, t.id, 'shoot');
  duckers = duckers.filter((m, i) => duckers.indexOf(m) === i);
  for (const m of duckers) duck(draft, m.id);
  if (t.chicken && !bingeTest(draft, t.id, 'a chicken steadies himself to shoot', draft.own)) return;
  const penalty = t.dash === 'penalised' ? DASH_PENALTY : 0;
  if (w.kind === 'gun' && targetId) {
    const target = threatOf(draft.state, targetId);
    const firstShot = !target?.shotAt.includes(t.id);
    const dice = w.dice + ((t.bonus[`${c.weapon}:dice`] ?? 0) > 0 ? 1 : 0);
    const plus = (t.chicken ? 0 : (t.bonus[c.weapon] ?? 0)) - penalty;
    const faces: number[] = [];
    let hits = 0;
    let eagle = t.abilities.includes('eagle-eye') && !t.chicken;
    for (let i = 0; i < dice; i++) {
      const f = d6(draft.own, `${w.name} shot by ${t.name}`);
      faces.push(f);
      let v = f + plus;
      if (v < w.hitOn && eagle && v + 1 >= w.hitOn) {
        v += 1;
        eagle = false;
      }
      if (v >= w.hitOn) hits++;
    }
    draft.emit({
      type: 'attack.resolved',
      by: t.id,
      weapon: c.weapon,
      x: c.x,
      y: c.y,
      targets: [targetId],
      faces,
      hitOn: w.hitOn,
      hits: { [targetId]: hits },
    });
    if (w.magazine !== null)
      draft.emit({
        type: 'ammo.changed',
        teamerId: t.id,
        weapon: c.weapon,
        left: (t.ammo[c.weapon] ?? 1) - 1,
      });
    woundThreat(draft, targetId, hits, t.id, firstShot);
    return;
  }
  if (w.kind === 'flamer') {
    draft.emit({ type: 'ammo.changed', teamerId: t.id, weapon: c.weapon, left: (t.ammo[c.weapon] ?? 1) - 1 });
    const sq = c.y * arena.width + c.x;
    draft.emit({ type: 'flames.changed', square: sq, flames: (draft.state.flames[sq] ?? 0) + 1 });
    blast(draft, t, c.weapon, [[c.x, c.y]], w.hitOn, c.x, c.y);
    return;
  }
  if (w.kind === 'grenade') {
    draft.emit({ type: 'grenades.changed', teamerId: t.id, grenades: t.grenades - 1 });
    let lx = c.x;
    let ly = c.y;
    const scatterFaces: number[] = [];
    if (w.scatter) {
      const f = d6(draft.own, 'grenade scatter');
      scatterFaces.push(f);
      const off = scatterSquares(w, t, f);
      if (off > 0) {
        const dir = draft.own.roll(d(8), 'grenade scatter direction') - 1;
        scatterFaces.push(dir + 1);
        const sx = [0, 1, 1, 1, 0, -1, -1, -1][dir] as number;
        const sy = [-1, -1, 0, 1, 1, 1, 0, -1][dir] as number;
        for (let k = 0; k < off; k++) {
          if (!isArenaSquare(arena, lx + sx, ly + sy)) break;
          lx += sx;
          ly += sy;
        }
      }
    }
    const half = Math.floor(w.blast / 2);
    const squares: [number, number][] = [];
    for (let y = ly - half; y <= ly + half; y++)
      for (let x = lx - half; x <= lx + half; x++) if (isArenaSquare(arena, x, y)) squares.push([x, y]);
    const blasts = [...draft.state.blasts];
    for (const [x, y] of squares) blasts.push(y * arena.width + x);
    draft.emit({ type: 'blasts.changed', blasts });
    blast(draft, t, c.weapon, squares, w.hitOn, lx, ly, { faces: scatterFaces, x: lx, y: ly });
  }
}

type GrenadeWeapon = Extract<PackWeapon, { kind: 'grenade' }>;

/**
 * How many squares a grenade thrown by `t` scatters on the scatter die `face` (its band of the
 * pack's table, after the ducked, demolitions and dash modifiers). Shared by the throw and the
 * simulator's policy, which weighs every face before it throws.
 */
export function scatterSquares(w: GrenadeWeapon, t: Teamer, face: number): number {
  if (!w.scatter) return 0;
  // The turn after a dash his dice are 2 worse (9.4): for a throw, 2 more on the scatter roll.
  const total =
    face +
    (t.ducked ? w.scatter.duckedAdd : 0) -
    (t.abilities.includes('demolitions') ? 1 : 0) +
    (t.dash === 'penalised' ? DASH_PENALTY : 0);
  const band = w.scatter.bands.find((b) => total <= b.upTo) ?? w.scatter.bands[w.scatter.bands.length - 1];
  return band?.squares ?? 0;
}

/** Every figure in `squares` is hit on `hitOn` (one die each, the thrower's): one wound per hit. */
export function blast(
  draft: Draft,
  t: Teamer,
  weapon: string,
  squares: readonly (readonly [number, number])[],
  hitOn: number,
  x: number,
  y: number,
  scatter?: { faces: readonly number[]; x: number; y: number },
  dice: DiceSource = draft.own,
): void {
  const targets: string[] = [];
  const faces: number[] = [];
  const hits: Record<string, number> = {};
  const struckTeamers: string[] = [];
  for (const [sx, sy] of squares) {
    const th = threatAt(draft.state, sx, sy);
    if (th) {
      const f = d6(dice, `${weapon} hits ${th.id}?`);
      faces.push(f);
      targets.push(th.id);
      hits[th.id] = f >= hitOn ? 1 : 0;
    }
    for (const m of teamersAt(draft.state, sx, sy)) {
      const f = d6(dice, `${weapon} hits ${m.name}?`);
      faces.push(f);
      targets.push(m.id);
      hits[m.id] = f >= hitOn ? 1 : 0;
      if (f >= hitOn) struckTeamers.push(m.id);
    }
  }
  draft.emit({
    type: 'attack.resolved',
    by: t.id,
    weapon,
    x,
    y,
    targets,
    faces,
    hitOn,
    hits,
    ...(scatter ? { scatter } : {}),
  });
  for (const id of targets) {
    if ((hits[id] ?? 0) === 0) continue;
    if (threatOf(draft.state, id)) woundThreat(draft, id, 1, t.id, false);
  }
  for (const id of struckTeamers) woundTeamer(draft, id, dice);
}

/**
 * -DUCK! (10.2): the Teamer drops prone; it costs his WAIT chit if he holds one, otherwise a READY
 * chit if he has one, otherwise nothing.
 */
export function duck(draft: Draft, teamerId: string): void {
  const m = teamerOf(draft.state, teamerId);
  if (!m || m.ducked) return;
  const w = waitChit(m);
  const r = readyChit(m);
  const chit = w ?? r;
  if (chit !== null) draft.emit({ type: 'chit.used', teamerId, chit, to: 'ACTED', kind: 'duck' });
  draft.emit({ type: 'teamer.ducked', teamerId, ducked: true });
}
