/**
 * `npm run bench [filter]`: runs every bench/*.bench.ts in name order (only the files whose name
 * contains `filter`, when given; none matching is an error, exit code 1). Each file's default export is an
 * async function that prints one JSON line per benchmark through harness.ts `report`.
 *
 * Each file runs in a process of its own (this script again, with `--one <file>`): a bench's
 * compiled code and type feedback must not depend on which benches ran before it. In one shared
 * process the simulator bench's bare pure-rand loop ran at 100M draws/s after the dice and
 * notation benches had used `uniformInt` in other ways, against 275M when it ran alone, which
 * moved its ratio 2.7 times with no change to the code measured.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();

/** Runs one bench file in this process; false when it failed (said on stderr). */
async function runOne(name: string): Promise<boolean> {
  const module: { default?: unknown } = await import(pathToFileURL(`${here}/${name}`).href);
  if (typeof module.default !== 'function') {
    process.stderr.write(`bench: ${name} has no default export function\n`);
    return false;
  }
  try {
    await (module.default as () => Promise<void>)();
    return true;
  } catch (error) {
    process.stderr.write(
      `bench: ${name} failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return false;
  }
}

if (process.argv[2] === '--one') {
  const name = process.argv[3] ?? '';
  if (!files.includes(name)) {
    process.stderr.write(`bench: no benchmark file '${name}'\n`);
    process.exit(1);
  }
  if (!(await runOne(name))) process.exitCode = 1;
} else {
  const only = process.argv[2];
  const chosen = files.filter((name) => !only || name.includes(only));
  // A filter that matches nothing is a typo, not a pass: say so and fail, listing what exists.
  if (chosen.length === 0) {
    const names = files.map((name) => name.replace(/\.bench\.ts$/, '')).join(', ');
    process.stderr.write(`bench: no benchmark matches '${only ?? ''}' (benchmarks: ${names})\n`);
    process.exit(1);
  }
  let failed = 0;
  for (const name of chosen) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--one', name],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) failed++;
  }
  if (failed > 0) process.exitCode = 1;
}
