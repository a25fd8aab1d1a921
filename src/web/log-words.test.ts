import { describe, expect, it } from 'vitest';
import { arr, capital, list, num, obj, str } from './log-words.ts';

describe('log words', () => {
  it('reads a field of the wrong kind as empty instead of throwing', () => {
    expect(str(3)).toBe('');
    expect(num('3')).toBeNull();
    expect(num(Number.NaN)).toBeNull();
    expect(obj([1])).toEqual({});
    expect(obj(null)).toEqual({});
    expect(arr({ length: 1 })).toEqual([]);
    expect(str('Brick')).toBe('Brick');
    expect(num(0)).toBe(0);
  });

  it('lists in English, leaving out empty parts', () => {
    expect(list([])).toBe('');
    expect(list(['Brick'])).toBe('Brick');
    expect(list(['Brick', 'Chalk'])).toBe('Brick and Chalk');
    expect(list(['Brick', '', 'Chalk', 'Dot'])).toBe('Brick, Chalk and Dot');
    expect(capital('harpy 2 attacks')).toBe('Harpy 2 attacks');
  });
});
