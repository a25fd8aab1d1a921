import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { D10 } from '../src/engine/dice/die.ts';
import { type DiceSource, SeededDice } from '../src/engine/dice/source.ts';
import { compare, report } from './harness.ts';

const DRAWS = 1000;

/**
 * Typed d10 draws per second through our dice layer (a DiceSource call per die, as every rule makes
 * it) against the bare pure-rand loop it wraps: the price of the abstraction. One comparison only:
 * a second pair in the same process inherits JIT feedback from the first (the shared uniformInt
 * turns polymorphic) and its ratio says more about that than about our code.
 */
export default async function diceBench(): Promise<void> {
  // Typed as the interface every rule sees, so the call is the one rules make.
  const dice: DiceSource = new SeededDice(3160);
  const gen = xoroshiro128plus(3160);
  const bare = (): number => {
    let sum = 0;
    for (let i = 0; i < DRAWS; i++) sum += uniformInt(gen, 1, 10);
    return sum;
  };
  const viaSource = (): number => {
    let sum = 0;
    for (let i = 0; i < DRAWS; i++) sum += dice.roll(D10, 'bench');
    return sum;
  };
  const { ours, baseline } = compare(viaSource, bare);
  report({
    bench: 'd10 draws SeededDice.roll(D10)',
    ours: ours * DRAWS,
    baseline: baseline * DRAWS,
    unit: 'draws/s',
  });
}
