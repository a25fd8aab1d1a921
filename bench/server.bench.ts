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
 *
 * A second line, `server-view-bytes`, counts the bytes a 3:16 table's sockets receive per command
 * once its campaign is long (hundreds of chat lines and narrations): views sent as patches against
 * the whole views the same run's sockets would have received (each patched view rebuilt and
 * measured whole).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { SeededDice } from '../src/engine/dice/source.ts';
import type { AnyRuleset, Seat } from '../src/engine/ruleset.ts';
import { applyPatch } from '../src/engine/view-patch.ts';
import { type RulesRegistry, startServer } from '../src/server/app.ts';
import { MemoryBus, MemoryStore } from '../src/server/memory-store.ts';
import type { CreateTableResponse, SeatTokenResponse, ServerMessage } from '../src/server/protocol.ts';
import type { EventBus, EventStore } from '../src/server/store/event-store.ts';
import { dropSchema } from '../src/server/store/pg-store.ts';

/**
 * The bench is one client address with thousands of sockets driving commands as fast as the server
 * acks them: lift the per-address and per-socket limits, and the per-seat and per-table command
 * limits that keep a real table from one flooding player (a load generator is not one).
 */
export const BENCH_LIMITS = {
  httpWritesPerSecond: 1e6,
  httpWriteBurst: 1e6,
  messagesPerSecond: 1e6,
  messageBurst: 1e6,
  commandsPerSecondPerSeat: 1e6,
  commandBurstPerSeat: 1e6,
  playerCommandsPerSecondPerTable: 1e6,
  playerCommandBurstPerTable: 1e6,
  maxQueuedCommandsPerTable: 1e6,
} as const;

export interface BenchTable {
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

export async function createTables(base: string, system: string, k: number): Promise<BenchTable[]> {
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

/**
 * Bytes per command on one sizeable 3:16 table (GM, three players, a spectator): every frame the
 * five sockets receive while commands run one at a time, with views as patches (ours) and with
 * each of those views whole instead (the baseline: what the server sent before view patches).
 */
async function viewBytes(): Promise<void> {
  const bus = new MemoryBus();
  const server = await startServer({
    port: 0,
    stores: { store: new MemoryStore(bus), bus },
    limits: BENCH_LIMITS,
  });
  const sockets: WebSocket[] = [];
  try {
    const base = server.url;
    const t = await post<CreateTableResponse>(`${base}/api/tables`, {
      system: 'three-sixteen',
      name: 'bytes',
    });
    const players: SeatTokenResponse[] = [];
    for (const name of ['Ann', 'Ben', 'Cat']) {
      players.push(
        await post<SeatTokenResponse>(`${base}/api/tables/${t.tableId}/join`, {
          inviteCode: t.invite.code,
          name,
        }),
      );
    }
    const watcher = await post<SeatTokenResponse>(`${base}/api/tables/${t.tableId}/spectate`, {
      spectateCode: t.spectate.code,
    });
    interface Counted {
      readonly ws: WebSocket;
      view: unknown;
      viewSeq: number;
      /** Bytes of every frame received, as sent. */
      bytes: number;
      /** Bytes of the view frames received, and of the same views whole. */
      viewBytes: number;
      wholeViewBytes: number;
      readonly answers: Map<string, ServerMessage>;
      /** The `toSeq` of the last events message (in this seat's own numbering). */
      eventsTo: number;
    }
    const open = (token: string) =>
      new Promise<Counted>((resolve, reject) => {
        const url = `${base.replace(/^http/, 'ws')}/ws/tables/${t.tableId}`;
        const ws = new WebSocket(url, { perMessageDeflate: false });
        sockets.push(ws);
        const c: Counted = {
          ws,
          view: null,
          viewSeq: -1,
          bytes: 0,
          viewBytes: 0,
          wholeViewBytes: 0,
          answers: new Map(),
          eventsTo: 0,
        };
        ws.once('error', reject);
        ws.once('open', () => ws.send(JSON.stringify({ type: 'hello', token, lastSeq: 0 })));
        ws.on('message', (data: Buffer) => {
          c.bytes += data.length;
          const m = JSON.parse(data.toString()) as ServerMessage;
          if (m.type === 'view' || m.type === 'viewPatch') {
            if (m.type === 'view') c.view = m.view;
            else if (m.baseSeq === c.viewSeq) c.view = applyPatch(c.view, m.ops);
            else throw new Error(`a patch on ${m.baseSeq} for a view at ${c.viewSeq}`);
            c.viewSeq = m.seq;
            c.viewBytes += data.length;
            c.wholeViewBytes += Buffer.byteLength(JSON.stringify({ type: 'view', seq: m.seq, view: c.view }));
            if (m.type === 'view') resolve(c);
          } else if (m.type === 'ack' || m.type === 'rejected') c.answers.set(m.id ?? '', m);
          else if (m.type === 'events') c.eventsTo = m.toSeq;
        });
      });
    const gm = await open(t.gm.token);
    const seats = [gm, ...(await Promise.all(players.map((p) => open(p.token)))), await open(watcher.token)];
    let n = 0;
    /** One command, then wait (bounded) until every socket holds the view after it. */
    const run = async (by: Counted, command: Record<string, unknown>) => {
      const id = `v${n++}`;
      by.ws.send(JSON.stringify({ type: 'command', id, command }));
      for (let tries = 0; tries < 10_000; tries++) {
        const answer = by.answers.get(id);
        if (answer?.type === 'rejected') throw new Error(`rejected: ${JSON.stringify(answer)}`);
        // Each seat numbers only the events it sees: the sender's ack is in its own numbers, and
        // every seat waits for the view after the last events it got.
        if (
          answer?.type === 'ack' &&
          by.eventsTo >= answer.seq &&
          seats.every((c) => c.viewSeq >= c.eventsTo)
        )
          return;
        await new Promise((r) => setTimeout(r, 1));
      }
      throw new Error(`no answer and views for ${JSON.stringify(command)}`);
    };
    const line = (i: number) => `Line ${i}: the squad holds the ridge while the dropship circles overhead.`;
    const player = (i: number) => seats[1 + (i % 3)] as Counted;
    for (const [i, p] of players.entries()) {
      await run(gm, { type: 'createTrooper', ownerSeatId: p.seatId, name: `Trooper ${i}`, fa: 5, nfa: 5 });
    }
    // A long campaign: 300 chat lines and 150 narrations, half of those secret.
    for (let i = 0; i < 450; i++) {
      if (i % 3 === 2) await run(gm, { type: 'narrate', text: line(i), secret: i % 2 === 0 });
      else await run(player(i), { type: 'chat.say', text: line(i) });
    }
    const before = seats.map((c) => ({ bytes: c.bytes, view: c.viewBytes, whole: c.wholeViewBytes }));
    const measured = 100;
    for (let i = 0; i < measured; i++) {
      if (i % 4 === 0) await run(gm, { type: 'narrate', text: line(i) });
      else if (i % 4 === 1)
        await run(player(i), { type: 'chat.roll', notation: '1d10', visibility: 'public' });
      else await run(player(i), { type: 'chat.say', text: line(i) });
    }
    let bytes = 0;
    let viewFrames = 0;
    let wholeViews = 0;
    for (const [i, c] of seats.entries()) {
      const b = before[i] as { bytes: number; view: number; whole: number };
      bytes += c.bytes - b.bytes;
      viewFrames += c.viewBytes - b.view;
      wholeViews += c.wholeViewBytes - b.whole;
    }
    const ours = bytes / measured;
    const baseline = (bytes - viewFrames + wholeViews) / measured;
    const round = (x: number, d: number) => Number(x.toFixed(d));
    const result = {
      bench: 'server-view-bytes',
      what: 'bytes sent per command, view patches vs whole views',
      ours: round(ours, 0),
      baseline: round(baseline, 0),
      ratio: round(ours / baseline, 4),
      unit: 'bytes/command to 5 sockets',
      views_ratio: round(viewFrames / wholeViews, 4),
      gm_view_bytes: Buffer.byteLength(JSON.stringify(gm.view)),
      commands: measured,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.close();
  }
}

export default async function serverBench(): Promise<void> {
  await viewBytes();
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
    limits: BENCH_LIMITS,
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
