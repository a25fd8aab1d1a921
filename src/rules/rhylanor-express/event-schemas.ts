import { z } from 'zod';
import { referenceProblems } from './data/pack.ts';
import { packSchema } from './data/pack-schema.ts';
import {
  DISPOSITIONS,
  DRUG_IDS,
  INDIRECT_TARGETS,
  MOVEMENT_OPTIONS,
  VEHICLE_ACTIVITIES,
  WOUND_LEVELS,
} from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import { PHASES, SEATS, SIDES } from './state.ts';

/**
 * Schemas of the personal half's events as `decide` makes them, checked when a log is imported
 * (`Ruleset.eventSchemas`): a tampered event (a roll whose total does not add up, a wound level
 * that does not exist, a field decide never writes) is refused instead of folded. Every event may
 * carry the flags `decide` adds for `redact` (`secret` for a secret NPC, `hidden` for a concealed
 * move). Sizes are generous bounds, not rules: the rules themselves are checked by `decide`.
 */

const text = z.string().max(500);
const id = z.string().min(1).max(100);
const int = z.number().int().min(-1_000_000).max(1_000_000);
const count = z.number().int().min(0).max(1_000_000);
/** Game time in seconds: a campaign outlasts a million seconds (under twelve days) by far. */
const gameTime = z.number().int().min(0).max(1_000_000_000_000);
/** A passenger's numbered seat in a vehicle (the pack's `capacity` bounds it). */
const seatPlace = z.number().int().min(1).max(1000);
const metres = z.number().finite().min(-1_000_000).max(1_000_000);
const side = z.enum(SIDES);
const woundLevel = z.enum(WOUND_LEVELS);
const movementOption = z.enum(Object.keys(MOVEMENT_OPTIONS) as [keyof typeof MOVEMENT_OPTIONS]);
// Every RollRecord is d6 faces (2d6 tasks, 1d6 checks); other dice (deviation's d12) are fields of their own.
const face = z.number().int().min(1).max(6);

const modifier = z.strictObject({ source: text, value: int });
const poolSpend = z.strictObject({ side: z.string().max(20), delta: int, when: z.enum(['before', 'after']) });

/** A roll and its breakdown; the sums must add up, so a tampered total or face is refused. */
export const rollRecordSchema = z
  .strictObject({
    purpose: text,
    faces: z.array(face).max(12),
    natural: int,
    mods: z.array(modifier).max(60),
    pool: z.array(poolSpend).max(200),
    target: int,
    total: int,
    margin: int,
    success: z.boolean(),
  })
  .superRefine((r, ctx) => {
    let natural = 0;
    for (const f of r.faces) natural += f;
    let total = natural;
    for (const m of r.mods) total += m.value;
    for (const p of r.pool) total += p.delta;
    if (r.natural !== natural)
      ctx.addIssue({ code: 'custom', path: ['natural'], message: 'is not the faces added' });
    if (r.total !== total)
      ctx.addIssue({
        code: 'custom',
        path: ['total'],
        message: 'is not the faces, modifiers and pool points added',
      });
    if (r.margin !== r.total - r.target)
      ctx.addIssue({ code: 'custom', path: ['margin'], message: 'is not the total less the target' });
    if (r.success !== r.total >= r.target)
      ctx.addIssue({
        code: 'custom',
        path: ['success'],
        message: 'does not follow from the total and target',
      });
  });

const woundSchema = z.strictObject({
  id: count,
  level: woundLevel,
  endLost: count,
  penalty: z.number().int().min(0).max(10),
  treated: z.boolean(),
  attempted: z.boolean(),
  turn: count,
  at: gameTime.optional(),
  diesAt: gameTime.optional(),
  deferred: z.literal(true).optional(),
  preserved: z.boolean().optional(),
});

const doseSchema = z.strictObject({
  drug: z.enum(DRUG_IDS),
  takenAt: gameTime,
  startsAt: gameTime,
  endsAt: gameTime.nullable(),
  stage: z.enum(['waiting', 'active', 'asleep', 'over']),
});

const carriedSchema = z.strictObject({ weaponId: id, loaded: count, spare: count });
const uppDigits = z.array(z.number().int().min(0).max(33)).length(6);
const tempMods = z.array(z.number().int().min(-33).max(33)).length(6);
const skills = z.record(z.string().min(1).max(60), z.number().int().min(0).max(15));

const characterFields = {
  name: z.string().min(1).max(80),
  owner: z.string().max(100).nullable(),
  secret: z.boolean(),
  upp: uppDigits,
  mods: tempMods,
  skills,
  ticks: z.array(z.string().max(60)).max(200),
  wounds: z.array(woundSchema).max(200),
  weapons: z.array(carriedSchema).max(40),
  armour: id.nullable(),
  gear: z.array(id).max(100),
  carriedKg: z.number().finite().min(0).max(1_000_000),
  carryingPerson: z.boolean(),
  career: z.string().max(60).nullable(),
  skillRollsOwed: count,
  specialDutyRollsOwed: count.optional(),
  specialDutyThisTerm: z.boolean().optional(),
  field: z.string().min(1).max(60).optional(),
  fieldTermsOwed: count.optional(),
  cascadesOwed: z.array(z.string().max(60)).max(50),
  advancesOwed: count,
  drugs: z.array(doseSchema).max(200).optional(),
};

const characterSchema = z.strictObject({ id, ...characterFields, nextWoundId: count });
const characterPatchSchema = z.strictObject(
  Object.fromEntries(Object.entries(characterFields).map(([k, v]) => [k, v.optional()])) as unknown as {
    [K in keyof typeof characterFields]: z.ZodOptional<(typeof characterFields)[K]>;
  },
);

const combatantSchema = z.strictObject({
  id,
  side,
  x: metres,
  y: metres,
  option: movementOption.nullable(),
  optionTurn: int,
  mustEvade: z.boolean().optional(),
  reloading: count.nullable(),
  cover: z.number().int().min(0).max(20),
  fullCover: z.boolean(),
  concealed: z.boolean(),
  tumbling: z.boolean(),
  controlTurn: int,
  handhold: z.boolean(),
  contacts: z.record(id, int),
  activity: z.enum(VEHICLE_ACTIVITIES).nullable(),
});

const combatSideSchema = z.strictObject({
  id: side,
  name: z.string().max(80),
  disposition: z.enum(DISPOSITIONS),
  military: z.boolean(),
  leaderId: id.nullable(),
  members: z.array(id).max(500),
  pool: count,
  morale: z.enum(['steady', 'fled', 'surrendered']),
  moraleChecking: z.boolean(),
  moraleChecks: count,
  leaderLostTurn: int.nullable(),
});

const indirectCallSchema = z.strictObject({
  id: count,
  observerId: id,
  side,
  attack: z.enum(Object.keys(INDIRECT_TARGETS) as [keyof typeof INDIRECT_TARGETS]),
  x: metres,
  y: metres,
  arrivesTurn: count,
  arrivesSide: side,
  dms: z.array(z.strictObject({ source: text, value: int })).max(40),
});

const combatSchema = z.strictObject({
  stage: z.enum(['spotting', 'order', 'turns']),
  turn: count,
  phasing: side,
  phase: z.enum(PHASES),
  intruder: side.nullable(),
  chooser: side.nullable(),
  surprise: side.nullable(),
  spotted: z.strictObject({ a: z.boolean().nullable(), b: z.boolean().nullable() }),
  sides: z.strictObject({ a: combatSideSchema, b: combatSideSchema }),
  combatants: z.record(id, combatantSchema),
  acted: z.record(id, z.literal(true)),
  zeroG: z.boolean(),
  daylight: z.boolean(),
  indirect: z.array(indirectCallSchema).max(200),
  nextCallId: count,
  dogfights: z
    .array(
      z.strictObject({ attackerId: id, targetId: id, turn: int, phase: z.enum(PHASES), won: z.boolean() }),
    )
    .max(1000)
    .optional(),
});

const continuationSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('task'), characterId: id, skill: z.string().max(60).nullable() }),
  z.strictObject({
    kind: z.literal('fire'),
    shooterId: id,
    weaponId: id,
    targets: z.array(z.strictObject({ targetId: id, cap: count })).max(100),
  }),
  z.strictObject({ kind: z.literal('melee'), attackerId: id, defenderId: id, weaponId: id, maxHits: count }),
  z.strictObject({
    kind: z.literal('wounds'),
    hits: z
      .array(
        z.strictObject({
          targetId: id,
          shift: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
          attackerId: id,
        }),
      )
      .max(500),
  }),
  z.strictObject({ kind: z.literal('morale'), side }),
  z.strictObject({ kind: z.literal('spot'), side }),
]);

const researchSchema = z.strictObject({
  id,
  name: z.string().max(120),
  characterId: id,
  skill: z.string().max(60),
  target: int,
  needed: count,
  successes: count,
  done: z.boolean(),
  kind: z.enum(['disease', 'device', 'question']),
  treatmentTarget: int.optional(),
  endPerDay: count.optional(),
  period: z.enum(['hour', 'day', 'week']).optional(),
  lastRolledAt: gameTime.optional(),
});

const slot = z.number().int().min(0).max(8);
const pointDefenceCover = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('self') }),
  z.strictObject({ kind: z.literal('vehicle'), machineId: id }),
  z.strictObject({ kind: z.literal('area'), x: metres, y: metres }),
]);

const machineSchema = z.strictObject({
  id,
  kind: z.enum(['vehicle', 'robot']),
  packId: id,
  name: z.string().max(120),
  armour: count,
  damage: z.array(z.string().max(120)).max(200),
  destroyed: z.boolean(),
  inert: z.boolean(),
  spent: z.array(count).max(9).optional(),
  reloads: z.array(count).max(9).optional(),
  pointDefence: z
    .array(z.strictObject({ slot, covers: pointDefenceCover }))
    .max(9)
    .optional(),
  riders: z
    .array(z.strictObject({ characterId: id, seat: z.enum(SEATS), place: seatPlace.optional() }))
    .max(1000)
    .optional(),
  bombsDropped: count.optional(),
});

const damageRollSchema = z.strictObject({
  penetration: z.strictObject({
    face: face,
    total: int,
    result: z.enum(['none', 'surface', 'minor', 'major']),
  }),
  effects: z
    .array(z.strictObject({ column: z.string().max(40), roll: int, effect: z.string().max(120) }))
    .max(20),
});

/** What decide adds to an event for redact: about a secret NPC, or a concealed man's move. */
const flags = {
  secret: z.literal(true).optional(),
  hidden: z.literal(true).optional(),
  /** Beside `hidden`: the seat that owns the unseen man, whose own copy stays whole. */
  seenBy: z.string().min(1).max(100).optional(),
};

function event<T extends PersonalEvent['type'], S extends z.ZodRawShape>(type: T, shape: S) {
  return z.strictObject({ type: z.literal(type), ...shape, ...flags });
}

const rolls = z.array(rollRecordSchema).max(200);
/** Set by decide for `redact`: the rolls of a wound volley that fall on an unseen man aboard (their places). */
const unseen = z.array(count).min(1).max(200).optional();
/** Beside `unseen`: the seat owning each of those men (null: nobody's, a secret NPC). */
const unseenBy = z.array(z.string().min(1).max(100).nullable()).min(1).max(200).optional();

export const personalEventSchemas: Readonly<Record<PersonalEvent['type'], z.ZodType>> = {
  'character.created': event('character.created', { character: characterSchema }),
  'character.updated': event('character.updated', {
    characterId: id,
    set: characterPatchSchema,
    by: z.enum(['rule', 'referee']),
    reason: text,
  }),
  'character.skillGained': event('character.skillGained', {
    characterId: id,
    result: z.string().max(60),
    skill: z.string().max(60),
    level: z.number().int().min(0).max(15),
  }),
  'character.advancementRolled': event('character.advancementRolled', {
    characterId: id,
    skill: z.string().max(60),
    face: z.number().int().min(1).max(6),
    from: z.number().int().min(0).max(15),
    rose: z.boolean(),
  }),
  'chargen.rolled': event('chargen.rolled', {
    characterId: id,
    kind: z.enum(['specialDuty', 'survival', 'commission', 'promotion', 'reenlist']),
    roll: rollRecordSchema,
    extraSkillRolls: count,
    fieldTerm: z.literal(true).optional(),
  }),
  'chargen.fieldGained': event('chargen.fieldGained', {
    characterId: id,
    field: z.string().min(1).max(60),
    level: z.number().int().min(1).max(15),
  }),
  'chargen.skillRolled': event('chargen.skillRolled', {
    characterId: id,
    career: z.string().max(60),
    table: count,
    face: z.number().int().min(1).max(6),
    result: z.string().max(60),
    extra: z.boolean(),
    cascade: z.boolean(),
  }),
  'task.rolled': event('task.rolled', {
    characterId: id,
    skill: z.string().max(60).nullable(),
    roll: rollRecordSchema,
    ticked: z.string().max(60).nullable(),
    label: text.optional(),
  }),
  // The whole pack as parsePack accepts it: its shape and its cross-references.
  'pack.loaded': event('pack.loaded', {
    pack: packSchema.superRefine((pack, ctx) => {
      for (const problem of referenceProblems(pack)) ctx.addIssue({ code: 'custom', message: problem });
    }),
  }),
  'window.opened': event('window.opened', { rolls, after: continuationSchema, unseen, unseenBy }),
  'pool.spent': event('pool.spent', { side, delta: int, rollIndex: count.nullable() }),
  'pool.passed': event('pool.passed', { side }),
  'window.closed': event('window.closed', { rolls, by: z.enum(['pools', 'referee']), unseen, unseenBy }),
  'pool.stagedUsed': event('pool.stagedUsed', {}),
  'combat.started': event('combat.started', { combat: combatSchema }),
  'combat.spotted': event('combat.spotted', {
    side,
    spotterId: id.nullable(),
    roll: rollRecordSchema.nullable(),
    success: z.boolean(),
    reason: text,
  }),
  'combat.rolledOff': event('combat.rolledOff', {
    rolls: z.array(z.strictObject({ a: int, b: int })).max(100),
    chooser: side,
  }),
  'combat.ordered': event('combat.ordered', { intruder: side, surprise: side.nullable() }),
  'combat.moved': event('combat.moved', {
    id,
    option: movementOption,
    x: metres,
    y: metres,
    reloading: count.nullable(),
    handhold: z.boolean(),
    contacts: z.record(id, int),
  }),
  'combat.controlRolled': event('combat.controlRolled', {
    id,
    roll: rollRecordSchema,
    tumbling: z.boolean(),
  }),
  'combat.fired': event('combat.fired', {
    shooterId: id,
    weaponIndex: count,
    weaponId: id,
    rounds: count,
    targets: z.array(z.strictObject({ targetId: id, band: z.string().max(20), rounds: count })).max(100),
    port: z.strictObject({ machineId: id, place: seatPlace.optional() }).optional(),
  }),
  'combat.meleeStruck': event('combat.meleeStruck', {
    attackerId: id,
    defenderId: id,
    weaponId: id,
    contacts: z.record(id, int),
  }),
  'combat.hits': event('combat.hits', { attackerId: id, targetId: id, hits: count, roll: rollRecordSchema }),
  'combat.unhurt': event('combat.unhurt', { characterId: id, roll: rollRecordSchema }),
  'combat.deviated': event('combat.deviated', {
    attackerId: id,
    clock: z.number().int().min(1).max(12),
    metres: z.number().finite().min(0).max(1_000_000),
    x: metres,
    y: metres,
  }),
  'character.wounded': event('character.wounded', {
    characterId: id,
    wound: woundSchema,
    rolled: woundLevel,
    shift: z.number().int().min(-1).max(1),
    roll: rollRecordSchema.optional(),
  }),
  'combat.phaseChanged': event('combat.phaseChanged', { turn: count, phasing: side, phase: z.enum(PHASES) }),
  'combat.reloaded': event('combat.reloaded', { id, weaponIndex: count }),
  'combat.moraleDue': event('combat.moraleDue', { side }),
  'combat.leaderLost': event('combat.leaderLost', { side, turn: count }),
  'combat.moraleRolled': event('combat.moraleRolled', {
    side,
    roll: rollRecordSchema,
    result: z.enum(['steady', 'fled', 'surrendered']),
    rally: z.boolean(),
  }),
  'combat.positioned': event('combat.positioned', {
    id,
    x: metres.optional(),
    y: metres.optional(),
    cover: z.number().int().min(0).max(20).optional(),
    fullCover: z.boolean().optional(),
    concealed: z.boolean().optional(),
    activity: z.enum(VEHICLE_ACTIVITIES).nullable().optional(),
    tumbling: z.boolean().optional(),
    by: z.enum(['rule', 'referee']),
  }),
  'combat.steadied': event('combat.steadied', {
    characterId: id,
    roll: rollRecordSchema,
    holds: z.boolean(),
  }),
  'combat.sought': event('combat.sought', {
    seekerId: id,
    targetId: id,
    roll: rollRecordSchema.nullable(),
    found: z.boolean(),
  }),
  'combat.indirectCalled': event('combat.indirectCalled', { call: indirectCallSchema }),
  'combat.indirectLanded': event('combat.indirectLanded', {
    callId: count,
    roll: rollRecordSchema,
    x: metres,
    y: metres,
    clock: z.number().int().min(1).max(12).nullable(),
    metres: z.number().finite().min(0).max(1_000_000),
    caught: z.array(id).max(1000).optional(),
  }),
  'combat.coverPlaced': event('combat.coverPlaced', {
    area: z.strictObject({
      id: count,
      x: metres,
      y: metres,
      radius: z.number().min(0.5).max(500),
      cover: z.union([z.literal('full'), z.number().int().min(1).max(4)]),
      name: z.string().max(60),
    }),
  }),
  'combat.coverRemoved': event('combat.coverRemoved', { coverId: count }),
  'combat.ended': event('combat.ended', { reason: text }),
  'medic.treated': event('medic.treated', {
    medicId: id,
    patientId: id,
    woundId: count,
    roll: rollRecordSchema,
    wounds: z.array(woundSchema).max(200),
  }),
  'medic.preserved': event('medic.preserved', {
    medicId: id,
    patientId: id,
    woundId: count,
    roll: rollRecordSchema,
    wounds: z.array(woundSchema).max(200),
  }),
  'machine.added': event('machine.added', { machine: machineSchema }),
  'machine.damaged': event('machine.damaged', {
    machineId: id,
    roll: damageRollSchema,
    damage: z.array(z.string().max(120)).max(200),
    destroyed: z.boolean(),
    inert: z.boolean(),
    lostTurns: z.strictObject({ from: count, through: count, die: face.optional() }).optional(),
  }),
  'machine.boarded': event('machine.boarded', {
    machineId: id,
    characterId: id,
    seat: z.enum(SEATS),
    place: seatPlace.optional(),
  }),
  'machine.reseated': event('machine.reseated', {
    machineId: id,
    characterId: id,
    seat: z.enum(SEATS),
    place: seatPlace.optional(),
  }),
  'machine.alighted': event('machine.alighted', {
    machineId: id,
    characterId: id,
    x: metres.optional(),
    y: metres.optional(),
  }),
  'machine.crewAttacked': event('machine.crewAttacked', {
    machineId: id,
    effect: z.enum(['exposedCrewAttacked', 'oneCrewAttacked', 'allCrewAttacked', 'explode']),
    pick: z.number().int().min(1).max(1000).nullable(),
    characterIds: z.array(id).min(1).max(1000),
    escapes: z
      .array(z.strictObject({ characterId: id, roll: rollRecordSchema, escaped: z.boolean() }))
      .max(1000)
      .optional(),
  }),
  'machine.repaired': event('machine.repaired', {
    machineId: id,
    technicianId: id,
    effect: z.string().max(120),
    roll: rollRecordSchema,
    damage: z.array(z.string().max(120)).max(200),
  }),
  'research.started': event('research.started', { research: researchSchema }),
  'research.rolled': event('research.rolled', {
    researchId: id,
    roll: rollRecordSchema,
    successes: count,
    wiped: z.boolean(),
    done: z.boolean(),
    at: gameTime.optional(),
  }),
  'disease.treated': event('disease.treated', { researchId: id, patientId: id, at: gameTime }),
  'combat.vehicleJoined': event('combat.vehicleJoined', { combatant: combatantSchema }),
  'combat.driven': event('combat.driven', {
    id,
    x: metres,
    y: metres,
    activity: z.enum(VEHICLE_ACTIVITIES),
    moved: z.boolean(),
  }),
  'combat.vehicleFired': event('combat.vehicleFired', {
    machineId: id,
    gunnerId: id,
    slot: z.number().int().min(0).max(8),
    weaponId: id,
    rounds: count,
    targets: z.array(z.strictObject({ targetId: id, band: z.string().max(20), rounds: count })).max(100),
  }),
  'combat.bombed': event('combat.bombed', {
    machineId: id,
    pilotId: id,
    roll: rollRecordSchema,
    x: metres,
    y: metres,
    clock: z.number().int().min(1).max(12).nullable(),
    metres: z.number().finite().min(0).max(1_000_000),
    caught: z.array(id).max(1000).optional(),
  }),
  'combat.dogfought': event('combat.dogfought', {
    attackerId: id,
    targetId: id,
    pilotId: id,
    roll: rollRecordSchema,
    won: z.boolean(),
  }),
  'combat.pointDefended': event('combat.pointDefended', {
    machineId: id,
    weaponId: id,
    slot: slot.optional(),
    rounds: count.optional(),
    rolls: z.array(rollRecordSchema).max(20),
    defeated: count,
  }),
  'combat.pointDefenceSet': event('combat.pointDefenceSet', {
    machineId: id,
    slot,
    on: z.boolean(),
    covers: pointDefenceCover.optional(),
  }),
  'combat.vehicleReloaded': event('combat.vehicleReloaded', { machineId: id, slot }),
  'time.passed': event('time.passed', { seconds: gameTime, now: gameTime, reason: text }),
  'clock.deathRolled': event('clock.deathRolled', {
    characterId: id,
    woundId: count,
    face: z.number().int().min(1).max(6),
    diesAt: gameTime,
  }),
  'drug.taken': event('drug.taken', { characterId: id, dose: doseSchema }),
  'drug.changed': event('drug.changed', {
    characterId: id,
    index: count,
    stage: z.enum(['active', 'asleep', 'over']),
    crashFace: z.number().int().min(1).max(6).optional(),
  }),
  'intrusion.rolled': event('intrusion.rolled', {
    kind: z.enum(['pickLock', 'demolition', 'hack', 'evidence', 'forgery']),
    characterId: id,
    targetName: z.string().max(120),
    roll: rollRecordSchema.nullable(),
    outcome: text,
    jammedLock: z.string().max(100).optional(),
  }),
};
