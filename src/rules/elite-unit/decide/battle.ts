import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import { advance } from '../combat/flow.ts';
import type { CommandOf } from '../commands.ts';
import type { EliteUnitEvent } from '../events.ts';
import { rollD20 } from '../rules/dice.ts';
import { effectiveValue } from '../rules/effective.ts';
import type { EliteUnitState, InitiativeEntry } from '../state.ts';
import { requireCharacter, requireControl, requireNoPending } from './guards.ts';

/** Initiative and Turns (§5): one roll per battle, a fixed order, GM orders ties, newcomers slotted in. */

function rollInitiative(state: EliteUnitState, id: string, ctx: DecideContext): InitiativeEntry {
  const c = requireCharacter(state, id);
  if (c.dead !== null) throw new RuleError('CHARACTER_DEAD', `${c.name} is dead`, { id });
  const face = rollD20(ctx.dice, `initiative of ${c.name}`);
  return { id, face, total: face + effectiveValue(c, state.pack, 'initiative') };
}

/** Groups of two or more ids with the same total, in order. */
function tieGroups(order: readonly InitiativeEntry[]): string[][] {
  const groups: string[][] = [];
  for (let i = 0; i < order.length; ) {
    let j = i + 1;
    while (j < order.length && order[j]?.total === order[i]?.total) j++;
    if (j - i > 1) groups.push(order.slice(i, j).map((e) => e.id));
    i = j;
  }
  return groups;
}

export function decideBattleStart(
  state: EliteUnitState,
  cmd: CommandOf<'battle.start'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  if (state.battle) throw new RuleError('BATTLE_RUNNING', 'a battle is already running; end it first');
  if (new Set(cmd.ids).size !== cmd.ids.length)
    throw new RuleError('DUPLICATE_CHARACTER', 'a character is named twice');
  const entries = cmd.ids.map((id) => rollInitiative(state, id, ctx));
  // Stable sort: tied totals keep the order they were named in until the GM reorders (§5 step 2).
  const order = [...entries].sort((a, b) => b.total - a.total);
  const ties = tieGroups(order);
  const events: EliteUnitEvent[] = [{ type: 'battle.started', entries: order, ties }];
  if (ties.length > 0)
    events.push({
      type: 'question.asked',
      question: { id: `q${state.counters.question + 1}`, kind: 'tieOrder', ids: ties.flat() },
    });
  return events;
}

export function decideBattleJoin(
  state: EliteUnitState,
  cmd: CommandOf<'battle.join'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const b = state.battle;
  if (!b) throw new RuleError('NO_BATTLE', 'no battle is running');
  if (b.order.some((e) => e.id === cmd.id))
    throw new RuleError('ALREADY_IN_BATTLE', `${cmd.id} is already in the battle`);
  const entry = rollInitiative(state, cmd.id, ctx);
  // After every entry with the same or a higher total (§5 step 6 reading).
  let index = b.order.findIndex((e) => e.total < entry.total);
  if (index < 0) index = b.order.length;
  return [{ type: 'battle.joined', entry, index, waits: index <= b.slot }];
}

export function decideBattleOrder(state: EliteUnitState, cmd: CommandOf<'battle.order'>): EliteUnitEvent[] {
  const b = state.battle;
  if (!b) throw new RuleError('NO_BATTLE', 'no battle is running');
  const ids = b.order.map((e) => e.id);
  if (cmd.order.length !== ids.length || [...cmd.order].sort().join() !== [...ids].sort().join())
    throw new RuleError('ORDER_INVALID', 'the new order must name every character in the battle once');
  // Only tied entries may swap: the totals stand for the whole battle (§5 step 3).
  const total = new Map(b.order.map((e) => [e.id, e.total]));
  for (let i = 1; i < cmd.order.length; i++) {
    if ((total.get(cmd.order[i] as string) ?? 0) > (total.get(cmd.order[i - 1] as string) ?? 0))
      throw new RuleError('ORDER_INVALID', 'only characters with equal totals may be reordered');
  }
  return [{ type: 'battle.reordered', order: cmd.order }];
}

export function decideBattleEnd(state: EliteUnitState): EliteUnitEvent[] {
  if (!state.battle) throw new RuleError('NO_BATTLE', 'no battle is running');
  return [{ type: 'battle.ended' }];
}

export function decideSlotEnd(
  state: EliteUnitState,
  cmd: CommandOf<'slot.end'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const b = state.battle;
  if (!b) throw new RuleError('NO_BATTLE', 'no battle is running');
  requireControl(state, cmd.id, ctx);
  requireNoPending(state);
  if (b.order[b.slot]?.id !== cmd.id)
    throw new RuleError('NOT_YOUR_SLOT', `it is not ${cmd.id}'s slot`, { id: cmd.id });
  return advance(state, [], b.slot + 1).events;
}
