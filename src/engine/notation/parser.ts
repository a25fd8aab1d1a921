import { faceValues } from '../dice/die.ts';
import type { Compare, DiceExpr, DiceNode, KeepDrop, Sides } from './ast.ts';
import { dieOf, matches } from './ast.ts';
import { invalidError, limitError, NotationError, syntaxError } from './errors.ts';
import {
  MAX_CONSTANT,
  MAX_DICE_PER_GROUP,
  MAX_DICE_TOTAL,
  MAX_NOTATION_LENGTH,
  MAX_SIDES,
} from './limits.ts';

/*
 * Grammar (case-insensitive; spaces allowed between any two tokens):
 *   expr     := term (('+' | '-' | '−') term)*
 *   term     := unary (('*' | '×' | '/' | '÷') unary)*
 *   unary    := ('-' | '−') unary | primary
 *   primary  := INT | INT? 'd' sides modifier* success? | '(' expr ')'
 *   sides    := INT | '%' | 'F' | 'A' | 'AV'
 *   modifier := ('k' | 'd') INT | ('kh' | 'kl' | 'dh' | 'dl') INT?    (INT defaults to 1)
 *             | '!' condition?                                        (default: the highest face)
 *             | 'r' 'o'? condition
 *   condition:= compare | INT                                          (a bare INT means '=')
 *   success  := compare
 *   compare  := ('<=' | '≤' | '>=' | '≥' | '<' | '>' | '=') '-'? INT
 * A comparison right after '!' or 'r' is their condition; one after the group counts successes.
 */

const DESCRIBE_OPERAND = "a number, dice like 2d6, or '('";
const DESCRIBE_OPERATOR = 'an operator (+ - * /) or the end of the notation';

class Parser {
  private pos = 0;
  private diceTotal = 0;
  constructor(private readonly text: string) {}

  parse(): DiceExpr {
    if (this.text.length > MAX_NOTATION_LENGTH) {
      throw limitError(
        MAX_NOTATION_LENGTH,
        `a notation may be at most ${MAX_NOTATION_LENGTH} characters long`,
        {
          limit: MAX_NOTATION_LENGTH,
        },
      );
    }
    const expr = this.expr();
    this.skipSpace();
    if (this.pos < this.text.length) {
      const ch = this.text[this.pos] as string;
      const hint = ch === 'x' || ch === 'X' ? ' (write * to multiply)' : ch === ')' ? ' (no ( is open)' : '';
      throw syntaxError(this.pos, DESCRIBE_OPERATOR, `${this.found()}${hint}`);
    }
    return expr;
  }

  private skipSpace(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos);
      // space, tab, newline, carriage return, no-break space
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 160) this.pos++;
      else break;
    }
  }

  /** The next character, lower-cased, after spaces ('' at the end). */
  private peek(): string {
    this.skipSpace();
    return (this.text[this.pos] ?? '').toLowerCase();
  }

  private found(): string {
    if (this.pos >= this.text.length) return 'the end of the notation';
    return `'${this.text[this.pos]}'`;
  }

  private isDigit(ch: string): boolean {
    return ch >= '0' && ch <= '9';
  }

  private expr(): DiceExpr {
    let left = this.term();
    for (;;) {
      const ch = this.peek();
      if (ch !== '+' && ch !== '-' && ch !== '−') return left;
      const position = this.pos++;
      const right = this.operand(`after '${ch}'`, () => this.term());
      left = { type: 'binary', op: ch === '+' ? '+' : '-', left, right, position };
    }
  }

  private term(): DiceExpr {
    let left = this.unary();
    for (;;) {
      const ch = this.peek();
      let op: '*' | '/';
      if (ch === '*' || ch === '×') op = '*';
      else if (ch === '/' || ch === '÷') op = '/';
      else return left;
      const position = this.pos++;
      const right = this.operand(`after '${ch}'`, () => this.unary());
      left = { type: 'binary', op, left, right, position };
    }
  }

  /** Parses what must follow an operator, with an error that names the operator. */
  private operand(context: string, parse: () => DiceExpr): DiceExpr {
    const ch = this.peek();
    if (ch === '' || !(this.isDigit(ch) || ch === 'd' || ch === '(' || ch === '-' || ch === '−')) {
      throw syntaxError(this.pos, `${DESCRIBE_OPERAND} ${context}`, this.found());
    }
    return parse();
  }

  private unary(): DiceExpr {
    const ch = this.peek();
    if (ch === '-' || ch === '−') {
      this.pos++;
      const operand = this.operand("after '-'", () => this.unary());
      // Fold negative constants so `-3` stays a plain number in the AST.
      if (operand.type === 'number') return { type: 'number', value: 0 - operand.value };
      return { type: 'negate', operand };
    }
    return this.primary();
  }

  private primary(): DiceExpr {
    const ch = this.peek();
    const start = this.pos;
    if (ch === '(') {
      this.pos++;
      const inner = this.operand("after '('", () => this.expr());
      if (this.peek() !== ')') {
        throw syntaxError(this.pos, `')' to close the '(' at column ${start + 1}`, this.found());
      }
      this.pos++;
      return inner;
    }
    if (this.isDigit(ch)) {
      const value = this.int();
      if (this.peek() === 'd') return this.dice(start, value);
      return { type: 'number', value };
    }
    if (ch === 'd') return this.dice(start, 1);
    throw syntaxError(this.pos, DESCRIBE_OPERAND, this.found());
  }

  /** Reads digits at the current position (spaces already skipped by the caller's peek). */
  private int(): number {
    const start = this.pos;
    while (this.pos < this.text.length && this.isDigit(this.text[this.pos] as string)) this.pos++;
    const digits = this.text.slice(start, this.pos);
    const value = Number(digits);
    if (value > MAX_CONSTANT) {
      throw limitError(start, `numbers may be at most ${MAX_CONSTANT}, got ${digits}`, {
        limit: MAX_CONSTANT,
      });
    }
    return value;
  }

  private requireInt(expected: string): number {
    if (!this.isDigit(this.peek())) throw syntaxError(this.pos, expected, this.found());
    return this.int();
  }

  private dice(start: number, count: number): DiceNode {
    if (count < 1) throw invalidError(start, 'a dice group needs at least one die');
    if (count > MAX_DICE_PER_GROUP) {
      throw limitError(start, `at most ${MAX_DICE_PER_GROUP} dice may be rolled in one group, got ${count}`, {
        limit: MAX_DICE_PER_GROUP,
      });
    }
    this.diceTotal += count;
    if (this.diceTotal > MAX_DICE_TOTAL) {
      throw limitError(start, `at most ${MAX_DICE_TOTAL} dice may be rolled in one notation`, {
        limit: MAX_DICE_TOTAL,
      });
    }
    this.pos++; // the 'd'
    const sides = this.sides();
    const die = dieOf(sides);
    const faces = faceValues(die);

    let keep: KeepDrop | undefined;
    let explode: Compare | undefined;
    let reroll: { when: Compare; once: boolean } | undefined;
    let success: Compare | undefined;
    for (;;) {
      const ch = this.peek();
      const at = this.pos;
      if (ch === 'k' || ch === 'd') {
        if (keep) throw syntaxError(at, 'at most one keep or drop per dice group');
        this.pos++;
        const next = this.peek();
        if (next === 'h' || next === 'l') {
          this.pos++;
          const mode = `${ch}${next}` as KeepDrop['mode'];
          const n = this.isDigit(this.peek()) ? this.int() : 1;
          keep = { mode, count: n };
        } else {
          const what = ch === 'k' ? 'keep' : 'drop';
          const n = this.requireInt(`the number of dice to ${what} after '${ch}'`);
          keep = { mode: ch === 'k' ? 'kh' : 'dl', count: n };
        }
      } else if (ch === '!') {
        if (explode) throw syntaxError(at, 'at most one explosion (!) per dice group');
        this.pos++;
        explode = this.condition() ?? { op: '=', value: faces[faces.length - 1] as number };
        if (faces.every((f) => matches(explode as Compare, f))) {
          throw invalidError(at, `every face of a ${die.name} would explode`);
        }
      } else if (ch === 'r') {
        if (reroll) throw syntaxError(at, 'at most one reroll (r) per dice group');
        this.pos++;
        let once = false;
        if (this.peek() === 'o') {
          this.pos++;
          once = true;
        }
        const when = this.condition();
        if (!when) {
          throw syntaxError(
            this.pos,
            `a face or comparison after '${once ? 'ro' : 'r'}', like r1 or r<3`,
            this.found(),
          );
        }
        if (!once && faces.every((f) => matches(when, f))) {
          throw invalidError(at, `every face of a ${die.name} would be rerolled`);
        }
        reroll = { when, once };
      } else if (this.compareOp() !== undefined) {
        success = this.compare() as Compare;
        if (this.compareOp() !== undefined) {
          throw syntaxError(this.pos, 'at most one success count (like <=6) per dice group');
        }
        break;
      } else {
        break;
      }
    }
    const node: {
      type: 'dice';
      count: number;
      sides: Sides;
      keep?: KeepDrop;
      explode?: Compare;
      reroll?: { when: Compare; once: boolean };
      success?: Compare;
      position: number;
    } = { type: 'dice', count, sides, position: start };
    if (keep) node.keep = keep;
    if (explode) node.explode = explode;
    if (reroll) node.reroll = reroll;
    if (success) node.success = success;
    return node;
  }

  private sides(): Sides {
    const ch = this.peek();
    const at = this.pos;
    if (ch === '%') {
      this.pos++;
      return '%';
    }
    if (ch === 'f') {
      this.pos++;
      return 'F';
    }
    if (ch === 'a') {
      this.pos++;
      if ((this.text[this.pos] ?? '').toLowerCase() === 'v') this.pos++;
      return 'A';
    }
    if (!this.isDigit(ch)) {
      throw syntaxError(at, "the number of sides after 'd' (a number, %, F or A)", this.found());
    }
    const sides = this.int();
    if (sides < 1) throw invalidError(at, 'a die needs at least one side');
    if (sides > MAX_SIDES) {
      throw limitError(at, `a die may have at most ${MAX_SIDES} sides, got ${sides}`, { limit: MAX_SIDES });
    }
    return sides;
  }

  /** The comparison operator at the current position, without consuming it. */
  private compareOp(): Compare['op'] | undefined {
    const ch = this.peek();
    const next = this.text[this.pos + 1];
    if (ch === '<') return next === '=' ? '<=' : '<';
    if (ch === '>') return next === '=' ? '>=' : '>';
    if (ch === '≤') return '<=';
    if (ch === '≥') return '>=';
    if (ch === '=') return '=';
    return undefined;
  }

  private compare(): Compare | undefined {
    const op = this.compareOp();
    if (op === undefined) return undefined;
    const symbol = this.text[this.pos] as string;
    this.pos += op.length === 2 && symbol !== '≤' && symbol !== '≥' ? 2 : 1;
    let sign = 1;
    const ch = this.peek();
    if (ch === '-' || ch === '−') {
      this.pos++;
      sign = -1;
    }
    const value = this.requireInt(`a number after '${op}'`);
    return { op, value: sign * value };
  }

  /** A reroll or explosion condition: a comparison, or a bare face meaning '='. */
  private condition(): Compare | undefined {
    const cmp = this.compare();
    if (cmp) return cmp;
    if (this.isDigit(this.peek())) return { op: '=', value: this.int() };
    return undefined;
  }
}

/** Parses chat dice notation into the AST. Throws NotationError (a RuleError) on bad input. */
export function parseNotation(text: string): DiceExpr {
  if (typeof text !== 'string') {
    throw new NotationError('NOTATION_SYNTAX', 'a dice notation must be text', { position: 0, column: 1 });
  }
  return new Parser(text).parse();
}
