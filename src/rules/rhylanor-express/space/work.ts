import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext, Seat } from '../../../engine/ruleset.ts';
import type { Side, SpacePack } from '../data/space-pack.ts';
import type { Hidden, SpaceEvent } from './events.ts';
import { evolveSpace, evolveSpaceInPlace } from './evolve.ts';
import type { Missile, Ship, SpaceState } from './model.ts';

/**
 * Decide for space combat: checks a command against the state and returns its events. Several
 * events of one command build on each other (a second hit finds the plant already damaged), so each
 * is folded into a working state as it is made (`Work`).
 */
export class Work {
  readonly events: SpaceEvent[] = [];
  constructor(
    public s: SpaceState,
    readonly ctx: DecideContext,
    readonly pack: SpacePack,
    /** Fold into `s` itself (the simulator's own working record) instead of copying what changes. */
    readonly inPlace = false,
  ) {}
  emit(e: SpaceEvent): void {
    this.events.push(e);
    if (this.inPlace) evolveSpaceInPlace(this.s, e);
    else this.s = evolveSpace(this.s, e);
  }
  get unskilledDm(): number {
    return this.pack.settings.unskilledDm;
  }
}

export function fail(code: string, message: string, details?: Record<string, unknown>): never {
  throw new RuleError(code, message, details);
}

export const isGm = (seat: Seat): boolean => seat.role === 'gm';

/** The seats commanding ships of a side: they may see that side's secrets. */
export function sideSeats(s: SpaceState, side: Side): string[] {
  const seats: string[] = [];
  for (const id of s.order) {
    const ship = s.ships[id] as Ship;
    if (ship.side === side && ship.controller !== null && !seats.includes(ship.controller))
      seats.push(ship.controller);
  }
  return seats;
}

const OPEN: Hidden = { secret: false, seen: [] };

export function hiddenFor(s: SpaceState, ship: Ship): Hidden {
  return ship.detected ? OPEN : { secret: true, seen: sideSeats(s, ship.side) };
}

/** A ship the actor may name: every ship for the referee, only known ones for players. */
export function findShip(s: SpaceState, id: string, actor: Seat): Ship {
  const ship = s.ships[id];
  const known =
    ship &&
    (isGm(actor) || ship.detected || ship.controller === actor.seatId || sideOf(s, actor) === ship.side);
  if (!ship || !known) fail('SPACE_SHIP_UNKNOWN', `there is no ship "${id}"`, { ship: id });
  return ship;
}

/** The side a player seat fights for (the side of a ship it commands), or null. */
export function sideOf(s: SpaceState, seat: Seat): Side | null {
  for (const id of s.order) {
    const ship = s.ships[id] as Ship;
    if (ship.controller === seat.seatId) return ship.side;
  }
  return null;
}

/** The actor's own ship, able to act. */
export function ownShip(s: SpaceState, id: string, actor: Seat): Ship {
  const ship = findShip(s, id, actor);
  if (!isGm(actor) && ship.controller !== actor.seatId)
    fail('SPACE_NOT_YOUR_SHIP', `${ship.name} is not under your command`, { ship: id });
  if (ship.destroyed) fail('SPACE_SHIP_DESTROYED', `${ship.name} is destroyed`, { ship: id });
  return ship;
}

export function mayActForSide(s: SpaceState, actor: Seat, side: Side): boolean {
  return (
    isGm(actor) ||
    s.order.some((id) => s.ships[id]?.side === side && s.ships[id]?.controller === actor.seatId)
  );
}

export function requirePhase(s: SpaceState, phases: readonly SpaceState['phase'][], what: string): void {
  if (!phases.includes(s.phase))
    fail('SPACE_WRONG_PHASE', `${what} is not possible in the ${s.phase} phase`, { phase: s.phase });
}

/** A chip and pool points for a roll: the side must have a chip, the ship the points. */
export function checkModifiers(
  w: Work,
  ship: Ship,
  chip: number | undefined,
  pool: number | undefined,
): void {
  if (chip !== undefined && w.s.sides[ship.side].chips < 1)
    fail('SPACE_NO_CHIPS', `${w.s.sides[ship.side].name} has no fleet chip left`);
  if (pool !== undefined && Math.abs(pool) > ship.pool)
    fail('SPACE_NO_POOL', `${ship.name} has ${ship.pool} pool points, not ${Math.abs(pool)}`);
}

export function removeMissilesAt(w: Work, shipId: string): void {
  const gone = w.s.missiles.filter((m: Missile) => m.target === shipId).map((m) => m.id);
  if (gone.length > 0) w.emit({ type: 'space.missiles.removed', missiles: gone, reason: 'target destroyed' });
}
