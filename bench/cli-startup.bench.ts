/**
 * How long `bughunt` takes to start, against Node starting with nothing to do: `bughunt --version`
 * (the bin, then the built CLI in dist/node) vs `node -e 0`, each run as a fresh process, in
 * alternating rounds so a busy machine slows both alike; medians of the wall times. Reported as
 * starts per second, so the ratio is ours / baseline (1 = as quick as a bare Node; the goal of
 * issue 21 is a start-up at most 3× Node's, a ratio ≥ 0.33). The build is made first (the
 * ratio is of the built CLI, which the bin runs whenever it is up to date with the sources).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { report } from './harness.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_CLI_ROUNDS ?? 15);

/** Wall time of one process run to its end, in ms. */
function timeRun(args: readonly string[]): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const elapsed = performance.now() - start;
  if (result.status !== 0)
    throw new Error(`${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

export default async function cliStartupBench(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build-node.mjs'], { cwd: root, stdio: 'ignore' });
  const version = JSON.parse(
    execFileSync(
      process.execPath,
      ['-e', 'process.stdout.write(JSON.stringify(require("./package.json").version))'],
      {
        cwd: root,
      },
    ).toString(),
  ) as string;
  const printed = execFileSync(process.execPath, ['bin/bughunt.js', '--version'], { cwd: root }).toString();
  if (printed !== `bughunt ${version}\n`) throw new Error(`bughunt --version printed ${printed}`);
  const ours: number[] = [];
  const bare: number[] = [];
  timeRun(['bin/bughunt.js', '--version']);
  timeRun(['-e', '0']);
  for (let i = 0; i < ROUNDS; i++) {
    ours.push(timeRun(['bin/bughunt.js', '--version']));
    bare.push(timeRun(['-e', '0']));
  }
  report({
    bench: 'cli-startup',
    ours: 1000 / median(ours),
    baseline: 1000 / median(bare),
    unit: 'starts/s (bughunt --version vs node -e 0)',
  });
}
