import { z } from 'zod';
import type { Role } from '../../../engine/ruleset.ts';
import { POSTS, personSchema, SIDES } from '../data/space-pack.ts';
import { TURRET_HANDS_MAX } from './tables.ts';

/** Every space-combat command: plain JSON, strict, bounded (digest §6). */

const id = z.string().trim().min(1).max(40);
const name = z.string().trim().min(1).max(60);
const coordinate = z.number().int().min(-500).max(500);
const hex = z.strictObject({ q: coordinate, r: coordinate });
/** A thrust vector: the drive caps it (decide checks), the schema only bounds it. */
const thrust = z.strictObject({ q: z.number().int().min(-20).max(20), r: z.number().int().min(-20).max(20) });
const turret = z.number().int().min(0).max(999);
const weapon = z.number().int().min(0).max(2);
/** Before the dice: one fleet chip of the acting side (+1 or −1) and ship pool points (signed). */
const modifiers = {
  chip: z.union([z.literal(-1), z.literal(1)]).optional(),
  pool: z.number().int().min(-30).max(30).optional(),
};

/** The other side's own rolls a chip guard may also go against (§6.4: a chip touches any roll). */
export const OWN_ROLL_KINDS = ['counter', 'detect', 'repair'] as const;
export type OwnRollKind = (typeof OWN_ROLL_KINDS)[number];

export const REPAIR_ITEMS = [
  'power',
  'maneuver',
  'jump',
  'computer',
  'hull',
  'turret',
  'drive',
  'cabin',
  'weapons',
] as const;
export type RepairItem = (typeof REPAIR_ITEMS)[number];

export const spaceCommandSchemas = [
  // Set-up (referee)
  z.strictObject({ type: z.literal('space.scenario.load'), scenario: name }),
  z.strictObject({
    type: z.literal('space.ship.add'),
    design: name,
    name,
    side: z.enum(SIDES),
    at: hex.optional(),
    vel: hex.optional(),
    quiet: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('space.world.add'), world: name, at: hex }),
  z.strictObject({ type: z.literal('space.ship.control'), ship: id, seatId: id.nullable() }),
  z.strictObject({
    type: z.literal('space.crew.assign'),
    ship: id,
    post: z.enum(POSTS),
    person: personSchema,
  }),
  z.strictObject({
    type: z.literal('space.gunner.assign'),
    ship: id,
    turret,
    person: personSchema.nullable(),
    /** How many gunners work this turret, its own included, each loading one round a turn (§6.10); left out, unchanged (one). */
    hands: z.number().int().min(1).max(TURRET_HANDS_MAX).optional(),
  }),
  z.strictObject({ type: z.literal('space.commander.assign'), side: z.enum(SIDES), person: personSchema }),
  z.strictObject({ type: z.literal('space.setup.standard') }),
  // Detection and surprise (§6.2)
  z.strictObject({ type: z.literal('space.posture'), ship: id, quiet: z.boolean() }),
  z.strictObject({ type: z.literal('space.detection.begin') }),
  /** Without a target: the nearest enemy ship not yet found that this ship has not looked for this round. */
  z.strictObject({ type: z.literal('space.detect'), ship: id, target: id.optional(), ...modifiers }),
  z.strictObject({ type: z.literal('space.detection.resolve') }),
  z.strictObject({ type: z.literal('space.surprise.place'), ship: id, at: hex, vel: hex.optional() }),
  z.strictObject({ type: z.literal('space.surprise.slip') }),
  // Commencing (§6.3)
  z.strictObject({ type: z.literal('space.initiative') }),
  z.strictObject({ type: z.literal('space.roles'), intruder: z.enum(SIDES) }),
  // The turn (§6.5–§6.12)
  z.strictObject({ type: z.literal('space.move'), ship: id, thrust }),
  z.strictObject({
    type: z.literal('space.fire'),
    ship: id,
    turret,
    target: id,
    /** Which weapons of the turret (indices); left out: every beam weapon not yet used this phase. */
    weapons: z.array(weapon).min(1).max(3).optional(),
    ...modifiers,
  }),
  z.strictObject({
    type: z.literal('space.counter'),
    ship: id,
    turret,
    /** The friendly ship whose locked-on missiles are shot at. */
    protect: id,
    weapons: z.array(weapon).min(1).max(3).optional(),
    ...modifiers,
  }),
  z.strictObject({ type: z.literal('space.launch'), ship: id, turret, weapon, target: id }),
  z.strictObject({ type: z.literal('space.sand'), ship: id, turret, weapon }),
  z.strictObject({
    type: z.literal('space.reload'),
    ship: id,
    turret,
    weapon,
    rounds: z.number().int().min(1).max(3),
  }),
  z.strictObject({
    type: z.literal('space.repair'),
    ship: id,
    item: z.enum(REPAIR_ITEMS),
    turret: turret.optional(),
    ...modifiers,
  }),
  z.strictObject({ type: z.literal('space.phase.end') }),
  z.strictObject({ type: z.literal('space.windows'), on: z.boolean() }),
  /**
   * The side spends a fleet chip against each enemy shot at its ships, before the dice; `also`: and
   * against the other side's own rolls of these kinds (counter-fire, a navigator's look, damage control).
   */
  z.strictObject({
    type: z.literal('space.chip.guard'),
    side: z.enum(SIDES),
    on: z.boolean(),
    also: z.array(z.enum(OWN_ROLL_KINDS)).max(3).optional(),
  }),
  /** Pool points on the open shot after its dice, by the firing or the target ship (signed). */
  z.strictObject({
    type: z.literal('space.pool.after'),
    ship: id,
    points: z.number().int().min(-30).max(30),
  }),
  z.strictObject({ type: z.literal('space.roll.pass') }),
  /** Pool points the ship spends against each shot at it, before the dice (0 stops). */
  z.strictObject({ type: z.literal('space.pool.guard'), ship: id, points: z.number().int().min(0).max(12) }),
  // Ships in ground combat (§6.14)
  z.strictObject({ type: z.literal('space.ground.fire'), ship: id, turret, target: name }),
  z.strictObject({ type: z.literal('space.ground.hit'), ship: id, majors: z.number().int().min(1).max(20) }),
  // Referee overrides
  z.strictObject({
    type: z.literal('space.override'),
    ship: id,
    at: hex.optional(),
    vel: hex.optional(),
    past: hex.nullable().optional(),
    hullPoints: z.number().int().min(0).max(100_000).optional(),
    sand: z.number().int().min(0).max(30).optional(),
    maneuver: z.number().int().min(0).max(9).optional(),
    jump: z.number().int().min(0).max(9).optional(),
    computer: z.number().int().min(0).max(9).optional(),
    power: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    pool: z.number().int().min(0).max(100).optional(),
    detected: z.boolean().optional(),
    destroyed: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('space.missile.remove'), missile: id }),
  z.strictObject({ type: z.literal('space.flag.clear'), index: z.number().int().min(0).max(9999) }),
  z.strictObject({ type: z.literal('space.battle.end') }),
] as const;

export const spaceCommandSchema = z.discriminatedUnion('type', spaceCommandSchemas);
export type SpaceCommand = z.output<typeof spaceCommandSchema>;
export type SpaceCommandOf<T extends SpaceCommand['type']> = Extract<SpaceCommand, { type: T }>;

const GM: readonly Role[] = ['gm'];
const TABLE: readonly Role[] = ['gm', 'player'];

/** Which roles may send each command; a player acts only for the ships it commands (decide checks). */
export const SPACE_COMMAND_ROLES: Readonly<Record<SpaceCommand['type'], readonly Role[]>> = {
  'space.scenario.load': GM,
  'space.ship.add': GM,
  'space.world.add': GM,
  'space.ship.control': GM,
  'space.crew.assign': GM,
  'space.gunner.assign': GM,
  'space.commander.assign': GM,
  'space.setup.standard': GM,
  'space.posture': TABLE,
  'space.detection.begin': GM,
  'space.detect': TABLE,
  'space.detection.resolve': GM,
  'space.surprise.place': TABLE,
  'space.surprise.slip': TABLE,
  'space.initiative': GM,
  'space.roles': TABLE,
  'space.move': TABLE,
  'space.fire': TABLE,
  'space.counter': TABLE,
  'space.launch': TABLE,
  'space.sand': TABLE,
  'space.reload': TABLE,
  'space.repair': TABLE,
  'space.phase.end': TABLE,
  'space.pool.guard': TABLE,
  'space.windows': GM,
  'space.chip.guard': TABLE,
  'space.pool.after': TABLE,
  'space.roll.pass': TABLE,
  'space.ground.fire': TABLE,
  'space.ground.hit': GM,
  'space.override': GM,
  'space.missile.remove': GM,
  'space.flag.clear': GM,
  'space.battle.end': GM,
};
