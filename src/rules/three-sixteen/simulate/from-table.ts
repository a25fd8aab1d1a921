import { RuleError } from '../../../engine/rule-error.ts';
import type { ThreeSixteenState } from '../state.ts';
import { EncounterRuns, fightingIds } from './driver.ts';
import { MAX_RUNS, MAX_SEED, type SimulationOptions } from './options.ts';
import { blockCount, playBlocks, type SimulationSummary, summarize } from './simulate.ts';

/**
 * Odds of the encounter the GM is about to start, played from the table as it stands: the
 * troopers with their wounds, armour, used and open flashback slots, improved weapons, vehicles
 * and held support, the planet's AA, abilities and pool. The generic simulator builds fresh
 * troopers from FA / NFA / weapon; this one starts every run from the real state instead, so what
 * the squad went through earlier in the mission counts.
 */
export interface PlannedEncounter {
  readonly tokens: number;
  readonly final: boolean;
  readonly n: number;
  readonly seed: number;
  /** Who goes in (default: every active trooper), as `startEncounter` takes it. */
  readonly troopers?: readonly string[];
}

function invalid(message: string): never {
  throw new RuleError('SIM_INVALID_OPTION', message);
}

export function simulateFromTable(table: ThreeSixteenState, plan: PlannedEncounter): SimulationSummary {
  const planet = table.planet;
  if (!planet) invalid('set the planet before asking for the odds of an encounter');
  if (table.campaign.phase !== 'mission') invalid('the odds are for an encounter of a mission under way');
  if (table.encounter) invalid('an encounter is already under way');
  const ids = plan.troopers ? [...plan.troopers] : fightingIds(table);
  if (ids.length === 0) invalid('no trooper is left to fight');
  for (const id of ids)
    if (table.troopers[id]?.status !== 'active') invalid(`${id} is not a trooper who can fight`);
  if (!Number.isInteger(plan.n) || plan.n < 1 || plan.n > MAX_RUNS)
    invalid(`the number of runs must be a whole number from 1 to ${MAX_RUNS}`);
  if (!Number.isInteger(plan.seed) || plan.seed < 0 || plan.seed > MAX_SEED)
    invalid(`the seed must be a whole number from 0 to ${MAX_SEED}`);
  const options: SimulationOptions = {
    pcs: ids.map((id) => {
      const t = table.troopers[id];
      if (!t) invalid(`trooper ${id} is missing`);
      return { fa: t.fa, nfa: t.nfa, weapon: t.defaultWeapon, rank: t.rank };
    }),
    aa: planet.aa,
    tokens: plan.tokens,
    final: plan.final,
    threat: planet.threat.pool,
    abilities: planet.abilities,
    n: plan.n,
    seed: plan.seed,
  };
  // The summary reports the kills each run adds, as the generic simulator does from its fresh squad.
  const killsBefore = ids.map((id) => table.troopers[id]?.killsThisMission ?? 0);
  // The narrative log is copied on every entry appended; a long campaign's log would make each run
  // pay for the whole history. The runs never read it, so they start from an empty one.
  const base: ThreeSixteenState = { ...table, log: [] };
  // The table exists already: the set-up stream goes unused, so the runs draw what the generic
  // simulator's would. decide refuses a token count the table cannot give: that is the answer.
  const tally = playBlocks(
    plan.seed,
    plan.n,
    ids.length,
    0,
    blockCount(plan.n),
    () => new EncounterRuns(base, options, plan.troopers),
    (runs, dice, choose) => {
      const outcome = runs.play(dice, choose);
      return { ...outcome, kills: outcome.kills.map((k, j) => k - (killsBefore[j] ?? 0)) };
    },
  );
  const summary = summarize(options, tally);
  return {
    ...summary,
    pcs: summary.pcs.map((pc, i) => ({ ...pc, pc: table.troopers[ids[i] as string]?.name ?? pc.pc })),
  };
}
