import { randomInt } from 'node:crypto';
import { type MeanEstimate, type Proportion, wilson } from '../engine/estimates.ts';
import { isRuleError } from '../engine/rule-error.ts';
import { alienAbilityByNumber, isWeaponId, RANKS, WEAPONS } from '../rules/three-sixteen/data/index.ts';
import {
  DEFAULT_AA,
  DEFAULT_PC,
  lowestRankCarrying,
  MAX_PCS,
  MAX_RUNS,
  MAX_SEED,
  type PcSpec,
  parseAbility,
  type SimulationOptions,
  validateOptions,
} from '../rules/three-sixteen/simulate/options.ts';
import { defaultWorkers, simulateParallel } from '../rules/three-sixteen/simulate/parallel.ts';
import type { SimulationSummary } from '../rules/three-sixteen/simulate/simulate.ts';
import type { WeaponId } from '../rules/three-sixteen/state.ts';
import {
  type CliIo,
  type Command,
  integerOption,
  noMoreArguments,
  parseCommandArgs,
  processIo,
  type SystemSimulator,
  UsageError,
} from './command.ts';

/**
 * Simulators of the other systems, by system id: `bughunt simulate <system> …` hands them the rest
 * of the line. Each sits in its own module, loaded only when that system is simulated.
 */
const OTHER_SIMULATORS: Readonly<Record<string, () => Promise<{ readonly simulator: SystemSimulator }>>> = {
  'rhylanor-express': () => import('./simulate-rhylanor-express.ts'),
  'elite-unit': () => import('./simulate-elite-unit.ts'),
  'fundamental-duck': () => import('./simulate-fundamental-duck.ts'),
};

const SYSTEMS: readonly string[] = ['three-sixteen', ...Object.keys(OTHER_SIMULATORS)];

/** Help text lines, wrapped at `width` columns after an indent. */
function wrap(words: readonly string[], indent: number, width = 78): string {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line !== '' && indent + line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line === '' ? w : `${line} ${w}`;
  }
  if (line !== '') lines.push(line);
  return lines.map((l) => `${' '.repeat(indent)}${l}`).join('\n');
}

/** The 20 alien abilities as "1 ambush" … "20 swarm" (ids; the book's names work too). */
export const ABILITY_LIST: readonly string[] = Array.from({ length: 20 }, (_, i) => {
  const a = alienAbilityByNumber(i + 1);
  return a ? `${i + 1} ${a.id}` : '';
}).filter((x) => x !== '');

/** Weapons a trooper can start with, grouped by the lowest rank issued them. */
function weaponsByRank(): string[] {
  const groups = new Map<number, string[]>();
  for (const w of Object.keys(WEAPONS)) {
    if (!isWeaponId(w)) continue;
    const rank = lowestRankCarrying(w);
    if (rank === undefined) continue;
    groups.set(rank, [...(groups.get(rank) ?? []), w]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rank, ids]) => `${ids.join(', ')} (${RANKS[rank]?.name ?? `rank ${rank}`});`)
    .map((g, i, all) => (i === all.length - 1 ? g.replace(/;$/, '') : g));
}

/** The weapon ids --pc accepts. */
export const CARRIED_WEAPONS: readonly WeaponId[] = Object.keys(WEAPONS).filter(
  (w): w is WeaponId => isWeaponId(w) && lowestRankCarrying(w) !== undefined,
);

const COLUMN = 22;

const usage = `Usage: bughunt simulate three-sixteen [options]

Plays many 3:16 encounters (or whole missions) with the real rules engine and
prints how they went, each number with a 95% interval. Every decision is a
command sent to the ruleset, every die comes from a seeded generator: the
same seed prints the same numbers, byte for byte, however many workers ran.

Squad and aliens:
  --pcs N             N troopers (1-${MAX_PCS}), each a Trooper with FA ${DEFAULT_PC.fa}, NFA ${DEFAULT_PC.nfa}
                      and an Energy Rifle (default: 4)
  --pc FA/NFA/WEAPON[/RANK]
                      one trooper; repeat for each (e.g. --pc 7/3/energyRifle
                      --pc 5/5/heavyMg). FA+NFA 10-18. Without RANK it is the
                      lowest rank issued that weapon (heavyMg: Corporal).
                      WEAPON, by the lowest rank issued it:
${wrap(weaponsByRank(), COLUMN)}
  --aa N              the aliens' ability, 1-10 (default ${DEFAULT_AA})
  --tokens N          Threat Tokens committed to the encounter (default: PCs);
                      at most PCs x 2, the final encounter included
  --final             the encounter is the planet's final one: it takes every
                      token left (planet Threat = --tokens) and the PCs x 2
                      cap still holds
  --threat N          planet Threat (default PCs x 5, or --tokens if larger;
                      with --final, --tokens); the aliens pay for abilities
                      from what is not committed
  --ability A         an alien ability by number, id or the book's name (e.g.
                      20, swarm, 'stop technology'); repeat it or separate
                      with commas:
${wrap(
  ABILITY_LIST.map((a, i) => (i < ABILITY_LIST.length - 1 ? `${a},` : a)),
  COLUMN,
)}
  --mission           play whole missions: planet Threat split by the book's
                      suggested plan (3, PCs, PCs+1, then the final encounter
                      with all that is left), healing between encounters

Runs and output:
  --n N               runs (encounters or missions), 1-${MAX_RUNS} (default 10000)
  --seed N            0-${MAX_SEED} (default: random, printed)
  --workers N         threads, 1-16 (default: min(cores, 4) from 4000 runs up,
                      else 1); the numbers do not depend on it
  --json              print the summary as JSON
  -h, --help          show this help
Each option is given once (--pc and --ability may repeat).

What the numbers mean:
  win       encounter: its tokens are all gone and a trooper is still alive;
            mission: the planet is cleared and a trooper is still alive.
            Wins include fights a trooper ended with a Strength (it wipes out
            the tokens left): the rules count that as a win, and the troopers
            here use one rather than die; the Strength rows say how often
  Strength  runs where a trooper used at least one Strength, and Strengths
            used per run (counted from the ruleset's strength.used events)
  dead      dead or broken by wounds at the end of the run
  rounds    combat rounds (a mission adds up all its encounters)
  kills     Kills This Mission of each trooper at the end of the run
  tokens returned  tokens that went back to the planet pool as encounters ended
  Proportions use Wilson intervals, means a Student-t interval; a mean from
  a single run has no interval (shown as —, null in JSON).

How the simulated table plays:
  Troopers roll for Dominance, fight (FA) with the weapon in hand when they
  stand at its best range (most kills on average) and otherwise spend the
  round on NFA moving one step toward it - unless its weapon kills here and
  FA x (kills here) >= NFA x (kills there), or two rounds went by without a
  kill; an FA success that beats the aliens also steps toward that range.
  Armour is kept for the Kill that would fill the last box; if armour cannot
  take that Kill, a trooper with a Strength left uses it; otherwise it dies.
  When one alien success leaves Kills waiting on several troopers, a trooper
  who will use a Strength answers first (it ends the fight and clears the
  other Kills), picked at random when several could: the rules do not order
  them, so roster order favours no one. Identical troopers get the same odds
  wherever they stand in the list.
  When the most senior PC falls and several share the next rank, their NFA
  test for the field promotion is rolled at once. No cancels, weapon swaps,
  drugs, bombs or support calls; a Weakness only when the aliens force one.
  The aliens always roll AA, set the range where the squad kills least, push
  troopers they beat toward their worst range (or Swarm / Flee when that is
  worse for the squad), and use each ability when it helps them: Boost +1,
  Impair 1, Enrage and Ambush as the encounter opens; Regeneration, End
  Encounter (last token), Induce Weakness (on a trooper picked at random),
  Rapid Movement, Suicide at a round's start; Armour or Stop Technology once
  the dice show a killing FA success; Ignore Wounds and Exploding Bodies once
  tokens fall. They pay from the planet pool first and never spend the
  encounter's last token. Isolate is never needed: the simulated troopers
  call no support. The random picks come from a stream of their own, so they
  never change a die the rules roll.${
    Object.keys(OTHER_SIMULATORS).length > 0
      ? `\n\nOther systems, each with its own --help:\n${Object.keys(OTHER_SIMULATORS)
          .map((id) => `  bughunt simulate ${id}`)
          .join('\n')}`
      : ''
  }`;

function parsePc(text: string): PcSpec {
  const parts = text.split('/');
  if (parts.length < 3 || parts.length > 4)
    throw new UsageError(`--pc wants FA/NFA/WEAPON or FA/NFA/WEAPON/RANK, got '${text}'`);
  const [fa, nfa, weapon, rank] = parts as [string, string, string, string | undefined];
  if (!isWeaponId(weapon)) {
    throw new UsageError(`unknown weapon '${weapon}' in --pc (one of: ${CARRIED_WEAPONS.join(', ')})`);
  }
  return {
    fa: integerOption('FA in --pc', fa, 2, 10),
    nfa: integerOption('NFA in --pc', nfa, 2, 10),
    weapon,
    ...(rank !== undefined ? { rank: integerOption('RANK in --pc', rank, 0, 8) } : {}),
  };
}

/** Reads the command line into simulation options (UsageError on anything wrong). */
export function parseSimulateArgs(argv: string[]): {
  options: SimulationOptions;
  json: boolean;
  workers: number;
  help: boolean;
} {
  const { values, positionals } = parseCommandArgs('simulate', argv, {
    pcs: { type: 'string' },
    pc: { type: 'string', multiple: true },
    aa: { type: 'string' },
    tokens: { type: 'string' },
    final: { type: 'boolean' },
    threat: { type: 'string' },
    ability: { type: 'string', multiple: true },
    mission: { type: 'boolean' },
    n: { type: 'string' },
    seed: { type: 'string' },
    workers: { type: 'string' },
    json: { type: 'boolean' },
  });
  const help = values.help === true;
  const dummy: SimulationOptions = { pcs: [], aa: 1, tokens: 1, abilities: [], n: 1, seed: 0 };
  if (help) return { options: dummy, json: false, workers: 1, help };
  const [system, ...extra] = positionals;
  if (system === undefined)
    throw new UsageError('missing system, e.g. bughunt simulate three-sixteen (see bughunt simulate --help)');
  if (!SYSTEMS.includes(system))
    throw new UsageError(`no simulator for '${system}' (systems: ${SYSTEMS.join(', ')})`);
  noMoreArguments('simulate', extra);
  if (values.pcs !== undefined && values.pc !== undefined)
    throw new UsageError('give --pcs or --pc, not both');
  const pcs: PcSpec[] = values.pc
    ? values.pc.map(parsePc)
    : Array.from(
        { length: values.pcs === undefined ? 4 : integerOption('--pcs', values.pcs, 1, MAX_PCS) },
        () => ({
          ...DEFAULT_PC,
        }),
      );
  if (pcs.length > MAX_PCS) throw new UsageError(`at most ${MAX_PCS} troopers, got ${pcs.length}`);
  const mission = values.mission === true;
  if (mission && values.tokens !== undefined)
    throw new UsageError('--mission fights the whole planet: set its size with --threat, not --tokens');
  if (mission && values.final)
    throw new UsageError('--final is for single encounters; a mission has its own');
  const abilities = (values.ability ?? [])
    .flatMap((a) => a.split(','))
    .map((a) => {
      const id = parseAbility(a);
      if (!id)
        throw new UsageError(
          `unknown alien ability '${a.trim()}': give a number, id or the book's name (${ABILITY_LIST.join(', ')})`,
        );
      return id;
    });
  const n = values.n === undefined ? 10_000 : integerOption('--n', values.n, 1, MAX_RUNS);
  const options: SimulationOptions = {
    pcs,
    aa: values.aa === undefined ? DEFAULT_AA : integerOption('--aa', values.aa, 1, 10),
    tokens: values.tokens === undefined ? pcs.length : integerOption('--tokens', values.tokens, 1, 200),
    ...(values.final ? { final: true } : {}),
    ...(values.threat !== undefined ? { threat: integerOption('--threat', values.threat, 1, 200) } : {}),
    abilities: [...new Set(abilities)],
    n,
    seed:
      values.seed === undefined
        ? randomInt(0, MAX_SEED + 1)
        : integerOption('--seed', values.seed, 0, MAX_SEED),
    ...(mission ? { mission: true } : {}),
  };
  try {
    validateOptions(options);
  } catch (error) {
    if (isRuleError(error)) throw new UsageError(error.message);
    throw error;
  }
  const workers =
    values.workers === undefined ? defaultWorkers(n) : integerOption('--workers', values.workers, 1, 16);
  return { options, json: values.json === true, workers, help };
}

// ---------------------------------------------------------------------------------------------
// Output

/**
 * A share with two decimals, never rounded onto a certainty it is not: a share just short of 1
 * shows as ">99.99%", a tiny one as "<0.01%" (exactly 0 and 1 stay "0.00%" and "100.00%").
 */
export function pct(p: number): string {
  const text = `${(p * 100).toFixed(2)}%`;
  if (p > 0 && p < 1) {
    if (text === '100.00%') return '>99.99%';
    if (text === '0.00%') return '<0.01%';
  }
  return text;
}
const num = (x: number): string => x.toFixed(2);
/** A 95% interval, or a dash when it is unknown (a mean from a single run). */
function interval(low: string | null, high: string | null): string {
  return low === null || high === null ? '—' : `${low} – ${high}`;
}
const propRow = (label: string, p: Proportion) => [label, pct(p.p), interval(pct(p.low), pct(p.high))];
const meanRow = (label: string, m: MeanEstimate) => [
  label,
  num(m.mean),
  interval(m.low === null ? null : num(m.low), m.high === null ? null : num(m.high)),
];

/** "1 encounter", "2 encounters". */
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function formatSummary(s: SimulationSummary): string {
  const mission = s.mode === 'mission';
  const lines: string[] = [];
  lines.push(`3:16 simulation: ${plural(s.n, mission ? 'mission' : 'encounter')}, seed ${s.seed}`);
  for (const pc of s.pcs) {
    lines.push(
      `  ${pc.pc}: FA ${pc.fa}, NFA ${pc.nfa}, ${WEAPONS[pc.weapon as keyof typeof WEAPONS]?.name ?? pc.weapon}, rank ${pc.rank}`,
    );
  }
  const size = mission
    ? `planet Threat ${s.threat}`
    : `${s.tokens} tokens${s.final ? ' (final encounter)' : ''}, planet Threat ${s.threat}`;
  lines.push(
    `  aliens: AA ${s.aa}, ${size}, abilities: ${s.abilities.length > 0 ? s.abilities.join(', ') : 'none'}`,
  );
  lines.push('');
  const win = mission ? 'win (planet cleared, a PC alive)' : 'win (tokens gone, a PC alive)';
  // endReasons.strength: runs whose (last) encounter a Strength ended; the user is alive, so each
  // is a win (in a mission, a win whose final fight ended so).
  const byStrength = wilson(s.endReasons.strength ?? 0, s.n);
  const rows: string[][] = [
    ['', 'estimate', '95% interval'],
    propRow(win, s.win),
    propRow(mission ? '  final fight ended by a Strength' : '  won by a Strength ending', byStrength),
    propRow('at least one Strength used', s.strengthUsed),
    meanRow('Strengths used (mean)', s.strengthsPerRun),
    propRow('at least one PC dead', s.anyDead),
    ...s.pcs.map((pc) => propRow(`${pc.pc} dead`, pc.dead)),
    ...s.pcs.map((pc) => meanRow(`${pc.pc} kills (mean)`, pc.kills)),
    meanRow('rounds (mean)', s.rounds),
    meanRow('tokens returned to pool (mean)', s.tokensReturned),
  ];
  if (mission) rows.push(meanRow('encounters (mean)', s.encounters));
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => (r[c] as string).length)));
  for (const r of rows) {
    lines.push(
      `${(r[0] as string).padEnd(widths[0] as number)}  ${(r[1] as string).padStart(widths[1] as number)}  ${r[2] as string}`.trimEnd(),
    );
  }
  lines.push(
    '',
    `Wins include ${mission ? 'fights' : 'encounters'} a trooper ended with a Strength: a win by the rules,`,
    'and the troopers here spend one rather than die. Read win with the Strength rows.',
  );
  if (s.n === 1) lines.push('One run: the means have no interval (—).');
  lines.push('', 'rounds  runs      share');
  const top = Math.max(...s.rounds.distribution.map((d) => d.p));
  for (const d of s.rounds.distribution) {
    const bar = '█'.repeat(Math.round((30 * d.p) / top)) || '▏';
    lines.push(
      `${String(d.rounds).padStart(6)}  ${String(d.count).padStart(8)}  ${pct(d.p).padStart(7)}  ${bar}`,
    );
  }
  lines.push(
    '',
    `ended by: ${Object.entries(s.endReasons)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  return `${lines.join('\n')}\n`;
}

export const command: Command = {
  name: 'simulate',
  summary: 'Monte-Carlo odds of 3:16 encounters or missions, played by the real rules',
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const other = argv[0] === undefined ? undefined : OTHER_SIMULATORS[argv[0]];
    if (other) return (await other()).simulator.run(argv.slice(1), io);
    const { options, json, workers, help } = parseSimulateArgs(argv);
    if (help) {
      io.out(`${usage}\n`);
      return 0;
    }
    const summary = await simulateParallel(options, workers);
    io.out(json ? `${JSON.stringify(summary)}\n` : formatSummary(summary));
    return 0;
  },
};
