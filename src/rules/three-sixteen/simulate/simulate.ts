import type { Die } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';
import { SeededDice } from '../../../engine/dice/source.ts';
import { type MeanEstimate, meanEstimate, type Proportion, wilson } from '../../../engine/estimates.ts';
import { Rng } from '../../../engine/rng.ts';
import { buildBaseState, EncounterRuns, type RunOutcome, runMission } from './driver.ts';
import { planetThreatFor, rankOf, type SimulationOptions, validateOptions } from './options.ts';
import type { Chooser } from './policy.ts';
import { addOutcome, emptyTally, mergeTallies, type Tally } from './stats.ts';

/**
 * Monte-Carlo simulation of 3:16 encounters (or whole missions) played by the real ruleset.
 *
 * Runs are cut into blocks of BLOCK_SIZE; block b draws its dice from its own stream, the (b+2)-th
 * `Rng.split()` of the seed's generator (the first split builds the table). So a block's results
 * depend only on the seed and the block number — never on how many threads ran, which thread took
 * which block, or when — and the totals are exact integer sums. Same seed, same summary, byte for
 * byte, with or without workers.
 *
 * Where the rules leave the table a free choice between equals (which of several doomed troopers
 * spends a Strength), the policy asks a chooser. Block b's chooser draws from a stream of its own,
 * one jump past the start of the block's dice stream (see `policyStream`), so those picks never
 * move a die the rules roll: adding them changed who was credited with a Strength's kills, not a
 * single roll.
 */

export const BLOCK_SIZE = 500;

export function blockCount(n: number): number {
  return Math.ceil(n / BLOCK_SIZE);
}

/** Dice that count how many draws they serve (the benchmark's draw counter). */
export class CountingDice implements DiceSource {
  draws = 0;
  constructor(private readonly inner: DiceSource) {}
  // Named parameters rather than a rest list: spreading one allocates an array per draw.
  roll(die: Die, purpose: string): number {
    this.draws++;
    return this.inner.roll(die, purpose);
  }
}

/**
 * The policy's stream for a block whose dice draw from `block` (taken before any draw). `split`
 * on a copy jumps it once: block streams start at odd multiples of 2^64 draws past the master's
 * start (split jumps the master, clones, jumps again), so this one starts at the even multiple in
 * between, which no dice stream uses, and a block draws far fewer than 2^64 numbers.
 */
export function policyStream(block: Rng): Rng {
  return Rng.fromState(block.getState()).split();
}

/** A chooser drawing uniformly from `rng`. */
export function chooserFrom(rng: Rng): Chooser {
  return (count) => rng.int(0, count - 1);
}

/**
 * The block layout every simulation keeps (see the header): the seed's first stream sets the
 * table up, block b plays on the (b+2)-th (its policy picks on `policyStream` of it), and `n`
 * runs fill blocks of BLOCK_SIZE. Tallies blocks [from, to) of `pcs` troopers. Pure: same
 * arguments, same tally.
 */
export function playBlocks<Base>(
  seed: number,
  n: number,
  pcs: number,
  from: number,
  to: number,
  setUp: (dice: DiceSource) => Base,
  play: (base: Base, dice: DiceSource, choose: Chooser) => RunOutcome,
  wrap: (dice: DiceSource) => DiceSource = (d) => d,
): Tally {
  const master = Rng.fromSeed(seed);
  const base = setUp(new SeededDice(master.split()));
  for (let b = 0; b < from; b++) master.split();
  const tally = emptyTally(pcs);
  for (let b = from; b < to; b++) {
    const stream = master.split();
    const choose = chooserFrom(policyStream(stream));
    const dice = wrap(new SeededDice(stream));
    const runs = Math.min(BLOCK_SIZE, n - b * BLOCK_SIZE);
    for (let i = 0; i < runs; i++) addOutcome(tally, play(base, dice, choose));
  }
  return tally;
}

/** Plays blocks [from, to) of the options' simulation and returns their tally. */
export function runBlocks(
  options: SimulationOptions,
  from: number,
  to: number,
  wrap: (dice: DiceSource) => DiceSource = (d) => d,
): Tally {
  const { seed, n } = options;
  const pcs = options.pcs.length;
  if (options.mission)
    return playBlocks(
      seed,
      n,
      pcs,
      from,
      to,
      (dice) => buildBaseState(options, dice),
      (base, dice, choose) => runMission(base, options, dice, choose),
      wrap,
    );
  return playBlocks(
    seed,
    n,
    pcs,
    from,
    to,
    (dice) => new EncounterRuns(buildBaseState(options, dice), options),
    (runs, dice, choose) => runs.play(dice, choose),
    wrap,
  );
}

export interface PcSummary {
  readonly pc: string;
  readonly fa: number;
  readonly nfa: number;
  readonly weapon: string;
  readonly rank: number;
  readonly dead: Proportion;
  readonly kills: MeanEstimate;
}

export interface SimulationSummary {
  readonly system: 'three-sixteen';
  readonly mode: 'encounter' | 'mission';
  readonly seed: number;
  readonly n: number;
  readonly aa: number;
  /** Encounter mode: tokens committed; mission mode: the planet's Threat. */
  readonly tokens: number;
  readonly threat: number;
  readonly final: boolean;
  readonly abilities: readonly string[];
  /**
   * Encounter: its tokens all gone (kills or a Strength) with a trooper alive. Mission: planet
   * cleared with a trooper alive. A Strength ending is a win by the rules; `strengthUsed` and
   * `endReasons.strength` say how many wins were bought that way.
   */
  readonly win: Proportion;
  /** Runs in which at least one trooper used a Strength (counted from `strength.used` events). */
  readonly strengthUsed: Proportion;
  /** Strengths used per run. */
  readonly strengthsPerRun: MeanEstimate;
  readonly anyDead: Proportion;
  readonly pcs: readonly PcSummary[];
  readonly rounds: MeanEstimate & {
    readonly distribution: readonly { rounds: number; count: number; p: number }[];
  };
  readonly tokensReturned: MeanEstimate;
  readonly encounters: MeanEstimate;
  /** How the (last) encounter of each run ended, sorted by reason. */
  readonly endReasons: Readonly<Record<string, number>>;
}

/** Six decimals: enough for any reader, and the JSON stays short. */
const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const prop = (p: Proportion): Proportion => ({
  count: p.count,
  p: r6(p.p),
  low: r6(p.low),
  high: r6(p.high),
});
const mean = (m: MeanEstimate): MeanEstimate => ({
  mean: r6(m.mean),
  sd: r6(m.sd),
  low: m.low === null ? null : r6(m.low),
  high: m.high === null ? null : r6(m.high),
});

export function summarize(options: SimulationOptions, t: Tally): SimulationSummary {
  const mission = options.mission ?? false;
  const threat = planetThreatFor(options);
  const endReasons: Record<string, number> = {};
  for (const k of Object.keys(t.endReasons).sort()) endReasons[k] = t.endReasons[k] ?? 0;
  return {
    system: 'three-sixteen',
    mode: mission ? 'mission' : 'encounter',
    seed: options.seed,
    n: t.n,
    aa: options.aa,
    tokens: mission ? threat : options.tokens,
    threat,
    final: options.final ?? false,
    abilities: [...options.abilities],
    win: prop(wilson(t.wins, t.n)),
    strengthUsed: prop(wilson(t.strengthRuns, t.n)),
    strengthsPerRun: mean(meanEstimate(t.strengthsSum, t.strengthsSumSq, t.n)),
    anyDead: prop(wilson(t.anyDead, t.n)),
    pcs: options.pcs.map((pc, i) => ({
      pc: `PC${i + 1}`,
      fa: pc.fa,
      nfa: pc.nfa,
      weapon: pc.weapon,
      rank: rankOf(pc),
      dead: prop(wilson(t.deadByPc[i] ?? 0, t.n)),
      kills: mean(meanEstimate(t.killsSum[i] ?? 0, t.killsSumSq[i] ?? 0, t.n)),
    })),
    rounds: {
      ...mean(meanEstimate(t.roundsSum, t.roundsSumSq, t.n)),
      distribution: t.roundsHistogram
        .map((count, rounds) => ({ rounds, count, p: r6(count / t.n) }))
        .filter((x) => x.count > 0),
    },
    tokensReturned: mean(meanEstimate(t.tokensSum, t.tokensSumSq, t.n)),
    encounters: mean(meanEstimate(t.encountersSum, t.encountersSumSq, t.n)),
    endReasons,
  };
}

/**
 * Plays `options.n` encounters (or missions with `mission: true`) in this thread and summarises
 * them. For the web app's "odds of the planned encounter": pure, synchronous, no worker needed.
 * Bad options throw a RuleError with code SIM_INVALID_OPTION.
 */
export function simulateEncounters(options: SimulationOptions): SimulationSummary {
  validateOptions(options);
  return summarize(options, runBlocks(options, 0, blockCount(options.n)));
}

/** Adds tallies in the order given (exact: integer sums). */
export function mergeAll(pcs: number, tallies: readonly Tally[]): Tally {
  return tallies.reduce(mergeTallies, emptyTally(pcs));
}
