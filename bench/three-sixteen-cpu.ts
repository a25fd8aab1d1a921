/**
 * CPU time of simulated 3:16 encounters (the bench squad of `simulate.bench.ts`: 4 PCs FA 6 NFA 4
 * with Energy Rifles, AA 6, 8 tokens) on the main thread, against a bare pure-rand d10 loop in the
 * same process. Not a bench of `npm run bench`: one line to compare two versions of the code in
 * alternating runs (separate processes) on a loaded machine, where wall clock swings by several
 * times.
 *
 *   node --import tsx bench/three-sixteen-cpu.ts [encounters] [warm-up encounters] [--commands]
 *     [--setup eWounds|keptOut|promotionWaits]
 *
 * `--setup` plays another squad than the bench's (the odds panel's tables the record took on
 * 2026-11-27): `eWounds` four PCs of mixed weapons carrying E wounds, AA 7, 6 tokens; `keptOut`
 * four PCs of ranks 3, 1, 1, 0 with the second kept out, AA 8, 6 tokens; `promotionWaits` the
 * same squad after its senior fell, the next two waiting for their NFA tests, all three in.
 *
 * or as an esbuild bundle (no tsx `__name` calls; gives line ticks with `node --cpu-prof`).
 * Prints one JSON line: encounters and d10 draws per CPU-second of the main thread (harness.ts
 * `mainThreadCpuMs`: time a few seconds at least), the bare loop's draws per
 * CPU-second, their ratio (the bench's draws ratio, by CPU time), and a checksum of the outcomes
 * (equal between two versions that play the same dice to the same ends).
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { SeededDice } from '../src/engine/dice/source.ts';
import { withCampaign } from '../src/rules/three-sixteen/campaign/model.ts';
import { buildBaseState, EncounterRuns, playOnRecords } from '../src/rules/three-sixteen/simulate/driver.ts';
import type { SimulationOptions } from '../src/rules/three-sixteen/simulate/options.ts';
import { CountingDice } from '../src/rules/three-sixteen/simulate/simulate.ts';
import type { ThreeSixteenState, Trooper } from '../src/rules/three-sixteen/state.ts';
import { mainThreadCpuMs, reportCpu } from './harness.ts';
import { OPTIONS } from './simulate.bench.ts';

// `--commands`: every encounter through `decide` and `evolve`, the table's path, instead of the record.
const commands = process.argv.includes('--commands');
if (commands) playOnRecords(false);
const at = process.argv.indexOf('--setup');
const setup = at >= 0 ? process.argv[at + 1] : undefined;
const args = process.argv
  .slice(2)
  .filter((a, k, all) => a !== '--commands' && a !== '--setup' && all[k - 1] !== '--setup');
const n = Number(args[0] ?? 200_000);
const warm = Number(args[1] ?? 20_000);

const ranked: SimulationOptions['pcs'] = [
  { fa: 5, nfa: 5, weapon: 'sidearm', rank: 3 },
  { fa: 6, nfa: 7, weapon: 'eCannon', rank: 1 },
  { fa: 5, nfa: 7, weapon: 'heavyMg', rank: 1 },
  { fa: 7, nfa: 3, weapon: 'slugRifle', rank: 0 },
];
function withTroopers(s: ThreeSixteenState, change: (t: Trooper, k: number) => Trooper): ThreeSixteenState {
  const troopers = { ...s.troopers };
  s.trooperOrder.forEach((id, k) => {
    troopers[id] = change(troopers[id] as Trooper, k);
  });
  return { ...s, troopers };
}
const E_MARKS: Trooper['health'][] = [
  ['E', null, null],
  ['X', 'E', null],
  ['E', 'E', null],
  ['E', 'X', null],
];
const setups: Record<
  string,
  { options: SimulationOptions; prepare: (s: ThreeSixteenState) => ThreeSixteenState; troopers?: string[] }
> = {
  eWounds: {
    options: {
      ...OPTIONS,
      pcs: [
        { fa: 7, nfa: 3, weapon: 'eCannon', rank: 1 },
        { fa: 5, nfa: 5, weapon: 'heavyMg', rank: 1 },
        { fa: 6, nfa: 6, weapon: 'grenades', rank: 1 },
        { fa: 4, nfa: 8, weapon: 'handToHand', rank: 1 },
      ],
      aa: 7,
      tokens: 6,
    },
    prepare: (s) => withTroopers(s, (t, k) => ({ ...t, health: E_MARKS[k % 4] as Trooper['health'] })),
  },
  keptOut: {
    options: { ...OPTIONS, pcs: ranked, aa: 8, tokens: 6 },
    prepare: (s) => s,
    troopers: ['t1', 't3', 't4'],
  },
  promotionWaits: {
    options: { ...OPTIONS, pcs: ranked, aa: 8, tokens: 6 },
    prepare: (s) =>
      withCampaign(
        withTroopers(s, (t, k) => (k === 0 ? { ...t, status: 'dead', health: ['X', 'X', 'X'] } : t)),
        (c) => ({ ...c, fieldPromotion: { rank: 3, deadId: 't1', candidates: ['t2', 't3'] } }),
      ),
  },
};
const chosen = setup === undefined ? undefined : setups[setup];
if (setup !== undefined && !chosen) throw new Error(`unknown --setup ${setup}`);
const options = chosen?.options ?? OPTIONS;
const troopers = chosen?.troopers;
const base = (chosen?.prepare ?? ((s: ThreeSixteenState) => s))(buildBaseState(options, new SeededDice(7)));
const runs = new EncounterRuns(base, options, troopers);
const warmDice = new SeededDice(1);
for (let k = 0; k < warm; k++) runs.play(warmDice);

const counting = new CountingDice(new SeededDice(3160));
let checksum = 0;
const cpu0 = mainThreadCpuMs();
for (let k = 0; k < n; k++) {
  const o = runs.play(counting);
  checksum = (checksum * 31 + o.rounds + (o.win ? 7 : 0) + o.tokensReturned * 11) % 1_000_000_007;
  for (const kills of o.kills) checksum = (checksum * 13 + kills) % 1_000_000_007;
}
const cpuMs = mainThreadCpuMs() - cpu0;

// The bare loop for about as long, in batches of 1000 draws as the bench times it (the clock read
// only every million draws: reading /proc costs more than a batch).
const gen = xoroshiro128plus(3160);
function bareBatch(): number {
  let sum = 0;
  for (let i = 0; i < 1000; i++) sum += uniformInt(gen, 1, 10);
  return sum;
}
let sum = 0;
let bareDraws = 0;
const bare0 = mainThreadCpuMs();
while (mainThreadCpuMs() - bare0 < Math.max(1000, cpuMs / 2)) {
  for (let b = 0; b < 1000; b++) sum += bareBatch();
  bareDraws += 1_000_000;
}
const bareMs = mainThreadCpuMs() - bare0;

const drawsPerSec = (counting.draws * 1000) / cpuMs;
const barePerSec = (bareDraws * 1000) / bareMs;
reportCpu({
  path: commands ? 'commands' : 'record',
  setup: setup ?? 'bench',
  encounters: n,
  encPerCpuS: Math.round((n * 1000) / cpuMs),
  usPerEnc: +((cpuMs * 1000) / n).toFixed(2),
  drawsPerEnc: +(counting.draws / n).toFixed(2),
  drawsPerCpuS: Math.round(drawsPerSec),
  bareDrawsPerCpuS: Math.round(barePerSec),
  ratio: +(drawsPerSec / barePerSec).toFixed(4),
  checksum,
  sum: sum % 10,
});
