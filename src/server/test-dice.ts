import { type Die, isFace } from '../engine/dice/die.ts';
import type { DiceSource } from '../engine/dice/source.ts';
import { SeededDice } from '../engine/dice/source.ts';

/**
 * TEST ONLY: dice a test scripts for the tables of a server it starts in-process, so a browser
 * test is exact instead of hoping the table's random dice suit it. Live tables roll CryptoDice
 * (see hub.ts): predictable table dice were a high-severity finding, because anyone who knows the
 * coming faces knows what hidden rolls will say. So this module is reachable only through
 * `startServer({ testDice })`, a programmatic option: main.ts never passes it, no environment
 * variable, query or HTTP route sets it, and `test-dice.test.ts` proves main.ts's imports never
 * reach this file.
 *
 * Each table gets its own `ScriptedTableDice`, made on its first roll: faces queued for it come
 * first, then standing rules by purpose, then a seeded generator (the same seed for every table,
 * so a table's faces depend only on the commands it was sent, never on other tables of the run).
 */
export class TestTableDice {
  private readonly tables = new Map<string, ScriptedTableDice>();
  /** Rules every table gets when it is made (`always` before any table exists). */
  private readonly standing: PurposeRule[] = [];

  constructor(private readonly seed = 1) {}

  /** The dice of one table (made on first use; the server's hub asks this too). */
  table(tableId: string): ScriptedTableDice {
    let dice = this.tables.get(tableId);
    if (!dice) {
      dice = new ScriptedTableDice(this.seed);
      for (const rule of this.standing) dice.always(rule.purpose, rule.face);
      this.tables.set(tableId, dice);
    }
    return dice;
  }

  /** For every table from now on (and those already made): a roll whose purpose matches shows `face`. */
  always(purpose: RegExp, face: FaceRule): this {
    this.standing.push({ purpose, face });
    for (const dice of this.tables.values()) dice.always(purpose, face);
    return this;
  }
}

/** The face a standing rule gives: a number, or one chosen from the die and the purpose. */
export type FaceRule = number | ((die: Die, purpose: string) => number);

interface PurposeRule {
  readonly purpose: RegExp;
  readonly face: FaceRule;
}

/** One face the table rolled, for a test to read (what was asked, and what it showed). */
export interface RolledFace {
  readonly die: string;
  readonly face: number;
  readonly purpose: string;
  /** Where it came from: the queue, a standing rule, or the seeded fallback. */
  readonly from: 'queue' | 'rule' | 'seed';
}

/**
 * One table's test dice. A roll takes, in order: the next queued face whose purpose filter
 * matches (`queue`), else the latest standing rule whose purpose matches (`always`), else the
 * seeded generator. A face that the die cannot show is an error, not a quiet substitute. A
 * refused command's rolls are used up like any other (the same commands give the same faces).
 */
export class ScriptedTableDice implements DiceSource {
  private readonly queued: { purpose: RegExp | null; face: number }[] = [];
  private readonly rules: PurposeRule[] = [];
  private readonly fallback: SeededDice;
  /** Every face rolled, in order. */
  readonly rolled: RolledFace[] = [];

  constructor(seed: number) {
    this.fallback = new SeededDice(seed);
  }

  /** Faces for the next rolls; with `purpose`, only for rolls whose purpose matches it (in order). */
  queue(faces: readonly number[], purpose?: RegExp): this {
    for (const face of faces) this.queued.push({ purpose: purpose ?? null, face });
    return this;
  }

  /** From now on, every roll whose purpose matches shows `face` (a later rule wins over an earlier). */
  always(purpose: RegExp, face: FaceRule): this {
    this.rules.unshift({ purpose, face });
    return this;
  }

  /** Queued faces not rolled yet (a test checks its script was used up). */
  get pending(): number {
    return this.queued.length;
  }

  roll(die: Die, purpose: string): number {
    const at = this.queued.findIndex((q) => q.purpose === null || q.purpose.test(purpose));
    let face: number;
    let from: RolledFace['from'];
    if (at >= 0) {
      face = (this.queued.splice(at, 1)[0] as { face: number }).face;
      from = 'queue';
    } else {
      const rule = this.rules.find((r) => r.purpose.test(purpose));
      if (rule) {
        face = typeof rule.face === 'number' ? rule.face : rule.face(die, purpose);
        from = 'rule';
      } else {
        face = this.fallback.roll(die);
        from = 'seed';
      }
    }
    if (!isFace(die, face)) throw new Error(`test dice: ${face} is not a face of a ${die.name} (${purpose})`);
    this.rolled.push({ die: die.name, face, purpose, from });
    return face;
  }
}
