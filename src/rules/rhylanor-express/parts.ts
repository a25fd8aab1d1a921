import type { z } from 'zod';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext, Role } from '../../engine/ruleset.ts';
import { type Character, condition } from './character.ts';
import type { PersonalEvent } from './events.ts';
import { evolvePersonal } from './evolve.ts';
import type { Combat, Combatant, RhylanorState } from './state.ts';

/**
 * The part contract: each file brings its commands (schema, roles, decide) and the ruleset only
 * dispatches (as 3:16 does). Guards shared by every part live here too, with their stable codes.
 */

export interface CommandSpec<S = RhylanorState, E = PersonalEvent> {
  readonly type: string;
  readonly schema: z.ZodObject;
  readonly roles: readonly Role[];
  decide(state: S, command: never, ctx: DecideContext): E[];
}

export function defineCommand<Sch extends z.ZodObject>(
  schema: Sch,
  roles: readonly Role[],
  decide: (state: RhylanorState, command: z.output<Sch>, ctx: DecideContext) => PersonalEvent[],
): CommandSpec {
  const type = (schema.shape as { type: z.ZodLiteral<string> }).type.value;
  return { type, schema, roles, decide } as CommandSpec;
}

/**
 * A command of the running fight: it opens with the fight there and no roll waiting for pool
 * points (§7.3), the same opening for every fight command, then decides with the fight in hand.
 */
export function fightCommand<Sch extends z.ZodObject>(
  schema: Sch,
  roles: readonly Role[],
  decide: (
    state: RhylanorState,
    command: z.output<Sch>,
    ctx: DecideContext,
    combat: Combat,
  ) => PersonalEvent[],
): CommandSpec {
  return defineCommand(schema, roles, (state, command, ctx) => {
    const combat = requireCombat(state);
    requireNoWindow(state);
    return decide(state, command, ctx, combat);
  });
}

/** A command about one sheet the seat plays (the referee: any sheet), with that sheet in hand. */
export function sheetCommand<Sch extends z.ZodObject & { shape: { characterId: z.ZodType<string> } }>(
  schema: Sch,
  roles: readonly Role[],
  decide: (state: RhylanorState, command: z.output<Sch>, ctx: DecideContext, c: Character) => PersonalEvent[],
): CommandSpec {
  return defineCommand(schema, roles, (state, command, ctx) =>
    decide(state, command, ctx, requireOwn(state, ctx, (command as { characterId: string }).characterId)),
  );
}

export const GM: readonly Role[] = ['gm'];
export const GM_AND_PLAYERS: readonly Role[] = ['gm', 'player'];

/** Applies events in order: decide uses it to see the state its earlier events reach. */
export function fold(state: RhylanorState, events: readonly PersonalEvent[]): RhylanorState {
  let s = state;
  for (const e of events) s = evolvePersonal(s, e);
  return s;
}

export function requireCharacter(state: RhylanorState, id: string): Character {
  const c = state.characters[id];
  if (!c) throw new RuleError('UNKNOWN_CHARACTER', `there is no character ${id}`, { characterId: id });
  return c;
}

/** The referee acts for anyone; a player only for a character whose sheet names its seat. */
export function requireOwn(state: RhylanorState, ctx: DecideContext, id: string): Character {
  const c = requireCharacter(state, id);
  if (ctx.actor.role !== 'gm' && c.owner !== ctx.actor.seatId) {
    throw new RuleError('NOT_YOUR_CHARACTER', `${c.name} is not played from this seat`, { characterId: id });
  }
  return c;
}

export function requireFit(c: Character): void {
  const now = condition(c);
  if (now !== 'fit') {
    throw new RuleError('CANNOT_ACT', `${c.name} cannot act (${now})`, { characterId: c.id, condition: now });
  }
}

export function requireCombat(state: RhylanorState): Combat {
  if (!state.combat) throw new RuleError('NOT_IN_COMBAT', 'no personal combat is running');
  return state.combat;
}

export function requireCombatant(combat: Combat, id: string): Combatant {
  const m = combat.combatants[id];
  if (!m) throw new RuleError('NOT_IN_COMBAT', `${id} is not in this fight`, { characterId: id });
  return m;
}

/** Nothing new may happen while a roll waits for pool points (§7.3 window). */
export function requireNoWindow(state: RhylanorState): void {
  if (state.window) {
    throw new RuleError('ROLL_OPEN', 'a roll is waiting for tactics-pool points: spend or pass first');
  }
}

export function invalid(message: string, details?: Record<string, unknown>): RuleError {
  return new RuleError('INVALID_VALUE', message, details);
}
