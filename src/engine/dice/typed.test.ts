import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from './source.ts';
import {
  averageDice,
  d100,
  d1000,
  fixed,
  formulaOf,
  percentileTotal,
  pool,
  rollD10,
  rollSpec,
} from './typed.ts';

describe('percentile dice', () => {
  it('reads two d10s as tens and units, a 10 reading 0 and 00 reading 100', () => {
    expect(rollSpec(new ScriptedDice([10, 10]), d100, 'p').total).toBe(100);
    expect(rollSpec(new ScriptedDice([1, 10]), d100, 'p').total).toBe(10);
    expect(rollSpec(new ScriptedDice([10, 5]), d100, 'p').total).toBe(5);
    expect(rollSpec(new ScriptedDice([4, 2]), d100, 'p').total).toBe(42);
    expect(rollSpec(new ScriptedDice([10, 1]), d100, 'p').total).toBe(1);
  });

  it('reads three d10s for a d1000', () => {
    expect(rollSpec(new ScriptedDice([10, 10, 10]), d1000, 'p').total).toBe(1000);
    expect(rollSpec(new ScriptedDice([1, 2, 3]), d1000, 'p').total).toBe(123);
    expect(rollSpec(new ScriptedDice([10, 10, 7]), d1000, 'p').total).toBe(7);
    expect(percentileTotal([9, 10, 10])).toBe(900);
  });

  it('keeps the faces and formula in the record', () => {
    expect(rollSpec(new ScriptedDice([3, 7]), d100, 'table')).toEqual({
      purpose: 'table',
      formula: 'd100',
      faces: [3, 7],
      total: 37,
    });
    expect(formulaOf(d1000)).toBe('d1000');
  });

  it('covers 1..100 exactly once over all 100 face pairs', () => {
    const totals = new Set<number>();
    for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) totals.add(percentileTotal([a, b]));
    expect([...totals].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });
});

describe('pools, average dice and fixed values', () => {
  it('adds a pool and its bonus', () => {
    const record = rollSpec(new ScriptedDice([3, 5, 6]), pool(3, 6, 2), 'damage');
    expect(record).toEqual({ purpose: 'damage', formula: '3d6+2', faces: [3, 5, 6], total: 16 });
    expect(formulaOf(pool(1, 10))).toBe('d10');
    expect(formulaOf(pool(2, 6, -1))).toBe('2d6-1');
  });

  it('rolls average dice on their labelled faces', () => {
    const record = rollSpec(new ScriptedDice([2, 5]), averageDice(2, 1), 'avg');
    expect(record.total).toBe(8);
    expect(record.formula).toBe('2dA+1');
    expect(() => rollSpec(new ScriptedDice([1]), averageDice(1), 'avg')).toThrow(/not a face/);
    const seeded = rollSpec(new SeededDice(1), averageDice(50), 'avg');
    for (const face of seeded.faces) expect([2, 3, 4, 5]).toContain(face);
  });

  it('a fixed value needs no dice', () => {
    const dice = new ScriptedDice([]);
    expect(rollSpec(dice, fixed(1), 'kill')).toEqual({ purpose: 'kill', formula: '1', faces: [], total: 1 });
  });

  it('rollD10 draws one d10', () => {
    expect(rollD10(new ScriptedDice([7]), 'x')).toBe(7);
    expect(() => rollD10(new ScriptedDice([11]), 'x')).toThrow(/not a face/);
  });
});
