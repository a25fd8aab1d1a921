import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './test-kit.ts';

/**
 * The build `npm start` and the `bughunt` bin run (scripts/build-node.mjs): plain JavaScript, no
 * compiler at run time. Built once into a temp folder, then run as a user would, and compared with
 * the TypeScript sources run in-process.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let out = '';

beforeAll(async () => {
  // Inside the project (dist/ is ignored by git), so the build finds node_modules as dist/node does.
  mkdirSync(join(root, 'dist'), { recursive: true });
  out = mkdtempSync(join(root, 'dist', 'node-test-'));
  await run(process.execPath, ['scripts/build-node.mjs', '--out', out], { cwd: root });
  // The build compiles the whole tree with esbuild: seconds alone, but minutes on a 2-core machine
  // already busy with the rest of the suite (it passed 180 s once at load average 30), so this one
  // hook gets more room than the suite's default. Not a speed check: the bench measures start-up.
}, 900_000);
afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

/** Runs the built CLI and returns what it printed on stdout. */
async function built(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [join(out, 'cli/main.js'), ...args], { cwd: root });
  return stdout;
}

describe('the Node build (dist/node)', () => {
  it('holds JavaScript only, with relative imports rewritten to .js, and no tsx', () => {
    const cliJs = readFileSync(join(out, 'cli/cli.js'), 'utf8');
    expect(cliJs).not.toMatch(/from '\.[^']*\.ts'/);
    expect(cliJs).not.toMatch(/tsx\/esm/);
    expect(existsSync(join(out, 'server/main.js'))).toBe(true);
    expect(existsSync(join(out, 'server/store/sqlite-worker.js'))).toBe(true);
  });

  it('the built CLI prints what the sources print: version, a seeded roll, exact odds', async () => {
    const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version as string;
    expect(await built('--version')).toBe(`bughunt ${version}\n`);
    expect(await built('roll', '4d6kh3', '--seed', '42')).toBe(
      (await cli('roll', '4d6kh3', '--seed', '42')).stdout,
    );
    expect(await built('odds', '3d6', '--at-least', '16', '--json')).toBe(
      (await cli('odds', '3d6', '--at-least', '16', '--json')).stdout,
    );
    expect(await built('--help')).toMatch(/simulate +Monte-Carlo/);
  });

  it('simulation worker threads start from the build and give the sources’ numbers', async () => {
    const args = ['simulate', 'three-sixteen', '--pcs', '3', '--n', '4000', '--seed', '5', '--json'];
    const fromBuild = await built(...args, '--workers', '2');
    expect(fromBuild).toBe((await cli(...args, '--workers', '1')).stdout);
  });

  it('the built server starts on SQLite (its store thread included) and answers', async () => {
    const data = mkdtempSync(join(tmpdir(), 'bughunt-built-data-'));
    const child = spawn(process.execPath, [join(out, 'server/main.js')], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BUGHUNT_DATA: data, LOG_LEVEL: 'silent' },
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (d: Buffer) => {
          text += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(text);
          if (m?.[1]) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      const created = await fetch(`${url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ system: 'three-sixteen', name: 'Built' }),
      });
      expect(created.status).toBe(201);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('close', resolve));
      rmSync(data, { recursive: true, force: true });
    }
  });
});
