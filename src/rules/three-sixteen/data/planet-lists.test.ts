import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { refusalCode as codeOf } from '../../../engine/test-kit.ts';
import {
  CREATURE_FORMS,
  type CrossedOff,
  chooseOnList,
  crossOff,
  freeEntries,
  isExhausted,
  listLabel,
  NO_CROSSED_OFF,
  PLANET_DESCRIPTIONS,
  PLANET_LISTS,
  PLANET_NAMES,
  pickAbilities,
  rollOnList,
} from './planet-lists.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const all = (n = 20) => range(1, n);

describe('the five planet lists', () => {
  it('hold 20 entries each (names: the book 20 plus Bughunt’s 20 more painters)', () => {
    expect(PLANET_NAMES).toHaveLength(20);
    expect(PLANET_LISTS.name.entries).toHaveLength(40);
    expect(new Set(PLANET_LISTS.name.entries).size).toBe(40);
    for (const id of ['form', 'description', 'ability', 'aaMethod'] as const)
      expect(PLANET_LISTS[id].entries).toHaveLength(20);
  });

  it('keep the book’s order and terms', () => {
    expect(PLANET_NAMES[5]).toBe('Goya');
    expect(PLANET_NAMES[19]).toBe('Whistler');
    expect(CREATURE_FORMS[5]?.name).toBe('Dinosaurs');
    expect(CREATURE_FORMS[17]?.name).toBe('Sentient planet');
    expect(PLANET_DESCRIPTIONS[6]?.name).toBe('Forested surface');
    expect(PLANET_DESCRIPTIONS[19]?.name).toBe('Water world');
    expect(listLabel('ability', 1)).toBe('Ambush');
    expect(listLabel('aaMethod', 10)).toBe('highest NFA');
  });
});

describe('rolling and choosing', () => {
  it('a d20 face is the entry', () => {
    const pick = rollOnList('form', NO_CROSSED_OFF, new ScriptedDice([6]));
    expect(pick).toMatchObject({ number: 6, label: 'Dinosaurs', repeat: false });
    expect(pick.rolls.map((r) => r.total)).toEqual([6]);
  });

  it('rolls again on a crossed-off entry and keeps every roll', () => {
    const crossed: CrossedOff = { ...NO_CROSSED_OFF, description: [7, 12] };
    const dice = new ScriptedDice([7, 12, 3]);
    const pick = rollOnList('description', crossed, dice);
    expect(pick.number).toBe(3);
    expect(pick.rolls.map((r) => r.total)).toEqual([7, 12, 3]);
    expect(pick.rolls[1]?.purpose).toContain('again');
    expect(dice.remaining).toBe(0);
  });

  it('refuses to choose a crossed-off entry', () => {
    const crossed = crossOff(NO_CROSSED_OFF, 'form', [6]);
    expect(codeOf(() => chooseOnList('form', crossed, 6))).toBe('PLANET_ENTRY_CROSSED_OFF');
    expect(codeOf(() => chooseOnList('form', crossed, 21))).toBe('PLANET_ENTRY_INVALID');
    expect(chooseOnList('form', crossed, 7).label).toBe('Dogs');
  });

  it('crossing off returns a new record and leaves the old one alone', () => {
    const next = crossOff(NO_CROSSED_OFF, 'name', [6, 2, 6]);
    expect(next.name).toEqual([2, 6]);
    expect(NO_CROSSED_OFF.name).toEqual([]);
    expect(freeEntries('name', next)).toHaveLength(38);
  });
});

describe('used-up lists', () => {
  it('names: after the book’s 20, rolls go to Bughunt’s next 20', () => {
    const crossed = crossOff(NO_CROSSED_OFF, 'name', all());
    expect(isExhausted('name', crossed)).toBe(false);
    const pick = rollOnList('name', crossed, new ScriptedDice([1]));
    expect(pick).toMatchObject({ number: 21, label: 'Bacon', repeat: false });
  });

  it('names: after all 40, names repeat', () => {
    const crossed = crossOff(NO_CROSSED_OFF, 'name', all(40));
    expect(isExhausted('name', crossed)).toBe(true);
    const pick = rollOnList('name', crossed, new ScriptedDice([6]));
    expect(pick).toMatchObject({ number: 6, label: 'Goya', repeat: true });
  });

  it('forms, descriptions, AA methods: a used-up list is open again and nothing more is crossed off', () => {
    const crossed = crossOff(NO_CROSSED_OFF, 'aaMethod', all());
    expect(isExhausted('aaMethod', crossed)).toBe(true);
    expect(rollOnList('aaMethod', crossed, new ScriptedDice([10]))).toMatchObject({
      number: 10,
      repeat: true,
    });
    expect(chooseOnList('aaMethod', crossed, 19).repeat).toBe(true);
    expect(crossOff(crossed, 'aaMethod', [3])).toBe(crossed);
  });
});

describe('special abilities', () => {
  it('one per planet while the list lasts, rolled or chosen', () => {
    expect(pickAbilities(NO_CROSSED_OFF, new ScriptedDice([1])).abilities).toEqual(['ambush']);
    expect(pickAbilities(NO_CROSSED_OFF, new ScriptedDice([]), [20]).abilities).toEqual(['swarm']);
    expect(codeOf(() => pickAbilities(NO_CROSSED_OFF, new ScriptedDice([]), [1, 2]))).toBe(
      'PLANET_ABILITY_COUNT',
    );
  });

  it('the last free ability is found by re-rolling', () => {
    const crossed = crossOff(NO_CROSSED_OFF, 'ability', range(1, 19));
    const pick = pickAbilities(crossed, new ScriptedDice([4, 19, 20]));
    expect(pick).toMatchObject({ abilities: ['swarm'], numbers: [20], repeat: false });
    expect(pick.rolls).toHaveLength(3);
  });

  it('after all 20: 2 or 3 different ones from the whole list (d6 decides unless told)', () => {
    const crossed = crossOff(NO_CROSSED_OFF, 'ability', all());
    const two = pickAbilities(crossed, new ScriptedDice([2, 5, 5, 8]));
    expect(two).toMatchObject({ numbers: [5, 8], abilities: ['enrage', 'ignoreArmour'], repeat: true });
    expect(two.rolls.map((r) => r.total)).toEqual([2, 5, 5, 8]);
    const three = pickAbilities(crossed, new ScriptedDice([6, 1, 2, 3]));
    expect(three.numbers).toEqual([1, 2, 3]);
    expect(pickAbilities(crossed, new ScriptedDice([9, 10, 11]), undefined, 3).numbers).toEqual([9, 10, 11]);
    expect(pickAbilities(crossed, new ScriptedDice([]), [1, 19]).abilities).toEqual(['ambush', 'suicide']);
    expect(codeOf(() => pickAbilities(crossed, new ScriptedDice([]), [1]))).toBe('PLANET_ABILITY_COUNT');
    expect(codeOf(() => pickAbilities(crossed, new ScriptedDice([]), [1, 1]))).toBe('PLANET_ABILITY_COUNT');
  });
});
