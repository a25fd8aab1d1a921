import { type Proportion, wilson } from '../../../engine/estimates.ts';
import type { Pack } from '../data/pack-schema.ts';
import { type FightOutcome, runFight, type Scenario } from './fight.ts';

/** Many fights of one scenario: who stands, Turns, ammunition, with 95% intervals. */

export interface Mean {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

export interface SimulationReport {
  readonly scenario: string;
  readonly n: number;
  readonly seed: number;
  readonly wins: readonly [Proportion, Proportion];
  readonly draws: Proportion;
  readonly standing: readonly {
    readonly character: string;
    readonly side: 0 | 1;
    readonly standing: Proportion;
    readonly dead: Proportion;
  }[];
  readonly turns: Mean;
  readonly roundsFired: readonly [Mean, Mean];
}

function meanOf(values: readonly number[]): Mean {
  const n = values.length;
  if (n === 0) return { mean: 0, low: 0, high: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) : 0;
  const half = 1.96 * Math.sqrt(variance / n);
  return { mean, low: mean - half, high: mean + half };
}

export function simulate(pack: Pack, scenario: Scenario, n: number, seed: number): SimulationReport {
  const outcomes: FightOutcome[] = [];
  // Seeds derived per fight: fight i is the same whatever n is.
  const reuse = { record: null };
  for (let i = 0; i < n; i++) outcomes.push(runFight(pack, scenario, (seed * 1_000_003 + i) >>> 0, reuse));
  const count = (f: (o: FightOutcome) => boolean) => outcomes.filter(f).length;
  const names = [
    ...scenario.sides[0].map((c) => ({ c, side: 0 as const })),
    ...scenario.sides[1].map((c) => ({ c, side: 1 as const })),
  ];
  return {
    scenario: scenario.id,
    n,
    seed,
    wins: [
      wilson(
        count((o) => o.winner === 0),
        n,
      ),
      wilson(
        count((o) => o.winner === 1),
        n,
      ),
    ],
    draws: wilson(
      count((o) => o.winner === null),
      n,
    ),
    standing: names.map(({ c, side }, i) => ({
      character: c,
      side,
      standing: wilson(
        count((o) => o.standing[i] === true),
        n,
      ),
      dead: wilson(
        count((o) => o.dead[i] === true),
        n,
      ),
    })),
    turns: meanOf(outcomes.map((o) => o.turns)),
    roundsFired: [
      meanOf(outcomes.map((o) => o.roundsFired[0])),
      meanOf(outcomes.map((o) => o.roundsFired[1])),
    ],
  };
}
