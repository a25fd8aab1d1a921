import { describe, expect, it } from 'vitest';
import type { Die } from '../dice/die.ts';
import { type DiceSource, EnteredDice, RecordingDice, ScriptedDice, SeededDice } from '../dice/source.ts';
import { isRuleError } from '../rule-error.ts';
import { refusalCode as code } from '../test-kit.ts';
import { MAX_EXPLOSIONS_PER_DIE, MAX_REROLLS_PER_DIE } from './limits.ts';
import { parseNotation } from './parser.ts';
import { type NotationRoll, rollExpr, rollNotation } from './roll.ts';

/** Rolls with scripted faces and checks every face was used. */
function roll(text: string, faces: number[]): NotationRoll {
  const dice = new ScriptedDice(faces);
  const result = rollNotation(text, dice);
  expect(dice.remaining).toBe(0);
  return result;
}

describe('rollNotation', () => {
  it('adds dice and constants', () => {
    const r = roll('2d6+3', [5, 3]);
    expect(r.total).toBe(11);
    expect(r.notation).toBe('2d6+3');
    expect(r.groups).toEqual([{ formula: '2d6', die: 'd6', faces: [5, 3], kept: [true, true], value: 8 }]);
    expect(r.text).toBe('2d6+3: [5, 3]+3 = 11');
  });

  it('draws every die through the source, with the group formula as purpose', () => {
    const dice = new RecordingDice(new ScriptedDice([4, 1, 6, 2, 20]));
    rollNotation('4d6kh3 + d20', dice);
    expect(dice.faces.map((f) => `${f.die}:${f.face}:${f.purpose}`)).toEqual([
      'd6:4:4d6kh3',
      'd6:1:4d6kh3',
      'd6:6:4d6kh3',
      'd6:2:4d6kh3',
      'd20:20:d20',
    ]);
  });

  it('keeps the highest (4d6kh3) and strikes the dropped die in the text', () => {
    const r = roll('4d6kh3', [6, 1, 5, 3]);
    expect(r.total).toBe(14);
    expect(r.groups[0]?.kept).toEqual([true, false, true, true]);
    expect(r.text).toBe('4d6kh3: [6, ~~1~~, 5, 3] = 14');
    expect(roll('4d6k3', [6, 1, 5, 3]).total).toBe(14);
    expect(roll('4d6dl1', [6, 1, 5, 3]).total).toBe(14);
  });

  it('keeps the lowest and drops the highest', () => {
    expect(roll('2d20kl1', [15, 4]).total).toBe(4);
    expect(roll('2d20kh1', [15, 4]).total).toBe(15);
    expect(roll('2d20dl1', [15, 4]).total).toBe(15);
    expect(roll('3d6dh1', [6, 2, 4]).total).toBe(6);
    expect(roll('3d6dh1', [6, 2, 4]).groups[0]?.kept).toEqual([false, true, true]);
  });

  it('breaks ties toward the earlier die', () => {
    expect(roll('4d6kh2', [3, 5, 3, 5]).groups[0]?.kept).toEqual([false, true, false, true]);
    expect(roll('4d6kh3', [3, 5, 3, 5]).groups[0]?.kept).toEqual([true, true, false, true]);
    expect(roll('3d6kl1', [2, 2, 2]).groups[0]?.kept).toEqual([true, false, false]);
    expect(roll('3d6dl1', [2, 2, 2]).groups[0]?.kept).toEqual([true, true, false]);
  });

  it('clamps keep counts to the pool: keeping more keeps all, keeping none gives 0', () => {
    expect(roll('2d6kh5', [2, 3]).total).toBe(5);
    expect(roll('2d6kh0', [2, 3]).total).toBe(0);
    expect(roll('2d6dl3', [2, 3]).total).toBe(0);
  });

  it('counts successes (a 3:16 pool) and marks them in the text', () => {
    const r = roll('6d10<=6', [10, 8, 3, 2, 1, 6]);
    expect(r.total).toBe(4);
    expect(r.groups[0]?.successes).toEqual([false, false, true, true, true, true]);
    expect(r.text).toBe('6d10<=6: [10, 8, 3*, 2*, 1*, 6*] = 4');
    expect(roll('3d10>=8', [8, 7, 10]).total).toBe(2);
    expect(roll('3d10>8', [8, 7, 10]).total).toBe(1);
    expect(roll('3d10<2', [1, 2, 1]).total).toBe(2);
    expect(roll('3d10=7', [8, 7, 10]).total).toBe(1);
  });

  it('counts successes among kept dice only', () => {
    const r = roll('4d10kh2>=5', [9, 6, 5, 1]);
    expect(r.total).toBe(2);
    expect(r.text).toBe('4d10kh2>=5: [9*, 6*, ~~5~~, ~~1~~] = 2');
  });

  it('explodes on the highest face, compounding the chain into one die', () => {
    const r = roll('2d6!', [6, 6, 2, 3]);
    expect(r.total).toBe(17);
    expect(r.groups[0]?.faces).toEqual([14, 3]);
    expect(r.groups[0]?.exploded).toEqual([[6, 6, 2], [3]]);
    expect(r.text).toBe('2d6!: [6+6+2, 3] = 17');
    expect(roll('d6!>=5', [5, 6, 1]).total).toBe(12);
    expect(roll('4dF!', [1, 0, -1, 0, -1]).total).toBe(-1);
  });

  it('stops exploding after the cap, counting the last face as rolled', () => {
    const faces = new Array(MAX_EXPLOSIONS_PER_DIE + 1).fill(6);
    const r = roll('d6!', faces);
    expect(r.total).toBe(6 * (MAX_EXPLOSIONS_PER_DIE + 1));
    expect(r.groups[0]?.exploded?.[0]).toHaveLength(MAX_EXPLOSIONS_PER_DIE + 1);
  });

  it('keeps exploded dice by their compounded value', () => {
    expect(roll('3d6!kh1', [6, 1, 4, 5]).total).toBe(7);
  });

  it('rerolls while the face matches and shows what was set aside', () => {
    const r = roll('2d10r<3', [1, 2, 7, 4]);
    expect(r.total).toBe(11);
    expect(r.groups[0]?.rerolled).toEqual([[1, 2], []]);
    expect(r.groups[0]?.faces).toEqual([7, 4]);
    expect(r.text).toBe('2d10r<3: [1→2→7, 4] = 11');
    expect(roll('d10r1', [1, 1, 5]).total).toBe(5);
  });

  it('rerolls once with ro, keeping the second face even if it matches', () => {
    expect(roll('d10ro1', [1, 1]).total).toBe(1);
    expect(roll('d10ro<3', [2, 9]).total).toBe(9);
  });

  it('stops rerolling after the cap', () => {
    const faces = new Array(MAX_REROLLS_PER_DIE + 1).fill(1);
    expect(roll('d10r1', faces).total).toBe(1);
  });

  it('rerolls explosion dice too, and keeps after both', () => {
    // d6r1!: 1 is rerolled to 6, which explodes into a 1 (rerolled to 3): the die is 9.
    const r = roll('2d6r1!kh1', [1, 6, 1, 3, 4]);
    expect(r.total).toBe(9);
    expect(r.groups[0]?.exploded).toEqual([[6, 3], [4]]);
    expect(r.groups[0]?.rerolled).toEqual([[1, 1], []]);
    expect(r.text).toBe('2d6r1!kh1: [1→1→6+3, ~~4~~] = 9');
  });

  it('rolls Fudge, average and percentile dice', () => {
    expect(roll('4dF', [-1, 0, 1, 1]).total).toBe(1);
    expect(roll('4dF', [-1, 0, 1, 1]).groups[0]?.die).toBe('dF');
    expect(roll('2dA', [2, 5]).total).toBe(7);
    expect(roll('2dav', [3, 3]).groups[0]?.die).toBe('dA');
    expect(code(() => roll('dA', [1]))).toBe('DICE_FACE_INVALID');
    const pct = roll('d%', [100]);
    expect(pct.total).toBe(100);
    expect(pct.groups[0]?.die).toBe('d100');
    expect(pct.notation).toBe('d%');
    expect(roll('d1000', [1000]).total).toBe(1000);
  });

  it('does arithmetic with precedence, unary minus and parentheses', () => {
    expect(roll('(2d6+1)*2', [3, 4]).total).toBe(16);
    expect(roll('(2d6+1)*2', [3, 4]).text).toBe('(2d6+1)*2: ([3, 4]+1)*2 = 16');
    expect(roll('1+2*3', []).total).toBe(7);
    expect(roll('-d6+10', [4]).total).toBe(6);
    expect(roll('d6-d6', [2, 5]).total).toBe(-3);
    expect(roll('d20+d4-2', [17, 2]).text).toBe('d20+d4-2: [17]+[2]-2 = 17');
    expect(roll('3', []).text).toBe('3: 3 = 3');
  });

  it('divides as integers rounding toward zero', () => {
    expect(roll('7/2', []).total).toBe(3);
    expect(roll('-7/2', []).total).toBe(-3);
    expect(roll('d6/2', [5]).total).toBe(2);
    expect(roll('-d6/2', [1]).total).toBe(0);
    expect(Object.is(roll('-1/2', []).total, -0)).toBe(false);
  });

  it('refuses division by zero with NOTATION_DIVIDE_BY_ZERO', () => {
    expect(code(() => roll('1/0', []))).toBe('NOTATION_DIVIDE_BY_ZERO');
    expect(code(() => rollNotation('d6/(d2-1)', new ScriptedDice([3, 1])))).toBe('NOTATION_DIVIDE_BY_ZERO');
    expect(roll('d6/(d2-1)', [3, 2]).total).toBe(3);
  });

  it('refuses results past the safe integer range', () => {
    expect(code(() => roll('1000000*1000000*1000000', []))).toBe('NOTATION_LIMIT');
  });

  it('passes entered-dice requests through: DICE_NEEDED names the die', () => {
    try {
      rollNotation('2d6+d20', new EnteredDice([3, 4]));
      throw new Error('expected DICE_NEEDED');
    } catch (e) {
      expect(isRuleError(e) && e.code).toBe('DICE_NEEDED');
      expect(isRuleError(e) && e.details).toMatchObject({ needed: { die: 'd20', purpose: 'd20' } });
    }
  });

  it('throws parse errors every time (bad notations are not cached)', () => {
    expect(code(() => rollNotation('2d', new ScriptedDice([])))).toBe('NOTATION_SYNTAX');
    expect(code(() => rollNotation('2d', new ScriptedDice([])))).toBe('NOTATION_SYNTAX');
  });

  it('gives the same rolls for the same seed, through rollExpr or rollNotation', () => {
    const expr = parseNotation('10d10kh5+4dF');
    const a = rollExpr(expr, new SeededDice(9));
    const b = rollNotation('10d10kh5+4dF', new SeededDice(9));
    expect(a).toEqual(b);
    expect(rollExpr(expr, new SeededDice(9))).toEqual(a);
  });

  it('leaves out the records a group does not have', () => {
    expect(Object.keys(roll('d10r1', [1, 4]).groups[0] as object)).toEqual([
      'formula',
      'die',
      'faces',
      'kept',
      'value',
      'rerolled',
    ]);
    expect(Object.keys(roll('d6!>=5', [2]).groups[0] as object)).not.toContain('rerolled');
  });

  it('results are plain JSON data', () => {
    const r = roll('2d6r1!kh1>=3', [1, 6, 1, 3, 4]);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });

  it('every total is within the range the dice allow (seeded sweep)', () => {
    const dice: DiceSource = new SeededDice(5);
    for (let i = 0; i < 300; i++) {
      const r = rollNotation('4d6kh3', dice);
      expect(r.total).toBeGreaterThanOrEqual(3);
      expect(r.total).toBeLessThanOrEqual(18);
      const kept = r.groups[0]!.faces.filter((_, j) => r.groups[0]!.kept[j]);
      expect(kept).toHaveLength(3);
      expect(Math.min(...kept)).toBeGreaterThanOrEqual(
        Math.max(...r.groups[0]!.faces.filter((_, j) => !r.groups[0]!.kept[j])),
      );
    }
  });

  it('asks the source for the right die object', () => {
    const asked: Die[] = [];
    const spy: DiceSource = {
      roll: (die) => {
        asked.push(die);
        return die.labels ? (die.labels[0] as number) : 1;
      },
    };
    rollNotation('d%+dF+dA+d7', spy);
    expect(asked.map((d) => d.name)).toEqual(['d100', 'dF', 'dA', 'd7']);
  });
});
