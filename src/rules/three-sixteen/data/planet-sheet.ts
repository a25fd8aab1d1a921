import type { DiceSource } from '../../../engine/dice/source.ts';
import type { RollRecord } from '../../../engine/dice/typed.ts';
import { RuleError } from '../../../engine/rule-error.ts';
import type { AbilityId } from '../state.ts';
import { type AaPc, type AaResult, computeAa } from './aa-methods.ts';
import {
  CREATURE_FORMS,
  type CrossedOff,
  chooseAbilities,
  chooseOnList,
  crossOff,
  type DescribedEntry,
  type ListPick,
  PLANET_DESCRIPTIONS,
  type PlanetListId,
  pickAbilities,
  pickOnList,
} from './planet-lists.ts';
import {
  type PlanetThreat,
  planetThreat,
  suggestedEncounterPlan,
  type ThirdEncounterOffset,
} from './threat.ts';

/** What the GM decided instead of rolling; anything left out is rolled. */
export interface PlanetChoices {
  /** A list entry, or any name typed in (a name off the list crosses nothing off). */
  readonly name?: number | string;
  readonly form?: number;
  readonly description?: number;
  /** One entry while the ability list lasts; 2 or 3 once it is used up. */
  readonly abilities?: readonly number[];
  /** How many abilities once the list is used up (else a d6 decides). */
  readonly abilityCount?: number;
  readonly aaMethod?: number;
}

/** The PCs landing on the planet: AA is read from them, Threat counts them and their top rank. */
export interface PlanetPc {
  readonly name: string;
  readonly fa: number;
  readonly nfa: number;
  readonly rank: number;
}

export interface PlanetOptions {
  /** The book's × 4 option for shorter sessions. */
  readonly shortSessions?: boolean;
  /** The third encounter of the suggested plan (default PCs + 1). */
  readonly thirdOffset?: ThirdEncounterOffset;
  /**
   * Who the AA method reads ("amongst the PCs"), when that is not the whole squad counted for
   * Threat: NPC squad members fight and count for Threat, but are no PCs.
   */
  readonly aaFrom?: readonly AaPc[];
  /**
   * Whose rank raises Threat (a Major's or Lt Colonel's mission), when that is not the whole squad:
   * an NPC officer in the squad counts for the number of troopers, not for the multiplier.
   */
  readonly rankFrom?: readonly { readonly rank: number }[];
}

export interface GeneratedPlanet {
  readonly name: string;
  /** Its number on the name list, or null for a name typed in. */
  readonly nameNumber: number | null;
  readonly form: DescribedEntry;
  readonly description: DescribedEntry;
  readonly abilities: readonly AbilityId[];
  readonly abilityNumbers: readonly number[];
  readonly aaMethod: number;
  readonly aa: AaResult;
  readonly threat: PlanetThreat;
  /** The book's suggested token split over the mission's encounters. */
  readonly encounterPlan: readonly number[];
}

export interface PlanetGeneration {
  readonly planet: GeneratedPlanet;
  /** The campaign's record with this planet's entries crossed off. */
  readonly crossedOff: CrossedOff;
  /** Every die rolled, in order (re-rolls on taken entries included). */
  readonly rolls: readonly RollRecord[];
}

/**
 * Makes a planet from the five lists: name, creature form, planet description, special abilities,
 * AA method (each rolled or chosen, then crossed off), AA from the PCs, Threat Tokens and the
 * suggested encounter plan. Pure: the campaign stores the returned record and rolls.
 */
export function generatePlanet(
  crossedOff: CrossedOff,
  pcs: readonly PlanetPc[],
  dice: DiceSource,
  choices: PlanetChoices = {},
  options: PlanetOptions = {},
): PlanetGeneration {
  if (pcs.length === 0) throw new RuleError('PLANET_NEEDS_TROOPERS', 'a planet is made for a squad of PCs');
  let record = crossedOff;
  const rolls: RollRecord[] = [];
  const take = (list: PlanetListId, choice?: number): ListPick => {
    const pick = pickOnList(list, record, dice, choice);
    rolls.push(...pick.rolls);
    record = crossOff(record, list, [pick.number]);
    return pick;
  };

  let name: string;
  let nameNumber: number | null;
  if (typeof choices.name === 'string') {
    name = choices.name.trim();
    nameNumber = null;
    if (name.length === 0) throw new RuleError('PLANET_NAME_EMPTY', 'a typed planet name cannot be empty');
  } else {
    const pick = take('name', choices.name);
    name = pick.label;
    nameNumber = pick.number;
  }
  const form = CREATURE_FORMS[take('form', choices.form).number - 1] as DescribedEntry;
  const description = PLANET_DESCRIPTIONS[
    take('description', choices.description).number - 1
  ] as DescribedEntry;

  const abilityPick = pickAbilities(record, dice, choices.abilities, choices.abilityCount);
  rolls.push(...abilityPick.rolls);
  record = crossOff(record, 'ability', abilityPick.numbers);

  const aaMethod = take('aaMethod', choices.aaMethod).number;
  const aa = computeAa(aaMethod, options.aaFrom ?? pcs);
  const threat = planetThreat(pcs.length, {
    highestRank: Math.max(...(options.rankFrom ?? pcs).map((p) => p.rank)),
    shortSessions: options.shortSessions ?? false,
  });
  const encounterPlan = suggestedEncounterPlan(threat.tokens, pcs.length, {
    thirdOffset: options.thirdOffset ?? 1,
  });

  return {
    planet: {
      name,
      nameNumber,
      form,
      description,
      abilities: abilityPick.abilities,
      abilityNumbers: abilityPick.numbers,
      aaMethod,
      aa,
      threat,
      encounterPlan,
    },
    crossedOff: record,
    rolls,
  };
}

/** The list entries a planet uses, by list (what `planet.set` crosses off). */
export interface PlanetEntries {
  readonly name?: number;
  readonly form?: number;
  readonly description?: number;
  readonly aaMethod?: number;
  readonly ability?: readonly number[];
}

/** What a planet set by hand takes from the lists; whatever the GM typed instead is on no list. */
export interface HandSetPicks {
  readonly name?: number;
  readonly form?: number;
  readonly description?: number;
  readonly aaMethod?: number;
  /** Its special abilities as list numbers, different from one another (none: no ability). */
  readonly abilities: readonly number[];
}

/**
 * Checks a hand-set planet's list entries with the rules a rolled one follows (`generatePlanet`):
 * nothing already crossed off unless its list is used up, and one special ability while that list
 * lasts, 2 or 3 once it is used up. Returns the entries the planet crosses off.
 *
 * `abilityCount: false` lifts the count (not the crossed-off check), for the one case the caller
 * allows more (see `setPlanet`). A planet with no ability crosses none off and is not refused:
 * hand-made planets without one were always accepted.
 */
export function handSetEntries(
  crossedOff: CrossedOff,
  picks: HandSetPicks,
  options: { readonly abilityCount?: boolean } = {},
): PlanetEntries {
  const entries: { -readonly [K in keyof PlanetEntries]: PlanetEntries[K] } = {};
  for (const list of ['name', 'form', 'description', 'aaMethod'] as const) {
    const n = picks[list];
    if (n !== undefined) entries[list] = chooseOnList(list, crossedOff, n).number;
  }
  if (picks.abilities.length > 0) {
    entries.ability =
      options.abilityCount === false
        ? picks.abilities.map((n) => chooseOnList('ability', crossedOff, n).number)
        : chooseAbilities(crossedOff, picks.abilities);
  }
  return entries;
}
