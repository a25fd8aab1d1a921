import {
  CHAT_COMMAND_ROLES,
  CHAT_EVENT_TYPES,
  type ChatEvent,
  chatCommandSchemas,
  decideChat,
} from '../dice-chat/chat.ts';
import type { CommandSpec } from './parts.ts';
import type { RhylanorState } from './state.ts';

/** The table's dice chat inside a Rhylanor Express game: rolls and lines live in `state.chat`. */
export const chatCommands: readonly CommandSpec<RhylanorState, ChatEvent>[] = chatCommandSchemas.map(
  (schema) => ({
    type: schema.shape.type.value,
    schema,
    roles: CHAT_COMMAND_ROLES[schema.shape.type.value],
    decide: (state: RhylanorState, command: never, ctx) => decideChat(state.chat, command, ctx),
  }),
);

export { CHAT_EVENT_TYPES };
