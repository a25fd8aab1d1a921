import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { actorWins, damageSpec, rollD100, rollDamage, rollSave } from './dice.ts';

describe('Elite Unit dice', () => {
  it('reads every damage cell the chapter uses', () => {
    expect(damageSpec('2D6')).toMatchObject({ count: 2, sides: 6, bonus: 0, times: 1 });
    expect(damageSpec('1D6+1')).toMatchObject({ count: 1, sides: 6, bonus: 1 });
    expect(damageSpec('(2D6)*4')).toMatchObject({ count: 2, sides: 6, times: 4 });
    expect(damageSpec('2')).toMatchObject({ count: 0, bonus: 2 });
    expect(rollDamage(new ScriptedDice([3, 5]), '(2D6)*4', 'crash').total).toBe(32);
  });
  it('a save succeeds below, fails on equal (bare fail) and above', () => {
    expect(rollSave(new ScriptedDice([12]), 'reactions', 13, 'parry')).toMatchObject({ success: true });
    expect(rollSave(new ScriptedDice([13]), 'reactions', 13, 'parry')).toMatchObject({
      success: false,
      bareFail: true,
    });
    expect(rollSave(new ScriptedDice([14]), 'reactions', 13, 'parry').success).toBe(false);
  });
  it('a 20 chains, and chains again', () => {
    const s = rollSave(new ScriptedDice([20, 20, 3]), 'reactions', 30, 'parry');
    expect(s.faces).toEqual([20, 20, 3]);
    expect(s.total).toBe(43);
    expect(s.success).toBe(false);
  });
  it('d100 reads 00 as 100 and ties go to the defender', () => {
    expect(rollD100(new ScriptedDice([10, 10]), 'loc').total).toBe(100);
    expect(rollD100(new ScriptedDice([10, 5]), 'loc').total).toBe(5);
    expect(actorWins(10, 10)).toBe(false);
  });
});
