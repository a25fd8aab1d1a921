import { z } from 'zod';
import { D6 } from '../engine/dice/die.ts';
import { appended } from '../engine/fold.ts';
import { RuleError } from '../engine/rule-error.ts';
import type { Role, Ruleset, Seat, TableEvent } from '../engine/ruleset.ts';

/**
 * A tiny ruleset for the server's own tests, shaped like dice chat: public, GM-only and blind
 * rolls, chat lines, GM notes (an event players never learn of), a multi-event command, and an
 * ownership rule checked inside decide. It keeps the server tests independent of real systems.
 */

type Visibility = 'public' | 'gm' | 'blind';

const commandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('roll'),
    count: z.number().int().min(1).max(20),
    visibility: z.enum(['public', 'gm', 'blind']),
  }),
  z.object({ type: z.literal('say'), text: z.string().trim().min(1).max(500) }),
  z.object({ type: z.literal('note'), text: z.string().min(1).max(500) }),
  z.object({ type: z.literal('burst'), count: z.number().int().min(1).max(10) }),
  z.object({
    type: z.literal('rename'),
    seatId: z.string().min(1).max(100),
    name: z.string().min(1).max(60),
  }),
]);
export type TestCommand = z.infer<typeof commandSchema>;

export type TestEvent =
  | { type: 'rolled'; seatId: string; faces: number[]; total: number; visibility: Visibility }
  | { type: 'said'; seatId: string; text: string }
  | { type: 'noted'; text: string }
  | { type: 'ticked'; n: number };

export interface TestState {
  seats: Record<string, { role: Role; name: string }>;
  log: readonly TestEvent[];
  notes: readonly string[];
}

const commandRoles: Record<TestCommand['type'], readonly Role[]> = {
  roll: ['gm', 'player'],
  say: ['gm', 'player'],
  note: ['gm'],
  burst: ['gm', 'player'],
  rename: ['gm', 'player'],
};

function hiddenFrom(event: TestEvent, seat: Seat): boolean {
  if (event.type !== 'rolled' || seat.role === 'gm') return false;
  // GM-only rolls: the roller and the GM see them; blind rolls: only the GM sees the faces.
  if (event.visibility === 'gm') return event.seatId !== seat.seatId;
  return event.visibility === 'blind';
}

export const testRuleset: Ruleset<TestState, TestCommand, TestEvent, unknown> = {
  id: 'test',
  title: 'Test dice chat',
  commandSchema: commandSchema as z.ZodType<TestCommand>,
  commandRoles,
  eventTypes: ['rolled', 'said', 'noted', 'ticked'],
  setup: () => ({ seats: {}, log: [], notes: [] }),
  decide(state, command, ctx) {
    const me = ctx.actor.seatId;
    switch (command.type) {
      case 'roll': {
        const faces: number[] = [];
        for (let i = 0; i < command.count; i++) faces.push(ctx.dice.roll(D6, `die ${i + 1} of the roll`));
        const total = faces.reduce((a, b) => a + b, 0);
        return [{ type: 'rolled', seatId: me, faces, total, visibility: command.visibility }];
      }
      case 'say':
        return [{ type: 'said', seatId: me, text: command.text }];
      case 'note':
        return [{ type: 'noted', text: command.text }];
      case 'burst':
        return Array.from({ length: command.count }, (_, i) => ({ type: 'ticked' as const, n: i + 1 }));
      case 'rename':
        if (!state.seats[command.seatId]) throw new RuleError('NO_SUCH_SEAT', `no seat ${command.seatId}`);
        if (ctx.actor.role !== 'gm' && command.seatId !== me) {
          throw new RuleError('NOT_YOUR_SEAT', 'a player may rename only their own seat');
        }
        // A TableEvent is an event of every ruleset; decide may return it like its own.
        return [{ type: 'seat.renamed', seatId: command.seatId, name: command.name } as unknown as TestEvent];
    }
  },
  evolve(state, event: TestEvent | TableEvent) {
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
      case 'noted':
        return { ...state, notes: appended(state.notes, event.text) };
      default:
        return { ...state, log: appended(state.log, event) };
    }
  },
  view(state, seat) {
    if (seat.role === 'gm') return state;
    return {
      seats: state.seats,
      log: state.log.map((e) =>
        hiddenFrom(e, seat) && e.type === 'rolled'
          ? { type: 'rolled', seatId: e.seatId, visibility: e.visibility, hidden: true }
          : e,
      ),
    };
  },
  redact(event, seat) {
    if (event.type === 'noted') return seat.role === 'gm' ? event : null;
    if (event.type === 'rolled' && hiddenFrom(event, seat)) {
      return { type: 'rolled', seatId: event.seatId, visibility: event.visibility, hidden: true };
    }
    return event;
  },
};
