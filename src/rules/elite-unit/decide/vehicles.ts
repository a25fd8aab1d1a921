import { RuleError } from '../../../engine/rule-error.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import type { Blow, EliteUnitEvent, Patch } from '../events.ts';
import { rollDamage, rollSave } from '../rules/dice.ts';
import { effectiveValue, hasCondition } from '../rules/effective.ts';
import { injure } from '../rules/injury.ts';
import { controlsProblem, crashDice, driverSteps, RISKY } from '../rules/vehicles.ts';
import type { EliteUnitState } from '../state.ts';
import { requireCharacter, requireControl } from './guards.ts';

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
