import { z } from 'zod';

/**
 * The editable data pack (digest §18): everything the chapter leans on but does not print. The GM
 * may replace any of it; `parsePack` (pack.ts) checks a pack with this schema and reports each
 * problem as `path: what is wrong`.
 */

const id = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'an id is lower-case letters, digits and dashes');
const name = z.string().trim().min(1).max(80);
const count = (max: number) => z.number().int().min(0).max(max);
/** Encumbrance codes {-5} … {9} (§12). */
export const encumbranceCode = z.number().int().min(-5).max(9);
/** A damage cell: `2D6`, `1D6+1`, `(2D6)*4`, `2` (§0). */
export const DAMAGE_PATTERN = /^(?:\d{1,3}|\(?\d{1,2}[dD]\d{1,3}(?:[+-]\d{1,3})?\)?(?:\*\d{1,2})?)$/;
const damage = z.string().regex(DAMAGE_PATTERN, 'a damage cell looks like 2D6, 1D6+1, (2D6)*4 or 2');

export const attributeSchema = z.strictObject({
  id,
  name,
  /** Basic attributes age (§15). */
  basic: z.boolean(),
  aliases: z.array(id).max(4).default([]),
});

const parrySchema = z.strictObject({
  dc: count(100_000).refine((n) => n > 0, 'a parry object needs DC above 0'),
  resilience: count(10_000),
  dodgeBonus: count(100).default(0),
});

const columnSchema = z.strictObject({
  /** Metres: the column covers every distance up to and including this. */
  range: z.number().min(0).max(100_000),
  attackBonus: z.number().int().min(-50).max(50),
  damage,
  spread: z.number().positive().max(1000).optional(),
  blast: z.number().positive().max(1000).optional(),
});

export const modeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('manual') }),
  z.strictObject({ kind: z.literal('auto') }),
  z.strictObject({ kind: z.literal('burst'), rounds: z.number().int().min(2).max(1000) }),
  z.strictObject({ kind: z.literal('fullAuto'), rounds: z.number().int().min(1).max(10_000) }),
]);

export const weaponSchema = z
  .strictObject({
    id,
    name,
    code: encumbranceCode,
    columns: z.array(columnSchema).min(1).max(4),
    ammo: z
      .strictObject({
        calibre: z.string().max(60),
        feed: z.enum(['magazine', 'belt', 'internal', 'itself']),
        capacity: z.number().int().min(1).max(10_000),
      })
      .nullable(),
    parry: parrySchema.nullable(),
    modes: z.array(modeSchema).max(4),
    /** Facts the printed block does not carry (§8.1). */
    bullet: z.boolean(),
    plasma: z.boolean().default(false),
    guided: z.boolean().default(false),
    parryable: z.boolean(),
    vehicleMounted: z.boolean().default(false),
    thrown: z.boolean().default(false),
    grade: count(10),
    cost: count(100_000),
  })
  .superRefine((w, ctx) => {
    for (let i = 1; i < w.columns.length; i++) {
      if ((w.columns[i]?.range ?? 0) <= (w.columns[i - 1]?.range ?? 0))
        ctx.addIssue({
          code: 'custom',
          path: ['columns', i, 'range'],
          message: 'ranges must grow column by column',
        });
    }
    if (w.modes.length > 0 && w.ammo === null)
      ctx.addIssue({ code: 'custom', path: ['modes'], message: 'a weapon with firing modes needs ammo' });
  });

export const armourSchema = z.strictObject({
  id,
  name,
  code: encumbranceCode,
  dc: z.number().int().min(1).max(100_000),
  resilience: count(10_000),
  /** Held parry objects (a shield) rather than worn layers. */
  held: z.boolean().default(false),
  dodgeBonus: count(100).default(0),
  grade: count(10),
  cost: count(100_000),
});

export const accessorySchema = z.strictObject({
  id,
  name,
  kind: z.enum(['vent', 'firstAid', 'neStore', 'prosthetic', 'service', 'other']),
  /** Vent rating (a −2 vent is 2), kit dice, store size: what `kind` needs. */
  rating: count(1000).optional(),
  heal: damage.optional(),
  skill: z.string().max(40).optional(),
  part: z.enum(['trunk', 'arms', 'legs', 'face']).optional(),
  cost: count(100_000),
});

export const vehicleSchema = z.strictObject({
  id,
  name,
  level: z.number().int().min(0).max(5),
  controls: z.enum(['manual', 'manualOrPort', 'portOnly']),
  handling: z.number().int().min(-20).max(20),
  topSpeed: count(5000),
  dc: z.number().int().min(1).max(1_000_000),
  resilience: count(10_000),
  kind: z.enum(['wheeled', 'tracked', 'air']),
  seats: z.number().int().min(1).max(100),
  enclosesOccupants: z.boolean(),
  mounts: z.array(z.strictObject({ weapon: id, turret: z.boolean() })).max(8),
});

export const substanceSchema = z.strictObject({
  id,
  name,
  /** Poison Level change: a fixed amount or a damage-like roll; negative for an antidote. */
  amount: z.union([z.number().int().min(-100).max(100), damage]),
  per: z.enum(['dose', 'unit', 'turn', 'hit']),
});

export const spellSchema = z.strictObject({
  id,
  name,
  cost: z.union([count(1000), damage]),
  range: z.number().min(0).max(100_000),
  effect: z.enum(['attack', 'heal', 'ward', 'drain', 'scramble']),
  damage: damage.optional(),
  blast: z.number().positive().max(1000).optional(),
  parryable: z.boolean().default(false),
  heal: damage.optional(),
  ward: z
    .strictObject({ dc: z.number().int().min(1).max(100_000), resilience: count(10_000), turns: damage })
    .optional(),
  drain: z.strictObject({ attribute: id, amount: damage }).optional(),
  /** The attribute the target saves with against a drain or scramble (§18.7: Willpower). */
  save: id.default('willpower'),
});

const kitWeapon = z.strictObject({
  weapon: id,
  inHands: z.boolean().default(false),
  spares: count(100).default(0),
  vent: id.optional(),
});

export const characterSchema = z.strictObject({
  id,
  name,
  kind: z.enum(['pc', 'npc']),
  role: z.string().max(60),
  attributes: z.record(id, z.number().int().min(0).max(1000)),
  stamina: z.number().int().min(1).max(100_000),
  ne: count(10_000).default(0),
  actions: z.number().int().min(1).max(20),
  levels: z.strictObject({
    warrior: count(100),
    pilot: count(100),
    wizard: count(100),
    total: count(1000),
  }),
  controlPort: z.boolean().default(false),
  skills: z.array(z.string().max(40)).max(40).default([]),
  licence: count(10).default(0),
  money: count(1_000_000).default(0),
  age: count(1000).default(25),
  weapons: z.array(kitWeapon).max(12).default([]),
  /** Worn layers, outermost first. */
  armour: z.array(id).max(8).default([]),
  gear: z.array(id).max(20).default([]),
  /** NE stores carried (staff, amulet) with what each holds now. */
  neStores: z
    .array(z.strictObject({ item: id, ne: count(10_000) }))
    .max(8)
    .default([]),
  spells: z.array(id).max(40).default([]),
});

export const packSchema = z.strictObject({
  id,
  name,
  attributes: z.array(attributeSchema).min(1).max(40),
  weapons: z.array(weaponSchema).max(200),
  armour: z.array(armourSchema).max(200),
  accessories: z.array(accessorySchema).max(200),
  vehicles: z.array(vehicleSchema).max(100),
  substances: z.array(substanceSchema).max(100),
  spells: z.array(spellSchema).max(200),
  characters: z.array(characterSchema).max(100),
  /** Suggested move per action (§18.8): Run Speed metres unless the GM says otherwise. */
  scenarios: z
    .array(
      z.strictObject({
        id,
        name,
        sides: z.tuple([z.array(id).min(1).max(12), z.array(id).min(1).max(12)]),
        distance: z.number().min(0).max(10_000),
      }),
    )
    .max(20)
    .default([]),
});

export type PackInput = z.input<typeof packSchema>;
export type Pack = z.output<typeof packSchema>;
export type WeaponData = z.output<typeof weaponSchema>;
export type ColumnData = WeaponData['columns'][number];
export type ModeData = z.output<typeof modeSchema>;
export type ArmourData = z.output<typeof armourSchema>;
export type AccessoryData = z.output<typeof accessorySchema>;
export type VehicleData = z.output<typeof vehicleSchema>;
export type SubstanceData = z.output<typeof substanceSchema>;
export type SpellData = z.output<typeof spellSchema>;
export type CharacterData = z.output<typeof characterSchema>;
export type AttributeData = z.output<typeof attributeSchema>;
