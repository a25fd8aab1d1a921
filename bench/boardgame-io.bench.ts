/**
 * Bughunt's live server against boardgame.io 0.50.2's, side by side (`npm run bench boardgame-io`).
 * Each server runs in its own process (boardgame-io/bughunt-server.ts, boardgame-io/bgio-server.ts),
 * both started before the measurement, and one external load generator process
 * (boardgame-io/load.ts) drives one of them at a time in short alternating slices (A B B A …, so
 * a shared machine's drifting load falls on both alike): the same tables of five sockets, the same
 * in-flight limit (at most one command per table), and the same command, a public roll of three
 * six-sided dice by any seat. One JSON line per configuration: acked commands/s and p99 (send to
 * the sender's answer) of each, the ratios ours/theirs, and whether the goal is met.
 *
 * Configurations (BENCH_VS_STORES, default `memory,durable`):
 * - memory: Bughunt's MemoryStore against boardgame.io's default InMemory store.
 * - durable: Bughunt's embedded SQLite store (synchronous=FULL: every ack is on disk) against
 *   boardgame.io's FlatFile (a JSON file per match, rewritten per move, not fsynced). With
 *   BENCH_VS_DURABLE=postgres Bughunt uses DATABASE_URL instead.
 *
 * Sizes: BENCH_VS_TABLES (default 200), BENCH_VS_INFLIGHT (default 64), BENCH_VS_SECONDS
 * (measured per server, default 3) in slices of BENCH_VS_SLICE_MS (default 500), after
 * BENCH_VS_WARMUP_SECONDS (default 1) per server.
 * BENCH_VS_PROFILE=DIR writes each server's CPU profile of the measured window there (profile.ts).
 * Goals (issue 21): in memory ≥ 1.5× its commands/s at ≤ 0.6× its p99; durable ≥ 3.5× at ≤ 0.5×.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadResult, Target } from './boardgame-io/load.ts';

const here = (file: string) => fileURLToPath(new URL(`./boardgame-io/${file}`, import.meta.url));

/** Starts `file` with tsx in its own process and resolves with the first JSON line it prints. */
function start(file: string, env: Record<string, string>): { child: ChildProcess; line: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', here(file)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const line = new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${file}: no answer within 10 minutes`)), 600_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // boardgame.io prints its own lines on stdout; ours is the JSON one (an object or a list).
      const json = out
        .split('\n')
        .find((l, i, all) => i < all.length - 1 && (l.startsWith('{') || l.startsWith('[')));
      if (json) {
        clearTimeout(timer);
        resolve(json);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code}: ${errors.trim()}`));
    });
  });
  return { child, line };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts a server process and resolves with its target for the load generator. */
async function server(
  target: Target['target'],
  file: string,
  env: Record<string, string>,
  running: ChildProcess[],
): Promise<Target> {
  const started = start(file, env);
  running.push(started.child);
  const { url, api } = JSON.parse(await started.line) as { url: string; api?: string };
  return {
    target,
    url,
    ...(api ? { api } : {}),
    ...(process.env.BENCH_VS_PROFILE && started.child.pid ? { serverPid: started.child.pid } : {}),
  };
}

/** Both servers under the one load generator, in alternating slices: a result for each. */
async function sideBySide(
  ours: { file: string; env: Record<string, string> },
  theirs: { file: string; env: Record<string, string> },
  sizes: Omit<LoadJob, 'targets'>,
): Promise<{ ours: LoadResult; theirs: LoadResult }> {
  const running: ChildProcess[] = [];
  try {
    const targets = [
      await server('bughunt', ours.file, ours.env, running),
      await server('boardgame.io', theirs.file, theirs.env, running),
    ];
    const job: LoadJob = { targets, ...sizes };
    const load = start('load.ts', { BENCH_LOAD: JSON.stringify(job) });
    running.push(load.child);
    const [a, b] = JSON.parse(await load.line) as LoadResult[];
    for (const r of [a, b]) {
      if (!r) throw new Error('the load generator answered without a result per server');
      if (r.lost > 0) throw new Error(`${r.target}: ${r.lost} commands lost: ${r.firstProblem}`);
    }
    return { ours: a as LoadResult, theirs: b as LoadResult };
  } finally {
    for (const child of running.reverse()) await stop(child);
  }
}

function round(x: number, digits: number): number {
  return Number(x.toFixed(digits));
}

export default async function boardgameIoBench(): Promise<void> {
  const env = process.env;
  const sizes = {
    tables: Number(env.BENCH_VS_TABLES ?? 200),
    inflight: Number(env.BENCH_VS_INFLIGHT ?? 64),
    warmupMs: Number(env.BENCH_VS_WARMUP_SECONDS ?? 1) * 1000,
    measureMs: Number(env.BENCH_VS_SECONDS ?? 3) * 1000,
    sliceMs: Number(env.BENCH_VS_SLICE_MS ?? 500),
  };
  const durable = env.BENCH_VS_DURABLE === 'postgres' ? 'postgres' : 'sqlite';
  const goals = {
    memory: { ratio: 1.5, p99_ratio: 0.6 },
    durable: { ratio: 3.5, p99_ratio: 0.5 },
  } as const;
  for (const store of (env.BENCH_VS_STORES ?? 'memory,durable').split(',')) {
    if (store !== 'memory' && store !== 'durable') throw new Error(`BENCH_VS_STORES: no store '${store}'`);
    const dir = mkdtempSync(join(tmpdir(), 'bughunt-bench-vs-'));
    try {
      const memory = store === 'memory';
      const { ours, theirs } = await sideBySide(
        {
          file: 'bughunt-server.ts',
          env: {
            BENCH_BUGHUNT_STORE: memory
              ? 'memory'
              : durable === 'postgres'
                ? 'postgres'
                : join(dir, 'bughunt'),
          },
        },
        // production: boardgame.io logs every move's details otherwise.
        {
          file: 'bgio-server.ts',
          env: { BENCH_BGIO_STORE: memory ? 'memory' : join(dir, 'bgio'), NODE_ENV: 'production' },
        },
        sizes,
      );
      const line = {
        bench: 'server-vs-boardgameio',
        store: memory ? 'memory' : `${durable} vs flatfile`,
        ours: round(ours.ackedPerSecond, 0),
        baseline: round(theirs.ackedPerSecond, 0),
        ratio: round(ours.ackedPerSecond / theirs.ackedPerSecond, 3),
        unit: 'acked commands/s',
        p99_ms: round(ours.p99Ms, 2),
        baseline_p99_ms: round(theirs.p99Ms, 2),
        p99_ratio: round(ours.p99Ms / theirs.p99Ms, 3),
        p50_ms: round(ours.p50Ms, 2),
        baseline_p50_ms: round(theirs.p50Ms, 2),
        goal: goals[store],
        goal_met:
          ours.ackedPerSecond / theirs.ackedPerSecond >= goals[store].ratio &&
          ours.p99Ms / theirs.p99Ms <= goals[store].p99_ratio,
        load_cpu: round(ours.loadCpu, 2),
        baseline_load_cpu: round(theirs.loadCpu, 2),
        tables: sizes.tables,
        sockets: sizes.tables * 5,
        inflight: sizes.inflight,
        seconds: sizes.measureMs / 1000,
        slice_ms: sizes.sliceMs,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
