import type { TableEvent } from '../../engine/ruleset.ts';
import { evolveChat, isChatEvent } from '../dice-chat/chat.ts';
import { pendingAfter } from './combat/attack.ts';
import { battleAfter, endTurn, endTurnOfVehicle } from './combat/flow.ts';
import type { EliteUnitEvent, Patch, VehiclePatch } from './events.ts';
import type { Battle, Character, EliteUnitState, VehicleInScene } from './state.ts';

/**
 * Folds one event in: pure, no dice, no rules re-run. Copies only along the changed path, so a
 * long fight replays in O(events) (no growing array is copied per event).
 */

function applyPatches(
  characters: EliteUnitState['characters'],
  patches: readonly Patch[],
): EliteUnitState['characters'] {
  if (patches.length === 0) return characters;
  const next: Record<string, Character> = { ...characters };
  for (const p of patches) {
    const c = next[p.id];
    if (c) next[p.id] = { ...c, ...p.set };
  }
  return next;
}

function applyVehicles(
  vehicles: EliteUnitState['vehicles'],
  patches: readonly VehiclePatch[] | undefined,
): EliteUnitState['vehicles'] {
  if (!patches || patches.length === 0) return vehicles;
  const next: Record<string, VehicleInScene> = { ...vehicles };
  for (const p of patches) {
    const v = next[p.id];
    if (v) next[p.id] = { ...v, ...p.set };
  }
  return next;
}

/** Counts an action against the acting slot (outside a battle, actions are free play). */
function spend(battle: Battle | null, who: string | undefined): Battle | null {
  if (!battle || who === undefined) return battle;
  if (battle.order[battle.slot]?.id !== who) return battle;
  return { ...battle, actionsUsed: battle.actionsUsed + 1 };
}

/** A snapshot to undo the resolution this event starts (references only: structural sharing). */
function snapshot(state: EliteUnitState, what: string): EliteUnitState['undo'] {
  return {
    characters: state.characters,
    battle: state.battle,
    pending: state.pending,
    pendingSave: state.pendingSave,
    vehicles: state.vehicles,
    what,
    questions: state.questions,
  };
}

/** Character changes that start a resolution the GM may take back (besides attacks). */
const UNDOABLE = new Set([
  'gm.set',
  'fate',
  'ram',
  'time',
  'poison',
  'cast',
  'crash',
  'drop',
  'firstAid',
  'birthday',
  'surgery',
]);

export function evolveState(state: EliteUnitState, event: EliteUnitEvent | TableEvent): EliteUnitState {
  if (isChatEvent(event)) return { ...state, chat: evolveChat(state.chat, event) };
  switch (event.type) {
    case 'seat.joined':
      return { ...state, seats: { ...state.seats, [event.seatId]: { role: event.role, name: event.name } } };
    case 'seat.renamed': {
      const seat = state.seats[event.seatId];
      return seat
        ? { ...state, seats: { ...state.seats, [event.seatId]: { ...seat, name: event.name } } }
        : state;
    }
    case 'pack.loaded':
      return { ...state, pack: event.pack };
    case 'character.added':
      return {
        ...state,
        characters: { ...state.characters, [event.character.id]: event.character },
        roster: [...state.roster, event.character.id],
        counters: { ...state.counters, character: state.counters.character + 1 },
      };
    case 'character.removed': {
      const { [event.id]: _gone, ...characters } = state.characters;
      // Whoever leaves the table leaves any vehicle too (no seat held by nobody).
      let vehicles = state.vehicles;
      for (const v of Object.values(state.vehicles))
        if (v.driverId === event.id || v.occupants.some((o) => o.id === event.id))
          vehicles = applyVehicles(vehicles, [
            {
              id: v.id,
              set: {
                driverId: v.driverId === event.id ? null : v.driverId,
                occupants: v.occupants.filter((o) => o.id !== event.id),
              },
            },
          ]);
      return { ...state, characters, vehicles, roster: state.roster.filter((x) => x !== event.id) };
    }
    case 'character.changed': {
      const undo = UNDOABLE.has(event.reason) ? snapshot(state, event.reason) : state.undo;
      return {
        ...state,
        undo,
        characters: applyPatches(state.characters, event.patches),
        vehicles: applyVehicles(state.vehicles, event.vehicles),
        battle: spend(state.battle, event.spendsAction),
      };
    }
    case 'vehicle.added':
      return { ...state, vehicles: { ...state.vehicles, [event.vehicle.id]: event.vehicle } };
    case 'vehicle.removed': {
      const { [event.id]: _gone, ...vehicles } = state.vehicles;
      return { ...state, vehicles };
    }
    case 'vehicle.changed':
      return { ...state, vehicles: applyVehicles(state.vehicles, event.vehicles) };
    case 'battle.started':
      return {
        ...state,
        battle: { turn: 1, order: event.entries, slot: 0, actionsUsed: 0, waiting: [] },
        questions: event.ties.length > 0 ? state.questions : state.questions,
      };
    case 'battle.joined': {
      const b = state.battle;
      if (!b) return state;
      const order = [...b.order.slice(0, event.index), event.entry, ...b.order.slice(event.index)];
      const slot = event.index <= b.slot ? b.slot + 1 : b.slot;
      return {
        ...state,
        battle: { ...b, order, slot, waiting: event.waits ? [...b.waiting, event.entry.id] : b.waiting },
      };
    }
    case 'battle.reordered': {
      const b = state.battle;
      if (!b) return state;
      const byId = new Map(b.order.map((e) => [e.id, e]));
      const order = event.order.map((id) => byId.get(id)).filter((e) => e !== undefined);
      return {
        ...state,
        battle: { ...b, order },
        questions: state.questions.filter((q) => q.kind !== 'tieOrder'),
      };
    }
    case 'battle.ended':
      return {
        ...state,
        battle: null,
        pending: null,
        pendingSave: null,
        questions: state.questions.filter((q) => q.kind !== 'tieOrder'),
      };
    case 'slot.advanced': {
      const b = state.battle;
      return b ? { ...state, battle: battleAfter(b, event) } : state;
    }
    case 'turn.ended': {
      const b = state.battle;
      if (!b) return state;
      let characters: Record<string, Character> | null = null;
      for (const entry of b.order) {
        const c = (characters ?? state.characters)[entry.id];
        if (!c) continue;
        const next = endTurn(c);
        if (next !== c) {
          characters ??= { ...state.characters };
          characters[entry.id] = next;
        }
      }
      let vehicles = state.vehicles;
      for (const id in state.vehicles) {
        const v = state.vehicles[id] as VehicleInScene;
        const next = endTurnOfVehicle(v);
        if (next !== v) vehicles = { ...vehicles, [id]: next };
      }
      return {
        ...state,
        characters: characters ?? state.characters,
        vehicles,
        battle: battleAfter(b, event),
      };
    }
    case 'attack.declared':
      return {
        ...state,
        undo: snapshot(state, `attack ${event.attackId}`),
        characters: applyPatches(state.characters, event.patches),
        vehicles: applyVehicles(state.vehicles, event.vehicles),
        battle: spend(state.battle, event.spendsAction),
        pending: event.pending,
        counters: { ...state.counters, attack: state.counters.attack + 1 },
      };
    case 'attack.resolved':
      return {
        ...state,
        characters: applyPatches(state.characters, event.patches),
        vehicles: applyVehicles(state.vehicles, event.vehicles),
        pending: pendingAfter(state.pending, event.attackId, event.damage),
      };
    case 'question.asked':
      return {
        ...state,
        questions: [...state.questions, event.question],
        counters: { ...state.counters, question: state.counters.question + 1 },
      };
    case 'question.answered':
      return {
        ...state,
        characters: applyPatches(state.characters, event.patches),
        questions: state.questions.filter((q) => q.id !== event.questionId),
      };
    case 'resolution.undone': {
      const u = state.undo;
      if (!u) return state;
      return {
        ...state,
        characters: u.characters,
        battle: u.battle,
        pending: u.pending,
        pendingSave: u.pendingSave,
        vehicles: u.vehicles,
        questions: u.questions,
        undo: null,
      };
    }
    case 'save.asked':
      return {
        ...state,
        pendingSave: event.pending,
        counters: { ...state.counters, save: state.counters.save + 1 },
      };
    case 'save.resolved':
      return {
        ...state,
        characters: applyPatches(state.characters, event.patches),
        pendingSave: null,
      };
    case 'save.rolled':
    case 'opposed.rolled':
    case 'table.rolled':
      return state;
    default:
      return state;
  }
}
