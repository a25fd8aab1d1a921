/**
 * The external load generator of `npm run bench boardgame-io`, run as its own process against one
 * server at a time (BENCH_LOAD is a JSON `LoadJob`). It creates K tables of five seats through the
 * server's own HTTP API, opens one WebSocket per seat, then keeps `inflight` commands in flight
 * across all tables, round-robin, at most one per table (boardgame.io drops a move sent against a
 * state it has moved past, so a table takes one at a time; both servers get the same rule), the
 * seats of a table taking turns. A command is acked when its sender hears back: Bughunt's `ack`,
 * or boardgame.io's `update` of the match. Every socket receives the fan-out, but only the sender's
 * answer is read. Prints one JSON `LoadResult` line.
 *
 * boardgame.io speaks socket.io; this client speaks its wire protocol (Engine.IO 4 over a plain
 * WebSocket: `40/dice,` joins the namespace, `42/dice,[...]` is an event, `2`/`3` ping and pong),
 * so both clients cost the same: one `ws` socket and a prefix check per frame.
 */
import WebSocket from 'ws';
import { createTables } from '../server.bench.ts';

export interface LoadJob {
  readonly target: 'bughunt' | 'boardgame.io';
  readonly url: string;
  /** Where the lobby API answers, when not at `url` (boardgame.io's runs on a port of its own). */
  readonly api?: string;
  readonly tables: number;
  readonly inflight: number;
  readonly warmupMs: number;
  readonly measureMs: number;
  /** The server's process, told by SIGUSR2 when the measured window starts (when profiling). */
  readonly serverPid?: number;
}

export interface LoadResult {
  /** Commands sent after the warm-up and acked before the end, per second. */
  readonly ackedPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Commands that got no answer within 10 s, or a refusal (the run is void when any). */
  readonly lost: number;
  readonly firstProblem: string | null;
  /** CPU the load generator used over the measured time, as a share of one core. */
  readonly loadCpu: number;
}

/** One table as the pump sees it: send a command from seat `seat` (0–4). */
interface Table {
  send(seat: number): void;
  busy: boolean;
  nextSeat: number;
  sentAt: number;
}

const SEATS = 5;
const ROLL = '{"type":"roll","count":3,"visibility":"public"}';

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('error', reject);
    ws.once('open', () => resolve(ws));
  });
}

/** Waits for the first frame `ws` receives that `match` accepts, and returns it. */
function frame(ws: WebSocket, match: (text: string) => boolean, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what} within 30 s`)), 30_000);
    const on = (data: WebSocket.RawData) => {
      const text = data.toString();
      if (!match(text)) return;
      clearTimeout(timer);
      ws.off('message', on);
      resolve(text);
    };
    ws.on('message', on);
  });
}

async function inBatches<T>(n: number, size: number, one: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => one(i + j)))));
  }
  return out;
}

type Answer = (table: Table, problem: string | null) => void;

async function bughuntTables(job: LoadJob, answer: Answer): Promise<Table[]> {
  const created = await createTables(job.url, 'test', job.tables);
  const wsUrl = `${job.url.replace(/^http/, 'ws')}/ws/tables`;
  let n = 0;
  return inBatches(created.length, 20, async (i) => {
    const t = created[i] as (typeof created)[number];
    const sockets = await Promise.all(
      t.tokens.map(async (token) => {
        const ws = await open(`${wsUrl}/${t.tableId}`);
        const view = frame(ws, (text) => text.startsWith('{"type":"view"'), 'first view');
        ws.send(JSON.stringify({ type: 'hello', token, lastSeq: 0 }));
        await view;
        return ws;
      }),
    );
    const table: Table = {
      busy: false,
      nextSeat: 0,
      sentAt: 0,
      send: (seat) =>
        (sockets[seat] as WebSocket).send(`{"type":"command","id":"c${n++}","command":${ROLL}}`),
    };
    for (const ws of sockets) {
      ws.on('message', (data: WebSocket.RawData) => {
        const text = data.toString();
        if (text.startsWith('{"type":"ack"')) answer(table, null);
        else if (text.startsWith('{"type":"rejected"')) answer(table, text);
      });
    }
    return table;
  });
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function bgioTables(job: LoadJob, answer: Answer): Promise<Table[]> {
  const game = 'dice';
  const wsUrl = `${job.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const prefix = `42/${game},`;
  const api = job.api ?? job.url;
  return inBatches(job.tables, 20, async () => {
    const { matchID } = await postJson<{ matchID: string }>(`${api}/games/${game}/create`, {
      numPlayers: SEATS,
    });
    const credentials: string[] = [];
    for (let p = 0; p < SEATS; p++) {
      const joined = await postJson<{ playerCredentials: string }>(`${api}/games/${game}/${matchID}/join`, {
        playerID: String(p),
        playerName: `P${p}`,
      });
      credentials.push(joined.playerCredentials);
    }
    let stateID = 0;
    const sockets = await Promise.all(
      credentials.map(async (credential, p) => {
        const ws = await open(wsUrl);
        // Engine.IO pings every 10 s and closes a socket that does not answer.
        ws.on('message', (data: WebSocket.RawData) => {
          if (data.toString() === '2') ws.send('3');
        });
        const joined = frame(ws, (text) => text.startsWith(`40/${game},`), 'namespace');
        ws.send(`40/${game},`);
        await joined;
        const synced = frame(ws, (text) => text.startsWith(`${prefix}["sync"`), 'sync');
        ws.send(`${prefix}${JSON.stringify(['sync', matchID, String(p), credential, SEATS])}`);
        const sync = JSON.parse((await synced).slice(prefix.length)) as [
          string,
          string,
          { state: { _stateID: number } },
        ];
        stateID = Math.max(stateID, sync[2].state._stateID);
        return ws;
      }),
    );
    let sender = -1;
    let sentStateID = -1;
    const table: Table = {
      busy: false,
      nextSeat: 0,
      sentAt: 0,
      send: (seat) => {
        sender = seat;
        sentStateID = stateID;
        const action = {
          type: 'MAKE_MOVE',
          payload: { type: 'roll', args: [], playerID: String(seat), credentials: credentials[seat] },
        };
        (sockets[seat] as WebSocket).send(
          `${prefix}${JSON.stringify(['update', action, stateID, matchID, String(seat)])}`,
        );
      },
    };
    sockets.forEach((ws, p) => {
      ws.on('message', (data: WebSocket.RawData) => {
        if (p !== sender || !table.busy) return;
        const text = data.toString();
        if (!text.startsWith(`${prefix}["update"`)) return;
        // The sender's copy of the state after its move is its answer (an update still queued on its
        // socket from the table's previous move is not); the table moves to that state.
        const update = JSON.parse(text.slice(prefix.length)) as [string, string, { _stateID: number }];
        if (update[2]._stateID <= sentStateID) return;
        stateID = update[2]._stateID;
        answer(table, null);
      });
    });
    return table;
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const latencies: number[] = [];
  let lost = 0;
  let firstProblem: string | null = null;
  let inflight = 0;
  let measureFrom = Number.POSITIVE_INFINITY;
  let stopAt = Number.POSITIVE_INFINITY;
  let acked = 0;
  let tables: Table[] = [];
  let cursor = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });

  /** Fills free slots with idle tables, round-robin. */
  const pump = () => {
    if (performance.now() >= stopAt) {
      if (inflight === 0) finish();
      return;
    }
    let scanned = 0;
    while (inflight < job.inflight && scanned < tables.length) {
      const t = tables[cursor] as Table;
      cursor = (cursor + 1) % tables.length;
      scanned++;
      if (t.busy) continue;
      t.busy = true;
      inflight++;
      t.sentAt = performance.now();
      t.send(t.nextSeat);
      t.nextSeat = (t.nextSeat + 1) % SEATS;
    }
  };
  const answer: Answer = (table, problem) => {
    if (!table.busy) return;
    const now = performance.now();
    table.busy = false;
    inflight--;
    if (problem) {
      lost++;
      firstProblem ??= problem;
    } else if (table.sentAt >= measureFrom && now <= stopAt) {
      acked++;
      latencies.push(now - table.sentAt);
    }
    pump();
  };

  tables = job.target === 'bughunt' ? await bughuntTables(job, answer) : await bgioTables(job, answer);
  // A command with no answer in 10 s is lost (boardgame.io answers a refused move with silence).
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const t of tables) if (t.busy && now - t.sentAt > 10_000) answer(t, 'no answer within 10 s');
    if (now >= stopAt && inflight === 0) finish();
  }, 250);
  const start = performance.now();
  measureFrom = start + job.warmupMs;
  stopAt = measureFrom + job.measureMs;
  let cpuAtStart = process.cpuUsage();
  setTimeout(() => {
    cpuAtStart = process.cpuUsage();
    // The server profiles the measured window (BENCH_VS_PROFILE, see profile.ts).
    if (job.serverPid) process.kill(job.serverPid, 'SIGUSR2');
  }, job.warmupMs);
  pump();
  await finished;
  const cpu = process.cpuUsage(cpuAtStart);
  clearInterval(watchdog);
  const sorted = Float64Array.from(latencies).sort();
  return {
    ackedPerSecond: (acked * 1000) / job.measureMs,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    lost,
    firstProblem,
    loadCpu: (cpu.user + cpu.system) / 1000 / job.measureMs,
  };
}

if (process.env.BENCH_LOAD) {
  const result = await runLoad(JSON.parse(process.env.BENCH_LOAD) as LoadJob);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
