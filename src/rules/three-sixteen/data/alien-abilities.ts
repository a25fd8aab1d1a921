import { ABILITY_IDS, type AbilityId } from '../state.ts';

/**
 * What an ability costs the GM in Threat Tokens, taken from the encounter or from the planet's
 * uncommitted pool: nothing; one token; any number (one per point of effect); or one token
 * sacrificed as an attack (Suicide).
 */
export type AbilityCost = 'free' | 'spend1' | 'spendN' | 'sacrifice';

/**
 * When the GM can use it: as the encounter opens (instead of Dominance); at any point of an
 * encounter; during a combat round; on the aliens' turn; after a round in which tokens were removed
 * by kills; or always on (a standing trait of the aliens, no decision needed).
 */
export type AbilityTiming =
  | 'encounterStart'
  | 'duringEncounter'
  | 'combatRound'
  | 'aliensTurn'
  | 'afterKills'
  | 'always';

/** Extra limits the book puts on an ability. */
export type AbilityLimit = 'oncePerEncounter' | 'oncePerRound' | 'oncePerPcPerMission';

export interface AlienAbility {
  readonly id: AbilityId;
  /** Its entry on the planet list (1–20). */
  readonly number: number;
  /** The book's name. */
  readonly name: string;
  readonly cost: AbilityCost;
  readonly timing: AbilityTiming;
  readonly limit?: AbilityLimit;
  /** How long the effect lasts once used. */
  readonly lasts: 'encounter' | 'round' | 'turn' | 'planet' | 'instant' | 'always';
  /** A short rules summary in our own words, for the UI. */
  readonly summary: string;
}

type Entry = Omit<AlienAbility, 'id' | 'number'>;

const ENTRIES: Readonly<Record<AbilityId, Entry>> = {
  ambush: {
    name: 'Ambush',
    cost: 'spend1',
    timing: 'encounterStart',
    lasts: 'instant',
    summary: 'Skip Dominance: the aliens ambush at once, unless the PCs already hold an ambush (Drop Pods).',
  },
  armour: {
    name: 'Armour',
    cost: 'free',
    timing: 'combatRound',
    limit: 'oncePerEncounter',
    lasts: 'round',
    summary: 'Once an encounter, every kill the PCs score in one round is void.',
  },
  boostAbility: {
    name: 'Boost Ability',
    cost: 'spendN',
    timing: 'duringEncounter',
    lasts: 'encounter',
    summary: 'Each token spent adds 1 to AA for the rest of the encounter, to a top of 10.',
  },
  endEncounter: {
    name: 'End Encounter',
    cost: 'spend1',
    timing: 'aliensTurn',
    lasts: 'instant',
    summary: 'The aliens vanish after their turn; tokens still in the encounter go back to the pool.',
  },
  enrage: {
    name: 'Enrage',
    cost: 'spend1',
    timing: 'duringEncounter',
    lasts: 'encounter',
    summary: 'AA climbs by 1 with every further round of the encounter, to a top of 10.',
  },
  explodingBodies: {
    name: 'Exploding Bodies',
    cost: 'spend1',
    timing: 'afterKills',
    lasts: 'instant',
    summary: 'After a round in which kills removed a token, every PC at Close takes a Kill.',
  },
  flee: {
    name: 'Flee',
    cost: 'free',
    timing: 'aliensTurn',
    lasts: 'always',
    summary: 'On their turn the aliens pull every PC one range step farther away, no roll needed.',
  },
  ignoreArmour: {
    name: 'Ignore Armour',
    cost: 'free',
    timing: 'always',
    lasts: 'always',
    summary: 'Alien kills go through every armour: MandelBrite, Kinetic Field and vehicles.',
  },
  ignoreWounds: {
    name: 'Ignore Wounds',
    cost: 'spend1',
    timing: 'combatRound',
    lasts: 'round',
    summary: 'The PCs’ kills this round do nothing: no tokens removed, no kills counted.',
  },
  impair: {
    name: 'Impair',
    cost: 'spendN',
    timing: 'duringEncounter',
    lasts: 'encounter',
    summary: 'Each token spent takes 1 off every PC’s FA and NFA for the encounter.',
  },
  induceWeakness: {
    name: 'Induce Weakness',
    cost: 'spend1',
    timing: 'combatRound',
    limit: 'oncePerPcPerMission',
    lasts: 'turn',
    summary:
      'Next turn the aliens test AA against one PC; success forces that PC to use a Weakness if it has one.',
  },
  isolate: {
    name: 'Isolate',
    cost: 'spend1',
    timing: 'duringEncounter',
    lasts: 'encounter',
    summary: 'No E-Vac, Orbital Bombardment or other support can end this encounter.',
  },
  lastingWounds: {
    name: 'Lasting Wounds',
    cost: 'free',
    timing: 'always',
    lasts: 'planet',
    summary: 'Wounds from these aliens only heal once the PCs leave the planet.',
  },
  leaping: {
    name: 'Leaping',
    cost: 'free',
    timing: 'aliensTurn',
    lasts: 'always',
    summary: 'When the aliens move PCs they may shift them two range steps instead of one.',
  },
  rapidMovement: {
    name: 'Rapid Movement',
    cost: 'spend1',
    timing: 'aliensTurn',
    lasts: 'instant',
    summary: 'On their turn the aliens put every PC at a range of their choice (never beyond Far).',
  },
  reduceVisibility: {
    name: 'Reduce Visibility',
    cost: 'free',
    timing: 'always',
    lasts: 'always',
    summary: 'Nobody, PC or alien, can score kills at Far.',
  },
  regeneration: {
    name: 'Regeneration',
    cost: 'spend1',
    timing: 'afterKills',
    lasts: 'instant',
    summary: 'Tokens removed in the last round come back into the encounter; the PCs keep those kills.',
  },
  stopTechnology: {
    name: 'Stop Technology',
    cost: 'spend1',
    timing: 'combatRound',
    lasts: 'round',
    summary: 'For one round no technology works; only Hand-to-Hand can kill.',
  },
  suicide: {
    name: 'Suicide',
    cost: 'sacrifice',
    timing: 'combatRound',
    limit: 'oncePerRound',
    lasts: 'instant',
    summary:
      'Once a round, a sacrificed token attacks as an automatic roll of 1; the aliens may still roll AA as usual.',
  },
  swarm: {
    name: 'Swarm',
    cost: 'free',
    timing: 'aliensTurn',
    lasts: 'always',
    summary: 'On the aliens’ turn every PC is dragged to Close.',
  },
};

/** The 20 abilities in list order (ids from state.ts's ABILITY_IDS, numbered 1–20). */
export const ALIEN_ABILITIES: readonly AlienAbility[] = ABILITY_IDS.map((id, i) => ({
  id,
  number: i + 1,
  ...ENTRIES[id],
}));

const BY_ID = new Map<AbilityId, AlienAbility>(ALIEN_ABILITIES.map((a) => [a.id, a]));

export function isAbilityId(value: unknown): value is AbilityId {
  return typeof value === 'string' && BY_ID.has(value as AbilityId);
}

export function alienAbilityInfo(id: AbilityId): AlienAbility {
  return BY_ID.get(id) as AlienAbility;
}

/** The ability at a list number (1–20); undefined outside the list. */
export function alienAbilityByNumber(n: number): AlienAbility | undefined {
  return ALIEN_ABILITIES[n - 1];
}

/** Tokens the GM must spend to use it `times` (spendN: the number of points wanted). */
export function abilityTokenCost(id: AbilityId, times = 1): number {
  const { cost } = alienAbilityInfo(id);
  if (cost === 'free') return 0;
  if (cost === 'spendN') return Math.max(1, Math.floor(times));
  return 1;
}
