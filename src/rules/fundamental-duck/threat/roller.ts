import { D6, type Die } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';

/** One face the AI drew, in draw order. */
export interface DieRecord {
  readonly die: string;
  readonly face: number;
  readonly purpose: string;
}

/** One roll-off: who was tied, and each round's d6 faces (in `parties` order, the still-tied ones). */
export interface RollOffRecord {
  readonly purpose: string;
  readonly parties: readonly string[];
  readonly rounds: readonly (readonly number[])[];
  /** The parties in the order the roll-off put them (a winner-only roll-off lists the winner). */
  readonly result: readonly string[];
}

/**
 * The AI's dice for one call: every face is drawn from the given source with its purpose and kept,
 * so a decision carries all its faces and a replay needs no seed.
 */
export class Roller {
  readonly faces: DieRecord[] = [];
  readonly rollOffs: RollOffRecord[] = [];
  constructor(private readonly source: DiceSource) {}

  roll(die: Die, purpose: string): number {
    const face = this.source.roll(die, purpose);
    this.faces.push({ die: die.name, face, purpose });
    return face;
  }

  /**
   * Roll-off for the first place among tied parties (digest §2): each rolls a d6 in the given order,
   * the highest wins, the tied highest roll again. Returns the winner's index.
   */
  winner(parties: readonly string[], purpose: string): number {
    let tied = parties.map((_, i) => i);
    const rounds: number[][] = [];
    while (tied.length > 1) {
      const faces = tied.map((i) => this.roll(D6, `roll-off: ${purpose} (${parties[i]})`));
      rounds.push(faces);
      const best = Math.max(...faces);
      tied = tied.filter((_, k) => faces[k] === best);
    }
    const win = tied[0] as number;
    this.rollOffs.push({ purpose, parties, rounds, result: [parties[win] as string] });
    return win;
  }

  /**
   * Roll-off putting tied parties in order (highest first); a tie inside the result is rolled off
   * again among those parties, at once, before the next lower face is settled. Returns indexes.
   */
  rank(parties: readonly string[], purpose: string): number[] {
    const order: number[] = [];
    const rounds: number[][] = [];
    const settle = (group: number[]): void => {
      if (group.length === 1) {
        order.push(group[0] as number);
        return;
      }
      const faces = group.map((i) => this.roll(D6, `roll-off: ${purpose} (${parties[i]})`));
      rounds.push(faces);
      const distinct = [...new Set(faces)].sort((a, b) => b - a);
      for (const f of distinct) settle(group.filter((_, k) => faces[k] === f));
    };
    settle(parties.map((_, i) => i));
    this.rollOffs.push({ purpose, parties, rounds, result: order.map((i) => parties[i] as string) });
    return order;
  }
}

/**
 * The best of `items` by `better` (negative: a is better), ties rolled off by name. The roll-off is
 * made only when more than one item is best.
 */
export function pickBest<T>(
  items: readonly T[],
  better: (a: T, b: T) => number,
  name: (t: T) => string,
  roller: Roller,
  purpose: string,
): { item: T; tied: boolean } | null {
  if (items.length === 0) return null;
  let best: T[] = [items[0] as T];
  for (let i = 1; i < items.length; i++) {
    const it = items[i] as T;
    const c = better(it, best[0] as T);
    if (c < 0) best = [it];
    else if (c === 0) best.push(it);
  }
  if (best.length === 1) return { item: best[0] as T, tied: false };
  const w = roller.winner(best.map(name), purpose);
  return { item: best[w] as T, tied: true };
}

/** Ascending comparison that treats two Infinities as equal (plain subtraction would give NaN). */
export function cmp(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}
