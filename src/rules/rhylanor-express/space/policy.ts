import { HEX_DIRECTIONS, type Hex, hexDistance, hexLength } from '../../../engine/board/hex-grid.ts';
import type { SpaceCommand } from './commands.ts';
import { actingSide, type Ship, type SpaceState } from './model.ts';
import { LONG_RANGE, READY_ROUNDS, WEAPONS } from './tables.ts';
import { currentG } from './turn.ts';

/**
 * A plain, deterministic way to fight a space battle, for the simulator and the benchmark: close
 * to Short range, fire every beam at the nearest enemy, shoot down missiles, launch at whatever is
 * in reach, reload empty racks, cast sand when missiles are inbound, patch the worst damage. It
 * only proposes commands; the rules decide them.
 */

/** Nothing on the ship works any more (destroyed, or its power plant / Drive destroyed). */
export function outOfAction(ship: Ship): boolean {
  return ship.destroyed || ship.power === 2;
}

function nearestEnemy(s: SpaceState, ship: Ship): Ship | null {
  let best: Ship | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const id of s.order) {
    const other = s.ships[id] as Ship;
    if (other.side === ship.side || other.destroyed || !other.detected || other.at === null) continue;
    const dist = hexDistance(ship.at as Hex, other.at);
    if (dist < bestDistance) {
      best = other;
      bestDistance = dist;
    }
  }
  return best;
}

const STAND_OFF = 3;

/** The thrust (within the drive) that brings the ship's next-but-one position nearest a stand-off from the enemy. */
export function closingThrust(ship: Ship, enemy: Ship): Hex {
  const g = currentG(ship);
  const at = ship.at as Hex;
  const enemyAt = enemy.at as Hex;
  const aim = { q: enemyAt.q + 2 * enemy.vel.q, r: enemyAt.r + 2 * enemy.vel.r };
  let best: Hex = { q: 0, r: 0 };
  let bestScore = Number.POSITIVE_INFINITY;
  const consider = (t: Hex) => {
    const vq = ship.vel.q + t.q;
    const vr = ship.vel.r + t.r;
    const next = { q: at.q + ship.vel.q + vq, r: at.r + ship.vel.r + vr };
    // Be near the enemy, and not so fast that the next turn overshoots.
    const score =
      Math.abs(hexDistance(next, aim) - STAND_OFF) + hexLength(vq - enemy.vel.q, vr - enemy.vel.r) / 2;
    if (score < bestScore) {
      bestScore = score;
      best = t;
    }
  };
  consider(best);
  for (let k = 1; k <= g; k++) for (const d of HEX_DIRECTIONS) consider({ q: d.q * k, r: d.r * k });
  return best;
}

/** The commands the acting side sends in this phase, before ending it. */
export function policyCommands(s: SpaceState): SpaceCommand[] {
  const side = actingSide(s);
  const out: SpaceCommand[] = [];
  for (const id of s.order) {
    const ship = s.ships[id] as Ship;
    if (ship.side !== side || outOfAction(ship) || ship.at === null) continue;
    const enemy = nearestEnemy(s, ship);
    switch (s.phase) {
      case 'movement':
        // Keep one pool point against each shot while the pool lasts.
        if (ship.pool > 0 && ship.guard === 0) out.push({ type: 'space.pool.guard', ship: id, points: 1 });
        if (enemy) out.push({ type: 'space.move', ship: id, thrust: closingThrust(ship, enemy) });
        break;
      case 'laser':
      case 'return':
        fireAll(s, ship, enemy, out);
        break;
      case 'ordnance':
        ordnance(s, ship, enemy, out);
        break;
      default:
        break;
    }
  }
  return out;
}

function incomingOn(s: SpaceState, id: string): number {
  let n = 0;
  for (const m of s.missiles) if (m.target === id) n++;
  return n;
}

function fireAll(s: SpaceState, ship: Ship, enemy: Ship | null, out: SpaceCommand[]): void {
  if (ship.power !== 0 || ship.computer.now === 0 || ship.computer.destroyed) return;
  const incoming = incomingOn(s, ship.id);
  const returnTargets = s.phase === 'return' ? (s.firedAt[ship.id] ?? []) : null;
  let target: Ship | null = enemy;
  if (returnTargets !== null) {
    target = null;
    for (const t of returnTargets) {
      const other = s.ships[t] as Ship;
      if (!other.destroyed) target = other;
    }
  }
  ship.turrets.forEach((turret, ti) => {
    if (turret.state !== 0 || ship.weaponsState !== 0 || turret.busyUntil > s.playerTurn) return;
    const beams = turret.weapons.some((w) => WEAPONS[w.kind].beam);
    if (!beams) return;
    if (incoming > 0) {
      out.push({ type: 'space.counter', ship: ship.id, turret: ti, protect: ship.id });
      return;
    }
    if (!target || target.at === null) return;
    const range = hexDistance(ship.at as Hex, target.at);
    const reach = Math.max(
      ...turret.weapons.map((w) => (WEAPONS[w.kind].beam ? WEAPONS[w.kind].maxRange : 0)),
    );
    if (range <= reach) out.push({ type: 'space.fire', ship: ship.id, turret: ti, target: target.id });
  });
}

function ordnance(s: SpaceState, ship: Ship, enemy: Ship | null, out: SpaceCommand[]): void {
  const inReach = enemy !== null && hexDistance(ship.at as Hex, enemy.at as Hex) <= LONG_RANGE;
  const incoming = incomingOn(s, ship.id);
  ship.turrets.forEach((turret, ti) => {
    if (turret.state !== 0 || ship.weaponsState !== 0 || turret.busyUntil > s.playerTurn) return;
    let reloading = false;
    turret.weapons.forEach((w, wi) => {
      if (w.kind === 'missileRack' && w.ready > 0 && inReach && enemy)
        out.push({ type: 'space.launch', ship: ship.id, turret: ti, weapon: wi, target: enemy.id });
      else if (w.kind === 'sandCaster' && w.ready > 0 && incoming > 0)
        out.push({ type: 'space.sand', ship: ship.id, turret: ti, weapon: wi });
      else if (
        !reloading &&
        (w.kind === 'missileRack' || w.kind === 'sandCaster') &&
        w.ready < READY_ROUNDS &&
        turret.firedTurn < s.playerTurn - 1 &&
        (w.kind === 'missileRack' ? ship.magazine.missiles : ship.magazine.sand) > 0
      ) {
        reloading = true;
        out.push({ type: 'space.reload', ship: ship.id, turret: ti, weapon: wi, rounds: 1 });
      }
    });
  });
  if (ship.crew.engineer && ship.repairTurn !== s.playerTurn) {
    const item = worstDamage(ship);
    if (item) out.push({ type: 'space.repair', ship: ship.id, ...item });
  }
}

function worstDamage(
  ship: Ship,
): { item: 'power' | 'drive' | 'maneuver' | 'computer' | 'hull' | 'turret'; turret?: number } | null {
  if (ship.power === 1) return { item: ship.shipClass === 'smallCraft' ? 'drive' : 'power' };
  if (!ship.computer.destroyed && ship.computer.now < ship.computer.max) return { item: 'computer' };
  if (!ship.maneuver.destroyed && ship.maneuver.now < ship.maneuver.max) return { item: 'maneuver' };
  const turret = ship.turrets.findIndex((t) => t.state === 1);
  if (turret >= 0) return { item: 'turret', turret };
  if (ship.hullPoints < ship.hullPointsMax) return { item: 'hull' };
  return null;
}
