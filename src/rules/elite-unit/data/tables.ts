/**
 * The chapter's own tables (digest §6.3, §9.4, §12, §14, §15, §16.3), straightened into data.
 * Numbers only: the words are ours.
 */

/** One hit-location row = one body part (§9.4: the four brain rows are four parts). */
export const PARTS = [
  'trunk',
  'arms',
  'legs',
  'face',
  'brainDeath',
  'brainMind',
  'brainSoul',
  'brainReflex',
] as const;
export type PartId = (typeof PARTS)[number];

export interface LocationRow {
  readonly from: number;
  readonly to: number;
  readonly part: PartId;
  /** Attributes halved (second hit: set to 0); empty for instant death. */
  readonly attributes: readonly string[];
  readonly instantDeath?: true;
}

export const HIT_LOCATIONS: readonly LocationRow[] = [
  { from: 1, to: 20, part: 'trunk', attributes: ['constitution'] },
  { from: 21, to: 50, part: 'arms', attributes: ['strength'] },
  { from: 51, to: 80, part: 'legs', attributes: ['run-speed'] },
  { from: 81, to: 90, part: 'face', attributes: ['beauty'] },
  { from: 91, to: 92, part: 'brainDeath', attributes: [], instantDeath: true },
  { from: 93, to: 95, part: 'brainMind', attributes: ['intellect', 'willpower'] },
  { from: 96, to: 97, part: 'brainSoul', attributes: ['wisdom', 'charm'] },
  { from: 98, to: 100, part: 'brainReflex', attributes: ['reactions'] },
];

export function locationFor(d100: number): LocationRow {
  const row = HIT_LOCATIONS.find((r) => d100 >= r.from && d100 <= r.to);
  if (!row) throw new RangeError(`no hit location for ${d100}`);
  return row;
}

/** The body part that carries an attribute, if any (for the §4 step 2 lookup). */
const PART_OF = new Map<string, PartId>(
  HIT_LOCATIONS.flatMap((r) => r.attributes.map((a) => [a, r.part] as const)),
);

export function partOf(attribute: string): PartId | undefined {
  return PART_OF.get(attribute);
}

/** §6.3: the situational rows the GM ticks (speed is a band, chosen by relative speed). */
export const SITUATION = {
  poorLight: -3,
  hiding: -5,
  unaware: 20,
  watching: -10,
} as const;
export type SituationRow = keyof typeof SITUATION;

/** §6.3 speed bands: relative speed in kph → modifier (0 when not moving). */
export function speedModifier(kph: number): number {
  if (kph <= 0) return 0;
  if (kph < 30) return -3;
  if (kph < 60) return -6;
  if (kph < 120) return -12;
  return -24;
}

/** §12: code → weight limit (kg), Hit Damage, hand-carry penalty (null = cannot be carried by hand). */
export const ENCUMBRANCE: Readonly<
  Record<number, { kg: number; hitDamage: number; penalty: number | null }>
> = {
  [-5]: { kg: 0.1, hitDamage: 0, penalty: 0 },
  [-4]: { kg: 1, hitDamage: 0, penalty: 0 },
  [-3]: { kg: 2, hitDamage: 1, penalty: -1 },
  [-2]: { kg: 5, hitDamage: 5, penalty: -2 },
  [-1]: { kg: 10, hitDamage: 10, penalty: -5 },
  0: { kg: 20, hitDamage: 20, penalty: -10 },
  1: { kg: 100, hitDamage: 40, penalty: null },
  2: { kg: 150, hitDamage: 500, penalty: null },
  3: { kg: 500, hitDamage: 1000, penalty: null },
  4: { kg: 700, hitDamage: 5000, penalty: null },
  5: { kg: 1000, hitDamage: 10000, penalty: null },
  6: { kg: 5000, hitDamage: 20000, penalty: null },
  7: { kg: 10000, hitDamage: 40000, penalty: null },
  8: { kg: 100000, hitDamage: 80000, penalty: null },
  9: { kg: Number.POSITIVE_INFINITY, hitDamage: 160000, penalty: null },
};

/** The attributes the hand-carry penalty touches (§12). */
export const CARRY_ATTRIBUTES = [
  'run-speed',
  'reactions',
  'endurance',
  'initiative',
  'strength',
  'attack',
  'dodge',
];

/** §14: the penalty the Poison Level puts on every attribute, by strict bands. */
export function poisonPenalty(level: number): number {
  if (level > 20) return -5;
  if (level > 10) return -1;
  return 0;
}
export const POISON_UNCONSCIOUS_ABOVE = 30;
export const POISON_OVERDOSE_ABOVE = 35;
export const POISON_DEATH_ABOVE = 40;

/** §15: the ages at which every basic attribute loses 1 (Total Level beside each for reference). */
export const AGEING: readonly { readonly totalLevel: number; readonly age: number }[] = [
  { totalLevel: 20, age: 30 },
  { totalLevel: 40, age: 40 },
  { totalLevel: 50, age: 45 },
  { totalLevel: 60, age: 50 },
  { totalLevel: 70, age: 55 },
  { totalLevel: 80, age: 60 },
  { totalLevel: 85, age: 62 },
  { totalLevel: 90, age: 65 },
  { totalLevel: 95, age: 67 },
  { totalLevel: 100, age: 70 },
];
export const AGEING_FLOOR = 3;

/** §16.3: what each chaos face does, in our words; `turns` means a 1D6-Turn duration. */
export interface ChaosRow {
  readonly face: number;
  readonly effect: string;
  readonly condition?: string;
  readonly turns?: true;
}
export const CHAOS: readonly ChaosRow[] = [
  { face: 1, effect: 'turns invisible', condition: 'invisible', turns: true },
  { face: 2, effect: 'turns intangible', condition: 'intangible', turns: true },
  {
    face: 3,
    effect: 'shrinks: Strength 1, its weapons deal damage ÷ 1D20',
    condition: 'shrunk',
    turns: true,
  },
  { face: 4, effect: 'leaps 1D6 hours ahead in time', condition: 'timeLeap' },
  { face: 5, effect: 'becomes a fire elemental force', condition: 'fireElemental', turns: true },
  { face: 6, effect: 'becomes a water elemental force', condition: 'waterElemental', turns: true },
  { face: 7, effect: 'becomes an earth elemental force', condition: 'earthElemental', turns: true },
  { face: 8, effect: 'becomes an air elemental force', condition: 'airElemental', turns: true },
  { face: 9, effect: 'loses all NE, stores included' },
  { face: 10, effect: 'NE and stores filled back to their original levels' },
  { face: 11, effect: 'its spells deal double damage', condition: 'spellsDouble', turns: true },
  { face: 12, effect: 'its spells deal half damage', condition: 'spellsHalf', turns: true },
  {
    face: 13,
    effect: 'one weapon (GM picks) deals (1D4+1) × damage',
    condition: 'weaponMultiplied',
    turns: true,
  },
  { face: 14, effect: 'slips into a shadow warp', condition: 'shadowWarp', turns: true },
  { face: 15, effect: 'gains one energy blast: 1D100, no dodge, 10 m', condition: 'energyBlast' },
  { face: 16, effect: 'a legendary hammer appears in its hands', condition: 'hammer' },
  { face: 17, effect: 'its thoughts twist as by a potion', condition: 'twistedThoughts' },
  { face: 18, effect: 'counts as wizard level 20', condition: 'wizardTwenty', turns: true },
  { face: 19, effect: 'cannot be hurt', condition: 'invulnerable', turns: true },
  { face: 20, effect: 'struck by lightning: 1D10 damage' },
];

/**
 * Every condition a sheet may carry: the chaos table's, plus the marks other rules leave (a
 * birthday's fates, Scramble primed for the next spell). The GM's override adds only these, so
 * no rule meets a condition it does not know.
 */
export const CONDITIONS: readonly string[] = [
  ...new Set([
    ...CHAOS.flatMap((r) => (r.condition ? [r.condition] : [])),
    'diesThisYear',
    'prostheticFailsThisYear',
    'scrambleNext',
  ]),
];
