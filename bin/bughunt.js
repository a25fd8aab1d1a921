#!/usr/bin/env node
// The `bughunt` command. It runs the JavaScript that `npm run build` compiles into dist/node, so no
// compiler starts with it; when that build is missing or older than a source file (a developer
// edited src since), it runs the TypeScript sources through tsx instead, so it is never stale.
import { existsSync, readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const built = new URL('dist/node/cli/main.js', root);
const stamp = new URL('dist/node/.built', root);
/** The folders whose sources the Node build compiles (tsconfig.build.json). */
const SOURCES = ['src/engine', 'src/rules', 'src/server', 'src/cli'];

/** True when some source file under `dir` changed after `since` (ms). */
function changedSince(dir, since) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory() ? changedSince(path, since) : statSync(path).mtimeMs > since) return true;
  }
  return false;
}

function upToDate() {
  if (!existsSync(built) || !existsSync(stamp)) return false;
  const since = statSync(stamp).mtimeMs;
  return !SOURCES.some((dir) => changedSince(new URL(dir, root).pathname, since));
}

if (upToDate()) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
