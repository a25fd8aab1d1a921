import { z } from 'zod';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext, Role, Ruleset, Seat, TableEvent } from '../../engine/ruleset.ts';
import {
  type ChatCommand,
  type ChatEvent,
  chatEventProblem,
  chatEventSchemas,
  evolveChat,
  isChatEvent,
} from '../dice-chat/chat.ts';
import { type CharacterCommand, characterCommands } from './characters.ts';
import { CHAT_EVENT_TYPES, chatCommands } from './chat.ts';
import { type ClockCommand, clockCommands } from './clock.ts';
import { type CombatCommand, combatCommands } from './combat.ts';
import { defaultPack, parsePack } from './data/pack.ts';
import { personalEventProblem, spaceEventProblem } from './event-problems.ts';
import { personalEventSchemas } from './event-schemas.ts';
import type { PersonalEvent } from './events.ts';
import { evolvePersonal } from './evolve.ts';
import { type IntrusionCommand, intrusionCommands } from './intrusion.ts';
import { type MedicineCommand, medicineCommands } from './medicine.ts';
import { type PackCommand, packCommands } from './pack-load.ts';
import type { CommandSpec } from './parts.ts';
import { type RiderCommand, riderCommands } from './riders.ts';
import { type RobotCommand, robotCommands } from './robots.ts';
import { spaceEventSchemas } from './space/event-schemas.ts';
import {
  decideSpace,
  decideSpaceWindow,
  evolveSpace,
  initialSpace,
  isSpaceEvent,
  redactSpace,
  SPACE_COMMAND_ROLES,
  SPACE_EVENT_TYPES,
  type SpaceCommand,
  type SpaceEvent,
  type SpaceWindowCommand,
  spaceCommandSchemas,
  viewSpace,
} from './space/index.ts';
import {
  initialState,
  type RhylanorState as PersonalState,
  type RhylanorOptions,
  ridingIn,
} from './state.ts';
import { type TaskCommand, taskCommands } from './tasks.ts';
import { type VehicleCombatCommand, vehicleCombatCommands } from './vehicle-combat.ts';
import { type MachineCommand, machineCommands } from './vehicles.ts';
import { redactPersonal, rollerOf, unseenWoundRolls, viewPersonal } from './view.ts';

/**
 * Rhylanor Express (classic Traveller house rules, seed 002): the parts below joined. Each part
 * brings its commands; evolve dispatches by event family. Space combat is its own slice
 * (`space/`), routed by the `space.` prefix of its command and event types.
 */

export type RhylanorState = PersonalState & { readonly space: import('./space/index.ts').SpaceState };
export type RhylanorCommand =
  | CharacterCommand
  | ClockCommand
  | TaskCommand
  | CombatCommand
  | MedicineCommand
  | IntrusionCommand
  | MachineCommand
  | RiderCommand
  | RobotCommand
  | VehicleCombatCommand
  | ChatCommand
  | PackCommand
  | SpaceCommand;
export type RhylanorEvent = PersonalEvent | ChatEvent | SpaceEvent;

const PERSONAL_PARTS: readonly (readonly CommandSpec[])[] = [
  characterCommands,
  clockCommands,
  taskCommands,
  combatCommands,
  medicineCommands,
  intrusionCommands,
  machineCommands,
  riderCommands,
  robotCommands,
  vehicleCombatCommands,
  packCommands,
];

const specs = new Map<string, CommandSpec<PersonalState, PersonalEvent | ChatEvent>>();
for (const part of [
  ...PERSONAL_PARTS,
  chatCommands as readonly CommandSpec<PersonalState, PersonalEvent | ChatEvent>[],
]) {
  for (const spec of part) {
    if (specs.has(spec.type)) throw new Error(`rhylanor-express: command ${spec.type} is defined twice`);
    specs.set(spec.type, spec);
  }
}

const allSchemas = [...[...specs.values()].map((s) => s.schema), ...spaceCommandSchemas] as unknown as [
  z.ZodObject<{ type: z.ZodLiteral<string> }>,
  ...z.ZodObject<{ type: z.ZodLiteral<string> }>[],
];
const commandSchema = z.discriminatedUnion('type', allSchemas) as unknown as z.ZodType<RhylanorCommand>;

const commandRoles = {
  ...Object.fromEntries([...specs.values()].map((s) => [s.type, s.roles])),
  ...SPACE_COMMAND_ROLES,
} as unknown as Readonly<Record<RhylanorCommand['type'], readonly Role[]>>;

export const PERSONAL_EVENT_TYPES = [
  'character.created',
  'character.updated',
  'character.skillGained',
  'character.advancementRolled',
  'chargen.rolled',
  'chargen.skillRolled',
  'chargen.fieldGained',
  'task.rolled',
  'pack.loaded',
  'window.opened',
  'pool.spent',
  'pool.passed',
  'window.closed',
  'pool.stagedUsed',
  'combat.started',
  'combat.spotted',
  'combat.rolledOff',
  'combat.ordered',
  'combat.moved',
  'combat.controlRolled',
  'combat.fired',
  'combat.meleeStruck',
  'combat.hits',
  'combat.unhurt',
  'combat.deviated',
  'character.wounded',
  'combat.phaseChanged',
  'combat.reloaded',
  'combat.moraleDue',
  'combat.leaderLost',
  'combat.moraleRolled',
  'combat.positioned',
  'combat.steadied',
  'combat.sought',
  'combat.indirectCalled',
  'combat.indirectLanded',
  'combat.coverPlaced',
  'combat.coverRemoved',
  'combat.ended',
  'medic.treated',
  'medic.preserved',
  'machine.added',
  'machine.damaged',
  'machine.repaired',
  'machine.boarded',
  'machine.alighted',
  'machine.reseated',
  'machine.crewAttacked',
  'research.started',
  'research.rolled',
  'disease.treated',
  'intrusion.rolled',
  'time.passed',
  'clock.deathRolled',
  'drug.taken',
  'drug.changed',
  'combat.vehicleJoined',
  'combat.driven',
  'combat.vehicleFired',
  'combat.dogfought',
  'combat.bombed',
  'combat.pointDefended',
  'combat.pointDefenceSet',
  'combat.vehicleReloaded',
] as const satisfies readonly PersonalEvent['type'][];

function setup(options: RhylanorOptions = {}): RhylanorState {
  const pack = options.pack === undefined ? defaultPack : parsePack(options.pack);
  return { ...initialState(pack), space: initialSpace() };
}

function decide(state: RhylanorState, command: RhylanorCommand, ctx: DecideContext): RhylanorEvent[] {
  if (command.type.startsWith('space.')) {
    const roles = (SPACE_COMMAND_ROLES as Readonly<Record<string, readonly Role[]>>)[command.type];
    if (!roles?.includes(ctx.actor.role)) {
      throw new RuleError('ROLE_NOT_ALLOWED', `a ${ctx.actor.role} may not send ${command.type}`, {
        role: ctx.actor.role,
      });
    }
    return decideSpace(state.space, command as SpaceCommand, ctx, state.pack.space);
  }
  const spec = specs.get(command.type);
  if (!spec)
    throw new RuleError('UNKNOWN_COMMAND', `there is no Rhylanor Express command called ${command.type}`);
  // The server checks roles first; checking again keeps decide safe for the CLI and tests.
  if (!spec.roles.includes(ctx.actor.role)) {
    throw new RuleError('ROLE_NOT_ALLOWED', `a ${ctx.actor.role} may not send ${command.type}`, {
      role: ctx.actor.role,
    });
  }
  const windowed = spaceWindowCommand(state, command);
  if (windowed) return decideSpaceWindow(state.space, windowed, ctx, state.pack.space);
  return markSecret(state, spec.decide(state, command as never, ctx));
}

/**
 * The pool window's commands are one set for both halves (§7.3, §6.4): `pool.spend` naming a ship
 * goes to the space roll; `pool.pass` and `window.close` go there when no firefight roll is open
 * and a space roll is (a firefight's open roll comes first: it holds its own fight up).
 */
function spaceWindowCommand(state: RhylanorState, command: RhylanorCommand): SpaceWindowCommand | null {
  switch (command.type) {
    case 'pool.spend':
      return command.ship === undefined
        ? null
        : {
            type: 'pool.spend',
            ship: command.ship,
            delta: command.delta,
            ...(command.rollIndex === undefined ? {} : { rollIndex: command.rollIndex }),
          };
    case 'pool.pass':
      return state.window === null && state.space.open !== null
        ? { type: 'pool.pass', ...(command.side === undefined ? {} : { side: command.side }) }
        : null;
    case 'window.close':
      return state.window === null && state.space.open !== null
        ? { type: 'window.close', ...(command.totals === undefined ? {} : { totals: command.totals }) }
        : null;
    default:
      return null;
  }
}

/**
 * Flags events about a secret NPC (`secret: true`), so `redact`, which sees no state, can keep
 * the sheet's numbers from players.
 */
function markSecret(
  state: RhylanorState,
  events: (PersonalEvent | ChatEvent)[],
): (PersonalEvent | ChatEvent)[] {
  let then = state.window?.after ?? null;
  const secretId = (id: string | null | undefined) => id != null && state.characters[id]?.secret === true;
  return events.map((e) => {
    let secret = false;
    switch (e.type) {
      case 'character.updated':
      case 'character.skillGained':
      case 'character.advancementRolled':
      case 'chargen.rolled':
      case 'chargen.skillRolled':
      case 'chargen.fieldGained':
      case 'task.rolled':
      case 'drug.taken':
      case 'drug.changed':
      case 'clock.deathRolled':
        secret = secretId(e.characterId);
        break;
      case 'combat.controlRolled':
        secret = secretId(e.id);
        break;
      case 'combat.dogfought':
      case 'combat.bombed':
        secret = secretId(e.pilotId);
        break;
      case 'combat.hits':
        secret = secretId(e.attackerId);
        break;
      case 'window.opened':
        then = e.after;
        secret = secretId(rollerOf(e.after));
        break;
      case 'window.closed':
        secret = then !== null && secretId(rollerOf(then));
        break;
    }
    // A concealed combatant's moves and placements keep his position from players.
    if (
      (e.type === 'combat.moved' || e.type === 'combat.positioned') &&
      state.combat?.combatants[e.id]?.concealed
    ) {
      if (!(e.type === 'combat.positioned' && e.concealed === false))
        return { ...e, hidden: true, ...seenBy(state, [e.id]) };
    }
    // An unfound man getting in or out of a vehicle in plain sight would show where he is; his own
    // seat (`seenBy`) knows where he is and reads it whole.
    if (
      (e.type === 'machine.boarded' || e.type === 'machine.alighted' || e.type === 'machine.reseated') &&
      unseenRider(state, e.characterId)
    )
      return { ...e, hidden: true, ...seenBy(state, [e.characterId]) };
    // A hit on a vehicle that reaches an unfound man aboard would say where he is.
    if (e.type === 'machine.crewAttacked') {
      const unseen = e.characterIds.filter((id) => unseenRider(state, id));
      if (unseen.length > 0) return { ...e, hidden: true, ...seenBy(state, unseen) };
    }
    // So would the wound rolls that follow it, on him (issue 15).
    const flagged = secret ? { ...e, secret: true as const } : e;
    if ((e.type === 'character.wounded' || e.type === 'combat.unhurt') && unseenAboard(state, e.characterId))
      return { ...flagged, hidden: true, ...seenBy(state, [e.characterId]) };
    if (e.type === 'window.opened' || e.type === 'window.closed') {
      const after = e.type === 'window.opened' ? e.after : then;
      const unseen = unseenWoundRolls(after, (id) => unseenAboard(state, id));
      if (unseen.length > 0 && after?.kind === 'wounds') {
        const unseenBy = unseen.map((i) => ownerOf(state, after.hits[i]?.targetId));
        return { ...flagged, unseen, ...(unseenBy.some((o) => o !== null) ? { unseenBy } : {}) };
      }
    }
    return flagged;
  });
}

/** The seat that plays a character (null: the referee's, as a secret NPC is). */
function ownerOf(state: RhylanorState, id: string | undefined): string | null {
  return (id !== undefined && state.characters[id]?.owner) || null;
}

/**
 * `seenBy` for an event about unseen men: the one seat that owns them all, whose copy may name
 * them (they are his own); none when a secret NPC or another player's man is among them.
 */
function seenBy(state: RhylanorState, ids: readonly string[]): { seenBy?: string } {
  const owners = new Set(ids.map((id) => ownerOf(state, id)));
  const [only] = owners;
  return owners.size === 1 && typeof only === 'string' ? { seenBy: only } : {};
}

/** A man aboard a vehicle whom players may not see. */
function unseenAboard(state: RhylanorState, id: string): boolean {
  return ridingIn(state, id) !== null && unseenRider(state, id);
}

/** A rider players may not see: concealed in the fight, or a secret NPC who is in no fight. */
function unseenRider(state: RhylanorState, id: string): boolean {
  const inFight = state.combat?.combatants[id];
  if (inFight) return inFight.concealed;
  return state.characters[id]?.secret === true;
}

function evolve(state: RhylanorState, event: RhylanorEvent | TableEvent): RhylanorState {
  switch (event.type) {
    case 'seat.joined':
      return { ...state, seats: { ...state.seats, [event.seatId]: { role: event.role, name: event.name } } };
    case 'seat.renamed': {
      const seat = state.seats[event.seatId];
      if (!seat) return state;
      return { ...state, seats: { ...state.seats, [event.seatId]: { ...seat, name: event.name } } };
    }
  }
  if (isChatEvent(event)) return { ...state, chat: evolveChat(state.chat, event) };
  if (isSpaceEvent(event)) return { ...state, space: evolveSpace(state.space, event) };
  if (!KNOWN.has(event.type)) return state;
  return evolvePersonal(state, event as PersonalEvent) as RhylanorState;
}

const KNOWN = new Set<string>(PERSONAL_EVENT_TYPES);

function view(state: RhylanorState, seat: Seat): unknown {
  return { ...viewPersonal(state, seat), space: viewSpace(state.space, seat) };
}

function redact(event: RhylanorEvent | TableEvent, seat: Seat): { readonly type: string } | null {
  if (event.type === 'seat.joined' || event.type === 'seat.renamed') return event;
  if (isSpaceEvent(event)) return redactSpace(event, seat);
  return redactPersonal(event as PersonalEvent | ChatEvent, seat);
}

export const rhylanorExpress: Ruleset<RhylanorState, RhylanorCommand, RhylanorEvent, RhylanorOptions> = {
  id: 'rhylanor-express',
  title: 'Rhylanor Express',
  commandSchema,
  commandRoles,
  // A whole data pack travels in one message (an edited pack is larger than an ordinary frame).
  bulkCommands: ['pack.load'],
  eventTypes: [...PERSONAL_EVENT_TYPES, ...CHAT_EVENT_TYPES, ...SPACE_EVENT_TYPES] as RhylanorEvent['type'][],
  // Every event's contents are checked on import (a tampered log is refused, not folded); the
  // embedded chat's numbering as the dice chat's is.
  eventSchemas: { ...chatEventSchemas, ...personalEventSchemas, ...spaceEventSchemas },
  // And each event must name what the table holds (a fight, a character, a ship, an open roll).
  eventProblem: (state, event) => {
    if (isChatEvent(event)) return chatEventProblem(state.chat, event);
    if (isSpaceEvent(event)) return spaceEventProblem(state.space, event);
    return personalEventProblem(state, event as PersonalEvent);
  },
  setup,
  decide,
  evolve,
  view,
  redact,
};
