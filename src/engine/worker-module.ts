import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module `relative` (written without extension, e.g. './worker') that
 * sits beside the caller (`callerUrl`: its `import.meta.url`).
 *
 * The same code runs two ways: from TypeScript sources through tsx (tests, development) and as the
 * JavaScript that `npm run build` compiles into dist/node (the server, the CLI). A worker thread
 * inherits neither tsx's hooks registered in code nor `--import tsx` on Node 20, so from sources
 * the worker starts with a small script that registers tsx and then imports the `.ts` module; from
 * the build it loads the compiled `.js` module directly, with no compiler at run time.
 */
export function startWorker(callerUrl: string, relative: string, options: WorkerOptions = {}): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`${relative}.js`, callerUrl), options);
  // The ESM build of tsx's API (resolved from here, so any working directory will do).
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const esm = cjs.replace(/\.cjs$/, '.mjs');
  const tsx = existsSync(esm) ? pathToFileURL(esm).href : 'tsx/esm/api';
  const entry = new URL(`${relative}.ts`, callerUrl).href;
  const source = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(source, { ...options, eval: true });
}
