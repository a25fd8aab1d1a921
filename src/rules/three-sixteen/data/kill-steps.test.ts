import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { formulaOf, rollSpec } from '../../../engine/dice/typed.ts';
import {
  KILL_STEP_DICE,
  KILL_STEP_LABELS,
  killStepDice,
  killStepLabel,
  killsAnything,
  MAX_KILL_STEP,
  parseKillStep,
  stepUp,
} from './kill-steps.ts';

describe('kill-step ladder', () => {
  it('is the book ladder 0, 1, d6, d10, 2d6, 2d10, 3d10, d100', () => {
    expect(KILL_STEP_LABELS).toEqual(['0', '1', 'd6', 'd10', '2d6', '2d10', '3d10', 'd100']);
    expect(KILL_STEP_DICE.map(formulaOf)).toEqual([...KILL_STEP_LABELS]);
    expect(MAX_KILL_STEP).toBe(7);
  });

  it('rolls the dice of a step', () => {
    expect(rollSpec(new ScriptedDice([]), killStepDice(1)!, 'kills').total).toBe(1);
    expect(rollSpec(new ScriptedDice([3, 5]), killStepDice(4)!, 'kills').total).toBe(8);
    expect(rollSpec(new ScriptedDice([10, 10]), killStepDice(7)!, 'kills').total).toBe(100);
  });

  it('steps up one rung at a time and stops at d100', () => {
    expect(stepUp(0)).toBe(1);
    expect(stepUp(1, 2)).toBe(3);
    expect(stepUp(6)).toBe(7);
    expect(stepUp(7)).toBe(7);
  });

  it('never improves a dash', () => {
    expect(stepUp(null)).toBeNull();
    expect(killStepDice(null)).toBeNull();
    expect(killStepLabel(null)).toBe('–');
    expect(killsAnything(null)).toBe(false);
    expect(killsAnything(0)).toBe(false);
    expect(killsAnything(1)).toBe(true);
  });

  it('reads sheet labels back', () => {
    expect(parseKillStep('2d10')).toBe(5);
    expect(parseKillStep('–')).toBeNull();
    expect(parseKillStep('-')).toBeNull();
    expect(parseKillStep('D100')).toBe(7);
    expect(parseKillStep('d8')).toBeUndefined();
  });
});
