import { type Hex, hexDistance } from '../../../engine/board/hex-grid.ts';
import { D6, d } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';
import { othersDice } from '../../../engine/ruleset.ts';
import type { Person, WeaponKind } from '../data/space-pack.ts';
import type { OwnRollKind, SpaceCommandOf } from './commands.ts';
import type { CrewHit, DamageEffect, DamageItem, Dm, Roll2d6 } from './events.ts';
import {
  actingSide,
  type Missile,
  type OpenShot,
  other,
  type Ship,
  type Side,
  type SpaceState,
  type Turret,
} from './model.ts';
import { roll2d6, skillDm } from './rolls.ts';
import {
  CARGO_PER_HIT,
  COUNTER_FIRE_REACH,
  CREW_HIT_PENETRATION,
  critical,
  GROUND_TO_HIT,
  HULL_DM,
  LONG_RANGE,
  location,
  MAX_EARLY_DETONATION,
  MAX_SAND_DM,
  READY_ROUNDS,
  REPAIR_TARGET,
  SHORT_RANGE,
  TO_HIT_LONG,
  TO_HIT_SHORT,
  tonnageDm,
  WEAPONS,
} from './tables.ts';
import { currentG } from './turn.ts';
import {
  checkModifiers,
  fail,
  findShip,
  ownShip,
  removeMissilesAt,
  requirePhase,
  sideSeats,
  type Work,
} from './work.ts';

/** Laser fire, missiles, counter-missile fire, sand, damage, repairs and ground fire (digest §6.7–§6.14). */

/** The Pilot rating a shot at this ship subtracts: its pilot's skill while it can maneuver (§6.7). */
export function pilotRating(ship: Ship): number {
  if (currentG(ship) === 0) return 0;
  const pilot = ship.crew.pilot;
  if (!pilot) return 0;
  const level = pilot.skills.Pilot ?? 0;
  return ship.shipClass === 'smallCraft' ? Math.max(level, pilot.skills["Ship's Boat"] ?? 0) : level;
}

const computerModel = (ship: Ship): number => (ship.computer.destroyed ? 0 : ship.computer.now);

/** Why a ship's beam weapons are silent (§6.7), or null when they may fire. */
function beamsSilenced(ship: Ship): string | null {
  if (ship.power !== 0)
    return ship.shipClass === 'smallCraft' ? 'its drive is damaged' : 'its power plant is damaged';
  if (ship.computer.destroyed || ship.computer.now === 0) return 'its computer is down';
  return null;
}

function gunnerOf(ship: Ship, turret: Turret): Person {
  const gunner = turret.gunner ?? ship.crew.gunner;
  if (!gunner) fail('SPACE_NO_GUNNER', `${ship.name}'s turret ${turret.name} has no gunner`);
  return gunner;
}

function usableTurret(w: Work, ship: Ship, index: number): Turret {
  const turret = ship.turrets[index];
  if (!turret) fail('SPACE_TURRET_UNKNOWN', `${ship.name} has no turret ${index}`, { turret: index });
  if (turret.state !== 0 || ship.weaponsState !== 0)
    fail(
      'SPACE_TURRET_DOWN',
      `${ship.name}'s turret ${turret.name} is ${turret.state === 2 ? 'destroyed' : 'damaged'}`,
    );
  if (turret.busyUntil > w.s.playerTurn)
    fail('SPACE_TURRET_BUSY', `${ship.name}'s turret ${turret.name} is reloading this turn`);
  return turret;
}

function gunnery(w: Work, gunner: Person, kind: WeaponKind): Dm {
  const stand: (readonly [string, number])[] = [['Gunnery', 0]];
  if (WEAPONS[kind].energy) stand.push(['Energy Artillery Gunner', -1]);
  return skillDm(gunner, stand, w.unskilledDm);
}

/** The §6.7 DM table for one weapon at one ship (or a missile, counted as in §6.9). */
function fireDms(
  w: Work,
  ship: Ship,
  gunner: Person,
  kind: WeaponKind,
  target: { tons: number; hull: Ship['hull']; pilot: number; computer: number; sand: number },
): Dm[] {
  const info = WEAPONS[kind];
  const dms: Dm[] = [gunnery(w, gunner, kind), { label: 'computer model', value: computerModel(ship) }];
  const add = (label: string, value: number) => {
    if (value !== 0) dms.push({ label, value });
  };
  add('target tonnage', tonnageDm(target.tons));
  add('weapon', info.dm);
  add("target's Pilot rating", -target.pilot);
  add("target's computer", -target.computer);
  if (!info.ignoresSand) {
    add("target's sand", -Math.min(2 * target.sand, MAX_SAND_DM));
    add('firing out through own sand', ship.sand > 0 ? -1 : 0);
  }
  add('target hull', HULL_DM[target.hull]);
  return dms;
}

function enemyTarget(w: Work, ship: Ship, id: string): Ship {
  const target = findShip(w.s, id, w.ctx.actor);
  if (target.side === ship.side) fail('SPACE_NOT_A_TARGET', `${target.name} is on your side`);
  if (!target.detected) fail('SPACE_TARGET_UNDETECTED', `${target.name} has not been found`);
  if (target.destroyed) fail('SPACE_SHIP_DESTROYED', `${target.name} is destroyed`);
  if (target.at === null || ship.at === null) fail('SPACE_NOT_PLACED', 'both ships must be on the map');
  return target;
}

function pickWeapons(w: Work, turret: Turret, asked: readonly number[] | undefined): number[] {
  const phase = w.s.phaseSerial;
  if (asked === undefined) {
    const free = turret.weapons.flatMap((wp, i) =>
      WEAPONS[wp.kind].beam && wp.usedPhase !== phase ? [i] : [],
    );
    if (free.length === 0)
      fail('SPACE_WEAPON_USED', `every beam weapon of turret ${turret.name} has fired this phase`);
    return free;
  }
  const unique = [...new Set(asked)];
  for (const i of unique) {
    const wp = turret.weapons[i];
    if (!wp) fail('SPACE_WEAPON_UNKNOWN', `turret ${turret.name} has no weapon ${i}`);
    if (!WEAPONS[wp.kind].beam)
      fail('SPACE_WRONG_WEAPON', `weapon ${i} of turret ${turret.name} is not a beam weapon`);
    if (wp.usedPhase === phase)
      fail('SPACE_WEAPON_USED', `weapon ${i} of turret ${turret.name} has fired this phase`);
  }
  return unique;
}

function actingShip(w: Work, id: string): Ship {
  const ship = ownShip(w.s, id, w.ctx.actor);
  if (ship.side !== actingSide(w.s))
    fail('SPACE_NOT_YOUR_TURN', `${ship.name}'s side does not act in this phase`);
  return ship;
}

function hitsOf(kind: WeaponKind, dice: DiceSource, purpose: string): { hits: number; face?: number } {
  const h = WEAPONS[kind].hits;
  if (h !== 'd6') return { hits: h };
  const face = dice.roll(D6, purpose);
  return { hits: face, face };
}

/** The acting ship and turret of a beam command (fire or counter-fire), in a phase beams may fire. */
function beamTurret(
  w: Work,
  shipId: string,
  turretIndex: number,
  what: string,
): { ship: Ship; turret: Turret } {
  requirePhase(w.s, ['laser', 'return'], what);
  const ship = actingShip(w, shipId);
  const turret = usableTurret(w, ship, turretIndex);
  const silenced = beamsSilenced(ship);
  if (silenced) fail('SPACE_CANNOT_FIRE', `${ship.name} cannot fire: ${silenced}`);
  return { ship, turret };
}

export function fireAtShip(w: Work, c: SpaceCommandOf<'space.fire'>): void {
  const s = w.s;
  const { ship, turret } = beamTurret(w, c.ship, c.turret, 'beam fire');
  const target = enemyTarget(w, ship, c.target);
  if (s.phase === 'return' && !(s.firedAt[ship.id] ?? []).includes(target.id))
    fail('SPACE_NOT_A_TARGET', `return fire goes only at ships that fired at ${ship.name} this turn`);
  if (turret.firedPhase === s.phaseSerial && turret.firedAt !== null && turret.firedAt !== target.id)
    fail('SPACE_TURRET_ENGAGED', `turret ${turret.name} has already engaged another ship this phase`);
  const weapons = pickWeapons(w, turret, c.weapons);
  const range = hexDistance(ship.at as Hex, target.at as Hex);
  for (const i of weapons) {
    const kind = (turret.weapons[i] as { kind: WeaponKind }).kind;
    if (range > WEAPONS[kind].maxRange)
      fail(
        'SPACE_OUT_OF_RANGE',
        `${target.name} is ${range} hexes away; this weapon reaches ${WEAPONS[kind].maxRange}`,
        {
          range,
        },
      );
  }
  gunnerOf(ship, turret);
  checkModifiers(w, ship, c.chip, c.pool);
  if (w.s.windows) {
    openShot(w, ship.id, c.turret, target.id, weapons, c.chip ?? 0, c.pool ?? 0);
    return;
  }
  weapons.forEach((i, n) => {
    // The chip and pool points go on the first roll of the command.
    const shot = rollShot(
      w,
      ship.id,
      c.turret,
      i,
      target.id,
      n === 0 ? (c.chip ?? 0) : 0,
      n === 0 ? (c.pool ?? 0) : 0,
    );
    if (shot) resolveShot(w, shot, 0, false, w.ctx.dice);
  });
}

/** A weapon's to-hit roll before its window's points after the dice. */
type RolledShot = Omit<OpenShot, 'after' | 'passed' | 'rest'>;

/** One beam weapon's to-hit roll at a ship (null when the target is already destroyed). */
function rollShot(
  w: Work,
  shipId: string,
  turretIndex: number,
  weapon: number,
  targetId: string,
  chip: number,
  pool: number,
  dice: DiceSource = w.ctx.dice,
): RolledShot | null {
  const ship = w.s.ships[shipId] as Ship;
  const now = w.s.ships[targetId] as Ship;
  if (now.destroyed) return null;
  const turret = ship.turrets[turretIndex] as Turret;
  const kind = (turret.weapons[weapon] as { kind: WeaponKind }).kind;
  const range = hexDistance(ship.at as Hex, now.at as Hex);
  const dms = fireDms(w, ship, gunnerOf(ship, turret), kind, {
    tons: now.tons,
    hull: now.hull,
    pilot: pilotRating(now),
    computer: computerModel(now),
    sand: now.sand,
  });
  // The target's guard: its pool points against the shot, before the dice, while they last.
  const against = Math.min(now.guard, now.pool);
  if (against > 0) dms.push({ label: "target's pool", value: -against });
  // The target side's chip guard: one chip (the most a side may put on a roll) while chips last.
  const defenders = w.s.sides[now.side];
  const chipAgainst = defenders.chipGuard && defenders.chips > 0 ? 1 : 0;
  if (chipAgainst > 0) dms.push({ label: "defending side's fleet chip", value: -1 });
  const need = range <= SHORT_RANGE ? TO_HIT_SHORT : TO_HIT_LONG;
  const roll = roll2d6(dice, `${ship.name} ${turret.name} fires at ${now.name}`, dms, need, chip, pool);
  return {
    ship: shipId,
    turret: turretIndex,
    weapon,
    target: targetId,
    range,
    side: ship.side,
    roll,
    against,
    chipAgainst,
  };
}

/**
 * A rolled beam shot (at a ship, or at the missiles locked on to one) with any points after the
 * dice: natural 12 hits, natural 2 misses, else the total against the need; a hit rolls its hits.
 */
function beamOutcome(
  w: Work,
  shot: RolledShot,
  at: 'ship' | 'missiles',
  after: number,
  dice: DiceSource,
  label: string,
): {
  ship: Ship;
  kind: WeaponKind;
  roll: Roll2d6;
  natural: number;
  hit: boolean;
  hits: number;
  face?: number;
} {
  const ship = w.s.ships[shot.ship] as Ship;
  const kind = ((ship.turrets[shot.turret] as Turret).weapons[shot.weapon] as { kind: WeaponKind }).kind;
  const roll = withAfter(shot.roll, after, label);
  const natural = roll.faces[0] + roll.faces[1];
  const hit = natural === 12 || (natural !== 2 && roll.success);
  const purpose =
    at === 'ship' ? `hits of ${ship.name}'s laser battery` : 'missiles a laser battery destroys';
  return { ship, kind, roll, natural, hit, ...(hit ? hitsOf(kind, dice, purpose) : { hits: 0 }) };
}

/** The outcome of a rolled shot at a ship (beamOutcome), and the damage its hits do. */
function resolveShot(
  w: Work,
  shot: RolledShot,
  after: number,
  spent: boolean,
  dice: DiceSource,
  label = POOL_AFTER,
): void {
  const { ship, roll, natural, hit, hits, face } = beamOutcome(w, shot, 'ship', after, dice, label);
  w.emit({
    type: 'space.fired',
    ship: shot.ship,
    turret: shot.turret,
    weapon: shot.weapon,
    target: shot.target,
    at: 'ship',
    range: shot.range,
    roll: { ...roll, success: hit },
    natural,
    hits,
    ...(face === undefined ? {} : { hitsFace: face }),
    ...(shot.against > 0 ? { against: shot.against } : {}),
    ...(shot.chipAgainst > 0 ? { chipAgainst: shot.chipAgainst } : {}),
    ...(spent ? { spent } : {}),
    side: shot.side,
  });
  damageRolls(w, shot.target, hits, dice, `${ship.name}'s fire`);
}

/** Rolls the next weapon of a command and holds it open for pool points after the dice. */
function openShot(
  w: Work,
  ship: string,
  turret: number,
  target: string,
  weapons: readonly number[],
  chip: number,
  pool: number,
  dice: DiceSource = w.ctx.dice,
): void {
  const first = weapons[0];
  if (first === undefined) return;
  const shot = rollShot(w, ship, turret, first, target, chip, pool, dice);
  if (!shot) return;
  w.emit({ type: 'space.roll.opened', shot: { ...shot, after: 0, passed: [], rest: weapons.slice(1) } });
}

const POOL_AFTER = 'pool after the dice';
const REFEREE_OVERRIDE = 'referee override';

/** A roll with pool points put on it after the dice (a named DM, the total and success again). */
export function withAfter(roll: Roll2d6, after: number, label = POOL_AFTER): Roll2d6 {
  if (after === 0) return roll;
  return {
    ...roll,
    dms: [...roll.dms, { label, value: after }],
    total: roll.total + after,
    success: roll.total + after >= roll.need,
  };
}

/**
 * Whom the open window's traffic (points, passes, its closing) may reach: a navigator's look is
 * always his side's secret, damage control aboard an unfound ship too; anything else is open.
 */
export function windowSecrecy(s: SpaceState): { secret?: true; seen?: string[] } {
  const open = s.open;
  if (!open) return {};
  if (open.detect) return { secret: true, seen: sideSeats(s, open.side) };
  if (open.repair) return unfound(s, open.ship);
  return {};
}

/**
 * Both sides have passed (or the referee closed it): the open shot takes effect, the next weapon
 * rolls. A referee's `total` replaces the points after the dice (named "referee override", as a
 * firefight's `window.close` totals are); natural 2 and 12 still rule on the faces.
 */
export function closeShot(w: Work, total?: number): void {
  const found = w.s.open;
  if (!found) return;
  const label = total === undefined ? POOL_AFTER : REFEREE_OVERRIDE;
  const open = total === undefined ? found : { ...found, after: total - found.roll.total };
  w.emit({ type: 'space.roll.closed', ...windowSecrecy(w.s) });
  // The dice after the window are not the closing seat's own.
  const dice = othersDice(w.ctx);
  if (open.counter) {
    const left = resolveCounter(w, open, open.after, true, dice, label);
    if (open.rest.length > 0 && left > 0)
      openCounter(w, open.ship, open.turret, open.target, open.rest, 0, 0, dice);
    return;
  }
  const roll = withAfter(open.roll, open.after, label);
  if (open.detect) {
    w.emit({
      type: 'space.detect.rolled',
      ship: open.ship,
      target: open.target,
      side: open.side,
      roll,
      spent: true,
      ...(open.chipAgainst > 0 ? { chipAgainst: open.chipAgainst } : {}),
      secret: true,
      seen: sideSeats(w.s, open.side),
    });
    return;
  }
  if (open.repair) {
    w.emit({
      type: 'space.repair.rolled',
      ship: open.ship,
      item: open.repair.item,
      ...(open.repair.turret === undefined ? {} : { turret: open.repair.turret }),
      roll,
      side: open.side,
      spent: true,
      ...(open.chipAgainst > 0 ? { chipAgainst: open.chipAgainst } : {}),
      ...unfound(w.s, open.ship),
    });
    return;
  }
  resolveShot(w, open, open.after, true, dice, label);
  if (open.rest.length > 0) openShot(w, open.ship, open.turret, open.target, open.rest, 0, 0, dice);
}

export function counterFire(w: Work, c: SpaceCommandOf<'space.counter'>): void {
  const s = w.s;
  const { ship, turret } = beamTurret(w, c.ship, c.turret, 'counter-missile fire');
  const protect = findShip(s, c.protect, w.ctx.actor);
  if (protect.side !== ship.side) fail('SPACE_NOT_A_TARGET', 'counter-fire protects your own side');
  if (s.phase === 'return' && protect.id !== ship.id)
    fail('SPACE_NOT_A_TARGET', 'in return fire a ship shoots only at missiles locked on to itself');
  if (s.phase === 'laser') {
    const range = ship.at && protect.at ? hexDistance(ship.at, protect.at) : Number.POSITIVE_INFINITY;
    if (range > COUNTER_FIRE_REACH)
      fail('SPACE_OUT_OF_RANGE', `${protect.name} is more than ${COUNTER_FIRE_REACH} hexes away`, { range });
  }
  if (incomingAt(s, protect.id).length === 0)
    fail('SPACE_NO_MISSILES', `no missile is locked on to ${protect.name}`);
  const weapons = pickWeapons(w, turret, c.weapons);
  gunnerOf(ship, turret);
  checkModifiers(w, ship, c.chip, c.pool);
  if (w.s.windows) {
    // With windows on, each weapon's roll waits for its own side's points after the dice (§6.4).
    openCounter(w, ship.id, c.turret, protect.id, weapons, c.chip ?? 0, c.pool ?? 0);
    return;
  }
  weapons.forEach((i, n) => {
    if (incomingAt(w.s, protect.id).length === 0) return;
    const shot = rollCounter(
      w,
      ship.id,
      c.turret,
      i,
      protect.id,
      n === 0 ? (c.chip ?? 0) : 0,
      n === 0 ? (c.pool ?? 0) : 0,
      w.ctx.dice,
    );
    resolveCounter(w, shot, 0, false, w.ctx.dice);
  });
}

/** Missiles locked on to a ship, the soonest to strike first (counter-fire takes them in that order). */
function incomingAt(s: SpaceState, shipId: string): Missile[] {
  return s.missiles
    .filter((m) => m.target === shipId)
    .sort((a, b) => a.strikesAt - b.strikesAt || a.id.localeCompare(b.id));
}

/** One weapon's roll at the first missile locked on to the protected ship (§6.9). */
function rollCounter(
  w: Work,
  shipId: string,
  turretIndex: number,
  weapon: number,
  protectId: string,
  chip: number,
  pool: number,
  dice: DiceSource,
): RolledShot {
  const ship = w.s.ships[shipId] as Ship;
  const protect = w.s.ships[protectId] as Ship;
  const turret = ship.turrets[turretIndex] as Turret;
  const kind = (turret.weapons[weapon] as { kind: WeaponKind }).kind;
  const missile = incomingAt(w.s, protectId)[0] as Missile;
  const dms = fireDms(w, ship, gunnerOf(ship, turret), kind, {
    tons: 1,
    hull: 'normal',
    pilot: 0,
    computer: missile.computer,
    sand: 0,
  });
  const chipAgainst = chipAgainstOwn(w.s, ship.side, 'counter', dms);
  const roll = roll2d6(dice, `${ship.name} ${turret.name} fires at a missile`, dms, TO_HIT_SHORT, chip, pool);
  return {
    ship: shipId,
    turret: turretIndex,
    weapon,
    target: protectId,
    range: ship.at && protect.at ? hexDistance(ship.at, protect.at) : 0,
    side: ship.side,
    roll,
    against: 0,
    chipAgainst,
    counter: true,
  };
}

/** A counter-fire roll's outcome with any points after the dice; returns the missiles still locked on. */
function resolveCounter(
  w: Work,
  shot: RolledShot,
  after: number,
  spent: boolean,
  dice: DiceSource,
  label = POOL_AFTER,
): number {
  const { kind, roll, natural, hit, hits, face } = beamOutcome(w, shot, 'missiles', after, dice, label);
  // Every weapon other than a battery destroys one missile.
  const count = kind === 'laserBattery' ? hits : hit ? 1 : 0;
  const incoming = incomingAt(w.s, shot.target);
  const destroyed = incoming.slice(0, count).map((m) => m.id);
  w.emit({
    type: 'space.fired',
    ship: shot.ship,
    turret: shot.turret,
    weapon: shot.weapon,
    target: shot.target,
    at: 'missiles',
    range: shot.range,
    roll: { ...roll, success: hit },
    natural,
    hits: count,
    ...(face === undefined ? {} : { hitsFace: face }),
    missilesDestroyed: destroyed,
    ...(shot.chipAgainst > 0 ? { chipAgainst: shot.chipAgainst } : {}),
    ...(spent ? { spent } : {}),
    side: shot.side,
  });
  return incoming.length - destroyed.length;
}

/** Rolls the next counter-fire weapon of a command and holds it open for its side's points. */
function openCounter(
  w: Work,
  ship: string,
  turret: number,
  protect: string,
  weapons: readonly number[],
  chip: number,
  pool: number,
  dice: DiceSource = w.ctx.dice,
): void {
  const first = weapons[0];
  if (first === undefined) return;
  const shot = rollCounter(w, ship, turret, first, protect, chip, pool, dice);
  w.emit({ type: 'space.roll.opened', shot: { ...shot, after: 0, passed: [], rest: weapons.slice(1) } });
}

function ordnanceShip(w: Work, id: string): Ship {
  requirePhase(w.s, ['ordnance'], 'ordnance');
  const ship = actingShip(w, id);
  if (ship.power === 2) fail('SPACE_CANNOT_FIRE', `${ship.name}'s power plant is destroyed: nothing works`);
  return ship;
}

function ordnanceWeapon(w: Work, ship: Ship, turretIndex: number, weapon: number, kind: WeaponKind): Turret {
  const turret = usableTurret(w, ship, turretIndex);
  const wp = turret.weapons[weapon];
  if (!wp) fail('SPACE_WEAPON_UNKNOWN', `turret ${turret.name} has no weapon ${weapon}`);
  if (wp.kind !== kind)
    fail('SPACE_WRONG_WEAPON', `weapon ${weapon} of turret ${turret.name} is a ${wp.kind}`);
  if (wp.usedPhase === w.s.phaseSerial)
    fail('SPACE_WEAPON_USED', `weapon ${weapon} of turret ${turret.name} has been used this phase`);
  if (wp.ready <= 0)
    fail('SPACE_NO_AMMUNITION', `weapon ${weapon} of turret ${turret.name} has no ready round; reload it`);
  gunnerOf(ship, turret);
  return turret;
}

export function launchMissile(w: Work, c: SpaceCommandOf<'space.launch'>): void {
  const s = w.s;
  const ship = ordnanceShip(w, c.ship);
  ordnanceWeapon(w, ship, c.turret, c.weapon, 'missileRack');
  const target = enemyTarget(w, ship, c.target);
  const range = hexDistance(ship.at as Hex, target.at as Hex);
  if (range > LONG_RANGE)
    fail('SPACE_OUT_OF_RANGE', `${target.name} is ${range} hexes away; missiles reach ${LONG_RANGE}`);
  const missile: Missile = {
    id: `m${s.missileSerial + 1}`,
    ship: ship.id,
    side: ship.side,
    target: target.id,
    range,
    computer: computerModel(ship),
    strikesAt: s.playerTurn + (range <= SHORT_RANGE ? 2 : 4),
  };
  w.emit({ type: 'space.missile.launched', missile, turret: c.turret, weapon: c.weapon });
}

export function sandCast(w: Work, c: SpaceCommandOf<'space.sand'>): void {
  const ship = ordnanceShip(w, c.ship);
  ordnanceWeapon(w, ship, c.turret, c.weapon, 'sandCaster');
  w.emit({ type: 'space.sand.cast', ship: ship.id, turret: c.turret, weapon: c.weapon });
}

export function reload(w: Work, c: SpaceCommandOf<'space.reload'>): void {
  const s = w.s;
  const ship = ordnanceShip(w, c.ship);
  // Its gunners may go on loading in the turn they began (their hands not yet all used).
  const loadedNow = ship.turrets[c.turret]?.loadedTurn === s.playerTurn;
  const turret = loadedNow ? (ship.turrets[c.turret] as Turret) : usableTurret(w, ship, c.turret);
  if (loadedNow && (turret.state !== 0 || ship.weaponsState !== 0))
    fail('SPACE_TURRET_DOWN', `${ship.name}'s turret ${turret.name} is out of action`);
  const wp = turret.weapons[c.weapon];
  if (!wp) fail('SPACE_WEAPON_UNKNOWN', `turret ${turret.name} has no weapon ${c.weapon}`);
  if (wp.kind !== 'missileRack' && wp.kind !== 'sandCaster')
    fail('SPACE_WRONG_WEAPON', 'only missile racks and sand casters are reloaded');
  gunnerOf(ship, turret);
  if (turret.firedTurn >= s.playerTurn - 1)
    fail('SPACE_TURRET_BUSY', `turret ${turret.name}'s gunner fired this turn; he reloads the next`);
  // Each gunner at the turret loads one round per turn (§6.10).
  const hands = turret.hands ?? 1;
  const free = hands - (loadedNow ? (turret.loadedRounds ?? 0) : 0);
  if (c.rounds > free)
    fail(
      'SPACE_TOO_FEW_GUNNERS',
      `turret ${turret.name} has ${hands} gunner${hands === 1 ? '' : 's'} loading, one round each a turn: ${free} more this turn`,
      { hands, free },
    );
  if (wp.ready + c.rounds > READY_ROUNDS)
    fail('SPACE_LAUNCHER_FULL', `weapon ${c.weapon} holds ${READY_ROUNDS} ready rounds`);
  const stock = wp.kind === 'missileRack' ? ship.magazine.missiles : ship.magazine.sand;
  if (stock < c.rounds)
    fail(
      'SPACE_MAGAZINE_EMPTY',
      `${ship.name} has no ${wp.kind === 'missileRack' ? 'missiles' : 'sand'} left aboard`,
    );
  w.emit({ type: 'space.reloaded', ship: ship.id, turret: c.turret, weapon: c.weapon, rounds: c.rounds });
}

/** Who may try which repair, and with which skills (§6.12). */
function repairSkills(ship: Ship, item: SpaceCommandOf<'space.repair'>['item'], turret: Turret | undefined) {
  switch (item) {
    case 'power':
    case 'drive':
    case 'jump':
      return [['Engineering', 0]] as const;
    case 'maneuver':
      return [
        ['Engineering', 0],
        ['Gravitics', 0],
      ] as const;
    case 'computer':
    case 'weapons':
      return [['Electronics', 0]] as const;
    case 'hull':
    case 'cabin':
      return [['Mechanical', 0]] as const;
    case 'turret': {
      const beams = turret?.weapons.some((wp) => WEAPONS[wp.kind].beam) ?? false;
      const launchers = turret?.weapons.some((wp) => !WEAPONS[wp.kind].beam) ?? false;
      if (beams && launchers)
        return [
          ['Electronics', 0],
          ['Mechanical', 0],
        ] as const;
      return beams ? ([['Electronics', 0]] as const) : ([['Mechanical', 0]] as const);
    }
  }
  void ship;
}

function needsRepair(
  ship: Ship,
  item: SpaceCommandOf<'space.repair'>['item'],
  turret: Turret | undefined,
): boolean {
  const small = ship.shipClass === 'smallCraft';
  switch (item) {
    case 'power':
      return !small && ship.power === 1;
    case 'drive':
      return small && ship.power === 1;
    case 'maneuver':
      return !ship.maneuver.destroyed && ship.maneuver.now < ship.maneuver.max;
    case 'jump':
      return !ship.jump.destroyed && ship.jump.now < ship.jump.max;
    case 'computer':
      return !ship.computer.destroyed && ship.computer.now < ship.computer.max;
    case 'hull':
      return ship.hullPoints < ship.hullPointsMax;
    case 'turret':
      return turret?.state === 1;
    case 'cabin':
      return small && ship.cabin === 1;
    case 'weapons':
      return small && ship.weaponsState === 1;
  }
}

export function repairRoll(w: Work, c: SpaceCommandOf<'space.repair'>): void {
  const s = w.s;
  requirePhase(s, ['ordnance'], 'damage control');
  const ship = actingShip(w, c.ship);
  if (ship.repairTurn === s.playerTurn)
    fail('SPACE_ALREADY_REPAIRED', `${ship.name} has made its damage-control attempt this turn`);
  const turret = c.item === 'turret' ? ship.turrets[c.turret ?? -1] : undefined;
  if (c.item === 'turret' && !turret)
    fail('SPACE_TURRET_UNKNOWN', `${ship.name} has no turret ${c.turret ?? '(none named)'}`);
  if (!needsRepair(ship, c.item, turret))
    fail('SPACE_NOTHING_TO_REPAIR', `${ship.name}'s ${c.item} is not damaged, or is destroyed`);
  const engineer = ship.crew.engineer;
  if (!engineer) fail('SPACE_NO_ENGINEER', `${ship.name} has no engineer`);
  checkModifiers(w, ship, c.chip, c.pool);
  const dms: Dm[] = [
    skillDm(engineer, repairSkills(ship, c.item, turret) ?? [], w.unskilledDm),
    { label: 'Int DM', value: engineer.intDm },
  ];
  const chipAgainst = chipAgainstOwn(s, ship.side, 'repair', dms);
  const roll = roll2d6(
    w.ctx.dice,
    `damage control on ${ship.name}`,
    dms,
    REPAIR_TARGET,
    c.chip ?? 0,
    c.pool ?? 0,
  );
  if (w.s.windows) {
    // With windows on, the roll waits for the ship's own pool points after the dice (§6.4).
    const repair = { item: c.item, ...(c.item === 'turret' ? { turret: c.turret } : {}) };
    w.emit({
      type: 'space.roll.opened',
      shot: ownRoll(ship, ship.id, 0, roll, { repair }, chipAgainst),
      ...unfound(w.s, ship.id),
    });
    return;
  }
  w.emit({
    type: 'space.repair.rolled',
    ship: ship.id,
    item: c.item,
    ...(c.item === 'turret' ? { turret: c.turret } : {}),
    roll,
    side: ship.side,
    ...(chipAgainst > 0 ? { chipAgainst } : {}),
    ...unfound(w.s, ship.id),
  });
}

/**
 * The other side's chip against a ship's own roll (§6.4: a chip raises or lowers any roll, one a
 * side a roll): 1 when that side's chip guard covers this kind of roll and it has a chip left. The
 * DM goes on the roll's list, named; the chip is taken off when its event is folded.
 */
export function chipAgainstOwn(s: SpaceState, side: Side, kind: OwnRollKind, dms: Dm[]): number {
  const others = s.sides[other(side)];
  if (!others.chipGuard || others.chips <= 0 || !(others.chipAlso ?? []).includes(kind)) return 0;
  dms.push({ label: "other side's fleet chip", value: -1 });
  return 1;
}

/** A ship's own roll held open for its side's points (no turret, no pool guard against it). */
export function ownRoll(
  ship: Ship,
  target: string,
  range: number,
  roll: Roll2d6,
  kind: Pick<OpenShot, 'repair' | 'detect'>,
  chipAgainst = 0,
): OpenShot {
  return {
    ship: ship.id,
    turret: 0,
    weapon: 0,
    target,
    range,
    side: ship.side,
    roll,
    against: 0,
    chipAgainst,
    after: 0,
    passed: [],
    rest: [],
    ...kind,
  };
}

/**
 * Damage control aboard a ship the other side has not found is that side's secret (its seats and
 * the referee see it); a found ship's repairs are for everyone.
 */
function unfound(s: SpaceState, shipId: string): { secret?: true; seen?: string[] } {
  const ship = s.ships[shipId];
  return ship && !ship.detected ? { secret: true, seen: sideSeats(s, ship.side) } : {};
}

export function groundFire(w: Work, c: SpaceCommandOf<'space.ground.fire'>): void {
  const ship = ownShip(w.s, c.ship, w.ctx.actor);
  const turret = usableTurret(w, ship, c.turret);
  const gunner = gunnerOf(ship, turret);
  const silenced = beamsSilenced(ship);
  const usable = turret.weapons.flatMap((wp, i) =>
    (WEAPONS[wp.kind].beam && silenced === null) || (wp.kind === 'missileRack' && wp.ready > 0) ? [i] : [],
  );
  if (usable.length === 0)
    fail('SPACE_NO_AMMUNITION', `turret ${turret.name} has nothing that can fire at the ground`);
  const shots = usable.map((i) => {
    const kind = (turret.weapons[i] as { kind: WeaponKind }).kind;
    const dms: Dm[] = [gunnery(w, gunner, kind), { label: 'computer model', value: computerModel(ship) }];
    const roll = roll2d6(w.ctx.dice, `${ship.name} fires at ${c.target}`, dms, GROUND_TO_HIT);
    if (!roll.success) return { weapon: i, roll, majors: 0 };
    const m = WEAPONS[kind].groundMajors;
    if (m !== 'd6') return { weapon: i, roll, majors: m };
    const face = w.ctx.dice.roll(D6, 'Major penetrations');
    return { weapon: i, roll, majors: face, majorsFace: face };
  });
  w.emit({ type: 'space.ground.fired', ship: ship.id, turret: c.turret, target: c.target, shots });
}

/** Everyone aboard: the people at the posts and the turrets' own gunners, each once. */
function peopleAboard(ship: Ship): Person[] {
  const byName = new Map<string, Person>();
  for (const p of Object.values(ship.crew)) if (p) byName.set(p.name, p);
  for (const t of ship.turrets) if (t.gunner) byName.set(t.gunner.name, t.gunner);
  return [...byName.values()];
}

/** One hit on a ship: the location roll, the critical roll when it leads there, and the effect (§6.11). */
function oneHit(w: Work, id: string, dice: DiceSource, source: string): void {
  const ship = w.s.ships[id] as Ship;
  const a = dice.roll(D6, `hit location on ${ship.name}`);
  const b = dice.roll(D6, `hit location on ${ship.name}`);
  let where = location(ship.shipClass, a + b);
  if (where === 'hull' && ship.hullPoints === 0) where = 'critical';
  if (where === 'cabin' && ship.cabin !== 0) where = 'critical';
  let critFace: number | undefined;
  let item: DamageItem;
  let isCritical = false;
  if (where === 'critical') {
    critFace = dice.roll(D6, `critical hit on ${ship.name}`);
    item = critical(ship.shipClass, critFace);
    isCritical = true;
  } else item = where;
  let effect: DamageEffect = { item, critical: isCritical };
  let killed: string[] | undefined;
  if (item === 'turret') {
    const alive = ship.turrets.flatMap((t, i) => (t.state < 2 ? [i] : []));
    if (alive.length > 0) {
      const face = alive.length === 1 ? 1 : dice.roll(d(alive.length), `which turret of ${ship.name} is hit`);
      effect = { ...effect, turret: alive[face - 1] as number, turretFace: face };
    }
  } else if (item === 'hold') {
    const craft = ship.carried.findIndex((c) => c.state < 2);
    if (ship.cargo > 0) effect = { ...effect, cargoLost: Math.min(CARGO_PER_HIT, ship.cargo) };
    else if (craft >= 0) effect = { ...effect, carried: craft };
  } else if (item === 'cabin') {
    killed = peopleAboard(ship)
      .filter((p) => !p.vaccSuit)
      .map((p) => p.name);
  }
  w.emit({
    type: 'space.damaged',
    ship: id,
    source,
    faces: [a, b],
    ...(critFace === undefined ? {} : { critFace }),
    effect,
    ...(killed === undefined ? {} : { killed }),
  });
  if (item === 'crew') {
    const people: CrewHit[] = peopleAboard(ship).map((p) => {
      const wa = dice.roll(D6, `wound roll for ${p.name}`);
      const wb = dice.roll(D6, `wound roll for ${p.name}`);
      const blowFace = dice.roll(D6, `is ${p.name} blown out into space?`);
      return {
        name: p.name,
        woundFaces: [wa, wb],
        woundRoll: wa + wb + CREW_HIT_PENETRATION - p.armour,
        blowFace,
        blownOut: blowFace === 1,
      };
    });
    w.emit({ type: 'space.crew.hit', ship: id, people });
  }
  if (item === 'explode') {
    w.emit({ type: 'space.ship.destroyed', ship: id, reason: 'exploded' });
    removeMissilesAt(w, id);
  }
}

/** `hits` location rolls on a ship, stopping if it explodes. */
export function damageRolls(w: Work, id: string, hits: number, dice: DiceSource, source: string): void {
  for (let i = 0; i < hits; i++) {
    if ((w.s.ships[id] as Ship).destroyed) return;
    oneHit(w, id, dice, source);
  }
}

/** The acting side's missiles due in this ordnance phase strike (§6.8), entering the phase. */
export function missileStrikes(w: Work): void {
  const dice = othersDice(w.ctx);
  const due = w.s.missiles.filter((m) => m.side === w.s.turnSide && m.strikesAt <= w.s.playerTurn);
  for (const m of due) {
    if (!w.s.missiles.some((x) => x.id === m.id)) continue;
    const target = w.s.ships[m.target] as Ship;
    if (target.destroyed) {
      w.emit({ type: 'space.missiles.removed', missiles: [m.id], reason: 'target destroyed' });
      continue;
    }
    if (target.sand > 0) {
      const sandFace = dice.roll(D6, `does ${target.name}'s sand set off the missile?`);
      if (sandFace <= Math.min(target.sand, MAX_EARLY_DETONATION)) {
        w.emit({
          type: 'space.missile.struck',
          missile: m.id,
          target: target.id,
          sandFace,
          early: true,
          hits: 0,
        });
        continue;
      }
      const hitsFace = dice.roll(D6, `missile hits on ${target.name}`);
      const hits = Math.max(0, hitsFace + HULL_DM[target.hull]);
      w.emit({
        type: 'space.missile.struck',
        missile: m.id,
        target: target.id,
        sandFace,
        early: false,
        hitsFace,
        hits,
      });
      damageRolls(w, target.id, hits, dice, 'missile');
      continue;
    }
    const hitsFace = dice.roll(D6, `missile hits on ${target.name}`);
    const hits = Math.max(0, hitsFace + HULL_DM[target.hull]);
    w.emit({ type: 'space.missile.struck', missile: m.id, target: target.id, early: false, hitsFace, hits });
    damageRolls(w, target.id, hits, dice, 'missile');
  }
}
