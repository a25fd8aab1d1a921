import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { rollTrooperName, TROOPER_NAMES } from './trooper-names.ts';

describe('trooper names', () => {
  it('has the book’s 40, Abe to Zeno', () => {
    expect(TROOPER_NAMES).toHaveLength(40);
    expect(new Set(TROOPER_NAMES).size).toBe(40);
    expect(TROOPER_NAMES[0]).toBe('Abe');
    expect(TROOPER_NAMES[3]).toBe('Carson');
    expect(TROOPER_NAMES[11]).toBe('Goodman');
    expect(TROOPER_NAMES[39]).toBe('Zeno');
  });

  it('rolls d4 for the block and d10 inside it', () => {
    expect(rollTrooperName(new ScriptedDice([1, 4])).name).toBe('Carson');
    expect(rollTrooperName(new ScriptedDice([4, 10]))).toMatchObject({ name: 'Zeno', number: 40 });
    expect(rollTrooperName(new ScriptedDice([2, 1])).rolls.map((r) => r.total)).toEqual([2, 1]);
  });
});
