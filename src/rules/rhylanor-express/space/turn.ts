import type { Hex } from '../../../engine/board/hex-grid.ts';
import type { Ship, World } from './model.ts';
import { thrustLength, vectorStep } from './movement.ts';
import { fail, hiddenFor, type Work } from './work.ts';

/** The movement phase (digest §6.5 step 1, §6.6): one move per ship, thrust up to its drive's G. */

/**
 * The G a ship may use now: its maneuver rating after damage, or 0 with the drive destroyed or the
 * power plant (small craft: the Drive) damaged or destroyed.
 */
export function currentG(ship: Ship): number {
  if (ship.maneuver.destroyed || ship.power !== 0) return 0;
  return ship.maneuver.now;
}

/** The worlds' hexes, kept per worlds list (it changes only before the battle). */
const worldHexes = new WeakMap<readonly World[], readonly Hex[]>();
function hexesOf(worlds: readonly World[]): readonly Hex[] {
  let hexes = worldHexes.get(worlds);
  if (!hexes) {
    hexes = worlds.map((w) => w.at);
    worldHexes.set(worlds, hexes);
  }
  return hexes;
}

export function moveShip(w: Work, ship: Ship, thrust: Hex, checked = false): void {
  const s = w.s;
  if (checked) {
    if (ship.movedPhase === s.phaseSerial)
      fail('SPACE_ALREADY_MOVED', `${ship.name} has already moved this phase`);
    if (ship.at === null) fail('SPACE_NOT_PLACED', `${ship.name} is not on the map`);
    const g = currentG(ship);
    const asked = thrustLength(thrust);
    if (asked > g)
      fail('SPACE_THRUST_TOO_HIGH', `${ship.name} can change course by ${g} G, not ${asked}`, {
        thrust: asked,
        g,
      });
  }
  const at = ship.at as Hex;
  const step = vectorStep(at, ship.vel, thrust, hexesOf(s.worlds));
  const moving = thrust.q !== 0 || thrust.r !== 0;
  w.emit({
    type: 'space.ship.moved',
    ship: ship.id,
    thrust: { q: thrust.q, r: thrust.r },
    from: at,
    to: step.to,
    path: step.path,
    pulls: step.pulls,
    vel: step.vel,
    worldEntered: step.worldEntered,
    sandLost: moving ? ship.sand : 0,
    ...hiddenFor(s, ship),
  });
}
