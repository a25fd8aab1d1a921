// `npm run build`'s second half: compiles the server, the CLI and the rules into plain JavaScript in
// dist/node (tsconfig.build.json), so `npm start`, the `bughunt` bin and their worker threads run
// without a compiler. Data files beside the sources (JSON data packs) are copied along, and a stamp
// records when the build finished (bin/bughunt.js compares it with the sources' times).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// `--out DIR` builds elsewhere (the build's own test does, to leave dist alone).
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--out');
const out = at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : join(root, 'dist/node');
rmSync(out, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', out], {
  stdio: 'inherit',
});

/** Copies the non-TypeScript files the build's sources read at run time (JSON data, not tests). */
function copyData(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) copyData(source, join(to, entry.name));
    else if (entry.name.endsWith('.json')) {
      mkdirSync(to, { recursive: true });
      cpSync(source, join(to, entry.name));
    }
  }
}
for (const dir of ['engine', 'rules', 'server', 'cli']) copyData(join(root, 'src', dir), join(out, dir));
writeFileSync(join(out, '.built'), `${new Date().toISOString()}\n`);
