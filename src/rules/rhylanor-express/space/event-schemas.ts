import { z } from 'zod';
import { HULL_KINDS, hexSchema, POSTS, personSchema, SIDES, WEAPON_KINDS } from '../data/space-pack.ts';
import { OWN_ROLL_KINDS, REPAIR_ITEMS, spaceCommandSchemas } from './commands.ts';
import type { SpaceEvent } from './events.ts';
import { TURRET_HANDS_MAX } from './tables.ts';

/**
 * Schemas of the space events as `decide` makes them, checked when a log is imported
 * (`Ruleset.eventSchemas`): a tampered event (a roll that does not add up, a die face of 9, a
 * field decide never writes) is refused instead of folded. Bounds are generous; the rules
 * themselves are `decideSpace`'s to check.
 */

const id = z.string().min(1).max(100);
const label = z.string().max(200);
const int = z.number().int().min(-1_000_000).max(1_000_000);
const count = z.number().int().min(0).max(1_000_000);
const side = z.enum(SIDES);
const d6 = z.number().int().min(1).max(6);
const level = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const hex = hexSchema;
const seen = z.array(z.string().max(100)).max(100);
const hidden = { secret: z.boolean(), seen };
const maybeHidden = { secret: z.boolean().optional(), seen: seen.optional() };
const phase = z.enum([
  'setup',
  'detection',
  'surprise',
  'roles',
  'movement',
  'laser',
  'return',
  'ordnance',
  'ended',
]);

/** A 2d6 roll with its breakdown; the total must be the faces, DMs, chip and pool points added. */
export const roll2d6Schema = z
  .strictObject({
    faces: z.tuple([d6, d6]),
    dms: z.array(z.strictObject({ label, value: int })).max(60),
    chip: int,
    pool: int,
    total: int,
    need: int,
    success: z.boolean(),
  })
  .superRefine((r, ctx) => {
    let total = r.faces[0] + r.faces[1] + r.chip + r.pool;
    for (const dm of r.dms) total += dm.value;
    if (r.total !== total)
      ctx.addIssue({
        code: 'custom',
        path: ['total'],
        message: 'is not the faces, DMs, chip and pool added',
      });
  });

const rated = z.strictObject({ max: count, now: count, destroyed: z.boolean(), hits: count });

const turretSchema = z.strictObject({
  name: label,
  weapons: z
    .array(
      z.strictObject({ kind: z.enum(WEAPON_KINDS), ready: z.number().int().min(0).max(3), usedPhase: int }),
    )
    .max(3),
  state: level,
  hits: count,
  gunner: personSchema.nullable(),
  firedTurn: int,
  busyUntil: int,
  firedAt: id.nullable(),
  firedPhase: int,
  hands: z.number().int().min(1).max(TURRET_HANDS_MAX).optional(),
  loadedTurn: int.optional(),
  loadedRounds: count.optional(),
});

const shipSchema = z.strictObject({
  id,
  name: label,
  design: label,
  side,
  controller: z.string().max(100).nullable(),
  shipClass: z.enum(['starship', 'spaceship', 'smallCraft']),
  tons: count,
  hull: z.enum(HULL_KINDS),
  hullPointsMax: count,
  hullPoints: count,
  hullHits: count,
  maneuver: rated,
  jump: rated,
  computer: rated,
  power: level,
  powerHits: count,
  cabin: level,
  weaponsState: level,
  weaponsHits: count,
  fuel: count,
  cargo: count,
  carried: z.array(z.strictObject({ design: label, state: level })).max(50),
  magazine: z.strictObject({ missiles: count, sand: count }),
  turrets: z.array(turretSchema).max(200),
  crew: z.partialRecord(z.enum(POSTS), personSchema),
  at: hex.nullable(),
  vel: hex,
  past: hex.nullable(),
  sand: z.number().int().min(0).max(30),
  quiet: z.boolean(),
  detected: z.boolean(),
  movedPhase: int,
  repairTurn: int,
  pool: count,
  guard: count,
  destroyed: z.boolean(),
});

const missileSchema = z.strictObject({
  id,
  ship: id,
  side,
  target: id,
  range: count,
  computer: count,
  strikesAt: int,
});

const openShotSchema = z.strictObject({
  ship: id,
  turret: count,
  weapon: count,
  target: id,
  range: count,
  side,
  roll: roll2d6Schema,
  against: count,
  chipAgainst: z.number().int().min(0).max(1),
  after: int,
  passed: z.array(side).max(2),
  rest: z.array(count).max(3),
  repair: z.strictObject({ item: z.enum(REPAIR_ITEMS), turret: count.optional() }).optional(),
  counter: z.literal(true).optional(),
  detect: z.literal(true).optional(),
});

const damageEffect = z.strictObject({
  item: z.enum([
    'power',
    'maneuver',
    'jump',
    'fuel',
    'hull',
    'hold',
    'computer',
    'turret',
    'drive',
    'cabin',
    'weapons',
    'crew',
    'explode',
    'none',
  ]),
  critical: z.boolean(),
  turret: count.optional(),
  turretFace: d6.optional(),
  cargoLost: count.optional(),
  carried: count.optional(),
});

const overrideCommand = spaceCommandSchemas.find((s) => s.shape.type.value === 'space.override');
if (!overrideCommand) throw new Error('space.override has no schema');
// The event's patch is the command less its type and ship (decide copies the rest as it came).
const { type: _type, ship: _ship, ...patchShape } = overrideCommand.shape as z.ZodRawShape;
const overridePatch = z.strictObject(patchShape);

function event<T extends SpaceEvent['type'], S extends z.ZodRawShape>(type: T, shape: S) {
  return z.strictObject({ type: z.literal(type), ...shape });
}

export const spaceEventSchemas: Readonly<Record<SpaceEvent['type'], z.ZodType>> = {
  'space.scenario.loaded': event('space.scenario.loaded', {
    scenario: label,
    sides: z.strictObject({
      a: z.strictObject({ name: label, commander: personSchema.nullable() }),
      b: z.strictObject({ name: label, commander: personSchema.nullable() }),
    }),
    intruder: side.nullable(),
  }),
  'space.ship.added': event('space.ship.added', { ship: shipSchema, ...hidden }),
  'space.world.added': event('space.world.added', { world: z.strictObject({ name: label, at: hex }) }),
  'space.ship.controlled': event('space.ship.controlled', {
    ship: id,
    seatId: z.string().max(100).nullable(),
  }),
  'space.crew.assigned': event('space.crew.assigned', {
    ship: id,
    post: z.enum(POSTS),
    person: personSchema,
    ...hidden,
  }),
  'space.gunner.assigned': event('space.gunner.assigned', {
    ship: id,
    turret: count,
    person: personSchema.nullable(),
    hands: z.number().int().min(1).max(TURRET_HANDS_MAX).optional(),
    ...hidden,
  }),
  'space.commander.assigned': event('space.commander.assigned', { side, person: personSchema, ...hidden }),
  'space.ship.placed': event('space.ship.placed', { ship: id, at: hex, vel: hex, ...hidden }),
  'space.posture.set': event('space.posture.set', { ship: id, quiet: z.boolean(), ...hidden }),
  'space.detection.begun': event('space.detection.begun', { round: count }),
  'space.detect.rolled': event('space.detect.rolled', {
    ship: id,
    target: id,
    side,
    roll: roll2d6Schema,
    spent: z.boolean().optional(),
    chipAgainst: z.number().int().min(0).max(1).optional(),
    ...hidden,
  }),
  'space.detection.resolved': event('space.detection.resolved', {
    outcome: z.enum(['surprise', 'battle', 'again']),
    surpriser: side.nullable(),
    ...hidden,
  }),
  'space.initiative.rolled': event('space.initiative.rolled', {
    scores: z.strictObject({ a: int, b: int }),
    rollOffs: z.array(z.strictObject({ a: z.tuple([d6, d6]), b: z.tuple([d6, d6]) })).max(100),
    chooser: side,
  }),
  'space.roles.chosen': event('space.roles.chosen', {
    intruder: side,
    chips: z.strictObject({ a: count, b: count }),
    pools: z.record(id, count),
  }),
  'space.ship.moved': event('space.ship.moved', {
    ship: id,
    thrust: hex,
    from: hex,
    to: hex,
    path: z.array(hex).max(2000),
    pulls: z.array(hex).max(2000),
    vel: hex,
    worldEntered: z.array(hex).max(2000),
    sandLost: count,
    ...hidden,
  }),
  'space.phase.ended': event('space.phase.ended', { phase, turnSide: side, turn: count, playerTurn: count }),
  'space.fired': event('space.fired', {
    ship: id,
    turret: count,
    weapon: count,
    target: id,
    at: z.enum(['ship', 'missiles']),
    range: count,
    roll: roll2d6Schema,
    natural: z.number().int().min(2).max(12),
    hits: count,
    hitsFace: d6.optional(),
    missilesDestroyed: z.array(id).max(500).optional(),
    against: count.optional(),
    chipAgainst: count.optional(),
    spent: z.boolean().optional(),
    side,
  }),
  'space.damaged': event('space.damaged', {
    ship: id,
    source: label,
    faces: z.tuple([d6, d6]),
    critFace: z.number().int().min(2).max(12).optional(),
    effect: damageEffect,
    killed: z.array(label).max(100).optional(),
  }),
  'space.crew.hit': event('space.crew.hit', {
    ship: id,
    people: z
      .array(
        z.strictObject({
          name: label,
          woundFaces: z.tuple([d6, d6]),
          woundRoll: int,
          blowFace: d6,
          blownOut: z.boolean(),
        }),
      )
      .max(100),
  }),
  'space.ship.destroyed': event('space.ship.destroyed', { ship: id, reason: label }),
  'space.missile.launched': event('space.missile.launched', {
    missile: missileSchema,
    turret: count,
    weapon: count,
  }),
  'space.missile.struck': event('space.missile.struck', {
    missile: id,
    target: id,
    sandFace: d6.optional(),
    early: z.boolean(),
    hitsFace: d6.optional(),
    hits: count,
  }),
  'space.missiles.removed': event('space.missiles.removed', {
    missiles: z.array(id).max(500),
    reason: label,
  }),
  'space.sand.cast': event('space.sand.cast', { ship: id, turret: count, weapon: count }),
  'space.reloaded': event('space.reloaded', { ship: id, turret: count, weapon: count, rounds: count }),
  'space.repair.rolled': event('space.repair.rolled', {
    ship: id,
    item: z.enum(REPAIR_ITEMS),
    turret: count.optional(),
    roll: roll2d6Schema,
    side,
    spent: z.boolean().optional(),
    chipAgainst: z.number().int().min(0).max(1).optional(),
    ...maybeHidden,
  }),
  'space.ground.fired': event('space.ground.fired', {
    ship: id,
    turret: count,
    target: label,
    shots: z
      .array(z.strictObject({ weapon: count, roll: roll2d6Schema, majors: count, majorsFace: d6.optional() }))
      .max(3),
  }),
  'space.overridden': event('space.overridden', { ship: id, patch: overridePatch, ...hidden }),
  'space.flag.cleared': event('space.flag.cleared', { index: count }),
  'space.pool.guarded': event('space.pool.guarded', { ship: id, points: count }),
  'space.windows.set': event('space.windows.set', { on: z.boolean() }),
  'space.chip.guarded': event('space.chip.guarded', {
    side,
    on: z.boolean(),
    also: z.array(z.enum(OWN_ROLL_KINDS)).max(3).optional(),
  }),
  'space.roll.opened': event('space.roll.opened', { shot: openShotSchema, ...maybeHidden }),
  'space.pool.added': event('space.pool.added', { ship: id, points: int, ...maybeHidden }),
  'space.roll.passed': event('space.roll.passed', { side, ...maybeHidden }),
  'space.roll.closed': event('space.roll.closed', { ...maybeHidden }),
  'space.battle.ended': event('space.battle.ended', {
    reason: label,
    repairs: z
      .array(
        z.strictObject({
          ship: id,
          item: label,
          hits: count,
          cost: z.enum(['free', 'full', 'percent']),
          percent: count.optional(),
          face: d6.optional(),
        }),
      )
      .max(1000),
  }),
};
