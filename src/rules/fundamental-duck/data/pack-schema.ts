import { z } from 'zod';

/**
 * The editable data pack of Fundamental Duck!: everything the booklet points to but does not
 * contain (digest §23), with Bughunt's defaults (§24) in `default-pack.json`. A table is created
 * from a pack; a pack can be exported, edited and imported. The rules never hard-code a number
 * that lives here.
 *
 * Conventions:
 * - ids are lower-case kebab words (`har`, `drifter-mary-rose`); names are for people.
 * - arena coordinates are GLOBAL squares from 0: x grows east, y grows south; tile (col, row)
 *   covers x = 5·col … 5·col+4, y = 5·row … 5·row+4.
 * - "d6 faces" ranges are inclusive `[low, high]`.
 * - Cross-references (a Teamer's weapon, a species' profile, a band's table…) are checked in
 *   `packSchema`'s refinement, so every problem is reported with its path.
 */

export const TILE_SIZE = 5;
const MAX_ARENA_TILES = 12;
const MAX_TEXT = 400;

const id = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'an id is 1–40 lower-case letters, digits or dashes, e.g. har');
const name = z.string().min(1, 'a name may not be empty').max(60);
const text = z.string().max(MAX_TEXT);
const count = (max: number) => z.number().int('a whole number').min(0).max(max);
const face = z.number().int('a whole number').min(1).max(6);
/** An inclusive range of d6 faces, e.g. [1, 3]. */
const faces = z
  .tuple([face, face])
  .refine(([lo, hi]) => lo <= hi, 'the first face may not be above the second');

/** The dice a pack may name: a d6, the average die (2,3,3,4,4,5), a d3, a d8. */
export const packDieSchema = z.enum(['d6', 'avd', 'd3', 'd8']);
export type PackDie = z.infer<typeof packDieSchema>;

/** `dice` dice of one kind added, plus `add` (may be negative; results below `min` are raised). */
export const diceAmountSchema = z.strictObject({
  dice: count(6),
  die: packDieSchema,
  add: z.number().int().min(-10).max(20),
  min: z.number().int().min(0).max(20).default(0),
});
export type DiceAmount = z.infer<typeof diceAmountSchema>;

export const luckSchema = z.enum(['normal', 'unlucky', 'jonah']);
export type PackLuck = z.infer<typeof luckSchema>;
export const pingSchema = z.enum(['red', 'orange', 'blue', 'green', 'purple', 'none']);
export type PackPing = z.infer<typeof pingSchema>;
/** Obstacle heights (digest §4): LOW is climbed and seen over, HIGH blocks sight, FULL is impassable. */
export const heightSchema = z.enum(['low', 'high', 'full']);
export type PackHeight = z.infer<typeof heightSchema>;
export const sideSchema = z.enum(['n', 'e', 's', 'w']);
export type PackSide = z.infer<typeof sideSchema>;
export const cornerSchema = z.enum(['ne', 'se', 'sw', 'nw']);
export type PackCorner = z.infer<typeof cornerSchema>;

// ---------------------------------------------------------------------------------------------
// Weapons (§24.2)

const weaponBase = {
  id,
  name,
  /** Heavy weapons (HEMG, Flamer) draw attacks first (§13.5). */
  heavy: z.boolean().default(false),
  /** HAR and HEMG may fire into a ceiling level (§19). */
  firesThroughCeiling: z.boolean().default(false),
  /** Shotgun and Flamer may hit a ceiling hatch square (never a weak spot). */
  hitsHatch: z.boolean().default(false),
  /** Bonus in a grapple while carried (the cutlass +1). */
  grappleBonus: z.number().int().min(0).max(6).default(0),
  /** On the weapon chart's advanced list: issued only once the team has access to advanced weapons (20). */
  advanced: z.boolean().default(false),
  /** One line in our own words, for the UI. */
  summary: text.default(''),
};

/** A gun: `dice` dice per SHOOT, each hitting on `hitOn`+, up to `range` squares. */
export const gunSchema = z.strictObject({
  ...weaponBase,
  kind: z.literal('gun'),
  dice: z.number().int().min(1).max(6),
  hitOn: face,
  range: z.number().int().min(1).max(40),
  /** False for the shotgun: it may never fire past any figure, ducked or not. */
  firesPastFigures: z.boolean().default(true),
  /** +1 per upgrade on each die, at most this many upgrades (HAR: 3; 0: not upgradable). */
  maxUpgrades: count(6).default(0),
  /** Shots before a reload (an action); null: never reloads. */
  magazine: z.number().int().min(1).max(99).nullable().default(null),
});

/** The flamer: a squirt puts a flame marker in the target square and hits each figure there. */
export const flamerSchema = z.strictObject({
  ...weaponBase,
  kind: z.literal('flamer'),
  range: z.number().int().min(1).max(40),
  /** Each figure in the target square is hit on this or more. */
  hitOn: face,
  /** Squirts in a full tank. */
  tank: z.number().int().min(1).max(99),
  firesPastFigures: z.literal(false).default(false),
});

/** Grenades: thrown over LOW obstacles and figures, a 3×3 blast, scatter (§24.2). */
export const grenadeSchema = z.strictObject({
  ...weaponBase,
  kind: z.literal('grenade'),
  /** Each figure in the blast is hit on this or more. */
  hitOn: face,
  /** Side of the square blast area (3 = 3×3 centred on the landing square). */
  blast: z.number().int().min(1).max(5),
  throwRange: z.number().int().min(1).max(20),
  throwRangeDucked: z.number().int().min(1).max(20),
  /** Scatter: d6 plus `duckedAdd` when ducked; bands by the total; direction on a d8 (0 = N, clockwise). */
  scatter: z
    .strictObject({
      duckedAdd: z.number().int().min(0).max(6),
      /** Sorted bands: a total up to `upTo` lands `squares` squares off target (the last band catches the rest). */
      bands: z
        .array(z.strictObject({ upTo: z.number().int().min(1).max(20), squares: count(5) }))
        .min(1)
        .max(6),
    })
    .nullable(),
});

/** A hand weapon: only a grapple bonus (the cutlass). */
export const meleeSchema = z.strictObject({ ...weaponBase, kind: z.literal('melee') });

/** A drone gun: set up as an Other Action, fires once per Threat phase at the first Threat entering its arc. */
export const droneGunSchema = z.strictObject({
  ...weaponBase,
  kind: z.literal('drone-gun'),
  dice: z.number().int().min(1).max(6),
  hitOn: face,
  range: z.number().int().min(1).max(40),
});

export const weaponSchema = z.discriminatedUnion('kind', [
  gunSchema,
  flamerSchema,
  grenadeSchema,
  meleeSchema,
  droneGunSchema,
]);
export type PackWeapon = z.infer<typeof weaponSchema>;

// ---------------------------------------------------------------------------------------------
// Team (§24.1)

/** Abilities a Teamer may have: the technical abilities and physical bonuses of §24.10. */
export const abilityIdSchema = z.enum([
  'door-hacker',
  'medic',
  'vehicle-licence',
  'drone-licence',
  'scanner-operator',
  'demolitions',
  'ff-plus-1',
  'steady',
  'sprinter',
  'strong',
  'tough',
  'eagle-eye',
]);
export type AbilityId = z.infer<typeof abilityIdSchema>;

/** The walking drone gun comes with the team advancement of that kind (20). */
export const gearSchema = z.enum(['bio-sensor', 'door-rc', 'drone-gun', 'walking-drone-gun']);

export const carriedWeaponSchema = z.strictObject({
  weapon: id,
  /** Grenades: how many. Others: 1. */
  count: z.number().int().min(1).max(20).default(1),
  /** HAR upgrades (+1 per die each), up to the weapon's `maxUpgrades`. */
  upgrades: count(6).default(0),
  /** Flamer: squirts in this tank (default: the weapon's full tank). */
  tank: z.number().int().min(1).max(99).optional(),
  /** Hand-blaster bought on the black market: 2 dice instead of 1. */
  doubleDice: z.boolean().default(false),
});

export const teamerSchema = z.strictObject({
  id,
  name,
  role: name,
  /** YOU: the player's own figure and leader (exactly one per team). */
  leader: z.boolean().default(false),
  /** Fumble Factor: a fumble test succeeds on a d6 roll LESS than this. */
  ff: z.number().int().min(1).max(7),
  binge: face.default(6),
  luck: luckSchema,
  weapons: z.array(carriedWeaponSchema).max(8),
  gear: z.array(gearSchema).max(6).default([]),
  abilities: z.array(abilityIdSchema).max(12).default([]),
  /**
   * Vehicle types he holds the licence for (3, 18: the character card's licences); the technical
   * ability `vehicle-licence` licenses every type.
   */
  licences: z.array(id).max(12).default([]),
  /** Carrying his maximum load (−1 move). */
  encumbered: z.boolean().default(false),
  armour: z.boolean().default(false),
  rank: id.optional(),
  goldStars: count(999).default(0),
  notes: text.default(''),
});
export type PackTeamer = z.infer<typeof teamerSchema>;

export const teamSchema = z.strictObject({
  name,
  teamers: z.array(teamerSchema).min(1).max(12),
  /** Which catastrophe table this team uses (each team may have its own). */
  catastropheTable: id,
});

/** Grapple, wounds and armour (§24.3). */
export const combatSchema = z.strictObject({
  grapple: z.strictObject({
    /** A Teamer's grapple value before weapons (cutlass +1 comes from the weapon). */
    teamer: z.number().int().min(-3).max(6),
    /** A Threat attacking a Teamer's back adds this. */
    backAttackBonus: z.number().int().min(0).max(6),
  }),
  teamerWounds: z.strictObject({
    /** Per wound: change to FF and to movement. */
    ffPerWound: z.number().int().min(-3).max(0),
    moveWhenWounded: z.number().int().min(-3).max(0),
    /** Wounds at which a Teamer is out of action, and dead. */
    outOfActionAt: z.number().int().min(1).max(6),
    deadAt: z.number().int().min(1).max(7),
  }),
  /** Armour ignores a wound on a d6 of this or more. */
  armourSavesOn: face,
  /** A flame marker hits a figure entering or starting its activation in its square on this or more. */
  flameSquareHitsOn: face,
  /**
   * A hazardous load going up (17 step 2, 18) hits each figure in the squares it covers, one die
   * each, on this or more: a blast (explosive) like a grenade's, a fire (flammable) like a squirt's.
   */
  loadExplosionHitsOn: z
    .strictObject({ explosive: face, flammable: face })
    .default({ explosive: 4, flammable: 2 }),
  crushing: z.strictObject({
    threat: z.enum(['killed', 'wounded']),
    teamer: z.enum(['killed', 'wounded']),
  }),
});

// ---------------------------------------------------------------------------------------------
// Threats (§13.3, §24.4)

/** The actions a reaction profile can give: HIDE also stands for MOVE AWAY (one action). */
export const reactionSchema = z.enum(['attack-nearest', 'stay', 'hide']);
export type PackReaction = z.infer<typeof reactionSchema>;

const column = z.array(reactionSchema).length(6, 'a column has exactly 6 rows, for modified rolls 1–6');

/** A reaction profile: d6 + modifiers, clamped 1–6, read in the Team or No-Team column. */
export const reactionProfileSchema = z.strictObject({
  id,
  name,
  /** Rows for modified rolls 1..6 when a Teamer is on the tile and sighted, or within stimulus range. */
  team: column,
  /** Rows 1..6 otherwise. */
  noTeam: column,
  modifiers: z.strictObject({
    wounded: z.number().int().min(-6).max(6),
    teamerOnSourceTile: z.number().int().min(-6).max(6),
    facingAway: z.number().int().min(-6).max(6),
    inPack: z.number().int().min(-6).max(6),
  }),
});
export type PackReactionProfile = z.infer<typeof reactionProfileSchema>;

export const speciesSchema = z.strictObject({
  id,
  name,
  /** stimulus: run by its reaction profile; intellect: by a person (or the solo script). */
  kind: z.enum(['stimulus', 'intellect']),
  /** Movement allowance rolled each activation. */
  move: diceAmountSchema,
  /** Actions per activation (stimulus Threats 1; human Threats 2). */
  actions: z.number().int().min(1).max(3),
  wounds: z.number().int().min(1).max(9),
  grapple: z.number().int().min(-3).max(6),
  /** Sees (front arc and sight). */
  sight: z.boolean(),
  /** Scent/hearing range in squares (distance of §13.2); 0: none. */
  stimulusRange: count(12),
  /** First sight of it is a stress situation. */
  horrific: z.boolean(),
  /** Forms packs through orthogonal adjacency (§13.6). */
  packs: z.boolean(),
  /** Hides (eye marker) after MOVE AWAY / HIDE out of sight. */
  hides: z.boolean(),
  /** Drags a Teamer it put out of action toward the Source, with this change to its move; null: no prey rule. */
  prey: z.strictObject({ moveWhileCarrying: z.number().int().min(-6).max(0) }).nullable(),
  profile: id,
  /** Its ranged weapon (intellect Threats); null: grapples only. */
  weapon: id.nullable().default(null),
  /** Solo play of an intellect Threat: the basic profile once per action, ATTACK = move until a Teamer is seen in range, then shoot. */
  soloScript: z.enum(['profile-then-shoot']).nullable().default(null),
  summary: text.default(''),
});
export type PackSpecies = z.infer<typeof speciesSchema>;

// ---------------------------------------------------------------------------------------------
// Arenas (§4, §24.5)

/** Tile types: how many Source chits a tile of that type gets, and whether the Team may board into it. */
export const tileTypeSchema = z.strictObject({
  type: name,
  sourceChits: count(9),
  /** False for the Bridge (no boarding into the control room). */
  boardingAllowed: z.boolean().default(true),
});

export const arenaTileSchema = z.strictObject({
  col: count(MAX_ARENA_TILES - 1),
  row: count(MAX_ARENA_TILES - 1),
  type: name,
  /** Shown on the board; default: the type. */
  name: name.optional(),
  /** Overrides the type's Source chit count for this tile. */
  sourceChits: count(9).optional(),
});
export type PackArenaTile = z.infer<typeof arenaTileSchema>;

const coordinate = count(MAX_ARENA_TILES * TILE_SIZE - 1);

/** A wall inside a tile, on the `side` of square (x, y). Tile edges are bulkheads already. */
export const wallSchema = z.strictObject({ x: coordinate, y: coordinate, side: sideSchema });

/**
 * A door on the `side` of square (x, y). A narrow door is that one side; a cargo door is 3 sides
 * wide, running from (x, y) east (north/south sides) or south (east/west sides). Doors stand on
 * tile edges (bulkheads) or on walls listed in `walls`.
 */
export const doorSchema = z.strictObject({
  id,
  x: coordinate,
  y: coordinate,
  side: sideSchema,
  kind: z.enum(['narrow', 'cargo']),
  open: z.boolean().default(false),
  stuck: z.boolean().default(false),
});
export type PackDoor = z.infer<typeof doorSchema>;

/**
 * An obstacle in square (x, y): the whole square, the half on `at` side (n/e/s/w), or the quarter
 * at `at` corner (ne/se/sw/nw). FULL height is impassable and blocks sight; HIGH blocks sight and
 * is climbed; LOW is climbed and seen over but blocks fire.
 */
export const obstacleSchema = z
  .strictObject({
    x: coordinate,
    y: coordinate,
    height: heightSchema,
    part: z.enum(['whole', 'half', 'quarter']).default('whole'),
    at: z.union([sideSchema, cornerSchema]).optional(),
    name: name.default('obstacle'),
    /** Black-topped (joined to the overhead): never bulldozed by a vehicle. */
    blackTop: z.boolean().default(false),
  })
  .superRefine((o, ctx) => {
    if (o.part === 'whole' && o.at !== undefined)
      ctx.addIssue({ code: 'custom', path: ['at'], message: 'a whole-square obstacle has no `at`' });
    if (o.part === 'half' && !sideSchema.safeParse(o.at).success)
      ctx.addIssue({ code: 'custom', path: ['at'], message: 'a half obstacle needs `at`: n, e, s or w' });
    if (o.part === 'quarter' && !cornerSchema.safeParse(o.at).success)
      ctx.addIssue({
        code: 'custom',
        path: ['at'],
        message: 'a quarter obstacle needs `at`: ne, se, sw or nw',
      });
  });
export type PackObstacle = z.infer<typeof obstacleSchema>;

/** A cargo load: a whole-square obstacle of its height that can be lost, burn or explode (§18). */
export const loadSchema = z
  .strictObject({
    id,
    x: coordinate,
    y: coordinate,
    height: heightSchema,
    cargo: z.enum(['inert', 'flammable', 'explosive']),
    /** An extreme load's explosion covers 4×4 instead of 3×3. */
    extreme: z.boolean().default(false),
    /** A cargo pod a mission asks for (Salvage). */
    marked: z.boolean().default(false),
    /** One Teamer can pick it up and carry it (encumbered); never a FULL load. */
    portable: z.boolean().default(false),
    contraband: z.enum(['forbidden', 'illegal', 'high-value']).nullable().default(null),
  })
  .refine((l) => !l.portable || l.height !== 'full', {
    path: ['portable'],
    message: 'a FULL load cannot be carried',
  });
export type PackLoad = z.infer<typeof loadSchema>;

/** A place where an Other Action does something: the Bridge console, Arsenal lockers, an isolation unit. */
export const specialSchema = z.strictObject({
  id,
  kind: z.enum(['console', 'lockers', 'isolation-unit', 'hibernation-unit', 'workspace', 'ops-con']),
  x: coordinate,
  y: coordinate,
  name,
  /** Grenades a successful Other Action here gives (the Arsenal lockers: 1); 0 none. */
  grenades: count(9).default(0),
  /** An Other Action here may locate the Source remotely (the Bridge console). */
  locatesSource: z.boolean().default(false),
  /**
   * A Teamer here may set (or lift) the bridge / control-room override (15.1): Door Check is
   * skipped while it is set (the Bridge console).
   */
  overridesDoors: z.boolean().default(false),
});
export type PackSpecial = z.infer<typeof specialSchema>;

/** Where the boarding bridge attaches: the hull `side` of square (x, y), which is the first square inside. */
export const boardingPointSchema = z.strictObject({
  id,
  x: coordinate,
  y: coordinate,
  side: sideSchema,
  kind: z.enum(['airlock', 'breach']),
  name,
});
export type PackBoardingPoint = z.infer<typeof boardingPointSchema>;

export const arenaSchema = z.strictObject({
  id,
  name,
  /** Size in tiles; positions with no tile are empty space. */
  cols: z.number().int().min(1).max(MAX_ARENA_TILES),
  rows: z.number().int().min(1).max(MAX_ARENA_TILES),
  tiles: z
    .array(arenaTileSchema)
    .min(1)
    .max(MAX_ARENA_TILES * MAX_ARENA_TILES),
  walls: z.array(wallSchema).max(2000).default([]),
  doors: z.array(doorSchema).max(500),
  obstacles: z.array(obstacleSchema).max(2000).default([]),
  loads: z.array(loadSchema).max(200).default([]),
  specials: z.array(specialSchema).max(100).default([]),
  boardingPoints: z.array(boardingPointSchema).min(1).max(20),
  /** Vehicles standing in the arena at set-up: the FRONT square and the facing (the rest trails behind). */
  vehicles: z
    .array(
      z.strictObject({
        id,
        type: id,
        x: coordinate,
        y: coordinate,
        facing: z.number().int().min(0).max(7),
      }),
    )
    .max(20)
    .default([]),
  /** The species the markers of this arena bring. */
  threatSpecies: id,
});
export type PackArena = z.infer<typeof arenaSchema>;

// ---------------------------------------------------------------------------------------------
// Markers, decks and pools (§7, §16, §24.6)

const perPing = <T extends z.ZodType>(t: T) =>
  z.strictObject({ red: t, orange: t, blue: t, green: t, purple: t, none: t });

export const eventEffectSchema = z.discriminatedUnion('kind', [
  /** This door can never close again. */
  z.strictObject({ kind: z.literal('jammed-door'), stress: count(6) }),
  /** Sight on this tile limited to `squares` until Housekeeping. */
  z.strictObject({ kind: z.literal('lights-out'), squares: z.number().int().min(1).max(10) }),
  /** A stress situation for everyone who sees into the tile. */
  z.strictObject({ kind: z.literal('horror-scene') }),
  /** One more infestation marker on this tile. */
  z.strictObject({ kind: z.literal('extra-ping') }),
  /** Teamers in the door zone: FF changed by `ff` this turn. */
  z.strictObject({ kind: z.literal('gas-leak'), ff: z.number().int().min(-3).max(0) }),
  z.strictObject({ kind: z.literal('nothing') }),
  /** A Teamer here gains `grenades` grenades. */
  z.strictObject({ kind: z.literal('locker-cache'), grenades: count(6) }),
  /** Reveal `pings` hidden pings. */
  z.strictObject({ kind: z.literal('mothers-message'), pings: count(6) }),
  z.strictObject({ kind: z.literal('contraband'), item: z.enum(['forbidden', 'illegal', 'high-value']) }),
  /** Every weapon reloaded, tanks refilled. */
  z.strictObject({ kind: z.literal('ammo-crate') }),
  /** A bonus objective: a Teamer reaches a tile of `tileType`. */
  z.strictObject({ kind: z.literal('new-orders'), tileType: name }),
  /** A random door of this tile becomes stuck. */
  z.strictObject({ kind: z.literal('stuck-door'), stress: count(6) }),
]);
export type PackEventEffect = z.infer<typeof eventEffectSchema>;

export const eventCardSchema = z.strictObject({
  id,
  /** red: resolves when a door into its tile first opens; green: in Housekeeping with a Teamer on the tile. */
  colour: z.enum(['red', 'green']),
  name,
  text,
  effect: eventEffectSchema,
});
export type PackEventCard = z.infer<typeof eventCardSchema>;

export const markersSchema = z.strictObject({
  /** Infestation markers in the pool, by ping (one drawn per tile; spares for extras). */
  infestationPool: perPing(count(99)),
  /** Threats a ping brings (§7.4). */
  distribution: perPing(diceAmountSchema),
  /** Stress chits in the pool: `count` chits of each `value`. */
  stressChits: z
    .array(z.strictObject({ value: z.number().int().min(1).max(20), count: z.number().int().min(1).max(99) }))
    .min(1)
    .max(20),
  kitty: z.strictObject({
    /** The chit that sets off a catastrophe (a mission may say otherwise). */
    threshold: z.number().int().min(1).max(99),
    chitsPerStressEvent: z.strictObject({ normal: count(6), unlucky: count(6), jonah: count(6) }),
    /** After a catastrophe every cause adds this many times as many chits. */
    afterCatastropheFactor: z.number().int().min(1).max(4),
  }),
  eventDeck: z.array(eventCardSchema).min(1).max(100),
  /** Option: roll whether a dealt event happens at all (a d6 of `happensOn` or more). */
  eventRoll: z.strictObject({ happensOn: face }),
});

// ---------------------------------------------------------------------------------------------
// Missions, catastrophes, drones, campaign, game end

export const conditionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all-placed-threats-dead') }),
  z.strictObject({ kind: z.literal('source-cleared') }),
  z.strictObject({ kind: z.literal('source-found') }),
  z.strictObject({ kind: z.literal('team-back-at-mother') }),
  /** `count` successful Other Actions at a special location of this kind. */
  z.strictObject({
    kind: z.literal('special-actions'),
    special: specialSchema.shape.kind,
    count: z.number().int().min(1).max(20),
  }),
  /** `count` marked loads brought to the boarding bridge. */
  z.strictObject({ kind: z.literal('marked-loads-to-bridge'), count: z.number().int().min(1).max(20) }),
  z.strictObject({ kind: z.literal('no-load-lost') }),
]);
export type PackCondition = z.infer<typeof conditionSchema>;

export const missionSchema = z.strictObject({
  id,
  name,
  text,
  /** Each objective is met when all its conditions hold. Completed = all objectives; part = some. */
  objectives: z
    .array(z.strictObject({ id, text, conditions: z.array(conditionSchema).min(1).max(8) }))
    .min(1)
    .max(6),
  /** Gold stars the card fixes for completing it; null: the players award them. */
  goldStars: count(99).nullable().default(null),
  turnLimit: z.number().int().min(1).max(999).nullable().default(null),
  kittyThreshold: z.number().int().min(1).max(99).nullable().default(null),
});
export type PackMission = z.infer<typeof missionSchema>;

export const catastropheResultSchema = z.discriminatedUnion('kind', [
  /** d6 in `halfOn`: half (rounded up, at random) of the tiles without Teamers; otherwise all; one more marker each. */
  z.strictObject({ kind: z.literal('add-pings'), halfOn: faces }),
  /** For `turns` no door lock works, Door Check is skipped, the Bio-Sensor is dead. */
  z.strictObject({ kind: z.literal('power-down'), turns: diceAmountSchema }),
  z.strictObject({ kind: z.literal('add-event-card') }),
  /** The `tiles` unopened tiles nearest the Team reveal and place their Threats now. */
  z.strictObject({ kind: z.literal('activate-threats'), tiles: diceAmountSchema }),
  z.strictObject({ kind: z.literal('all-cards-red') }),
  /** As power down, and sight limited to `sightSquares` on every tile. */
  z.strictObject({
    kind: z.literal('power-outage'),
    turns: diceAmountSchema,
    sightSquares: z.number().int().min(1).max(10),
  }),
]);
export type PackCatastropheResult = z.infer<typeof catastropheResultSchema>;

export const catastropheTableSchema = z.strictObject({
  id,
  name,
  /** Bands of Kitty points, contiguous from the lowest; totals above the last band use it. */
  bands: z
    .array(
      z.strictObject({
        min: z.number().int().min(0).max(999),
        max: z.number().int().min(0).max(999),
        result: catastropheResultSchema,
      }),
    )
    .min(1)
    .max(20),
});

/** A vehicle type (§18): a figure several squares long that pivots on its front square. */
export const vehicleTypeSchema = z.strictObject({
  id,
  name,
  /** Squares it fills, front first (the booklet's vehicles: 2). */
  length: z.number().int().min(1).max(4),
  /** Movement per move (the booklet: 2 AvD added). */
  move: diceAmountSchema,
  /** Moving more than this many squares in one move, its last `stopSquares` go straight ahead. */
  stopAfter: z.number().int().min(1).max(20),
  stopSquares: z.number().int().min(0).max(5),
  /** Movement points for a pivot of one eighth of a turn on the front square. */
  pivotCost: z.number().int().min(0).max(5),
  /** Figures that ride inside (driver included). */
  seats: z.number().int().min(1).max(12),
  /** What a successful action lets it do. */
  picksUpPods: z.boolean(),
  /**
   * Cargo pods it holds at once when it picks them up (Bughunt's number: the booklet gives
   * none; a loader's forks lift one).
   */
  pods: z.number().int().min(1).max(8).default(1),
  smashesDoors: z.boolean(),
  bulldozes: z.boolean(),
  /**
   * Driving into a square with a figure (Bughunt's numbers: the booklet says nothing of running
   * figures down): one die per figure, at or over `hitsOn` it is crushed (the pack's
   * `combat.crushing`); null: the vehicle never drives into a figure (no room).
   */
  runDown: z.strictObject({ hitsOn: face }).nullable().default({ hitsOn: 4 }),
  /**
   * Threats attacking the vehicle (Bughunt's numbers): a grapple (d6 + its grapple value) at or
   * over `armour`, or each hit of a shot, is one hit on the hull; at `hits` it is wrecked, the crew
   * get out where there is room and each takes `crewWounds` wounds.
   */
  hull: z
    .strictObject({
      armour: z.number().int().min(1).max(20),
      hits: z.number().int().min(1).max(20),
      crewWounds: count(3),
    })
    .default({ armour: 6, hits: 3, crewWounds: 1 }),
  summary: text.default(''),
});
export type PackVehicleType = z.infer<typeof vehicleTypeSchema>;

export const dronesSchema = z.strictObject({
  power: z.number().int().min(1).max(99),
  /** Power with the drone licence ability. */
  powerWithLicence: z.number().int().min(1).max(99),
  drainPerHousekeeping: z.number().int().min(0).max(10),
  gun: id,
  /**
   * Squares a walking drone gun goes when its operator directs it (one Other Action; Bughunt's
   * number: the booklet's drones move but it gives no speed). 0: drones never move.
   */
  speed: count(12).default(4),
});

export const abilitySchema = z.strictObject({
  id: abilityIdSchema,
  name,
  kind: z.enum(['technical', 'physical']),
  /** The d6 face that gives it on promotion (technical) or development (physical). */
  roll: face,
  /** Its number where it has one: +FF for door locks, drone power, scatter change, FF, tough save. */
  value: z.number().int().min(-10).max(99).nullable().default(null),
  summary: text,
});

export const campaignSchema = z.strictObject({
  threatLevel: z.strictObject({
    start: count(20),
    /** Threats added to every non-NONE ping per level. */
    threatsPerLevel: count(6),
    /** Raise after a failed mission. */
    raiseAfterFailure: count(6),
  }),
  goldStarsPerAdvancement: z.number().int().min(1).max(99),
  /** With access to advanced weapons (a team advancement), how many advanced weapons each member may draw. */
  advancedWeaponsEach: count(9).default(1),
  ranks: z.array(name).min(1).max(20),
  abilities: z.array(abilitySchema).max(24),
  replacements: z.strictObject({
    ff: diceAmountSchema,
    luck: z
      .array(z.strictObject({ roll: faces, luck: luckSchema }))
      .min(1)
      .max(6),
    weapons: z.array(carriedWeaponSchema).min(1).max(8),
  }),
  teamStars: z.strictObject({
    completed: z.number().int().min(-99).max(99),
    partCompleted: z.number().int().min(-99).max(99),
    failedWithCatastrophe: z.number().int().min(-99).max(99),
    perAdvancement: z.number().int().min(1).max(99),
    /**
     * Team stars for meeting a new-orders card's bonus objective, on top of the mission's own
     * (the booklet gives no number; Bughunt reads one, see docs/rules/fundamental-duck.md).
     * Absent in older packs: 1.
     */
    newOrders: z.number().int().min(-99).max(99).default(1),
  }),
  teamAdvancements: z
    .array(
      z.strictObject({
        id,
        name,
        kind: z.enum(['double-ammo', 'armour', 'advanced-weapons', 'drone-gun']),
        /** Team advancements it takes. */
        cost: z.number().int().min(1).max(9),
      }),
    )
    .max(20),
  mother: z.strictObject({
    aidRequestsPerGame: count(9),
    aidGrantedOn: faces,
    aid: z.enum(['ammo-drop']),
  }),
  blackMarket: z.strictObject({
    /** Value of retrieved contraband, in thousands. */
    contraband: z.strictObject({ forbidden: count(999), illegal: count(999), 'high-value': count(999) }),
    purchases: z
      .array(
        z.strictObject({
          id,
          name,
          price: count(999),
          kind: z.enum(['har-upgrade', 'weapon', 'grenades', 'double-dice-blaster', 'armour']),
          /** The weapon bought or upgraded, where there is one. */
          weapon: id.nullable().default(null),
          /** How many (grenades), or tank size (flamer). */
          amount: count(99).default(1),
          /** How many times it may be bought for one item (HAR upgrades: 3). */
          limit: count(99).nullable().default(null),
        }),
      )
      .max(30),
  }),
  /** Per load, in thousands, at mission end. */
  cargoBonus: z.strictObject({
    intact: z.number().int().min(-99).max(99),
    lost: z.number().int().min(-99).max(99),
  }),
  /**
   * Tampered loads (18; the booklet names "examine a load for tampering" and gives no result):
   * at the deal one table die per load, a face listed here marks it tampered, secretly, until a
   * Teamer examines it. A tampered load is worth nothing to the company: it pays as a lost one.
   * Empty (the default): no load is tampered and no die is thrown.
   */
  cargoTampering: z.strictObject({ tamperedOn: z.array(face).max(6) }).default({ tamperedOn: [] }),
});

export const gameEndSchema = z.strictObject({
  /** Turn limit when the mission has none; null: none. */
  turnLimit: z.number().int().min(1).max(999).nullable(),
  /** Objectives met for each outcome: completed needs all. */
  partCompletedAt: z.number().int().min(1).max(6),
});

/** Table options a pack sets by default (a table may change them at creation). */
export const optionsSchema = z.strictObject({
  activation: z.enum(['fixed', 'nearest-first', 'deck', 'stack']),
  switches: z.strictObject({
    disturbance: z.boolean(),
    diagonalsCostTwo: z.boolean(),
    dashFumble: z.boolean(),
    everyShortCut: z.boolean(),
    ductsOnFour: z.boolean(),
    eventRoll: z.boolean(),
    forcedEntry: z.boolean(),
    /** §14 switch (a): a battering Threat rolls 3d6 and makes a rent on 16+ instead of the damage track. */
    batterRent3d6: z.boolean().default(false),
    /** §14 switch (b): the Threats battering one door throw their d6 together; a hole when the turn's total reaches 18. */
    batterTogether: z.boolean().default(false),
    /** §14 switch (c): a Threat next to a bulkhead side may search it for a weak spot (3d6, 16+; once per side). */
    weakSpots: z.boolean().default(false),
    /** §19 extension "They're in the ceiling!": tiles may have a ceiling level with Threats in it. */
    ceiling: z.boolean().default(false),
  }),
  /** §19's numbers, used only while `switches.ceiling` is on. */
  ceiling: z
    .strictObject({
      /** A tile first entered has a ceiling level on a d6 at or above this. */
      levelOn: z.number().int().min(1).max(7),
      /** A Threat placed on a tile with a ceiling goes up into it on a d6 at or above this. */
      upOn: z.number().int().min(1).max(7),
      /** Exits (hatches and weak spots) per ceiling level. */
      exits: z.number().int().min(0).max(25),
      /** An exit is a hatch on a d6 at or below this, else a weak spot. */
      hatchUpTo: z.number().int().min(0).max(6),
      /** A ceiling Threat is a target only this near (king steps) a Teamer with the Bio-Sensor. */
      bioSensorRange: z.number().int().min(0).max(20),
      /**
       * Movement points for a Teamer to climb up through an exit (Bughunt's own: the booklet gives
       * none; 2 reads as entering a square plus climbing onto something).
       */
      climbUp: z.number().int().min(0).max(12).default(2),
      /** Movement points to climb down through an exit (Bughunt's own: a step, hopping off is free). */
      climbDown: z.number().int().min(0).max(12).default(1),
    })
    .default({ levelOn: 6, upOn: 4, exits: 6, hatchUpTo: 3, bioSensorRange: 2, climbUp: 2, climbDown: 1 }),
  /**
   * Multi-team play (21): actions a figure has a turn (the booklet: 1), and Team cards and Threat
   * cards per team in the round's sequence pack (the booklet: 1 of each per module, read as per
   * team; 0 Threat cards: the Threats act after all the teams, in the Threat phase).
   */
  multiTeam: z
    .strictObject({
      actionsPerFigure: z.number().int().min(1).max(2),
      teamCards: z.number().int().min(1).max(4),
      threatCards: z.number().int().min(0).max(4).default(1),
    })
    .default({ actionsPerFigure: 1, teamCards: 1, threatCards: 1 }),
  /** Tile types a forced entry may never break into (the booklet: the bridge or control room). */
  forcedEntryBarred: z.array(name).max(20).default([]),
});

// ---------------------------------------------------------------------------------------------
// The whole pack

export const packObjectSchema = z.strictObject({
  /** Pack format; bump on incompatible change. */
  format: z.literal(1),
  id,
  name,
  description: text.default(''),
  team: teamSchema,
  weapons: z.array(weaponSchema).min(1).max(50),
  combat: combatSchema,
  reactionProfiles: z.array(reactionProfileSchema).min(1).max(20),
  species: z.array(speciesSchema).min(1).max(20),
  tileTypes: z.array(tileTypeSchema).max(50),
  /** Source chits of a tile type not in `tileTypes`. */
  defaultSourceChits: count(9),
  arenas: z.array(arenaSchema).min(1).max(20),
  /** The arena a table gets when none is named. */
  defaultArena: id,
  markers: markersSchema,
  missions: z.array(missionSchema).min(1).max(50),
  catastropheTables: z.array(catastropheTableSchema).min(1).max(10),
  drones: dronesSchema,
  vehicleTypes: z.array(vehicleTypeSchema).max(20).default([]),
  campaign: campaignSchema,
  gameEnd: gameEndSchema,
  options: optionsSchema,
});

type PackObject = z.infer<typeof packObjectSchema>;
type Issue = { path: (string | number)[]; message: string };

function duplicates(
  items: readonly { id: string }[],
  path: (string | number)[],
  issues: Issue[],
): Set<string> {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.id))
      issues.push({ path: [...path, i, 'id'], message: `id '${item.id}' is used twice` });
    seen.add(item.id);
  });
  return seen;
}

function checkArena(arena: PackArena, a: number, pack: PackObject, issues: Issue[]): void {
  const at = (...rest: (string | number)[]) => ['arenas', a, ...rest];
  const width = arena.cols * TILE_SIZE;
  const height = arena.rows * TILE_SIZE;
  const tileAt = new Map<string, number>();
  arena.tiles.forEach((t, i) => {
    if (t.col >= arena.cols || t.row >= arena.rows)
      issues.push({
        path: at('tiles', i),
        message: `tile (${t.col},${t.row}) lies outside ${arena.cols}×${arena.rows} tiles`,
      });
    const key = `${t.col},${t.row}`;
    if (tileAt.has(key)) issues.push({ path: at('tiles', i), message: `two tiles at (${key})` });
    tileAt.set(key, i);
  });
  const onTile = (x: number, y: number) =>
    x >= 0 &&
    y >= 0 &&
    x < width &&
    y < height &&
    tileAt.has(`${Math.floor(x / TILE_SIZE)},${Math.floor(y / TILE_SIZE)}`);
  const squareCheck = (list: readonly { x: number; y: number }[], key: string) =>
    list.forEach((s, i) => {
      if (!onTile(s.x, s.y))
        issues.push({ path: at(key, i), message: `square (${s.x},${s.y}) is not on a tile of the arena` });
    });
  squareCheck(arena.walls, 'walls');
  squareCheck(arena.doors, 'doors');
  squareCheck(arena.obstacles, 'obstacles');
  squareCheck(arena.loads, 'loads');
  squareCheck(arena.specials, 'specials');
  squareCheck(arena.boardingPoints, 'boardingPoints');
  const step = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] } as const;
  const wallKeys = new Set(arena.walls.map((w) => sideKey(w.x, w.y, w.side)));
  arena.doors.forEach((d, i) => {
    const widthInSides = d.kind === 'cargo' ? 3 : 1;
    for (let k = 0; k < widthInSides; k++) {
      const x = d.side === 'n' || d.side === 's' ? d.x + k : d.x;
      const y = d.side === 'e' || d.side === 'w' ? d.y + k : d.y;
      const [dx, dy] = step[d.side];
      const tileEdge =
        Math.floor(x / TILE_SIZE) !== Math.floor((x + dx) / TILE_SIZE) ||
        Math.floor(y / TILE_SIZE) !== Math.floor((y + dy) / TILE_SIZE);
      if (!onTile(x, y) || !onTile(x + dx, y + dy))
        issues.push({
          path: at('doors', i),
          message: `door side ${k + 1} at (${x},${y}) ${d.side} does not join two squares of the arena`,
        });
      else if (!tileEdge && !wallKeys.has(sideKey(x, y, d.side)))
        issues.push({
          path: at('doors', i),
          message: `door side ${k + 1} at (${x},${y}) ${d.side} is neither on a tile edge nor on a listed wall`,
        });
    }
  });
  duplicates(arena.doors, at('doors'), issues);
  duplicates(arena.loads, at('loads'), issues);
  duplicates(arena.specials, at('specials'), issues);
  duplicates(arena.boardingPoints, at('boardingPoints'), issues);
  duplicates(arena.vehicles, at('vehicles'), issues);
  const filled = new Map<string, string>();
  const fill = (x: number, y: number, what: string, path: (string | number)[]) => {
    const key = `${x},${y}`;
    const before = filled.get(key);
    if (before !== undefined) issues.push({ path, message: `square (${key}) already holds ${before}` });
    filled.set(key, what);
  };
  arena.obstacles.forEach((o, i) => {
    fill(o.x, o.y, `obstacle ${o.name}`, at('obstacles', i));
  });
  arena.loads.forEach((l, i) => {
    fill(l.x, l.y, `load ${l.id}`, at('loads', i));
  });
  arena.vehicles.forEach((v, i) => {
    const type = pack.vehicleTypes.find((t) => t.id === v.type);
    if (!type) {
      issues.push({
        path: at('vehicles', i, 'type'),
        message: `no vehicle type '${v.type}' in vehicleTypes`,
      });
      return;
    }
    const back = [
      [0, 1],
      [-1, 1],
      [-1, 0],
      [-1, -1],
      [0, -1],
      [1, -1],
      [1, 0],
      [1, 1],
    ][v.facing] as [number, number];
    for (let k = 0; k < type.length; k++) {
      const x = v.x + back[0] * k;
      const y = v.y + back[1] * k;
      if (!onTile(x, y))
        issues.push({
          path: at('vehicles', i),
          message: `square (${x},${y}) of the vehicle is not on a tile`,
        });
      else fill(x, y, `vehicle ${v.id}`, at('vehicles', i));
    }
  });
  arena.boardingPoints.forEach((b, i) => {
    const [dx, dy] = step[b.side];
    if (onTile(b.x + dx, b.y + dy))
      issues.push({
        path: at('boardingPoints', i),
        message: `the ${b.side} side of (${b.x},${b.y}) is not on the hull`,
      });
    const blocked = filled.get(`${b.x},${b.y}`);
    if (blocked !== undefined)
      issues.push({ path: at('boardingPoints', i), message: `the entry square holds ${blocked}` });
    const tile =
      arena.tiles[tileAt.get(`${Math.floor(b.x / TILE_SIZE)},${Math.floor(b.y / TILE_SIZE)}`) ?? -1];
    const type = pack.tileTypes.find((t) => t.type === tile?.type);
    if (type && !type.boardingAllowed)
      issues.push({ path: at('boardingPoints', i), message: `no boarding into a ${type.type} tile` });
  });
  if (!pack.species.some((s) => s.id === arena.threatSpecies))
    issues.push({ path: at('threatSpecies'), message: `no species '${arena.threatSpecies}' in species` });
  const chits = arena.tiles.reduce(
    (n, t) =>
      n +
      (t.sourceChits ??
        pack.tileTypes.find((x) => x.type === t.type)?.sourceChits ??
        pack.defaultSourceChits),
    0,
  );
  if (chits < 1)
    issues.push({
      path: at('tiles'),
      message: 'the arena needs at least one Source chit (one of them is the H)',
    });
}

export function sideKey(x: number, y: number, side: PackSide): string {
  // A side is named from its north or west square so both squares give the same key.
  if (side === 'n') return `${x},${y - 1},s`;
  if (side === 'w') return `${x - 1},${y},e`;
  return `${x},${y},${side}`;
}

/** Cross-reference checks: every id a part names must exist, with the right kind. */
function checkReferences(pack: PackObject, issues: Issue[]): void {
  const weapons = new Map(pack.weapons.map((w) => [w.id, w]));
  duplicates(pack.weapons, ['weapons'], issues);
  duplicates(pack.team.teamers, ['team', 'teamers'], issues);
  duplicates(pack.species, ['species'], issues);
  duplicates(pack.reactionProfiles, ['reactionProfiles'], issues);
  duplicates(pack.arenas, ['arenas'], issues);
  duplicates(pack.missions, ['missions'], issues);
  duplicates(pack.catastropheTables, ['catastropheTables'], issues);
  duplicates(pack.markers.eventDeck, ['markers', 'eventDeck'], issues);
  duplicates(pack.vehicleTypes, ['vehicleTypes'], issues);
  const leaders = pack.team.teamers.filter((t) => t.leader).length;
  if (leaders !== 1)
    issues.push({
      path: ['team', 'teamers'],
      message: `exactly one Teamer must be the leader (YOU); found ${leaders}`,
    });
  const carried = (list: readonly z.infer<typeof carriedWeaponSchema>[], path: (string | number)[]) =>
    list.forEach((c, i) => {
      const w = weapons.get(c.weapon);
      if (!w) issues.push({ path: [...path, i, 'weapon'], message: `no weapon '${c.weapon}' in weapons` });
      else if (w.kind === 'gun' && c.upgrades > w.maxUpgrades)
        issues.push({
          path: [...path, i, 'upgrades'],
          message: `${w.name} takes at most ${w.maxUpgrades} upgrades`,
        });
      else if (w.kind !== 'gun' && c.upgrades > 0)
        issues.push({ path: [...path, i, 'upgrades'], message: `${w.name} cannot be upgraded` });
      if (c.tank !== undefined && w && w.kind !== 'flamer')
        issues.push({ path: [...path, i, 'tank'], message: `only a flamer has a tank` });
      if (c.count > 1 && w && w.kind !== 'grenade')
        issues.push({ path: [...path, i, 'count'], message: 'only grenades are carried by count' });
    });
  const ranks = new Set(pack.campaign.ranks.map((r) => r.toLowerCase()));
  const vehicleTypes = new Set(pack.vehicleTypes.map((v) => v.id));
  pack.team.teamers.forEach((t, i) => {
    carried(t.weapons, ['team', 'teamers', i, 'weapons']);
    // A licence for a vehicle type the pack lacks would license nothing: say so at load.
    t.licences.forEach((l, k) => {
      if (!vehicleTypes.has(l))
        issues.push({
          path: ['team', 'teamers', i, 'licences', k],
          message: `${t.name} holds a licence for '${l}', which is no vehicle type in vehicleTypes`,
        });
    });
    if (t.rank !== undefined && !ranks.has(t.rank.replace(/-/g, ' ')) && !ranks.has(t.rank))
      issues.push({ path: ['team', 'teamers', i, 'rank'], message: `no rank '${t.rank}' in campaign.ranks` });
  });
  carried(pack.campaign.replacements.weapons, ['campaign', 'replacements', 'weapons']);
  const profiles = new Set(pack.reactionProfiles.map((p) => p.id));
  pack.species.forEach((s, i) => {
    if (!profiles.has(s.profile))
      issues.push({ path: ['species', i, 'profile'], message: `no reaction profile '${s.profile}'` });
    if (s.weapon !== null && !weapons.has(s.weapon))
      issues.push({ path: ['species', i, 'weapon'], message: `no weapon '${s.weapon}' in weapons` });
  });
  if (!pack.catastropheTables.some((t) => t.id === pack.team.catastropheTable))
    issues.push({
      path: ['team', 'catastropheTable'],
      message: `no catastrophe table '${pack.team.catastropheTable}'`,
    });
  pack.catastropheTables.forEach((t, i) => {
    t.bands.forEach((b, j) => {
      if (b.min > b.max)
        issues.push({ path: ['catastropheTables', i, 'bands', j], message: 'min is above max' });
      const prev = t.bands[j - 1];
      if (prev && b.min !== prev.max + 1)
        issues.push({
          path: ['catastropheTables', i, 'bands', j, 'min'],
          message: `must be ${prev.max + 1}, right after the band before`,
        });
    });
  });
  if (!pack.arenas.some((a) => a.id === pack.defaultArena))
    issues.push({ path: ['defaultArena'], message: `no arena '${pack.defaultArena}'` });
  pack.arenas.forEach((a, i) => {
    checkArena(a, i, pack, issues);
  });
  const drone = weapons.get(pack.drones.gun);
  if (drone?.kind !== 'drone-gun')
    issues.push({ path: ['drones', 'gun'], message: `'${pack.drones.gun}' is not a drone-gun weapon` });
  const tiles = Math.max(...pack.arenas.map((a) => a.tiles.length));
  const pool = Object.values(pack.markers.infestationPool).reduce((a, b) => a + b, 0);
  if (pool < tiles)
    issues.push({
      path: ['markers', 'infestationPool'],
      message: `${pool} markers cannot cover ${tiles} tiles`,
    });
  const chits = pack.markers.stressChits.reduce((n, c) => n + c.count, 0);
  if (chits < pack.markers.kitty.threshold)
    issues.push({
      path: ['markers', 'stressChits'],
      message: `${chits} chits never reach the Kitty threshold ${pack.markers.kitty.threshold}`,
    });
  pack.campaign.blackMarket.purchases.forEach((p, i) => {
    if (p.weapon !== null && !weapons.has(p.weapon))
      issues.push({
        path: ['campaign', 'blackMarket', 'purchases', i, 'weapon'],
        message: `no weapon '${p.weapon}'`,
      });
  });
  const abilityIds = pack.campaign.abilities.map((a) => ({ id: a.id }));
  duplicates(abilityIds, ['campaign', 'abilities'], issues);
}

/** The pack schema: shapes first, then cross-references (ids that must exist, arena geometry). */
export const packSchema = packObjectSchema.superRefine((pack, ctx) => {
  const issues: Issue[] = [];
  checkReferences(pack, issues);
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

/** A checked data pack (defaults filled in). */
export type FdPack = z.infer<typeof packSchema>;
/** The pack as written in JSON (defaults may be left out). */
export type FdPackInput = z.input<typeof packSchema>;
