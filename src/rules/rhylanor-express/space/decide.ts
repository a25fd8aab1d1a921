import { type Hex, hexDistance } from '../../../engine/board/hex-grid.ts';
import { type DecideContext, othersDice, type Seat } from '../../../engine/ruleset.ts';
import {
  findDesign,
  findPerson,
  findScenario,
  type Person,
  POSTS,
  type Side,
  type SpacePack,
  type SpaceScenario,
} from '../data/space-pack.ts';
import {
  chipAgainstOwn,
  closeShot,
  counterFire,
  damageRolls,
  fireAtShip,
  groundFire,
  launchMissile,
  missileStrikes,
  ownRoll,
  reload,
  repairRoll,
  sandCast,
  windowSecrecy,
} from './combat.ts';
import type { SpaceCommand, SpaceCommandOf } from './commands.ts';
import type { RepairLine, SpaceEvent } from './events.ts';
import { type OpenShot, other, ownRollOnly, type Ship, type SpaceState } from './model.ts';
import { roll2d6, skillDm } from './rolls.ts';
import { newShip, standardPlacement, vectorToward } from './ships.ts';
import { DETECT_ACTIVE, DETECT_QUIET, SURPRISE_MAX, SURPRISE_MIN } from './tables.ts';
import { moveShip } from './turn.ts';
import {
  checkModifiers,
  fail,
  findShip,
  hiddenFor,
  isGm,
  mayActForSide,
  ownShip,
  removeMissilesAt,
  requirePhase,
  sideSeats,
  Work,
} from './work.ts';

function notStarted(s: SpaceState): void {
  if (s.phase !== 'setup' && s.phase !== 'detection' && s.phase !== 'surprise' && s.phase !== 'roles')
    fail('SPACE_BATTLE_STARTED', 'the battle has begun: the referee overrides instead');
}

function inBattle(s: SpaceState): void {
  if (s.phase === 'ended') fail('SPACE_BATTLE_ENDED', 'the battle is over');
}

function placeShips(w: Work, scenario: SpaceScenario | null): void {
  const s = w.s;
  const placed = standardPlacement(s);
  for (const id of s.order) {
    const ship = s.ships[id] as Ship;
    const given = scenario?.ships.find((sh) => sh.name === ship.name);
    const at = scenario?.start !== 'standard' && given?.at ? given.at : placed[id]?.at;
    const vel = scenario?.start !== 'standard' && given?.vel ? given.vel : placed[id]?.vel;
    if (at && vel) w.emit({ type: 'space.ship.placed', ship: id, at, vel, ...hiddenFor(w.s, ship) });
  }
}

function person(pack: SpacePack, name: string | undefined): Person | null {
  return name === undefined ? null : (findPerson(pack, name) ?? null);
}

function loadScenario(w: Work, c: SpaceCommandOf<'space.scenario.load'>): void {
  const scenario = findScenario(w.pack, c.scenario);
  if (!scenario)
    fail('SPACE_SCENARIO_UNKNOWN', `the pack has no scenario "${c.scenario}"`, { scenario: c.scenario });
  w.emit({
    type: 'space.scenario.loaded',
    scenario: scenario.name,
    sides: {
      a: { name: scenario.sides.a.name, commander: person(w.pack, scenario.sides.a.commander) },
      b: { name: scenario.sides.b.name, commander: person(w.pack, scenario.sides.b.commander) },
    },
    intruder: scenario.intruder ?? null,
  });
  for (const world of scenario.worlds)
    w.emit({ type: 'space.world.added', world: { name: world.world, at: world.at } });
  scenario.ships.forEach((entry, i) => {
    const design = findDesign(w.pack, entry.design);
    if (!design) fail('SPACE_DESIGN_UNKNOWN', `the pack has no ship design "${entry.design}"`);
    const crew: Partial<Record<(typeof POSTS)[number], Person>> = {};
    for (const post of POSTS) {
      const p = person(w.pack, entry.crew[post]);
      if (p) crew[post] = p;
    }
    const gunners = entry.turretGunners.map((g) => person(w.pack, g));
    const ship = newShip(`s${i + 1}`, entry.name, design, entry.side, w.pack, {
      crew,
      gunners,
      quiet: entry.quiet,
    });
    w.emit({ type: 'space.ship.added', ship, ...hiddenFor(w.s, ship) });
  });
  placeShips(w, scenario);
  if (scenario.start === 'detection') w.emit({ type: 'space.detection.begun', round: 1 });
}

function addShip(w: Work, c: SpaceCommandOf<'space.ship.add'>): void {
  notStarted(w.s);
  const design = findDesign(w.pack, c.design);
  if (!design)
    fail('SPACE_DESIGN_UNKNOWN', `the pack has no ship design "${c.design}"`, { design: c.design });
  if (design.vehicle) fail('SPACE_NOT_A_SHIP', `${design.name} is a vehicle, not a ship`);
  if (w.s.order.length >= 100) fail('SPACE_TOO_MANY_SHIPS', 'a battle holds at most 100 ships');
  const ship = newShip(`s${w.s.order.length + 1}`, c.name, design, c.side, w.pack, {
    crew: {},
    gunners: [],
    quiet: c.quiet ?? false,
    at: c.at,
    vel: c.vel,
  });
  w.emit({ type: 'space.ship.added', ship, ...hiddenFor(w.s, ship) });
}

function detect(w: Work, c: SpaceCommandOf<'space.detect'>): void {
  const s = w.s;
  requirePhase(s, ['detection'], 'a detection roll');
  const ship = ownShip(s, c.ship, w.ctx.actor);
  const target = c.target === undefined ? nearestUnfound(s, ship) : s.ships[c.target];
  // A player learns nothing about ships it has not found, not even that an id is taken.
  if (c.target === undefined && !target)
    fail('SPACE_NOTHING_TO_FIND', `${ship.name} has no enemy left to look for this round`);
  if (!target || target.side === ship.side)
    fail('SPACE_SHIP_UNKNOWN', `there is no enemy ship "${c.target}"`);
  if (target.detected) fail('SPACE_TARGET_DETECTED', `${target.name} is already found`);
  if (s.detectRolls.includes(`${ship.id}>${target.id}`))
    fail('SPACE_ALREADY_ROLLED', `${ship.name} has already looked for that ship this round`);
  const navigator = ship.crew.navigator;
  if (!navigator) fail('SPACE_NO_NAVIGATOR', `${ship.name} has no navigator`);
  checkModifiers(w, ship, c.chip, c.pool);
  const dms = [
    skillDm(
      navigator,
      [
        ['Navigation', 0],
        ['Computer', 0],
      ],
      w.unskilledDm,
    ),
    { label: 'computer model', value: ship.computer.destroyed ? 0 : ship.computer.now },
  ];
  const need = ship.quiet ? DETECT_QUIET : DETECT_ACTIVE;
  const chipAgainst = chipAgainstOwn(s, ship.side, 'detect', dms);
  const roll = roll2d6(w.ctx.dice, `detection by ${ship.name}`, dms, need, c.chip ?? 0, c.pool ?? 0);
  if (s.windows) {
    // With windows on, the look waits for its own side's points after the dice (§6.4), in secret.
    w.emit({
      type: 'space.roll.opened',
      shot: ownRoll(
        ship,
        target.id,
        ship.at && target.at ? hexDistance(ship.at, target.at) : 0,
        roll,
        {
          detect: true,
        },
        chipAgainst,
      ),
      secret: true,
      seen: sideSeats(s, ship.side),
    });
    return;
  }
  w.emit({
    type: 'space.detect.rolled',
    ship: ship.id,
    target: target.id,
    side: ship.side,
    roll,
    ...(chipAgainst > 0 ? { chipAgainst } : {}),
    secret: true,
    seen: sideSeats(s, ship.side),
  });
}

/**
 * The enemy ship a navigator looks for when the player names none (he cannot name a ship he has
 * not found): the nearest unfound one, in play, he has not tried this round; ties by entry order.
 */
function nearestUnfound(s: SpaceState, ship: Ship): Ship | undefined {
  let best: Ship | undefined;
  let bestRange = Number.POSITIVE_INFINITY;
  for (const id of s.order) {
    const other = s.ships[id] as Ship;
    if (other.side === ship.side || other.detected || other.destroyed) continue;
    if (s.detectRolls.includes(`${ship.id}>${other.id}`)) continue;
    const range = ship.at && other.at ? hexDistance(ship.at, other.at) : Number.MAX_SAFE_INTEGER;
    if (range < bestRange) {
      best = other;
      bestRange = range;
    }
  }
  return best;
}

function resolveDetection(w: Work): void {
  const s = w.s;
  requirePhase(s, ['detection'], 'resolving detection');
  const hidden = (side: Side) =>
    s.order.every((id) => {
      const ship = s.ships[id] as Ship;
      return ship.side !== side || !ship.detected;
    });
  const a = hidden('a');
  const b = hidden('b');
  if (a && b) {
    w.emit({ type: 'space.detection.resolved', outcome: 'again', surpriser: null, secret: false, seen: [] });
    w.emit({ type: 'space.detection.begun', round: s.detectionRound + 1 });
  } else if (a || b) {
    const surpriser = a ? 'a' : 'b';
    // The side taken by surprise learns nothing until the battle starts.
    w.emit({
      type: 'space.detection.resolved',
      outcome: 'surprise',
      surpriser,
      secret: true,
      seen: sideSeats(s, surpriser),
    });
  } else {
    w.emit({ type: 'space.detection.resolved', outcome: 'battle', surpriser: null, secret: false, seen: [] });
    placeShips(w, null);
  }
}

function surprisePlace(w: Work, c: SpaceCommandOf<'space.surprise.place'>): void {
  const s = w.s;
  requirePhase(s, ['surprise'], 'placing a ship under surprise');
  const ship = ownShip(s, c.ship, w.ctx.actor);
  if (ship.side !== s.surpriser) fail('SPACE_NOT_SURPRISER', 'only the side with surprise places its ships');
  const enemies = s.order
    .map((id) => s.ships[id] as Ship)
    .filter((e) => e.side !== ship.side && e.at !== null);
  const nearest = Math.min(...enemies.map((e) => hexDistance(c.at, e.at as Hex)));
  if (enemies.length > 0 && (nearest < SURPRISE_MIN || nearest > SURPRISE_MAX))
    fail(
      'SPACE_PLACEMENT_RANGE',
      `a surprising ship starts ${SURPRISE_MIN}–${SURPRISE_MAX} hexes from the enemy`,
      {
        distance: nearest,
      },
    );
  const vel = c.vel ?? vectorToward(c.at, centre(enemies));
  w.emit({ type: 'space.ship.placed', ship: ship.id, at: c.at, vel, ...hiddenFor(s, ship) });
}

function centre(ships: readonly Ship[]): Hex {
  if (ships.length === 0) return { q: 0, r: 0 };
  let q = 0;
  let r = 0;
  for (const sh of ships) {
    q += (sh.at as Hex).q;
    r += (sh.at as Hex).r;
  }
  return { q: Math.round(q / ships.length), r: Math.round(r / ships.length) };
}

function spaceTactics(p: Person | null | undefined): number {
  return p?.skills['Space Tactics'] ?? 0;
}

function initiative(w: Work): void {
  const s = w.s;
  requirePhase(s, ['setup'], 'the set-up score');
  if (s.order.length === 0) fail('SPACE_NO_SHIPS', 'no ships are in play');
  for (const side of ['a', 'b'] as const)
    if (!s.order.some((id) => s.ships[id]?.side === side && s.ships[id]?.at !== null))
      fail('SPACE_NOT_PLACED', `side ${side} has no ship on the map`);
  const count = (side: Side) =>
    s.order.filter((id) => s.ships[id]?.side === side && !s.ships[id]?.destroyed).length;
  const scores = {
    a: count('a') + spaceTactics(s.sides.a.commander),
    b: count('b') + spaceTactics(s.sides.b.commander),
  };
  const rollOffs: { a: [number, number]; b: [number, number] }[] = [];
  let chooser: Side;
  if (s.fixedIntruder) chooser = s.fixedIntruder;
  else if (scores.a !== scores.b) chooser = scores.a > scores.b ? 'a' : 'b';
  else {
    const dice = othersDice(w.ctx);
    for (;;) {
      const a = roll2d6(dice, 'roll-off for the set-up (side A)', [], 0);
      const b = roll2d6(dice, 'roll-off for the set-up (side B)', [], 0);
      rollOffs.push({ a: a.faces as [number, number], b: b.faces as [number, number] });
      if (a.total !== b.total) {
        chooser = a.total > b.total ? 'a' : 'b';
        break;
      }
      if (rollOffs.length > 100) fail('SPACE_ROLL_OFF_ENDLESS', 'the roll-off tied 100 times');
    }
  }
  w.emit({ type: 'space.initiative.rolled', scores, rollOffs, chooser });
  if (s.fixedIntruder) chooseRoles(w, s.fixedIntruder);
}

function chooseRoles(w: Work, intruder: Side): void {
  const s = w.s;
  const chips = {
    a: Math.max(0, spaceTactics(s.sides.a.commander) + (s.sides.a.commander?.intDm ?? 0)),
    b: Math.max(0, spaceTactics(s.sides.b.commander) + (s.sides.b.commander?.intDm ?? 0)),
  };
  const pools: Record<string, number> = {};
  for (const id of s.order) {
    const ship = s.ships[id] as Ship;
    // A person holding two posts counts once.
    const people = new Map<string, Person>();
    for (const post of POSTS) {
      const p = ship.crew[post];
      if (p) people.set(p.name, p);
    }
    let pool = 0;
    for (const p of people.values()) pool += spaceTactics(p);
    pools[id] = pool;
  }
  w.emit({ type: 'space.roles.chosen', intruder, chips, pools });
}

function roles(w: Work, c: SpaceCommandOf<'space.roles'>): void {
  const s = w.s;
  requirePhase(s, ['roles', 'surprise'], 'choosing Intruder and Native');
  const chooser = s.chooser;
  if (chooser === null || !mayActForSide(s, w.ctx.actor, chooser))
    fail('SPACE_NOT_CHOOSER', 'the other side chooses who is Intruder');
  if (
    s.phase === 'surprise' &&
    s.order.some((id) => s.ships[id]?.side === chooser && s.ships[id]?.at === null)
  )
    fail('SPACE_NOT_PLACED', 'place every ship before the battle starts');
  chooseRoles(w, c.intruder);
}

function endPhase(w: Work): void {
  const s = w.s;
  requirePhase(s, ['movement', 'laser', 'return', 'ordnance'], 'ending a phase');
  const acting = s.phase === 'return' ? other(s.turnSide) : s.turnSide;
  if (!mayActForSide(s, w.ctx.actor, acting)) fail('SPACE_NOT_YOUR_TURN', 'the other side is acting');
  const base = { turnSide: s.turnSide, turn: s.turn, playerTurn: s.playerTurn };
  switch (s.phase) {
    case 'movement':
      // Ships not moved keep their vector: they move with no thrust.
      for (const id of s.order) {
        const ship = w.s.ships[id] as Ship;
        if (
          ship.side === s.turnSide &&
          !ship.destroyed &&
          ship.at !== null &&
          ship.movedPhase !== s.phaseSerial
        )
          moveShip(w, ship, { q: 0, r: 0 });
      }
      w.emit({ type: 'space.phase.ended', phase: 'laser', ...base });
      return;
    case 'laser':
      w.emit({ type: 'space.phase.ended', phase: 'return', ...base });
      return;
    case 'return':
      w.emit({ type: 'space.phase.ended', phase: 'ordnance', ...base });
      missileStrikes(w);
      return;
    case 'ordnance': {
      const native = s.intruder === null ? other(s.turnSide) : other(s.intruder);
      const nextTurn = s.turnSide === native ? s.turn + 1 : s.turn;
      w.emit({
        type: 'space.phase.ended',
        phase: 'movement',
        turnSide: other(s.turnSide),
        turn: nextTurn,
        playerTurn: s.playerTurn + 1,
      });
      return;
    }
  }
}

function override(w: Work, c: SpaceCommandOf<'space.override'>): void {
  const ship = findShip(w.s, c.ship, w.ctx.actor);
  const { type: _type, ship: _ship, ...patch } = c;
  if (patch.hullPoints !== undefined && patch.hullPoints > ship.hullPointsMax)
    fail('SPACE_OVERRIDE_RANGE', `${ship.name} has at most ${ship.hullPointsMax} hull points`);
  if (patch.maneuver !== undefined && patch.maneuver > ship.maneuver.max)
    fail('SPACE_OVERRIDE_RANGE', `${ship.name}'s drive is rated ${ship.maneuver.max} G`);
  if (patch.jump !== undefined && patch.jump > ship.jump.max)
    fail('SPACE_OVERRIDE_RANGE', `${ship.name}'s jump drive is rated ${ship.jump.max}`);
  if (patch.computer !== undefined && patch.computer > ship.computer.max)
    fail('SPACE_OVERRIDE_RANGE', `${ship.name}'s computer is model ${ship.computer.max}`);
  if (Object.keys(patch).length === 0) fail('SPACE_OVERRIDE_EMPTY', 'the override changes nothing');
  const detected = patch.detected ?? ship.detected;
  w.emit({
    type: 'space.overridden',
    ship: ship.id,
    patch,
    secret: !detected,
    seen: sideSeats(w.s, ship.side),
  });
  if (patch.destroyed) removeMissilesAt(w, ship.id);
}

function endBattle(w: Work, reason: string): void {
  const dice = othersDice(w.ctx);
  const repairs: RepairLine[] = [];
  for (const id of w.s.order) {
    const ship = w.s.ships[id] as Ship;
    const line = (item: string, hits: number, destroyed: boolean) => {
      if (hits === 0) return;
      if (destroyed) repairs.push({ ship: id, item, hits, cost: 'full' });
      else if (hits === 1) repairs.push({ ship: id, item, hits, cost: 'free' });
      else {
        const face = dice.roll({ name: 'd6', sides: 6 }, `repair cost of ${ship.name}'s ${item}`);
        repairs.push({ ship: id, item, hits, cost: 'percent', percent: face * 10, face });
      }
    };
    line(ship.shipClass === 'smallCraft' ? 'drive' : 'power plant', ship.powerHits, ship.power === 2);
    line('maneuver drive', ship.maneuver.hits, ship.maneuver.destroyed);
    line('jump drive', ship.jump.hits, ship.jump.destroyed);
    line('computer', ship.computer.hits, ship.computer.destroyed);
    line('hull', ship.hullHits, false);
    line('weapons', ship.weaponsHits, ship.weaponsState === 2);
    ship.turrets.forEach((t) => {
      line(`turret ${t.name}`, t.hits, t.state === 2);
    });
  }
  w.emit({ type: 'space.battle.ended', reason, repairs });
}

/** Checks a space command against the state and returns the events it causes (throws RuleError). */
export function decideSpace(
  space: SpaceState,
  command: SpaceCommand,
  ctx: DecideContext,
  pack: SpacePack,
): SpaceEvent[] {
  return decideInto(new Work(space, ctx, pack), command);
}

/**
 * The simulator's decide: the events are folded into `space` itself as they are made, so it needs
 * no fold afterwards and copies nothing. Every check comes before the first event, so a refused
 * command leaves the record as it was; `space` must be the caller's own (see `workingCopy`).
 */
export function decideSpaceInPlace(
  space: SpaceState,
  command: SpaceCommand,
  ctx: DecideContext,
  pack: SpacePack,
): SpaceEvent[] {
  return decideInto(new Work(space, ctx, pack, true), command);
}

/**
 * The open roll, if the actor may know of it: a roll the actor's side may not see (the other
 * side's look, or its damage control aboard an unfound ship) is refused as if none were open.
 */
function openFor(s: SpaceState, actor: Seat): OpenShot {
  const open = s.open;
  if (!open || !seesOpen(s, actor)) fail('SPACE_NO_OPEN_ROLL', 'no roll is waiting for pool points');
  return open;
}

/** Whether the actor may know of the open roll (a secret one reaches only its side and the referee). */
function seesOpen(s: SpaceState, actor: Seat): boolean {
  if (!s.open) return false;
  const secret = windowSecrecy(s);
  return !secret.secret || isGm(actor) || (secret.seen ?? []).includes(actor.seatId);
}

/**
 * The pool window's commands on a space roll (§6.4): the same `pool.spend`, `pool.pass` and
 * `window.close` as a firefight's (§7.3), routed here by the ruleset when a space roll is open.
 */
export type SpaceWindowCommand =
  | {
      readonly type: 'pool.spend';
      readonly ship: string;
      readonly delta: number;
      readonly rollIndex?: number;
    }
  | { readonly type: 'pool.pass'; readonly side?: Side }
  | {
      readonly type: 'window.close';
      readonly totals?: readonly { readonly index: number; readonly total: number }[];
    };

export function decideSpaceWindow(
  space: SpaceState,
  command: SpaceWindowCommand,
  ctx: DecideContext,
  pack: SpacePack,
): SpaceEvent[] {
  const w = new Work(space, ctx, pack);
  // A roll this seat may not know of answers as the firefight's would with none open: no hint.
  if (command.type !== 'pool.spend' && !seesOpen(space, ctx.actor))
    fail('NO_OPEN_ROLL', 'no roll is waiting for pool points');
  switch (command.type) {
    case 'pool.spend':
      // A space window holds one roll (a volley's next weapon rolls when it closes).
      if ((command.rollIndex ?? 0) !== 0) fail('INVALID_VALUE', 'the open space roll is roll 0');
      spendAfter(w, command.ship, command.delta);
      break;
    case 'pool.pass':
      passRoll(w, command.side);
      break;
    case 'window.close': {
      const totals = command.totals ?? [];
      const bad = totals.find((t) => t.index !== 0);
      if (bad) fail('INVALID_VALUE', 'the open space roll is roll 0', { index: bad.index });
      closeRoll(w, totals[0]?.total);
      break;
    }
  }
  return w.events;
}

/** Pool points on the open roll after its dice, by the ship making it or the ship it is against. */
function spendAfter(w: Work, shipId: string, points: number): void {
  const s = w.s;
  const open = openFor(s, w.ctx.actor);
  const ship = ownShip(s, shipId, w.ctx.actor);
  // A ship's own roll (repair, counter-fire, a look) takes only that ship's points.
  if (ship.id !== open.ship && (ownRollOnly(open) || ship.id !== open.target))
    fail('SPACE_NOT_IN_ROLL', `${ship.name} neither makes this roll nor is its target`);
  if (points === 0) fail('SPACE_NO_POOL', 'spend at least one point, or pass');
  if (Math.abs(points) > ship.pool)
    fail('SPACE_NO_POOL', `${ship.name} has ${ship.pool} pool points, not ${Math.abs(points)}`);
  w.emit({ type: 'space.pool.added', ship: ship.id, points, ...windowSecrecy(s) });
}

/** A side passes on the open roll; when every side with a say has, it closes (`closeShot`). */
function passRoll(w: Work, named?: Side): void {
  const s = w.s;
  const actor = w.ctx.actor;
  const open = openFor(s, actor);
  // Damage control, counter-fire and a look are the ship's own: only its side has a say.
  const sides = ownRollOnly(open) ? [open.side] : [open.side, other(open.side)];
  const side = sides.find(
    (sd) => (named === undefined || sd === named) && mayActForSide(s, actor, sd) && !open.passed.includes(sd),
  );
  if (!side) fail('SPACE_NOT_IN_ROLL', 'your side has nothing to pass on this roll');
  w.emit({ type: 'space.roll.passed', side, ...windowSecrecy(s) });
  if (sides.every((sd) => (w.s.open as NonNullable<SpaceState['open']>).passed.includes(sd))) closeShot(w);
}

/** The referee closes the open roll for everyone, optionally setting its total (an override). */
function closeRoll(w: Work, total?: number): void {
  if (!isGm(w.ctx.actor)) fail('ROLE_NOT_ALLOWED', 'only the referee closes a roll for everyone');
  openFor(w.s, w.ctx.actor);
  closeShot(w, total);
}

/** What may be sent while a shot waits for pool points after its dice. */
const DURING_WINDOW = new Set<SpaceCommand['type']>([
  'space.pool.after',
  'space.roll.pass',
  'space.override',
  'space.battle.end',
  'space.ship.control',
]);

function decideInto(w: Work, command: SpaceCommand): SpaceEvent[] {
  const space = w.s;
  const { ctx, pack } = w;
  if (space.open && !DURING_WINDOW.has(command.type))
    fail('SPACE_ROLL_OPEN', 'a shot waits for pool points after its dice: spend them or pass first');
  const s = space;
  const actor = ctx.actor;
  switch (command.type) {
    case 'space.scenario.load':
      loadScenario(w, command);
      break;
    case 'space.ship.add':
      addShip(w, command);
      break;
    case 'space.world.add': {
      notStarted(s);
      if (!pack.worlds.some((wd) => wd.name === command.world))
        fail('SPACE_WORLD_UNKNOWN', `the pack has no world "${command.world}"`);
      if (s.worlds.length >= 50) fail('SPACE_TOO_MANY_WORLDS', 'a battle map holds at most 50 worlds');
      w.emit({ type: 'space.world.added', world: { name: command.world, at: command.at } });
      break;
    }
    case 'space.ship.control': {
      const ship = findShip(s, command.ship, actor);
      w.emit({ type: 'space.ship.controlled', ship: ship.id, seatId: command.seatId });
      break;
    }
    case 'space.crew.assign': {
      const ship = findShip(s, command.ship, actor);
      w.emit({
        type: 'space.crew.assigned',
        ship: ship.id,
        post: command.post,
        person: command.person,
        secret: true,
        seen: sideSeats(s, ship.side),
      });
      break;
    }
    case 'space.gunner.assign': {
      const ship = findShip(s, command.ship, actor);
      if (command.turret >= ship.turrets.length)
        fail('SPACE_TURRET_UNKNOWN', `${ship.name} has no turret ${command.turret}`);
      w.emit({
        type: 'space.gunner.assigned',
        ship: ship.id,
        turret: command.turret,
        person: command.person,
        ...(command.hands === undefined ? {} : { hands: command.hands }),
        secret: true,
        seen: sideSeats(s, ship.side),
      });
      break;
    }
    case 'space.commander.assign':
      notStarted(s);
      w.emit({
        type: 'space.commander.assigned',
        side: command.side,
        person: command.person,
        secret: true,
        seen: sideSeats(s, command.side),
      });
      break;
    case 'space.setup.standard':
      requirePhase(s, ['setup'], 'the standard set-up');
      placeShips(w, null);
      break;
    case 'space.posture': {
      requirePhase(s, ['setup', 'detection'], 'declaring quiet or active');
      const ship = ownShip(s, command.ship, actor);
      const after = { ...ship, detected: ship.detected || !command.quiet };
      w.emit({ type: 'space.posture.set', ship: ship.id, quiet: command.quiet, ...hiddenFor(s, after) });
      break;
    }
    case 'space.detection.begin':
      requirePhase(s, ['setup'], 'a detection round');
      w.emit({ type: 'space.detection.begun', round: s.detectionRound + 1 });
      break;
    case 'space.detect':
      detect(w, command);
      break;
    case 'space.detection.resolve':
      resolveDetection(w);
      break;
    case 'space.surprise.place':
      surprisePlace(w, command);
      break;
    case 'space.surprise.slip':
      requirePhase(s, ['surprise'], 'slipping away');
      if (s.surpriser === null || !mayActForSide(s, actor, s.surpriser))
        fail('SPACE_NOT_SURPRISER', 'only the side with surprise may slip away');
      endBattle(w, 'slipped away unseen');
      break;
    case 'space.initiative':
      initiative(w);
      break;
    case 'space.roles':
      roles(w, command);
      break;
    case 'space.move': {
      requirePhase(s, ['movement'], 'moving');
      const ship = ownShip(s, command.ship, actor);
      if (ship.side !== s.turnSide)
        fail('SPACE_NOT_YOUR_TURN', `${ship.name}'s side moves in its own player turn`);
      moveShip(w, ship, command.thrust, true);
      break;
    }
    case 'space.fire':
      fireAtShip(w, command);
      break;
    case 'space.counter':
      counterFire(w, command);
      break;
    case 'space.launch':
      launchMissile(w, command);
      break;
    case 'space.sand':
      sandCast(w, command);
      break;
    case 'space.reload':
      reload(w, command);
      break;
    case 'space.repair':
      repairRoll(w, command);
      break;
    case 'space.phase.end':
      endPhase(w);
      break;
    case 'space.chip.guard':
      inBattle(s);
      if (!mayActForSide(s, actor, command.side))
        fail('SPACE_NOT_YOUR_SIDE', 'only that side commits its chips');
      w.emit({
        type: 'space.chip.guarded',
        side: command.side,
        on: command.on,
        ...(command.on && command.also?.length ? { also: [...new Set(command.also)] } : {}),
      });
      break;
    case 'space.windows':
      w.emit({ type: 'space.windows.set', on: command.on });
      break;
    // The old names of the shared window commands (`pool.spend` with a ship, `pool.pass`), kept
    // while the table still sends them: the same checks, the same events.
    case 'space.pool.after':
      spendAfter(w, command.ship, command.points);
      break;
    case 'space.roll.pass':
      if (isGm(actor)) closeRoll(w);
      else passRoll(w);
      break;
    case 'space.pool.guard': {
      inBattle(s);
      const ship = ownShip(s, command.ship, actor);
      w.emit({ type: 'space.pool.guarded', ship: ship.id, points: command.points });
      break;
    }
    case 'space.ground.fire':
      inBattle(s);
      groundFire(w, command);
      break;
    case 'space.ground.hit': {
      inBattle(s);
      const ship = ownShip(s, command.ship, actor);
      damageRolls(w, ship.id, command.majors, othersDice(ctx), 'ground fire');
      break;
    }
    case 'space.override':
      override(w, command);
      break;
    case 'space.missile.remove': {
      if (!s.missiles.some((m) => m.id === command.missile))
        fail('SPACE_MISSILE_UNKNOWN', `no missile "${command.missile}" is locked on`);
      w.emit({ type: 'space.missiles.removed', missiles: [command.missile], reason: 'referee' });
      break;
    }
    case 'space.flag.clear':
      if (command.index >= s.flags.length) fail('SPACE_FLAG_UNKNOWN', `there is no flag ${command.index}`);
      w.emit({ type: 'space.flag.cleared', index: command.index });
      break;
    case 'space.battle.end':
      inBattle(s);
      endBattle(w, 'referee');
      break;
  }
  return w.events;
}
