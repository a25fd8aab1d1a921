/**
 * A batch of the bench squad's simulated 3:16 encounters (`simulate.bench.ts` `OPTIONS`, on the
 * record), as an entry to bundle: `three-sixteen-alternate.ts` loads two bundles of it (two
 * versions of the code) and runs them in turns in one process.
 *
 *   npx esbuild bench/three-sixteen-batch.ts --bundle --platform=node --format=esm --outfile=/tmp/a.mjs
 */
import { SeededDice } from '../src/engine/dice/source.ts';
import { buildBaseState, EncounterRuns } from '../src/rules/three-sixteen/simulate/driver.ts';
import { CountingDice } from '../src/rules/three-sixteen/simulate/simulate.ts';
import { OPTIONS } from './simulate.bench.ts';

// One set of runs for every batch, as the simulator keeps one (a bare `runEncounter` builds one a call).
const runs = new EncounterRuns(buildBaseState(OPTIONS, new SeededDice(7)), OPTIONS);

/** `count` encounters from `seed`: the d10s drawn and a checksum of the outcomes (equal between versions that play the same). */
export function playBatch(count: number, seed: number): { draws: number; checksum: number } {
  const dice = new CountingDice(new SeededDice(seed));
  let checksum = 0;
  for (let k = 0; k < count; k++) {
    const o = runs.play(dice);
    checksum = (checksum * 31 + o.rounds + (o.win ? 7 : 0) + o.tokensReturned * 11) % 1_000_000_007;
    for (const kills of o.kills) checksum = (checksum * 13 + kills) % 1_000_000_007;
  }
  return { draws: dice.draws, checksum };
}
