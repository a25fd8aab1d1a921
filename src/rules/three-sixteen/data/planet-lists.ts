import { D6, D20 } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';
import { pool, type RollRecord, rollSpec } from '../../../engine/dice/typed.ts';
import { RuleError } from '../../../engine/rule-error.ts';
import type { AbilityId } from '../state.ts';
import { AA_METHODS } from './aa-methods.ts';
import { ALIEN_ABILITIES } from './alien-abilities.ts';

/**
 * The five 20-entry planet lists the GM rolls (d20) or chooses from, crossing entries off for the
 * whole campaign.
 *
 * Bughunt reads (the book leaves these open):
 * - A roll that lands on a crossed-off entry is rolled again (every roll is kept in the record), so
 *   each free entry stays equally likely and the dice at the table are still a plain d20.
 * - Names: once the book's 20 are used, the book says to carry on with painters' names; Bughunt
 *   supplies 20 more (entries 21–40, rolled on a d20 too). After those, names repeat and the GM may
 *   type any name instead.
 * - Creature forms, planet descriptions, AA methods: once a list is used up the whole list is open
 *   again and entries repeat (nothing more is crossed off).
 * - Special abilities: while any are free, a planet takes exactly one and crosses it off; once all
 *   20 are used, each planet takes 2 or 3 from the whole list (chosen, or rolled: d6 1–3 two, 4–6
 *   three), different from one another, and nothing more is crossed off.
 */
export type PlanetListId = 'name' | 'form' | 'description' | 'ability' | 'aaMethod';
export const PLANET_LIST_IDS: readonly PlanetListId[] = [
  'name',
  'form',
  'description',
  'ability',
  'aaMethod',
];

/** Entries (1-based numbers) crossed off each list; the same shape as the campaign state keeps. */
export type CrossedOff = Readonly<Record<PlanetListId, readonly number[]>>;

export const NO_CROSSED_OFF: CrossedOff = { name: [], form: [], description: [], ability: [], aaMethod: [] };

/** The book's 20 planet names: painters. */
export const PLANET_NAMES: readonly string[] = [
  'Bosch',
  'Caravaggio',
  'Cézanne',
  'Degas',
  'Dürer',
  'Goya',
  'Holbein',
  'Kandinsky',
  'Klimt',
  'Matisse',
  'Michelangelo',
  'Monet',
  'Picasso',
  'Pollock',
  'Rembrandt',
  'Renoir',
  'Reubens',
  'Titian',
  'Warhol',
  'Whistler',
];

/** Bughunt's own continuation (entries 21–40), following the book's advice to keep to painters. */
export const EXTRA_PLANET_NAMES: readonly string[] = [
  'Bacon',
  'Botticelli',
  'Bruegel',
  'Canaletto',
  'Chagall',
  'Constable',
  'Dalí',
  'El Greco',
  'Gauguin',
  'Hokusai',
  'Hopper',
  'Magritte',
  'Manet',
  'Miró',
  'Modigliani',
  'Munch',
  'Rothko',
  'Seurat',
  'Turner',
  'Vermeer',
];

export interface DescribedEntry {
  readonly number: number;
  /** The book's term for the entry. */
  readonly name: string;
  /** Our own one-line prompt for the GM. */
  readonly summary: string;
}

const described = (rows: readonly (readonly [string, string])[]): DescribedEntry[] =>
  rows.map(([name, summary], i) => ({ number: i + 1, name, summary }));

export const CREATURE_FORMS: readonly DescribedEntry[] = described([
  [
    'Advanced Humanoids',
    'Humanoids far ahead of human science, maybe the last of an ancient star-faring race.',
  ],
  ['Apes', 'Ape-like beings from human size to huge; feral brutes or a technical society.'],
  ['Artificial lifeforms', 'Made, not born: engineered beasts or machines that woke up. Who built them?'],
  ['Birds or Flying Beasts', 'Anything that takes to the air: bird-people, winged lizards, void eagles.'],
  ['Corrupt Troopers', 'Deserters from the Force, armed like the PCs, living outside the orders.'],
  ['Dinosaurs', 'Prehistoric reptiles, from darting raptors to armoured giants.'],
  ['Dogs', 'Pack hunters with a strong group instinct; beasts or dog-headed people.'],
  ['Felines', 'A twisted take on cats, bigger, faster, maybe stranger than that.'],
  ['Furred Creatures', 'Fur-covered natives, small or bear-sized, primitive or well armed.'],
  ['Giants', 'Some ordinary creature grown to monstrous size.'],
  ['Humanoids', 'Near-human people built around one exaggerated trait or animal.'],
  ['Insectoids', 'Bug societies with soldiers, workers and queens.'],
  ['Mineral-based forms', 'Silicon life: rock monsters or stone-skinned humanoids.'],
  ['Oozes', 'Caustic blobs and pools, eyes and tentacles optional; drifting jellies too.'],
  ['Plants', 'Hostile vegetation: snapping traps, strangling vines, spore fields, plant-people.'],
  ['Rays, sharks or fish', 'Fast predators of the sea, of thick air or gas layers; spines and darts.'],
  ['Reptiles or Amphibians', 'Cold-blooded toads, lizards and newts that guard their spawn.'],
  ['Sentient planet', 'The world itself is alive and hostile; it is the last token to destroy.'],
  ['Shadow Beasts', 'Living darkness that flits and slashes; a home for old nightmares.'],
  ['Sirens', 'Tempting false humans who try to make troopers lay down their guns.'],
]);

export const PLANET_DESCRIPTIONS: readonly DescribedEntry[] = described([
  ['Arid world', 'Parched rock, canyons and boulder fields; scorching days, freezing nights.'],
  ['Asteroid belt', 'A shattered world: airless rocks riddled with caves.'],
  ['Cloud/gas planet', 'Banked coloured cloud, dim light, little visibility; cities may float.'],
  ['Dense atmosphere', 'Soup-thick, high-pressure air; the locals swim more than walk.'],
  ['Desert world', 'Sand and silt nearly everywhere; looks empty, hides things below.'],
  ['Electrical storms', 'Constant lightning that scrambles radio to the fleet.'],
  ['Forested surface', 'Dense, vivid jungle: slow going, short sight lines, well-hidden life.'],
  ['High gravity', 'Crushing weight makes every task a labour; squat, odd life.'],
  ['High humidity', 'Steaming wet air that fouls guns, electronics and suit cooling.'],
  ['Ice covered', 'Glaring white ice and bitter nights; creatures blend in or burrow.'],
  ['Low gravity', 'Light footing, thin air and spindly, strange life.'],
  ['Mountainous terrain', 'Peaks and valleys: tiring marches, ambush country, many climates.'],
  ['Pleasure planet', 'A world given over to indulgence, grown that way or built for it.'],
  ['Poisonous atmosphere', 'Caustic air that kills anyone out of a sealed suit.'],
  ['Radioactive', 'Hot with radiation, natural or left by a disaster; mutant natives.'],
  ['Rain world', 'Endless downpour over lakes, rivers and mud.'],
  ['Reefs and coral islands', 'Lagoons, sandbars and reefs that look kinder than they are.'],
  ['Temperate', 'Terra-like, with every climate; the GM sets how advanced it is.'],
  ['Volcanically active', 'Lava, ash plumes and quakes; life adapted to fire.'],
  ['Water world', 'Ocean everywhere, layered from warm shallows to scalding depths.'],
]);

/** How a list behaves; `entries` is its label by number (index 0 is entry 1). */
export interface PlanetList {
  readonly id: PlanetListId;
  readonly title: string;
  readonly entries: readonly string[];
}

export const PLANET_LISTS: Readonly<Record<PlanetListId, PlanetList>> = {
  name: { id: 'name', title: 'Planet name', entries: [...PLANET_NAMES, ...EXTRA_PLANET_NAMES] },
  form: { id: 'form', title: 'Basic creature form', entries: CREATURE_FORMS.map((e) => e.name) },
  description: {
    id: 'description',
    title: 'Basic planet description',
    entries: PLANET_DESCRIPTIONS.map((e) => e.name),
  },
  ability: { id: 'ability', title: 'Alien special ability', entries: ALIEN_ABILITIES.map((a) => a.name) },
  aaMethod: { id: 'aaMethod', title: 'Alien Ability', entries: AA_METHODS.map((m) => m.label) },
};

/** Every list is rolled on a d20; names roll on the book's 20 first, then on Bughunt's next 20. */
const DIE_SIZE = 20;
/** A broken dice source that never lands on a free entry must not hang the server. */
const MAX_REROLLS = 500;

export function listLabel(list: PlanetListId, number: number): string {
  const label = PLANET_LISTS[list].entries[number - 1];
  if (label === undefined)
    throw new RuleError('PLANET_ENTRY_INVALID', `${PLANET_LISTS[list].title} has no entry ${number}`, {
      list,
      number,
    });
  return label;
}

/** The block of 20 entries a roll or choice is made in now (names: 1–20, then 21–40). */
function activeBlock(list: PlanetListId, crossedOff: CrossedOff): { first: number; size: number } {
  const taken = new Set(crossedOff[list]);
  const blocks = Math.ceil(PLANET_LISTS[list].entries.length / DIE_SIZE);
  for (let b = 0; b < blocks; b++) {
    for (let n = b * DIE_SIZE + 1; n <= (b + 1) * DIE_SIZE; n++)
      if (!taken.has(n)) return { first: b * DIE_SIZE + 1, size: DIE_SIZE };
  }
  return { first: 1, size: DIE_SIZE };
}

/** Entries still free; empty when the whole list is used up. */
export function freeEntries(list: PlanetListId, crossedOff: CrossedOff): number[] {
  const taken = new Set(crossedOff[list]);
  return PLANET_LISTS[list].entries.map((_, i) => i + 1).filter((n) => !taken.has(n));
}

/** Used up: from now on the whole list is open again (see the reads above). */
export function isExhausted(list: PlanetListId, crossedOff: CrossedOff): boolean {
  return freeEntries(list, crossedOff).length === 0;
}

/** A new record with these entries crossed off (an exhausted list is left as it is). */
export function crossOff(crossedOff: CrossedOff, list: PlanetListId, numbers: readonly number[]): CrossedOff {
  if (isExhausted(list, crossedOff)) return crossedOff;
  const merged = [...new Set([...crossedOff[list], ...numbers])].sort((a, b) => a - b);
  return { ...crossedOff, [list]: merged };
}

/** One pick from a list. */
export interface ListPick {
  readonly list: PlanetListId;
  readonly number: number;
  readonly label: string;
  /** Every d20 rolled for it, re-rolls included; empty when chosen. */
  readonly rolls: readonly RollRecord[];
  /** Picked while the list was used up, so it is a repeat and crosses nothing off. */
  readonly repeat: boolean;
}

/**
 * Rolls a d20 on a list, rolling again on a crossed-off entry (or on one in `avoid`, used to keep
 * several abilities distinct). Exhausted lists are rolled whole.
 */
export function rollOnList(
  list: PlanetListId,
  crossedOff: CrossedOff,
  dice: DiceSource,
  avoid: readonly number[] = [],
): ListPick {
  const repeat = isExhausted(list, crossedOff);
  const blocked = new Set([...(repeat ? [] : crossedOff[list]), ...avoid]);
  const { first } = activeBlock(list, crossedOff);
  const title = PLANET_LISTS[list].title;
  const rolls: RollRecord[] = [];
  for (let i = 0; i < MAX_REROLLS; i++) {
    const purpose = i === 0 ? `${title} (d20)` : `${title} (d20 again: ${rolls[i - 1]?.total} is taken)`;
    const roll = rollSpec(dice, pool(1, DIE_SIZE), purpose);
    rolls.push(roll);
    const number = first - 1 + roll.total;
    if (!blocked.has(number)) return { list, number, label: listLabel(list, number), rolls, repeat };
  }
  throw new RuleError('PLANET_LIST_NO_FREE_ROLL', `${MAX_REROLLS} rolls on ${title} found no free entry`, {
    list,
  });
}

/** Takes a chosen entry, refusing one already crossed off (unless the list is used up). */
export function chooseOnList(list: PlanetListId, crossedOff: CrossedOff, number: number): ListPick {
  const label = listLabel(list, number);
  const repeat = isExhausted(list, crossedOff);
  if (!repeat && crossedOff[list].includes(number))
    throw new RuleError('PLANET_ENTRY_CROSSED_OFF', `${label} is already crossed off`, { list, number });
  return { list, number, label, rolls: [], repeat };
}

/** Either a chosen entry or a roll. */
export function pickOnList(
  list: PlanetListId,
  crossedOff: CrossedOff,
  dice: DiceSource,
  choice?: number,
): ListPick {
  return choice === undefined ? rollOnList(list, crossedOff, dice) : chooseOnList(list, crossedOff, choice);
}

/** The abilities a planet gets, with how they were picked. */
export interface AbilityPick {
  readonly abilities: readonly AbilityId[];
  readonly numbers: readonly number[];
  readonly rolls: readonly RollRecord[];
  /** True once the list is used up (2–3 abilities, repeats of earlier planets). */
  readonly repeat: boolean;
}

/** How many abilities a planet takes after the list is used up. */
export const ABILITIES_AFTER_EXHAUSTION = [2, 3] as const;

/**
 * Checks chosen abilities (list numbers) against the record: exactly one, not crossed off, while the
 * list has free entries; 2 or 3 different ones from the whole list once it is used up.
 */
export function chooseAbilities(crossedOff: CrossedOff, choice: readonly number[]): number[] {
  const repeat = isExhausted('ability', crossedOff);
  const want = repeat ? 'two or three different abilities' : 'exactly one ability';
  const ok = repeat
    ? (choice.length === 2 || choice.length === 3) && new Set(choice).size === choice.length
    : choice.length === 1;
  if (!ok)
    throw new RuleError('PLANET_ABILITY_COUNT', `this planet takes ${want}`, {
      chosen: choice.length,
      repeat,
    });
  return choice.map((n) => chooseOnList('ability', crossedOff, n).number);
}

/**
 * One ability (rolled or chosen) while the list has free entries; 2 or 3 distinct ones from the
 * whole list after it is used up. `count` fixes how many in the second case (otherwise a d6 says).
 */
export function pickAbilities(
  crossedOff: CrossedOff,
  dice: DiceSource,
  choice?: readonly number[],
  count?: number,
): AbilityPick {
  const repeat = isExhausted('ability', crossedOff);
  const rolls: RollRecord[] = [];
  let numbers: number[];
  if (choice !== undefined && choice.length > 0) {
    numbers = chooseAbilities(crossedOff, choice);
  } else if (!repeat) {
    const pick = rollOnList('ability', crossedOff, dice);
    rolls.push(...pick.rolls);
    numbers = [pick.number];
  } else {
    let howMany = count;
    if (howMany === undefined) {
      const roll = rollSpec(dice, pool(1, D6.sides), 'how many special abilities (d6: 1–3 two, 4–6 three)');
      rolls.push(roll);
      howMany = roll.total <= 3 ? 2 : 3;
    }
    if (howMany !== 2 && howMany !== 3)
      throw new RuleError(
        'PLANET_ABILITY_COUNT',
        'after the list is used up a planet takes 2 or 3 abilities',
        {
          count: howMany,
        },
      );
    numbers = [];
    while (numbers.length < howMany) {
      const pick = rollOnList('ability', crossedOff, dice, numbers);
      rolls.push(...pick.rolls);
      numbers.push(pick.number);
    }
  }
  const abilities = numbers.map((n) => ALIEN_ABILITIES[n - 1]?.id as AbilityId);
  return { abilities, numbers, rolls, repeat };
}

/** The die every list is rolled with (for UIs that show it). */
export const PLANET_LIST_DIE = D20;
