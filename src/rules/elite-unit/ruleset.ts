import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext, Role, Ruleset, TableEvent } from '../../engine/ruleset.ts';
import { decideChat } from '../dice-chat/chat.ts';
import { withFlow } from './combat/flow.ts';
import { COMMAND_ROLES, type CommandOf, commandSchema, type EliteUnitCommand } from './commands.ts';
import { defaultPack } from './data/pack.ts';
import {
  decideAct,
  decideAim,
  decideFirstAid,
  decideHold,
  decideRefill,
  decideReload,
  decideTap,
} from './decide/actions.ts';
import { decideAttack, decideDefend, decideDrop, decideThrow } from './decide/attack.ts';
import {
  decideBattleEnd,
  decideBattleJoin,
  decideBattleOrder,
  decideBattleStart,
  decideSlotEnd,
} from './decide/battle.ts';
import {
  decideAdd,
  decideAssign,
  decideGmSet,
  decidePackLoad,
  decideRemove,
  decideReveal,
} from './decide/characters.ts';
import { decideBystanders, decideLetOff, decideUndo } from './decide/gm.ts';
import { decideCast, decideEnergyBlast, decideResist } from './decide/magic.ts';
import { decideOpposed, decideSave, decideSneak, decideTableRoll } from './decide/rolls.ts';
import { decideBirthday, decideFate, decidePoison, decideSurgery, decideTimePass } from './decide/time.ts';
import {
  decideBoard,
  decideContest,
  decideCrash,
  decideDrive,
  decideLeave,
  decideRam,
  decideRisky,
  decideVehicleAdd,
  decideVehicleRemove,
} from './decide/vehicles.ts';
import { eliteUnitEventProblem, eliteUnitEventSchemas } from './event-schemas.ts';
import type { EliteUnitEvent } from './events.ts';
import { evolveState } from './evolve.ts';
import { type EliteUnitOptions, type EliteUnitState, initialState } from './state.ts';
import { markSecrets, redactEvent, viewOf } from './view.ts';

/** Elite Unit (seed 003) as a pure ruleset: one decide function per command, joined here. */

type Decider<T extends EliteUnitCommand['type']> = (
  state: EliteUnitState,
  command: CommandOf<T>,
  ctx: DecideContext,
) => EliteUnitEvent[];

const DECIDERS: { readonly [T in EliteUnitCommand['type']]: Decider<T> } = {
  'chat.roll': (s, c, ctx) => decideChat(s.chat, c, ctx),
  'chat.say': (s, c, ctx) => decideChat(s.chat, c, ctx),
  'chat.reveal': (s, c, ctx) => decideChat(s.chat, c, ctx),
  'character.add': decideAdd,
  'character.remove': decideRemove,
  'character.assign': decideAssign,
  'character.reveal': decideReveal,
  'gm.set': decideGmSet,
  'pack.load': decidePackLoad,
  'battle.start': decideBattleStart,
  'battle.join': decideBattleJoin,
  'battle.order': decideBattleOrder,
  'battle.end': decideBattleEnd,
  'slot.end': decideSlotEnd,
  attack: decideAttack,
  defend: decideDefend,
  throw: decideThrow,
  'object.drop': decideDrop,
  reload: decideReload,
  refill: decideRefill,
  aim: decideAim,
  hold: decideHold,
  act: decideAct,
  firstAid: decideFirstAid,
  tap: decideTap,
  cast: decideCast,
  energyBlast: decideEnergyBlast,
  resist: decideResist,
  save: decideSave,
  opposed: decideOpposed,
  sneak: decideSneak,
  'table.roll': decideTableRoll,
  'gm.undo': decideUndo,
  'gm.bystanders': decideBystanders,
  'gm.letOff': decideLetOff,
  'time.pass': decideTimePass,
  'poison.dose': decidePoison,
  birthday: decideBirthday,
  'gm.fate': decideFate,
  'vehicle.add': decideVehicleAdd,
  'vehicle.remove': decideVehicleRemove,
  'vehicle.board': decideBoard,
  'vehicle.leave': decideLeave,
  'vehicle.drive': decideDrive,
  'vehicle.contest': decideContest,
  'vehicle.risky': decideRisky,
  'vehicle.crash': decideCrash,
  'vehicle.ram': decideRam,
  surgery: decideSurgery,
};

/** Commands whose events never move the battle on (the table's talk, GM bookkeeping). */
const NO_FLOW = new Set<string>([
  'chat.roll',
  'chat.say',
  'chat.reveal',
  'gm.undo',
  'battle.end',
  'slot.end',
  'pack.load',
]);

function setup(options: EliteUnitOptions | undefined): EliteUnitState {
  return initialState(options?.pack ?? defaultPack);
}

/** The commands' own events plus the battle's automatic steps, and the state they reach. */
export function decideAndFold(
  state: EliteUnitState,
  command: EliteUnitCommand,
  ctx: DecideContext,
): { events: EliteUnitEvent[]; after: EliteUnitState } {
  const roles = COMMAND_ROLES[command.type];
  if (!roles) throw new RuleError('UNKNOWN_COMMAND', `there is no Elite Unit command called ${command.type}`);
  if (!roles.includes(ctx.actor.role))
    throw new RuleError('ROLE_NOT_ALLOWED', `a ${ctx.actor.role} may not send ${command.type}`, {
      role: ctx.actor.role,
    });
  const decider = DECIDERS[command.type] as Decider<typeof command.type>;
  const events = decider(state, command, ctx);
  if (NO_FLOW.has(command.type)) {
    let after = state;
    for (const e of events) after = evolveState(after, e);
    return { events: markSecrets(state, events), after };
  }
  const flowed = withFlow(state, events);
  return { events: markSecrets(state, flowed.events), after: flowed.after };
}

function decide(state: EliteUnitState, command: EliteUnitCommand, ctx: DecideContext): EliteUnitEvent[] {
  return decideAndFold(state, command, ctx).events;
}

function evolve(state: EliteUnitState, event: EliteUnitEvent | TableEvent): EliteUnitState {
  return evolveState(state, event);
}

const EVENT_TYPES: readonly EliteUnitEvent['type'][] = [
  'chat.rolled',
  'chat.said',
  'chat.revealed',
  'pack.loaded',
  'character.added',
  'character.removed',
  'character.changed',
  'vehicle.added',
  'vehicle.removed',
  'vehicle.changed',
  'battle.started',
  'battle.joined',
  'battle.reordered',
  'battle.ended',
  'slot.advanced',
  'turn.ended',
  'attack.declared',
  'attack.resolved',
  'question.asked',
  'question.answered',
  'resolution.undone',
  'save.rolled',
  'save.asked',
  'save.resolved',
  'opposed.rolled',
  'table.rolled',
];

export const eliteUnit: Ruleset<
  EliteUnitState,
  EliteUnitCommand,
  EliteUnitEvent,
  EliteUnitOptions | undefined
> = {
  id: 'elite-unit',
  title: 'Elite Unit',
  commandSchema: commandSchema as unknown as Ruleset<
    EliteUnitState,
    EliteUnitCommand,
    EliteUnitEvent
  >['commandSchema'],
  commandRoles: COMMAND_ROLES as Readonly<Record<EliteUnitCommand['type'], readonly Role[]>>,
  // A whole data pack: an edited one is soon over the ordinary message limit.
  bulkCommands: ['pack.load'],
  eventTypes: EVENT_TYPES,
  // Every event's contents and place are checked on import (event-schemas.ts).
  eventSchemas: eliteUnitEventSchemas,
  eventProblem: eliteUnitEventProblem,
  setup,
  decide,
  evolve,
  view: viewOf,
  redact: redactEvent,
};
