import { z } from 'zod';
import { RuleError } from '../../../engine/rule-error.ts';
import type { ThreatWorld } from './world.ts';

/**
 * A species' behaviour as the threat AI reads it: the reaction profile (digest 13.3), its
 * modifiers, movement, stimuli and the Harpy-style extras (13.6). The basic profile below is the
 * booklet's own table; everything species-specific (movement die, stimulus range, pack, hiding,
 * prey) comes from the data pack. The zod schema is here so the pack schema can embed it as a
 * species' `behaviour` (or build it from its own columns), and so a bad profile fails with a path.
 */

export const REACTIONS = ['attack', 'stay', 'hide'] as const;
/** ATTACK NEAREST, STAY, or MOVE AWAY / HIDE (one action: digest 13.3). */
export type Reaction = (typeof REACTIONS)[number];

const reaction = z.enum(REACTIONS);
/** One column of the profile: the result for a modified roll of 1..6, in that order. */
const column = z.tuple([reaction, reaction, reaction, reaction, reaction, reaction]);
const modifier = z.int().min(-6).max(6);

export const threatProfileSchema = z.strictObject({
  /** Stimulus-driven Threats follow the profile; intellect-driven ones are played (or scripted, solo). */
  kind: z.enum(['stimulus', 'intellect']),
  /** Actions per activation: 1, or 2 for human Threats. */
  actions: z.int().min(1).max(2),
  /** Movement points rolled at each move: `count` dice of `die`, plus `modifier`. */
  movement: z.strictObject({
    die: z.enum(['d6', 'avd']),
    count: z.int().min(1).max(3),
    modifier: z.int().min(-3).max(3),
  }),
  /** Non-visual stimulus range (scent, hearing) in squares of distance 13.2; 0 = sight only. */
  stimulusRange: z.int().min(0).max(12),
  reactions: z.strictObject({ team: column, noTeam: column }),
  /** Added to the reaction roll when each condition holds. */
  modifiers: z.strictObject({
    wounded: modifier,
    teamerOnSource: modifier,
    facingAway: modifier,
    inPack: modifier,
  }),
  /** Orthogonally adjacent members of the species hunt as a pack (13.6). */
  pack: z.boolean(),
  /** A member that hides out of sight gets an eye marker and counts as waiting (13.6). */
  hides: z.boolean(),
  /** Drags a Teamer it put out of action to the nest, losing this many movement points (13.6); null: no prey rule. */
  prey: z.strictObject({ carryPenalty: z.int().min(0).max(6) }).nullable(),
  /** Range of its ranged attack for the solo script (intellect Threats); 0 = contact only. */
  attackRange: z.int().min(0).max(30),
});

export type ThreatProfile = z.infer<typeof threatProfileSchema>;

/** The booklet's basic reaction profile for stimulus-driven species (digest 13.3). */
export const BASIC_REACTIONS: ThreatProfile['reactions'] = {
  team: ['attack', 'attack', 'attack', 'attack', 'stay', 'hide'],
  noTeam: ['stay', 'stay', 'stay', 'stay', 'hide', 'hide'],
};

/** The booklet's modifiers to the reaction roll (digest 13.3). */
export const BASIC_MODIFIERS: ThreatProfile['modifiers'] = {
  wounded: 2,
  teamerOnSource: -2,
  facingAway: 1,
  inPack: -2,
};

/** The basic profile's table and modifiers joined with a species' own data. */
export function basicProfile(
  species: Omit<ThreatProfile, 'reactions' | 'modifiers'> &
    Partial<Pick<ThreatProfile, 'reactions' | 'modifiers'>>,
): ThreatProfile {
  return {
    ...species,
    reactions: species.reactions ?? BASIC_REACTIONS,
    modifiers: species.modifiers ?? BASIC_MODIFIERS,
  };
}

/** The profile of a species, or THREAT_PROFILE_MISSING naming it: a pack with a species the AI cannot run. */
export function profileOf(world: ThreatWorld, species: string): ThreatProfile {
  const profile = world.profile(species);
  if (!profile) {
    throw new RuleError(
      'THREAT_PROFILE_MISSING',
      `the data pack gives no reaction profile for the species "${species}", so its Threats cannot act`,
      { species },
    );
  }
  return profile;
}

/** Reads a profile from JSON, with one line per problem (path: what is wrong). */
export function parseThreatProfile(input: unknown, where = 'profile'): ThreatProfile {
  const result = threatProfileSchema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `${[where, ...i.path].join('.')}: ${i.message}`);
  throw new RuleError('THREAT_PROFILE_INVALID', lines.join('\n'), { problems: lines });
}
