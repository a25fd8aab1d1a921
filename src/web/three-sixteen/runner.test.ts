import { describe, expect, it } from 'vitest';
import { readFace } from './runner.tsx';

describe('a face typed into the dice box', () => {
  it('reads percentile dice’s printed 00 as 100', () => {
    expect(readFace('00', 'd100')).toBe(100);
    expect(readFace('0', 'd100')).toBe(100);
    expect(readFace('42', 'd100')).toBe(42);
  });

  it('reads a d10’s printed 0 as its 10, and only a d10’s', () => {
    expect(readFace('0', 'd10')).toBe(10);
    expect(readFace(' 0 ', 'd10')).toBe(10);
    expect(readFace('10', 'd10')).toBe(10);
    expect(readFace('7', 'd10')).toBe(7);
    // Any other die's 0 goes to the ruleset as typed (which refuses it when the die has no 0).
    expect(readFace('0', 'd6')).toBe(0);
    expect(readFace('0', 'dF')).toBe(0);
  });

  it('takes whole numbers only', () => {
    expect(readFace('', 'd10')).toBe(null);
    expect(readFace('  ', 'd10')).toBe(null);
    expect(readFace('2.5', 'd10')).toBe(null);
    expect(readFace('x', 'd10')).toBe(null);
    expect(readFace('-1', 'dF')).toBe(-1);
  });
});
