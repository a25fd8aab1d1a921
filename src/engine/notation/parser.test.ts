import { describe, expect, it } from 'vitest';
import { isRuleError } from '../rule-error.ts';
import type { DiceExpr } from './ast.ts';
import { isNotationError, type NotationError } from './errors.ts';
import { formatNotation } from './format.ts';
import {
  MAX_CONSTANT,
  MAX_DICE_PER_GROUP,
  MAX_DICE_TOTAL,
  MAX_NOTATION_LENGTH,
  MAX_SIDES,
} from './limits.ts';
import { parseNotation } from './parser.ts';

function fails(text: string): NotationError {
  try {
    parseNotation(text);
  } catch (e) {
    if (isNotationError(e)) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

const norm = (text: string): string => formatNotation(parseNotation(text));

describe('parseNotation: dice groups', () => {
  it('reads NdM and dN', () => {
    expect(parseNotation('3d6')).toEqual({ type: 'dice', count: 3, sides: 6, position: 0 });
    expect(parseNotation('d20')).toEqual({ type: 'dice', count: 1, sides: 20, position: 0 });
    expect(parseNotation('D1000')).toMatchObject({ sides: 1000 });
  });

  it('reads d%, dF and the average die (dA or dav)', () => {
    expect(parseNotation('d%')).toMatchObject({ sides: '%' });
    expect(parseNotation('4dF')).toMatchObject({ count: 4, sides: 'F' });
    expect(parseNotation('4df')).toMatchObject({ sides: 'F' });
    expect(parseNotation('2dA')).toMatchObject({ count: 2, sides: 'A' });
    expect(parseNotation('2dav')).toMatchObject({ count: 2, sides: 'A' });
    expect(parseNotation('2DAV')).toMatchObject({ count: 2, sides: 'A' });
  });

  it('reads keep and drop, with k meaning kh and d meaning dl', () => {
    expect(parseNotation('4d6kh3')).toMatchObject({ keep: { mode: 'kh', count: 3 } });
    expect(parseNotation('4d6k3')).toMatchObject({ keep: { mode: 'kh', count: 3 } });
    expect(parseNotation('2d20kl1')).toMatchObject({ keep: { mode: 'kl', count: 1 } });
    expect(parseNotation('2d20dl1')).toMatchObject({ keep: { mode: 'dl', count: 1 } });
    expect(parseNotation('4d6d1')).toMatchObject({ keep: { mode: 'dl', count: 1 } });
    expect(parseNotation('4d6dh1')).toMatchObject({ keep: { mode: 'dh', count: 1 } });
    expect(parseNotation('2d20kh')).toMatchObject({ keep: { mode: 'kh', count: 1 } });
    expect(norm('4d6K3')).toBe('4d6kh3');
    expect(norm('4d6 d 1')).toBe('4d6dl1');
  });

  it('reads explosions: on the highest face by default, or on a condition', () => {
    expect(parseNotation('d6!')).toMatchObject({ explode: { op: '=', value: 6 } });
    expect(parseNotation('d6!>=5')).toMatchObject({ explode: { op: '>=', value: 5 } });
    expect(parseNotation('d6!5')).toMatchObject({ explode: { op: '=', value: 5 } });
    expect(parseNotation('4dF!')).toMatchObject({ explode: { op: '=', value: 1 } });
    expect(parseNotation('dA!')).toMatchObject({ explode: { op: '=', value: 5 } });
    expect(norm('d6!6')).toBe('d6!');
    expect(norm('d6!=5')).toBe('d6!=5');
    expect(norm('6d6!=6>=5')).toBe('6d6!=6>=5');
  });

  it('reads rerolls, bare faces meaning equals, and reroll-once', () => {
    expect(parseNotation('d10r1')).toMatchObject({ reroll: { when: { op: '=', value: 1 }, once: false } });
    expect(parseNotation('d10r<2')).toMatchObject({ reroll: { when: { op: '<', value: 2 }, once: false } });
    expect(parseNotation('d10ro<=3')).toMatchObject({ reroll: { when: { op: '<=', value: 3 }, once: true } });
    expect(parseNotation('4dFr=-1')).toMatchObject({ reroll: { when: { op: '=', value: -1 } } });
    expect(norm('4dFr=-1')).toBe('4dFr=-1');
    expect(norm('d10R1')).toBe('d10r1');
    expect(norm('d10RO < 3')).toBe('d10ro<3');
  });

  it('reads success counting with every comparison', () => {
    for (const op of ['<=', '>=', '<', '>', '='] as const) {
      expect(parseNotation(`6d10${op}6`)).toMatchObject({ count: 6, sides: 10, success: { op, value: 6 } });
    }
    expect(parseNotation('6d10≤6')).toMatchObject({ success: { op: '<=', value: 6 } });
    expect(parseNotation('6d10 >= 8')).toMatchObject({ success: { op: '>=', value: 8 } });
  });

  it('takes modifiers in any order and writes them in the order they apply', () => {
    expect(norm('4d6kh3r1!')).toBe('4d6r1!kh3');
    expect(norm('10d10!kh5>=8')).toBe('10d10!kh5>=8');
    // A comparison right after ! or r is their condition; a second one counts successes.
    expect(parseNotation('6d10!>=9>=8')).toMatchObject({
      explode: { op: '>=', value: 9 },
      success: { op: '>=', value: 8 },
    });
    expect(parseNotation('6d10r1>=8')).toMatchObject({
      reroll: { when: { op: '=', value: 1 } },
      success: { op: '>=', value: 8 },
    });
  });
});

describe('parseNotation: arithmetic', () => {
  it('gives * and / precedence over + and -, left to right', () => {
    const expr = parseNotation('1+2*3-4/2');
    expect(formatNotation(expr)).toBe('1+2*3-4/2');
    expect(expr).toMatchObject({
      type: 'binary',
      op: '-',
      left: { op: '+', left: { value: 1 }, right: { op: '*' } },
      right: { op: '/' },
    });
  });

  it('accepts × ÷ and the minus sign −, but not x', () => {
    expect(norm('2d6×2')).toBe('2d6*2');
    expect(norm('2d6÷2')).toBe('2d6/2');
    expect(norm('2d6 − 1')).toBe('2d6-1');
    expect(fails('2d6x2').message).toMatch(/write \* to multiply/);
  });

  it('reads unary minus and parentheses', () => {
    expect(parseNotation('-3')).toEqual({ type: 'number', value: -3 });
    expect(parseNotation('-d6')).toMatchObject({ type: 'negate', operand: { type: 'dice' } });
    expect(parseNotation('--3')).toEqual({ type: 'number', value: 3 });
    expect(norm('(2d6+1)*2')).toBe('(2d6+1)*2');
    expect(norm('2*(3-1)')).toBe('2*(3-1)');
    expect(norm('(2*3)-1')).toBe('2*3-1');
    expect(norm('1-(2-3)')).toBe('1-(2-3)');
    expect(norm('8/(4/2)')).toBe('8/(4/2)');
    expect(norm('-(d6+1)')).toBe('-(d6+1)');
    expect(norm('2*-3')).toBe('2*-3');
  });

  it('ignores case and spaces', () => {
    expect(norm('  4D6KH3 + 2 ')).toBe('4d6kh3+2');
    expect(norm('1d20 + 1d4 - 2')).toBe('d20+d4-2');
    expect(norm('2 d6')).toBe('2d6');
  });

  it('normalised text parses back to the same tree', () => {
    for (const text of [
      '4d6kh3+2',
      '(d6+1)*-2',
      'd%-dF',
      '3dA/2',
      '10d10!kh5>=8',
      'd10ro<3',
      '1-(2-3)',
      '-(2d6)',
    ]) {
      const expr: DiceExpr = parseNotation(text);
      const again = parseNotation(formatNotation(expr));
      expect(formatNotation(again)).toBe(formatNotation(expr));
    }
  });
});

describe('parseNotation: errors', () => {
  it('is a RuleError with code NOTATION_SYNTAX, the position and what was expected', () => {
    const error = fails('2d');
    expect(isRuleError(error)).toBe(true);
    expect(error.code).toBe('NOTATION_SYNTAX');
    expect(error.message).toMatch(/^at column 3: expected the number of sides after 'd'/);
    expect(error.details).toMatchObject({ position: 2, column: 3 });
    expect(String(error.details?.expected)).toMatch(/number of sides/);
  });

  const cases: [string, number, RegExp][] = [
    ['', 1, /expected a number, dice/],
    ['   ', 4, /expected a number, dice/],
    ['2d6+', 5, /after '\+'/],
    ['2d6 *', 6, /after '\*'/],
    ['(2d6', 5, /'\)' to close the '\(' at column 1/],
    ['2d6)', 4, /operator .* found '\)'/],
    ['2d6 3', 5, /expected an operator/],
    ['4d6k', 5, /number of dice to keep after 'k'/],
    ['4d6kh3kl1', 7, /at most one keep or drop/],
    ['d6!!', 4, /at most one explosion/],
    ['d10r', 5, /face or comparison after 'r'/],
    ['d10ro', 6, /face or comparison after 'ro'/],
    ['d10r1r2', 6, /at most one reroll/],
    ['6d10<=', 7, /a number after '<='/],
    ['6d10<=6<=4', 8, /at most one success count/],
    ['2d6$', 4, /found '\$'/],
    ['d', 2, /number of sides/],
    ['d-6', 2, /number of sides/],
    ['3+*2', 3, /after '\+'/],
    ['()', 2, /after '\('/],
  ];
  for (const [text, column, message] of cases) {
    it(`${JSON.stringify(text)} fails at column ${column}`, () => {
      const error = fails(text);
      expect(error.code).toBe('NOTATION_SYNTAX');
      expect(error.message).toMatch(new RegExp(`^at column ${column}: expected `));
      expect(error.message).toMatch(message);
      expect(error.details?.column).toBe(column);
      expect(error.details?.position).toBe(column - 1);
    });
  }

  it('caps are NOTATION_LIMIT', () => {
    expect(fails(`${MAX_DICE_PER_GROUP + 1}d6`).code).toBe('NOTATION_LIMIT');
    expect(parseNotation(`${MAX_DICE_PER_GROUP}d6`)).toMatchObject({ count: MAX_DICE_PER_GROUP });
    expect(fails(`d${MAX_SIDES + 1}`).code).toBe('NOTATION_LIMIT');
    expect(parseNotation('d1000')).toMatchObject({ sides: 1000 });
    expect(fails(`${MAX_CONSTANT + 1}`).code).toBe('NOTATION_LIMIT');
    expect(fails('1'.repeat(400)).code).toBe('NOTATION_LIMIT');
    expect(fails(`1+${'1'.repeat(MAX_NOTATION_LENGTH)}`).code).toBe('NOTATION_LIMIT');
    const many = Array.from({ length: MAX_DICE_TOTAL / 100 + 1 }, () => '100d6').join('+');
    const error = fails(many);
    expect(error.code).toBe('NOTATION_LIMIT');
    expect(error.message).toMatch(/at most 1000 dice/);
    expect(fails('2d6+101d6').message).toMatch(/^at column 5: /);
  });

  it('meaningless groups are NOTATION_INVALID', () => {
    expect(fails('0d6').code).toBe('NOTATION_INVALID');
    expect(fails('d0').code).toBe('NOTATION_INVALID');
    expect(fails('d1!').message).toMatch(/every face of a d1 would explode/);
    expect(fails('d6!>=1').code).toBe('NOTATION_INVALID');
    expect(fails('d6r<=6').message).toMatch(/every face of a d6 would be rerolled/);
    expect(fails('dFr>-2').code).toBe('NOTATION_INVALID');
    // Rerolling once is finite, so even "every face" is allowed.
    expect(parseNotation('d6ro<=6')).toMatchObject({ reroll: { once: true } });
  });

  it('refuses what is not text', () => {
    expect(fails(42 as unknown as string).code).toBe('NOTATION_SYNTAX');
  });
});
