import { probeDice } from '../../engine/dice/source.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import type { Character } from '../../rules/rhylanor-express/character.ts';
import { resolveSkillResult } from '../../rules/rhylanor-express/character.ts';
import { chanceOutOf36 } from '../../rules/rhylanor-express/index.ts';
import {
  type RhylanorCommand,
  type RhylanorState,
  rhylanorExpress,
} from '../../rules/rhylanor-express/ruleset.ts';
import type { Modifier, RollRecord } from '../../rules/rhylanor-express/task.ts';
import type { SeatRef, View } from './model.ts';

/**
 * The ruleset asked, on this seat's view, what a command would do before it is sent: the modifiers
 * and target of a task roll (so the chance shown is the rules' own, not a copy of them), or the
 * refusal it would meet. Dice are probes: decide's checks never depend on the faces.
 */

export type TaskPreview =
  | {
      readonly ok: true;
      readonly mods: readonly Modifier[];
      readonly target: number;
      /** Sum of the modifiers: what 2d6 is added to. */
      readonly dm: number;
      /** Exact chance out of 36 that 2d6 + dm reaches the target. */
      readonly outOf36: number;
    }
  | { readonly ok: false; readonly code: string; readonly message: string };

export function previewCommand(
  view: View,
  seat: SeatRef,
  command: RhylanorCommand,
): { ok: true; events: readonly { readonly type: string }[] } | { ok: false; code: string; message: string } {
  if (seat.role === 'spectator') return { ok: false, code: 'ROLE_NOT_ALLOWED', message: 'spectators watch' };
  try {
    const events = rhylanorExpress.decide(view as unknown as RhylanorState, command, {
      actor: { seatId: seat.seatId, role: seat.role },
      dice: probeDice(),
    });
    return { ok: true, events };
  } catch (e) {
    if (isRuleError(e)) return { ok: false, code: e.code, message: e.message };
    return { ok: false, code: 'PREVIEW_FAILED', message: e instanceof Error ? e.message : String(e) };
  }
}

/** The first roll a command's events make (a task roll, or the roll a pool window holds). */
function firstRoll(events: readonly { readonly type: string }[]): RollRecord | null {
  for (const e of events) {
    const x = e as { roll?: RollRecord; rolls?: readonly RollRecord[] };
    if (x.roll && Array.isArray(x.roll.faces)) return x.roll;
    if (x.rolls?.[0]) return x.rolls[0];
  }
  return null;
}

export function previewTask(view: View, seat: SeatRef, command: RhylanorCommand): TaskPreview {
  const result = previewCommand(view, seat, command);
  if (!result.ok) return result;
  const roll = firstRoll(result.events);
  if (!roll) return { ok: false, code: 'NO_ROLL', message: 'this command rolls no dice' };
  const dm = roll.mods.reduce((s, m) => s + m.value, 0) + roll.pool.reduce((s, p) => s + p.delta, 0);
  return { ok: true, mods: roll.mods, target: roll.target, dm, outOf36: chanceOutOf36(dm, roll.target) };
}

/** "27/36 (75%)". */
export function chanceText(outOf36: number): string {
  return `${outOf36}/36 (${Math.round((outOf36 / 36) * 1000) / 10}%)`;
}

/**
 * The legal picks of a cascade result for this character, as the ruleset lists them (careers may
 * exclude members), or null when the result is no cascade (or needs no pick).
 */
export function cascadeMembers(view: View, c: Character, result: string): readonly string[] | null {
  try {
    resolveSkillResult(c, result, undefined, view.pack);
    return null;
  } catch (e) {
    if (isRuleError(e) && e.code === 'CASCADE_PICK_NEEDED') {
      const members = (e.details as { members?: unknown } | undefined)?.members;
      return Array.isArray(members) ? members.filter((m): m is string => typeof m === 'string') : null;
    }
    return null;
  }
}
