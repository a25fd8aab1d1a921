import { AVERAGE_DIE, D6, type Die, d } from '../../../engine/dice/die.ts';
import { RuleError } from '../../../engine/rule-error.ts';
import type { FdPack } from '../data/pack.ts';
import type { ThreatWorld } from './world.ts';

/**
 * A species' behaviour as the threat AI reads it: its reaction profile (digest 13.3) and modifiers,
 * movement, stimuli and the Harpy-style extras (13.6). Everything comes from the data pack
 * (`reactionProfiles` and `species`) through `threatProfiles`; the booklet's basic table is kept
 * here as well (BASIC_*), checked against the pack's "basic" profile by a test.
 */

export const REACTIONS = ['attack', 'stay', 'hide'] as const;
/** ATTACK NEAREST, STAY, or MOVE AWAY / HIDE (one action: digest 13.3). */
export type Reaction = (typeof REACTIONS)[number];

/** Six rows: the result for a modified roll of 1..6, in that order. */
export type ReactionColumn = readonly Reaction[];

export interface ThreatProfile {
  /** Stimulus-driven Threats follow the profile; intellect-driven ones are played (or scripted, solo). */
  readonly kind: 'stimulus' | 'intellect';
  /** Actions per activation: 1, or 2 for human Threats (fd-rules calls the AI once per action). */
  readonly actions: number;
  /** Movement points rolled at each move: `count` dice of `die`, plus `modifier`, at least `min` (default 0). */
  readonly movement: {
    readonly die: 'd6' | 'avd' | 'd3' | 'd8';
    readonly count: number;
    readonly modifier: number;
    readonly min?: number;
  };
  /** Non-visual stimulus range (scent, hearing) in squares of distance 13.2; 0 = sight only. */
  readonly stimulusRange: number;
  readonly reactions: { readonly team: ReactionColumn; readonly noTeam: ReactionColumn };
  /** Added to the reaction roll when each condition holds. */
  readonly modifiers: {
    readonly wounded: number;
    readonly teamerOnSource: number;
    readonly facingAway: number;
    readonly inPack: number;
  };
  /** Orthogonally adjacent members of the species hunt as a pack (13.6). */
  readonly pack: boolean;
  /** A Threat that hides out of sight gets an eye marker and counts as waiting (13.6). */
  readonly hides: boolean;
  /** Drags a Teamer it put out of action to the nest, losing this many movement points; null: no prey rule. */
  readonly prey: { readonly carryPenalty: number } | null;
  /** Range of its ranged weapon for the solo script (intellect Threats); 0 = contact only. */
  readonly attackRange: number;
}

/** The booklet's basic reaction profile for stimulus-driven species (digest 13.3): rows 1..6. */
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

/** A species' own data with the basic table and modifiers filled in where it gives none. */
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

/** The die a movement throw uses. */
export function movementDie(die: ThreatProfile['movement']['die']): Die {
  return die === 'd6' ? D6 : die === 'avd' ? AVERAGE_DIE : d(die === 'd3' ? 3 : 8);
}

/**
 * The AI's profiles from a checked data pack, built once: a lookup from species id. A species
 * whose reaction profile the pack lacks is left out (the AI then throws THREAT_PROFILE_MISSING).
 */
export function threatProfiles(pack: FdPack): (species: string) => ThreatProfile | undefined {
  const out = new Map<string, ThreatProfile>();
  for (const s of pack.species) {
    const p = pack.reactionProfiles.find((r) => r.id === s.profile);
    if (!p) continue;
    const read = (column: readonly string[]): Reaction[] =>
      column.map((r) => (r === 'attack-nearest' ? 'attack' : (r as Reaction)));
    const weapon = s.weapon ? pack.weapons.find((w) => w.id === s.weapon) : undefined;
    const range = s.soloScript && weapon && 'range' in weapon ? weapon.range : 0;
    out.set(s.id, {
      kind: s.kind,
      actions: s.actions,
      movement: { die: s.move.die, count: s.move.dice, modifier: s.move.add, min: s.move.min },
      stimulusRange: s.stimulusRange,
      reactions: { team: read(p.team), noTeam: read(p.noTeam) },
      modifiers: {
        wounded: p.modifiers.wounded,
        teamerOnSource: p.modifiers.teamerOnSourceTile,
        facingAway: p.modifiers.facingAway,
        inPack: p.modifiers.inPack,
      },
      pack: s.packs,
      hides: s.hides,
      prey: s.prey ? { carryPenalty: -s.prey.moveWhileCarrying } : null,
      attackRange: range,
    });
  }
  return (species) => out.get(species);
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
