import { RuleError } from '../../../engine/rule-error.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import type { ColumnData, VehicleData, WeaponData } from '../data/pack-schema.ts';
import { ENCUMBRANCE } from '../data/tables.ts';
import { requireActionIn, requireControlOf } from '../decide/guards.ts';
import type { Blow, DefenceReport, EliteUnitEvent, LayerReport, Patch } from '../events.ts';
import { passLayer } from '../rules/armour.ts';
import { areaOf, nearMiss, rangeColumn, sharedDamage, situationSteps } from '../rules/attack.ts';
import { findWeapon } from '../rules/character.ts';
import { type Rolled, rollD20, rollDamage, rollSave, type SaveResult, waivedSave } from '../rules/dice.ts';
import { hasCondition, isAbsent, isHelpless, type Step } from '../rules/effective.ts';
import { injureFighter, type OuterLayer } from '../rules/injury.ts';
import { aboard, crashDice, evasionBonus, modifiedReactions } from '../rules/vehicles.ts';
import type { Character, PendingAttack, VehicleInScene, WeaponInstance } from '../state.ts';
import type { CombatRecord, Fighter } from './record.ts';

/**
 * Attacks (§6–§9) on the combat record: the attacker declares and rolls; each defender answers;
 * the blow lands. Every check comes before the first write, so a refused command leaves the
 * record as it was. With a `log`, each step is also told as the table's event (with the
 * breakdowns and the fighters' patches); without one, nothing but the record is written.
 */

/** Within touch range (§6.5 reading): 1 m unless the GM rules otherwise. */
const TOUCH_METRES = 1;

function isHandToHand(w: WeaponData | undefined): boolean {
  return !w || (w.ammo === null && !w.thrown);
}

export function requireFighter(rec: CombatRecord, id: string): Fighter {
  const f = rec.fighter(id);
  if (!f) throw new RuleError('UNKNOWN_CHARACTER', `there is no character ${id}`, { id });
  return f;
}

/** Counts an action against the acting slot (outside a battle, actions are free play). */
export function spendAction(rec: CombatRecord, id: string): void {
  const b = rec.battle;
  if (b && b.order[b.slot]?.id === id) b.actionsUsed++;
}

/** The pending attack once its current defender has answered (`damage` = the roll it made). */
export function pendingAfter(
  p: PendingAttack | null,
  attackId: string,
  damage: Rolled | undefined,
): PendingAttack | null {
  if (!p || p.attackId !== attackId) return p;
  if (p.next + 1 >= p.targets.length) return null;
  const column = p.targets[p.next]?.column ?? 0;
  return {
    ...p,
    next: p.next + 1,
    damage: damage && !p.damage[column] ? { ...p.damage, [column]: damage } : p.damage,
  };
}

/** Any §6.3 row named at all (most attacks name none). */
function anySituation(s: CommandOf<'attack'>['situation']): boolean {
  return (
    s.poorLight !== undefined ||
    s.speedKph !== undefined ||
    s.hiding !== undefined ||
    s.unaware !== undefined ||
    s.watching !== undefined
  );
}

interface Firing {
  readonly mode: string | null;
  readonly rounds: number;
  readonly multiplier: number;
  readonly weapon: WeaponInstance | null;
}

const NO_FIRING: Firing = { mode: null, rounds: 0, multiplier: 1, weapon: null };

/** Checks the mode and ammunition (§8.2, §8.3) and says what is fired. */
function planFiring(c: Character, w: WeaponInstance, data: WeaponData, cmd: CommandOf<'attack'>): Firing {
  if (data.modes.length === 0) {
    if (cmd.mode !== undefined)
      throw new RuleError('MODE_NOT_AVAILABLE', `${data.name} has no firing modes`, {
        weapon: data.id,
        mode: cmd.mode,
      });
    if (cmd.rounds !== undefined && cmd.rounds !== 1)
      throw new RuleError('ROUNDS_NOT_ALLOWED', `${data.name} makes one attack per action`);
    if (data.ammo && w.loaded < 1)
      throw new RuleError('OUT_OF_AMMO', `${data.name} has nothing left to throw or fire`, { weapon: w.key });
    return { mode: null, rounds: data.ammo ? 1 : 0, multiplier: 1, weapon: w };
  }
  const wanted = cmd.mode ?? data.modes[0]?.kind;
  const mode = data.modes.find((m) => m.kind === wanted);
  if (!mode)
    throw new RuleError('MODE_NOT_AVAILABLE', `${data.name} cannot fire ${wanted}`, {
      weapon: data.id,
      mode: wanted,
    });
  if (w.loaded < 1)
    throw new RuleError('OUT_OF_AMMO', `${data.name} is empty: reload first`, { weapon: w.key });
  if (mode.kind === 'manual' && w.needsReload)
    throw new RuleError('NEEDS_RELOAD', `${data.name} is Manual: reload before the next shot`, {
      weapon: w.key,
    });
  switch (mode.kind) {
    case 'manual':
    case 'auto':
      if (cmd.rounds !== undefined && cmd.rounds !== 1)
        throw new RuleError('ROUNDS_NOT_ALLOWED', `${mode.kind} fires one round per action`);
      return { mode: mode.kind, rounds: 1, multiplier: 1, weapon: w };
    case 'burst': {
      if (cmd.rounds !== undefined && cmd.rounds !== mode.rounds)
        throw new RuleError('ROUNDS_NOT_ALLOWED', `a burst is ${mode.rounds} rounds`);
      // Fewer left than the burst: fire what is left, multiply by it (§8.3 reading).
      const rounds = Math.min(mode.rounds, w.loaded);
      return { mode: 'burst', rounds, multiplier: rounds, weapon: w };
    }
    case 'fullAuto': {
      const perAction = Math.max(1, Math.floor(mode.rounds / c.actions));
      const wantedRounds = cmd.rounds ?? perAction;
      const left = mode.rounds - w.firedThisTurn;
      if (wantedRounds > perAction || wantedRounds > left)
        throw new RuleError('ROUNDS_OVER_CAP', `at most ${Math.min(perAction, left)} rounds this action`, {
          perAction,
          leftThisTurn: left,
        });
      const rounds = Math.min(wantedRounds, w.loaded);
      return { mode: 'fullAuto', rounds, multiplier: rounds, weapon: w };
    }
  }
}

/** §6.1: checks, the attack total, ammunition and recoil, and the attack left pending. */
export function declareAttack(
  rec: CombatRecord,
  cmd: CommandOf<'attack'>,
  ctx: DecideContext,
  log: EliteUnitEvent[] | null,
): void {
  const f = requireFighter(rec, cmd.attackerId);
  const a = f.c;
  requireControlOf(a, ctx);
  requireActionIn(rec.battle, rec.pending, a, rec.pendingSave);
  const pack = rec.pack;
  if (cmd.targets.length > 1 && new Set(cmd.targets.map((t) => t.id)).size !== cmd.targets.length)
    throw new RuleError('DUPLICATE_TARGET', 'a target is named twice');
  const targets: { id: string; distance: number; column: number }[] = [];
  for (const t of cmd.targets) {
    // A vehicle in the scene is a target too (§13.5): an object with its own DC.
    const v = rec.fighter(t.id) ? undefined : rec.vehicle(t.id);
    if (v) {
      if (v.dc <= 0)
        throw new RuleError('TARGET_WRECKED', `${v.name} is already out of action`, { id: t.id });
      targets.push({ id: t.id, distance: t.distance, column: 0 });
      continue;
    }
    const target = requireFighter(rec, t.id).c;
    if (t.id === a.id) throw new RuleError('TARGET_INVALID', 'a character cannot attack itself');
    if (target.dead !== null)
      throw new RuleError('TARGET_DEAD', `${target.name} is already dead`, { id: t.id });
    if (isAbsent(target))
      throw new RuleError('TARGET_ABSENT', `${target.name} has leapt ahead in time and is not here`, {
        id: t.id,
      });
    targets.push({ id: t.id, distance: t.distance, column: 0 });
  }
  if (ctx.actor.role !== 'gm' && (cmd.parryable !== undefined || cmd.touch !== undefined))
    throw new RuleError('GM_ONLY', 'only the GM rules on parrying and touch range');
  if (cmd.situation.unaware && cmd.situation.watching)
    throw new RuleError('SITUATION_CONFLICT', 'a target cannot be both unaware and watching closely');

  let data: WeaponData | undefined;
  let firing: Firing = NO_FIRING;
  let mount: Mount | null = null;
  if (cmd.vehicle !== undefined) {
    mount = mountFor(rec, a, cmd.vehicle, cmd.weapon);
    data = mount.data;
    firing = planFiring(a, mount.weapon, data, cmd);
  } else if (cmd.weapon !== undefined) {
    const w = a.weapons.find((x) => x.key === cmd.weapon);
    data = w ? findWeapon(pack, w.weapon) : undefined;
    if (!w || !data)
      throw new RuleError('UNKNOWN_WEAPON', `${a.name} has no weapon ${cmd.weapon}`, { weapon: cmd.weapon });
    if (!w.inHands && !data.vehicleMounted)
      throw new RuleError('WEAPON_NOT_IN_HANDS', `${a.name} must take ${data.name} in hand first`, {
        weapon: w.key,
      });
    firing = planFiring(a, w, data, cmd);
  } else if (cmd.mode !== undefined || (cmd.rounds !== undefined && cmd.rounds !== 1)) {
    throw new RuleError('MODE_NOT_AVAILABLE', 'an unarmed attack has no firing modes');
  }
  if (targets.length > 1 && firing.mode !== 'fullAuto')
    throw new RuleError(
      'SPREAD_NEEDS_FULL_AUTO',
      'only Full Auto fire spreads one action over several targets',
    );
  if (data) {
    for (const t of targets) {
      t.column = rangeColumn(data, t.distance);
      if (t.column < 0)
        throw new RuleError('OUT_OF_RANGE', `${data.name} cannot reach ${t.distance} m`, {
          distance: t.distance,
          weapon: data.id,
        });
    }
  }
  const first = targets[0] as (typeof targets)[number];

  let strength: number | null = null;
  if (!data) {
    const full = f.value('strength');
    if (cmd.strength !== undefined && cmd.strength > full)
      throw new RuleError('STRENGTH_TOO_HIGH', `a pulled blow uses at most Strength ${full}`, {
        strength: full,
      });
    strength = cmd.strength ?? full;
  } else if (cmd.strength !== undefined) {
    throw new RuleError('STRENGTH_UNARMED_ONLY', 'only an unarmed blow is pulled by Strength');
  }

  if (cmd.fatal) {
    const target = rec.fighter(first.id)?.c;
    const touching = cmd.touch ?? first.distance <= TOUCH_METRES;
    if (!target || targets.length !== 1 || !touching || !(isHelpless(target) || cmd.situation.unaware))
      throw new RuleError(
        'FATAL_NOT_ALLOWED',
        'a fatal attack needs one target within touch that cannot dodge or does not know',
      );
    if (isHandToHand(data) && a.levels.warrior < 1)
      throw new RuleError('FATAL_NEEDS_TRAINING', 'a fatal hand-to-hand attack needs warrior training');
  }

  // Attack total (§6.1 step 5); the breakdown only for the log.
  const steps: Step[] | null = log ? [] : null;
  // A fixed turret fired by the driver aims with the driver's modified Reactions (§13.7).
  const byDriver = mount?.turret === true && mount.vehicle.driverId === a.id;
  const attack =
    byDriver && mount
      ? modifiedReactions(a, pack, mount.vehicleData, mount.vehicle.controls)
      : f.value('attack');
  let sum = attack;
  steps?.push({ step: byDriver ? "driver's modified Reactions" : 'Attack', value: attack });
  const column = data?.columns[first.column];
  if (column && column.attackBonus !== 0) {
    sum += column.attackBonus;
    steps?.push({ step: `${data?.name} range column ${first.column + 1}`, value: column.attackBonus });
  }
  const w = firing.weapon;
  const recoilApplies =
    !!data && data.bullet && !data.vehicleMounted && firing.mode !== null && firing.mode !== 'manual';
  if (w && recoilApplies && w.recoil > 0) {
    sum -= w.recoil;
    steps?.push({ step: 'recoil', value: -w.recoil });
  }
  if (anySituation(cmd.situation)) {
    for (const s of situationSteps(cmd.situation, data?.guided ?? false)) {
      sum += s.value;
      steps?.push(s);
    }
  }
  const face = rollD20(ctx.dice, f.phrase('attack by '));
  const total = face + sum;

  // Every check is behind us: from here on the record is written.
  if (w && data?.ammo && mount) {
    // A mounted weapon: no recoil (§8.5, §13.7); its rounds are the vehicle's.
    rec.setVehicle(mount.vehicle.id, {
      weapon: {
        ...w,
        loaded: w.loaded - firing.rounds,
        needsReload: firing.mode === 'manual' || w.needsReload,
        firedThisTurn: w.firedThisTurn + firing.rounds,
      },
    });
  } else if (w && data?.ammo) {
    const fired = firing.rounds;
    const next = f.weapon(w.key) as NonNullable<ReturnType<Fighter['weapon']>>;
    next.loaded = w.loaded - fired;
    if (recoilApplies) next.recoil = w.recoil + Math.max(0, fired - w.vent);
    if (firing.mode === 'manual') next.needsReload = true;
    next.firedThisTurn = w.firedThisTurn + fired;
  }
  let multiplier = firing.multiplier;
  let divisor = firing.mode === 'fullAuto' ? targets.length : 1;
  for (const cond of a.conditions) {
    if (cond.id === 'weaponMultiplied' && cond.note === w?.key && cond.factor) multiplier *= cond.factor;
    if (cond.id === 'shrunk' && cond.factor) divisor *= cond.factor;
  }
  const parryable = cmd.parryable ?? data?.parryable ?? true;
  rec.attacks++;
  const pending: PendingAttack = {
    attackId: `a${rec.attacks}`,
    attackerId: a.id,
    weaponKey: w?.key ?? null,
    weapon: data?.id ?? null,
    spell: null,
    targets,
    next: 0,
    attackTotal: total,
    parryable,
    unaware: cmd.situation.unaware ?? false,
    fatal: cmd.fatal ?? false,
    multiplier,
    divisor,
    strength,
    damage: {},
  };
  // (A spread in the literal above would slow every attack's hot path; mounts are rare.)
  rec.pending = mount ? { ...pending, vehicleId: mount.vehicle.id } : pending;
  spendAction(rec, a.id);
  log?.push({
    type: 'attack.declared',
    attackId: pending.attackId,
    attackerId: a.id,
    weapon: data?.id ?? null,
    mode: firing.mode,
    rounds: firing.rounds,
    face,
    total,
    steps: steps ?? [],
    patches: rec.patches([a.id]),
    pending: rec.pending,
    spendsAction: a.id,
    ...(mount ? { vehicles: rec.vehiclePatches() } : {}),
  });
}

interface Mount {
  readonly vehicle: VehicleInScene;
  readonly vehicleData: VehicleData;
  readonly weapon: WeaponInstance;
  readonly data: WeaponData;
  /** A fixed turret (§13.7), as the pack's mount says. */
  readonly turret: boolean;
}

/** A weapon mounted on a vehicle in the scene, fired by someone aboard (§13.7). */
function mountFor(rec: CombatRecord, a: Character, vehicleId: string, key: string | undefined): Mount {
  const v = rec.vehicle(vehicleId);
  const vehicleData = v && rec.pack.vehicles.find((x) => x.id === v.vehicle);
  if (!v || !vehicleData)
    throw new RuleError('UNKNOWN_VEHICLE', `there is no vehicle ${vehicleId} in the scene`, {
      vehicle: vehicleId,
    });
  if (v.driverId !== a.id && !v.occupants.some((o) => o.id === a.id))
    throw new RuleError('NOT_ABOARD', `${a.name} is not aboard ${v.name}`, { vehicle: v.id });
  if (v.dc <= 0) throw new RuleError('VEHICLE_WRECKED', `${v.name} is out of action`, { vehicle: v.id });
  const i = v.weapons.findIndex((x) => x.key === key);
  const w = v.weapons[i];
  const data = w && findWeapon(rec.pack, w.weapon);
  if (!w || !data)
    throw new RuleError('UNKNOWN_WEAPON', `${v.name} has no mounted weapon ${key ?? '(none named)'}`, {
      weapon: key,
    });
  return { vehicle: v, vehicleData, weapon: w, data, turret: vehicleData.mounts[i]?.turret ?? false };
}

/** The blow of a damage roll: + Strength for bare hands, × rounds, ÷ targets and chaos, rounded down. */
function dealtOf(r: Rolled, bonus: number, p: PendingAttack): number {
  return Math.floor(((r.total + bonus) * p.multiplier) / p.divisor);
}

interface ParryObject extends OuterLayer {
  readonly key: string;
  readonly dodgeBonus: number;
}

/** The parry object: a weapon in the hands with parry attributes, or a held shield, with DC left. */
function parryObject(rec: CombatRecord, c: Character, key: string): ParryObject {
  const w = c.weapons.find((x) => x.key === key);
  if (w) {
    const data = findWeapon(rec.pack, w.weapon);
    if (!data?.parry || w.dc === null || !w.inHands)
      throw new RuleError('PARRY_OBJECT_INVALID', `${c.name} cannot parry with ${data?.name ?? key}`, {
        object: key,
      });
    if (w.dc <= 0)
      throw new RuleError('PARRY_OBJECT_BROKEN', `${data.name} no longer works`, { object: key });
    return {
      key,
      name: data.name,
      dc: w.dc,
      resilience: data.parry.resilience,
      dodgeBonus: data.parry.dodgeBonus,
    };
  }
  const h = c.held.find((x) => x.key === key);
  if (!h) throw new RuleError('PARRY_OBJECT_INVALID', `${c.name} holds no ${key}`, { object: key });
  if (h.dc <= 0) throw new RuleError('PARRY_OBJECT_BROKEN', `${h.name} no longer works`, { object: key });
  return { key, name: h.name, dc: h.dc, resilience: h.resilience, dodgeBonus: h.dodgeBonus };
}

/** The parry object's DC after the blow, on the weapon or the held object it is. */
function setParryDc(f: Fighter, key: string, dc: number): void {
  const w = f.c.weapons.some((x) => x.key === key) ? f.weapon(key) : undefined;
  if (w) {
    w.dc = dc;
    return;
  }
  const h = f.held().find((x) => x.key === key);
  if (h) h.dc = dc;
}

/**
 * The damage cell of an attack without a weapon block: a thrown object, a ram, a spell (the odds
 * read it too). None for bare hands.
 */
export function otherColumn(
  pack: CombatRecord['pack'],
  p: PendingAttack,
  target: PendingAttack['targets'][number],
): ColumnData | undefined {
  const hit = p.thrownCode === undefined ? undefined : ENCUMBRANCE[p.thrownCode]?.hitDamage;
  if (hit !== undefined) return { range: target.distance, attackBonus: 0, damage: String(hit) };
  if (p.cell !== undefined) return { range: target.distance, attackBonus: 0, damage: p.cell };
  const spell = p.spell ? pack.spells.find((s) => s.id === p.spell) : undefined;
  if (!spell) return undefined;
  return {
    range: spell.range,
    attackBonus: 0,
    damage: spell.damage ?? '0',
    ...(spell.blast ? { blast: spell.blast } : {}),
  };
}

const DAMAGE_OF = new WeakMap<WeaponData, string>();

/** What the damage die is rolled for (the log's words; built once per fighter). */
function damagePurpose(
  rec: CombatRecord,
  p: PendingAttack,
  data: WeaponData | undefined,
  column: ColumnData | undefined,
  attacker: Fighter,
): string {
  if (!column) return attacker.phrase('unarmed damage by ');
  if (data) {
    let v = DAMAGE_OF.get(data);
    if (v === undefined) {
      v = `damage of ${data.name}`;
      DAMAGE_OF.set(data, v);
    }
    return v;
  }
  const spell = p.spell ? rec.pack.spells.find((s) => s.id === p.spell) : undefined;
  return `damage of ${spell?.name ?? 'a thrown object'}`;
}

/** Where an attack lands on its current defender: hit or miss, the damage roll and the blow's size. */
interface Landing {
  readonly hit: boolean;
  readonly fatal: boolean;
  readonly damage: Rolled | undefined;
  /** The blow to deliver (after ×, ÷ and a near miss's share), or null when nothing lands. */
  readonly dealt: number | null;
  readonly miss: ReturnType<typeof nearMiss> | undefined;
  readonly data: WeaponData | undefined;
  readonly column: ColumnData | undefined;
}

/** §6.1 steps 7–10 and §7: hit or near miss against a defence total, with the damage rolled once. */
function land(
  rec: CombatRecord,
  p: PendingAttack,
  target: PendingAttack['targets'][number],
  defenceTotal: number,
  dice: DecideContext['dice'],
  attacker: Fighter,
): Landing {
  const hit = p.attackTotal > defenceTotal;
  const data = p.weapon ? findWeapon(rec.pack, p.weapon) : undefined;
  const column = data ? data.columns[target.column] : otherColumn(rec.pack, p, target);
  const cell = column ? column.damage : '1D10';
  const bonus = column ? 0 : (p.strength ?? 0);
  if (hit && p.fatal)
    return { hit, fatal: true, damage: undefined, dealt: null, miss: undefined, data, column };
  if (hit) {
    const damage =
      p.damage[target.column] ?? rollDamage(dice, cell, damagePurpose(rec, p, data, column, attacker));
    return { hit, fatal: false, damage, dealt: dealtOf(damage, bonus, p), miss: undefined, data, column };
  }
  const area = column ? areaOf(column) : null;
  if (!area) return { hit, fatal: false, damage: undefined, dealt: null, miss: undefined, data, column };
  const miss = nearMiss(p.attackTotal, defenceTotal, target.distance, area.size, data?.plasma ?? false);
  if (!miss.caught) return { hit, fatal: false, damage: undefined, dealt: null, miss, data, column };
  const damage =
    p.damage[target.column] ?? rollDamage(dice, cell, damagePurpose(rec, p, data, column, attacker));
  const dealt = sharedDamage(dealtOf(damage, bonus, p), miss.share, miss.metres);
  return { hit, fatal: false, damage, dealt, miss, data, column };
}

/** One blow on a vehicle's hull (§9.2: one layer with nothing behind), written into the record. */
function hitVehicle(rec: CombatRecord, v: VehicleInScene, dealt: number): LayerReport {
  const r = passLayer(dealt, v.resilience, v.dc, false);
  const report: LayerReport = {
    outcome: r.outcome,
    arriving: dealt,
    dcBefore: v.dc,
    dcAfter: r.dcAfter,
    layer: v.name,
  };
  if (r.dcAfter !== v.dc) rec.setVehicle(v.id, { dc: r.dcAfter });
  return report;
}

/** What a ram's impact did besides the target's own blow (§13.6). */
interface RamImpact {
  readonly vehicleBlows: Record<string, LayerReport>;
  readonly crew: Record<string, Blow>;
  readonly rolls: Rolled[];
}

/**
 * §13.6 reading: the one vehicle-scale roll hits the ramming vehicle too, and everyone aboard the
 * vehicles involved takes occupant-scale crash damage (§13.4), rolled per person, through their
 * worn layers.
 */
function ramImpact(
  rec: CombatRecord,
  p: PendingAttack,
  dealt: number,
  rammed: VehicleInScene | undefined,
  dice: DecideContext['dice'],
  impact: RamImpact,
): void {
  const ram = p.ram;
  if (!ram) return;
  const ramming = ram.vehicleId === null ? undefined : rec.vehicle(ram.vehicleId);
  if (ramming) impact.vehicleBlows[ramming.id] = hitVehicle(rec, ramming, dealt);
  for (const v of [ramming, rammed]) {
    if (!v) continue;
    for (const o of aboard(v)) {
      const f = rec.fighter(o.id);
      if (!f || f.c.dead !== null || impact.crew[o.id]) continue;
      const d = crashDice(ram.kph, o.seated ? 'seated' : 'unseated');
      const roll = rollDamage(dice, d.count > 0 ? `${d.count}D6` : '0', f.phrase('ram damage to '));
      impact.rolls.push(roll);
      const blow = injureFighter(
        f,
        roll.total * d.times,
        NO_LAYERS,
        dice,
        hasCondition(f.c, 'invulnerable'),
        true,
      );
      if (blow) impact.crew[o.id] = blow;
    }
  }
}

/**
 * §6.1–§9: the defender's answer (the parry declared and saved before the defence die), the hit
 * or near miss, and the blow through the layers to Stamina and a hit location. A vehicle answers
 * through its driver's seat (§13.5).
 */
export function answerAttack(
  rec: CombatRecord,
  cmd: CommandOf<'defend'>,
  ctx: DecideContext,
  log: EliteUnitEvent[] | null,
): void {
  const p = rec.pending;
  if (!p) throw new RuleError('NO_ATTACK_PENDING', 'no attack waits for a defence');
  const target = p.targets[p.next];
  if (!target || target.id !== cmd.targetId)
    throw new RuleError(
      'NOT_YOUR_DEFENCE',
      `attack ${p.attackId} waits for ${target?.id}, not ${cmd.targetId}`,
      { waiting: target?.id },
    );
  const f = rec.fighter(cmd.targetId);
  if (!f) {
    answerForVehicle(rec, p, target, cmd, ctx, log);
    return;
  }
  const b = f.c;
  requireControlOf(b, ctx);
  const attacker = requireFighter(rec, p.attackerId);
  const helpless = isHelpless(b);
  const uncovered = cmd.uncovered ?? null;
  if (uncovered) {
    if (ctx.actor.role !== 'gm')
      throw new RuleError('GM_ONLY', 'only the GM rules which layers cover the point of impact');
    for (const k of uncovered)
      if (!b.armour.some((l) => l.key === k))
        throw new RuleError('UNKNOWN_LAYER', `${b.name} wears no layer ${k}`, { layer: k });
  }
  // The parry is declared and saved before the defender's own d20 (§6.2).
  let parry: DefenceReport['parry'];
  let parryLayer: ParryObject | null = null;
  if (cmd.parry !== undefined) {
    if (!p.parryable) throw new RuleError('PARRY_NOT_ALLOWED', 'this attack comes too fast to parry');
    if (p.unaware) throw new RuleError('PARRY_NOT_ALLOWED', 'an unaware defender cannot parry');
    if (helpless) throw new RuleError('PARRY_NOT_ALLOWED', `${b.name} is helpless and cannot parry`);
    const obj = parryObject(rec, b, cmd.parry);
    const reactions = f.value('reactions');
    const save: SaveResult = cmd.waiveSave
      ? waivedSave('reactions', reactions)
      : rollSave(ctx.dice, 'reactions', reactions, f.phrase('parry save of '));
    parry = { object: cmd.parry, save, dodgeBonus: save.success ? obj.dodgeBonus : 0 };
    if (save.success) parryLayer = obj;
  } else if (cmd.waiveSave) {
    throw new RuleError('NOTHING_TO_WAIVE', 'there is no parry save to give up');
  }

  const dodge = helpless ? 0 : f.value('dodge');
  const face = rollD20(ctx.dice, f.phrase('defence of '));
  const defenceTotal = face + dodge + (parry?.dodgeBonus ?? 0);
  const dice = othersDice(ctx);
  const landing = land(rec, p, target, defenceTotal, dice, attacker);
  const { hit, damage, dealt, miss, data, column } = landing;
  const invulnerable = hasCondition(b, 'invulnerable');
  const report = log !== null;
  // An occupant of an enclosed vehicle has its hull as a layer, after the parry object (§9.1).
  const hull = p.ram ? undefined : rec.hullAround(b.id);

  let blow: ReturnType<typeof injureFighter> = null;
  let vehicleBlows: Record<string, LayerReport> | undefined;
  if (landing.fatal) {
    f.set('dead', 'fatal surprise attack');
  } else if (dealt !== null) {
    const outer: OuterLayer[] | readonly OuterLayer[] =
      parryLayer || hull ? [...(hit && parryLayer ? [parryLayer] : []), ...(hull ? [hull] : [])] : NO_LAYERS;
    const outerDc = outer.length > 0 ? outer.map((l) => l.dc) : null;
    blow = injureFighter(f, dealt, outer, dice, invulnerable, report, outerDc, uncovered);
    if (outerDc) {
      let i = 0;
      if (hit && parryLayer) setParryDc(f, parryLayer.key, outerDc[i++] ?? parryLayer.dc);
      if (hull) {
        const dc = outerDc[i] ?? hull.dc;
        if (dc !== hull.dc) rec.setVehicle(hull.id, { dc });
        vehicleBlows = { [hull.id]: { ...(blow?.layers[i] ?? hullStep(hull, dc)), layer: hull.name } };
      }
    }
  }
  const impact: RamImpact | null =
    hit && p.ram && dealt !== null ? { vehicleBlows: {}, crew: {}, rolls: [] } : null;
  if (impact && dealt !== null) ramImpact(rec, p, dealt, undefined, dice, impact);
  rec.pending = pendingAfter(p, p.attackId, damage);
  if (log) {
    const defence: DefenceReport = {
      face,
      dodge,
      total: defenceTotal,
      helpless,
      ...(parry ? { parry } : {}),
      ...(uncovered ? { uncovered } : {}),
    };
    const patches: Patch[] = rec.patches(impact ? [b.id, ...Object.keys(impact.crew)] : [b.id]);
    const vehicles = rec.vehiclePatches();
    const allVehicleBlows = impact ? { ...vehicleBlows, ...impact.vehicleBlows } : vehicleBlows;
    log.push({
      type: 'attack.resolved',
      attackId: p.attackId,
      targetId: b.id,
      attackTotal: p.attackTotal,
      defence,
      hit,
      ...(landing.fatal ? { fatal: true } : {}),
      ...(miss ? { nearMiss: miss } : {}),
      ...(damage ? { damage } : {}),
      ...(blow ? { blow } : {}),
      patches,
      ...(allVehicleBlows && Object.keys(allVehicleBlows).length > 0
        ? { vehicleBlows: allVehicleBlows }
        : {}),
      ...(impact && Object.keys(impact.crew).length > 0
        ? { crew: impact.crew, crewRolls: impact.rolls }
        : {}),
      ...(vehicles ? { vehicles } : {}),
    });
  }
  askBystanders(rec, p, target, data, column, damage, log);
}

/** A hull's report when the blow never reached it (invulnerable target): untouched. */
function hullStep(hull: VehicleInScene, dc: number): LayerReport {
  return { outcome: 'skipped', arriving: 0, dcBefore: hull.dc, dcAfter: dc, layer: hull.name };
}

/**
 * §13.5: a vehicle defends with d20 + 0, or + half its driver's modified Reactions while evasive
 * manoeuvres are in force; its driver's seat answers (the GM's when nobody drives). No parry.
 */
function answerForVehicle(
  rec: CombatRecord,
  p: PendingAttack,
  target: PendingAttack['targets'][number],
  cmd: CommandOf<'defend'>,
  ctx: DecideContext,
  log: EliteUnitEvent[] | null,
): void {
  const v = rec.vehicle(cmd.targetId);
  const vehicleData = v && rec.pack.vehicles.find((x) => x.id === v.vehicle);
  if (!v || !vehicleData)
    throw new RuleError('UNKNOWN_CHARACTER', `there is no character or vehicle ${cmd.targetId}`);
  const driver = v.driverId === null ? undefined : rec.fighter(v.driverId);
  if (driver) requireControlOf(driver.c, ctx);
  else if (ctx.actor.role !== 'gm')
    throw new RuleError('NOT_YOUR_CHARACTER', `nobody drives ${v.name}: the GM answers for it`, { id: v.id });
  if (cmd.parry !== undefined || cmd.waiveSave)
    throw new RuleError('PARRY_NOT_ALLOWED', `${v.name} is a vehicle and cannot parry`);
  if (cmd.uncovered) throw new RuleError('UNKNOWN_LAYER', `${v.name} wears no layers`);
  const attacker = requireFighter(rec, p.attackerId);
  const dodge = evasionBonus(v, vehicleData, driver?.c, rec.pack, rec.battle);
  const face = rollD20(ctx.dice, `defence of ${v.name}`);
  const total = face + dodge;
  const dice = othersDice(ctx);
  const landing = land(rec, p, target, total, dice, attacker);
  const vehicleBlows: Record<string, LayerReport> = {};
  if (landing.dealt !== null) vehicleBlows[v.id] = hitVehicle(rec, v, landing.dealt);
  const impact: RamImpact | null =
    landing.hit && p.ram && landing.dealt !== null ? { vehicleBlows, crew: {}, rolls: [] } : null;
  if (impact && landing.dealt !== null) ramImpact(rec, p, landing.dealt, v, dice, impact);
  rec.pending = pendingAfter(p, p.attackId, landing.damage);
  if (log) {
    const vehicles = rec.vehiclePatches();
    log.push({
      type: 'attack.resolved',
      attackId: p.attackId,
      targetId: v.id,
      attackTotal: p.attackTotal,
      defence: { face, dodge, total, helpless: false },
      hit: landing.hit,
      ...(landing.miss ? { nearMiss: landing.miss } : {}),
      ...(landing.damage ? { damage: landing.damage } : {}),
      patches: rec.patches(impact ? Object.keys(impact.crew) : []),
      ...(Object.keys(vehicleBlows).length > 0 ? { vehicleBlows } : {}),
      ...(impact && Object.keys(impact.crew).length > 0
        ? { crew: impact.crew, crewRolls: impact.rolls }
        : {}),
      ...(vehicles ? { vehicles } : {}),
    });
  }
  askBystanders(rec, p, target, landing.data, landing.column, landing.damage, log);
}

/** The last defender answered: a blast or spread asks the GM who else stood in it (§7, §18.8). */
function askBystanders(
  rec: CombatRecord,
  p: PendingAttack,
  target: PendingAttack['targets'][number],
  data: WeaponData | undefined,
  column: ColumnData | undefined,
  damage: Rolled | undefined,
  log: EliteUnitEvent[] | null,
): void {
  // (Spells carry no weapon block: their blasts are the caster's to place.)
  const area = p.next + 1 >= p.targets.length && data && column ? areaOf(column) : null;
  if (!area || !data) return;
  rec.questions++;
  log?.push({
    type: 'question.asked',
    question: {
      id: `q${rec.questions}`,
      kind: 'bystanders',
      attackId: p.attackId,
      weapon: data.id,
      area: area.kind,
      radius: area.size,
      plasma: data.plasma,
      column: p.targets[0]?.column ?? 0,
      damage: damage && !p.damage[target.column] ? { ...p.damage, [target.column]: damage } : p.damage,
    },
  });
}

const NO_LAYERS: readonly OuterLayer[] = [];
