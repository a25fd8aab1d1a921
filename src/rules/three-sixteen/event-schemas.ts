import { z } from 'zod';
import { type ChatEvent, chatEventProblem, chatEventSchemas, isChatEvent } from '../dice-chat/chat.ts';
import { coreCommandSchemas, nonEmptyTextSchema, trooperIdSchema } from './commands.ts';
import { overrideProblem } from './encounter/table.ts';
import type { ThreeSixteenEvent } from './events.ts';
import type { ThreeSixteenState } from './state.ts';

/**
 * Schemas of 3:16 events as `decide` makes them, checked on import (`Ruleset.eventSchemas`).
 * So far: the chat, the story log, GM notes and GM overrides (an override's adjustment is the
 * command's own). The other event types are still checked by type only.
 */
const seatIdSchema = z.string().min(1).max(100);

/**
 * What any event may carry about what it led to (`Aftermath` in events.ts: who fell, who rose,
 * the Kills it dealt, a conflict's marks and end), written by decide and ignored by evolve.
 */
const aftermath = {
  fell: z
    .array(z.strictObject({ trooperId: trooperIdSchema, status: z.enum(['dead', 'wreck']) }))
    .max(100)
    .optional(),
  risen: z
    .array(z.strictObject({ trooperId: trooperIdSchema, rank: z.number().int().min(0).max(8) }))
    .max(100)
    .optional(),
  hits: z.array(z.record(z.string(), z.unknown())).max(500).optional(),
  struck: z.array(z.record(z.string(), z.unknown())).max(100).optional(),
  conflictWon: z.record(z.string(), z.unknown()).optional(),
};

export const threeSixteenEventSchemas: Readonly<Partial<Record<ThreeSixteenEvent['type'], z.ZodType>>> = {
  ...chatEventSchemas,
  narration: z.strictObject({
    type: z.literal('narration'),
    actor: z.union([z.literal('gm'), trooperIdSchema]),
    text: nonEmptyTextSchema,
    secret: z.boolean(),
    by: seatIdSchema.optional(),
    ...aftermath,
  }),
  'gm.noted': z.strictObject({
    type: z.literal('gm.noted'),
    text: nonEmptyTextSchema,
    by: seatIdSchema.optional(),
    ...aftermath,
  }),
  'gm.adjusted': z.strictObject({
    type: z.literal('gm.adjusted'),
    adjustment: coreCommandSchemas.gmAdjust.shape.adjustment,
    reason: nonEmptyTextSchema,
    ...aftermath,
  }),
};

/** Whether an event could follow the state (`Ruleset.eventProblem`): the chat's numbering and reveals, overrides. */
export function threeSixteenEventProblem(state: ThreeSixteenState, event: ThreeSixteenEvent): string | null {
  if (isChatEvent(event)) return chatEventProblem(state.chat, event as ChatEvent);
  if (event.type === 'gm.adjusted') return overrideProblem(state, event.adjustment);
  return null;
}
