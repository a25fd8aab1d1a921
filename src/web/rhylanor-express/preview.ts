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
  // Read as the server reads it, so a half-typed field is refused as it would be and defaults fill in.
  const parsed = rhylanorExpress.commandSchema.safeParse(command);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      code: 'INVALID_COMMAND',
      message: issue ? `${issue.path.join('.') || 'command'}: ${issue.message}` : 'not a valid command',
    };
  }
  try {
    const events = rhylanorExpress.decide(view as unknown as RhylanorState, parsed.data, {
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

/**
 * The odds of a roll a command makes, as this seat may know them: the modifiers always (they come
 * from the seat's own sheet), the target and exact chance only when the view holds the target (a
 * lock's pick number or a network's Security Target is the referee's secret, so a player sees his
 * DM and not his chance). `naturalFails` are natural totals that fail whatever the total (a lock
 * jams on a natural 2), left out of the count.
 */
export type Odds =
  | {
      readonly ok: true;
      readonly mods: readonly Modifier[];
      readonly dm: number;
      readonly target: number | null;
      readonly outOf36: number | null;
    }
  | { readonly ok: false; readonly code: string; readonly message: string };

export function oddsOf(
  roll: Pick<RollRecord, 'mods' | 'pool' | 'target'>,
  naturalFails: readonly number[] = [],
): Odds {
  const dm = roll.mods.reduce((s, m) => s + m.value, 0) + roll.pool.reduce((s, p) => s + p.delta, 0);
  const target = typeof roll.target === 'number' && Number.isFinite(roll.target) ? roll.target : null;
  if (target === null) return { ok: true, mods: roll.mods, dm, target, outOf36: null };
  let n = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) if (a + b + dm >= target && !naturalFails.includes(a + b)) n++;
  return { ok: true, mods: roll.mods, dm, target, outOf36: n };
}

export function previewOdds(
  view: View,
  seat: SeatRef,
  command: RhylanorCommand,
  naturalFails: readonly number[] = [],
): Odds {
  const result = previewCommand(view, seat, command);
  if (!result.ok) return result;
  const roll = firstRoll(result.events);
  if (!roll) return { ok: false, code: 'NO_ROLL', message: 'no dice are rolled for this' };
  return oddsOf(roll, naturalFails);
}

/** The rules would take the command: its odds are known, or it is allowed with nothing to roll. */
export function mayRoll(odds: Odds | null): boolean {
  return odds !== null && (odds.ok || odds.code === 'NO_ROLL');
}
