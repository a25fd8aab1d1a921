import { AVERAGE_DIE, D6, type Die, d } from '../../engine/dice/die.ts';
import type { DiceSource } from '../../engine/dice/source.ts';

/**
 * The few dice this game rolls, each asked for with a purpose so an entered-dice table knows what
 * to roll. The faces always go into the events that result.
 */

export function d6(dice: DiceSource, purpose: string): number {
  return dice.roll(D6, purpose);
}

/** The average die: faces 2, 3, 3, 4, 4, 5. */
export function avd(dice: DiceSource, purpose: string): number {
  return dice.roll(AVERAGE_DIE, purpose);
}

/** A die with `n` faces, for drawing one of `n` things at random (a chit, a card, a tile). */
export function pick(dice: DiceSource, n: number, purpose: string): number {
  if (n <= 1) return 0;
  return dice.roll(d(n), purpose) - 1;
}

/** Roll-off among `n` tied parties: each rolls d6, reroll the tied highest; returns the winner's index. */
export function rollOff(dice: DiceSource, n: number, purpose: string, faces: number[]): number {
  let tied = Array.from({ length: n }, (_, i) => i);
  while (tied.length > 1) {
    let best = 0;
    const rolls = tied.map(() => {
      const f = d6(dice, purpose);
      faces.push(f);
      if (f > best) best = f;
      return f;
    });
    tied = tied.filter((_, i) => rolls[i] === best);
  }
  return tied[0] as number;
}

/** Shuffle `items` with dice: a draw without replacement, one die per position (Fisher–Yates). */
export function shuffle<T>(dice: DiceSource, items: readonly T[], purpose: string, faces: number[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = pick(dice, i + 1, purpose);
    faces.push(j + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

export type { Die };

/** Rolls a pack's dice amount (`dice` dice added, plus `add`, at least `min`), faces into `faces`. */
export function rollAmount(
  dice: DiceSource,
  amount: {
    readonly dice: number;
    readonly die: 'd6' | 'avd' | 'd3' | 'd8';
    readonly add: number;
    readonly min: number;
  },
  purpose: string,
  faces: number[],
): number {
  let total = amount.add;
  const die = amount.die === 'avd' ? AVERAGE_DIE : d(amount.die === 'd3' ? 3 : amount.die === 'd8' ? 8 : 6);
  for (let i = 0; i < amount.dice; i++) {
    const f = dice.roll(die, purpose);
    faces.push(f);
    total += f;
  }
  return Math.max(amount.min, total);
}
