/**
 * Live tables under load: K tables × 5 WebSocket clients (a GM and four players) on loopback,
 * against the embedded SQLite store in a temp dir (BENCH_SERVER_STORE=memory or postgres for the
 * others). Reports sustained acked commands per second and the p50/p99 time from sending a command
 * to its ack, against a baseline of the same commands decided and evolved in-process (no network,
 * no storage, no fan-out).
 *
 * The server runs in this thread; the clients run in a worker thread, so each gets a core of its
 * own and the load generator does not steal the server's event loop. Every client loop is bounded
 * in count and in time. Settings: BENCH_SERVER_TABLES (default 1000), BENCH_SERVER_INFLIGHT
 * (commands in flight across all clients, default 64), BENCH_SERVER_SECONDS (measured, default 10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { SeededDice } from '../src/engine/dice/source.ts';
import type { AnyRuleset, Seat } from '../src/engine/ruleset.ts';
import { type RulesRegistry, startServer } from '../src/server/app.ts';
import { MemoryBus, MemoryStore } from '../src/server/memory-store.ts';
import type { CreateTableResponse, SeatTokenResponse } from '../src/server/protocol.ts';
import type { EventBus, EventStore } from '../src/server/store/event-store.ts';
import { dropSchema } from '../src/server/store/pg-store.ts';

interface BenchTable {
  readonly tableId: string;
  /** GM first, then four players. */
  readonly tokens: readonly string[];
}

interface ClientJob {
  readonly kind: 'server-bench-clients';
  readonly url: string;
  readonly tables: readonly BenchTable[];
  readonly command: Record<string, unknown>;
  readonly inflight: number;
  readonly warmupMs: number;
  readonly measureMs: number;
  /** Commands one client sends at most (the loop's count bound). */
  readonly perClientMax: number;
}

interface ClientResult {
  readonly acked: number;
  readonly rejected: number;
  readonly elapsedMs: number;
  readonly latencies: Float64Array;
  readonly firstRejection: string | null;
}

/** The command the bench sends, and the system whose table runs it. */
interface Workload {
  readonly system: string;
  readonly command: Record<string, unknown>;
  readonly rules?: RulesRegistry;
}

async function workload(): Promise<Workload> {
  const { testRules } = await import('../src/server/test-kit.ts');
  return { system: 'test', command: { type: 'roll', count: 3, visibility: 'public' }, rules: testRules };
}

// -----------------------------------------------------------------------------------------------
// The worker: K × 5 clients, a shared in-flight limit, latency per ack.

async function runClients(job: ClientJob): Promise<ClientResult> {
  const wsUrl = job.url.replace(/^http/, 'ws');
  interface Client {
    ws: WebSocket;
    sent: number;
    sentAt: number;
    busy: boolean;
  }
  const clients: Client[] = [];
  const open = (tableId: string, token: string): Promise<Client> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`${wsUrl}/ws/tables/${tableId}`, { perMessageDeflate: false });
      const client: Client = { ws, sent: 0, sentAt: 0, busy: false };
      ws.once('error', reject);
      ws.once('open', () => ws.send(JSON.stringify({ type: 'hello', token, lastSeq: 0 })));
      const onHello = (data: WebSocket.RawData) => {
        if (data.toString().startsWith('{"type":"view"')) {
          ws.off('message', onHello);
          resolve(client);
        }
      };
      ws.on('message', onHello);
    });

  // Connect in bounded parallel batches (thousands of sockets at once would only queue).
  const all = job.tables.flatMap((t) => t.tokens.map((token) => ({ tableId: t.tableId, token })));
  for (let i = 0; i < all.length; i += 100) {
    clients.push(...(await Promise.all(all.slice(i, i + 100).map((c) => open(c.tableId, c.token)))));
  }

  let rejected = 0;
  let firstRejection: string | null = null;
  const latencies: number[] = [];
  const start = performance.now();
  const measureFrom = start + job.warmupMs;
  const stopAt = measureFrom + job.measureMs;
  let measuredAcks = 0;
  let inflight = 0;
  let cursor = 0;
  let nextId = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((r) => {
    finish = r;
  });

  const commandText = (id: string) =>
    `{"type":"command","id":"${id}","command":${JSON.stringify(job.command)}}`;

  /** Fills free slots with idle clients, round-robin over all tables. */
  const pump = () => {
    const now = performance.now();
    if (now >= stopAt) {
      if (inflight === 0) finish();
      return;
    }
    let scanned = 0;
    while (inflight < job.inflight && scanned < clients.length) {
      const c = clients[cursor] as Client;
      cursor = (cursor + 1) % clients.length;
      scanned++;
      if (c.busy || c.sent >= job.perClientMax) continue;
      c.busy = true;
      c.sent++;
      c.sentAt = performance.now();
      inflight++;
      c.ws.send(commandText(`b${nextId++}`));
    }
    if (inflight === 0) finish(); // every client reached its count bound
  };

  for (const c of clients) {
    c.ws.on('message', (data: WebSocket.RawData) => {
      const text = data.toString();
      // Only answers matter here; events and views are received (that is the fan-out cost) but not parsed.
      const isAck = text.startsWith('{"type":"ack"');
      if (!isAck && !text.startsWith('{"type":"rejected"')) return;
      const now = performance.now();
      if (isAck) {
        if (c.sentAt >= measureFrom && now <= stopAt) {
          measuredAcks++;
          latencies.push(now - c.sentAt);
        }
      } else {
        rejected++;
        firstRejection ??= text;
      }
      c.busy = false;
      inflight--;
      pump();
    });
  }
  pump();
  await finished;
  const elapsedMs = Math.min(performance.now(), stopAt) - measureFrom;
  for (const c of clients) c.ws.terminate();
  return {
    acked: measuredAcks,
    rejected,
    elapsedMs,
    latencies: Float64Array.from(latencies),
    firstRejection,
  };
}

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === 'server-bench-clients') {
  const result = await runClients(workerData as ClientJob);
  parentPort?.postMessage(result, [result.latencies.buffer as ArrayBuffer]);
}

// -----------------------------------------------------------------------------------------------
// The main thread: server, tables, baseline, report.

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function createTables(base: string, system: string, k: number): Promise<BenchTable[]> {
  const tables: BenchTable[] = [];
  const one = async (i: number): Promise<BenchTable> => {
    const t = await post<CreateTableResponse>(`${base}/api/tables`, { system, name: `bench ${i}` });
    const tokens = [t.gm.token];
    for (let p = 0; p < 4; p++) {
      const seat = await post<SeatTokenResponse>(`${base}/api/tables/${t.tableId}/join`, {
        inviteCode: t.invite.code,
        name: `P${p}`,
      });
      tokens.push(seat.token);
    }
    return { tableId: t.tableId, tokens };
  };
  for (let i = 0; i < k; i += 25) {
    tables.push(...(await Promise.all(Array.from({ length: Math.min(25, k - i) }, (_, j) => one(i + j)))));
  }
  return tables;
}

/** The same commands decided and evolved in-process, round-robin over K tables: commands/s. */
function baseline(rules: AnyRuleset, command: Record<string, unknown>, k: number, ms: number): number {
  const parsed = rules.commandSchema.parse(command);
  const seats: Seat[] = Array.from({ length: 5 }, (_, i) => ({
    seatId: `s${i}`,
    role: i === 0 ? 'gm' : 'player',
  }));
  const states: unknown[] = [];
  for (let t = 0; t < k; t++) {
    let s = rules.setup({});
    for (const seat of seats) {
      s = rules.evolve(s, { type: 'seat.joined', seatId: seat.seatId, role: seat.role, name: seat.seatId });
    }
    states.push(s);
  }
  const dice = new SeededDice(1);
  let n = 0;
  const run = (until: number) => {
    while (performance.now() < until) {
      for (let b = 0; b < 256; b++, n++) {
        const t = n % k;
        const seat = seats[n % 5] as Seat;
        let s = states[t];
        for (const e of rules.decide(s, parsed, { actor: seat, dice })) s = rules.evolve(s, e);
        states[t] = s;
      }
    }
  };
  run(performance.now() + 300); // warm-up
  const before = n;
  const start = performance.now();
  run(start + ms);
  return ((n - before) * 1000) / (performance.now() - start);
}

export default async function serverBench(): Promise<void> {
  const k = Number(process.env.BENCH_SERVER_TABLES ?? 1000);
  const inflight = Number(process.env.BENCH_SERVER_INFLIGHT ?? 64);
  const measureMs = Number(process.env.BENCH_SERVER_SECONDS ?? 10) * 1000;
  const work = await workload();
  const dir = mkdtempSync(join(tmpdir(), 'bughunt-bench-'));
  // BENCH_SERVER_STORE=memory leaves storage out, to see what the rest of the path costs;
  // BENCH_SERVER_STORE=postgres uses DATABASE_URL (a fresh schema, dropped afterwards).
  let stores: { store: EventStore; bus: EventBus } | undefined;
  if (process.env.BENCH_SERVER_STORE === 'memory') {
    const bus = new MemoryBus();
    stores = { store: new MemoryStore(bus), bus };
  }
  const databaseUrl = process.env.BENCH_SERVER_STORE === 'postgres' ? process.env.DATABASE_URL : undefined;
  if (process.env.BENCH_SERVER_STORE === 'postgres' && !databaseUrl) {
    throw new Error('BENCH_SERVER_STORE=postgres needs DATABASE_URL');
  }
  const databaseSchema = databaseUrl ? `bughunt_bench_${process.pid}` : undefined;
  const server = await startServer({
    port: 0,
    dataDir: dir,
    ...(stores ? { stores } : {}),
    ...(databaseUrl ? { databaseUrl, databaseSchema } : {}),
    ...(work.rules ? { rules: work.rules } : {}),
    limits: {
      // The bench is one client address with thousands of sockets: lift the per-address limits.
      httpWritesPerSecond: 1e6,
      httpWriteBurst: 1e6,
      messagesPerSecond: 1e6,
      messageBurst: 1e6,
    },
  });
  try {
    const tables = await createTables(server.url, work.system, k);
    const job: ClientJob = {
      kind: 'server-bench-clients',
      url: server.url,
      tables,
      command: work.command,
      inflight,
      warmupMs: 2000,
      measureMs,
      perClientMax: 100_000,
    };
    // An eval'd bootstrap registers tsx in the worker, then loads this very file.
    const worker = new Worker(
      `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`,
      { eval: true, workerData: job },
    );
    const result = await new Promise<ClientResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`bench clients exited with ${code}`)));
    });
    await worker.terminate();
    if (result.firstRejection) throw new Error(`a command was rejected: ${result.firstRejection}`);
    const sorted = result.latencies.sort();
    const ours = (result.acked * 1000) / result.elapsedMs;
    const rules = (
      work.rules ?? (await import('../src/server/rules-registry.ts')).registryRules()
    ).rulesetFor(work.system);
    if (!rules) throw new Error(`no ruleset for ${work.system}`);
    const base = baseline(rules, work.command, k, 2000);
    const round = (x: number, d: number) => Number(x.toFixed(d));
    const line = {
      bench: 'server-acked-commands',
      store: process.env.BENCH_SERVER_STORE ?? 'sqlite',
      ours: round(ours, 0),
      baseline: round(base, 0),
      ratio: round(ours / base, 4),
      unit: 'commands/s',
      p50_ms: round(percentile(sorted, 50), 2),
      p99_ms: round(percentile(sorted, 99), 2),
      tables: k,
      clients: k * 5,
      inflight,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    if (databaseUrl && databaseSchema) await dropSchema(databaseUrl, databaseSchema);
  }
}
