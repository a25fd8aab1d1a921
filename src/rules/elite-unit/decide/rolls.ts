import { RuleError } from '../../../engine/rule-error.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import { CHAOS, locationFor } from '../data/tables.ts';
import type { EliteUnitEvent } from '../events.ts';
import { type Rolled, rollD10, rollD20, rollD100, rollSave, waivedSave } from '../rules/dice.ts';
import { attributeId, effectiveValue } from '../rules/effective.ts';
import type { EliteUnitState } from '../state.ts';
import { requireCharacter, requireControl } from './guards.ts';

/** Saves, opposed rolls, sneaking and the chapter's table rolls (§3, §11). */

function attribute(state: EliteUnitState, name: string): string {
  const id = attributeId(state.pack, name);
  if (!id) throw new RuleError('UNKNOWN_ATTRIBUTE', `the pack has no attribute ${name}`, { attribute: name });
  return id;
}

function hiddenAllowed(hidden: boolean | undefined, ctx: DecideContext): boolean {
  if (hidden && ctx.actor.role !== 'gm') throw new RuleError('GM_ONLY', 'only the GM rolls hidden');
  return hidden ?? false;
}

export function decideSave(
  state: EliteUnitState,
  cmd: CommandOf<'save'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireControl(state, cmd.id, ctx);
  const attr = attribute(state, cmd.attribute);
  const hidden = hiddenAllowed(cmd.hidden, ctx);
  const target = effectiveValue(c, state.pack, attr) + cmd.modifier;
  const save = cmd.waive
    ? waivedSave(attr, target)
    : rollSave(ctx.dice, attr, target, `save of ${c.name} with ${attr}`);
  const events: EliteUnitEvent[] = [
    { type: 'save.rolled', characterId: c.id, save, modifier: cmd.modifier, hidden },
  ];
  if (save.bareFail)
    events.push({
      type: 'question.asked',
      question: { id: `q${state.counters.question + 1}`, kind: 'bareFail', characterId: c.id, save },
    });
  return events;
}

export function decideOpposed(
  state: EliteUnitState,
  cmd: CommandOf<'opposed'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const a = requireCharacter(state, cmd.actor.id);
  const aAttr = attribute(state, cmd.actor.attribute);
  const face = rollD20(ctx.dice, `${cmd.purpose}: ${a.name}`);
  const total = face + effectiveValue(a, state.pack, aAttr) + cmd.actor.modifier;
  const others = cmd.others.map((o) => {
    const c = requireCharacter(state, o.id);
    const attr = attribute(state, o.attribute);
    const f = rollD20(ctx.dice, `${cmd.purpose}: ${c.name}`);
    const t = f + effectiveValue(c, state.pack, attr) + o.modifier;
    return { id: c.id, attribute: attr, face: f, total: t, actorWins: total > t };
  });
  return [
    {
      type: 'opposed.rolled',
      purpose: cmd.purpose,
      actor: { id: a.id, attribute: aAttr, face, total },
      others,
      hidden: cmd.hidden ?? false,
    },
  ];
}

/** §11: one sneak roll against each observer's own Alertness roll, which the GM makes hidden. */
export function decideSneak(
  state: EliteUnitState,
  cmd: CommandOf<'sneak'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const s = requireControl(state, cmd.id, ctx);
  const face = rollD20(ctx.dice, `sneaking of ${s.name}`);
  const total = face + effectiveValue(s, state.pack, 'reactions');
  const gmDice = othersDice(ctx);
  const others = cmd.observers.map((id) => {
    const o = requireCharacter(state, id);
    if (id === s.id) throw new RuleError('TARGET_INVALID', 'a sneaker does not watch itself');
    const f = rollD20(gmDice, `alertness of ${o.name}`);
    const t = f + effectiveValue(o, state.pack, 'alertness');
    return { id, attribute: 'alertness', face: f, total: t, actorWins: total > t };
  });
  return [
    {
      type: 'opposed.rolled',
      purpose: 'sneak',
      actor: { id: s.id, attribute: 'reactions', face, total },
      others,
      hidden: true,
    },
  ];
}

export function decideTableRoll(
  state: EliteUnitState,
  cmd: CommandOf<'table.roll'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  void state;
  let roll: Rolled;
  let result: string;
  switch (cmd.table) {
    case 'location': {
      roll = rollD100(ctx.dice, 'hit location');
      result = locationFor(roll.total).part;
      break;
    }
    case 'chaos': {
      const f = rollD20(ctx.dice, 'magical chaos');
      roll = { purpose: 'magical chaos', faces: [f], total: f };
      result = CHAOS[f - 1]?.effect ?? '';
      break;
    }
    case 'tenPercent': {
      const f = rollD10(ctx.dice, 'a 10% check');
      roll = { purpose: 'a 10% check', faces: [f], total: f };
      result = `d10 shows ${f}`;
      break;
    }
    case 'percent':
      roll = rollD100(ctx.dice, 'a percentage chance');
      result = `d100 shows ${roll.total}`;
      break;
  }
  return [{ type: 'table.rolled', table: cmd.table, roll, result, hidden: cmd.hidden ?? false }];
}
