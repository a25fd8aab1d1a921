import { RuleError } from '../../../engine/rule-error.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import { answerAttack, declareAttack } from '../combat/attack.ts';
import { CombatRecord } from '../combat/record.ts';
import type { CommandOf } from '../commands.ts';
import { ENCUMBRANCE } from '../data/tables.ts';
import type { EliteUnitEvent } from '../events.ts';
import { situationSteps } from '../rules/attack.ts';
import { rollD20 } from '../rules/dice.ts';
import { effectiveValue, hasCondition, type Step } from '../rules/effective.ts';
import { injure } from '../rules/injury.ts';
import type { EliteUnitState, PendingAttack } from '../state.ts';
import { requireAction, requireCharacter, requireControl } from './guards.ts';

/**
 * Attacks (§6–§9) for the table: the rules run on a combat record taken from the state
 * (`combat/attack.ts`, the same code the simulator runs), told as events.
 */

export function decideAttack(
  state: EliteUnitState,
  cmd: CommandOf<'attack'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const log: EliteUnitEvent[] = [];
  declareAttack(new CombatRecord(state), cmd, ctx, log);
  return log;
}

export function decideDefend(
  state: EliteUnitState,
  cmd: CommandOf<'defend'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const log: EliteUnitEvent[] = [];
  answerAttack(new CombatRecord(state), cmd, ctx, log);
  return log;
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
