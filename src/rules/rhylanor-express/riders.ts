import { z } from 'zod';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext, Seat } from '../../engine/ruleset.ts';
import { distance, requirePhase, requirePhasing } from './combat.ts';
import type { PersonalEvent } from './events.ts';
import {
  type CommandSpec,
  defineCommand,
  GM,
  GM_AND_PLAYERS,
  requireFit,
  requireNoWindow,
  requireOwn,
} from './parts.ts';
import { type Combatant, type Machine, type RhylanorState, type Rider, ridingIn, SEATS } from './state.ts';
import { seesMan } from './view.ts';

/**
 * Who rides in a vehicle (§7.7, §7.13): getting in and out, the driver's and gunners' seats, and
 * what the crew suffer when the vehicle is hit. Capacity is the pack's (`capacity`, Bughunt's own
 * numbers: the book gives none). In a fight, getting in or out is the man's move for the turn,
 * made in his side's movement phase within the pack's `rules.boardingReach` of the vehicle.
 */

const machineId = z.string().regex(/^m[0-9]{1,5}$/);
const characterId = z.string().regex(/^c[0-9]{1,5}$/);
const metres = z.number().min(-100000).max(100000);
/** A passenger's numbered seat (left out: the lowest free one). */
const place = z.number().int().min(1).max(1000).optional();

const schemas = {
  board: z.strictObject({
    type: z.literal('machine.board'),
    machineId,
    characterId,
    seat: z.enum(SEATS).default('passenger'),
    place,
  }),
  alight: z.strictObject({
    type: z.literal('machine.alight'),
    machineId,
    characterId,
    /** Where he steps out in a fight (left out: beside the vehicle, at its place). */
    x: metres.optional(),
    y: metres.optional(),
  }),
  /** The referee moves a man aboard to another seat (the book has no rule: the referee's call). */
  seat: z.strictObject({
    type: z.literal('machine.seat'),
    machineId,
    characterId,
    seat: z.enum(SEATS),
    place,
  }),
} as const;

export type RiderCommand = z.output<(typeof schemas)[keyof typeof schemas]>;

function requireVehicle(state: RhylanorState, id: string): Machine {
  const m = state.machines[id];
  if (m?.kind !== 'vehicle')
    throw new RuleError('UNKNOWN_MACHINE', `there is no vehicle ${id}`, { machineId: id });
  if (m.destroyed) throw new RuleError('DESTROYED', `${m.name} is destroyed`);
  return m;
}

/** Weapon slots a vehicle has (main, then minor): one gunner's seat each. */
function gunnerSeats(state: RhylanorState, m: Machine): number {
  const v = state.pack.vehicles.find((x) => x.id === m.packId);
  if (!v) return 0;
  return (v.mainWeapon ? 1 : 0) + v.minorWeapons.length;
}

/** In a fight: his move for the turn, in his side's movement phase, near the vehicle. */
function fightStep(
  state: RhylanorState,
  m: Machine,
  who: string,
  to: { x: number; y: number } | null,
  what: string,
): void {
  const combat = state.combat;
  if (!combat) return;
  const man = combat.combatants[who];
  const vehicle = combat.combatants[m.id];
  if (!man || !vehicle) return;
  requirePhase(combat, ['movement'], what);
  requirePhasing(combat, man, what);
  if (man.optionTurn === combat.turn && man.option !== null)
    throw new RuleError('ALREADY_DONE', `${state.characters[who]?.name ?? who} has moved this turn`);
  if (vehicle.side !== man.side) throw new RuleError('NOT_YOUR_SIDE', `${m.name} is the enemy's`);
  const reach = state.pack.rules.boardingReach;
  const gap = distance(to ?? man, vehicle);
  if (gap > reach + 1e-9)
    throw new RuleError('TOO_FAR', `${what} is done within ${reach} m of ${m.name}`, { max: reach });
}

/** One driver's seat, one gunner's seat a weapon; passengers fill what capacity is left. */
function requireSeatFree(
  state: RhylanorState,
  m: Machine,
  others: readonly Rider[],
  seat: (typeof SEATS)[number],
): void {
  if (seat === 'driver' && others.some((r) => r.seat === 'driver'))
    throw new RuleError('SEAT_TAKEN', `${m.name} already has a driver`);
  if (seat === 'gunner' && others.filter((r) => r.seat === 'gunner').length >= gunnerSeats(state, m))
    throw new RuleError('SEAT_TAKEN', `every weapon of ${m.name} already has a gunner`);
}

/**
 * The numbered seat a passenger takes (reading: the book numbers no seats): 1 up to the pack's
 * `capacity`, the one asked for if free, else the lowest free. The driver's and gunners' seats are
 * not numbered. A seat held by a man the actor cannot see (an unfound man, a secret NPC: view.ts
 * leaves him out, so the seat shows free) is not refused, as a refusal would tell that someone
 * unseen is there: the boarder takes the lowest seat really free instead (reading, issue 15).
 */
function placeFor(
  state: RhylanorState,
  m: Machine,
  others: readonly Rider[],
  seat: (typeof SEATS)[number],
  asked: number | undefined,
  actor: Seat,
): { place?: number } {
  if (seat !== 'passenger') {
    if (asked !== undefined) throw new RuleError('INVALID_VALUE', 'only passengers’ seats are numbered');
    return {};
  }
  const capacity = state.pack.vehicles.find((v) => v.id === m.packId)?.capacity ?? 0;
  const held = new Set(others.map((r) => r.place));
  if (asked !== undefined) {
    if (asked > capacity)
      throw new RuleError('INVALID_VALUE', `${m.name} has seats 1 to ${capacity}`, { capacity });
    const holder = others.find((r) => r.place === asked);
    if (!holder) return { place: asked };
    if (seesMan(state, actor, holder.characterId))
      throw new RuleError('SEAT_TAKEN', `seat ${asked} of ${m.name} is taken`);
  }
  for (let n = 1; n <= capacity; n++) if (!held.has(n)) return { place: n };
  return {};
}

/** A rider of a closed vehicle who shows himself at a firing port (combat.ts `fire`). */
function atPort(state: RhylanorState, m: Machine, man: Combatant): boolean {
  const openTop = state.pack.vehicles.find((v) => v.id === m.packId)?.openTop ?? false;
  return !openTop && !man.fullCover && man.cover >= state.pack.rules.firingPortCover;
}

function board(
  state: RhylanorState,
  cmd: z.output<typeof schemas.board>,
  ctx: DecideContext,
): PersonalEvent[] {
  requireNoWindow(state);
  const m = requireVehicle(state, cmd.machineId);
  const c = requireOwn(state, ctx, cmd.characterId);
  requireFit(c);
  const aboard = ridingIn(state, c.id);
  if (aboard) throw new RuleError('ALREADY_ABOARD', `${c.name} rides in ${aboard.name}`);
  const riders = m.riders ?? [];
  const capacity = state.pack.vehicles.find((v) => v.id === m.packId)?.capacity ?? 0;
  if (riders.length >= capacity)
    throw new RuleError('VEHICLE_FULL', `${m.name} holds ${capacity}`, { capacity });
  requireSeatFree(state, m, riders, cmd.seat);
  const place = placeFor(state, m, riders, cmd.seat, cmd.place, ctx.actor);
  fightStep(state, m, c.id, null, 'getting in');
  return [{ type: 'machine.boarded', machineId: m.id, characterId: c.id, seat: cmd.seat, ...place }];
}

function alight(
  state: RhylanorState,
  cmd: z.output<typeof schemas.alight>,
  ctx: DecideContext,
): PersonalEvent[] {
  requireNoWindow(state);
  const m = state.machines[cmd.machineId];
  if (m?.kind !== 'vehicle') throw new RuleError('UNKNOWN_MACHINE', `there is no vehicle ${cmd.machineId}`);
  const c = requireOwn(state, ctx, cmd.characterId);
  if (!m.riders?.some((r) => r.characterId === c.id))
    throw new RuleError('NOT_ABOARD', `${c.name} is not in ${m.name}`);
  if ((cmd.x === undefined) !== (cmd.y === undefined))
    throw new RuleError('INVALID_VALUE', 'give both x and y');
  const at = state.combat?.combatants[m.id];
  const inFight = at !== undefined && state.combat?.combatants[c.id] !== undefined;
  const to =
    cmd.x !== undefined && cmd.y !== undefined ? { x: cmd.x, y: cmd.y } : at ? { x: at.x, y: at.y } : null;
  if (inFight) {
    // A conscious man climbs out; the wounded are lifted out by the referee.
    if (ctx.actor.role !== 'gm') requireFit(c);
    fightStep(state, m, c.id, to, 'getting out');
  }
  const events: PersonalEvent[] = [
    {
      type: 'machine.alighted',
      machineId: m.id,
      characterId: c.id,
      ...(inFight && to ? { x: to.x, y: to.y } : {}),
    },
  ];
  // Out of the vehicle, the port's cover (combat.ts `behindHull`) no longer shields him.
  const man = state.combat?.combatants[c.id];
  if (inFight && man && atPort(state, m, man))
    events.push({ type: 'combat.positioned', id: c.id, cover: 0, by: 'rule' });
  return events;
}

function reseat(
  state: RhylanorState,
  cmd: z.output<typeof schemas.seat>,
  ctx: DecideContext,
): PersonalEvent[] {
  requireNoWindow(state);
  const m = requireVehicle(state, cmd.machineId);
  const rider = m.riders?.find((r) => r.characterId === cmd.characterId);
  if (!rider) throw new RuleError('NOT_ABOARD', `${cmd.characterId} is not in ${m.name}`);
  if (rider.seat === cmd.seat && (cmd.place === undefined || cmd.place === rider.place))
    throw new RuleError('ALREADY_DONE', `${cmd.characterId} already sits there`);
  const others = (m.riders ?? []).filter((r) => r !== rider);
  requireSeatFree(state, m, others, cmd.seat);
  const place = placeFor(state, m, others, cmd.seat, cmd.place, ctx.actor);
  const events: PersonalEvent[] = [
    { type: 'machine.reseated', machineId: m.id, characterId: rider.characterId, seat: cmd.seat, ...place },
  ];
  // Moved off a firing port he is back behind the closed hull.
  const man = state.combat?.combatants[rider.characterId];
  if (man && atPort(state, m, man))
    events.push({ type: 'combat.positioned', id: man.id, fullCover: true, by: 'rule' });
  return events;
}

/**
 * A vehicle brought into a fight takes those of its riders who are in it to its place: they ride
 * there, as they go where it drives. A rider of a closed vehicle is behind its hull unless he is
 * at a port (a fight started before this rule put nobody behind it).
 */
export function ridersJoin(state: RhylanorState, m: Machine, at: { x: number; y: number }): PersonalEvent[] {
  const events: PersonalEvent[] = [];
  const closed = state.pack.vehicles.find((v) => v.id === m.packId)?.openTop === false;
  for (const r of m.riders ?? []) {
    const man = state.combat?.combatants[r.characterId];
    if (!man) continue;
    const moved = man.x !== at.x || man.y !== at.y;
    const hull = closed && !man.fullCover && !atPort(state, m, man);
    if (!moved && !hull) continue;
    events.push({
      type: 'combat.positioned',
      id: man.id,
      ...(moved ? { x: at.x, y: at.y } : {}),
      ...(hull ? { fullCover: true } : {}),
      by: 'rule',
    });
  }
  return events;
}

/** The gunners a vehicle's weapon answers to: its seated gunners, else its driver; anyone when nobody rides. */
export function requireGunner(m: Machine, gunnerId: string): void {
  const riders = m.riders ?? [];
  if (riders.length === 0) return;
  const gunners = riders.filter((r) => r.seat === 'gunner');
  const allowed = gunners.length > 0 ? gunners : riders.filter((r) => r.seat === 'driver');
  if (!allowed.some((r) => r.characterId === gunnerId))
    throw new RuleError('NOT_A_GUNNER', `${gunnerId} does not sit at ${m.name}'s guns`, { machineId: m.id });
}

/** The one who drives or pilots a vehicle: its seated driver when it has one; anyone when none sits there. */
export function requireDriver(m: Machine, driverId: string): void {
  const driver = m.riders?.find((r) => r.seat === 'driver');
  if (driver && driver.characterId !== driverId)
    throw new RuleError('NOT_THE_DRIVER', `${driverId} is not ${m.name}'s driver`, { machineId: m.id });
}

export const riderCommands: readonly CommandSpec[] = [
  defineCommand(schemas.board, GM_AND_PLAYERS, board),
  defineCommand(schemas.alight, GM_AND_PLAYERS, alight),
  defineCommand(schemas.seat, GM, reseat),
];
