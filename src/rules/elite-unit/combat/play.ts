import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import { COMMAND_ROLES, type CommandOf } from '../commands.ts';
import { requireControlOf, requireNoPendingAttack, requireNoPendingSave } from '../decide/guards.ts';
import type { EliteUnitEvent } from '../events.ts';
import { aimOn, reloadOn } from './ammo.ts';
import { answerAttack, declareAttack, requireFighter } from './attack.ts';
import { advanceRecord, flowRecord } from './flow.ts';
import type { CombatRecord } from './record.ts';

/**
 * The commands of a fight, played on a combat record: the simulator's and the bench's way in.
 * The same functions decide these commands at the table; here they write the record and tell
 * events only when `log` is given (those events carry no `secretIds`: they are not for seats).
 */

export type RecordCommand = CommandOf<'attack' | 'defend' | 'reload' | 'aim' | 'slot.end'>;

export function playOnRecord(
  rec: CombatRecord,
  command: RecordCommand,
  ctx: DecideContext,
  log: EliteUnitEvent[] | null = null,
): void {
  if (!COMMAND_ROLES[command.type].includes(ctx.actor.role))
    throw new RuleError('ROLE_NOT_ALLOWED', `a ${ctx.actor.role} may not send ${command.type}`, {
      role: ctx.actor.role,
    });
  switch (command.type) {
    case 'attack':
      declareAttack(rec, command, ctx, log);
      break;
    case 'defend':
      answerAttack(rec, command, ctx, log);
      break;
    case 'reload':
      reloadOn(rec, command, ctx, log);
      break;
    case 'aim':
      aimOn(rec, command, ctx, log);
      break;
    case 'slot.end': {
      const b = rec.battle;
      if (!b) throw new RuleError('NO_BATTLE', 'no battle is running');
      requireControlOf(requireFighter(rec, command.id).c, ctx);
      requireNoPendingAttack(rec.pending);
      requireNoPendingSave(rec.pendingSave);
      if (b.order[b.slot]?.id !== command.id)
        throw new RuleError('NOT_YOUR_SLOT', `it is not ${command.id}'s slot`, { id: command.id });
      advanceRecord(rec, b.slot + 1, log);
      return;
    }
  }
  flowRecord(rec, log);
}
