import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { defaultPack } from '../rules/elite-unit/data/pack.ts';
import type { Scenario } from '../rules/elite-unit/simulate/fight.ts';
import { type SimulationReport, simulate } from '../rules/elite-unit/simulate/simulate.ts';
import { argsOrHelp, type CliIo, integerOption, processIo, UsageError } from './command.ts';

/**
 * `bughunt simulate elite-unit`: odds of a fight between two groups of the pack's characters,
 * every decision played through the real ruleset. Wired into `bughunt simulate` by the lead.
 */

const MAX_N = 1_000_000;

const usage = `Usage: bughunt simulate elite-unit [--scenario <file|name>] [--n N] [--seed N] [--json]

Plays N fights between two groups of the data pack's characters through the
Elite Unit ruleset (each character shoots or strikes the first foe still up,
reloads when empty, parries when it may) and prints who stands, how many Turns
a fight lasts and the rounds each side fires, with 95% intervals. Without
--scenario, the pack's first scenario (${defaultPack.scenarios[0]?.id ?? 'none'}).

Options:
  --scenario X  a scenario id of the pack (${defaultPack.scenarios.map((s) => s.id).join(', ')}) or a JSON file
                {"id","name","sides":[[ids…],[ids…]],"distance"}
  --n N         fights, 1 to ${MAX_N} (default 5000)
  --seed N      seed (default 1)
  --json        print the report as JSON`;

const scenarioSchema = z.strictObject({
  id: z.string().min(1).max(40),
  name: z.string().min(1).max(80),
  sides: z.tuple([z.array(z.string().max(40)).min(1).max(12), z.array(z.string().max(40)).min(1).max(12)]),
  distance: z.number().min(0).max(10_000),
});

function loadScenario(value: string | undefined): Scenario {
  if (value === undefined) {
    const first = defaultPack.scenarios[0];
    if (!first) throw new UsageError('the pack has no scenario: give --scenario <file>');
    return first;
  }
  const named = defaultPack.scenarios.find((s) => s.id === value);
  if (named) return named;
  if (!existsSync(value)) throw new UsageError(`no scenario '${value}' in the pack and no such file`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(value, 'utf8'));
  } catch {
    throw new UsageError(`${value} is not JSON`);
  }
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success)
    throw new UsageError(
      `${value}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  for (const id of parsed.data.sides.flat())
    if (!defaultPack.characters.some((c) => c.id === id))
      throw new UsageError(`${value}: no pack character '${id}'`);
  return parsed.data;
}

const pct = (p: { p: number; low: number; high: number }) =>
  `${(p.p * 100).toFixed(1)}% (${(p.low * 100).toFixed(1)}–${(p.high * 100).toFixed(1)})`;
const num = (m: { mean: number; low: number; high: number }) =>
  `${m.mean.toFixed(2)} (${m.low.toFixed(2)}–${m.high.toFixed(2)})`;

export function formatReport(r: SimulationReport): string {
  const lines = [
    `Elite Unit: ${r.scenario}, ${r.n} fights, seed ${r.seed} (95% intervals)`,
    `  side 1 stands alone: ${pct(r.wins[0])}`,
    `  side 2 stands alone: ${pct(r.wins[1])}`,
    `  neither / Turn limit: ${pct(r.draws)}`,
    `  Turns:               ${num(r.turns)}`,
    `  rounds fired:        side 1 ${num(r.roundsFired[0])}, side 2 ${num(r.roundsFired[1])}`,
    ...r.standing.map(
      (s) =>
        `  ${`side ${s.side + 1} ${s.character}`.padEnd(20)} standing ${pct(s.standing)}, dead ${pct(s.dead)}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export const simulator = {
  system: 'elite-unit',
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const args = argv[0] === 'elite-unit' ? argv.slice(1) : argv;
    const given = argsOrHelp(io, usage, 'simulate', args, {
      scenario: { type: 'string' },
      n: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (given === null) return 0;
    const { values, positionals } = given;
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const scenario = loadScenario(values.scenario);
    const n = values.n === undefined ? 5000 : integerOption('--n', values.n, 1, MAX_N);
    const seed = values.seed === undefined ? 1 : integerOption('--seed', values.seed, 0, 2 ** 31 - 1);
    const report = simulate(defaultPack, scenario, n, seed);
    io.out(values.json ? `${JSON.stringify(report)}\n` : formatReport(report));
    return 0;
  },
};
