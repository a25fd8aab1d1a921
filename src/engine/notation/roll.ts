import type { Die } from '../dice/die.ts';
import type { DiceSource } from '../dice/source.ts';
import { divideByZero, divideTowardZero, tooLarge } from './arithmetic.ts';
import type { Compare, DiceExpr, DiceNode } from './ast.ts';
import { dieOf } from './ast.ts';
import { formatDice, formatNotation, formatWith } from './format.ts';
import { MAX_EXPLOSIONS_PER_DIE, MAX_REROLLS_PER_DIE } from './limits.ts';
import { parseNotation } from './parser.ts';

/** One dice group as rolled. Arrays are indexed by die, in the order the dice were drawn. */
export interface NotationGroup {
  /** The group's canonical notation, e.g. `4d6kh3`; also the purpose every one of its dice is drawn for. */
  readonly formula: string;
  /** The physical die, e.g. `d6`, `dF`, `dA`, `d100` (for `d%`). */
  readonly die: string;
  /** What each die counts as: its face, or the sum of its chain when it exploded. */
  readonly faces: number[];
  /** Which dice keep/drop kept (all true without keep/drop). */
  readonly kept: boolean[];
  /** What the group adds to the expression: the sum of kept dice, or the number of successes. */
  readonly value: number;
  /** With `!`: each die's chain of faces (just one face when it did not explode). */
  readonly exploded?: number[][];
  /** With `r`/`ro`: the faces each die set aside by rerolling, in order (empty when none). */
  readonly rerolled?: number[][];
  /** With a success comparison: which dice counted as a success (dropped dice never do). */
  readonly successes?: boolean[];
}

/** The result of rolling a notation: plain data, ready to put in an event or send to a client. */
export interface NotationRoll {
  /** The normalised notation, e.g. `4d6kh3+2` for `4D6k3 + 2`. */
  readonly notation: string;
  readonly total: number;
  readonly groups: NotationGroup[];
  /**
   * A breakdown for chat: `4d6kh3: [6, 5, 3, ~~1~~] = 14`. Each group's dice are in brackets in
   * rolled order; `~~x~~` is a dropped die, `x*` a success, `6+6+2` an exploded chain, and `1→4`
   * a reroll (the 1 was set aside, the 4 stands).
   */
  readonly text: string;
}

type Evaluate = (dice: DiceSource, groups: NotationGroup[]) => number;
type Render = (group: NotationGroup) => string;

interface Compiled {
  readonly notation: string;
  readonly evaluate: Evaluate;
  /** The breakdown up to the first group: `notation: ` and any text before it. */
  readonly head: string;
  /** The text after each group, up to the next one; the last ends with ` = ` before the total. */
  readonly joins: readonly string[];
  /** renderers[i] lays out groups[i]; groups are pushed in the same left-to-right order. */
  readonly renderers: readonly Render[];
}

/** A comparison as a closure, so the hot loop does not switch on the operator for every die. */
function tester(c: Compare): (value: number) => boolean {
  const x = c.value;
  switch (c.op) {
    case '<':
      return (v) => v < x;
    case '<=':
      return (v) => v <= x;
    case '>':
      return (v) => v > x;
    case '>=':
      return (v) => v >= x;
    case '=':
      return (v) => v === x;
  }
}

/**
 * Which dice a keep/drop keeps, as flags. Dice are ranked best first (highest or lowest value,
 * ties going to the earlier die so the choice is reproducible) and the first `keep` are kept. Done
 * by picking the best `keep` dice or striking the worst `n − keep`, whichever is fewer: one or two
 * scans for the usual 4d6kh3 or 2d20kh1.
 */
function markKept(values: readonly number[], highest: boolean, keep: number): boolean[] {
  const n = values.length;
  const sign = highest ? 1 : -1;
  const kept = new Array<boolean>(n);
  if (keep * 2 <= n) {
    for (let i = 0; i < n; i++) kept[i] = false;
    for (let k = 0; k < keep; k++) {
      let best = -1;
      let bestKey = 0;
      for (let i = 0; i < n; i++) {
        const key = sign * (values[i] as number);
        if (!kept[i] && (best < 0 || key > bestKey)) {
          best = i;
          bestKey = key;
        }
      }
      kept[best] = true;
    }
  } else {
    for (let i = 0; i < n; i++) kept[i] = true;
    for (let k = keep; k < n; k++) {
      let worst = -1;
      let worstKey = 0;
      for (let i = 0; i < n; i++) {
        const key = sign * (values[i] as number);
        if (kept[i] && (worst < 0 || key <= worstKey)) {
          worst = i;
          worstKey = key;
        }
      }
      kept[worst] = false;
    }
  }
  return kept;
}

/** How many dice a keep/drop keeps from `count`, and from which end. */
function keepPlan(node: DiceNode): { highest: boolean; keep: number } | undefined {
  const k = node.keep;
  if (!k) return undefined;
  const n = node.count;
  const c = Math.min(Math.max(k.count, 0), n);
  switch (k.mode) {
    case 'kh':
      return { highest: true, keep: c };
    case 'kl':
      return { highest: false, keep: c };
    case 'dh':
      return { highest: false, keep: n - c };
    case 'dl':
      return { highest: true, keep: n - c };
  }
}

// Arrays are allocated at their final length: growing them by push costs more than the dice.
function allKept(n: number): boolean[] {
  const kept = new Array<boolean>(n);
  for (let i = 0; i < n; i++) kept[i] = true;
  return kept;
}

/** Adds the explosion and reroll records a group has, leaving out (not undefined) the ones it has not. */
function withChains(
  group: NotationGroup,
  exploded: number[][] | undefined,
  rerolled: number[][] | undefined,
): NotationGroup {
  const out: { -readonly [K in keyof NotationGroup]: NotationGroup[K] } = { ...group };
  if (exploded) out.exploded = exploded;
  if (rerolled) out.rerolled = rerolled;
  return out;
}

function compileDice(node: DiceNode): { evaluate: Evaluate; render: Render } {
  const die: Die = dieOf(node.sides);
  const formula = formatDice(node);
  const dieName = die.name;
  const n = node.count;
  const plan = keepPlan(node);
  const isSuccess = node.success ? tester(node.success) : undefined;
  const reroll = node.reroll;
  const rerollWhen = reroll ? tester(reroll.when) : undefined;
  const explodeWhen = node.explode ? tester(node.explode) : undefined;
  const render = rendererFor(node);

  /** Applies keep/drop and success counting to the dice values; returns the group's value. */
  const finish = (
    faces: number[],
    groups: NotationGroup[],
    exploded: number[][] | undefined,
    rerolled: number[][] | undefined,
  ): number => {
    const kept = plan ? markKept(faces, plan.highest, plan.keep) : allKept(n);
    let value = 0;
    if (isSuccess) {
      const successes = new Array<boolean>(n);
      for (let i = 0; i < n; i++) {
        const hit = (!plan || (kept[i] as boolean)) && isSuccess(faces[i] as number);
        successes[i] = hit;
        if (hit) value++;
      }
      groups.push(
        exploded || rerolled
          ? withChains({ formula, die: dieName, faces, kept, value, successes }, exploded, rerolled)
          : { formula, die: dieName, faces, kept, value, successes },
      );
      return value;
    }
    for (let i = 0; i < n; i++) if (kept[i]) value += faces[i] as number;
    groups.push(
      exploded || rerolled
        ? withChains({ formula, die: dieName, faces, kept, value }, exploded, rerolled)
        : { formula, die: dieName, faces, kept, value },
    );
    return value;
  };

  if (!rerollWhen && !explodeWhen) {
    return {
      render,
      evaluate: (dice, groups) => {
        const faces = new Array<number>(n);
        for (let i = 0; i < n; i++) faces[i] = dice.roll(die, formula);
        return finish(faces, groups, undefined, undefined);
      },
    };
  }

  const rerollCap = reroll ? (reroll.once ? 1 : MAX_REROLLS_PER_DIE) : 0;
  const evaluate: Evaluate = (dice, groups) => {
    const faces: number[] = [];
    const exploded: number[][] | undefined = explodeWhen ? [] : undefined;
    const rerolled: number[][] | undefined = rerollWhen ? [] : undefined;
    for (let i = 0; i < n; i++) {
      const setAside: number[] = [];
      // Every draw of the group, first or explosion, obeys the reroll rule.
      const draw = (): number => {
        let face = dice.roll(die, formula);
        if (rerollWhen) {
          for (let left = rerollCap; left > 0 && rerollWhen(face); left--) {
            setAside.push(face);
            face = dice.roll(die, formula);
          }
        }
        return face;
      };
      let face = draw();
      let value = face;
      if (explodeWhen) {
        const chain = [face];
        for (let extra = 0; extra < MAX_EXPLOSIONS_PER_DIE && explodeWhen(face); extra++) {
          face = draw();
          chain.push(face);
          value += face;
        }
        exploded?.push(chain);
      }
      rerolled?.push(setAside);
      faces.push(value);
    }
    return finish(faces, groups, exploded, rerolled);
  };
  return { evaluate, render };
}

function compileNode(expr: DiceExpr, renderers: Render[]): Evaluate {
  switch (expr.type) {
    case 'number': {
      const value = expr.value;
      return () => value;
    }
    case 'dice': {
      const { evaluate, render } = compileDice(expr);
      renderers.push(render);
      return evaluate;
    }
    case 'negate': {
      const operand = compileNode(expr.operand, renderers);
      return (dice, groups) => 0 - operand(dice, groups);
    }
    case 'binary': {
      // Left before right, as the evaluation and the printed breakdown both go.
      const left = compileNode(expr.left, renderers);
      const right = compileNode(expr.right, renderers);
      const node = expr;
      switch (expr.op) {
        case '+':
          return (dice, groups) => {
            const v = left(dice, groups) + right(dice, groups);
            if (!Number.isSafeInteger(v)) throw tooLarge(node);
            return v;
          };
        case '-':
          return (dice, groups) => {
            const v = left(dice, groups) - right(dice, groups);
            if (!Number.isSafeInteger(v)) throw tooLarge(node);
            return v;
          };
        case '*':
          return (dice, groups) => {
            const v = left(dice, groups) * right(dice, groups);
            if (!Number.isSafeInteger(v)) throw tooLarge(node);
            return v === 0 ? 0 : v;
          };
        case '/':
          return (dice, groups) => {
            const a = left(dice, groups);
            const b = right(dice, groups);
            if (b === 0) throw divideByZero(node);
            return divideTowardZero(a, b);
          };
      }
    }
  }
}

function compile(expr: DiceExpr): Compiled {
  // Lay the expression out with a marker where each group goes; the pieces between are fixed text.
  const marker = '\u0000';
  const literals = formatWith(expr, () => marker).split(marker);
  const renderers: Render[] = [];
  const evaluate = compileNode(expr, renderers);
  const notation = formatNotation(expr);
  const [first = '', ...rest] = literals;
  const joins = rest.map((text, i) => (i === rest.length - 1 ? `${text} = ` : text));
  // With no dice the breakdown is the constant expression itself.
  const head = joins.length === 0 ? `${notation}: ${first} = ` : `${notation}: ${first}`;
  return { notation, evaluate, head, joins, renderers };
}

/*
 * Laying out the breakdown is most of the cost of a roll, so each die's piece of text ("3",
 * ", 3*", ", ~~1~~") comes from tables built once for the usual range of values; anything outside
 * it (a long explosion) is formatted on the spot.
 */
const TEXT_MIN = -64;
const TEXT_MAX = 1100;
type Mark = (v: number) => string;
const PLAIN: Mark = (v) => String(v);
const SUCCESS: Mark = (v) => `${v}*`;
const DROPPED: Mark = (v) => `~~${v}~~`;
const FIRST_PLAIN = table(PLAIN, '');
const FIRST_SUCCESS = table(SUCCESS, '');
const FIRST_DROPPED = table(DROPPED, '');
const NEXT_PLAIN = table(PLAIN, ', ');
const NEXT_SUCCESS = table(SUCCESS, ', ');
const NEXT_DROPPED = table(DROPPED, ', ');

function table(mark: Mark, prefix: string): string[] {
  return Array.from({ length: TEXT_MAX - TEXT_MIN + 1 }, (_, i) => prefix + mark(i + TEXT_MIN));
}

/** The text of die `i` showing `v` from the tables for `first`/`next`, or formatted when out of range. */
function piece(first: string[], next: string[], mark: Mark, i: number, v: number): string {
  const hit = (i === 0 ? first : next)[v - TEXT_MIN];
  if (hit !== undefined) return hit;
  return (i === 0 ? '' : ', ') + mark(v);
}

/** The general layout of one die: rerolled faces, the chain, a success mark, struck through if dropped. */
function renderDie(group: NotationGroup, i: number): string {
  let text = group.exploded ? (group.exploded[i] as number[]).join('+') : String(group.faces[i]);
  const setAside = group.rerolled?.[i];
  if (setAside && setAside.length > 0) text = `${setAside.join('→')}→${text}`;
  if (group.successes?.[i]) text += '*';
  return group.kept[i] ? text : `~~${text}~~`;
}

/** A layout specialised to the group's modifiers: the common plain and keep/success cases skip the general path. */
function rendererFor(node: DiceNode): Render {
  if (node.explode || node.reroll) {
    return (group) => {
      let text = '[';
      for (let i = 0; i < group.faces.length; i++) text += (i > 0 ? ', ' : '') + renderDie(group, i);
      return `${text}]`;
    };
  }
  if (node.success) {
    return (group) => {
      const { faces, kept, successes } = group;
      let text = '[';
      for (let i = 0; i < faces.length; i++) {
        const v = faces[i] as number;
        if (!kept[i]) text += piece(FIRST_DROPPED, NEXT_DROPPED, DROPPED, i, v);
        else if (successes?.[i]) text += piece(FIRST_SUCCESS, NEXT_SUCCESS, SUCCESS, i, v);
        else text += piece(FIRST_PLAIN, NEXT_PLAIN, PLAIN, i, v);
      }
      return `${text}]`;
    };
  }
  if (node.keep) {
    return (group) => {
      const { faces, kept } = group;
      let text = '[';
      for (let i = 0; i < faces.length; i++) {
        const v = faces[i] as number;
        text += kept[i]
          ? piece(FIRST_PLAIN, NEXT_PLAIN, PLAIN, i, v)
          : piece(FIRST_DROPPED, NEXT_DROPPED, DROPPED, i, v);
      }
      return `${text}]`;
    };
  }
  return (group) => {
    const faces = group.faces;
    let text = '[';
    for (let i = 0; i < faces.length; i++)
      text += piece(FIRST_PLAIN, NEXT_PLAIN, PLAIN, i, faces[i] as number);
    return `${text}]`;
  };
}

function run(compiled: Compiled, dice: DiceSource): NotationRoll {
  const groups: NotationGroup[] = [];
  const total = compiled.evaluate(dice, groups);
  const { joins, renderers } = compiled;
  let text = compiled.head;
  for (let i = 0; i < groups.length; i++) {
    text += (renderers[i] as Render)(groups[i] as NotationGroup) + joins[i];
  }
  text += piece(FIRST_PLAIN, NEXT_PLAIN, PLAIN, 0, total);
  return { notation: compiled.notation, total, groups, text };
}

const compiledByExpr = new WeakMap<DiceExpr, Compiled>();

/**
 * Rolls a parsed notation, drawing every die through `dice.roll(die, groupFormula)` so seeded,
 * scripted and entered dice all work. The AST is compiled to closures once and remembered.
 */
export function rollExpr(expr: DiceExpr, dice: DiceSource): NotationRoll {
  let compiled = compiledByExpr.get(expr);
  if (!compiled) {
    compiled = compile(expr);
    compiledByExpr.set(expr, compiled);
  }
  return run(compiled, dice);
}

/** How many distinct notation strings `rollNotation` keeps compiled (oldest forgotten first). */
export const PARSE_CACHE_SIZE = 256;
const compiledByText = new Map<string, Compiled>();

/**
 * Parses and rolls. Chat repeats the same few notations, so the compiled form is cached by text
 * (bounded, see PARSE_CACHE_SIZE); a bad notation is never cached and throws every time.
 */
export function rollNotation(text: string, dice: DiceSource): NotationRoll {
  let compiled = compiledByText.get(text);
  if (!compiled) {
    compiled = compile(parseNotation(text));
    if (compiledByText.size >= PARSE_CACHE_SIZE) {
      const oldest = compiledByText.keys().next().value;
      if (oldest !== undefined) compiledByText.delete(oldest);
    }
    compiledByText.set(text, compiled);
  }
  return run(compiled, dice);
}
