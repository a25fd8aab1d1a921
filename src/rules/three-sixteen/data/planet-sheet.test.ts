import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import { crossOff, NO_CROSSED_OFF } from './planet-lists.ts';
import { generatePlanet, handSetEntries, type PlanetPc } from './planet-sheet.ts';

/** Sheets of the Planet Goya example: Sgt Wheeler, Cpl Jones, Tprs Fraser and McNeil. */
const SQUAD: PlanetPc[] = [
  { name: 'Wheeler', fa: 5, nfa: 5, rank: 2 },
  { name: 'Jones', fa: 7, nfa: 3, rank: 1 },
  { name: 'Fraser', fa: 6, nfa: 4, rank: 0 },
  { name: 'McNeil', fa: 6, nfa: 4, rank: 0 },
];

describe('planet creation', () => {
  it('Planet Goya: Goya, Dinosaurs, Forested surface, Ambush, highest NFA → AA 5, 20 tokens, 3/4/5/8', () => {
    const dice = new ScriptedDice([]);
    const { planet, crossedOff, rolls } = generatePlanet(NO_CROSSED_OFF, SQUAD, dice, {
      name: 6,
      form: 6,
      description: 7,
      abilities: [1],
      aaMethod: 10,
    });
    expect(planet.name).toBe('Goya');
    expect(planet.form.name).toBe('Dinosaurs');
    expect(planet.description.name).toBe('Forested surface');
    expect(planet.abilities).toEqual(['ambush']);
    expect(planet.aaMethod).toBe(10);
    expect(planet.aa.value).toBe(5);
    expect(planet.aa.from).toEqual(['Wheeler']);
    expect(planet.threat.tokens).toBe(20);
    expect(planet.encounterPlan).toEqual([3, 4, 5, 8]);
    expect(crossedOff).toEqual({ name: [6], form: [6], description: [7], ability: [1], aaMethod: [10] });
    expect(rolls).toEqual([]);
  });

  it('rolls what was not chosen, in list order, re-rolling taken entries', () => {
    const before = crossOff(crossOff(NO_CROSSED_OFF, 'name', [6]), 'ability', [1]);
    // name 6 (taken) then 13; form 18; description 20; ability 1 (taken) then 17; AA method 19.
    const dice = new ScriptedDice([6, 13, 18, 20, 1, 17, 19]);
    const { planet, crossedOff, rolls } = generatePlanet(before, SQUAD, dice);
    expect(planet.name).toBe('Picasso');
    expect(planet.form.name).toBe('Sentient planet');
    expect(planet.description.name).toBe('Water world');
    expect(planet.abilities).toEqual(['regeneration']);
    expect(planet.aa.value).toBe(5);
    expect(rolls).toHaveLength(7);
    expect(dice.remaining).toBe(0);
    expect(crossedOff.name).toEqual([6, 13]);
    expect(crossedOff.ability).toEqual([1, 17]);
    expect(before.name).toEqual([6]);
  });

  it('a typed name crosses nothing off; a Major raises the Threat to PCs × 6', () => {
    const squad = SQUAD.map((p, i) => (i === 0 ? { ...p, rank: 5 } : p));
    const { planet, crossedOff } = generatePlanet(NO_CROSSED_OFF, squad, new ScriptedDice([]), {
      name: 'Vermeer Prime',
      form: 1,
      description: 1,
      abilities: [2],
      aaMethod: 20,
    });
    expect(planet).toMatchObject({ name: 'Vermeer Prime', nameNumber: null });
    expect(planet.threat.tokens).toBe(24);
    expect(planet.aa.value).toBe(10);
    expect(crossedOff.name).toEqual([]);
  });

  it('refuses a chosen entry already crossed off, and an empty squad', () => {
    const before = crossOff(NO_CROSSED_OFF, 'form', [6]);
    const attempt = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isRuleError(e) ? e.code : 'other';
      }
      return 'accepted';
    };
    expect(attempt(() => generatePlanet(before, SQUAD, new ScriptedDice([1]), { form: 6 }))).toBe(
      'PLANET_ENTRY_CROSSED_OFF',
    );
    expect(attempt(() => generatePlanet(NO_CROSSED_OFF, [], new ScriptedDice([])))).toBe(
      'PLANET_NEEDS_TROOPERS',
    );
  });

  it('takes the Threat multiplier from the ranks given (an NPC Major in the squad raises nothing)', () => {
    const squad = [...SQUAD, { name: 'Maj NPC', fa: 5, nfa: 5, rank: 5 }];
    const faces = [6, 6, 7, 1, 10];
    const plain = generatePlanet(NO_CROSSED_OFF, squad, new ScriptedDice(faces));
    expect(plain.planet.threat).toMatchObject({ tokens: 30, perPc: 6 });
    const led = generatePlanet(NO_CROSSED_OFF, squad, new ScriptedDice(faces), {}, { rankFrom: SQUAD });
    expect(led.planet.threat).toMatchObject({ tokens: 25, perPc: 5 });
  });
});

describe('a planet set by hand', () => {
  const attempt = (f: () => unknown) => {
    try {
      return f();
    } catch (e) {
      return isRuleError(e) ? e.code : 'other';
    }
  };

  it('checks its list entries as a rolled planet does and returns what it crosses off', () => {
    const record = crossOff(crossOff(NO_CROSSED_OFF, 'ability', [1]), 'aaMethod', [10]);
    expect(handSetEntries(record, { form: 6, aaMethod: 2, abilities: [2] })).toEqual({
      form: 6,
      aaMethod: 2,
      ability: [2],
    });
    expect(handSetEntries(record, { abilities: [] })).toEqual({});
    expect(attempt(() => handSetEntries(record, { abilities: [1] }))).toBe('PLANET_ENTRY_CROSSED_OFF');
    expect(attempt(() => handSetEntries(record, { aaMethod: 10, abilities: [] }))).toBe(
      'PLANET_ENTRY_CROSSED_OFF',
    );
    expect(attempt(() => handSetEntries(record, { abilities: [2, 3] }))).toBe('PLANET_ABILITY_COUNT');
    // The count may be lifted by the caller, never the crossed-off check.
    expect(handSetEntries(record, { abilities: [2, 3] }, { abilityCount: false })).toEqual({
      ability: [2, 3],
    });
    expect(attempt(() => handSetEntries(record, { abilities: [1, 3] }, { abilityCount: false }))).toBe(
      'PLANET_ENTRY_CROSSED_OFF',
    );
  });
});
