/**
 * The external load generator of `npm run bench boardgame-io`, run as its own process
 * (BENCH_LOAD is a JSON `LoadJob`) against both servers, each in its own process. For each, it
 * creates K tables of five seats through the server's own HTTP API and opens one WebSocket per
 * seat. Then it drives one server at a time, in short alternating slices (A B B A A B …), so that
 * a shared machine's load, which drifts over seconds, falls on both alike: within a slice it keeps
 * `inflight` commands in flight across that server's tables, round-robin, at most one per table
 * (boardgame.io drops a move sent against a state it has moved past, so a table takes one at a
 * time; both servers get the same rule), the seats of a table taking turns; at the slice's end it
 * stops sending and lets the commands in flight finish. A command is acked when its sender hears
 * back: Bughunt's `ack`, or boardgame.io's `update` of the match. Every socket receives the
 * fan-out, but only the sender's answer is read. Prints one JSON line: a `LoadResult` per target.
 *
 * boardgame.io speaks socket.io; this client speaks its wire protocol (Engine.IO 4 over a plain
 * WebSocket: `40/dice,` joins the namespace, `42/dice,[...]` is an event, `2`/`3` ping and pong),
 * so both clients cost the same: one `ws` socket and a prefix check per frame.
 */
import WebSocket from 'ws';
import { createTables } from '../server.bench.ts';

export interface Target {
  readonly target: 'bughunt' | 'boardgame.io';
  readonly url: string;
  /** Where the lobby API answers, when not at `url` (boardgame.io's runs on a port of its own). */
  readonly api?: string;
  /** The server's process, told by SIGUSR2 when the measured slices start (when profiling). */
  readonly serverPid?: number;
}

export interface LoadJob {
  readonly targets: readonly Target[];
  readonly tables: number;
  readonly inflight: number;
  /** Driven, unmeasured, per target before the measured slices. */
  readonly warmupMs: number;
  /** Measured time per target, in slices of `sliceMs`. */
  readonly measureMs: number;
  readonly sliceMs: number;
}

export interface LoadResult {
  readonly target: Target['target'];
  /** Commands acked inside the measured slices, per second of those slices. */
  readonly ackedPerSecond: number;
  /** Send to answer, for every command sent inside a measured slice. */
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Commands that got no answer within 10 s, or a refusal (the run is void when any). */
  readonly lost: number;
  readonly firstProblem: string | null;
  /** CPU the load generator used while driving this target, as a share of one core. */
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

async function bughuntTables(job: Target, count: number, answer: Answer): Promise<Table[]> {
  const created = await createTables(job.url, 'test', count);
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

async function bgioTables(job: Target, count: number, answer: Answer): Promise<Table[]> {
  const game = 'dice';
  const wsUrl = `${job.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const prefix = `42/${game},`;
  const api = job.api ?? job.url;
  return inBatches(count, 20, async () => {
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

/** One target under load: its tables, and what its measured slices saw. */
interface Side {
  readonly target: Target;
  tables: Table[];
  cursor: number;
  inflight: number;
  /** Sending is allowed until then; answers are counted as acked until then too. */
  sendUntil: number;
  measuring: boolean;
  acked: number;
  measuredMs: number;
  cpuMicros: number;
  readonly latencies: number[];
  lost: number;
  firstProblem: string | null;
  drained: () => void;
}

/** Fills free slots with idle tables, round-robin, while the slice lasts. */
function pump(side: Side, limit: number): void {
  if (performance.now() >= side.sendUntil) {
    if (side.inflight === 0) side.drained();
    return;
  }
  let scanned = 0;
  while (side.inflight < limit && scanned < side.tables.length) {
    const t = side.tables[side.cursor] as Table;
    side.cursor = (side.cursor + 1) % side.tables.length;
    scanned++;
    if (t.busy) continue;
    t.busy = true;
    side.inflight++;
    t.sentAt = performance.now();
    t.send(t.nextSeat);
    t.nextSeat = (t.nextSeat + 1) % SEATS;
  }
}

/** Drives `side` for `ms`, then waits (bounded by the watchdog) for its commands in flight. */
async function drive(side: Side, ms: number, measure: boolean, limit: number): Promise<void> {
  const drained = new Promise<void>((resolve) => {
    side.drained = resolve;
  });
  const cpu = process.cpuUsage();
  side.measuring = measure;
  side.sendUntil = performance.now() + ms;
  pump(side, limit);
  // A command with no answer in 10 s is lost (boardgame.io answers a refused move with silence).
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const t of side.tables) if (t.busy && now - t.sentAt > 10_000) answerOf(side, limit)(t, 'no answer');
    if (now >= side.sendUntil && side.inflight === 0) side.drained();
  }, 100);
  await drained;
  clearInterval(watchdog);
  if (measure) {
    side.measuredMs += ms;
    const used = process.cpuUsage(cpu);
    side.cpuMicros += used.user + used.system;
  }
}

function answerOf(side: Side, limit: number): Answer {
  return (table, problem) => {
    if (!table.busy) return;
    const now = performance.now();
    table.busy = false;
    side.inflight--;
    if (problem) {
      side.lost++;
      side.firstProblem ??= problem;
    } else if (side.measuring) {
      if (now <= side.sendUntil) side.acked++;
      side.latencies.push(now - table.sentAt);
    }
    pump(side, limit);
  };
}

export async function runLoad(job: LoadJob): Promise<LoadResult[]> {
  const sides: Side[] = [];
  for (const target of job.targets) {
    const side: Side = {
      target,
      tables: [],
      cursor: 0,
      inflight: 0,
      sendUntil: 0,
      measuring: false,
      acked: 0,
      measuredMs: 0,
      cpuMicros: 0,
      latencies: [],
      lost: 0,
      firstProblem: null,
      drained: () => undefined,
    };
    const answer = answerOf(side, job.inflight);
    side.tables =
      target.target === 'bughunt'
        ? await bughuntTables(target, job.tables, answer)
        : await bgioTables(target, job.tables, answer);
    sides.push(side);
  }
  for (const side of sides) await drive(side, job.warmupMs, false, job.inflight);
  for (const side of sides) if (side.target.serverPid) process.kill(side.target.serverPid, 'SIGUSR2');
  // A B B A A B …: each side goes first in half of the pairs.
  const slices = Math.max(1, Math.round(job.measureMs / job.sliceMs));
  for (let i = 0; i < slices; i++) {
    const order = i % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) await drive(side, job.sliceMs, true, job.inflight);
  }
  return sides.map((side) => {
    const sorted = Float64Array.from(side.latencies).sort();
    return {
      target: side.target.target,
      ackedPerSecond: (side.acked * 1000) / side.measuredMs,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      lost: side.lost,
      firstProblem: side.firstProblem,
      loadCpu: side.cpuMicros / 1000 / side.measuredMs,
    };
  });
}

if (process.env.BENCH_LOAD) {
  const results = await runLoad(JSON.parse(process.env.BENCH_LOAD) as LoadJob);
  process.stdout.write(`${JSON.stringify(results)}\n`);
  process.exit(0);
}
