import type { Seat } from '../../../engine/ruleset.ts';
import type { Side } from '../data/space-pack.ts';
import type { SpaceEvent } from './events.ts';
import type { Ship, SpaceState } from './model.ts';

/**
 * What a seat sees of a space battle. The referee sees everything. A player sees its own side's
 * ships whole, and of the other side only ships that have been found, without their crews (NPC
 * sheets stay the referee's); a quiet ship nobody has found is not in the view at all, so neither
 * its position nor its existence leaks. Spectators see what a player of neither side sees.
 */

function seatSides(space: SpaceState, seat: Seat): Set<Side> {
  const sides = new Set<Side>();
  for (const id of space.order) {
    const ship = space.ships[id] as Ship;
    if (seat.role === 'player' && ship.controller === seat.seatId) sides.add(ship.side);
  }
  return sides;
}

function publicShip(ship: Ship): Omit<Ship, 'crew' | 'turrets'> & { turrets: unknown[] } {
  const { crew: _crew, turrets, ...rest } = ship;
  return { ...rest, turrets: turrets.map(({ gunner: _gunner, ...t }) => t) };
}

function openSeen(space: SpaceState, own: Set<Side>, visible: (ship: Ship | undefined) => boolean): boolean {
  const open = space.open;
  if (!open) return false;
  if (open.detect) return own.has(open.side);
  if (open.repair) return visible(space.ships[open.ship]);
  return true;
}

export function viewSpace(space: SpaceState, seat: Seat): unknown {
  if (seat.role === 'gm') return space;
  const own = seatSides(space, seat);
  const visible = (ship: Ship | undefined) => ship !== undefined && (own.has(ship.side) || ship.detected);
  const ships: Record<string, unknown> = {};
  const order: string[] = [];
  for (const id of space.order) {
    const ship = space.ships[id] as Ship;
    if (!visible(ship)) continue;
    order.push(id);
    ships[id] = own.has(ship.side) ? ship : publicShip(ship);
  }
  const firedAt: Record<string, string[]> = {};
  for (const [target, shooters] of Object.entries(space.firedAt)) {
    if (!visible(space.ships[target])) continue;
    firedAt[target] = shooters.filter((s) => visible(space.ships[s]));
  }
  const side = (s: Side) => ({
    name: space.sides[s].name,
    chips: space.sides[s].chips,
    commander: own.has(s) ? space.sides[s].commander : null,
  });
  return {
    scenario: space.scenario,
    sides: { a: side('a'), b: side('b') },
    ships,
    order,
    worlds: space.worlds,
    missiles: space.missiles.filter((m) => visible(space.ships[m.ship]) && visible(space.ships[m.target])),
    // The side taken by surprise sees only that the battle is being set up.
    phase:
      space.phase === 'surprise' && !(space.surpriser !== null && own.has(space.surpriser))
        ? 'setup'
        : space.phase,
    turn: space.turn,
    playerTurn: space.playerTurn,
    // Public (it counts phase changes): a player's ships' movedPhase / firedPhase compare to it.
    phaseSerial: space.phaseSerial,
    turnSide: space.turnSide,
    intruder: space.intruder,
    chooser: space.chooser,
    surpriser:
      space.phase === 'surprise' && space.surpriser !== null && own.has(space.surpriser)
        ? space.surpriser
        : null,
    detectionRound: space.detectionRound,
    firedAt,
    windows: space.windows,
    // The other side's look, or its damage control aboard a ship this seat has not found, stays out of sight.
    open: openSeen(space, own, visible) ? space.open : null,
    ended: space.ended,
  };
}

/**
 * One event as a seat may see it. Events marked secret (about a ship the other side has not found,
 * or a person's sheet) reach only the referee and the seats of that ship's side; a new ship's
 * record reaches others without its crew.
 */
export function redactSpace(event: SpaceEvent, seat: Seat): { readonly type: string } | null {
  if (seat.role === 'gm') return event;
  const mine = seat.role === 'player' && 'seen' in event && (event.seen?.includes(seat.seatId) ?? false);
  if ('secret' in event && event.secret && !mine) return null;
  if (event.type === 'space.scenario.loaded') {
    // The commanders' sheets are the referee's; each side sees its own in the view.
    const shown: { readonly type: string; readonly sides: unknown } = {
      ...event,
      sides: { a: { name: event.sides.a.name }, b: { name: event.sides.b.name } },
    };
    return shown;
  }
  if (event.type === 'space.ship.added' && !mine) {
    const shown: { readonly type: string; readonly ship: unknown } = {
      ...event,
      ship: publicShip(event.ship),
    };
    return shown;
  }
  return event;
}
