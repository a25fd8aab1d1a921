import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SeededDice } from '../engine/dice/source.ts';
import { type MeanEstimate, meanEstimate, type Proportion, wilson } from '../engine/estimates.ts';
import { defaultPack, parsePack } from '../rules/rhylanor-express/data/pack.ts';
import { type PersonalScenario, personalScenarioSchema } from '../rules/rhylanor-express/data/pack-schema.ts';
import {
  defaultSpacePack,
  parseSpacePack,
  type Side,
  type SpacePack,
  type SpaceScenario,
} from '../rules/rhylanor-express/data/space-pack.ts';
import {
  DEFAULT_MAX_TURNS as DEFAULT_FIREFIGHT_TURNS,
  formatFirefights,
  simulateFirefights,
} from '../rules/rhylanor-express/simulate-personal.ts';
import {
  type BattleOutcome,
  DEFAULT_MAX_TURNS,
  fightBattle,
} from '../rules/rhylanor-express/space/simulate.ts';
import { argsOrHelp, type CliIo, integerOption, UsageError } from './command.ts';

/**
 * `bughunt simulate rhylanor-express space …`: the odds of a ship battle from a pack scenario,
 * played many times through the real rules (the simulator's policy on both sides). The lead wires
 * `simulator` into `bughunt simulate`; argv here starts after the system name.
 */

export const MAX_BATTLES = 100_000;
export const MAX_SEED = 2 ** 31 - 1;
const MAX_PACK_BYTES = 2_000_000;

export const usage = `Usage: bughunt simulate rhylanor-express space [--scenario NAME|FILE] [--pack FILE]
                    [--n N] [--seed N] [--turns N] [--json]

Plays a Rhylanor Express space battle many times through the real rules (both
sides flown by the same plain policy: close to short range, fire every beam at
the nearest enemy, shoot down missiles, launch, reload, cast sand, patch the
worst damage) and prints who wins, how often each ship is destroyed or put out
of action (power plant gone), and how many turns it takes, with 95% intervals.
The same seed always gives the same output.

Options:
  --scenario S  a scenario of the pack by name, or a JSON file holding one
                scenario (default: the pack's first scenario)
  --pack FILE   a space data pack (JSON) instead of the default one
  --n N         battles, 1 to ${MAX_BATTLES} (default 2000)
  --seed N      seed from 0 to ${MAX_SEED} (default: random, printed)
  --turns N     turn limit per battle, 1 to 200 (default ${DEFAULT_MAX_TURNS})
  --json        print the summary as JSON
  -h, --help    show this help`;

export interface ShipOdds {
  readonly name: string;
  readonly side: Side;
  readonly destroyed: Proportion;
  readonly outOfAction: Proportion;
}

export interface SpaceSummary {
  readonly system: 'rhylanor-express';
  readonly kind: 'space';
  readonly scenario: string;
  readonly n: number;
  readonly seed: number;
  readonly maxTurns: number;
  readonly sides: Readonly<Record<Side, string>>;
  readonly wins: Readonly<Record<Side, Proportion>>;
  readonly undecided: Proportion;
  readonly noContact: Proportion;
  readonly ships: readonly ShipOdds[];
  readonly turns: MeanEstimate;
}

/** n battles from one seed: the pure core of the command. */
export function simulateSpaceBattles(
  pack: SpacePack,
  scenario: SpaceScenario,
  n: number,
  seed: number,
  maxTurns = DEFAULT_MAX_TURNS,
): SpaceSummary {
  const dice = new SeededDice(seed);
  const wins = { a: 0, b: 0 };
  let undecided = 0;
  let noContact = 0;
  let turnsSum = 0;
  let turnsSumSq = 0;
  const destroyed = scenario.ships.map(() => 0);
  const out = scenario.ships.map(() => 0);
  for (let i = 0; i < n; i++) {
    const o: BattleOutcome = fightBattle(pack, scenario.name, dice, maxTurns);
    if (o.winner) wins[o.winner]++;
    else if (o.end === 'no contact') noContact++;
    else undecided++;
    turnsSum += o.turns;
    turnsSumSq += o.turns * o.turns;
    o.destroyed.forEach((d, k) => {
      if (d) destroyed[k] = (destroyed[k] ?? 0) + 1;
    });
    o.outOfAction.forEach((d, k) => {
      if (d) out[k] = (out[k] ?? 0) + 1;
    });
  }
  return {
    system: 'rhylanor-express',
    kind: 'space',
    scenario: scenario.name,
    n,
    seed,
    maxTurns,
    sides: { a: scenario.sides.a.name, b: scenario.sides.b.name },
    wins: { a: wilson(wins.a, n), b: wilson(wins.b, n) },
    undecided: wilson(undecided, n),
    noContact: wilson(noContact, n),
    ships: scenario.ships.map((s, k) => ({
      name: s.name,
      side: s.side,
      destroyed: wilson(destroyed[k] ?? 0, n),
      outOfAction: wilson(out[k] ?? 0, n),
    })),
    turns: meanEstimate(turnsSum, turnsSumSq, n),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const odds = (p: Proportion) => `${pct(p.p).padStart(6)}  (95%: ${pct(p.low)}–${pct(p.high)})`;

export function formatSpaceSummary(s: SpaceSummary): string {
  const lines: string[] = [];
  lines.push(`Rhylanor Express space battle "${s.scenario}": ${s.n} battles, turn limit ${s.maxTurns}`);
  const width = Math.max(...[s.sides.a, s.sides.b, ...s.ships.map((x) => x.name)].map((x) => x.length)) + 6;
  lines.push(`  ${`${s.sides.a} win`.padEnd(width)} ${odds(s.wins.a)}`);
  lines.push(`  ${`${s.sides.b} win`.padEnd(width)} ${odds(s.wins.b)}`);
  lines.push(`  ${'undecided'.padEnd(width)} ${odds(s.undecided)}`);
  if (s.noContact.count > 0) lines.push(`  ${'no contact'.padEnd(width)} ${odds(s.noContact)}`);
  lines.push('Ships (destroyed / out of action)');
  for (const ship of s.ships)
    lines.push(
      `  ${`${ship.name} (${s.sides[ship.side]})`.padEnd(width + 12)} ${odds(ship.destroyed)}  /  ${odds(ship.outOfAction)}`,
    );
  const t = s.turns;
  const interval =
    t.low === null || t.high === null ? '' : ` (95%: ${t.low.toFixed(2)}–${t.high.toFixed(2)})`;
  lines.push(`Turns: mean ${t.mean.toFixed(2)}${interval}, sd ${t.sd.toFixed(2)}`);
  lines.push(`seed ${s.seed}`);
  return `${lines.join('\n')}\n`;
}

function readJson(path: string, what: string, limit: number): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read the ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  if (text.length > limit) throw new UsageError(`the ${what} ${path} is larger than ${limit} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`the ${what} ${path} is not JSON`);
  }
}

function loadPack(path: string | undefined): SpacePack {
  if (path === undefined) return defaultSpacePack;
  try {
    return parseSpacePack(readJson(path, 'pack', MAX_PACK_BYTES));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message.replace('\n', ' ').split('\n')[0] as string);
  }
}

/** A scenario by name in the pack, or a file holding one (added to the pack so the rules can load it). */
function chooseScenario(
  pack: SpacePack,
  wanted: string | undefined,
): { pack: SpacePack; scenario: SpaceScenario } {
  if (wanted === undefined) {
    const first = pack.scenarios[0];
    if (!first) throw new UsageError('the pack has no space scenario');
    return { pack, scenario: first };
  }
  const named = pack.scenarios.find((s) => s.name === wanted);
  if (named) return { pack, scenario: named };
  if (!wanted.endsWith('.json')) {
    const names = pack.scenarios.map((s) => s.name).join(', ');
    throw new UsageError(`no scenario "${wanted}" (the pack has: ${names})`);
  }
  const raw = readJson(wanted, 'scenario', MAX_PACK_BYTES) as Record<string, unknown>;
  const merged = { ...pack, scenarios: [raw, ...pack.scenarios.filter((s) => s.name !== raw.name)] };
  try {
    const checked = parseSpacePack(merged);
    return { pack: checked, scenario: checked.scenarios[0] as SpaceScenario };
  } catch (error) {
    const first = (error as Error).message.split('\n')[1] ?? (error as Error).message;
    throw new UsageError(`the scenario ${wanted} is not valid: ${first.replace(/^scenarios\.0\.?/, '')}`);
  }
}

/** The six options both kinds take (`--scenario --pack --n --seed --turns --json`), parsed and checked once. */
export interface SimulationOptions {
  readonly scenario: string | undefined;
  readonly pack: string | undefined;
  readonly n: number;
  readonly seed: number;
  readonly turns: number;
  readonly json: boolean;
}

/** Parses a kind's argv; null when it printed its help. */
export function simulationOptions(
  argv: string[],
  io: CliIo,
  help: string,
  limits: { readonly maxRuns: number; readonly defaultTurns: number },
): SimulationOptions | null {
  const given = argsOrHelp(io, help, 'simulate', argv, {
    scenario: { type: 'string' },
    pack: { type: 'string' },
    n: { type: 'string' },
    seed: { type: 'string' },
    turns: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (given === null) return null;
  const { values, positionals } = given;
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}' (see --help)`);
  return {
    scenario: values.scenario,
    pack: values.pack,
    n: values.n === undefined ? 2000 : integerOption('--n', values.n, 1, limits.maxRuns),
    seed:
      values.seed === undefined ? randomInt(0, MAX_SEED) : integerOption('--seed', values.seed, 0, MAX_SEED),
    turns: values.turns === undefined ? limits.defaultTurns : integerOption('--turns', values.turns, 1, 200),
    json: values.json === true,
  };
}

async function runSpace(argv: string[], io: CliIo): Promise<number> {
  const o = simulationOptions(argv, io, usage, { maxRuns: MAX_BATTLES, defaultTurns: DEFAULT_MAX_TURNS });
  if (!o) return 0;
  const { pack, scenario } = chooseScenario(loadPack(o.pack), o.scenario);
  const summary = simulateSpaceBattles(pack, scenario, o.n, o.seed, o.turns);
  io.out(o.json ? `${JSON.stringify(summary)}\n` : formatSpaceSummary(summary));
  return 0;
}

export const MAX_FIREFIGHTS = 100_000;

export const personalUsage = `Usage: bughunt simulate rhylanor-express personal [--scenario NAME|FILE] [--pack FILE]
                    [--n N] [--seed N] [--turns N] [--json]

Plays a Rhylanor Express firefight many times through the real rules (both
sides run by one plain policy: stand and shoot the nearest enemy in range,
else walk closer; reload when empty; strike when in contact; check morale)
and prints how often each side wins, how long it takes and how many of each
side go down, with 95% intervals. The same seed always gives the same output.

Options:
  --scenario S  a firefight of the pack by name, or a JSON file holding one
                (default: the pack's first firefight)
  --pack FILE   a data pack (JSON) instead of the default one
  --n N         fights, 1 to ${MAX_FIREFIGHTS} (default 2000)
  --seed N      seed from 0 to ${MAX_SEED} (default: random, printed)
  --turns N     turn limit per fight, 1 to 200 (default ${DEFAULT_FIREFIGHT_TURNS})
  --json        print the summary as JSON
  -h, --help    show this help`;

/** A firefight by name in the pack, or a JSON file holding one. */
function chooseFirefight(packPath: string | undefined, wanted: string | undefined) {
  let pack = defaultPack;
  if (packPath !== undefined) {
    try {
      pack = parsePack(readJson(packPath, 'pack', MAX_PACK_BYTES));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError((error as Error).message.split('\n')[0] as string);
    }
  }
  let scenario: PersonalScenario | undefined =
    wanted === undefined ? pack.scenarios[0] : pack.scenarios.find((x) => x.name === wanted);
  if (!scenario && wanted?.endsWith('.json')) {
    const parsed = personalScenarioSchema.safeParse(readJson(wanted, 'scenario', MAX_PACK_BYTES));
    if (!parsed.success)
      throw new UsageError(
        `${wanted}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
      );
    scenario = parsed.data;
  }
  if (!scenario)
    throw new UsageError(
      `no firefight ${wanted ?? ''} (the pack has: ${pack.scenarios.map((x) => x.name).join(', ')})`,
    );
  return { pack, scenario };
}

/** The `personal` kind: firefights of the data pack. */
export async function runPersonal(argv: string[], io: CliIo): Promise<number> {
  const o = simulationOptions(argv, io, personalUsage, {
    maxRuns: MAX_FIREFIGHTS,
    defaultTurns: DEFAULT_FIREFIGHT_TURNS,
  });
  if (!o) return 0;
  const { pack, scenario } = chooseFirefight(o.pack, o.scenario);
  const summary = simulateFirefights(pack, scenario, o.n, o.seed, o.turns);
  io.out(o.json ? `${JSON.stringify(summary, null, 2)}\n` : formatFirefights(summary));
  return 0;
}

/** Kinds of battle this simulator plays: ship battles and firefights. */
const KINDS: Readonly<Record<string, (argv: string[], io: CliIo) => Promise<number>>> = {
  space: runSpace,
  personal: runPersonal,
};

export const simulator = {
  system: 'rhylanor-express',
  usage,
  async run(argv: string[], io: CliIo): Promise<number> {
    const [kind, ...rest] = argv;
    if (kind === '--help' || kind === '-h') {
      io.out(`${usage}\n`);
      return 0;
    }
    const run = kind === undefined ? undefined : KINDS[kind];
    if (!run)
      throw new UsageError(
        `say which battle to simulate: ${Object.keys(KINDS).join(', ')} (got ${kind === undefined ? 'nothing' : `'${kind}'`})`,
      );
    return run(rest, io);
  },
};
