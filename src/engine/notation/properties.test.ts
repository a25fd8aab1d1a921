import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from '../dice/source.ts';
import { dieOf, matches, type Sides } from './ast.ts';
import { isNotationError } from './errors.ts';
import { type Distribution, exactDistribution } from './exact.ts';
import { formatNotation } from './format.ts';
import { parseNotation } from './parser.ts';
import { rollExpr } from './roll.ts';

const SIDES: Sides[] = [2, 3, 4, 6, 'F', 'A'];
const OPS = ['<', '<=', '>', '>=', '='] as const;

/** The values a die's faces can show (with repeats, one per physical face). */
function faces(sides: Sides): readonly number[] {
  const die = dieOf(sides);
  return die.labels ?? Array.from({ length: die.sides }, (_, i) => i + 1);
}

const sidesText = (sides: Sides): string => `d${sides}`;

/** A small dice group as text, with any mix of modifiers that keeps exact odds quick. */
const group = fc
  .record({
    count: fc.integer({ min: 1, max: 3 }),
    sides: fc.constantFrom(...SIDES),
    keep: fc.option(fc.tuple(fc.constantFrom('kh', 'kl', 'dh', 'dl'), fc.integer({ min: 0, max: 4 }))),
    explode: fc.boolean(),
    reroll: fc.option(fc.tuple(fc.boolean(), fc.constantFrom(...OPS))),
    success: fc.option(fc.tuple(fc.constantFrom(...OPS), fc.integer({ min: -1, max: 6 }))),
  })
  .map(({ count, sides, keep, explode, reroll, success }) => {
    const values = faces(sides);
    const low = Math.min(...values);
    let text = `${count}${sidesText(sides)}`;
    // Reroll on the lowest face only, so `r` never covers every face.
    if (reroll)
      text += `${reroll[0] ? 'ro' : 'r'}${reroll[1] === '<=' || reroll[1] === '=' ? reroll[1] : '='}${low}`;
    // A comparison right after '!' would be its condition, so spell the default out before a success count.
    if (explode) text += success ? `!=${Math.max(...values)}` : '!';
    if (keep) text += `${keep[0]}${keep[1]}`;
    if (success) text += `${success[0]}${success[1]}`;
    return text;
  });

const expression: fc.Arbitrary<string> = fc
  .letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      group,
      fc.integer({ min: 0, max: 5 }).map(String),
      fc
        .tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/'), tie('expr'))
        .map(([a, op, b]) => `(${a})${op}(${b})`),
      tie('expr').map((a) => `-(${a})`),
    ),
  }))
  .expr.filter((text) => text.length < 120);

function exactOrSkip(text: string): Distribution | undefined {
  try {
    return exactDistribution(parseNotation(text));
  } catch (e) {
    // A divisor that can be 0, or a product too wide: nothing to compare.
    if (isNotationError(e) && (e.code === 'NOTATION_DIVIDE_BY_ZERO' || e.code === 'NOTATION_TOO_COMPLEX')) {
      return undefined;
    }
    throw e;
  }
}

describe('notation properties', () => {
  it('every rolled total is in the exact support, and the exact counts sum to the denominator', () => {
    fc.assert(
      fc.property(expression, fc.integer(), (text, seed) => {
        const expr = parseNotation(text);
        expect(formatNotation(parseNotation(formatNotation(expr)))).toBe(formatNotation(expr));
        const dist = exactOrSkip(text);
        if (!dist) return;
        expect(dist.counts.reduce((a, b) => a + b, 0n)).toBe(dist.denominator);
        expect(dist.counts.every((c) => c > 0n)).toBe(true);
        const support = new Set(dist.totals);
        const dice = new SeededDice(seed);
        for (let i = 0; i < 20; i++) expect(support.has(rollExpr(expr, dice).total)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('keep/drop, success counting and reroll-once match brute-force enumeration of small pools', () => {
    const pool = fc
      .record({
        sides: fc.constantFrom(...SIDES),
        mode: fc.constantFrom('kh', 'kl', 'dh', 'dl'),
        keep: fc.integer({ min: 0, max: 5 }),
        success: fc.option(fc.tuple(fc.constantFrom(...OPS), fc.integer({ min: -1, max: 6 }))),
        rerollOnce: fc.option(fc.constantFrom(...OPS)),
      })
      .chain((p) => fc.integer({ min: 1, max: p.rerollOnce ? 2 : 4 }).map((count) => ({ ...p, count })));

    fc.assert(
      fc.property(pool, ({ sides, mode, keep, success, rerollOnce, count }) => {
        const values = faces(sides);
        const W = values.length;
        const when = rerollOnce ? { op: rerollOnce, value: values[W >> 1] as number } : undefined;
        let text = `${count}${sidesText(sides)}`;
        if (when) text += `ro${when.op}${when.value}`;
        text += `${mode}${keep}`;
        if (success) text += `${success[0]}${success[1]}`;
        const expr = parseNotation(text);

        // Enumerate every equally likely outcome. With reroll-once each die owns two faces, the
        // second used only if the first matches (so every pair counts once, as in the exact odds).
        const perDie = when ? 2 : 1;
        const slots = count * perDie;
        const tally = new Map<number, bigint>();
        const index = new Array<number>(slots).fill(0);
        for (;;) {
          const script: number[] = [];
          for (let d = 0; d < count; d++) {
            const first = values[index[d * perDie] as number] as number;
            script.push(first);
            if (when && matches(when, first)) script.push(values[index[d * perDie + 1] as number] as number);
          }
          const dice = new ScriptedDice(script);
          const total = rollExpr(expr, dice).total;
          expect(dice.remaining).toBe(0);
          tally.set(total, (tally.get(total) ?? 0n) + 1n);
          let k = 0;
          while (k < slots && index[k] === W - 1) index[k++] = 0;
          if (k === slots) break;
          index[k] = (index[k] as number) + 1;
        }

        const dist = exactDistribution(expr);
        expect(dist.denominator).toBe(BigInt(W) ** BigInt(slots));
        const exact = new Map(dist.totals.map((t, i) => [t, dist.counts[i] as bigint]));
        expect(exact).toEqual(tally);
      }),
      { numRuns: 200 },
    );
  });
});
