import { describe, expect, it } from 'vitest';
import { commandWords, diceFormula, dieRequestOf, readFace, refusalOf } from './faces.ts';

describe('typed faces', () => {
  it('reads a 0 on a d10 as 10 and 00 on percentile dice as 100', () => {
    expect(readFace('00', 'd100')).toBe(100);
    expect(readFace('0', 'd100')).toBe(100);
    expect(readFace('42', 'd100')).toBe(42);
    expect(readFace('0', 'd10')).toBe(10);
    expect(readFace(' 0 ', 'd10')).toBe(10);
    expect(readFace('10', 'd10')).toBe(10);
    expect(readFace('7', 'd10')).toBe(7);
  });

  it('leaves any other die zero to the ruleset', () => {
    expect(readFace('0', 'd6')).toBe(0);
    expect(readFace('0', 'dF')).toBe(0);
    expect(readFace('-1', 'dF')).toBe(-1);
  });

  it('reads nothing from blanks, fractions and words', () => {
    expect(readFace('', 'd10')).toBe(null);
    expect(readFace('  ', 'd10')).toBe(null);
    expect(readFace('2.5', 'd10')).toBe(null);
    expect(readFace('x', 'd10')).toBe(null);
  });

  it('reads DICE_NEEDED details from the server', () => {
    expect(dieRequestOf({ needed: { die: 'd6', faces: [1, 6], purpose: 'kills' }, entered: 1 })).toEqual({
      die: 'd6',
      faces: [1, 6],
      purpose: 'kills',
    });
    expect(dieRequestOf({ needed: { die: 'd6', faces: [1, null, 6] } })).toEqual({
      die: 'd6',
      faces: [1, 6],
      purpose: '',
    });
    expect(dieRequestOf({ entered: 1 })).toBeNull();
    expect(dieRequestOf('nonsense')).toBeNull();
  });

  it('says a set of dice and a command in words', () => {
    expect(diceFormula(3, 'd6')).toBe('3d6');
    expect(diceFormula(1, 'd20')).toBe('d20');
    expect(commandWords('declareAndRoll')).toBe('declare and roll');
    expect(commandWords('space.fireLaser')).toBe('space fire laser');
  });

  it('turns a schema refusal into sentences and keeps other refusals as they are', () => {
    expect(refusalOf({ code: 'NOT_YOUR_TURN', message: 'wait for Hicks' })).toEqual({
      code: 'NOT_YOUR_TURN',
      message: 'wait for Hicks',
    });
    const bad = refusalOf({
      code: 'BAD_COMMAND',
      message: 'bad',
      details: { issues: [{ path: 'target', message: 'Required' }] },
    });
    expect(bad.code).toBe('BAD_COMMAND');
    expect(bad.message).not.toBe('bad');
    expect(bad.message.toLowerCase()).toContain('target');
  });
});
