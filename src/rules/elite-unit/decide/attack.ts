import { RuleError } from '../../../engine/rule-error.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import type { WeaponData } from '../data/pack-schema.ts';
import { ENCUMBRANCE } from '../data/tables.ts';
import type { DefenceReport, EliteUnitEvent, Patch } from '../events.ts';
import { areaOf, nearMiss, rangeColumn, sharedDamage, situationSteps } from '../rules/attack.ts';
import { findWeapon } from '../rules/character.ts';
import { type Rolled, rollD20, rollDamage, rollSave, type SaveResult, waivedSave } from '../rules/dice.ts';
import { effectiveValue, hasCondition, isHelpless, type Step } from '../rules/effective.ts';
import { injure, type OuterLayer } from '../rules/injury.ts';
import type { Character, EliteUnitState, PendingAttack, WeaponInstance } from '../state.ts';
import { replaceWeapon, requireAction, requireCharacter, requireControl } from './guards.ts';

/** Attacks (§6–§9): the attacker declares and rolls; each defender answers; the blow lands. */

/** Within touch range (§6.5 reading): 1 m unless the GM rules otherwise. */
const TOUCH_METRES = 1;

function isHandToHand(w: WeaponData | undefined): boolean {
  return !w || (w.ammo === null && !w.thrown);
}

interface Firing {
  readonly mode: string | null;
  readonly rounds: number;
  readonly multiplier: number;
  readonly weapon: WeaponInstance | null;
}

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

export function decideAttack(
  state: EliteUnitState,
  cmd: CommandOf<'attack'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const a = requireControl(state, cmd.attackerId, ctx);
  requireAction(state, a);
  const pack = state.pack;
  const ids = cmd.targets.map((t) => t.id);
  if (new Set(ids).size !== ids.length) throw new RuleError('DUPLICATE_TARGET', 'a target is named twice');
  for (const t of cmd.targets) {
    const target = requireCharacter(state, t.id);
    if (t.id === a.id) throw new RuleError('TARGET_INVALID', 'a character cannot attack itself');
    if (target.dead !== null)
      throw new RuleError('TARGET_DEAD', `${target.name} is already dead`, { id: t.id });
  }
  if (ctx.actor.role !== 'gm' && (cmd.parryable !== undefined || cmd.touch !== undefined))
    throw new RuleError('GM_ONLY', 'only the GM rules on parrying and touch range');
  if (cmd.situation.unaware && cmd.situation.watching)
    throw new RuleError('SITUATION_CONFLICT', 'a target cannot be both unaware and watching closely');

  let data: WeaponData | undefined;
  let firing: Firing = { mode: null, rounds: 0, multiplier: 1, weapon: null };
  if (cmd.weapon !== undefined) {
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
  if (cmd.targets.length > 1 && firing.mode !== 'fullAuto')
    throw new RuleError(
      'SPREAD_NEEDS_FULL_AUTO',
      'only Full Auto fire spreads one action over several targets',
    );

  const targets = cmd.targets.map((t) => {
    const column = data ? rangeColumn(data, t.distance) : 0;
    if (column < 0)
      throw new RuleError('OUT_OF_RANGE', `${data?.name} cannot reach ${t.distance} m`, {
        distance: t.distance,
        weapon: data?.id,
      });
    return { id: t.id, distance: t.distance, column };
  });
  const first = targets[0] as (typeof targets)[number];

  let strength: number | null = null;
  if (!data) {
    const full = effectiveValue(a, pack, 'strength');
    if (cmd.strength !== undefined && cmd.strength > full)
      throw new RuleError('STRENGTH_TOO_HIGH', `a pulled blow uses at most Strength ${full}`, {
        strength: full,
      });
    strength = cmd.strength ?? full;
  } else if (cmd.strength !== undefined) {
    throw new RuleError('STRENGTH_UNARMED_ONLY', 'only an unarmed blow is pulled by Strength');
  }

  if (cmd.fatal) {
    const target = requireCharacter(state, first.id);
    const touching = cmd.touch ?? first.distance <= TOUCH_METRES;
    if (cmd.targets.length !== 1 || !touching || !(isHelpless(target) || cmd.situation.unaware))
      throw new RuleError(
        'FATAL_NOT_ALLOWED',
        'a fatal attack needs one target within touch that cannot dodge or does not know',
      );
    if (isHandToHand(data) && a.levels.warrior < 1)
      throw new RuleError('FATAL_NEEDS_TRAINING', 'a fatal hand-to-hand attack needs warrior training');
  }

  // Attack total (§6.1 step 5).
  const steps: Step[] = [];
  const attack = effectiveValue(a, pack, 'attack');
  steps.push({ step: 'Attack', value: attack });
  const column = data?.columns[first.column];
  if (column && column.attackBonus !== 0)
    steps.push({ step: `${data?.name} range column ${first.column + 1}`, value: column.attackBonus });
  const w = firing.weapon;
  const recoilApplies =
    !!data && data.bullet && !data.vehicleMounted && firing.mode !== null && firing.mode !== 'manual';
  if (w && recoilApplies && w.recoil > 0) steps.push({ step: 'recoil', value: -w.recoil });
  steps.push(...situationSteps(cmd.situation, data?.guided ?? false));
  const face = rollD20(ctx.dice, `attack by ${a.name}`);
  const total = steps.reduce((sum, s) => sum + s.value, face);

  const patches: Patch[] = [];
  if (w && data?.ammo) {
    const fired = firing.rounds;
    const recoil = recoilApplies ? w.recoil + Math.max(0, fired - w.vent) : w.recoil;
    const next: WeaponInstance = {
      ...w,
      loaded: w.loaded - fired,
      recoil,
      needsReload: firing.mode === 'manual' ? true : w.needsReload,
      firedThisTurn: w.firedThisTurn + fired,
    };
    patches.push({ id: a.id, set: { weapons: replaceWeapon(a, next) } });
  }
  let multiplier = firing.multiplier;
  let divisor = firing.mode === 'fullAuto' ? targets.length : 1;
  for (const cond of a.conditions) {
    if (cond.id === 'weaponMultiplied' && cond.note === w?.key && cond.factor) multiplier *= cond.factor;
    if (cond.id === 'shrunk' && cond.factor) divisor *= cond.factor;
  }
  const parryable = cmd.parryable ?? data?.parryable ?? true;
  const pending: PendingAttack = {
    attackId: `a${state.counters.attack + 1}`,
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
  return [
    {
      type: 'attack.declared',
      attackId: pending.attackId,
      attackerId: a.id,
      weapon: data?.id ?? null,
      mode: firing.mode,
      rounds: firing.rounds,
      face,
      total,
      steps,
      patches,
      pending,
      spendsAction: a.id,
    },
  ];
}

/** The blow of a damage roll: + Strength for bare hands, × rounds, ÷ targets and chaos, rounded down. */
function dealtOf(r: Rolled, bonus: number, p: PendingAttack): number {
  return Math.floor(((r.total + bonus) * p.multiplier) / p.divisor);
}

/** The parry object: a weapon in the hands with parry attributes, or a held shield, with DC left. */
function parryObject(
  state: EliteUnitState,
  c: Character,
  key: string,
): { name: string; dc: number; resilience: number; dodgeBonus: number } {
  const w = c.weapons.find((x) => x.key === key);
  if (w) {
    const data = findWeapon(state.pack, w.weapon);
    if (!data?.parry || w.dc === null || !w.inHands)
      throw new RuleError('PARRY_OBJECT_INVALID', `${c.name} cannot parry with ${data?.name ?? key}`, {
        object: key,
      });
    if (w.dc <= 0)
      throw new RuleError('PARRY_OBJECT_BROKEN', `${data.name} no longer works`, { object: key });
    return {
      name: data.name,
      dc: w.dc,
      resilience: data.parry.resilience,
      dodgeBonus: data.parry.dodgeBonus,
    };
  }
  const h = c.held.find((x) => x.key === key);
  if (!h) throw new RuleError('PARRY_OBJECT_INVALID', `${c.name} holds no ${key}`, { object: key });
  if (h.dc <= 0) throw new RuleError('PARRY_OBJECT_BROKEN', `${h.name} no longer works`, { object: key });
  return { name: h.name, dc: h.dc, resilience: h.resilience, dodgeBonus: h.dodgeBonus };
}

function withParryDc(c: Character, key: string, dc: number): Partial<Character> {
  if (c.weapons.some((w) => w.key === key))
    return { weapons: c.weapons.map((w) => (w.key === key ? { ...w, dc } : w)) };
  return { held: c.held.map((h) => (h.key === key ? { ...h, dc } : h)) };
}

export function decideDefend(
  state: EliteUnitState,
  cmd: CommandOf<'defend'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const p = state.pending;
  if (!p) throw new RuleError('NO_ATTACK_PENDING', 'no attack waits for a defence');
  const target = p.targets[p.next];
  if (!target || target.id !== cmd.targetId)
    throw new RuleError(
      'NOT_YOUR_DEFENCE',
      `attack ${p.attackId} waits for ${target?.id}, not ${cmd.targetId}`,
      {
        waiting: target?.id,
      },
    );
  const b = requireControl(state, cmd.targetId, ctx);
  const attacker = requireCharacter(state, p.attackerId);
  const pack = state.pack;
  const helpless = isHelpless(b);

  // The parry is declared and saved before the defender's own d20 (§6.2).
  let parry: DefenceReport['parry'];
  let parryLayer: (OuterLayer & { key: string }) | null = null;
  if (cmd.parry !== undefined) {
    if (!p.parryable) throw new RuleError('PARRY_NOT_ALLOWED', 'this attack comes too fast to parry');
    if (p.unaware) throw new RuleError('PARRY_NOT_ALLOWED', 'an unaware defender cannot parry');
    if (helpless) throw new RuleError('PARRY_NOT_ALLOWED', `${b.name} is helpless and cannot parry`);
    const obj = parryObject(state, b, cmd.parry);
    const reactions = effectiveValue(b, pack, 'reactions');
    const save: SaveResult = cmd.waiveSave
      ? waivedSave('reactions', reactions)
      : rollSave(ctx.dice, 'reactions', reactions, `parry save of ${b.name}`);
    parry = { object: cmd.parry, save, dodgeBonus: save.success ? obj.dodgeBonus : 0 };
    if (save.success) parryLayer = { key: cmd.parry, name: obj.name, dc: obj.dc, resilience: obj.resilience };
  } else if (cmd.waiveSave) {
    throw new RuleError('NOTHING_TO_WAIVE', 'there is no parry save to give up');
  }
  const dodge = helpless ? 0 : effectiveValue(b, pack, 'dodge');
  const face = rollD20(ctx.dice, `defence of ${b.name}`);
  const defenceTotal = face + dodge + (parry?.dodgeBonus ?? 0);
  const defence: DefenceReport = { face, dodge, total: defenceTotal, helpless, ...(parry ? { parry } : {}) };
  const hit = p.attackTotal > defenceTotal;

  const dice = othersDice(ctx);
  const data = p.weapon ? findWeapon(pack, p.weapon) : undefined;
  const spell = p.spell ? pack.spells.find((s) => s.id === p.spell) : undefined;
  const thrownDamage = p.thrownCode === undefined ? undefined : ENCUMBRANCE[p.thrownCode]?.hitDamage;
  const column =
    data?.columns[target.column] ??
    (thrownDamage !== undefined
      ? { range: target.distance, attackBonus: 0, damage: String(thrownDamage) }
      : undefined) ??
    (p.cell !== undefined ? { range: target.distance, attackBonus: 0, damage: p.cell } : undefined) ??
    (spell
      ? {
          range: spell.range,
          attackBonus: 0,
          damage: spell.damage ?? '0',
          ...(spell.blast ? { blast: spell.blast } : {}),
        }
      : undefined);
  const source = data?.name ?? spell?.name ?? 'a thrown object';
  // Plain values, not closures: this runs once per defence on the simulator's hot path.
  const cell = column ? column.damage : '1D10';
  const why = column ? `damage of ${source}` : `unarmed damage by ${attacker.name}`;
  const bonus = column ? 0 : (p.strength ?? 0);
  const patches: Patch[] = [];
  const events: EliteUnitEvent[] = [];
  const invulnerable = hasCondition(b, 'invulnerable');

  if (hit && p.fatal) {
    patches.push({ id: b.id, set: { dead: 'fatal surprise attack' } });
    events.push({
      type: 'attack.resolved',
      attackId: p.attackId,
      targetId: b.id,
      attackTotal: p.attackTotal,
      defence,
      hit,
      fatal: true,
      patches,
    });
  } else if (hit) {
    const damage = p.damage[target.column] ?? rollDamage(dice, cell, why);
    const outer = parryLayer ? [parryLayer] : [];
    const injury = injure(b, dealtOf(damage, bonus, p), outer, dice, invulnerable);
    let set: Partial<Character> = injury.set;
    if (parryLayer) set = { ...set, ...withParryDc(b, parryLayer.key, injury.outerDc[0] ?? parryLayer.dc) };
    patches.push({ id: b.id, set });
    events.push({
      type: 'attack.resolved',
      attackId: p.attackId,
      targetId: b.id,
      attackTotal: p.attackTotal,
      defence,
      hit,
      damage,
      blow: injury.blow,
      patches,
    });
  } else {
    const area = column ? areaOf(column) : null;
    if (area) {
      const miss = nearMiss(p.attackTotal, defenceTotal, target.distance, area.size, data?.plasma ?? false);
      if (miss.caught) {
        const damage = p.damage[target.column] ?? rollDamage(dice, cell, why);
        const dealt = sharedDamage(dealtOf(damage, bonus, p), miss.share, miss.metres);
        const injury = injure(b, dealt, [], dice, invulnerable);
        patches.push({ id: b.id, set: injury.set });
        events.push({
          type: 'attack.resolved',
          attackId: p.attackId,
          targetId: b.id,
          attackTotal: p.attackTotal,
          defence,
          hit,
          nearMiss: miss,
          damage,
          blow: injury.blow,
          patches,
        });
      } else {
        events.push({
          type: 'attack.resolved',
          attackId: p.attackId,
          targetId: b.id,
          attackTotal: p.attackTotal,
          defence,
          hit,
          nearMiss: miss,
          patches,
        });
      }
    } else {
      events.push({
        type: 'attack.resolved',
        attackId: p.attackId,
        targetId: b.id,
        attackTotal: p.attackTotal,
        defence,
        hit,
        patches,
      });
    }
  }
  // The last defender answered: a blast or spread asks the GM who else stood in it (§7, §18.8).
  const last = p.next + 1 >= p.targets.length;
  if (last && data && column && !spell) {
    const area = areaOf(column);
    if (area) {
      const resolved = events[0];
      const rolled =
        resolved?.type === 'attack.resolved' && resolved.damage
          ? { ...p.damage, [target.column]: resolved.damage }
          : p.damage;
      events.push({
        type: 'question.asked',
        question: {
          id: `q${state.counters.question + 1}`,
          kind: 'bystanders',
          attackId: p.attackId,
          weapon: data.id,
          area: area.kind,
          radius: area.size,
          plasma: data.plasma,
          column: p.targets[0]?.column ?? 0,
          damage: rolled,
        },
      });
    }
  }
  return events;
}

/**
 * §12: an object thrown as a weapon without a block of its own: an armed attack with Attack Bonus 0
 * (plus §6.3), parryable, dealing its code's Hit Damage; the range is the GM's call.
 */
export function decideThrow(
  state: EliteUnitState,
  cmd: CommandOf<'throw'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const a = requireControl(state, cmd.attackerId, ctx);
  requireAction(state, a);
  const b = requireCharacter(state, cmd.target.id);
  if (b.id === a.id) throw new RuleError('TARGET_INVALID', 'a character cannot hit itself');
  if (b.dead !== null) throw new RuleError('TARGET_DEAD', `${b.name} is already dead`, { id: b.id });
  if (ENCUMBRANCE[cmd.code]?.penalty === null)
    throw new RuleError('TOO_HEAVY_TO_HOLD', 'an object that heavy cannot be thrown by hand');
  if (cmd.situation.unaware && cmd.situation.watching)
    throw new RuleError('SITUATION_CONFLICT', 'a target cannot be both unaware and watching closely');
  const steps: Step[] = [
    { step: 'Attack', value: effectiveValue(a, state.pack, 'attack') },
    ...situationSteps(cmd.situation, false),
  ];
  const face = rollD20(ctx.dice, `throw by ${a.name}`);
  const total = steps.reduce((sum, s) => sum + s.value, face);
  const pending: PendingAttack = {
    attackId: `a${state.counters.attack + 1}`,
    attackerId: a.id,
    weaponKey: null,
    weapon: null,
    spell: null,
    thrownCode: cmd.code,
    targets: [{ id: b.id, distance: cmd.target.distance, column: 0 }],
    next: 0,
    attackTotal: total,
    parryable: true,
    unaware: cmd.situation.unaware ?? false,
    fatal: false,
    multiplier: 1,
    divisor: 1,
    strength: null,
    damage: {},
  };
  return [
    {
      type: 'attack.declared',
      attackId: pending.attackId,
      attackerId: a.id,
      weapon: null,
      mode: null,
      rounds: 0,
      face,
      total,
      steps,
      patches: [],
      pending,
      spendsAction: a.id,
    },
  ];
}

/** §12: an object dropped on someone: Hit Damage × fall², halved if armour covers the spot (no DC lost). */
export function decideDrop(
  state: EliteUnitState,
  cmd: CommandOf<'object.drop'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const b = requireCharacter(state, cmd.targetId);
  if (b.dead !== null) throw new RuleError('TARGET_DEAD', `${b.name} is already dead`, { id: b.id });
  const hit = ENCUMBRANCE[cmd.code]?.hitDamage ?? 0;
  const raw = Math.floor(hit * cmd.metres * cmd.metres);
  const dealt = cmd.covered ? Math.floor(raw / 2) : raw;
  const injury = injure({ ...b, armour: [] }, dealt, [], othersDice(ctx), hasCondition(b, 'invulnerable'));
  return [
    {
      type: 'character.changed',
      reason: 'drop',
      patches: [{ id: b.id, set: injury.set }],
      detail: { code: cmd.code, metres: cmd.metres, covered: cmd.covered, dealt, blow: injury.blow },
    },
  ];
}
