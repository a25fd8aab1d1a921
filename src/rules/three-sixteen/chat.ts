import type { ZodType } from 'zod';
import {
  CHAT_COMMAND_ROLES,
  CHAT_EVENT_TYPES,
  type ChatCommand,
  type ChatEvent,
  chatCommandSchemas,
  decideChat,
  evolveChat,
  isChatEvent,
} from '../dice-chat/chat.ts';
import { standInGmSeat } from './campaign/model.ts';
import { type CommandOf, type CommandSpec, defineCommand, definePart } from './commands.ts';
import type { ThreeSixteenState } from './state.ts';

declare module './commands.ts' {
  interface ExtraCommands {
    chat: ChatCommand;
  }
}
declare module './events.ts' {
  interface ExtraEvents {
    chat: ChatEvent;
  }
}

/**
 * A hidden roll made while a rotating GM runs the mission is marked as shown to that stand-in,
 * except the table GM's own: the stand-in borrows the chair, not the table GM's secrets.
 */
function withStandInGm(state: ThreeSixteenState, events: ChatEvent[]): ChatEvent[] {
  const gmSeat = standInGmSeat(state);
  if (gmSeat === null) return events;
  return events.map((e) =>
    e.type === 'chat.rolled' && e.visibility !== 'public' && state.seats[e.by]?.role !== 'gm'
      ? { ...e, gmSeat }
      : e,
  );
}

/** The table's dice chat inside a 3:16 game: rolls and chat lines live in `state.chat`. */
export const chatPart = definePart({
  name: 'chat',
  commands: chatCommandSchemas.map(
    (schema): CommandSpec =>
      defineCommand(
        schema.shape.type.value,
        schema as unknown as ZodType<CommandOf<ChatCommand['type']>>,
        CHAT_COMMAND_ROLES[schema.shape.type.value],
        (state, command, ctx) => withStandInGm(state, decideChat(state.chat, command, ctx)),
      ),
  ),
  eventTypes: CHAT_EVENT_TYPES,
  evolve: (state, event) => (isChatEvent(event) ? { ...state, chat: evolveChat(state.chat, event) } : state),
});
