import { type DiceSource, ScriptedDice } from '../../engine/dice/source.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { otherColumn } from './combat/attack.ts';
import type { EliteUnitCommand } from './commands.ts';
import { passLayer } from './rules/armour.ts';
import { areaOf, nearMiss, sharedDamage } from './rules/attack.ts';
import { findWeapon } from './rules/character.ts';
import { damageSpec } from './rules/dice.ts';
import { effectiveValue, hasCondition, isHelpless, isIncapacitated, isWounded } from './rules/effective.ts';
import { injure, type OuterLayer } from './rules/injury.ts';
import { enclosedHull, evasionBonus, isAboard } from './rules/vehicles.ts';
import { decideAndFold } from './ruleset.ts';
import type { Character, EliteUnitState, VehicleInScene } from './state.ts';

/**
 * Exact odds of one attack (no dice): every attack face is run through the ruleset's own decide;
 * the defence die, the parry save, the damage dice and the location d100 are enumerated over the
 * same pure functions the ruleset uses, each outcome weighted by its probability.
 */

/** Any faces will do for learning how much gets through (the location comes after). */
const PROBE: DiceSource = { roll: (die) => die.sides };
const ONES: DiceSource = { roll: () => 1 };

export interface AttackOdds {
  readonly hit: number;
  readonly caughtByNearMiss: number;
  readonly staminaLost: number;
  readonly hurt: number;
  readonly wounded: number;
  readonly incapacitated: number;
  readonly dead: number;
}

/** The hull of an enclosing vehicle around a character aboard, with DC left (else none). */
function hullAround(state: EliteUnitState, id: string): OuterLayer | null {
  for (const v of Object.values(state.vehicles ?? {})) {
    if (!isAboard(v, id)) continue;
    return enclosedHull(v, state.pack) ? v : null;
  }
  return null;
}

/** P(a save against `target` succeeds): faces below it; a 20 adds the next roll (§3). */
export function saveChance(target: number): number {
  if (target <= 1) return 0;
  const plain = Math.min(target - 1, 19) / 20;
  return target > 20 ? plain + saveChance(target - 20) / 20 : plain;
}

/** Damage total → probability, for a damage cell. */
function damageDistribution(cell: string): Map<number, number> {
  const spec = damageSpec(cell);
  let dist = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < spec.count; i++) {
    const next = new Map<number, number>();
    for (const [v, p] of dist)
      for (let f = 1; f <= spec.sides; f++) next.set(v + f, (next.get(v + f) ?? 0) + p / spec.sides);
    dist = next;
  }
  const out = new Map<number, number>();
  for (const [v, p] of dist) {
    const total = Math.max(0, (v + spec.bonus) * spec.times);
    out.set(total, (out.get(total) ?? 0) + p);
  }
  return out;
}

/** The odds of an attack on a vehicle in the scene (§13.5): its hull is one layer (§9.2). */
export interface VehicleOdds {
  readonly hit: number;
  readonly caughtByNearMiss: number;
  /** Hull DC lost on average. */
  readonly dcLost: number;
  /** The hull reaches DC 0: the vehicle is out of action. */
  readonly wrecked: number;
}

type Attack = Extract<EliteUnitCommand, { type: 'attack' }>;
/** A ram on a character or a vehicle (§13.6) is an attack too: its total against the target's defence. */
type Ram = Extract<EliteUnitCommand, { type: 'vehicle.ram' }>;
type Risky = Extract<EliteUnitCommand, { type: 'vehicle.risky' }>;
type Pending = NonNullable<EliteUnitState['pending']>;

/** The first (for a ram, the only) target an attack or a ram names. */
export function firstTargetId(command: Attack | Ram): string | undefined {
  return command.type === 'vehicle.ram' ? command.targetId : command.targets[0]?.id;
}

/** Every attack face run through the ruleset's own decide: the 20 totals and the attack left pending. */
function attackTotals(
  state: EliteUnitState,
  command: Attack | Ram,
  actor: Seat,
): { attacks: number[]; pending: Pending } {
  const attacks: number[] = [];
  let pending = null as EliteUnitState['pending'];
  for (let face = 1; face <= 20; face++) {
    const { after } = decideAndFold(state, command, { actor, dice: new ScriptedDice([face]) });
    pending = after?.pending ?? null;
    attacks.push(pending?.attackTotal ?? 0);
  }
  if (!pending) throw new RangeError('the attack made no pending defence');
  return { attacks, pending };
}

/** The exact odds of an attack (or a ram) on a character; `parry` as the defender would choose. */
export function attackOdds(
  state: EliteUnitState,
  command: Attack | Ram,
  actor: Seat,
  parry?: string,
): AttackOdds {
  const id = firstTargetId(command);
  const defender = id === undefined ? undefined : state.characters[id];
  if (!defender) throw new RangeError('attackOdds needs a character target');
  const { attacks, pending } = attackTotals(state, command, actor);
  return oddsAgainst(state, pending, defender, attacks, parry, null);
}

/** The exact odds of an attack (or a ram) whose first target is a vehicle in the scene. */
export function vehicleAttackOdds(state: EliteUnitState, command: Attack | Ram, actor: Seat): VehicleOdds {
  const id = firstTargetId(command);
  const v = id === undefined ? undefined : state.vehicles[id];
  if (!v) throw new RangeError('vehicleAttackOdds needs a vehicle target');
  const { attacks, pending } = attackTotals(state, command, actor);
  return vehicleOddsAgainst(state, pending, v, attacks);
}

/** A risky vehicle action's save (§13.3): the target it is rolled against and its chance. */
export interface RiskyOdds {
  /** The driver's modified Reactions with the action's row. */
  readonly target: number;
  /** P(the save succeeds). */
  readonly success: number;
}

/**
 * The chance of a risky action, read off the save the ruleset's own decide rolls for it (any faces
 * will do: the target does not depend on them). A command the rules refuse throws their RuleError.
 */
export function riskyOdds(state: EliteUnitState, command: Risky, actor: Seat): RiskyOdds {
  // Ones, not PROBE's highest faces: a save's 20 rolls again, and would do so for ever.
  const { events } = decideAndFold(state, command, { actor, dice: ONES });
  for (const e of events)
    if (e.type === 'save.rolled') return { target: e.save.target, success: saveChance(e.save.target) };
  throw new RangeError('the risky action rolled no save');
}

/**
 * The exact odds of the attack waiting for a defence, against the defender it waits for, with
 * the defence the seat is choosing (`parry`: the object's key, or none for a plain dodge) and the
 * GM's partial-armour ruling (`uncovered`: worn layers that do not cover the point of impact).
 * The attack total is already rolled, so only the defence, the parry save, the damage (unless a
 * spread's roll is already shared) and the location are enumerated.
 */
export function defenceOdds(
  state: EliteUnitState,
  parry?: string,
  uncovered?: readonly string[],
): AttackOdds {
  const p = state.pending;
  const target = p?.targets[p.next];
  const defender = target ? state.characters[target.id] : undefined;
  if (!p || !target || !defender) throw new RangeError('no attack waits for a defence');
  return oddsAgainst(state, p, defender, [p.attackTotal], parry, uncovered?.length ? uncovered : null);
}

/** The exact odds of the attack waiting for a vehicle's defence (its driver's seat answers). */
export function vehicleDefenceOdds(state: EliteUnitState): VehicleOdds {
  const p = state.pending;
  const target = p?.targets[p.next];
  const v = target ? state.vehicles[target.id] : undefined;
  if (!p || !target || !v) throw new RangeError('no attack waits for a vehicle');
  return vehicleOddsAgainst(state, p, v, [p.attackTotal]);
}

/** What the pending attack deals its current target: the damage distribution and any area. */
function damageOf(state: EliteUnitState, p: Pending) {
  const target = p.targets[p.next] ?? p.targets[0];
  const data = p.weapon ? findWeapon(state.pack, p.weapon) : undefined;
  // The same cell the ruleset rolls: the weapon's column, a thrown object's, a ram's, a spell's,
  // or bare hands (1D10 + Strength).
  const column = data ? data.columns[target?.column ?? 0] : target && otherColumn(state.pack, p, target);
  const cell = column ? column.damage : `1D10+${p.strength ?? 0}`;
  // A Full Auto spread shares the first hit's roll: once rolled, the damage is known.
  const rolled = p.damage[target?.column ?? 0];
  const damage = rolled ? new Map([[rolled.total, 1]]) : damageDistribution(cell);
  return { target, data, damage, area: column ? areaOf(column) : null };
}

/** Each attack total equally likely against the vehicle's d20 (+ evasion): hull DC lost and wrecks. */
function vehicleOddsAgainst(
  state: EliteUnitState,
  p: Pending,
  v: VehicleInScene,
  attacks: readonly number[],
): VehicleOdds {
  const vehicleData = state.pack.vehicles.find((x) => x.id === v.vehicle);
  if (!vehicleData) throw new RangeError(`no pack vehicle ${v.vehicle}`);
  const driver = v.driverId === null ? undefined : state.characters[v.driverId];
  const bonus = evasionBonus(v, vehicleData, driver, state.pack, state.battle);
  const { target, data, damage, area } = damageOf(state, p);
  const odds = { hit: 0, caughtByNearMiss: 0, dcLost: 0, wrecked: 0 };
  const land = (weight: number, dealt: number) => {
    const r = passLayer(dealt, v.resilience, v.dc, false);
    odds.dcLost += weight * (v.dc - r.dcAfter);
    if (r.dcAfter <= 0) odds.wrecked += weight;
  };
  for (const attack of attacks)
    for (let d = 1; d <= 20; d++) {
      const weight = 1 / (20 * attacks.length);
      const defence = d + bonus;
      if (attack > defence) {
        odds.hit += weight;
        for (const [x, px] of damage) land(weight * px, Math.floor((x * p.multiplier) / p.divisor));
      } else if (area) {
        const miss = nearMiss(attack, defence, target?.distance ?? 0, area.size, data?.plasma ?? false);
        if (!miss.caught) continue;
        odds.caughtByNearMiss += weight;
        for (const [x, px] of damage)
          land(
            weight * px,
            sharedDamage(Math.floor((x * p.multiplier) / p.divisor), miss.share, miss.metres),
          );
      }
    }
  return odds;
}

/** The odds against one defender of a pending attack, each attack total equally likely. */
function oddsAgainst(
  state: EliteUnitState,
  p: Pending,
  defender: Character,
  attacks: readonly number[],
  parry: string | undefined,
  uncovered: readonly string[] | null,
): AttackOdds {
  const pack = state.pack;
  const { target, data, damage, area } = damageOf(state, p);
  // An occupant of an enclosed vehicle has its hull as a layer after the parry object (§9.1).
  const hull = p.ram ? null : hullAround(state, defender.id);
  const helpless = isHelpless(defender);
  const dodge = helpless ? 0 : effectiveValue(defender, pack, 'dodge');
  const invulnerable = hasCondition(defender, 'invulnerable');

  // Parry branches: (probability, Dodge Bonus, outer layer).
  const branches: { p: number; bonus: number; outer: OuterLayer[] }[] = [];
  const obj = parry ? defender.weapons.find((w) => w.key === parry) : undefined;
  const objData = obj ? findWeapon(pack, obj.weapon)?.parry : undefined;
  const held = parry ? defender.held.find((h) => h.key === parry) : undefined;
  const layer =
    objData && obj?.dc
      ? { name: 'parry', dc: obj.dc, resilience: objData.resilience, bonus: objData.dodgeBonus }
      : held
        ? { ...held, bonus: held.dodgeBonus }
        : null;
  const around: OuterLayer[] = hull ? [hull] : [];
  if (layer && p.parryable && !p.unaware && !helpless) {
    const ok = saveChance(effectiveValue(defender, pack, 'reactions'));
    branches.push(
      { p: ok, bonus: layer.bonus, outer: [layer, ...around] },
      { p: 1 - ok, bonus: 0, outer: around },
    );
  } else branches.push({ p: 1, bonus: 0, outer: around });

  const odds = {
    hit: 0,
    caughtByNearMiss: 0,
    staminaLost: 0,
    hurt: 0,
    wounded: 0,
    incapacitated: 0,
    dead: 0,
  };
  const memo = new Map<
    string,
    { p: number; lost: number; wounded: boolean; incap: boolean; dead: boolean }[]
  >();
  /** The outcomes of one dealt blow, the location d100 enumerated when it comes into play. */
  const blow = (dealt: number, outer: OuterLayer[]) => {
    const key = `${dealt}/${outer.length}`;
    let out = memo.get(key);
    if (out) return out;
    out = [];
    const first = injure(defender, dealt, outer, PROBE, invulnerable, uncovered);
    const needsLocation = first.blow.toStamina * 4 > defender.staminaMax;
    const faces = needsLocation ? 100 : 1;
    for (let n = 1; n <= faces; n++) {
      // d100 faces: tens digit then units (a d10's 10 reads 0; n = 100 is "00"), then a
      // prosthetic's d10 when the part hit is one: a 1 in 10 fails, any other face holds.
      const tens = Math.floor((n % 100) / 10);
      const units = n % 10;
      const d100 = [tens === 0 ? 10 : tens, units === 0 ? 10 : units];
      const holds = needsLocation
        ? injure(defender, dealt, outer, new ScriptedDice([...d100, 2]), invulnerable, uncovered)
        : first;
      const fails =
        holds.blow.location?.prostheticCheck === undefined
          ? null
          : injure(defender, dealt, outer, new ScriptedDice([...d100, 1]), invulnerable, uncovered);
      for (const [r, p] of fails
        ? ([
            [holds, 0.9],
            [fails, 0.1],
          ] as const)
        : ([[holds, 1]] as const)) {
        const after = { ...defender, ...r.set };
        out.push({
          p: p / faces,
          lost: r.blow.staminaBefore - r.blow.staminaAfter,
          wounded: isWounded(after),
          incap: isIncapacitated(after),
          dead: after.dead !== null,
        });
      }
    }
    memo.set(key, out);
    return out;
  };
  const add = (weight: number, dealt: number, outer: OuterLayer[]) => {
    for (const o of blow(dealt, outer)) {
      const w = weight * o.p;
      odds.staminaLost += w * o.lost;
      if (o.lost > 0) odds.hurt += w;
      if (o.wounded) odds.wounded += w;
      if (o.incap) odds.incapacitated += w;
      if (o.dead) odds.dead += w;
    }
  };
  for (const branch of branches) {
    for (const attack of attacks) {
      for (let d = 1; d <= 20; d++) {
        const weight = branch.p / (20 * attacks.length);
        const defence = d + dodge + branch.bonus;
        if (attack > defence) {
          odds.hit += weight;
          if (p.fatal) {
            odds.dead += weight;
            continue;
          }
          for (const [v, pv] of damage)
            add(weight * pv, Math.floor((v * p.multiplier) / p.divisor), branch.outer);
        } else if (area) {
          const miss = nearMiss(attack, defence, target?.distance ?? 0, area.size, data?.plasma ?? false);
          if (!miss.caught) continue;
          odds.caughtByNearMiss += weight;
          for (const [v, pv] of damage)
            add(
              weight * pv,
              sharedDamage(Math.floor((v * p.multiplier) / p.divisor), miss.share, miss.metres),
              around,
            );
        }
      }
    }
  }
  return odds;
}
