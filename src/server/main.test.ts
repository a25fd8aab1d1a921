import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** `npm start`'s process: its ready line and what it logs by default. */

interface Started {
  child: ChildProcess;
  output: string[];
  line: string;
  url: string;
}

function start(env: Record<string, string>): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'bughunt-main-'));
  const base = { ...process.env };
  delete base.LOG_LEVEL;
  delete base.PUBLIC_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...base, PORT: '0', BUGHUNT_DATA: dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      output.push(d.toString());
      const line = /^Bughunt listening on (http:\/\/\S+).*$/m.exec(output.join(''));
      if (line?.[1]) resolve({ child, output, line: line[0], url: line[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output.join('')}`)));
  });
}

function stop(s: Started): Promise<void> {
  return new Promise((resolve) => {
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });
}

describe('npm start', () => {
  it('names the address other devices join at, and logs no line per request by default', async () => {
    const s = await start({ HOST: '127.0.0.1' });
    expect(s.line).toMatch(
      /only this computer can join \(no LAN address; set HOST=0\.0\.0\.0 or PUBLIC_URL\)$/,
    );
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${s.url}/api/server`).then((r) => r.json())) as unknown).toEqual({
      publicAddress: { url: s.url, source: 'local' },
    });
    await stop(s);
    // Fastify's JSON request lines come from LOG_LEVEL=info on; the default is quiet.
    expect(s.output.join('')).not.toMatch(/"level"|incoming request/);
  });

  it('PUBLIC_URL is the address it names', async () => {
    const s = await start({ HOST: '0.0.0.0', PUBLIC_URL: 'https://table.example.org/' });
    expect(s.line).toMatch(/ — other devices join at https:\/\/table\.example\.org$/);
    await stop(s);
  });
});
