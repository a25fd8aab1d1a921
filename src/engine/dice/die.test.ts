import { describe, expect, it } from 'vitest';
import { AVERAGE_DIE, D6, D10, D20, d, FUDGE_DIE, faceValues, isFace } from './die.ts';

describe('dice', () => {
  it('returns the same object for the same number of sides', () => {
    expect(d(6)).toBe(D6);
    expect(d(10)).toBe(D10);
    expect(d(20)).toBe(D20);
    expect(d(7)).toEqual({ name: 'd7', sides: 7 });
  });

  it('refuses a die without a whole number of sides', () => {
    expect(() => d(0)).toThrow(RangeError);
    expect(() => d(2.5)).toThrow(RangeError);
  });

  it('knows which faces a die can show', () => {
    expect(isFace(D10, 10)).toBe(true);
    expect(isFace(D10, 11)).toBe(false);
    expect(isFace(D10, 0)).toBe(false);
    expect(isFace(D6, 2.5)).toBe(false);
    expect(isFace(AVERAGE_DIE, 1)).toBe(false);
    expect(isFace(AVERAGE_DIE, 5)).toBe(true);
    expect(isFace(FUDGE_DIE, -1)).toBe(true);
    expect(isFace(FUDGE_DIE, 2)).toBe(false);
  });

  it('lists distinct face values in ascending order', () => {
    expect(faceValues(D6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(faceValues(AVERAGE_DIE)).toEqual([2, 3, 4, 5]);
    expect(faceValues(FUDGE_DIE)).toEqual([-1, 0, 1]);
  });
});
