import type { Ruleset, Seat, TableEvent } from '../../engine/ruleset.ts';
import {
  CHAT_COMMAND_ROLES,
  CHAT_EVENT_TYPES,
  type ChatCommand,
  type ChatEvent,
  type ChatState,
  chatCommandSchema,
  chatEventProblem,
  chatEventSchemas,
  decideChat,
  EMPTY_CHAT,
  evolveChat,
  redactChat,
  viewChat,
} from './chat.ts';

/**
 * Dice chat on its own: the ruleset of a table whose system is not playable yet, and the
 * kernel's smallest complete ruleset (the server's tests and benchmarks run on it too).
 */
export interface DiceChatState {
  readonly seats: Readonly<Record<string, { readonly role: Seat['role']; readonly name: string }>>;
  readonly chat: ChatState;
}

export const diceChat: Ruleset<DiceChatState, ChatCommand, ChatEvent, unknown> = {
  id: 'dice-chat',
  title: 'Dice chat',
  commandSchema: chatCommandSchema,
  commandRoles: CHAT_COMMAND_ROLES,
  eventTypes: CHAT_EVENT_TYPES,
  eventSchemas: chatEventSchemas,
  eventProblem: (state, event) => chatEventProblem(state.chat, event),
  setup: () => ({ seats: {}, chat: EMPTY_CHAT }),
  decide: (state, command, ctx) => decideChat(state.chat, command, ctx),
  evolve(state, event: ChatEvent | TableEvent) {
    switch (event.type) {
      case 'seat.joined':
        return {
          ...state,
          seats: { ...state.seats, [event.seatId]: { role: event.role, name: event.name } },
        };
      case 'seat.renamed': {
        const seat = state.seats[event.seatId];
        return seat
          ? { ...state, seats: { ...state.seats, [event.seatId]: { ...seat, name: event.name } } }
          : state;
      }
      default:
        return { ...state, chat: evolveChat(state.chat, event) };
    }
  },
  view: (state, seat) => ({ ...state, chat: viewChat(state.chat, seat) }),
  redact: (event, seat) =>
    event.type === 'seat.joined' || event.type === 'seat.renamed' ? event : redactChat(event, seat),
};
