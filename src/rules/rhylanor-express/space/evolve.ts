import type { Side } from '../data/space-pack.ts';
import type { RepairItem } from './commands.ts';
import type { DamageEffect, SpaceEvent } from './events.ts';
import type { Level, Rated, Ship, SideInfo, SpaceState, Turret, Weapon } from './model.ts';

/**
 * Folding space events into the state. One implementation, two ways to write: `evolveSpace` copies
 * only what an event touches (the ship it names, the arrays it changes) and shares the rest, for the
 * table's log; `evolveSpaceInPlace` edits the record it is given, for the simulator's working record
 * (no copy per event). Both run the same `apply` below.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type MShip = Mutable<Ship>;
type MState = Mutable<SpaceState>;

interface Writer {
  readonly s: MState;
  ship(id: string): MShip;
  turret(ship: MShip, index: number): Mutable<Turret>;
  weapon(ship: MShip, turret: number, index: number): Mutable<Weapon>;
  side(side: Side): Mutable<SideInfo>;
}

/** Copy-on-write: each object is copied at most once per event. */
class CopyingWriter implements Writer {
  readonly s: MState;
  private shipsCopied = false;
  private sidesCopied = false;
  private readonly copied = new Set<object>();
  constructor(space: SpaceState) {
    this.s = { ...space };
  }
  ship(id: string): MShip {
    if (!this.shipsCopied) {
      this.s.ships = { ...this.s.ships };
      this.shipsCopied = true;
    }
    const ships = this.s.ships as Record<string, Ship>;
    const found = ships[id];
    if (!found) throw new Error(`evolve: no ship ${id}`);
    if (this.copied.has(found)) return found as MShip;
    const copy = { ...found };
    this.copied.add(copy);
    ships[id] = copy;
    return copy as MShip;
  }
  turret(ship: MShip, index: number): Mutable<Turret> {
    if (!this.copied.has(ship.turrets)) {
      ship.turrets = ship.turrets.slice();
      this.copied.add(ship.turrets);
    }
    const list = ship.turrets as Turret[];
    const t = list[index] as Turret;
    if (this.copied.has(t)) return t as Mutable<Turret>;
    const copy = { ...t };
    this.copied.add(copy);
    list[index] = copy;
    return copy as Mutable<Turret>;
  }
  weapon(ship: MShip, turret: number, index: number): Mutable<Weapon> {
    const t = this.turret(ship, turret);
    if (!this.copied.has(t.weapons)) {
      t.weapons = t.weapons.slice();
      this.copied.add(t.weapons);
    }
    const list = t.weapons as Weapon[];
    const w = list[index] as Weapon;
    if (this.copied.has(w)) return w as Mutable<Weapon>;
    const copy = { ...w };
    this.copied.add(copy);
    list[index] = copy;
    return copy as Mutable<Weapon>;
  }
  side(side: Side): Mutable<SideInfo> {
    if (!this.sidesCopied) {
      this.s.sides = { ...this.s.sides };
      this.sidesCopied = true;
    }
    const all = this.s.sides as Record<Side, SideInfo>;
    const found = all[side];
    if (this.copied.has(found)) return found as Mutable<SideInfo>;
    const copy = { ...found };
    this.copied.add(copy);
    all[side] = copy;
    return copy as Mutable<SideInfo>;
  }
}

/** Writes straight into the record (the simulator owns it and never shares it). */
class InPlaceWriter implements Writer {
  constructor(readonly s: MState) {}
  ship(id: string): MShip {
    return (this.s.ships as Record<string, MShip>)[id] as MShip;
  }
  turret(ship: MShip, index: number): Mutable<Turret> {
    return ship.turrets[index] as Mutable<Turret>;
  }
  weapon(ship: MShip, turret: number, index: number): Mutable<Weapon> {
    return (ship.turrets[turret] as Turret).weapons[index] as Mutable<Weapon>;
  }
  side(side: Side): Mutable<SideInfo> {
    return this.s.sides[side] as Mutable<SideInfo>;
  }
}

export function evolveSpace(space: SpaceState, event: SpaceEvent): SpaceState {
  const w = new CopyingWriter(space);
  apply(w, event);
  return w.s;
}

/** The simulator's fold: edits `space` itself (which must not be shared with anything else). */
export function evolveSpaceInPlace(space: SpaceState, event: SpaceEvent): void {
  apply(new InPlaceWriter(space as MState), event);
}

/** A deep copy the simulator can then edit in place. */
export function workingCopy(space: SpaceState): SpaceState {
  return structuredClone(space);
}

function spend(w: Writer, side: Side, ship: string, chip: number, pool: number): void {
  if (chip !== 0) w.side(side).chips -= 1;
  if (pool !== 0) w.ship(ship).pool -= Math.abs(pool);
}

function hitRated(r: Rated, critical: boolean): Rated {
  if (critical || r.now === 0) return { ...r, now: 0, destroyed: true, hits: r.hits + 1 };
  return { ...r, now: r.now - 1, hits: r.hits + 1 };
}

const worse = (l: Level): Level => (l === 0 ? 1 : 2);

function applyDamage(w: Writer, id: string, e: DamageEffect): void {
  const ship = w.ship(id);
  switch (e.item) {
    case 'power':
    case 'drive':
      ship.power = e.critical ? 2 : worse(ship.power);
      ship.powerHits += 1;
      return;
    case 'maneuver':
      ship.maneuver = hitRated(ship.maneuver, e.critical);
      return;
    case 'jump':
      ship.jump = hitRated(ship.jump, e.critical);
      return;
    case 'computer':
      ship.computer = hitRated(ship.computer, e.critical);
      return;
    case 'fuel':
      ship.fuel = Math.max(0, ship.fuel - 10);
      return;
    case 'hull':
      ship.hullPoints = Math.max(0, ship.hullPoints - 1);
      ship.hullHits += 1;
      return;
    case 'hold':
      if (e.cargoLost !== undefined) ship.cargo = Math.max(0, ship.cargo - e.cargoLost);
      else if (e.carried !== undefined) {
        const carried = ship.carried.slice();
        const c = carried[e.carried];
        if (c) carried[e.carried] = { ...c, state: worse(c.state) };
        ship.carried = carried;
      }
      return;
    case 'turret':
      if (e.turret !== undefined) {
        const t = w.turret(ship, e.turret);
        t.state = worse(t.state);
        t.hits += 1;
      }
      return;
    case 'cabin':
      ship.cabin = 1;
      return;
    case 'weapons':
      ship.weaponsState = worse(ship.weaponsState);
      ship.weaponsHits += 1;
      return;
    case 'explode':
      ship.destroyed = true;
      return;
    case 'crew':
    case 'none':
      return;
  }
}

function repair(w: Writer, id: string, item: RepairItem, turret: number | undefined): void {
  const ship = w.ship(id);
  const up = (r: Rated): Rated => ({ ...r, now: Math.min(r.max, r.now + 1) });
  switch (item) {
    case 'power':
    case 'drive':
      if (ship.power === 1) ship.power = 0;
      return;
    case 'maneuver':
      ship.maneuver = up(ship.maneuver);
      return;
    case 'jump':
      ship.jump = up(ship.jump);
      return;
    case 'computer':
      ship.computer = up(ship.computer);
      return;
    case 'hull':
      ship.hullPoints = Math.min(ship.hullPointsMax, ship.hullPoints + 1);
      return;
    case 'turret':
      if (turret !== undefined) {
        const t = w.turret(ship, turret);
        if (t.state === 1) t.state = 0;
      }
      return;
    case 'cabin':
      ship.cabin = 0;
      return;
    case 'weapons':
      if (ship.weaponsState === 1) ship.weaponsState = 0;
      return;
  }
}

function apply(w: Writer, e: SpaceEvent): void {
  const s = w.s;
  switch (e.type) {
    case 'space.scenario.loaded':
      s.scenario = e.scenario;
      s.fixedIntruder = e.intruder;
      s.sides = {
        a: { name: e.sides.a.name, commander: e.sides.a.commander, chips: 0, chipGuard: false },
        b: { name: e.sides.b.name, commander: e.sides.b.commander, chips: 0, chipGuard: false },
      };
      s.ships = {};
      s.order = [];
      s.worlds = [];
      s.missiles = [];
      s.phase = 'setup';
      s.turn = 0;
      s.playerTurn = 0;
      s.intruder = null;
      s.chooser = null;
      s.surpriser = null;
      s.detectionRound = 0;
      s.detectRolls = [];
      s.firedAt = {};
      s.flags = [];
      s.ended = null;
      s.open = null;
      return;
    case 'space.ship.added':
      s.ships = { ...s.ships, [e.ship.id]: e.ship };
      s.order = [...s.order, e.ship.id];
      return;
    case 'space.world.added':
      s.worlds = [...s.worlds, e.world];
      return;
    case 'space.ship.controlled':
      w.ship(e.ship).controller = e.seatId;
      return;
    case 'space.crew.assigned': {
      const ship = w.ship(e.ship);
      ship.crew = { ...ship.crew, [e.post]: e.person };
      return;
    }
    case 'space.gunner.assigned': {
      const t = w.turret(w.ship(e.ship), e.turret);
      t.gunner = e.person;
      if (e.hands !== undefined) t.hands = e.hands;
      return;
    }
    case 'space.commander.assigned':
      w.side(e.side).commander = e.person;
      return;
    case 'space.ship.placed': {
      const ship = w.ship(e.ship);
      ship.at = e.at;
      ship.vel = e.vel;
      ship.past = null;
      return;
    }
    case 'space.posture.set': {
      const ship = w.ship(e.ship);
      ship.quiet = e.quiet;
      ship.detected = ship.detected || !e.quiet;
      return;
    }
    case 'space.detection.begun':
      s.phase = 'detection';
      s.detectionRound = e.round;
      s.detectRolls = [];
      return;
    case 'space.detect.rolled':
      // A roll that waited in a window was counted and paid for when the window opened.
      if (!e.spent) {
        s.detectRolls = [...s.detectRolls, `${e.ship}>${e.target}`];
        spend(w, e.side, e.ship, e.roll.chip, e.roll.pool);
        if (e.chipAgainst) w.side(e.side === 'a' ? 'b' : 'a').chips -= 1;
      }
      if (e.roll.success) w.ship(e.target).detected = true;
      return;
    case 'space.detection.resolved':
      if (e.outcome === 'surprise') {
        s.phase = 'surprise';
        s.surpriser = e.surpriser;
        s.chooser = e.surpriser;
      } else if (e.outcome === 'battle') s.phase = 'setup';
      return;
    case 'space.initiative.rolled':
      s.chooser = e.chooser;
      s.phase = 'roles';
      return;
    case 'space.roles.chosen':
      s.intruder = e.intruder;
      s.turnSide = e.intruder;
      s.phase = 'movement';
      s.turn = 1;
      s.playerTurn = 0;
      s.phaseSerial += 1;
      w.side('a').chips = e.chips.a;
      w.side('b').chips = e.chips.b;
      for (const [id, pool] of Object.entries(e.pools)) w.ship(id).pool = pool;
      return;
    case 'space.ship.moved': {
      const ship = w.ship(e.ship);
      ship.past = e.from;
      ship.at = e.to;
      ship.vel = e.vel;
      ship.movedPhase = s.phaseSerial;
      if (e.sandLost > 0) ship.sand = 0;
      if (e.worldEntered.length > 0) {
        s.flags = [
          ...s.flags,
          ...e.worldEntered.map((at) => ({
            ship: e.ship,
            kind: 'worldEntered' as const,
            at,
            playerTurn: s.playerTurn,
          })),
        ];
      }
      return;
    }
    case 'space.phase.ended':
      if (e.playerTurn !== s.playerTurn) s.firedAt = {};
      s.phase = e.phase;
      s.turnSide = e.turnSide;
      s.turn = e.turn;
      s.playerTurn = e.playerTurn;
      s.phaseSerial += 1;
      return;
    case 'space.fired': {
      const ship = w.ship(e.ship);
      ship.detected = true;
      const t = w.turret(ship, e.turret);
      t.firedTurn = s.playerTurn;
      if (e.at === 'ship') {
        t.firedAt = e.target;
        t.firedPhase = s.phaseSerial;
        if (s.phase === 'laser') {
          const before = s.firedAt[e.target] ?? [];
          if (!before.includes(e.ship)) s.firedAt = { ...s.firedAt, [e.target]: [...before, e.ship] };
        }
      }
      w.weapon(ship, e.turret, e.weapon).usedPhase = s.phaseSerial;
      if (!e.spent) {
        spend(w, e.side, e.ship, e.roll.chip, e.roll.pool);
        if (e.against) w.ship(e.target).pool -= e.against;
        if (e.chipAgainst) w.side(e.side === 'a' ? 'b' : 'a').chips -= 1;
      }
      if (e.missilesDestroyed && e.missilesDestroyed.length > 0) {
        const gone = new Set(e.missilesDestroyed);
        s.missiles = s.missiles.filter((m) => !gone.has(m.id));
      }
      return;
    }
    case 'space.damaged':
      applyDamage(w, e.ship, e.effect);
      return;
    case 'space.crew.hit':
      // The wounds themselves belong to the people's sheets (personal combat's wound table).
      return;
    case 'space.ship.destroyed':
      w.ship(e.ship).destroyed = true;
      return;
    case 'space.missile.launched': {
      const ship = w.ship(e.missile.ship);
      ship.detected = true;
      const weapon = w.weapon(ship, e.turret, e.weapon);
      weapon.ready -= 1;
      weapon.usedPhase = s.phaseSerial;
      w.turret(ship, e.turret).firedTurn = s.playerTurn;
      s.missiles = [...s.missiles, e.missile];
      s.missileSerial += 1;
      return;
    }
    case 'space.missile.struck':
      s.missiles = s.missiles.filter((m) => m.id !== e.missile);
      return;
    case 'space.missiles.removed': {
      const gone = new Set(e.missiles);
      s.missiles = s.missiles.filter((m) => !gone.has(m.id));
      return;
    }
    case 'space.sand.cast': {
      const ship = w.ship(e.ship);
      const weapon = w.weapon(ship, e.turret, e.weapon);
      weapon.ready -= 1;
      weapon.usedPhase = s.phaseSerial;
      w.turret(ship, e.turret).firedTurn = s.playerTurn;
      ship.sand += 1;
      return;
    }
    case 'space.reloaded': {
      const ship = w.ship(e.ship);
      const weapon = w.weapon(ship, e.turret, e.weapon);
      weapon.ready += e.rounds;
      const missile = weapon.kind === 'missileRack';
      ship.magazine = {
        missiles: ship.magazine.missiles - (missile ? e.rounds : 0),
        sand: ship.magazine.sand - (missile ? 0 : e.rounds),
      };
      const t = w.turret(ship, e.turret);
      t.busyUntil = s.playerTurn + 2;
      t.loadedRounds = (t.loadedTurn === s.playerTurn ? (t.loadedRounds ?? 0) : 0) + e.rounds;
      t.loadedTurn = s.playerTurn;
      return;
    }
    case 'space.repair.rolled':
      w.ship(e.ship).repairTurn = s.playerTurn;
      if (!e.spent) {
        spend(w, e.side, e.ship, e.roll.chip, e.roll.pool);
        if (e.chipAgainst) w.side(e.side === 'a' ? 'b' : 'a').chips -= 1;
      }
      if (e.roll.success) repair(w, e.ship, e.item, e.turret);
      return;
    case 'space.ground.fired': {
      const ship = w.ship(e.ship);
      for (const shot of e.shots) {
        const weapon = w.weapon(ship, e.turret, shot.weapon);
        if (weapon.kind === 'missileRack') weapon.ready -= 1;
      }
      return;
    }
    case 'space.overridden': {
      const ship = w.ship(e.ship);
      const p = e.patch as Partial<Record<string, unknown>>;
      if (p.at !== undefined) ship.at = p.at as Ship['at'];
      if (p.vel !== undefined) ship.vel = p.vel as Ship['vel'];
      if (p.past !== undefined) ship.past = p.past as Ship['past'];
      if (typeof p.hullPoints === 'number') ship.hullPoints = p.hullPoints;
      if (typeof p.sand === 'number') ship.sand = p.sand;
      if (typeof p.maneuver === 'number') ship.maneuver = { ...ship.maneuver, now: p.maneuver };
      if (typeof p.jump === 'number') ship.jump = { ...ship.jump, now: p.jump };
      if (typeof p.computer === 'number') ship.computer = { ...ship.computer, now: p.computer };
      if (typeof p.power === 'number') ship.power = p.power as Level;
      if (typeof p.pool === 'number') ship.pool = p.pool;
      if (typeof p.detected === 'boolean') ship.detected = p.detected;
      if (typeof p.destroyed === 'boolean') ship.destroyed = p.destroyed;
      return;
    }
    case 'space.windows.set':
      s.windows = e.on;
      return;
    case 'space.roll.opened':
      s.open = e.shot;
      // A shot, even one still waiting, gives the firing ship away (damage control and a
      // navigator's look do not).
      if (e.shot.repair) w.ship(e.shot.ship).repairTurn = s.playerTurn;
      else if (e.shot.detect) s.detectRolls = [...s.detectRolls, `${e.shot.ship}>${e.shot.target}`];
      else w.ship(e.shot.ship).detected = true;
      spend(w, e.shot.side, e.shot.ship, e.shot.roll.chip, e.shot.roll.pool);
      if (e.shot.against) w.ship(e.shot.target).pool -= e.shot.against;
      if (e.shot.chipAgainst) w.side(e.shot.side === 'a' ? 'b' : 'a').chips -= 1;
      return;
    case 'space.pool.added':
      w.ship(e.ship).pool -= Math.abs(e.points);
      if (s.open) s.open = { ...s.open, after: s.open.after + e.points, passed: [] };
      return;
    case 'space.roll.passed':
      if (s.open) s.open = { ...s.open, passed: [...s.open.passed, e.side] };
      return;
    case 'space.roll.closed':
      s.open = null;
      return;
    case 'space.chip.guarded':
      w.side(e.side).chipGuard = e.on;
      w.side(e.side).chipAlso = e.on ? (e.also ?? []) : [];
      return;
    case 'space.pool.guarded':
      w.ship(e.ship).guard = e.points;
      return;
    case 'space.flag.cleared':
      s.flags = s.flags.filter((_, i) => i !== e.index);
      return;
    case 'space.battle.ended':
      s.phase = 'ended';
      s.ended = e.reason;
      return;
  }
}
