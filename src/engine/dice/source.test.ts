import { describe, expect, it } from 'vitest';
import { isRuleError, type RuleError } from '../rule-error.ts';
import { AVERAGE_DIE, D6, D10, FUDGE_DIE } from './die.ts';
import {
  type DiceSource,
  EnteredDice,
  probeDice,
  RecordingDice,
  ScriptedDice,
  SeededDice,
} from './source.ts';

function thrown(f: () => unknown): RuleError {
  try {
    f();
  } catch (e) {
    if (isRuleError(e)) return e;
    throw e;
  }
  throw new Error('expected a RuleError');
}

describe('SeededDice', () => {
  it('rolls the same faces for the same seed', () => {
    const roll = (seed: number) => {
      const dice: DiceSource = new SeededDice(seed);
      return Array.from({ length: 40 }, () => dice.roll(D10, 'test'));
    };
    expect(roll(3)).toEqual(roll(3));
    expect(roll(3)).not.toEqual(roll(4));
  });

  it('only shows faces the die has, labels included', () => {
    const dice: DiceSource = new SeededDice(11);
    const seen = { d6: new Set<number>(), avg: new Set<number>(), fudge: new Set<number>() };
    for (let i = 0; i < 600; i++) {
      seen.d6.add(dice.roll(D6, 't'));
      seen.avg.add(dice.roll(AVERAGE_DIE, 't'));
      seen.fudge.add(dice.roll(FUDGE_DIE, 't'));
    }
    expect([...seen.d6].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...seen.avg].sort()).toEqual([2, 3, 4, 5]);
    expect([...seen.fudge].sort()).toEqual([-1, 0, 1]);
  });

  it('continues from a saved generator state', () => {
    const a = new SeededDice(77);
    a.roll(D10);
    const b = new SeededDice(77);
    b.rng.setState(a.rng.getState());
    expect(Array.from({ length: 10 }, () => a.roll(D10))).toEqual(
      Array.from({ length: 10 }, () => b.roll(D10)),
    );
  });
});

describe('ScriptedDice', () => {
  it('gives its faces in order and counts what is left', () => {
    const dice = new ScriptedDice([3, 10, 1]);
    expect(dice.roll(D10, 'a')).toBe(3);
    expect(dice.remaining).toBe(2);
    expect(dice.roll(D10, 'b')).toBe(10);
    expect(dice.roll(D6, 'c')).toBe(1);
    expect(dice.remaining).toBe(0);
  });

  it('running out is DICE_SCRIPT_EXHAUSTED naming the die and purpose, never a fallback', () => {
    const dice = new ScriptedDice([4]);
    dice.roll(D6, 'first');
    const error = thrown(() => dice.roll(D10, 'the kill roll'));
    expect(error.code).toBe('DICE_SCRIPT_EXHAUSTED');
    expect(error.message).toContain('d10');
    expect(error.message).toContain('the kill roll');
    expect(error.details).toEqual({ die: 'd10', purpose: 'the kill roll' });
  });

  it('refuses a scripted face the die cannot show', () => {
    const error = thrown(() => new ScriptedDice([7]).roll(D6, 'x'));
    expect(error.code).toBe('DICE_FACE_INVALID');
    expect(thrown(() => new ScriptedDice([1]).roll(AVERAGE_DIE, 'x')).code).toBe('DICE_FACE_INVALID');
    expect(new ScriptedDice([-1]).roll(FUDGE_DIE, 'x')).toBe(-1);
  });
});

describe('EnteredDice', () => {
  it('accepts faces a person typed in', () => {
    const dice = new EnteredDice([10, 1]);
    expect(dice.roll(D10, 'armour')).toBe(10);
    expect(dice.unused).toBe(1);
    expect(dice.roll(D10, 'armour')).toBe(1);
    expect(dice.unused).toBe(0);
  });

  it('an 11 on a d10 is DICE_FACE_INVALID with the allowed range', () => {
    const error = thrown(() => new EnteredDice([11]).roll(D10, 'to hit'));
    expect(error.code).toBe('DICE_FACE_INVALID');
    expect(error.message).toContain('11');
    expect(error.message).toContain('1–10');
    expect(error.details).toMatchObject({ die: 'd10', face: 11, purpose: 'to hit' });
  });

  it('refuses fractions and faces an average die does not have', () => {
    expect(thrown(() => new EnteredDice([2.5]).roll(D6, 'x')).code).toBe('DICE_FACE_INVALID');
    const error = thrown(() => new EnteredDice([6]).roll(AVERAGE_DIE, 'x'));
    expect(error.code).toBe('DICE_FACE_INVALID');
    expect(error.message).toContain('2, 3, 4, 5');
  });

  it('missing faces are DICE_NEEDED naming the die wanted next and how many were used', () => {
    const dice = new EnteredDice([4]);
    dice.roll(D6, 'first');
    const error = thrown(() => dice.roll(D10, 'the strength check'));
    expect(error.code).toBe('DICE_NEEDED');
    expect(error.message).toContain('d10');
    expect(error.message).toContain('the strength check');
    expect(error.details).toEqual({
      needed: { die: 'd10', faces: [1, 10], purpose: 'the strength check' },
      entered: 1,
    });
  });

  it('asks for a labelled die by its faces', () => {
    const error = thrown(() => new EnteredDice([]).roll(FUDGE_DIE, 'fudge'));
    expect(error.details).toMatchObject({ needed: { die: 'dF', faces: [-1, 0, 1] } });
  });
});

describe('RecordingDice', () => {
  it('remembers every face with its die and purpose', () => {
    const dice = new RecordingDice(new ScriptedDice([2, 9]));
    dice.roll(D6, 'move');
    dice.roll(D10, 'shoot');
    expect(dice.faces).toEqual([
      { die: 'd6', face: 2, purpose: 'move' },
      { die: 'd10', face: 9, purpose: 'shoot' },
    ]);
  });
});

describe('probeDice', () => {
  it('cycles through every face, so a roll-off between probes always ends', () => {
    const dice = probeDice();
    expect(Array.from({ length: 12 }, () => dice.roll(D10, 'probe'))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2,
    ]);
    expect(probeDice().roll(D6, 'probe')).toBe(1);
  });
});
