import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** `npm run bench <filter>` as a user runs it (node --import tsx bench/run.ts). */
async function bench(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], {
      cwd: root,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('npm run bench', () => {
  it('fails with exit code 1 and says so when the filter matches no benchmark', async () => {
    const r = await bench('nosuchbench');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^bench: no benchmark matches 'nosuchbench' \(benchmarks: .*dice, .*simulate.*\)\n$/,
    );
  });

  it('runs one file by its exact name with --one, and refuses a name that is not a bench file', async () => {
    const r = await bench('--one', 'notation');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("bench: no benchmark file 'notation'\n");
  });
});
