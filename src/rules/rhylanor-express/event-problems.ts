import type { Character } from './character.ts';
import type { PersonalEvent } from './events.ts';
import type { SpaceEvent } from './space/events.ts';
import type { SpaceState } from './space/model.ts';
import type { RhylanorState } from './state.ts';

/**
 * Whether an event could follow the state (`Ruleset.eventProblem`), so that an import refuses an
 * event naming a thing the table lacks (a wound on nobody, a shot in no fight, a pool point on no
 * open roll) instead of replaying it without effect. The shapes are `event-schemas.ts`'s job;
 * here only the places an event points at.
 */

/** Fields that name a character. */
const CHARACTER_FIELDS = [
  'characterId',
  'defenderId',
  'gunnerId',
  'pilotId',
  'medicId',
  'patientId',
  'technicianId',
] as const;
/**
 * Fields that name a character or a machine (a vehicle shoots and is shot at too; a robot fires,
 * strikes and looks).
 */
const BODY_FIELDS = ['attackerId', 'targetId', 'shooterId', 'spotterId', 'seekerId'] as const;

/**
 * Events that belong to a running fight (besides the one that starts it). A wound roll's
 * "unhurt" does not: the referee's `machine.hit` on a crewed vehicle rolls wounds outside one.
 */
const needsFight = (type: string) =>
  type.startsWith('combat.') && type !== 'combat.started' && type !== 'combat.unhurt';

export function personalEventProblem(state: RhylanorState, event: PersonalEvent): string | null {
  const f = event as unknown as Record<string, unknown>;
  for (const key of CHARACTER_FIELDS) {
    const id = f[key];
    if (typeof id === 'string' && !state.characters[id]) return `${key} ${id} names no character`;
  }
  for (const key of BODY_FIELDS) {
    const id = f[key];
    if (typeof id === 'string' && !state.characters[id] && !state.machines[id])
      return `${key} ${id} names no character or machine`;
  }
  if (typeof f.machineId === 'string' && !state.machines[f.machineId])
    return `machineId ${f.machineId} names no machine`;
  const combat = state.combat;
  if (needsFight(event.type)) {
    if (!combat) return `${event.type} needs a running fight`;
    if (typeof f.id === 'string' && !combat.combatants[f.id]) return `${f.id} is not in the fight`;
  }
  switch (event.type) {
    case 'character.created':
      return state.characters[event.character.id] ? `${event.character.id} already exists` : null;
    case 'machine.added':
      return state.machines[event.machine.id] ? `${event.machine.id} already exists` : null;
    case 'research.started':
      return state.research[event.research.id] ? `research ${event.research.id} already exists` : null;
    case 'research.rolled':
      return state.research[event.researchId] ? null : `there is no research ${event.researchId}`;
    case 'disease.treated':
      if (!state.research[event.researchId]) return `there is no research ${event.researchId}`;
      return state.characters[event.patientId] ? null : `${event.patientId} names no character`;
    case 'combat.started':
      if (combat) return 'a fight is already running';
      for (const id of Object.keys(event.combat.combatants))
        if (!state.characters[id] && !state.machines[id]) return `${id} names no character or machine`;
      return null;
    case 'combat.vehicleJoined':
      return state.machines[event.combatant.id] ? null : `${event.combatant.id} names no machine`;
    case 'combat.fired':
      if (event.port && !state.machines[event.port.machineId])
        return `port.machineId ${event.port.machineId} names no machine`;
      for (const t of event.targets)
        if (!combat?.combatants[t.targetId]) return `${t.targetId} is not in the fight`;
      return null;
    case 'combat.vehicleFired':
      for (const t of event.targets)
        if (!combat?.combatants[t.targetId]) return `${t.targetId} is not in the fight`;
      return null;
    case 'machine.boarded':
      return state.machines[event.machineId]?.riders?.some((r) => r.characterId === event.characterId)
        ? `${event.characterId} is already aboard`
        : placeProblem(state, event);
    case 'machine.alighted':
      return state.machines[event.machineId]?.riders?.some((r) => r.characterId === event.characterId)
        ? null
        : `${event.characterId} is not aboard ${event.machineId}`;
    case 'machine.reseated':
      return state.machines[event.machineId]?.riders?.some((r) => r.characterId === event.characterId)
        ? placeProblem(state, event)
        : `${event.characterId} is not aboard ${event.machineId}`;
    case 'combat.reloaded':
      return weaponProblem(state.characters[event.id], event.weaponIndex);
    case 'pack.loaded':
      // As `pack.load` refuses (PACK_MID_FIGHT): a fight reads the pack it started with.
      return combat || state.window ? 'a new data pack while a fight is running' : null;
    case 'window.opened':
      return state.window ? 'another roll already waits for pool points' : null;
    case 'pool.spent':
      // Points spent while no roll is open wait for the next roll (before the dice).
      if (event.rollIndex === null) return null;
      return state.window && event.rollIndex < state.window.rolls.length
        ? null
        : `no open roll ${event.rollIndex} waits for pool points`;
    case 'pool.passed':
    case 'window.closed':
      return state.window ? null : 'no roll waits for pool points';
    case 'clock.deathRolled':
      return woundProblem(state.characters[event.characterId], event.woundId);
    case 'medic.treated':
    case 'medic.preserved':
      return woundProblem(state.characters[event.patientId], event.woundId);
    case 'drug.changed': {
      const c = state.characters[event.characterId];
      return c?.drugs?.[event.index] ? null : `${event.characterId} took no dose ${event.index}`;
    }
    default:
      return null;
  }
}

function woundProblem(c: Character | undefined, woundId: number): string | null {
  if (!c) return 'it names no character';
  return c.wounds.some((w) => w.id === woundId) ? null : `${c.name} has no wound ${woundId}`;
}

function weaponProblem(c: Character | undefined, index: number): string | null {
  if (!c) return null; // a vehicle's id: vehicles keep no magazines here
  return c.weapons[index] ? null : `${c.name} carries no weapon ${index}`;
}

/** Events of the space half whose `target` is not a ship (a ground target is the referee's words). */
const NON_SHIP_TARGETS = new Set<string>(['space.ground.fired']);

export function spaceEventProblem(space: SpaceState, event: SpaceEvent): string | null {
  if (event.type === 'space.ship.added')
    return space.ships[event.ship.id] ? `ship ${event.ship.id} is already in play` : null;
  const f = event as unknown as Record<string, unknown>;
  if (typeof f.ship === 'string' && !space.ships[f.ship]) return `ship ${f.ship} is not in play`;
  if (typeof f.target === 'string' && !NON_SHIP_TARGETS.has(event.type) && !space.ships[f.target])
    return `target ${f.target} is not a ship in play`;
  switch (event.type) {
    case 'space.roll.opened':
      if (space.open) return 'another roll already waits for pool points';
      if (!space.ships[event.shot.ship] || !space.ships[event.shot.target])
        return 'its roll names a ship not in play';
      return null;
    case 'space.pool.added':
    case 'space.roll.passed':
    case 'space.roll.closed':
      return space.open ? null : 'no roll waits for pool points';
    case 'space.missile.struck':
      return space.missiles.some((m) => m.id === event.missile)
        ? null
        : `there is no missile ${event.missile}`;
    case 'space.missiles.removed':
      for (const id of event.missiles)
        if (!space.missiles.some((m) => m.id === id)) return `there is no missile ${id}`;
      return null;
    default:
      return null;
  }
}

/** A numbered seat is a passenger's, within the vehicle's capacity, and held by nobody else (riders.ts `placeFor`). */
function placeProblem(
  state: RhylanorState,
  event: { machineId: string; characterId: string; seat: string; place?: number },
): string | null {
  if (event.place === undefined) return null;
  if (event.seat !== 'passenger') return `a ${event.seat}'s seat is not numbered`;
  const m = state.machines[event.machineId];
  const capacity = state.pack.vehicles.find((v) => v.id === m?.packId)?.capacity ?? 0;
  if (event.place > capacity) return `${event.machineId} has seats 1 to ${capacity}`;
  return m?.riders?.some((r) => r.characterId !== event.characterId && r.place === event.place)
    ? `seat ${event.place} of ${event.machineId} is taken`
    : null;
}
