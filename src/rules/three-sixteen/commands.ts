import { z } from 'zod';
import type { DecideContext, Role } from '../../engine/ruleset.ts';
import { freeText, nameText, nonEmptyFreeText } from '../../engine/text.ts';
import type { ThreeSixteenEvent } from './events.ts';
import { ABILITY_IDS, RANGES, type ThreeSixteenState } from './state.ts';

/**
 * Commands of the 3:16 ruleset and the "part" contract that lets each engineer add commands and
 * event reducers from their own files.
 *
 * HOW TO PLUG IN (campaign engineer, data engineer):
 * 1. In your own file, type your commands and events, then add them to the unions by module
 *    augmentation (no edit of this file or events.ts):
 *
 *      declare module '../commands.ts' { interface ExtraCommands { campaign: MyCommand } }
 *      declare module '../events.ts'   { interface ExtraEvents   { campaign: MyEvent } }
 *
 * 2. Build a `ThreeSixteenPart` with `definePart`, each command with `defineCommand(schema, roles,
 *    decide)` — the zod schema must be a `z.object` with `type: z.literal('...')` (it joins the
 *    ruleset's discriminated union), strings bounded, numbers integer with ranges.
 * 3. Add ONE line to the `PARTS` array in ruleset.ts (the agreed exception to file ownership).
 *
 * Rules of decide: validate everything (RuleError with a stable code, see `codes` below), check
 * ownership with `requireOwnTrooper` (encounter/guards.ts), roll only through `ctx.dice`, store
 * every RollRecord/face in the events, and never change state. Rules of evolve: see state.ts.
 */

// ---------------------------------------------------------------------------------------------
// Shared schema pieces (bounded, so bad input never reaches decide)

export const MAX_TEXT = 2000;
export const MAX_NAME = 80;
export const trooperIdSchema = z.string().regex(/^t[0-9]{1,4}$/, 'a trooper id looks like t1, t2, …');
export const seatIdSchema = z.string().min(1).max(100);
export const textSchema = freeText(MAX_TEXT);
export const nonEmptyTextSchema = nonEmptyFreeText(MAX_TEXT);
export const nameSchema = nameText(MAX_NAME);
export const rangeSchema = z.enum(RANGES);
export const abilityIdSchema = z.enum(ABILITY_IDS);
export const weaponIdSchema = z.enum([
  'energyRifle',
  'slugRifle',
  'eCannon',
  'heavyMg',
  'handToHand',
  'powerClaw',
  'sidearm',
  'powerBlade',
  'grenades',
  'flameGun',
  'rocketpod',
  'shotgun',
  'tpkBomb',
  'paradiseBomb',
]);
export const vehicleIdSchema = z.enum(['apc', 'dropShip']);
/** Who acts in a round: a trooper id or the aliens. */
export const actorSchema = z.union([trooperIdSchema, z.literal('aliens')]);
export const moveSchema = z.enum(['closer', 'farther']);

const nfaTaskSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('manoeuvre'),
    move: moveSchema.optional(),
    switchTo: weaponIdSchema.optional(),
    text: textSchema.optional(),
  }),
  z.strictObject({ kind: z.literal('eVac') }),
  z.strictObject({ kind: z.literal('orbitalBombardment') }),
  z.strictObject({ kind: z.literal('forceWeakness'), targetId: trooperIdSchema }),
  z.strictObject({ kind: z.literal('vehicleAttack'), vehicle: vehicleIdSchema }),
  z.strictObject({ kind: z.literal('other'), text: nonEmptyTextSchema }),
]);

export const declarationSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('fa'),
    weapon: weaponIdSchema,
    bomb: z.enum(['tpkBomb', 'paradiseBomb']).optional(),
  }),
  z.strictObject({ kind: z.literal('nfa'), task: nfaTaskSchema }),
]);

const ability = z.number().int().min(2).max(10);

// ---------------------------------------------------------------------------------------------
// Core command schemas (roster, mission, encounter, GM)

export const coreCommandSchemas = {
  // Roster --------------------------------------------------------------------------------
  /** A player creates its trooper (the GM may create one for any seat, or an NPC with no seat). */
  createTrooper: z.strictObject({
    type: z.literal('createTrooper'),
    ownerSeatId: seatIdSchema.nullable().optional(),
    name: nameSchema,
    reputation: z.string().max(200).optional(),
    fa: ability,
    nfa: ability,
    /** Rank 0–8 (the GM sets it; players creating characters start at 0 until ranks are assigned). */
    rank: z.number().int().min(0).max(8).optional(),
    /** Weapon picked where the rank offers a choice ("or"). */
    weaponChoice: weaponIdSchema.optional(),
    /** One pick per "or" group when the rank has several (a Major has two); merged with `weaponChoice`. */
    weaponChoices: z.array(weaponIdSchema).min(1).max(4).optional(),
  }),
  setArmourPolicy: z.strictObject({
    type: z.literal('setArmourPolicy'),
    trooperId: trooperIdSchema,
    policy: z.enum(['ask', 'useWhenAvailable', 'never']),
  }),
  setDefaultWeapon: z.strictObject({
    type: z.literal('setDefaultWeapon'),
    trooperId: trooperIdSchema,
    weapon: weaponIdSchema,
  }),
  /** Swap the weapon picked from one of the rank's "or" choices, before the first mission. */
  chooseRankWeapon: z.strictObject({
    type: z.literal('chooseRankWeapon'),
    trooperId: trooperIdSchema,
    weapon: weaponIdSchema,
  }),
  /** The book's initial ranks: highest NFA Sergeant, then Corporal; ties rolled off by the engine. */
  assignInitialRanks: z.strictObject({ type: z.literal('assignInitialRanks') }),

  // Mission -------------------------------------------------------------------------------
  setPlanet: z.strictObject({
    type: z.literal('setPlanet'),
    name: nameSchema,
    form: z.string().max(MAX_TEXT).optional(),
    description: z.string().max(MAX_TEXT).optional(),
    abilities: z.array(abilityIdSchema).max(20).optional(),
    /** Either an AA method (1–20, computed from the PCs) or a direct AA (1–10). */
    aaMethod: z.number().int().min(1).max(20).optional(),
    aa: z.number().int().min(1).max(10).optional(),
    /** Threat Tokens for the planet; omitted: PCs × 5 (or the rank-based multiplier). */
    threat: z.number().int().min(0).max(200).optional(),
    /** List entries (1–20) this planet used, to cross off for the campaign. */
    entries: z
      .object({
        name: z.number().int().min(1).max(20).optional(),
        form: z.number().int().min(1).max(20).optional(),
        description: z.number().int().min(1).max(20).optional(),
        ability: z.array(z.number().int().min(1).max(20)).max(20).optional(),
        aaMethod: z.number().int().min(1).max(20).optional(),
      })
      .optional(),
  }),
  briefMission: z.strictObject({ type: z.literal('briefMission'), text: textSchema }),
  addScene: z.strictObject({
    type: z.literal('addScene'),
    text: nonEmptyTextSchema,
    secret: z.boolean().optional(),
  }),
  /** An NFA test outside encounters (a scene), rolled by the engine. */
  nfaTest: z.strictObject({
    type: z.literal('nfaTest'),
    trooperId: trooperIdSchema,
    text: textSchema.optional(),
  }),
  /** A Strength or Weakness used in a scene, away from any fight (the book allows it any time). */
  sceneFlashback: z.strictObject({
    type: z.literal('sceneFlashback'),
    trooperId: trooperIdSchema,
    kind: z.enum(['strength', 'weakness']),
    text: nonEmptyTextSchema,
    hatredForHome: z.boolean().optional(),
  }),
  startEncounter: z.strictObject({
    type: z.literal('startEncounter'),
    tokens: z.number().int().min(1).max(200),
    /** The final encounter takes every remaining token and has no cap. */
    final: z.boolean().optional(),
    description: textSchema.optional(),
    /** Troopers taking part (default: every active trooper). */
    troopers: z.array(trooperIdSchema).max(50).optional(),
  }),
  endMission: z.strictObject({ type: z.literal('endMission') }),

  // Encounter -----------------------------------------------------------------------------
  rollDominance: z.strictObject({ type: z.literal('rollDominance'), actor: actorSchema }),
  declineDominance: z.strictObject({ type: z.literal('declineDominance'), trooperId: trooperIdSchema }),
  useDropPods: z.strictObject({ type: z.literal('useDropPods'), trooperId: trooperIdSchema }),
  useKineticField: z.strictObject({ type: z.literal('useKineticField'), trooperId: trooperIdSchema }),
  setRange: z.strictObject({ type: z.literal('setRange'), range: rangeSchema }),
  declare: z.strictObject({
    type: z.literal('declare'),
    trooperId: trooperIdSchema,
    declaration: declarationSchema,
  }),
  /** `emotional`: this round's AA attack wears troopers down (E marks) instead of killing (X). */
  declareAliens: z.strictObject({ type: z.literal('declareAliens'), emotional: z.boolean().optional() }),
  rollTest: z.strictObject({ type: z.literal('rollTest'), actor: actorSchema }),
  useCombatDrugs: z.strictObject({ type: z.literal('useCombatDrugs'), trooperId: trooperIdSchema }),
  /**
   * The current slot's turn: act (default) or cancel; a success that acted before its opponent
   * may move one step (`move` for a trooper, `moves` for the aliens: steps −2…2 per trooper, 2 only
   * with Leaping); failures only narrate. The GM may take any actor's turn.
   */
  takeTurn: z.strictObject({
    type: z.literal('takeTurn'),
    actor: actorSchema,
    cancel: z.boolean().optional(),
    move: moveSchema.optional(),
    moves: z
      .array(z.strictObject({ trooperId: trooperIdSchema, steps: z.number().int().min(-2).max(2) }))
      .max(50)
      .optional(),
    /** Flee or Swarm on the aliens' turn (the planet must have the ability). */
    alienMovement: z.enum(['flee', 'swarm']).optional(),
    narration: textSchema.optional(),
  }),
  /** Answer a pending Kill: tick Armour (true) or take the wound (false). */
  answerKill: z.strictObject({
    type: z.literal('answerKill'),
    trooperId: trooperIdSchema,
    useArmour: z.boolean(),
  }),
  useStrength: z.strictObject({
    type: z.literal('useStrength'),
    trooperId: trooperIdSchema,
    text: nonEmptyTextSchema,
    /** When two ranges tie for the weapon's best, the player names one. */
    range: rangeSchema.optional(),
  }),
  useWeakness: z.strictObject({
    type: z.literal('useWeakness'),
    trooperId: trooperIdSchema,
    text: nonEmptyTextSchema,
    /** Use the Hatred for Home slot (otherwise an ordinary Weakness goes first). */
    hatredForHome: z.boolean().optional(),
  }),
  useAbility: z.strictObject({
    type: z.literal('useAbility'),
    ability: abilityIdSchema,
    /** Where spent tokens come from. */
    from: z.enum(['encounter', 'pool']).optional(),
    /** Boost Ability / Impair: how many tokens to spend. */
    amount: z.number().int().min(1).max(10).optional(),
    targetId: trooperIdSchema.optional(),
    /** Rapid Movement: the new range of each trooper. */
    ranges: z
      .array(z.strictObject({ trooperId: trooperIdSchema, range: rangeSchema }))
      .max(50)
      .optional(),
  }),
  grantPreparationBonus: z.strictObject({
    type: z.literal('grantPreparationBonus'),
    trooperId: trooperIdSchema,
  }),

  // Table / GM ----------------------------------------------------------------------------
  narrate: z.strictObject({
    type: z.literal('narrate'),
    /** Speaking for a trooper (its player or the GM) or for the aliens / the GM (omit). */
    trooperId: trooperIdSchema.optional(),
    text: nonEmptyTextSchema,
    secret: z.boolean().optional(),
  }),
  gmNote: z.strictObject({ type: z.literal('gmNote'), text: nonEmptyTextSchema }),
  gmEndEncounter: z.strictObject({ type: z.literal('gmEndEncounter'), reason: textSchema.optional() }),
  gmAdjust: z.strictObject({
    type: z.literal('gmAdjust'),
    adjustment: z.discriminatedUnion('target', [
      z.strictObject({ target: z.literal('threatPool'), value: z.number().int().min(0).max(500) }),
      z.strictObject({ target: z.literal('encounterTokens'), value: z.number().int().min(0).max(500) }),
      z.strictObject({ target: z.literal('aa'), value: z.number().int().min(1).max(10) }),
      z.strictObject({
        target: z.literal('range'),
        trooperId: trooperIdSchema,
        value: z.enum(['close', 'near', 'far', 'beyondFar']),
        /** A rider is set down out of its vehicle and moved by itself (else the vehicle moves). */
        alone: z.boolean().optional(),
      }),
      z.strictObject({
        target: z.literal('health'),
        trooperId: trooperIdSchema,
        value: z.tuple([
          z.enum(['X', 'E']).nullable(),
          z.enum(['X', 'E']).nullable(),
          z.enum(['X', 'E']).nullable(),
        ]),
      }),
      z.strictObject({
        target: z.literal('kills'),
        trooperId: trooperIdSchema,
        killsThisMission: z.number().int().min(0).max(10_000_000),
        totalKills: z.number().int().min(0).max(100_000_000),
      }),
      z.strictObject({
        target: z.literal('ability'),
        trooperId: trooperIdSchema,
        ability: z.enum(['fa', 'nfa']),
        value: z.number().int().min(1).max(10),
      }),
      z.strictObject({
        target: z.literal('rank'),
        trooperId: trooperIdSchema,
        value: z.number().int().min(0).max(8),
      }),
      z.strictObject({
        target: z.literal('armour'),
        trooperId: trooperIdSchema,
        value: z.enum(['notYetAvailable', 'available', 'used']),
      }),
      z.strictObject({
        target: z.literal('status'),
        trooperId: trooperIdSchema,
        value: z.enum(['active', 'dead', 'wreck', 'replaced', 'retired']),
      }),
    ]),
    reason: nonEmptyTextSchema,
  }),
} as const;

type CoreSchemas = typeof coreCommandSchemas;
export type CoreCommand = { [K in keyof CoreSchemas]: z.infer<CoreSchemas[K]> }[keyof CoreSchemas];

/** Commands added by other parts (campaign…) through module augmentation; see the header. */
// biome-ignore lint/suspicious/noEmptyInterface: extension point filled by module augmentation
export interface ExtraCommands {}

export type ThreeSixteenCommand = CoreCommand | ExtraCommands[keyof ExtraCommands];
export type CommandOf<T extends ThreeSixteenCommand['type']> = Extract<ThreeSixteenCommand, { type: T }>;

// ---------------------------------------------------------------------------------------------
// The part contract

/** One command: its schema, who may send it, and how it turns into events. */
export interface CommandSpec<C extends { readonly type: string } = ThreeSixteenCommand> {
  readonly type: C['type'];
  // A z.object with a literal `type`; erased here so parts with different commands share a list.
  readonly schema: z.ZodType<C>;
  readonly roles: readonly Role[];
  decide(state: ThreeSixteenState, command: C, ctx: DecideContext): ThreeSixteenEvent[];
}

/** A slice of the ruleset: some commands and the reducers of the events it owns. */
export interface ThreeSixteenPart {
  readonly name: string;
  readonly commands: readonly CommandSpec[];
  /** Event types this part's `evolve` handles (each type belongs to exactly one part). */
  readonly eventTypes: readonly ThreeSixteenEvent['type'][];
  evolve(state: ThreeSixteenState, event: ThreeSixteenEvent): ThreeSixteenState;
  /** Optional: fill this part's fields of a fresh state (e.g. campaign extras). */
  initialState?(state: ThreeSixteenState): ThreeSixteenState;
}

export function defineCommand<T extends ThreeSixteenCommand['type']>(
  type: T,
  schema: z.ZodType<CommandOf<T>>,
  roles: readonly Role[],
  decide: (state: ThreeSixteenState, command: CommandOf<T>, ctx: DecideContext) => ThreeSixteenEvent[],
): CommandSpec {
  // Method parameters are bivariant, so the narrow handler stands in the erased list.
  return { type, schema, roles, decide } as unknown as CommandSpec;
}

export function definePart(part: ThreeSixteenPart): ThreeSixteenPart {
  return part;
}

export const GM_ONLY: readonly Role[] = ['gm'];
export const GM_AND_PLAYERS: readonly Role[] = ['gm', 'player'];

/**
 * Stable rejection codes (clients and tests match on them). Parts may add their own codes; reuse
 * these where they fit.
 */
export const codes = {
  WRONG_PHASE: 'WRONG_PHASE',
  WRONG_STEP: 'WRONG_STEP',
  NOT_YOUR_TROOPER: 'NOT_YOUR_TROOPER',
  NOT_YOUR_TURN: 'NOT_YOUR_TURN',
  UNKNOWN_TROOPER: 'UNKNOWN_TROOPER',
  TROOPER_NOT_ACTIVE: 'TROOPER_NOT_ACTIVE',
  NOT_IN_ENCOUNTER: 'NOT_IN_ENCOUNTER',
  ALREADY_DONE: 'ALREADY_DONE',
  PENDING_DECISION: 'PENDING_DECISION',
  INVALID_VALUE: 'INVALID_VALUE',
  /** A GM override that would leave a state the rules cannot represent (a trooper alive with three marks). */
  OVERRIDE_IMPOSSIBLE: 'OVERRIDE_IMPOSSIBLE',
  RANK_TOO_LOW: 'RANK_TOO_LOW',
  NOT_AVAILABLE: 'NOT_AVAILABLE',
  NOT_ENOUGH_TOKENS: 'NOT_ENOUGH_TOKENS',
  OVER_TOKEN_CAP: 'OVER_TOKEN_CAP',
  ABILITY_NOT_ON_PLANET: 'ABILITY_NOT_ON_PLANET',
  NO_SLOT: 'NO_SLOT',
  UNKNOWN_COMMAND: 'UNKNOWN_COMMAND',
  INVALID_COMMAND: 'INVALID_COMMAND',
} as const;
