/**
 * `npm run bench`: runs every bench/*.bench.ts in name order. Each file's default export is an
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
let failed = 0;
for (const name of files) {
  if (only && !name.includes(only)) continue;
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
