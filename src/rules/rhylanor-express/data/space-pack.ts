import { z } from 'zod';
import defaultJson from './default-space-pack.json' with { type: 'json' };

/**
 * The space-combat data pack: ship and small-craft designs, the people who crew them in the sample
 * scenarios, worlds, and space scenarios. None of it is in the document (digest §11–§12); it ships as
 * editable JSON checked here, so a referee can change or import a pack and gets clear errors (the
 * path in the pack and what is wrong with it).
 */

export const WEAPON_KINDS = [
  'beamLaser',
  'pulseLaser',
  'plasmaGun',
  'fusionGun',
  'particleAccelerator',
  'laserBattery',
  'missileRack',
  'sandCaster',
] as const;
export type WeaponKind = (typeof WEAPON_KINDS)[number];
/** Weapons that must sit alone in their turret (digest §6.13). */
export const ALONE_IN_TURRET: readonly WeaponKind[] = [
  'plasmaGun',
  'fusionGun',
  'particleAccelerator',
  'laserBattery',
];

export const HULL_KINDS = ['normal', 'armoured', 'heavilyArmoured'] as const;
export type HullKind = (typeof HULL_KINDS)[number];

/** The skills space combat reads (a person may have others; they are kept and ignored here). */
export const SPACE_SKILLS = [
  'Pilot',
  "Ship's Boat",
  'Navigation',
  'Computer',
  'Gunnery',
  'Energy Artillery Gunner',
  'Space Tactics',
  'Engineering',
  'Gravitics',
  'Electronics',
  'Mechanical',
] as const;

const name = z.string().trim().min(1).max(60);
const level = z.number().int().min(0).max(15);
const coordinate = z.number().int().min(-500).max(500);

export const hexSchema = z.strictObject({ q: coordinate, r: coordinate });

export const personSchema = z.strictObject({
  name,
  /** The Int characteristic DM (damage control, the fleet pool). */
  intDm: z.number().int().min(-3).max(5).default(0),
  skills: z.record(z.string().trim().min(1).max(40), level).default({}),
  /** Armour worn aboard, for the Crew critical's penetration-8 hit. */
  armour: z.number().int().min(0).max(20).default(0),
  vaccSuit: z.boolean().default(false),
});
export type Person = z.output<typeof personSchema>;

export const turretSchema = z
  .strictObject({ name, weapons: z.array(z.enum(WEAPON_KINDS)).min(1).max(3) })
  .refine((t) => t.weapons.length === 1 || !t.weapons.some((w) => ALONE_IN_TURRET.includes(w)), {
    message: 'plasma guns, fusion guns, particle accelerators and laser batteries sit alone in their turret',
  });
export type TurretDesign = z.output<typeof turretSchema>;

export const shipDesignSchema = z.strictObject({
  name,
  tons: z.number().int().min(1).max(1_000_000),
  hull: z.enum(HULL_KINDS),
  /** Hull points; left out: 1 per 50 tons (rounded down, at least 1) × the hull's multiplier. */
  hullPoints: z.number().int().min(1).max(100_000).optional(),
  jump: z.number().int().min(0).max(9),
  maneuver: z.number().int().min(0).max(9),
  /** The computer's model number ("bis" models count as their number). */
  computer: z.number().int().min(0).max(9),
  computerLabel: z.string().trim().max(20).optional(),
  fuel: z.number().int().min(0).max(1_000_000),
  cargo: z.number().int().min(0).max(1_000_000).default(0),
  turrets: z.array(turretSchema).max(1000).default([]),
  /** Designs of the small craft and vehicles carried in the hold. */
  carried: z.array(name).max(100).default([]),
  /** Rounds kept aboard to reload launchers and casters (each holds 3 ready rounds besides). */
  magazine: z
    .strictObject({
      missiles: z.number().int().min(0).max(10_000),
      sand: z.number().int().min(0).max(10_000),
    })
    .default({ missiles: 0, sand: 0 }),
  /** A vehicle carried aboard (air/raft): never flies in space combat, only lost to Hold hits. */
  vehicle: z.boolean().default(false),
});
export type ShipDesign = z.output<typeof shipDesignSchema>;

export const POSTS = ['captain', 'pilot', 'navigator', 'gunner', 'engineer'] as const;
export type Post = (typeof POSTS)[number];

export const SIDES = ['a', 'b'] as const;
export type Side = (typeof SIDES)[number];

export const scenarioShipSchema = z.strictObject({
  design: name,
  name,
  side: z.enum(SIDES),
  /** Where it starts; left out, the standard set-up places it (30 hexes apart, 4 hexes toward the enemy). */
  at: hexSchema.optional(),
  vel: hexSchema.optional(),
  quiet: z.boolean().default(false),
  /** People (by name, from the pack's `people`) at each post. */
  crew: z.partialRecord(z.enum(POSTS), name).default({}),
  /** Gunners per turret (by name), in turret order; missing turrets take the chief gunner. */
  turretGunners: z.array(name).max(1000).default([]),
});
export type ScenarioShip = z.output<typeof scenarioShipSchema>;

export const spaceScenarioSchema = z.strictObject({
  name,
  description: z.string().trim().max(400).default(''),
  sides: z.strictObject({
    a: z.strictObject({ name, commander: name.optional() }),
    b: z.strictObject({ name, commander: name.optional() }),
  }),
  worlds: z
    .array(z.strictObject({ world: name, at: hexSchema }))
    .max(50)
    .default([]),
  ships: z.array(scenarioShipSchema).min(2).max(100),
  /** "standard": §6.3 set-up at once; "detection": the §6.2 round first (quiet ships may surprise). */
  start: z.enum(['standard', 'placed', 'detection']).default('standard'),
  /** The side that is Intruder, when the scenario fixes it; otherwise the §6.3 score decides. */
  intruder: z.enum(SIDES).optional(),
});
export type SpaceScenario = z.output<typeof spaceScenarioSchema>;

export const spacePackSchema = z
  .strictObject({
    ships: z.array(shipDesignSchema).min(1).max(500),
    people: z.array(personSchema).max(1000).default([]),
    worlds: z.array(z.strictObject({ name, description: z.string().trim().max(400).default('') })).max(200),
    scenarios: z.array(spaceScenarioSchema).max(200).default([]),
    settings: z
      .strictObject({
        /** DM for a roll built on a skill the person lacks (digest §1 reading; referee-editable). */
        unskilledDm: z.number().int().min(-10).max(0).default(-3),
      })
      .default({ unskilledDm: -3 }),
  })
  .superRefine((pack, ctx) => {
    const designs = new Set(pack.ships.map((s) => s.name));
    const people = new Set(pack.people.map((p) => p.name));
    const worlds = new Set(pack.worlds.map((w) => w.name));
    const unique = (names: string[], path: string) => {
      const seen = new Set<string>();
      names.forEach((n, i) => {
        if (seen.has(n))
          ctx.addIssue({ code: 'custom', path: [path, i, 'name'], message: `"${n}" appears twice` });
        seen.add(n);
      });
    };
    unique(
      pack.ships.map((s) => s.name),
      'ships',
    );
    unique(
      pack.people.map((p) => p.name),
      'people',
    );
    unique(
      pack.scenarios.map((s) => s.name),
      'scenarios',
    );
    pack.ships.forEach((s, i) => {
      s.carried.forEach((c, j) => {
        if (!designs.has(c))
          ctx.addIssue({
            code: 'custom',
            path: ['ships', i, 'carried', j],
            message: `no ship design "${c}"`,
          });
      });
    });
    pack.scenarios.forEach((sc, i) => {
      for (const side of SIDES) {
        const commander = sc.sides[side].commander;
        if (commander !== undefined && !people.has(commander))
          ctx.addIssue({
            code: 'custom',
            path: ['scenarios', i, 'sides', side, 'commander'],
            message: `no person "${commander}" in people`,
          });
      }
      sc.worlds.forEach((w, j) => {
        if (!worlds.has(w.world))
          ctx.addIssue({
            code: 'custom',
            path: ['scenarios', i, 'worlds', j, 'world'],
            message: `no world "${w.world}"`,
          });
      });
      sc.ships.forEach((s, j) => {
        if (!designs.has(s.design))
          ctx.addIssue({
            code: 'custom',
            path: ['scenarios', i, 'ships', j, 'design'],
            message: `no ship design "${s.design}"`,
          });
        for (const [post, person] of Object.entries(s.crew))
          if (person !== undefined && !people.has(person))
            ctx.addIssue({
              code: 'custom',
              path: ['scenarios', i, 'ships', j, 'crew', post],
              message: `no person "${person}" in people`,
            });
        s.turretGunners.forEach((g, k) => {
          if (!people.has(g))
            ctx.addIssue({
              code: 'custom',
              path: ['scenarios', i, 'ships', j, 'turretGunners', k],
              message: `no person "${g}" in people`,
            });
        });
      });
      for (const side of SIDES)
        if (!sc.ships.some((s) => s.side === side))
          ctx.addIssue({
            code: 'custom',
            path: ['scenarios', i, 'ships'],
            message: `side ${side} has no ship`,
          });
    });
  });

export type SpacePack = z.output<typeof spacePackSchema>;

/** Reads a pack, or throws one Error listing every problem as "path: what is wrong". */
export function parseSpacePack(json: unknown): SpacePack {
  const parsed = spacePackSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map(
    (i) => `${i.path.length ? i.path.join('.') : '(pack)'}: ${i.message}`,
  );
  throw new Error(`the space pack is not valid:\n${lines.join('\n')}`);
}

export const defaultSpacePack: SpacePack = parseSpacePack(defaultJson);

export function findDesign(pack: SpacePack, design: string): ShipDesign | undefined {
  return pack.ships.find((s) => s.name === design);
}

export function findScenario(pack: SpacePack, scenario: string): SpaceScenario | undefined {
  return pack.scenarios.find((s) => s.name === scenario);
}

export function findPerson(pack: SpacePack, person: string): Person | undefined {
  return pack.people.find((p) => p.name === person);
}
