import { z } from 'zod';
import { defaultSpacePack, spacePackSchema } from './space-pack.ts';

/**
 * The editable data pack: everything the rules need that the document does not give (digest §11,
 * defaults from §12). A referee may edit or import one; `parsePack` checks it and names every
 * problem by its path.
 */

const id = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'an id is lower-case letters, digits and dashes');
const name = z.string().trim().min(1).max(80);
const note = z.string().max(500);
const skillName = z.string().trim().min(1).max(60);
const level = z.number().int().min(0).max(15);
const upp = z
  .string()
  .regex(/^[0-9A-HJ-NP-Z]{6}$/i, 'a UPP is six characteristic digits in hex (0–9, A–F and on, no I or O)');
const kg = z.number().min(0).max(100000);
const pen = z.number().int().min(0).max(200);

export const characterSheetSchema = z.strictObject({
  id,
  name,
  upp,
  background: note.optional(),
  skills: z.record(skillName, level),
  /** Weapon, armour and gear ids from this pack. */
  weapons: z.array(id).max(12).default([]),
  armour: id.optional(),
  gear: z.array(id).max(40).default([]),
  career: z.string().max(40).optional(),
  /** Kept from the players: an NPC the referee has not shown. */
  secret: z.boolean().default(false),
});
export type CharacterSheet = z.output<typeof characterSheetSchema>;

export const weaponSchema = z.strictObject({
  id,
  name,
  /** The skills that fire it; the better one is used (§4). Empty: Dex alone (thrown grenades). */
  skills: z.array(skillName).max(3),
  /** Metres: Effective, Long, Extreme. */
  ranges: z.tuple([z.number().positive(), z.number().positive(), z.number().positive()]),
  pen,
  autoFire: z.number().int().min(0).max(10),
  targets: z.number().int().min(1).max(32),
  roundsPerTurn: z.number().int().min(1).max(1000),
  magazine: z.number().int().min(1).max(10000),
  kg,
  /** Most hits one target can take from a single round (shotgun). */
  maxHitsPerRound: z.number().int().min(1).max(10).default(1),
  lowRecoil: z.boolean().default(false),
  highRecoil: z.boolean().default(false),
  /** Raises the wound one level (HE, HEAP, lasers, energy weapons). */
  explosiveContact: z.boolean().default(false),
  energy: z.boolean().default(false),
  laser: z.boolean().default(false),
  fragmentation: z.boolean().default(false),
  /** Misses deviate (grenades): dice of metres. */
  deviationD6: z.number().int().min(0).max(8).default(0),
});
export type Weapon = z.output<typeof weaponSchema>;

export const meleeWeaponSchema = z.strictObject({
  id,
  name,
  skills: z.array(skillName).min(1).max(3),
  attack: z.number().int().min(-5).max(10),
  parry: z.number().int().min(-5).max(10),
  reach: z.number().int().min(0).max(10),
  maxHits: z.number().int().min(1).max(10),
  pen,
  unarmed: z.boolean().default(false),
});
export type MeleeWeapon = z.output<typeof meleeWeaponSchema>;

export const armourSchema = z.strictObject({
  id,
  name,
  value: z.number().int().min(0).max(100),
  vsEnergy: z.number().int().min(0).max(100).optional(),
  vsLasers: z.number().int().min(0).max(100).optional(),
  seenByScanners: z.boolean().default(false),
  veryEncumbered: z.boolean().default(false),
  stealth: z.boolean().default(false),
});
export type Armour = z.output<typeof armourSchema>;

export const GEAR_EFFECTS = [
  'spot',
  'spotTotallyConcealed',
  'daylightSpot',
  'tactics',
  'indirectObserver',
  'indirectGunner',
  'mapBox',
  'targetingDisplay',
  /** A weapon sight: its `dm` goes on the holder's aimed (Stand) shots (§7.6). */
  'sight',
  'networkKey',
  'forensics',
  'lockPicks',
  'electronicLockPicks',
  'boltCutters',
  'mechanicsKit',
  'electronicsKit',
  'antiAircraftPod',
  'pointDefencePod',
  'fireControl',
  'medical',
] as const;
export const gearSchema = z.strictObject({
  id,
  name,
  kg,
  effect: z.enum(GEAR_EFFECTS).optional(),
  dm: z.number().int().min(-10).max(10).default(0),
  /** The medical item it counts as (medical kit, scanner …), for treatment. */
  medical: z.string().max(40).optional(),
});
export type Gear = z.output<typeof gearSchema>;

export const chargeSchema = z.strictObject({ id, name, pen, kg: kg.default(1) });
export const lockSchema = z.strictObject({
  id,
  name,
  kind: z.enum(['mechanical', 'electronic']),
  /** The pick number: a referee secret. */
  pick: z.number().int().min(2).max(30),
});
export type Lock = z.output<typeof lockSchema>;
export const networkSchema = z.strictObject({
  id,
  name,
  /** The Security Target: a referee secret. */
  securityTarget: z.number().int().min(2).max(30),
});
export type Network = z.output<typeof networkSchema>;

export const vehicleSchema = z.strictObject({
  id,
  name,
  /** A row of the vehicle target table (§7.7). */
  tableClass: z.string().min(1).max(60),
  turnSpeed: z.number().int().min(0).max(100000),
  armour: z.number().int().min(0).max(100),
  mainWeapon: id.optional(),
  minorWeapons: z.array(id).max(8).default([]),
  fireControl: z.boolean().default(false),
  /** Weapon slots (0 main, 1… minor) on an anti-aircraft pod: their penalties against vehicles halve (§7.7). */
  aaPodSlots: z.array(z.number().int().min(0).max(8)).max(9).default([]),
  /** Its gunners lay weapons with a starship-grade computer: vehicle penalties are ignored (§7.7). */
  shipComputer: z.boolean().default(false),
  /** Weapon slots on a Point-Defence Pod: an auto-fire weapon there may be set to point defence (§7.7). */
  pointDefencePodSlots: z.array(z.number().int().min(0).max(8)).max(9).default([]),
  /** Spare full loads carried for each slot (0 main, 1… minor); a slot left out carries none. */
  spareLoads: z.array(z.number().int().min(0).max(100)).max(9).default([]),
  /** An aircraft that carries unguided bombs (§7.11); the book gives no vehicle's load, so none by default. */
  bombRack: z.boolean().default(false),
  /** Bughunt's own (the book gives no bomb data): bombs a full rack holds. */
  bombLoad: z.number().int().min(0).max(100).default(4),
  /** Bughunt's own: each bomb's Penetration (an explosive contact hit) and blast radius in metres. */
  bombPen: z.number().int().min(0).max(200).default(20),
  bombRadius: z.number().min(0).max(1000).default(10),
  /** Bughunt's own (the book gives none): how many ride in it, driver and gunners included. */
  capacity: z.number().int().min(0).max(1000).default(4),
  grav: z.boolean().default(false),
  openTop: z.boolean().default(false),
  /**
   * Bughunt's own: how many riders of a closed vehicle may fire their own weapons out of it in one
   * phase (firing ports). An open-top vehicle lets every rider but the driver fire; left out: none.
   */
  firePorts: z.number().int().min(0).max(100).default(0),
  /**
   * Bughunt's own: the numbered passenger seats (1 up to `capacity`) that have a firing port; only
   * a passenger in one of them fires out of a closed vehicle. Left out: seats 1 to `firePorts`.
   */
  portSeats: z.array(z.number().int().min(1).max(1000)).max(100).optional(),
  notes: note.optional(),
});
export type Vehicle = z.output<typeof vehicleSchema>;

export const robotSchema = z.strictObject({
  id,
  name,
  armour: z.number().int().min(0).max(100),
  characteristics: z.partialRecord(
    z.enum(['Str', 'Dex', 'End', 'Int', 'Edu', 'Soc']),
    z.number().int().min(0).max(30),
  ),
  skills: z.record(skillName, level),
  weapon: id.optional(),
  /**
   * Bughunt's own (the book arms no robot for melee): a melee weapon it strikes with (an id of the
   * pack's `melee`), its Reach and parry as a man's. Left out: it strikes bare (the unarmed row).
   */
  melee: id.optional(),
  /**
   * Bughunt's own (the book's robots have no movement): the §7.5 movement options it may take in a
   * fight and its metres in each. Left out: a man's four options and distances.
   */
  movement: z
    .partialRecord(z.enum(['stand', 'evade', 'walk', 'run']), z.number().min(0).max(100000))
    .optional(),
  /** Bughunt's own: spare full loads it carries for its weapon (none when left out). */
  spareLoads: z.number().int().min(0).max(100).default(0),
});
export type Robot = z.output<typeof robotSchema>;

export const diseaseSchema = z.strictObject({
  id,
  name,
  researchTarget: z.number().int().min(2).max(30),
  successes: z.number().int().min(1).max(100),
  treatmentTarget: z.number().int().min(2).max(30),
  endPerDay: z.number().int().min(0).max(20),
  effects: note,
});
export type Disease = z.output<typeof diseaseSchema>;

export const projectSchema = z.strictObject({
  id,
  name,
  skill: skillName,
  researchTarget: z.number().int().min(2).max(30),
  successes: z.number().int().min(1).max(100),
  period: z.enum(['hour', 'day', 'week']),
});
export type Project = z.output<typeof projectSchema>;

export const careerSchema = z.strictObject({
  name: z.string().min(1).max(40),
  military: z.boolean(),
  /** Skill tables (a skill name or a cascade name per entry); table 2 is "Service Skills". */
  tables: z.array(z.array(skillName).max(12)).max(6),
  /**
   * A career whose members pick one academic field from this list and gain a level in it every
   * term served (§3.5, the Scientist); left out: none. Each is a skill the table knows.
   */
  fields: z.array(skillName).min(1).max(40).optional(),
});
export type Career = z.output<typeof careerSchema>;

/** A firefight to simulate or set up: two sides of pack sheets placed in metres. */
export const personalScenarioSchema = z.strictObject({
  name,
  description: note.default(''),
  zeroG: z.boolean().default(false),
  /** Cover areas the fight begins with (§7.15): circles of partial (1–4) or full cover. */
  cover: z
    .array(
      z.strictObject({
        x: z.number().min(-100000).max(100000),
        y: z.number().min(-100000).max(100000),
        radius: z.number().min(0.5).max(500),
        cover: z.union([z.literal('full'), z.number().int().min(1).max(4)]),
        name: z.string().trim().max(60).default(''),
      }),
    )
    .max(100)
    .default([]),
  sides: z
    .array(
      z.strictObject({
        id: z.enum(['a', 'b']),
        name,
        disposition: z
          .enum(['stealthy', 'totallyConcealed', 'cautious', 'concealed', 'noisy'])
          .default('noisy'),
        military: z.boolean().default(false),
        /** Index in `members` of the leader. */
        leader: z.number().int().min(0).max(99).optional(),
        members: z
          .array(
            z.strictObject({
              sheet: id,
              x: z.number().min(-100000).max(100000),
              y: z.number().min(-100000).max(100000),
              cover: z.number().int().min(0).max(4).default(0),
            }),
          )
          .min(1)
          .max(50),
      }),
    )
    .length(2),
});
export type PersonalScenario = z.output<typeof personalScenarioSchema>;

/** Readings the referee may switch (digest "Bughunt reads"). */
export const packRulesSchema = z.strictObject({
  unskilledDm: z.number().int().min(-10).max(0).default(-3),
  jackOfAllTradesCancelsUnskilled: z.boolean().default(true),
  alwaysAddCharacteristicDm: z.boolean().default(false),
  /** Targeting display: 'halve' the snap-shot penalty. */
  targetingDisplayHalves: z.boolean().default(true),
  dogfightDice: z.union([z.literal(1), z.literal(2)]).default(2),
  /** Metres taken off every movement option per point of wound penalty. */
  woundMovementMetres: z.number().int().min(0).max(10).default(1),
  forgeryTarget: z.number().int().min(2).max(20).default(8),
  /** Bughunt's own: how near a vehicle (metres) a man must be to get in during a fight. */
  boardingReach: z.number().min(0).max(1000).default(5),
  /**
   * Bughunt's own (the book has no firing ports): the cover DM of a rider who has fired through a
   * closed vehicle's port, read as the −4 row (all but head and one arm hidden).
   */
  firingPortCover: z.number().int().min(0).max(4).default(4),
});
export type PackRules = z.output<typeof packRulesSchema>;

export const packSchema = z.strictObject({
  version: z.literal(1),
  name,
  rules: packRulesSchema.prefault({}),
  /** Skills beyond the document's list (academic fields, other classic skills). */
  extraSkills: z.array(skillName).max(200).default([]),
  characters: z.array(characterSheetSchema).max(200),
  weapons: z.array(weaponSchema).max(200),
  melee: z.array(meleeWeaponSchema).max(100),
  armour: z.array(armourSchema).max(100),
  gear: z.array(gearSchema).max(300),
  charges: z.array(chargeSchema).max(100),
  locks: z.array(lockSchema).max(100),
  networks: z.array(networkSchema).max(100),
  vehicles: z.array(vehicleSchema).max(100),
  robots: z.array(robotSchema).max(100),
  diseases: z.array(diseaseSchema).max(100),
  projects: z.array(projectSchema).max(100),
  careers: z.array(careerSchema).max(40),
  scenarios: z.array(personalScenarioSchema).max(100).default([]),
  commonTasks: z.array(z.strictObject({ name, target: z.number().int().min(2).max(30) })).max(100),
  /** Ships, crews, worlds and space scenarios (the space-combat part's own schema). */
  space: spacePackSchema.default(defaultSpacePack),
});
export type Pack = z.output<typeof packSchema>;
export type PackInput = z.input<typeof packSchema>;
