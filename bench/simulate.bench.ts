import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { SeededDice } from '../src/engine/dice/source.ts';
import { buildBaseState, EncounterRuns } from '../src/rules/three-sixteen/simulate/driver.ts';
import type { SimulationOptions } from '../src/rules/three-sixteen/simulate/options.ts';
import { CountingDice } from '../src/rules/three-sixteen/simulate/simulate.ts';
import { compare, report } from './harness.ts';

/** The bench's squad (also `three-sixteen-cpu.ts`'s): 4 PCs FA 6 NFA 4 with Energy Rifles, AA 6, 8 tokens. */
export const OPTIONS: SimulationOptions = {
  pcs: Array.from({ length: 4 }, () => ({ fa: 6, nfa: 4, weapon: 'energyRifle' as const })),
  aa: 6,
  tokens: 8,
  abilities: [],
  n: 1,
  seed: 1,
};
const DRAWS = 1000;

/**
 * The baseline of (b): a minimal hand-written 3:16 encounter with the same squad, AA and tokens —
 * everyone at Near, troopers always fight (FA 6, Energy Rifle d10 kills), the aliens hit every
 * trooper who failed or rolled lower, three boxes and you are dead. No events, no validation, no
 * state copies, no Dominance, armour or flashbacks: what the dice alone cost.
 */
function bareEncounter(gen: ReturnType<typeof xoroshiro128plus>): number {
  let tokens = 8;
  const wounds = [0, 0, 0, 0];
  const faces = [0, 0, 0, 0];
  let rounds = 0;
  while (tokens > 0 && wounds.some((w) => w < 3) && rounds < 100) {
    rounds++;
    for (let i = 0; i < 4; i++) faces[i] = (wounds[i] as number) < 3 ? uniformInt(gen, 1, 10) : 11;
    const aa = uniformInt(gen, 1, 10);
    for (let i = 0; i < 4; i++) {
      const f = faces[i] as number;
      if (f <= 6 && tokens > 0 && (aa > 6 || f > aa)) {
        tokens--;
        uniformInt(gen, 1, 10);
      }
    }
    if (aa <= 6) {
      for (let i = 0; i < 4; i++) {
        const f = faces[i] as number;
        if (f <= 10 && (f > 6 || f <= aa)) wounds[i] = (wounds[i] as number) + 1;
      }
    }
  }
  return rounds;
}

/**
 * (a) d10 draws per second inside the real engine while it plays encounters (a counting wrapper
 * around the SeededDice every command draws from) against a bare pure-rand d10 loop in the same
 * run: how much of the engine's time goes to dice. (b) Whole encounters per second through the
 * ruleset against the minimal hand-written encounter loop above.
 */
export default async function simulateBench(): Promise<void> {
  const runs = new EncounterRuns(buildBaseState(OPTIONS, new SeededDice(7)), OPTIONS);
  const counting = new CountingDice(new SeededDice(3160));
  let encounters = 0;
  const engine = (): number => {
    encounters++;
    return runs.play(counting).rounds;
  };
  const gen = xoroshiro128plus(3160);
  const bareDraws = (): number => {
    let sum = 0;
    for (let i = 0; i < DRAWS; i++) sum += uniformInt(gen, 1, 10);
    return sum;
  };
  // A whole encounter is ~50 commands through a large ruleset: the default 250 ms warm-up times
  // mostly unoptimised code (a few hundred encounters in all), so this bench warms up for longer
  // and times longer batches to report the steady state a simulation of thousands runs at.
  const steady = { warmupMs: 3000, batchMs: 250, batches: 7 };
  const a = compare(engine, bareDraws, steady);
  const drawsPerEncounter = counting.draws / encounters;
  report({
    bench: 'd10 draws while simulating 3:16 encounters (real ruleset) vs bare pure-rand d10 loop',
    ours: a.ours * drawsPerEncounter,
    baseline: a.baseline * DRAWS,
    unit: 'draws/s',
  });
  const gen2 = xoroshiro128plus(316);
  const b = compare(engine, () => bareEncounter(gen2), steady);
  report({
    bench: '3:16 encounters through the ruleset vs a minimal hand-written encounter loop',
    ours: b.ours,
    baseline: b.baseline,
    unit: 'encounters/s',
  });
}
