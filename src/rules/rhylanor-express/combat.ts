import { z } from 'zod';
import { D6 } from '../../engine/dice/die.ts';
import type { DiceSource } from '../../engine/dice/source.ts';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext } from '../../engine/ruleset.ts';
import { type Character, charDm, encumbrance, skillLevel, underDrug, woundPenalty } from './character.ts';
import { dueEvents } from './clock.ts';
import type { MeleeWeapon, Weapon } from './data/pack-schema.ts';
import {
  DISPOSITIONS,
  EVADING_TARGET_DM,
  INDIRECT_TARGETS,
  MORALE,
  MOVEMENT_OPTIONS,
  type MovementOption,
  RANGE_TARGETS,
  type RangeBand,
  SECONDARY_TARGET_METRES,
  SPOT_TARGETS,
  ZERO_G,
} from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import {
  type CommandSpec,
  defineCommand,
  fightCommand,
  fold,
  GM,
  GM_AND_PLAYERS,
  invalid,
  requireCharacter,
  requireCombat,
  requireCombatant,
  requireFit,
  requireNoWindow,
  requireOwn,
} from './parts.ts';
import { casualtyFraction, deviate, leaderDown, resolveRolls } from './resolve.ts';
import {
  requireRobotActive,
  requireRobotCanFire,
  requireRobotCanSpot,
  requireRobotCanStrike,
  robotActor,
  robotAllowance,
  robotCanSpot,
  robotMods,
  robotOf,
  robotSightMods,
} from './robots.ts';
import {
  type Combat,
  type Combatant,
  type IndirectCall,
  type Machine,
  otherSide,
  PHASES,
  type Phase,
  portSeatsOf,
  type RhylanorState,
  ridingIn,
  SIDES,
  type Side,
  type SideId,
} from './state.ts';
import { type Modifier, makeRoll, type RollRecord, roll2d6, skillMods } from './task.ts';
import { vehicleTargetDm } from './vehicles.ts';

/** Personal combat (§7): spotting, order, movement, fire, melee, morale, zero-G, indirect fire. */

/** Metres within which two enemies are in melee contact (a deck square and a bit). */
export const CONTACT_METRES = 2;

const characterId = z.string().regex(/^c[0-9]{1,5}$/);
/** Who moves or fires: a character, or a robot in the fight by its machine id (robots.ts). */
const actorId = z.string().regex(/^[cm][0-9]{1,5}$/);
const side = z.enum(SIDES);
const metres = z.number().min(-100000).max(100000);

const schemas = {
  start: z.strictObject({
    type: z.literal('combat.start'),
    sides: z
      .array(
        z.strictObject({
          id: side,
          name: z.string().trim().min(1).max(60),
          disposition: z.enum(DISPOSITIONS).default('noisy'),
          military: z.boolean().default(false),
          leaderId: characterId.optional(),
          members: z
            .array(z.strictObject({ characterId, x: metres, y: metres }))
            .min(1)
            .max(100),
        }),
      )
      .length(2),
    zeroG: z.boolean().default(false),
    daylight: z.boolean().default(true),
  }),
  spot: z.strictObject({
    type: z.literal('combat.spot'),
    side,
    /** Referee: the result outright (a side found by its Reflec, a scene's needs). */
    result: z.boolean().optional(),
  }),
  rollOff: z.strictObject({ type: z.literal('combat.rollOff') }),
  order: z.strictObject({
    type: z.literal('combat.order'),
    intruder: side,
    surprise: z.boolean().default(false),
  }),
  move: z.strictObject({
    type: z.literal('combat.move'),
    characterId: actorId,
    option: z.enum(['stand', 'evade', 'walk', 'run']),
    x: metres.optional(),
    y: metres.optional(),
    /** Reload this weapon (cannot attack with it this turn; ready in the command phase). */
    reload: z.number().int().min(0).max(11).optional(),
    /** Zero-G: hold on to a handhold (+5 control, no positive Dex DM). */
    handhold: z.boolean().default(false),
  }),
  fire: z.strictObject({
    type: z.literal('combat.fire'),
    characterId: actorId,
    weaponIndex: z.number().int().min(0).max(11),
    /** Primary target first; each other within 4 m of the line to it (§7.6). A vehicle in the fight is `m…`. */
    targets: z
      .array(z.string().regex(/^[cm][0-9]{1,5}$/))
      .min(1)
      .max(32),
    rounds: z.number().int().min(1).max(1000).optional(),
  }),
  melee: z.strictObject({
    type: z.literal('combat.melee'),
    /** The attacker: a man, or a robot in the fight (the referee's). */
    characterId: actorId,
    targetId: characterId,
    /** A melee weapon carried; unarmed when absent. */
    weaponId: z.string().min(1).max(60).optional(),
  }),
  next: z.strictObject({ type: z.literal('combat.next') }),
  morale: z.strictObject({ type: z.literal('combat.morale'), side, rally: z.boolean().default(false) }),
  place: z.strictObject({
    type: z.literal('combat.place'),
    characterId,
    x: metres.optional(),
    y: metres.optional(),
    cover: z.number().int().min(0).max(4).optional(),
    fullCover: z.boolean().optional(),
    concealed: z.boolean().optional(),
    tumbling: z.boolean().optional(),
  }),
  /** The referee puts a patch of cover on the plane: a circle giving partial (DM 1–4) or full cover (§7.15). */
  coverPlace: z.strictObject({
    type: z.literal('combat.coverPlace'),
    x: metres,
    y: metres,
    radius: z.number().min(0.5).max(500),
    cover: z.union([z.literal('full'), z.number().int().min(1).max(4)]),
    name: z.string().trim().max(60).default(''),
  }),
  coverRemove: z.strictObject({
    type: z.literal('combat.coverRemove'),
    coverId: z.number().int().min(0).max(1_000_000),
  }),
  /** A grazed man's own morale check (§7.12): fail, and he spends his next turn evading to cover. */
  steady: z.strictObject({ type: z.literal('combat.steady'), characterId }),
  /** A spotting try at one concealed enemy, once per character in his own command phase (§7.15). */
  seek: z.strictObject({ type: z.literal('combat.seek'), characterId: actorId, targetId: characterId }),
  setMorale: z.strictObject({
    type: z.literal('combat.setMorale'),
    side,
    morale: z.enum(['steady', 'fled', 'surrendered']),
  }),
  callFire: z.strictObject({
    type: z.literal('combat.callFire'),
    observerId: characterId,
    attack: z.enum(['firstShot', 'laterShot', 'homingMissile', 'laserGuided']),
    x: metres,
    y: metres,
    distanceKm: z.number().min(0).max(1000000),
    /** The gunner's Gunnery or artillery level, his equipment, consecutive corrections. */
    gunnerSkill: z.number().int().min(0).max(15).default(0),
    gunnerDms: z
      .array(
        z.strictObject({
          source: z.string().trim().min(1).max(80),
          value: z.number().int().min(-10).max(10),
        }),
      )
      .max(6)
      .default([]),
    correctionTurns: z.number().int().min(0).max(20).default(0),
  }),
  end: z.strictObject({
    type: z.literal('combat.end'),
    reason: z.string().trim().max(200).default('the referee ended the fight'),
  }),
} as const;

export type CombatCommand = z.output<(typeof schemas)[keyof typeof schemas]>;

// ---------------------------------------------------------------------------------------------
// Pure helpers

export function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Distance from p to the segment a–b (secondary targets, §7.6). */
export function distanceToLine(
  p: { x: number; y: number },
  a: { x: number; y: number },
  b: { x: number; y: number },
): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return distance(p, a);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return distance(p, { x: a.x + t * dx, y: a.y + t * dy });
}

/**
 * The cover a combatant has where he stands (§7.15): the better of the referee's own setting on
 * him (`combat.place`, which is all a fight begun before the cover map has) and the map's areas
 * around his point.
 */
export function coverOf(combat: Combat, m: Combatant): { cover: number; fullCover: boolean } {
  let cover = m.cover;
  let fullCover = m.fullCover;
  for (const a of combat.coverMap ?? []) {
    // Written so a position a seat may not see (null in its view) falls outside every area.
    if (!(distance(m, a) <= a.radius + 1e-9)) continue;
    if (a.cover === 'full') fullCover = true;
    else cover = Math.max(cover, a.cover);
  }
  return { cover, fullCover };
}

/** Metres from a point to the nearest cover area's edge (0 inside one; Infinity with none). */
export function metresToCover(combat: Combat, p: { x: number; y: number }): number {
  let best = Number.POSITIVE_INFINITY;
  for (const a of combat.coverMap ?? []) best = Math.min(best, Math.max(0, distance(p, a) - a.radius));
  return best;
}

export function rangeBand(weapon: Weapon, m: number): RangeBand | null {
  const [e, l, x] = weapon.ranges;
  if (m <= e) return 'effective';
  if (m <= l) return 'long';
  if (m <= x) return 'extreme';
  return null;
}

/** The turn's rounds split evenly among the targets, the remainder to the primary (reading). */
export function splitRounds(rounds: number, targets: number): number[] {
  const base = Math.floor(rounds / targets);
  return Array.from({ length: targets }, (_, i) => base + (i === 0 ? rounds - base * targets : 0));
}

/** Metres a movement option allows this character (wounds, very encumbered). */
export function allowance(
  c: Character,
  option: MovementOption,
  woundMetres: number,
  veryEncumbered: boolean,
): number {
  const base =
    veryEncumbered && option !== 'stand' ? MOVEMENT_OPTIONS.evade.metres : MOVEMENT_OPTIONS[option].metres;
  return Math.max(0, base - woundPenalty(c) * woundMetres);
}

/** Tactics pool of a side at the start (§7.3): Tactics levels, + battle computer for holders. */
export function tacticsPool(state: RhylanorState, members: readonly string[]): number {
  let pool = 0;
  for (const id of members) {
    const c = state.characters[id];
    if (!c) continue;
    const level = skillLevel(c, 'Tactics');
    if (level === null) continue;
    let computer = 0;
    for (const g of c.gear) {
      const gear = state.pack.gear.find((x) => x.id === g);
      if (gear?.effect === 'tactics') computer = Math.max(computer, gear.dm);
    }
    pool += level + computer;
  }
  return pool;
}

function gearDm(state: RhylanorState, c: Character, effect: string): number {
  let best = 0;
  for (const g of c.gear) {
    const gear = state.pack.gear.find((x) => x.id === g);
    if (gear?.effect === effect) best = Math.max(best, gear.dm || 1);
  }
  return best;
}

function hasGear(state: RhylanorState, c: Character, effect: string): boolean {
  return c.gear.some((g) => state.pack.gear.find((x) => x.id === g)?.effect === effect);
}

// ---------------------------------------------------------------------------------------------
// Guards

/** A character the seat plays, and his place in the fight. */
export function ownCombatant(
  state: RhylanorState,
  ctx: DecideContext,
  combat: Combat,
  id: string,
): { c: Character; m: Combatant } {
  const c = requireOwn(state, ctx, id);
  return { c, m: requireCombatant(combat, c.id) };
}

/**
 * Who moves or shoots: a character the seat plays, or a robot in the fight, which only the
 * referee's seat commands and which acts by the sheet `robotActor` makes of it.
 */
function actorIn(
  state: RhylanorState,
  ctx: DecideContext,
  combat: Combat,
  id: string,
): { c: Character; m: Combatant; robot: Machine | null } {
  if (!id.startsWith('m')) return { ...ownCombatant(state, ctx, combat, id), robot: null };
  const robot = robotOf(state, id);
  if (!robot) throw new RuleError('UNKNOWN_MACHINE', `there is no robot ${id}`, { machineId: id });
  requireRobotActive(robot, ctx, combat);
  return { c: robotActor(state, robot), m: requireCombatant(combat, robot.id), robot };
}

/** One attack a phase; a man on the slow drug makes two (§8.3 reading: each phase taken twice). */
export function requireAttackLeft(combat: Combat, c: Character): void {
  if (combat.acted[c.id] && (!underDrug(c, 'slow') || combat.acted[`${c.id}:again`]))
    throw new RuleError('ALREADY_DONE', `${c.name} has attacked this phase`);
}

export function requirePhase(combat: Combat, phases: readonly Phase[], what: string): void {
  if (combat.stage !== 'turns' || !phases.includes(combat.phase)) {
    throw new RuleError('WRONG_PHASE', `${what} is not allowed now (${combat.stage}, ${combat.phase})`, {
      phase: combat.phase,
      stage: combat.stage,
    });
  }
}

export function requirePhasing(combat: Combat, m: Combatant, what: string): void {
  if (m.side !== combat.phasing) {
    throw new RuleError('NOT_YOUR_TURN', `${what}: it is side ${combat.phasing}'s player turn`, {
      phasing: combat.phasing,
    });
  }
}

/** Who may shoot in a fire phase: in direct fire the phasing side, in return fire the other one (§7.4). */
export function requireFiringSide(combat: Combat, m: Combatant): void {
  if (combat.phase === 'directFire') requirePhasing(combat, m, 'direct fire');
  else if (m.side === combat.phasing)
    throw new RuleError('NOT_YOUR_TURN', 'return fire belongs to the side not moving');
}

function requireSteady(combat: Combat, m: Combatant): void {
  const s = combat.sides[m.side];
  if (s.morale !== 'steady')
    throw new RuleError('SIDE_BROKEN', `side ${s.name} has ${s.morale}`, { side: s.id });
}

/**
 * Zero-G control (§7.10), rolled once per turn when the character first acts, with the DM of
 * what he means to do. Returns the roll's events and whether he may go on.
 */
function zeroGControl(
  state: RhylanorState,
  c: Character,
  m: Combatant,
  actionDm: Modifier | null,
  handhold: boolean,
  dice: DiceSource,
): { events: PersonalEvent[]; ok: boolean } {
  const combat = state.combat as Combat;
  if (!combat.zeroG) return { events: [], ok: true };
  if (m.controlTurn === combat.turn) {
    if (m.tumbling)
      throw new RuleError('TUMBLING', `${c.name} is tumbling helplessly this turn`, { characterId: c.id });
    return { events: [], ok: true };
  }
  const mods: Modifier[] = [];
  const dex = charDm(c, 'Dex', state.pack);
  if (!(handhold && dex > 0)) mods.push({ source: 'Dex DM', value: dex });
  if (handhold) mods.push({ source: 'handhold', value: ZERO_G.handholdDm });
  const zg = skillLevel(c, 'Zero-G Combat');
  if (zg) mods.push({ source: `Zero-G Combat-${zg}`, value: zg });
  if (actionDm) mods.push(actionDm);
  const roll = makeRoll('zero-G control', roll2d6(dice, `zero-G control of ${c.name}`), mods, ZERO_G.target);
  return {
    events: [{ type: 'combat.controlRolled', id: c.id, roll, tumbling: !roll.success }],
    ok: roll.success,
  };
}

// ---------------------------------------------------------------------------------------------
// Commands

function start(state: RhylanorState, cmd: z.output<typeof schemas.start>): PersonalEvent[] {
  if (state.combat) throw new RuleError('COMBAT_RUNNING', 'a fight is already running');
  requireNoWindow(state);
  const [first, second] = cmd.sides as [(typeof cmd.sides)[0], (typeof cmd.sides)[0]];
  if (first.id === second.id) throw invalid('the two sides need the ids a and b');
  const seen = new Set<string>();
  const combatants: Record<string, Combatant> = {};
  const sides = {} as Record<SideId, Side>;
  for (const s of cmd.sides) {
    for (const m of s.members) {
      requireCharacter(state, m.characterId);
      if (seen.has(m.characterId)) throw invalid(`${m.characterId} is on a side twice`);
      seen.add(m.characterId);
      combatants[m.characterId] = {
        id: m.characterId,
        side: s.id,
        x: m.x,
        y: m.y,
        option: null,
        optionTurn: -1,
        reloading: null,
        cover: 0,
        // Aboard a closed vehicle since before the fight: behind its hull, as one who boards in it.
        fullCover: behindHull(state, m.characterId),
        concealed: s.disposition === 'concealed' || s.disposition === 'totallyConcealed',
        tumbling: false,
        controlTurn: -1,
        handhold: false,
        contacts: {},
        activity: null,
      };
    }
    const members = s.members.map((m) => m.characterId);
    if (s.leaderId !== undefined && !members.includes(s.leaderId))
      throw invalid(`the leader of ${s.name} is not one of its members`);
    sides[s.id] = {
      id: s.id,
      name: s.name,
      disposition: s.disposition,
      military: s.military,
      leaderId: s.leaderId ?? null,
      members,
      pool: tacticsPool(state, members),
      morale: 'steady',
      moraleChecking: false,
      moraleChecks: 0,
      leaderLostTurn: null,
    };
  }
  const chooser = sides.a.pool === sides.b.pool ? null : sides.a.pool > sides.b.pool ? 'a' : 'b';
  const combat: Combat = {
    stage: 'spotting',
    turn: 0,
    phasing: 'a',
    phase: 'movement',
    intruder: null,
    chooser,
    surprise: null,
    spotted: { a: null, b: null },
    sides,
    combatants,
    acted: {},
    zeroG: cmd.zeroG,
    daylight: cmd.daylight,
    indirect: [],
    nextCallId: 1,
  };
  return [{ type: 'combat.started', combat }];
}

function spot(
  state: RhylanorState,
  cmd: z.output<typeof schemas.spot>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  if (combat.stage !== 'spotting')
    throw new RuleError('WRONG_PHASE', 'spotting happens before the turns start');
  if (cmd.result !== undefined) {
    if (ctx.actor.role !== 'gm')
      throw new RuleError('ROLE_NOT_ALLOWED', 'only the referee sets a sighting outright');
    return [
      {
        type: 'combat.spotted',
        side: cmd.side,
        spotterId: null,
        roll: null,
        success: cmd.result,
        reason: 'referee',
      },
    ];
  }
  if (combat.spotted[cmd.side] !== null)
    throw new RuleError('ALREADY_DONE', `side ${cmd.side} has rolled to spot`);
  const other = combat.sides[otherSide(cmd.side)];
  // Reflec worn by the other side shows on any scanner (§7.2).
  const members = combat.sides[cmd.side].members
    .map((id) => state.characters[id])
    .filter((c): c is Character => !!c);
  // The side's robots in the fight look too, by their pack skills (the security robot's Recon),
  // unless their damage stops them (§7.14); they are no members of the side (robots.ts).
  const robots = Object.values(combat.combatants)
    .filter((x) => x.side === cmd.side)
    .map((x) => robotOf(state, x.id))
    .filter((r): r is Machine => r !== null && !r.destroyed && !r.inert && robotCanSpot(r));
  const lookers = [
    ...members.map((c) => ({ c, robot: null as Machine | null })),
    ...robots.map((r) => ({ c: robotActor(state, r), robot: r as Machine | null })),
  ];
  const scanner = members.some((c) => hasGear(state, c, 'spot') || hasGear(state, c, 'spotTotallyConcealed'));
  const advanced = members.some((c) => hasGear(state, c, 'spotTotallyConcealed'));
  const reflec = other.members.some((id) => {
    const armour = state.characters[id]?.armour;
    return armour ? state.pack.armour.find((a) => a.id === armour)?.seenByScanners === true : false;
  });
  if (scanner && reflec) {
    return [
      {
        type: 'combat.spotted',
        side: cmd.side,
        spotterId: null,
        roll: null,
        success: true,
        reason: 'Reflec shows on the scanner',
      },
    ];
  }
  if (other.disposition === 'totallyConcealed' && !advanced && !scanner) {
    return [
      {
        type: 'combat.spotted',
        side: cmd.side,
        spotterId: null,
        roll: null,
        success: false,
        reason: 'only a scanner finds the totally concealed',
      },
    ];
  }
  // The best spotter: top level among Recon, Hunting and Forward Observer, or a scanner operator's
  // Navigation or Computer.
  let best: { c: Character; mods: Modifier[]; score: number } | null = null;
  for (const { c, robot } of lookers) {
    if (
      c.wounds.some((w) => !w.treated && w.level !== 'graze' && w.level !== 'light' && w.level !== 'moderate')
    )
      continue;
    const skills = ['Recon', 'Hunting', 'Forward Observer'];
    if (hasGear(state, c, 'spot') || hasGear(state, c, 'spotTotallyConcealed'))
      skills.push('Navigation', 'Computer');
    const choice = skillMods(
      c,
      skills.map((skill) => ({ skill, dm: 0 })),
      state.pack,
    );
    const mods: Modifier[] = [...choice.mods];
    const scan = Math.max(gearDm(state, c, 'spot'), gearDm(state, c, 'spotTotallyConcealed'));
    if (scan > 0) mods.push({ source: 'battle scanner', value: scan });
    else if (combat.daylight && other.disposition !== 'totallyConcealed') {
      const bino = gearDm(state, c, 'daylightSpot');
      if (bino > 0) mods.push({ source: 'binoculars', value: bino });
    }
    if (robot) mods.push(...robotSightMods(robot));
    const score = mods.reduce((s, m) => s + m.value, 0);
    if (!best || score > best.score) best = { c, mods, score };
  }
  if (!best) throw new RuleError('CANNOT_ACT', `nobody on side ${cmd.side} can look`);
  const target = SPOT_TARGETS[other.disposition];
  const roll = makeRoll(
    `spotting by ${best.c.name}`,
    roll2d6(ctx.dice, `spotting by ${best.c.name}`),
    best.mods,
    target,
  );
  return resolveRolls(state, [roll], { kind: 'spot', side: cmd.side }, ctx.dice);
}

function rollOff(state: RhylanorState, _cmd: unknown, ctx: DecideContext): PersonalEvent[] {
  const combat = requireCombat(state);
  if (combat.stage === 'turns') throw new RuleError('WRONG_PHASE', 'the order is already set');
  if (combat.chooser !== null) throw new RuleError('NO_TIE', 'one side has the larger pool and chooses');
  const rolls: { a: number; b: number }[] = [];
  for (let i = 0; i < 100; i++) {
    const a = ctx.dice.roll(D6, 'roll-off, side a') + ctx.dice.roll(D6, 'roll-off, side a');
    const b = ctx.dice.roll(D6, 'roll-off, side b') + ctx.dice.roll(D6, 'roll-off, side b');
    rolls.push({ a, b });
    if (a !== b) return [{ type: 'combat.rolledOff', rolls, chooser: a > b ? 'a' : 'b' }];
  }
  throw new RuleError('DICE_LOOP', 'the roll-off tied a hundred times');
}

function order(
  state: RhylanorState,
  cmd: z.output<typeof schemas.order>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  if (combat.stage === 'turns') throw new RuleError('WRONG_PHASE', 'the order is already set');
  if (combat.chooser === null)
    throw new RuleError('ROLL_OFF_NEEDED', 'the pools tie: roll off first (combat.rollOff)');
  if (ctx.actor.role !== 'gm') {
    const members = combat.sides[combat.chooser].members;
    if (!members.some((id) => state.characters[id]?.owner === ctx.actor.seatId)) {
      throw new RuleError('NOT_YOUR_SIDE', `side ${combat.chooser} chooses who is Intruder`);
    }
  }
  let surprise: SideId | null = null;
  if (cmd.surprise) {
    // Surprise: one side saw the other without being seen (§7.2).
    const winner = SIDES.find((s) => combat.spotted[s] === true && combat.spotted[otherSide(s)] !== true);
    if (!winner) throw new RuleError('NO_SURPRISE', 'neither side spotted the other unseen');
    surprise = winner;
  }
  return [{ type: 'combat.ordered', intruder: cmd.intruder, surprise }];
}

function contactsAfter(combat: Combat, id: string, x: number, y: number): Record<string, number> {
  const me = combat.combatants[id] as Combatant;
  const out: Record<string, number> = {};
  for (const other of Object.values(combat.combatants)) {
    if (other.side === me.side) continue;
    if (distance({ x, y }, other) <= CONTACT_METRES) out[other.id] = me.contacts[other.id] ?? combat.turn;
  }
  return out;
}

function move(
  state: RhylanorState,
  cmd: z.output<typeof schemas.move>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  requirePhase(combat, ['movement'], 'moving');
  const { c, m, robot } = actorIn(state, ctx, combat, cmd.characterId);
  requirePhasing(combat, m, 'moving');
  // A man aboard goes where his vehicle goes (combat.drive); he leaves it with machine.alight.
  const aboard = ridingIn(state, c.id);
  if (aboard)
    throw new RuleError('RIDING', `${c.name} rides in ${aboard.name} and moves with it`, {
      machineId: aboard.id,
    });
  requireFit(c);
  // On the slow drug he takes the movement phase twice (§8.3 reading).
  if (m.optionTurn === combat.turn && (!underDrug(c, 'slow') || combat.acted[`${c.id}:movedAgain`]))
    throw new RuleError('ALREADY_DONE', `${c.name} has moved this turn`);
  const enc = encumbrance(c, state.pack);
  if (m.mustEvade && cmd.option !== 'evade')
    throw new RuleError('MUST_EVADE', `${c.name} failed his graze check and must evade toward cover`);
  if (cmd.option === 'run' && enc.state !== 'fine')
    throw new RuleError('ENCUMBERED', `${c.name} is too loaded to run`);
  if (cmd.option === 'evade' && enc.state === 'veryEncumbered')
    throw new RuleError('ENCUMBERED', `${c.name} is too loaded to evade`);
  const x = cmd.x ?? m.x;
  const y = cmd.y ?? m.y;
  const limit = robot
    ? robotAllowance(state, robot, cmd.option)
    : allowance(c, cmd.option, state.pack.rules.woundMovementMetres, enc.state === 'veryEncumbered');
  const dist = distance(m, { x, y });
  if (dist > limit + 1e-9) {
    throw new RuleError(
      'TOO_FAR',
      `${cmd.option} lets ${c.name} move ${limit} m, not ${Math.round(dist * 10) / 10} m`,
      { limit },
    );
  }
  if (m.mustEvade) requireTowardCover(combat, c, m, { x, y }, limit);
  if (cmd.reload !== undefined) {
    const w = c.weapons[cmd.reload];
    const ranged = w && state.pack.weapons.find((x) => x.id === w.weaponId);
    if (!w || !ranged) throw new RuleError('UNKNOWN_WEAPON', `${c.name} has no ranged weapon ${cmd.reload}`);
    if (w.spare <= 0)
      throw new RuleError('NO_SPARE_AMMUNITION', `${c.name} has nothing to reload ${ranged.name} with`);
  }
  // Leaving melee: only by Evade (§7.8).
  const contacts = contactsAfter(combat, c.id, x, y);
  const leaving = Object.keys(m.contacts).some(
    (id) =>
      contacts[id] === undefined &&
      combat.combatants[id] &&
      canFight(state, id) &&
      distance(m, combat.combatants[id] as Combatant) <= CONTACT_METRES,
  );
  if (leaving && cmd.option !== 'evade')
    throw new RuleError('IN_MELEE', `${c.name} can leave melee only by evading`);
  const control = zeroGControl(state, c, m, null, cmd.handhold, ctx.dice);
  if (!control.ok) return control.events;
  return [
    ...control.events,
    {
      type: 'combat.moved',
      id: c.id,
      option: cmd.option,
      x,
      y,
      reloading: cmd.reload ?? null,
      handhold: cmd.handhold,
      contacts,
    },
  ];
}

/**
 * A failed graze check sends him toward cover (§7.12): when a cover area lies within his Evade,
 * he must end nearer to it than he began, or stay inside one he stands in. With none in reach the
 * map says nothing, and where he goes is the referee's eye.
 */
function requireTowardCover(
  combat: Combat,
  c: Character,
  m: Combatant,
  to: { x: number; y: number },
  limit: number,
): void {
  const from = metresToCover(combat, m);
  if (from > limit + 1e-9) return;
  const end = metresToCover(combat, to);
  const ok = from === 0 ? end === 0 : end < from - 1e-9;
  if (!ok)
    throw new RuleError(
      'AWAY_FROM_COVER',
      `${c.name} must evade toward cover (${Math.round(from * 10) / 10} m away)`,
      { metres: from },
    );
}

function canFight(state: RhylanorState, id: string): boolean {
  const c = state.characters[id];
  return (
    !!c && !c.wounds.some((w) => !w.treated && ['serious', 'mortal', 'dead', 'destroyed'].includes(w.level))
  );
}

/** What the firing weapon is laid with, for the vehicle target table (§7.7). */
export interface Mount {
  /** An active anti-aircraft pod on the weapon: penalties halve. */
  readonly aaPod: boolean;
  /** A starship-grade computer: penalties are ignored. */
  readonly shipComputer: boolean;
  /** A man's own weapon, so his own sights may count. */
  readonly personal?: boolean;
}

/** A man's own weapon: on an anti-aircraft pod if he carries one (gear); never a ship's computer. */
function personalMount(state: RhylanorState, shooter: Character): Mount {
  return { aaPod: hasGear(state, shooter, 'antiAircraftPod'), shipComputer: false, personal: true };
}

/** Every DM of one shot at one target (§7.6), in the order the breakdown shows them. */
export function fireMods(
  state: RhylanorState,
  shooter: Character,
  weapon: Weapon,
  snapDm: number,
  target: Combatant,
  /** A won dogfight: the attack ignores the target vehicle's movement DM (§7.7). */
  dogfightWon = false,
  mount: Mount = personalMount(state, shooter),
): Modifier[] {
  const mods: Modifier[] = [];
  if (weapon.skills.length > 0)
    mods.push(
      ...skillMods(
        shooter,
        weapon.skills.map((skill) => ({ skill, dm: 0 })),
        state.pack,
      ).mods,
    );
  mods.push({ source: 'Dex DM', value: charDm(shooter, 'Dex', state.pack) });
  if (weapon.autoFire) mods.push({ source: 'auto-fire', value: weapon.autoFire });
  if (snapDm) mods.push({ source: 'snap shot on the move', value: snapDm });
  // Sights help only an aimed shot (no snap DM: the shooter stood) with his own weapon; the best counts.
  if (snapDm === 0 && mount.personal) {
    const sights = state.pack.gear.filter((x) => x.effect === 'sight' && shooter.gear.includes(x.id));
    const best = sights.length > 0 ? Math.max(...sights.map((x) => x.dm)) : 0;
    if (best !== 0) mods.push({ source: 'sights', value: best });
  }
  if (target.option === 'evade') mods.push({ source: 'target evading', value: EVADING_TARGET_DM });
  const protectedByCover =
    target.option === null || MOVEMENT_OPTIONS[target.option].cover || behindHull(state, target.id);
  const cover = state.combat ? coverOf(state.combat, target).cover : target.cover;
  if (cover > 0 && protectedByCover) {
    mods.push({ source: 'target in cover', value: -cover });
    const t = state.characters[target.id];
    const recon = t && target.option === 'stand' ? (skillLevel(t, 'Recon') ?? 0) : 0;
    if (recon > 0) mods.push({ source: 'target uses cover (Recon)', value: -recon });
  }
  // A vehicle: the target table's DM for what it does this turn (§7.7).
  const machine = state.machines[target.id];
  const vehicle = machine?.kind === 'vehicle' && state.pack.vehicles.find((v) => v.id === machine.packId);
  if (vehicle && !dogfightWon) {
    const dm = vehicleTargetDm(
      vehicle.tableClass,
      target.activity ?? 'sitting',
      mount.aaPod,
      mount.shipComputer,
    );
    if (dm !== 0) mods.push({ source: `${vehicle.tableClass} ${target.activity ?? 'sitting'}`, value: dm });
  }
  const wounds = woundPenalty(shooter);
  if (wounds) mods.push({ source: 'wounds', value: -wounds });
  // A robot's damage stands where a man's wounds do (§7.14).
  const robot = robotOf(state, shooter.id);
  if (robot) mods.push(...robotMods(robot));
  return mods;
}

/** The vehicle's own movement this turn, which a rider's shot is read by. */
function motionOf(combat: Combat, vehicle: Machine): Pick<Combatant, 'option' | 'optionTurn'> {
  const v = combat.combatants[vehicle.id];
  return v ? { option: v.option, optionTurn: v.optionTurn } : { option: null, optionTurn: -1 };
}

/**
 * A rider firing his own weapon from inside (reading; the book has no rule): never the driver,
 * who drives; anyone else from an open-top vehicle; from a closed one only a passenger in a seat
 * with a firing port (the pack's `portSeats`). A gunner's seat is at the vehicle's weapons and has
 * no port. A passenger with no numbered seat (boarded in a log from before seats were numbered)
 * takes any port no numbered passenger holds, as many a phase as there are such ports. Returns
 * whether he fires through a port (and so shows himself at it, `atPort`).
 */
function requireRiderFire(state: RhylanorState, combat: Combat, vehicle: Machine, c: Character): boolean {
  const riders = vehicle.riders ?? [];
  const rider = riders.find((r) => r.characterId === c.id);
  if (rider?.seat === 'driver')
    throw new RuleError('DRIVER_BUSY', `${c.name} is driving ${vehicle.name}`, { machineId: vehicle.id });
  const v = state.pack.vehicles.find((x) => x.id === vehicle.packId);
  if (v?.openTop) return false;
  const ports = v ? portSeatsOf(v) : [];
  const refuse = (why: string): RuleError =>
    new RuleError('NO_FIRING_PORT', why, { machineId: vehicle.id, ports: ports.length });
  if (ports.length === 0) throw refuse(`${vehicle.name} is closed and has no firing ports`);
  if (rider?.seat === 'gunner')
    throw refuse(`${c.name} sits at ${vehicle.name}'s weapons, which have no firing port`);
  if (rider?.place !== undefined) {
    if (!ports.includes(rider.place))
      throw refuse(`seat ${rider.place} of ${vehicle.name} has no firing port`);
    return true;
  }
  const held = new Set(riders.map((r) => r.place));
  const free = ports.filter((p) => !held.has(p)).length;
  const using = riders.filter(
    (r) => r.place === undefined && r.characterId !== c.id && combat.acted[r.characterId],
  ).length;
  if (using >= free) throw refuse(`all ${free} free firing port(s) of ${vehicle.name} are in use this phase`);
  return true;
}

/** The port a rider fires through, for the log: his vehicle and, when numbered, his seat. */
function portOf(vehicle: Machine, id: string): { machineId: string; place?: number } {
  const place = vehicle.riders?.find((r) => r.characterId === id)?.place;
  return { machineId: vehicle.id, ...(place !== undefined ? { place } : {}) };
}

/**
 * A man who has fired through a closed vehicle's port stays at it (reading; the book has no
 * ports): no longer behind the whole hull but a target himself, with the pack's `firingPortCover`
 * as his cover (`combat.positioned`), until the referee moves him to another seat or he gets out.
 * The hull is his cover whatever the vehicle does, so his own (rider's) movement option does not
 * take it away.
 */
export function behindHull(state: RhylanorState, id: string): boolean {
  const vehicle = ridingIn(state, id);
  if (!vehicle) return false;
  return state.pack.vehicles.find((x) => x.id === vehicle.packId)?.openTop === false;
}

/**
 * Every target of a shot checked before any die is rolled (a refusal never wastes typed faces):
 * an enemy, not fully behind cover, spotted, in range, secondaries near the line (§7.6).
 */
export function checkTargets(
  combat: Combat,
  m: Combatant,
  weapon: Weapon,
  ids: readonly string[],
): { t: Combatant; band: RangeBand }[] {
  const primary = requireCombatant(combat, ids[0] as string);
  return ids.map((id, i) => {
    const t = requireCombatant(combat, id);
    if (t.side === m.side) throw new RuleError('FRIENDLY_TARGET', `${id} is on the shooter's side`);
    if (coverOf(combat, t).fullCover)
      throw new RuleError('TARGET_IN_FULL_COVER', `${id} is fully behind cover`);
    if (t.concealed) throw new RuleError('TARGET_CONCEALED', `${id} has not been spotted`);
    if (i > 0 && distanceToLine(t, m, primary) > SECONDARY_TARGET_METRES) {
      throw new RuleError(
        'NOT_ON_LINE',
        `${id} is more than ${SECONDARY_TARGET_METRES} m off the line to the primary target`,
      );
    }
    const band = rangeBand(weapon, distance(m, t));
    if (!band)
      throw new RuleError('OUT_OF_RANGE', `${id} is beyond the ${weapon.name}'s Extreme range`, {
        targetId: id,
      });
    return { t, band };
  });
}

/** One roll per checked target, the rounds split with the primary's share first (§7.6). */
export function rollShots(
  state: RhylanorState,
  shooter: Character,
  weapon: Weapon,
  snapDm: number,
  checked: readonly { t: Combatant; band: RangeBand }[],
  rounds: number,
  dice: DiceSource,
  edgeOver: string | null = null,
  mount: Mount = personalMount(state, shooter),
): {
  rolls: RollRecord[];
  targets: { targetId: string; cap: number }[];
  told: { targetId: string; band: string; rounds: number }[];
} {
  const shares = splitRounds(rounds, checked.length);
  const rolls: RollRecord[] = [];
  const targets: { targetId: string; cap: number }[] = [];
  const told: { targetId: string; band: string; rounds: number }[] = [];
  checked.forEach(({ t, band }, i) => {
    const id = t.id;
    const name = state.characters[id]?.name ?? state.machines[id]?.name ?? id;
    rolls.push(
      makeRoll(
        `${weapon.name} at ${name} (${band})`,
        roll2d6(dice, `to hit ${name}`),
        fireMods(state, shooter, weapon, snapDm, t, edgeOver === id, mount),
        RANGE_TARGETS[band],
      ),
    );
    targets.push({ targetId: id, cap: (shares[i] as number) * weapon.maxHitsPerRound });
    told.push({ targetId: id, band, rounds: shares[i] as number });
  });
  return { rolls, targets, told };
}

function fire(
  state: RhylanorState,
  cmd: z.output<typeof schemas.fire>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  requirePhase(combat, ['directFire', 'returnFire'], 'firing');
  const { c, m: at, robot } = actorIn(state, ctx, combat, cmd.characterId);
  const aboard = ridingIn(state, c.id);
  const throughPort = aboard ? requireRiderFire(state, combat, aboard, c) : false;
  // A rider shoots as his vehicle moves: Stand if it held, Walk if it drove (reading).
  const m = aboard ? { ...at, ...motionOf(combat, aboard) } : at;
  requireFiringSide(combat, m);
  if (combat.phase === 'directFire') {
    if (m.option === 'evade' && m.optionTurn === combat.turn)
      throw new RuleError('CANNOT_FIRE', `${c.name} is evading and cannot fire`);
  } else if (m.option !== 'stand' && m.option !== null) {
    // Return fire: the other side's men whose last chosen option was Stand (§7.4).
    throw new RuleError('CANNOT_FIRE', `${c.name} did not stand and cannot return fire`);
  }
  requireFit(c);
  requireSteady(combat, m);
  requireAttackLeft(combat, c);
  const carried = c.weapons[cmd.weaponIndex];
  const weapon = carried && state.pack.weapons.find((w) => w.id === carried.weaponId);
  if (!carried || !weapon)
    throw new RuleError('UNKNOWN_WEAPON', `${c.name} carries no ranged weapon ${cmd.weaponIndex}`);
  if (robot) requireRobotCanFire(robot, weapon);
  if (m.reloading === cmd.weaponIndex)
    throw new RuleError('RELOADING', `${c.name} is reloading the ${weapon.name}`);
  if (carried.loaded <= 0)
    throw new RuleError('OUT_OF_AMMUNITION', `${c.name}'s ${weapon.name} is empty`, {
      weaponIndex: cmd.weaponIndex,
    });
  const moving = combat.phase === 'directFire' && m.optionTurn === combat.turn ? m.option : 'stand';
  const snapBase = moving ? MOVEMENT_OPTIONS[moving].snapDm : 0;
  if (snapBase !== 0 && weapon.highRecoil)
    throw new RuleError('HIGH_RECOIL', `the ${weapon.name} cannot be fired on the move`);
  const display = hasGear(state, c, 'targetingDisplay') && state.pack.rules.targetingDisplayHalves;
  const snapDm = display ? Math.trunc(snapBase / 2) : snapBase;
  if (cmd.targets.length > weapon.targets) {
    throw new RuleError('TOO_MANY_TARGETS', `the ${weapon.name} engages ${weapon.targets} target(s)`, {
      max: weapon.targets,
    });
  }
  if (new Set(cmd.targets).size !== cmd.targets.length) throw invalid('a target is named twice');
  const rounds = cmd.rounds ?? Math.min(weapon.roundsPerTurn, carried.loaded);
  if (rounds > weapon.roundsPerTurn)
    throw new RuleError(
      'TOO_MANY_ROUNDS',
      `the ${weapon.name} fires ${weapon.roundsPerTurn} round(s) a turn`,
    );
  if (rounds > carried.loaded)
    throw new RuleError('OUT_OF_AMMUNITION', `${carried.loaded} round(s) left in the ${weapon.name}`, {
      loaded: carried.loaded,
    });
  if (rounds < cmd.targets.length)
    throw new RuleError('TOO_FEW_ROUNDS', 'each target needs at least one round');
  const checked = checkTargets(combat, m, weapon, cmd.targets);
  // Zero-G: keeping control comes before the shot (§7.10).
  const control = zeroGControl(
    state,
    c,
    m,
    weapon.lowRecoil ? null : { source: 'firing a recoiling weapon', value: ZERO_G.highRecoilFireDm },
    m.handhold,
    ctx.dice,
  );
  if (!control.ok) return control.events;
  const { rolls, targets, told } = rollShots(state, c, weapon, snapDm, checked, rounds, ctx.dice);
  const fired: PersonalEvent[] = [
    ...control.events,
    {
      type: 'combat.fired',
      shooterId: c.id,
      weaponIndex: cmd.weaponIndex,
      weaponId: weapon.id,
      rounds,
      targets: told,
      ...(throughPort && aboard ? { port: portOf(aboard, c.id) } : {}),
    },
  ];
  // Firing gunpowder or energy weapons gives the shooter away (§7.15).
  if (m.concealed) fired.push({ type: 'combat.positioned', id: c.id, concealed: false, by: 'rule' });
  // At the port he is a target himself (`behindHull`), from the moment he fires.
  const portCover = state.pack.rules.firingPortCover;
  if (throughPort && (m.fullCover || m.cover < portCover))
    fired.push({
      type: 'combat.positioned',
      id: c.id,
      fullCover: false,
      cover: Math.max(m.cover, portCover),
      by: 'rule',
    });
  const after = fold(state, fired);
  return [
    ...fired,
    ...resolveRolls(after, rolls, { kind: 'fire', shooterId: c.id, weaponId: weapon.id, targets }, ctx.dice),
  ];
}

function contactTurn(a: Combatant, b: Combatant): number | null {
  const x = a.contacts[b.id];
  const y = b.contacts[a.id];
  if (x === undefined && y === undefined) return null;
  return Math.max(x ?? -1, y ?? -1);
}

function meleeWeaponOf(state: RhylanorState, c: Character, id: string | undefined): MeleeWeapon {
  const unarmed = state.pack.melee.find((w) => w.unarmed);
  if (id === undefined) {
    if (!unarmed) throw new RuleError('UNKNOWN_WEAPON', 'the data pack has no unarmed attack');
    return unarmed;
  }
  const w = state.pack.melee.find((x) => x.id === id);
  if (!w || (!w.unarmed && !c.weapons.some((x) => x.weaponId === id))) {
    throw new RuleError('UNKNOWN_WEAPON', `${c.name} has no melee weapon ${id}`, { weaponId: id });
  }
  return w;
}

/** The weapon a defender parries with: his best carried melee weapon, or bare hands. */
export function parryWeapon(state: RhylanorState, c: Character): MeleeWeapon | undefined {
  let best: MeleeWeapon | undefined = state.pack.melee.find((w) => w.unarmed);
  for (const carried of c.weapons) {
    const w = state.pack.melee.find((x) => x.id === carried.weaponId);
    if (w && (!best || w.parry + w.reach > best.parry + best.reach)) best = w;
  }
  return best;
}

function melee(
  state: RhylanorState,
  cmd: z.output<typeof schemas.melee>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  requirePhase(combat, ['melee'], 'melee');
  const { c, m, robot } = actorIn(state, ctx, combat, cmd.characterId);
  requirePhasing(combat, m, 'melee');
  requireFit(c);
  requireSteady(combat, m);
  requireAttackLeft(combat, c);
  const d = requireCharacter(state, cmd.targetId);
  const t = requireCombatant(combat, d.id);
  if (t.side === m.side) throw new RuleError('FRIENDLY_TARGET', `${d.name} is on the attacker's side`);
  if (distance(m, t) > CONTACT_METRES)
    throw new RuleError('NOT_IN_CONTACT', `${d.name} is not in melee contact`);
  const weapon = meleeWeaponOf(state, c, cmd.weaponId);
  if (robot) requireRobotCanStrike(robot, weapon);
  const parry = parryWeapon(state, d);
  const made = contactTurn(m, t) ?? combat.turn;
  const fresh = made === combat.turn;
  const mods: Modifier[] = [];
  // On the turn contact is made each side may use Reach instead of attack/parry (§7.8).
  const attack =
    fresh && weapon.reach > weapon.attack
      ? { source: `${weapon.name} Reach`, value: weapon.reach }
      : { source: `${weapon.name} attack`, value: weapon.attack };
  if (attack.value) mods.push(attack);
  mods.push({ source: 'Str DM', value: charDm(c, 'Str', state.pack) });
  mods.push(
    ...skillMods(
      c,
      weapon.skills.map((skill) => ({ skill, dm: 0 })),
      state.pack,
    ).mods,
  );
  if (parry) {
    const p = fresh && parry.reach > parry.parry ? parry.reach : parry.parry;
    if (p)
      mods.push({
        source: `${d.name}'s ${parry.name} ${fresh && parry.reach > parry.parry ? 'Reach' : 'parry'}`,
        value: -p,
      });
    // The defender subtracts his skill with what he holds; unskilled subtracts 0 (reading).
    let level = 0;
    for (const s of parry.skills) level = Math.max(level, skillLevel(d, s) ?? 0);
    if (level) mods.push({ source: `${d.name}'s skill`, value: -level });
  }
  const wounds = woundPenalty(c);
  if (wounds) mods.push({ source: 'wounds', value: -wounds });
  // A robot's damage stands where a man's wounds do (§7.14), as in its fire.
  if (robot) mods.push(...robotMods(robot));
  const control = zeroGControl(
    state,
    c,
    m,
    { source: 'swinging in zero-G', value: ZERO_G.meleeDm },
    m.handhold,
    ctx.dice,
  );
  if (!control.ok) return control.events;
  const contacts = { ...m.contacts, [d.id]: made };
  const struck: PersonalEvent[] = [
    ...control.events,
    { type: 'combat.meleeStruck', attackerId: c.id, defenderId: d.id, weaponId: weapon.id, contacts },
  ];
  const roll = makeRoll(`${weapon.name} at ${d.name}`, roll2d6(ctx.dice, `melee at ${d.name}`), mods, 8);
  const after = fold(state, struck);
  return [
    ...struck,
    ...resolveRolls(
      after,
      [roll],
      { kind: 'melee', attackerId: c.id, defenderId: d.id, weaponId: weapon.id, maxHits: weapon.maxHits },
      ctx.dice,
    ),
  ];
}

/** The phase after this one; a surprise turn is movement, direct fire and melee only. */
function nextStep(combat: Combat): { turn: number; phasing: SideId; phase: Phase } {
  if (combat.surprise) {
    if (combat.phase === 'movement') return { turn: 0, phasing: combat.phasing, phase: 'directFire' };
    if (combat.phase === 'directFire') return { turn: 0, phasing: combat.phasing, phase: 'melee' };
    return { turn: 1, phasing: combat.intruder ?? 'a', phase: 'movement' };
  }
  const i = PHASES.indexOf(combat.phase);
  if (i < PHASES.length - 1)
    return { turn: combat.turn, phasing: combat.phasing, phase: PHASES[i + 1] as Phase };
  const native = combat.phasing === combat.intruder;
  return {
    turn: native ? combat.turn : combat.turn + 1,
    phasing: otherSide(combat.phasing),
    phase: 'movement',
  };
}

function next(state: RhylanorState, _cmd: unknown, ctx: DecideContext, combat: Combat): PersonalEvent[] {
  if (combat.stage !== 'turns') throw new RuleError('WRONG_PHASE', 'set the order (combat.order) first');
  if (ctx.actor.role !== 'gm') {
    const members = combat.sides[combat.phasing].members;
    if (!members.some((id) => state.characters[id]?.owner === ctx.actor.seatId)) {
      throw new RuleError('NOT_YOUR_TURN', `side ${combat.phasing} ends its own phases`);
    }
  }
  // Leaving the morale phase with a check owed is refused (the referee may rule it instead).
  if (combat.phase === 'morale') {
    const owed = SIDES.find((id) => moraleDueNow(combat, id));
    if (owed)
      throw new RuleError('MORALE_PENDING', `${combat.sides[owed].name} must check morale first`, {
        side: owed,
      });
  }
  const step = nextStep(combat);
  const changed: PersonalEvent = { type: 'combat.phaseChanged', ...step };
  const events: PersonalEvent[] = [changed];
  // A new turn is 15 s more: drugs take hold or wear off, mortal wounds run on (§8.1, §8.3).
  if (step.turn > combat.turn) events.push(...dueEvents(fold(state, [changed]), ctx.dice));
  if (step.phase === 'command') {
    // Reloads finish in the command phase (§7.5); fire called earlier lands (§7.11).
    // Every combatant of the side, robots (no members of it) included.
    for (const m of Object.values(combat.combatants)) {
      if (m.side === step.phasing && m.reloading !== null)
        events.push({ type: 'combat.reloaded', id: m.id, weaponIndex: m.reloading });
    }
    for (const call of combat.indirect) {
      if (call.arrivesSide === step.phasing && call.arrivesTurn <= step.turn)
        events.push(landIndirect(state, call, ctx.dice));
    }
  }
  return events;
}

function landIndirect(state: RhylanorState, call: IndirectCall, dice: DiceSource): PersonalEvent {
  const roll = makeRoll(
    `indirect fire (${call.attack})`,
    roll2d6(dice, 'indirect fire'),
    call.dms,
    INDIRECT_TARGETS[call.attack],
  );
  if (roll.success)
    return {
      type: 'combat.indirectLanded',
      callId: call.id,
      roll,
      x: call.x,
      y: call.y,
      clock: null,
      metres: 0,
    };
  const clock = dice.roll({ name: 'd12', sides: 12 }, 'indirect fire deviation direction');
  const metres = (dice.roll(D6, 'indirect fire deviation') + dice.roll(D6, 'indirect fire deviation')) * 10;
  const from = state.combat?.combatants[call.observerId] ?? { x: call.x, y: call.y - 1 };
  const at = deviate(from, call, clock, metres);
  return { type: 'combat.indirectLanded', callId: call.id, roll, x: at.x, y: at.y, clock, metres };
}

function morale(
  state: RhylanorState,
  cmd: z.output<typeof schemas.morale>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  const s = combat.sides[cmd.side];
  if (cmd.rally) {
    requirePhase(combat, ['command'], 'a rally');
    if (combat.phasing !== cmd.side)
      throw new RuleError('NOT_YOUR_TURN', 'a side rallies in its own command phase');
    if (s.morale !== 'fled') throw new RuleError('NOT_BROKEN', `${s.name} has not fled`);
    if (!s.leaderId || leaderDown(state, s.leaderId))
      throw new RuleError('NO_LEADER', `${s.name} has no conscious leader to rally it`);
  } else {
    requirePhase(combat, ['morale'], 'a morale check');
    if (!s.moraleChecking)
      throw new RuleError('NO_MORALE_DUE', `${s.name} has not lost a quarter of its number`);
    if (s.morale !== 'steady') throw new RuleError('SIDE_BROKEN', `${s.name} has already ${s.morale}`);
    if (combat.acted[`morale:${cmd.side}`])
      throw new RuleError('ALREADY_DONE', `${s.name} has checked morale this phase`);
    if (!moraleDueNow(combat, cmd.side)) {
      throw new RuleError('NO_MORALE_DUE', `${s.name} checks again in its own morale phase`);
    }
  }
  if (ctx.actor.role !== 'gm' && !s.members.some((id) => state.characters[id]?.owner === ctx.actor.seatId)) {
    throw new RuleError('NOT_YOUR_SIDE', `this seat plays nobody on ${s.name}`);
  }
  return resolveRolls(
    state,
    [moraleRoll(state, cmd.side, ctx.dice)],
    { kind: 'morale', side: cmd.side },
    ctx.dice,
  );
}

/**
 * A side owes a check in this morale phase: it has lost a quarter, still fights, has not rolled
 * this phase, and this is its first check or its own player turn (§7.9).
 */
export function moraleDueNow(combat: Combat, id: SideId): boolean {
  const s = combat.sides[id];
  if (!s.moraleChecking || s.morale !== 'steady' || combat.acted[`morale:${id}`]) return false;
  return s.moraleChecks === 0 || combat.phasing === id;
}

/** 2d6 ≥ 7 with the group's DMs (§7.9). */
export function moraleRoll(state: RhylanorState, id: SideId, dice: DiceSource): RollRecord {
  const combat = state.combat as Combat;
  const s = combat.sides[id];
  const mods: Modifier[] = [];
  if (s.military) mods.push({ source: 'military unit', value: MORALE.militaryDm });
  const leader = s.leaderId ? state.characters[s.leaderId] : undefined;
  if (leader && !leaderDown(state, leader.id)) {
    const lead = skillLevel(leader, 'Leader') ?? 0;
    if (lead) mods.push({ source: `leader's Leader-${lead}`, value: lead });
    if (skillLevel(leader, 'Tactics') !== null)
      mods.push({ source: 'leader has Tactics', value: MORALE.leaderTacticsDm });
  }
  if (casualtyFraction(state, id) >= MORALE.heavyLossFraction)
    mods.push({ source: 'half or more down', value: MORALE.heavyLossDm });
  if (s.leaderLostTurn !== null && combat.turn - s.leaderLostTurn < MORALE.leaderLostTurns) {
    mods.push({ source: 'leader just fell', value: MORALE.leaderLostDm });
  }
  return makeRoll(`morale of ${s.name}`, roll2d6(dice, `morale of ${s.name}`), mods, MORALE.target);
}

function seek(
  state: RhylanorState,
  cmd: z.output<typeof schemas.seek>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  requirePhase(combat, ['command'], 'looking for a hidden enemy');
  const { c, m, robot } = actorIn(state, ctx, combat, cmd.characterId);
  requirePhasing(combat, m, 'looking');
  requireFit(c);
  if (robot) requireRobotCanSpot(robot);
  if (combat.acted[`seek:${c.id}`]) throw new RuleError('ALREADY_DONE', `${c.name} has looked this phase`);
  const t = requireCombatant(combat, cmd.targetId);
  if (t.side === m.side) throw new RuleError('FRIENDLY_TARGET', `${cmd.targetId} is on the same side`);
  if (!t.concealed) throw new RuleError('NOT_CONCEALED', `${cmd.targetId} is in plain sight`);
  const disposition = combat.sides[t.side].disposition;
  const scanner = hasGear(state, c, 'spot') || hasGear(state, c, 'spotTotallyConcealed');
  const skills = ['Recon', 'Hunting', 'Forward Observer', ...(scanner ? ['Navigation', 'Computer'] : [])];
  const mods: Modifier[] = [
    ...skillMods(
      c,
      skills.map((skill) => ({ skill, dm: 0 })),
      state.pack,
    ).mods,
  ];
  const scan = Math.max(gearDm(state, c, 'spot'), gearDm(state, c, 'spotTotallyConcealed'));
  if (scan > 0) mods.push({ source: 'battle scanner', value: scan });
  else if (disposition === 'totallyConcealed') {
    return [{ type: 'combat.sought', seekerId: c.id, targetId: t.id, roll: null, found: false }];
  } else if (combat.daylight && gearDm(state, c, 'daylightSpot') > 0) {
    mods.push({ source: 'binoculars', value: gearDm(state, c, 'daylightSpot') });
  }
  const woundDm = woundPenalty(c);
  if (woundDm) mods.push({ source: 'wounds', value: -woundDm });
  if (robot) mods.push(...robotSightMods(robot));
  const name = state.characters[t.id]?.name ?? t.id;
  const roll = makeRoll(
    `looking for ${name}`,
    roll2d6(ctx.dice, `looking for ${name}`),
    mods,
    SPOT_TARGETS[disposition],
  );
  const events: PersonalEvent[] = [
    { type: 'combat.sought', seekerId: c.id, targetId: t.id, roll, found: roll.success },
  ];
  if (roll.success) events.push({ type: 'combat.positioned', id: t.id, concealed: false, by: 'rule' });
  return events;
}

function steady(
  state: RhylanorState,
  cmd: z.output<typeof schemas.steady>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  if (combat.stage !== 'turns') throw new RuleError('WRONG_PHASE', 'the fight has not begun');
  const { c, m } = ownCombatant(state, ctx, combat, cmd.characterId);
  // The graze taken this turn or the last, not yet answered.
  const graze = c.wounds.find((w) => w.level === 'graze' && !w.attempted && w.turn >= combat.turn - 1);
  if (!graze) throw new RuleError('NO_GRAZE', `${c.name} has no fresh graze to answer`);
  const group = moraleRoll(state, m.side, ctx.dice);
  const wounds = woundPenalty(c);
  const mods = wounds ? [...group.mods, { source: 'wounds', value: -wounds }] : group.mods;
  const roll = makeRoll(`${c.name} keeps his nerve`, group.faces, mods, MORALE.target);
  const answered = c.wounds.map((w) => (w.id === graze.id ? { ...w, attempted: true } : w));
  return [
    { type: 'combat.steadied', characterId: c.id, roll, holds: roll.success },
    {
      type: 'character.updated',
      characterId: c.id,
      set: { wounds: answered },
      by: 'rule',
      reason: 'graze answered',
    },
  ];
}

function place(state: RhylanorState, cmd: z.output<typeof schemas.place>): PersonalEvent[] {
  const combat = requireCombat(state);
  requireCombatant(combat, cmd.characterId);
  const { type: _t, characterId, ...set } = cmd;
  return [{ type: 'combat.positioned', id: characterId, ...set, by: 'referee' }];
}

function setMorale(state: RhylanorState, cmd: z.output<typeof schemas.setMorale>): PersonalEvent[] {
  const combat = requireCombat(state);
  const roll = makeRoll('referee ruling', [], [], 0);
  return [
    {
      type: 'combat.moraleRolled',
      side: cmd.side,
      roll,
      result: cmd.morale,
      rally: combat.sides[cmd.side].morale === 'fled',
    },
  ];
}

function callFire(
  state: RhylanorState,
  cmd: z.output<typeof schemas.callFire>,
  ctx: DecideContext,
  combat: Combat,
): PersonalEvent[] {
  requirePhase(combat, ['command'], 'calling fire');
  const { c, m } = ownCombatant(state, ctx, combat, cmd.observerId);
  requirePhasing(combat, m, 'calling fire');
  requireFit(c);
  const fo = skillLevel(c, 'Forward Observer');
  if (fo === null) throw new RuleError('SKILL_REQUIRED', `${c.name} needs Forward Observer to call fire`);
  const dms: Modifier[] = [];
  if (fo) dms.push({ source: `observer's Forward Observer-${fo}`, value: fo });
  if (cmd.gunnerSkill) dms.push({ source: "gunner's skill", value: cmd.gunnerSkill });
  const computer = gearDm(state, c, 'tactics');
  if (computer) dms.push({ source: "observer's battle computer", value: computer });
  if (hasGear(state, c, 'mapBox')) dms.push({ source: "observer's map box", value: 1 });
  if (hasGear(state, c, 'spotTotallyConcealed'))
    dms.push({ source: "observer's advanced battle scanner", value: 2 });
  else if (hasGear(state, c, 'spot')) dms.push({ source: "observer's battle scanner", value: 1 });
  dms.push(...cmd.gunnerDms);
  if (cmd.correctionTurns) dms.push({ source: 'turns of correction', value: cmd.correctionTurns });
  // Arrival (§7.11): ≤5 km next friendly command phase, ≤50 km the one after, beyond 2 + 1d6 turns.
  const delay =
    cmd.distanceKm <= 5 ? 1 : cmd.distanceKm <= 50 ? 2 : 2 + ctx.dice.roll(D6, 'long-range fire arrival');
  const call: IndirectCall = {
    id: combat.nextCallId,
    observerId: c.id,
    side: m.side,
    attack: cmd.attack,
    x: cmd.x,
    y: cmd.y,
    arrivesTurn: combat.turn + delay,
    arrivesSide: m.side,
    dms,
  };
  return [{ type: 'combat.indirectCalled', call }];
}

function coverPlace(state: RhylanorState, cmd: z.output<typeof schemas.coverPlace>): PersonalEvent[] {
  const combat = requireCombat(state);
  const { type: _t, ...area } = cmd;
  return [{ type: 'combat.coverPlaced', area: { id: combat.nextCoverId ?? 1, ...area } }];
}

function coverRemove(state: RhylanorState, cmd: z.output<typeof schemas.coverRemove>): PersonalEvent[] {
  const combat = requireCombat(state);
  if (!(combat.coverMap ?? []).some((a) => a.id === cmd.coverId))
    throw new RuleError('UNKNOWN_COVER', `no cover ${cmd.coverId} on the map`, { coverId: cmd.coverId });
  return [{ type: 'combat.coverRemoved', coverId: cmd.coverId }];
}

function end(state: RhylanorState, cmd: z.output<typeof schemas.end>): PersonalEvent[] {
  requireCombat(state);
  return [{ type: 'combat.ended', reason: cmd.reason }];
}

export const combatCommands: readonly CommandSpec[] = [
  defineCommand(schemas.start, GM, start),
  fightCommand(schemas.spot, GM_AND_PLAYERS, spot),
  defineCommand(schemas.rollOff, GM, rollOff),
  fightCommand(schemas.order, GM_AND_PLAYERS, order),
  fightCommand(schemas.move, GM_AND_PLAYERS, move),
  fightCommand(schemas.fire, GM_AND_PLAYERS, fire),
  fightCommand(schemas.melee, GM_AND_PLAYERS, melee),
  fightCommand(schemas.next, GM_AND_PLAYERS, next),
  fightCommand(schemas.morale, GM_AND_PLAYERS, morale),
  defineCommand(schemas.place, GM, place),
  defineCommand(schemas.coverPlace, GM, coverPlace),
  defineCommand(schemas.coverRemove, GM, coverRemove),
  defineCommand(schemas.setMorale, GM, setMorale),
  fightCommand(schemas.seek, GM_AND_PLAYERS, seek),
  fightCommand(schemas.steady, GM_AND_PLAYERS, steady),
  fightCommand(schemas.callFire, GM_AND_PLAYERS, callFire),
  defineCommand(schemas.end, GM, end),
];
