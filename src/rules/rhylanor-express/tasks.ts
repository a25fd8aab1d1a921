import { z } from 'zod';
import { RuleError } from '../../engine/rule-error.ts';
import { type DecideContext, othersDice } from '../../engine/ruleset.ts';
import { canAct, condition, requireKnownSkill } from './character.ts';
import { dmsSchema } from './characters.ts';
import { CHARACTERISTICS, DIFFICULTIES, type Difficulty, SUBSTITUTIONS } from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import {
  type CommandSpec,
  defineCommand,
  fold,
  GM,
  GM_AND_PLAYERS,
  requireNoWindow,
  requireOwn,
} from './parts.ts';
import { finish, resolveRolls } from './resolve.ts';
import { type RhylanorState, SIDES, type SideId } from './state.ts';
import {
  charMod,
  conditionMods,
  type Modifier,
  makeRoll,
  roll2d6,
  type SkillOption,
  skillMods,
  withTotal,
} from './task.ts';

/** The free task roll (§1) and the tactics-pool window commands (§7.3). */

const characterId = z.string().regex(/^c[0-9]{1,5}$/);
const side = z.enum(SIDES);

const schemas = {
  roll: z.strictObject({
    type: z.literal('task.roll'),
    characterId,
    /** The skill(s) the task is built on (the better is used); none: a characteristic roll. */
    skills: z.array(z.string().trim().min(1).max(60)).max(4).optional(),
    /** A §4 substitution row instead of `skills`. */
    substitution: z.enum(Object.keys(SUBSTITUTIONS) as [string, ...string[]]).optional(),
    characteristic: z.enum(CHARACTERISTICS).nullable().optional(),
    target: z.number().int().min(2).max(30).optional(),
    difficulty: z.enum(Object.keys(DIFFICULTIES) as [Difficulty, ...Difficulty[]]).optional(),
    dms: dmsSchema.optional(),
    /** The task cannot be tried unskilled (forensics, demolition, hacking). */
    requiresSkill: z.boolean().optional(),
    label: z.string().trim().max(120).optional(),
  }),
  /**
   * One window command for every roll, personal or space (§7.3, §6.4): a firefight's points are a
   * side's (`side`), a space battle's a ship's (`ship`, routed to the space slice when its roll is open).
   */
  spend: z.strictObject({
    type: z.literal('pool.spend'),
    side: side.optional(),
    ship: z.string().trim().min(1).max(40).optional(),
    /** +n or −n: n points each give +1 or −1 (§7.3). */
    delta: z
      .number()
      .int()
      .min(-20)
      .max(20)
      .refine((n) => n !== 0, 'spend at least one point'),
    /** Which roll of the open window; without a window the points wait for the next roll. */
    rollIndex: z.number().int().min(0).max(200).optional(),
  }),
  /** Left out, `side` is the seat's own side that still has a say. */
  pass: z.strictObject({ type: z.literal('pool.pass'), side: side.optional() }),
  close: z.strictObject({
    type: z.literal('window.close'),
    /** Referee override: set totals of the open rolls by index. */
    totals: z
      .array(
        z.strictObject({ index: z.number().int().min(0).max(200), total: z.number().int().min(-50).max(80) }),
      )
      .max(200)
      .optional(),
  }),
} as const;

export type TaskCommand = z.output<(typeof schemas)[keyof typeof schemas]>;

/** What a task roll would add up to before its dice: the target, each modifier, the skill used. */
export interface TaskPlan {
  readonly target: number;
  readonly mods: readonly Modifier[];
  readonly skill: string | null;
  readonly purpose: string;
}

/**
 * The plan of a `task.roll` (no dice, no events): the very modifiers `taskRoll` rolls with, so a
 * table can show the chance before the roll. Refuses as `task.roll` does (CANNOT_ACT, UNKNOWN_SKILL…).
 * Pool points staged for the next roll are not in it (they are added when the dice are rolled).
 */
export function taskPlan(
  state: RhylanorState,
  cmd: z.output<typeof schemas.roll>,
  ctx: DecideContext,
): TaskPlan {
  const c = requireOwn(state, ctx, cmd.characterId);
  if (!canAct(c)) {
    throw new RuleError('CANNOT_ACT', `${c.name} cannot use skills (${condition(c)})`, { characterId: c.id });
  }
  if (cmd.target === undefined && cmd.difficulty === undefined) {
    throw new RuleError('INVALID_VALUE', 'a task needs a target number or a difficulty');
  }
  const target = cmd.target ?? DIFFICULTIES[cmd.difficulty as Difficulty];
  let options: SkillOption[] = [];
  if (cmd.substitution !== undefined) options = [...(SUBSTITUTIONS[cmd.substitution]?.skills ?? [])];
  else options = (cmd.skills ?? []).map((s) => ({ skill: requireKnownSkill(s, state.pack), dm: 0 }));
  const choice = skillMods(c, options, state.pack, cmd.requiresSkill === true);
  const mods: Modifier[] = [...choice.mods];
  const ch = cmd.characteristic ?? (state.pack.rules.alwaysAddCharacteristicDm ? 'Int' : null);
  if (ch) mods.push(charMod(c, ch, state.pack));
  mods.push(...conditionMods(c, state.pack), ...(cmd.dms ?? []));
  const purpose = cmd.label ?? (choice.skill ? `${choice.skill} task` : 'task');
  return { target, mods, skill: choice.skill, purpose };
}

function taskRoll(
  state: RhylanorState,
  cmd: z.output<typeof schemas.roll>,
  ctx: DecideContext,
): PersonalEvent[] {
  requireNoWindow(state);
  const plan = taskPlan(state, cmd, ctx);
  const roll = makeRoll(plan.purpose, roll2d6(ctx.dice, plan.purpose), plan.mods, plan.target);
  return resolveRolls(
    state,
    [roll],
    { kind: 'task', characterId: cmd.characterId, skill: plan.skill },
    ctx.dice,
  );
}

/** The `task.roll` command's schema (a table parses its form with it before asking `taskPlan`). */
export const taskRollSchema = schemas.roll;

/** A seat may spend a side's points if the side holds one of its characters (the referee: any side). */
function requireSideSeat(state: RhylanorState, ctx: DecideContext, id: SideId): void {
  if (ctx.actor.role === 'gm') return;
  const members = state.combat?.sides[id].members ?? [];
  if (!members.some((m) => state.characters[m]?.owner === ctx.actor.seatId)) {
    throw new RuleError('NOT_YOUR_SIDE', `this seat plays nobody on side ${id}`, { side: id });
  }
}

function spend(
  state: RhylanorState,
  cmd: z.output<typeof schemas.spend>,
  ctx: DecideContext,
): PersonalEvent[] {
  const combat = state.combat;
  if (!combat) throw new RuleError('NOT_IN_COMBAT', 'tactics pools exist only in a fight');
  const sideId = cmd.side;
  if (sideId === undefined || cmd.ship !== undefined)
    throw new RuleError('INVALID_VALUE', 'a firefight spends a side’s points: name the side, not a ship');
  requireSideSeat(state, ctx, sideId);
  const points = Math.abs(cmd.delta);
  if (combat.sides[sideId].pool < points) {
    throw new RuleError('POOL_TOO_SMALL', `side ${sideId} has ${combat.sides[sideId].pool} point(s) left`, {
      pool: combat.sides[sideId].pool,
    });
  }
  const w = state.window;
  if (!w) return [{ type: 'pool.spent', side: sideId, delta: cmd.delta, rollIndex: null }];
  const index = cmd.rollIndex ?? 0;
  if (index >= w.rolls.length) {
    throw new RuleError('INVALID_VALUE', `the open window has ${w.rolls.length} roll(s)`, {
      rollIndex: index,
    });
  }
  // Spending reopens the window for the other side: it may answer the new total.
  return [{ type: 'pool.spent', side: sideId, delta: cmd.delta, rollIndex: index }];
}

/** Sides that still have a say: points left and not passed since the last spend. */
function waiting(state: RhylanorState): SideId[] {
  const combat = state.combat;
  const w = state.window;
  if (!combat || !w) return [];
  return SIDES.filter((s) => combat.sides[s].pool > 0 && !w.passed.includes(s));
}

/** The one side with a say that this seat plays (the referee must name the side). */
function ownWaitingSide(state: RhylanorState, ctx: DecideContext): SideId {
  const mine = waiting(state).filter(
    (s) =>
      ctx.actor.role !== 'gm' &&
      (state.combat?.sides[s].members ?? []).some((m) => state.characters[m]?.owner === ctx.actor.seatId),
  );
  const only = mine[0];
  if (only === undefined || mine.length > 1)
    throw new RuleError('SIDE_NEEDED', 'name the side that passes', { sides: mine });
  return only;
}

function pass(state: RhylanorState, cmd: z.output<typeof schemas.pass>, ctx: DecideContext): PersonalEvent[] {
  const w = state.window;
  if (!w) throw new RuleError('NO_OPEN_ROLL', 'no roll is waiting for pool points');
  const sideId = cmd.side ?? ownWaitingSide(state, ctx);
  requireSideSeat(state, ctx, sideId);
  const events: PersonalEvent[] = [{ type: 'pool.passed', side: sideId }];
  const after = fold(state, events);
  if (waiting(after).length > 0) return events;
  return [...events, ...closeWindow(after, 'pools', othersDice(ctx))];
}

function closeWindow(
  state: RhylanorState,
  by: 'pools' | 'referee',
  dice: DecideContext['dice'],
): PersonalEvent[] {
  const w = state.window;
  if (!w) return [];
  const closed: PersonalEvent = { type: 'window.closed', rolls: w.rolls, by };
  return [closed, ...finish(fold(state, [closed]), w.after, w.rolls, dice)];
}

function close(
  state: RhylanorState,
  cmd: z.output<typeof schemas.close>,
  ctx: DecideContext,
): PersonalEvent[] {
  const w = state.window;
  if (!w) throw new RuleError('NO_OPEN_ROLL', 'no roll is waiting for pool points');
  const rolls = [...w.rolls];
  for (const t of cmd.totals ?? []) {
    const r = rolls[t.index];
    if (!r)
      throw new RuleError('INVALID_VALUE', `the open window has ${rolls.length} roll(s)`, { index: t.index });
    rolls[t.index] = withTotal(r, t.total);
  }
  const overridden = { ...state, window: { ...w, rolls } };
  return closeWindow(overridden, 'referee', ctx.dice);
}

export const taskCommands: readonly CommandSpec[] = [
  defineCommand(schemas.roll, GM_AND_PLAYERS, taskRoll),
  defineCommand(schemas.spend, GM_AND_PLAYERS, spend),
  defineCommand(schemas.pass, GM_AND_PLAYERS, pass),
  defineCommand(schemas.close, GM, close),
];
