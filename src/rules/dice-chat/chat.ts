import { z } from 'zod';
import { appended, replacedAt } from '../../engine/fold.ts';
import { type NotationRoll, rollNotation } from '../../engine/notation/index.ts';
import {
  MAX_DICE_TOTAL,
  MAX_EXPLOSIONS_PER_DIE,
  MAX_NOTATION_LENGTH,
  MAX_SIDES,
} from '../../engine/notation/limits.ts';
import { RuleError } from '../../engine/rule-error.ts';
import { type DecideContext, isStandInGm, type Role, type Seat } from '../../engine/ruleset.ts';
import { freeText, nonEmptyFreeText } from '../../engine/text.ts';

/**
 * The dice chat every table has, whatever its system: rolls in dice notation and plain chat
 * lines. A roll is public, GM-only (the roller and the GM see it) or blind (only the GM sees the
 * result; the roller knows only that it rolled). This file holds the chat as a slice any ruleset
 * can embed: schema, decide, evolve, view and redact for `state.chat`.
 */

export const VISIBILITIES = ['public', 'gm', 'blind'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const MAX_NOTATION = 200;
export const MAX_LABEL = 120;
export const MAX_CHAT_TEXT = 2000;

export const chatCommandSchemas = [
  z.strictObject({
    type: z.literal('chat.roll'),
    notation: z.string().trim().min(1).max(MAX_NOTATION),
    visibility: z.enum(VISIBILITIES).default('public'),
    label: z.string().trim().max(MAX_LABEL).pipe(freeText(MAX_LABEL)).optional(),
  }),
  z.strictObject({ type: z.literal('chat.say'), text: nonEmptyFreeText(MAX_CHAT_TEXT) }),
  z.strictObject({ type: z.literal('chat.reveal'), rollId: z.string().min(1).max(40) }),
] as const;
export const chatCommandSchema = z.discriminatedUnion('type', chatCommandSchemas);
export type ChatCommand = z.output<typeof chatCommandSchema>;

export const CHAT_COMMAND_ROLES: Readonly<Record<ChatCommand['type'], readonly Role[]>> = {
  'chat.roll': ['gm', 'player'],
  'chat.say': ['gm', 'player'],
  'chat.reveal': ['gm'],
};

export type ChatEvent =
  | {
      readonly type: 'chat.rolled';
      readonly rollId: string;
      readonly by: string;
      readonly notation: string;
      readonly label?: string;
      readonly visibility: Visibility;
      readonly result: NotationRoll;
      /**
       * The seat standing in as GM when the roll was made (a game's rotating GM), when the roll is
       * not public: a stand-in sees the hidden rolls made to it, not those made to the table's GM.
       */
      readonly gmSeat?: string;
    }
  | { readonly type: 'chat.said'; readonly by: string; readonly text: string }
  | {
      readonly type: 'chat.revealed';
      readonly rollId: string;
      readonly by: string;
      // The result travels with the reveal: seats that saw the roll hidden learn it from here.
      readonly result: NotationRoll;
    };

export const CHAT_EVENT_TYPES = ['chat.rolled', 'chat.said', 'chat.revealed'] as const;

const seatIdSchema = z.string().min(1).max(100);
const rollIdSchema = z.string().regex(/^r[1-9][0-9]{0,8}$/, 'a roll id looks like r1, r2, …');
const faceList = z
  .array(
    z
      .number()
      .int()
      .min(-1000)
      .max(MAX_SIDES * (MAX_EXPLOSIONS_PER_DIE + 1)),
  )
  .max(MAX_DICE_TOTAL);
/** A roll's result as `rollNotation` makes it: plain numbers and bounded texts, nothing else. */
const notationRollSchema = z.strictObject({
  notation: z.string().min(1).max(MAX_NOTATION_LENGTH),
  total: z.number().int(),
  groups: z
    .array(
      z.strictObject({
        formula: z.string().min(1).max(MAX_NOTATION_LENGTH),
        die: z.string().min(2).max(8),
        faces: faceList,
        kept: z.array(z.boolean()).max(MAX_DICE_TOTAL),
        value: z.number().int(),
        exploded: z.array(faceList).max(MAX_DICE_TOTAL).optional(),
        rerolled: z.array(faceList).max(MAX_DICE_TOTAL).optional(),
        successes: z.array(z.boolean()).max(MAX_DICE_TOTAL).optional(),
      }),
    )
    .max(MAX_DICE_TOTAL),
  text: z.string().max(200_000),
});

/** The chat's events as `decideChat` makes them (imports check logs against these). */
export const chatEventSchemas: Readonly<Record<ChatEvent['type'], z.ZodType>> = {
  'chat.rolled': z.strictObject({
    type: z.literal('chat.rolled'),
    rollId: rollIdSchema,
    by: seatIdSchema,
    notation: z.string().min(1).max(MAX_NOTATION_LENGTH),
    label: z.string().max(MAX_LABEL).pipe(freeText(MAX_LABEL)).optional(),
    visibility: z.enum(VISIBILITIES),
    result: notationRollSchema,
    gmSeat: seatIdSchema.optional(),
  }),
  'chat.said': z.strictObject({
    type: z.literal('chat.said'),
    by: seatIdSchema,
    text: nonEmptyFreeText(MAX_CHAT_TEXT),
  }),
  'chat.revealed': z.strictObject({
    type: z.literal('chat.revealed'),
    rollId: rollIdSchema,
    by: seatIdSchema,
    result: notationRollSchema,
  }),
};

/**
 * Whether a chat event could follow `chat` (see `Ruleset.eventProblem`): rolls are numbered in
 * turn, and only a hidden roll not yet revealed can be revealed (with the result it had).
 */
export function chatEventProblem(chat: ChatState, event: ChatEvent): string | null {
  if (event.type === 'chat.rolled') {
    const next = `r${chat.rollCount + 1}`;
    return event.rollId === next ? null : `the next roll is ${next}, not ${event.rollId}`;
  }
  if (event.type === 'chat.revealed') {
    const entry = chat.entries[indexOfRoll(chat.entries, event.rollId)];
    if (entry?.kind !== 'roll') return `there is no roll ${event.rollId} to reveal`;
    if (entry.visibility === 'public' || entry.revealed)
      return `roll ${event.rollId} is already visible to everyone`;
    if (JSON.stringify(entry.result) !== JSON.stringify(event.result))
      return `the result revealed is not roll ${event.rollId}'s`;
  }
  return null;
}

export function isChatEvent(event: { readonly type: string }): event is ChatEvent {
  return (CHAT_EVENT_TYPES as readonly string[]).includes(event.type);
}

export type ChatEntry =
  | {
      readonly kind: 'roll';
      readonly rollId: string;
      readonly by: string;
      readonly notation: string;
      readonly label?: string;
      readonly visibility: Visibility;
      readonly revealed: boolean;
      /** See `chat.rolled`. */
      readonly gmSeat?: string;
      /** Absent in a view for a seat that may not see it (then `hidden` is true). */
      readonly result?: NotationRoll;
      readonly hidden?: true;
    }
  | { readonly kind: 'say'; readonly by: string; readonly text: string };

export interface ChatState {
  readonly entries: readonly ChatEntry[];
  readonly rollCount: number;
}

export const EMPTY_CHAT: ChatState = { entries: [], rollCount: 0 };

/** What decides who sees a roll's result. */
interface RollSight {
  readonly by: string;
  readonly visibility: Visibility;
  readonly revealed?: boolean;
  readonly gmSeat?: string;
}

/**
 * Whether `seat` may see a roll's result: everyone once it is public or revealed; the table's GM
 * always; a stand-in GM the rolls made while it stood in (and its own); the roller a GM-only roll.
 */
export function seesRoll(seat: Seat, roll: RollSight): boolean {
  if (roll.revealed || roll.visibility === 'public') return true;
  if (seat.role === 'gm' && !isStandInGm(seat)) return true;
  if (seat.role === 'gm' && (roll.gmSeat === seat.seatId || roll.by === seat.seatId)) return true;
  return roll.visibility === 'gm' && seat.seatId === roll.by;
}

export function decideChat(chat: ChatState, command: ChatCommand, ctx: DecideContext): ChatEvent[] {
  const by = ctx.actor.seatId;
  // The server checks roles before decide; checking again keeps decide safe for the CLI and tests.
  if (!CHAT_COMMAND_ROLES[command.type].includes(ctx.actor.role)) {
    throw new RuleError('ROLE_NOT_ALLOWED', `a ${ctx.actor.role} may not send ${command.type}`, {
      role: ctx.actor.role,
    });
  }
  switch (command.type) {
    case 'chat.roll': {
      // Notation errors are RuleErrors already (NOTATION_SYNTAX with the column, NOTATION_LIMIT …).
      const result = rollNotation(command.notation, ctx.dice);
      const label = command.label ? { label: command.label } : {};
      return [
        {
          type: 'chat.rolled',
          rollId: `r${chat.rollCount + 1}`,
          by,
          notation: result.notation,
          ...label,
          visibility: command.visibility,
          result,
        },
      ];
    }
    case 'chat.say':
      return [{ type: 'chat.said', by, text: command.text }];
    case 'chat.reveal': {
      const entry = chat.entries[indexOfRoll(chat.entries, command.rollId)];
      if (entry?.kind !== 'roll' || !entry.result) {
        throw new RuleError('ROLL_NOT_FOUND', `there is no roll ${command.rollId} at this table`, {
          rollId: command.rollId,
        });
      }
      if (entry.visibility === 'public' || entry.revealed) {
        throw new RuleError('ROLL_ALREADY_PUBLIC', `roll ${command.rollId} is already visible to everyone`, {
          rollId: command.rollId,
        });
      }
      // Revealing shows the result to everyone, the revealer included: only a seat that may see it
      // may do so (a rotating GM cannot publish the table GM's hidden rolls it was never shown).
      if (!seesRoll(ctx.actor, entry)) {
        throw new RuleError('ROLL_NOT_YOURS_TO_REVEAL', `roll ${command.rollId} is hidden from you`, {
          rollId: command.rollId,
        });
      }
      return [{ type: 'chat.revealed', rollId: entry.rollId, by, result: entry.result }];
    }
  }
}

export function evolveChat(chat: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'chat.rolled': {
      const label = event.label === undefined ? {} : { label: event.label };
      const entry: ChatEntry = {
        kind: 'roll',
        rollId: event.rollId,
        by: event.by,
        notation: event.notation,
        ...label,
        visibility: event.visibility,
        revealed: false,
        result: event.result,
        ...(event.gmSeat === undefined ? {} : { gmSeat: event.gmSeat }),
      };
      return { entries: appended(chat.entries, entry), rollCount: chat.rollCount + 1 };
    }
    case 'chat.said':
      return { ...chat, entries: appended(chat.entries, { kind: 'say', by: event.by, text: event.text }) };
    case 'chat.revealed': {
      const at = indexOfRoll(chat.entries, event.rollId);
      const entry = chat.entries[at];
      if (entry?.kind !== 'roll') return chat;
      return { ...chat, entries: replacedAt(chat.entries, at, { ...entry, revealed: true }) };
    }
  }
}

/**
 * Where each roll sits in a list of entries, found once per list and extended as it grows (a
 * fold grows one list in place), so a reveal costs O(1) rather than a walk of the whole chat.
 */
const rollIndexes = new WeakMap<
  readonly ChatEntry[],
  { readonly at: Map<string, number>; scanned: number }
>();

function indexOfRoll(entries: readonly ChatEntry[], rollId: string): number {
  let index = rollIndexes.get(entries);
  if (index === undefined) {
    index = { at: new Map(), scanned: 0 };
    rollIndexes.set(entries, index);
  }
  for (; index.scanned < entries.length; index.scanned++) {
    const e = entries[index.scanned];
    if (e?.kind === 'roll') index.at.set(e.rollId, index.scanned);
  }
  return index.at.get(rollId) ?? -1;
}

/** The chat as `seat` may see it: hidden rolls keep their place, notation and label, not the result. */
export function viewChat(chat: ChatState, seat: Seat): ChatState {
  if (seat.role === 'gm' && !isStandInGm(seat)) return chat;
  return {
    ...chat,
    entries: chat.entries.map((e) => {
      if (e.kind !== 'roll' || seesRoll(seat, e)) return e;
      const { result: _hidden, ...rest } = e;
      return { ...rest, hidden: true };
    }),
  };
}

/** A chat event as `seat` may receive it: a hidden roll arrives without its result. */
export function redactChat(event: ChatEvent, seat: Seat): { readonly type: string } {
  if (event.type !== 'chat.rolled' || seesRoll(seat, event)) return event;
  const { result: _hidden, ...rest } = event;
  const withoutResult: typeof rest & { readonly hidden: true } = { ...rest, hidden: true };
  return withoutResult;
}
