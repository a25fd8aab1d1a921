import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import type { Blow, EliteUnitEvent, Patch } from '../events.ts';
import { bystanderShare, rangeColumn, sharedDamage } from '../rules/attack.ts';
import { findWeapon } from '../rules/character.ts';
import { type Rolled, rollDamage } from '../rules/dice.ts';
import { hasCondition } from '../rules/effective.ts';
import { injure } from '../rules/injury.ts';
import type { EliteUnitState } from '../state.ts';
import { requireCharacter } from './guards.ts';

/** The GM's answers and tools: undo the last resolution, bystanders of a blast or spread, let-offs. */

export function decideUndo(state: EliteUnitState): EliteUnitEvent[] {
  if (!state.undo) throw new RuleError('NOTHING_TO_UNDO', 'there is no resolution to undo');
  return [{ type: 'resolution.undone', what: state.undo.what }];
}

function question<K extends EliteUnitState['questions'][number]['kind']>(
  state: EliteUnitState,
  id: string,
  kind: K,
) {
  const q = state.questions.find((x) => x.id === id);
  if (!q || q.kind !== kind)
    throw new RuleError('UNKNOWN_QUESTION', `no open ${kind} question ${id}`, { questionId: id });
  return q as Extract<EliteUnitState['questions'][number], { kind: K }>;
}

/**
 * §7 bystanders: the GM names who stood in the blast (metres from the impact) or in the spread's
 * cone (metres from the shooter). No defence roll; the attack's damage roll is shared.
 */
export function decideBystanders(
  state: EliteUnitState,
  cmd: CommandOf<'gm.bystanders'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const q = question(state, cmd.questionId, 'bystanders');
  const data = findWeapon(state.pack, q.weapon);
  if (!data) throw new RuleError('UNKNOWN_WEAPON', `the pack no longer has ${q.weapon}`);
  const rolls: Record<number, Rolled> = { ...q.damage };
  const rolled: Rolled[] = [];
  const rollFor = (column: number): Rolled => {
    let r = rolls[column];
    if (!r) {
      const cell = data.columns[column]?.damage ?? '0';
      r = rollDamage(ctx.dice, cell, `damage of ${data.name} to bystanders`);
      rolls[column] = r;
      rolled.push(r);
    }
    return r;
  };
  const patches: Patch[] = [];
  const blows: Record<string, Blow> = {};
  const seen = new Set<string>();
  for (const b of cmd.bystanders) {
    if (seen.has(b.id)) throw new RuleError('DUPLICATE_TARGET', `${b.id} is named twice`);
    seen.add(b.id);
    const c = requireCharacter(state, b.id);
    if (c.dead !== null) continue;
    let dealt: number;
    if (q.area === 'blast') {
      const share = bystanderShare(b.metres, q.radius, q.plasma);
      if (share === 'none') continue;
      dealt = sharedDamage(rollFor(q.column).total, share, b.metres);
    } else {
      const column = rangeColumn(data, b.metres);
      if (column < 0) continue;
      dealt = rollFor(column).total;
    }
    const injury = injure(c, dealt, [], ctx.dice, hasCondition(c, 'invulnerable'));
    patches.push({ id: c.id, set: injury.set });
    blows[c.id] = injury.blow;
  }
  return [{ type: 'question.answered', questionId: q.id, patches, blows, rolls: rolled }];
}

export function decideLetOff(state: EliteUnitState, cmd: CommandOf<'gm.letOff'>): EliteUnitEvent[] {
  const q = question(state, cmd.questionId, 'bareFail');
  return [
    {
      type: 'question.answered',
      questionId: q.id,
      patches: [],
      detail: { letOff: cmd.letOff, characterId: q.characterId },
    },
  ];
}
