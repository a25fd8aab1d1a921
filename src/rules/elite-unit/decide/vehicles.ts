import { RuleError } from '../../../engine/rule-error.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import type { Blow, EliteUnitEvent, Patch } from '../events.ts';
import { situationSteps } from '../rules/attack.ts';
import { rollD20, rollDamage, rollSave } from '../rules/dice.ts';
import { effectiveValue, hasCondition, type Step } from '../rules/effective.ts';
import { injure } from '../rules/injury.ts';
import { controlsProblem, crashDice, driverSteps, RISKY } from '../rules/vehicles.ts';
import type { EliteUnitState, PendingAttack } from '../state.ts';
import { requireAction, requireCharacter, requireControl } from './guards.ts';

/** Vehicles (§13): risky-action saves with the driver's modified Reactions, and crashes. */

function vehicleOf(state: EliteUnitState, id: string) {
  const v = state.pack.vehicles.find((x) => x.id === id);
  if (!v) throw new RuleError('UNKNOWN_VEHICLE', `the pack has no vehicle ${id}`, { vehicle: id });
  return v;
}

export function decideRisky(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.risky'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireControl(state, cmd.driverId, ctx);
  const v = vehicleOf(state, cmd.vehicle);
  const problem = controlsProblem(v, c, cmd.controls);
  if (problem) throw new RuleError('CANNOT_DRIVE', problem, { vehicle: v.id });
  const row: { value: number; untracked?: boolean; crashOnFail?: boolean } = RISKY[cmd.action];
  if (row.untracked && v.kind === 'tracked')
    throw new RuleError('NOT_FOR_TRACKED', `${cmd.action} does not apply to tracked vehicles`);
  if (row.crashOnFail && v.kind !== 'air') throw new RuleError('AIR_ONLY', `${cmd.action} is for aircraft`);
  const steps = [...driverSteps(v, c, cmd.controls), { step: cmd.action, value: row.value }];
  const target = steps.reduce((sum, s) => sum + s.value, effectiveValue(c, state.pack, 'reactions'));
  const save = rollSave(ctx.dice, 'reactions', target, `${c.name} at the controls of ${v.name}`);
  const events: EliteUnitEvent[] = [
    {
      type: 'save.rolled',
      characterId: c.id,
      save,
      modifier: target - effectiveValue(c, state.pack, 'reactions'),
      hidden: false,
    },
  ];
  if (!save.success && row.crashOnFail)
    events.push({
      type: 'character.changed',
      reason: 'crash',
      patches: [],
      detail: { vehicle: v.id, action: cmd.action, crashed: true },
    });
  return events;
}

/** §13.4 crash: the vehicle's own dice reported (it is not tracked as an object here), occupants hurt through their layers. */
export function decideCrash(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.crash'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const v = vehicleOf(state, cmd.vehicle);
  const dice = othersDice(ctx);
  const hull = crashDice(cmd.kph, 'vehicle');
  const vehicleRoll = rollDamage(dice, hull.count > 0 ? `${hull.count}D6` : '0', `crash damage to ${v.name}`);
  const patches: Patch[] = [];
  const blows: Record<string, Blow> = {};
  const rolls = [vehicleRoll];
  for (const o of cmd.occupants) {
    const c = requireCharacter(state, o.id);
    if (c.dead !== null) continue;
    const d = crashDice(cmd.kph, o.seated ? 'seated' : 'unseated');
    const r = rollDamage(dice, d.count > 0 ? `${d.count}D6` : '0', `crash damage to ${c.name}`);
    rolls.push(r);
    const injury = injure(c, r.total * d.times, [], dice, hasCondition(c, 'invulnerable'));
    patches.push({ id: c.id, set: injury.set });
    blows[c.id] = injury.blow;
  }
  return [
    {
      type: 'character.changed',
      reason: 'crash',
      patches,
      rolls,
      detail: { vehicle: v.id, kph: cmd.kph, vehicleDamage: vehicleRoll.total, blows },
    },
  ];
}

/**
 * §13.6 ramming a character: an armed attack whose Attack is the driver's modified Reactions
 * (§6.3 rows but the speed bands); on a hit the target takes the vehicle-scale crash dice
 * (2D6 per whole 10 kph of closing speed). The vehicle's own share is the GM's (vehicles are not
 * objects in the state yet).
 */
export function decideRam(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.ram'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireControl(state, cmd.driverId, ctx);
  requireAction(state, c);
  const v = vehicleOf(state, cmd.vehicle);
  const problem = controlsProblem(v, c, cmd.controls);
  if (problem) throw new RuleError('CANNOT_DRIVE', problem, { vehicle: v.id });
  const b = requireCharacter(state, cmd.targetId);
  if (b.id === c.id) throw new RuleError('TARGET_INVALID', 'a driver cannot ram itself');
  if (b.dead !== null) throw new RuleError('TARGET_DEAD', `${b.name} is already dead`);
  if (cmd.situation.unaware && cmd.situation.watching)
    throw new RuleError('SITUATION_CONFLICT', 'a target cannot be both unaware and watching closely');
  const steps: Step[] = [
    { step: 'Reactions', value: effectiveValue(c, state.pack, 'reactions') },
    ...driverSteps(v, c, cmd.controls),
    ...situationSteps(cmd.situation, false, true),
  ];
  const face = rollD20(ctx.dice, `ram by ${c.name}`);
  const total = steps.reduce((sum, s) => sum + s.value, face);
  const dice = crashDice(cmd.kph, 'vehicle').count;
  const pending: PendingAttack = {
    attackId: `a${state.counters.attack + 1}`,
    attackerId: c.id,
    weaponKey: null,
    weapon: null,
    spell: null,
    cell: dice > 0 ? `${dice}D6` : '0',
    targets: [{ id: b.id, distance: 0, column: 0 }],
    next: 0,
    attackTotal: total,
    parryable: false,
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
      attackerId: c.id,
      weapon: v.id,
      mode: 'ram',
      rounds: 0,
      face,
      total,
      steps,
      patches: [],
      pending,
      spendsAction: c.id,
    },
  ];
}
