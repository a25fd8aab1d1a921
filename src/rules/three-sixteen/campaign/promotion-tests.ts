import { D10 } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';
import type { TestFace } from '../events.ts';

/**
 * The NFA tests that settle a tied field promotion, apart from the state so the table
 * (`between.ts` `fieldPromotionTests`) and the simulator's encounter record (`encounter/round.ts`
 * `fieldPromotionRoll`) roll the very same dice for the same purposes: one implementation.
 */

/** One NFA test: a d10 at or under the NFA succeeds. */
export function rollNfa(dice: DiceSource, purpose: string, name: string, nfa: number): TestFace {
  const face = dice.roll(D10, `${purpose}: ${name} tests NFA ${nfa}`);
  return { face, target: nfa, success: face <= nfa };
}

/**
 * Tied candidates test until one is left: the best success wins; with no success, the best failed
 * roll does (Bughunt read: candidates still level at the top test again). `test` rolls one
 * candidate's die; the rounds of tests come back in order with the winner.
 */
export function settleTie<K>(
  candidates: readonly K[],
  test: (candidate: K) => TestFace,
): { rounds: { candidate: K; test: TestFace }[][]; winner: K } {
  const rounds: { candidate: K; test: TestFace }[][] = [];
  let tied = [...candidates];
  while (tied.length > 1) {
    const round = tied.map((candidate) => ({ candidate, test: test(candidate) }));
    rounds.push(round);
    const successes = round.filter((r) => r.test.success);
    const pool = successes.length > 0 ? successes : round;
    const best = Math.max(...pool.map((r) => r.test.face));
    tied = pool.filter((r) => r.test.face === best).map((r) => r.candidate);
  }
  return { rounds, winner: tied[0] as K };
}
