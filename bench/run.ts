/**
 * `npm run bench [filter]`: runs every bench/*.bench.ts in name order (only the files whose name
 * contains `filter`, when given; none matching is an error, exit code 1). Each file's default export is an
 * async function that prints one JSON line per benchmark through harness.ts `report`.
 */
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();

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
  const module: { default?: unknown } = await import(pathToFileURL(`${here}/${name}`).href);
  if (typeof module.default !== 'function') {
    process.stderr.write(`bench: ${name} has no default export function\n`);
    failed++;
    continue;
  }
  try {
    await (module.default as () => Promise<void>)();
  } catch (error) {
    process.stderr.write(
      `bench: ${name} failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    failed++;
  }
}
if (failed > 0) process.exitCode = 1;
