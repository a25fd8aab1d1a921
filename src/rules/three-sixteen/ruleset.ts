import { z } from 'zod';
import { RuleError } from '../../engine/rule-error.ts';
import {
  type DecideContext,
  isStandInGm,
  type Role,
  type Ruleset,
  type Seat,
  type TableEvent,
} from '../../engine/ruleset.ts';
import { isChatEvent, redactChat, viewChat } from '../dice-chat/chat.ts';
import { conflictAftermath } from './campaign/conflict-aftermath.ts';
import { standInGmSeat } from './campaign/model.ts';
import { campaignPart } from './campaign/part.ts';
import { chatPart } from './chat.ts';
import type { CommandSpec, ThreeSixteenCommand, ThreeSixteenPart } from './commands.ts';
import { collectHits } from './encounter/core.ts';
import { rememberFolded, stateAfterDecide, withFallen } from './encounter/decide.ts';
import { missionPart } from './encounter/mission.ts';
import { encounterPart } from './encounter/part.ts';
import { legalCommands as legalFor, pendingDecisions } from './encounter/pending.ts';
import { rosterPart } from './encounter/roster.ts';
import { tablePart } from './encounter/table.ts';
import { threeSixteenEventProblem, threeSixteenEventSchemas } from './event-schemas.ts';
import type { ThreeSixteenEvent } from './events.ts';
import { initialState, type ThreeSixteenOptions, type ThreeSixteenState } from './state.ts';

/**
 * The 3:16 ruleset: the parts below, joined. Each part brings its commands (schema, roles,
 * decide) and the reducers of its own events; this file only dispatches.
 *
 * TO ADD A PART (campaign, …): import it and add ONE line to PARTS. Nothing else here changes.
 */
const PARTS: readonly ThreeSixteenPart[] = [
  rosterPart,
  missionPart,
  encounterPart,
  tablePart,
  chatPart,
  campaignPart,
];

// ---------------------------------------------------------------------------------------------
// Dispatch tables, built once at load; a duplicate command or event type is a programming error.

const commandSpecs = new Map<string, CommandSpec>();
const reducers = new Map<string, ThreeSixteenPart>();
for (const part of PARTS) {
  for (const spec of part.commands) {
    if (commandSpecs.has(spec.type)) throw new Error(`3:16: command ${spec.type} is defined twice`);
    commandSpecs.set(spec.type, spec);
  }
  for (const type of part.eventTypes) {
    if (reducers.has(type)) throw new Error(`3:16: event ${type} has two reducers`);
    reducers.set(type, part);
  }
}

// z.discriminatedUnion wants a non-empty tuple of object schemas; every spec's schema is one.
const schemas = [...commandSpecs.values()].map((s) => s.schema) as unknown as [
  z.ZodObject<{ type: z.ZodLiteral<string> }>,
  ...z.ZodObject<{ type: z.ZodLiteral<string> }>[],
];
const commandSchema = z.discriminatedUnion('type', schemas) as unknown as z.ZodType<ThreeSixteenCommand>;

const commandRoles = Object.fromEntries(
  [...commandSpecs.values()].map((s) => [s.type, s.roles]),
) as unknown as Readonly<Record<ThreeSixteenCommand['type'], readonly Role[]>>;

function setup(_options: ThreeSixteenOptions): ThreeSixteenState {
  let state = initialState();
  for (const part of PARTS) if (part.initialState) state = part.initialState(state);
  return state;
}

/**
 * Rotating GM (book option): the player seat named to run a mission acts as its GM — GM commands,
 * and the GM's view — from the previous mission's debrief (at once before the first mission), so
 * it makes its own planet, through its own mission's debrief (`standInGmSeat`). The table's own GM
 * keeps the role throughout. The stand-in
 * gets the GM's view except for other people's secrets: GM notes, secret narration and secret
 * scenes it did not write, and hidden dice rolled before it stood in, stay hidden (see
 * `seesSecret`): a borrowed chair does not come with the regular GM's notebook.
 */
export function actingRole(state: ThreeSixteenState, seat: Seat): Role {
  if (seat.role !== 'player') return seat.role;
  return standInGmSeat(state) === seat.seatId ? 'gm' : seat.role;
}

function decide(
  state: ThreeSixteenState,
  command: ThreeSixteenCommand,
  given: DecideContext,
): ThreeSixteenEvent[] {
  const { events, after } = withAftermath(state, decideCommand(state, command, given));
  return state.encounter ? withEncounterEnd(events, after) : events;
}

/**
 * Writes what each event led to (`Aftermath`) for commands decided outside an encounter's own
 * fold: the troopers a conflict's hit, combat drugs or a GM adjustment of health felled, and a
 * conflict's marks and end. Encounter commands already folded and named their fallen as they
 * decided (`withAutomatic`); their fold is kept as it is. Either way the state the events reach
 * comes back with them, for `withEncounterEnd` and (through `rememberFolded`) the simulator.
 */
function withAftermath(
  state: ThreeSixteenState,
  events: ThreeSixteenEvent[],
): { events: ThreeSixteenEvent[]; after: ThreeSixteenState } {
  const folded = stateAfterDecide(events);
  if (folded) return { events, after: folded };
  let s = state;
  const out: ThreeSixteenEvent[] = [];
  for (const ev of events) {
    const { value: next, hits } = collectHits(() => evolve(s, ev));
    const conflict = conflictAftermath(s, next);
    const told = withFallen(s, next, ev, hits);
    out.push(conflict.struck || conflict.conflictWon ? { ...told, ...conflict } : told);
    s = next;
  }
  rememberFolded(out, s);
  return { events: out, after: s };
}

/** The command's own events, without the `encounter.ended` record (enough to probe legality). */
function decideCommand(
  state: ThreeSixteenState,
  command: ThreeSixteenCommand,
  given: DecideContext,
): ThreeSixteenEvent[] {
  const role = actingRole(state, given.actor);
  const ctx = role === given.actor.role ? given : { ...given, actor: { ...given.actor, role } };
  const spec = commandSpecs.get(command.type);
  if (!spec) throw new RuleError('UNKNOWN_COMMAND', `there is no 3:16 command called ${command.type}`);
  // The server checks roles first; checking again keeps decide safe for the CLI and tests.
  if (!spec.roles.includes(ctx.actor.role)) {
    throw new RuleError('ROLE_NOT_ALLOWED', `a ${ctx.actor.role} may not send ${command.type}`, {
      role: ctx.actor.role,
    });
  }
  return spec.decide(state, command, ctx);
}

/**
 * When a command's events close the encounter (the last token falls, a Strength, E-Vac, the GM…),
 * an `encounter.ended` record follows them, so the log says how it ended and where the tokens
 * went. evolve ignores it; `after` is the state the events reach (decide's own fold).
 */
function withEncounterEnd(events: ThreeSixteenEvent[], after: ThreeSixteenState): ThreeSixteenEvent[] {
  const ended = after.lastEncounter;
  if (after.encounter || !ended) return events;
  const out: ThreeSixteenEvent[] = [
    ...events,
    {
      type: 'encounter.ended',
      reason: ended.endReason ?? 'gm',
      squadAlive: ended.pcs.some((id) => after.troopers[id]?.status === 'active'),
      pool: after.planet?.threat.pool ?? 0,
      planetCleared: after.planet?.cleared ?? false,
    },
  ];
  rememberFolded(out, after);
  return out;
}

function evolve(state: ThreeSixteenState, event: ThreeSixteenEvent | TableEvent): ThreeSixteenState {
  switch (event.type) {
    case 'seat.joined':
      return { ...state, seats: { ...state.seats, [event.seatId]: { role: event.role, name: event.name } } };
    case 'seat.renamed': {
      const seat = state.seats[event.seatId];
      if (!seat) return state;
      return { ...state, seats: { ...state.seats, [event.seatId]: { ...seat, name: event.name } } };
    }
    default: {
      const part = reducers.get(event.type);
      // An event type nobody knows (a newer log on older code) leaves the state as it was.
      return part ? part.evolve(state, event) : state;
    }
  }
}

/**
 * What one seat may see: everything except GM notes and whatever the GM marked secret, plus the
 * decisions the table is waiting for (so a client knows whose turn it is).
 */
export function viewOf(state: ThreeSixteenState, given: Seat) {
  const pending = pendingDecisions(state);
  const role = actingRole(state, given);
  const seat: Seat = role === given.role ? given : { ...given, role, seatRole: given.role };
  // `actingRole` tells the client which controls to show (a rotating GM's seat is a player seat).
  if (seesEverySecret(seat)) return { ...state, pending, actingRole: role };
  const shown = (entry: { readonly secret: boolean; readonly by?: string }) =>
    !entry.secret || seesSecret(seat, entry.by);
  // Ids are renumbered over what the seat sees: the log's own ids (and nextLogId) count every
  // entry, so gaps would tell a player how many secret lines there are and where.
  const log = numberedInOrder(state.log.filter(shown));
  return {
    ...state,
    chat: viewChat(state.chat, seat),
    gmNotes: numberedInOrder(state.gmNotes.filter((n) => seesSecret(seat, n.by))),
    log,
    nextLogId: log.length + 1,
    mission: state.mission && {
      ...state.mission,
      scenes: numberedInOrder(state.mission.scenes.filter(shown)),
    },
    pending,
    actingRole: role,
  };
}

/**
 * Copies of entries with another id, kept per entry and id: one seat's view of an entry is the
 * same object from one view to the next, so the view-patch diff stops at it (`===`) and a long
 * log costs no more to patch than before.
 */
const renumberedCopies = new WeakMap<object, Map<number, unknown>>();

/** `entries` with ids 1, 2, 3, … in order (the same list when they already are). */
function numberedInOrder<T extends { readonly id: number }>(entries: readonly T[]): readonly T[] {
  let out: T[] | null = null;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as T;
    const id = i + 1;
    if (entry.id === id) {
      if (out) out.push(entry);
      continue;
    }
    out ??= entries.slice(0, i);
    let copies = renumberedCopies.get(entry);
    if (!copies) {
      copies = new Map();
      renumberedCopies.set(entry, copies);
    }
    let copy = copies.get(id) as T | undefined;
    if (!copy) {
      copy = { ...entry, id };
      copies.set(id, copy);
    }
    out.push(copy);
  }
  return out ?? entries;
}

/** The table's own GM: every note and secret, whoever wrote it. */
function seesEverySecret(seat: Seat): boolean {
  return seat.role === 'gm' && !isStandInGm(seat);
}

/**
 * Whether `seat` may see a GM note or a secret entry written by seat `by`: the table's GM all of
 * them, a rotating GM the ones it wrote (a borrowed chair, not the regular GM's notebook), others none.
 */
function seesSecret(seat: Seat, by: string | undefined): boolean {
  return seesEverySecret(seat) || (seat.role === 'gm' && by === seat.seatId);
}

function redact(event: ThreeSixteenEvent | TableEvent, seat: Seat): { readonly type: string } | null {
  if (seesEverySecret(seat)) return event;
  if (isChatEvent(event)) return redactChat(event, seat);
  switch (event.type) {
    case 'gm.noted':
      return seesSecret(seat, event.by) ? event : null;
    case 'narration':
    case 'scene.added':
      return !event.secret || seesSecret(seat, event.by) ? event : null;
    default:
      return event;
  }
}

/**
 * The commands `seat` may send right now, each accepted by decide (placeholder text in free-text
 * fields). For the simulator and for UI buttons; `pendingDecisions` says who the table waits for.
 */
export function legalCommands(state: ThreeSixteenState, seat: Seat): ThreeSixteenCommand[] {
  // Probing each candidate needs only whether decide accepts it, not the fold for the end record.
  return legalFor(state, seat, decideCommand);
}

export { pendingDecisions };

export const threeSixteen: Ruleset<
  ThreeSixteenState,
  ThreeSixteenCommand,
  ThreeSixteenEvent,
  ThreeSixteenOptions
> = {
  id: 'three-sixteen',
  title: '3:16 Carnage Amongst the Stars',
  commandSchema,
  commandRoles,
  eventTypes: [...reducers.keys()] as ThreeSixteenEvent['type'][],
  eventSchemas: threeSixteenEventSchemas,
  eventProblem: threeSixteenEventProblem,
  setup,
  decide,
  evolve,
  view: viewOf,
  redact,
  actingRole,
};
