import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runCli } from './cli.ts';
import type { CliIo } from './command.ts';

/** What a command line printed and how it exited. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command line in-process (fast) and captures what it writes. */
export async function cli(...args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    out: (t) => {
      stdout += t;
    },
    err: (t) => {
      stderr += t;
    },
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** The real `bughunt` binary in a child process: what a user gets, exit code included. */
export async function bughunt(...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/bughunt.js', ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
