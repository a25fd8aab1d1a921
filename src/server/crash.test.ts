import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { SeatTokenResponse } from './protocol.ts';
import { dropSchema } from './store/pg-store.ts';
import { openStores, type StoreConfig } from './stores.ts';
import { pgUrl, tempDir, testSchema } from './test-backends.ts';
import { createTable, http, join, spectate, TestClient, until } from './test-kit.ts';

/**
 * The real server process (`node --import tsx src/server/main.ts`), killed with SIGKILL under a
 * steady command load, then started again on the same storage: every acked command must be in the
 * log, each command's events all there or none, seqs gapless. On the embedded SQLite store (a data
 * directory) and on PostgreSQL (a fresh schema; required in CI, like every PostgreSQL test).
 */

const CRASH_SYSTEM = process.env.CRASH_TEST_SYSTEM ?? 'three-sixteen';
/** A command any seat may send at a fresh table of that system (dice chat runs at every table). */
const CRASH_COMMAND = (n: number) => ({
  type: 'chat.roll',
  notation: '2d6+1',
  visibility: 'public',
  label: `crash ${n}`,
});

interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: string[];
}

/** Where a crashed server keeps its tables: environment for `main.ts`, and how to clean up. */
interface Storage {
  readonly name: string;
  readonly available: boolean;
  readonly env: () => Record<string, string>;
  /** The same storage for openStores (to look at it directly once the server is dead). */
  readonly config: () => StoreConfig;
  readonly remove: () => Promise<void>;
}

function sqliteStorage(): Storage {
  const data = tempDir('bughunt-crash-');
  return {
    name: 'SQLite',
    available: true,
    env: () => ({ BUGHUNT_DATA: data.dir, DATABASE_URL: '', DATABASE_SCHEMA: '' }),
    config: () => ({ dataDir: data.dir }),
    remove: async () => data.remove(),
  };
}

function postgresStorage(): Storage {
  const url = pgUrl();
  const schema = testSchema();
  return {
    name: 'PostgreSQL',
    available: url !== undefined,
    env: () => ({ DATABASE_URL: url ?? '', DATABASE_SCHEMA: schema }),
    config: () => ({ dataDir: '', databaseUrl: url, databaseSchema: schema }),
    remove: async () => {
      if (url) await dropSchema(url, schema);
    },
  };
}

function startProcess(storage: Storage): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...storage.env(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 60_000);
    child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      output.push(d.toString());
      const m = /Bughunt listening on (http:\/\/\S+)/.exec(output.join(''));
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1], output });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
}

function kill(running: Running): Promise<void> {
  return new Promise((resolve) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) return resolve();
    running.child.once('exit', () => resolve());
    running.child.kill('SIGKILL');
  });
}

const postgres = postgresStorage();
describe('crash safety: CI runs it on PostgreSQL', () => {
  it.runIf(process.env.CI === 'true')('DATABASE_URL is set', () => {
    expect(postgres.available, 'set DATABASE_URL (PostgreSQL)').toBe(true);
  });
});

for (const storage of [sqliteStorage(), postgres])
  describe.skipIf(!storage.available)(`crash safety on ${storage.name}`, () => {
    const processes: Running[] = [];
    afterAll(async () => {
      for (const p of processes) await kill(p);
      await storage.remove();
    });

    it('after kill -9, every acked command is in the log and no command is half-written', async () => {
      const first = await startProcess(storage);
      processes.push(first);
      const table = await createTable(first.url, CRASH_SYSTEM, 'Crash test');
      const seats = [table.gm.token];
      for (let i = 0; i < 4; i++) seats.push((await join(first.url, table, `P${i}`)).token);
      const clients = await Promise.all(
        seats.map((token) => TestClient.open(first.url, table.tableId, token)),
      );

      // Each client sends commands one after another until the server dies; we note what was acked.
      const acked = new Map<string, number>(); // `${client}/${id}` → ack seq
      const sent = new Set<string>();
      let stop = false;
      const loops = clients.map(async (c, ci) => {
        for (let n = 0; !stop && n < 5000; n++) {
          const id = `k${ci}-${n}`;
          sent.add(`${ci}/${id}`);
          const from = c.messages.length;
          c.send({ type: 'command', id, command: CRASH_COMMAND(n) });
          const answer = await until(
            () =>
              c.messages
                .slice(from)
                .find((m) => (m.type === 'ack' || m.type === 'rejected') && m.id === id) ??
              (c.closed ? 'closed' : undefined),
            `answer to ${id}`,
          );
          if (answer === 'closed') return;
          // Over the table's command rate: nothing was stored; the next id goes after a pause.
          if (answer.type === 'rejected' && answer.code === 'RATE_LIMITED') {
            await new Promise((r) => setTimeout(r, 100));
            continue;
          }
          if (answer.type === 'rejected') throw new Error(`rejected: ${JSON.stringify(answer)}`);
          if (answer.type === 'ack') acked.set(`${ci}/${id}`, answer.seq);
        }
      });
      await until(() => acked.size >= 300, '300 acked commands', 60_000);
      await kill(first);
      stop = true;
      await Promise.all(loops);
      const ackedCount = acked.size;
      expect(ackedCount).toBeGreaterThanOrEqual(300);

      const second = await startProcess(storage);
      processes.push(second);
      const exported = await http<{
        events: { seq: number; by: string | null; commandId: string | null; event: { type: string } }[];
      }>(second.url, 'GET', `/api/tables/${table.tableId}/export`, undefined, {
        authorization: `Bearer ${table.gm.token}`,
      });
      expect(exported.status).toBe(200);
      const log = exported.body.events;
      expect(log.map((e) => e.seq)).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));

      // Group the log by command: each command's events are contiguous and end at its ack seq.
      const seatOf = new Map<string, number>();
      clients.forEach((c, ci) => {
        const welcome = c.messages.find((m) => m.type === 'welcome');
        if (welcome?.type === 'welcome') seatOf.set(welcome.seat.seatId, ci);
      });
      const commands = new Map<string, number[]>();
      for (const e of log) {
        if (!e.commandId || !e.by) continue;
        const key = `${seatOf.get(e.by)}/${e.commandId}`;
        commands.set(key, [...(commands.get(key) ?? []), e.seq]);
      }
      for (const [key, seq] of acked) {
        const seqs = commands.get(key);
        expect(seqs, `acked command ${key} is in the log`).toBeDefined();
        expect(seqs?.at(-1)).toBe(seq);
      }
      for (const [key, seqs] of commands) {
        expect(sent.has(key), `${key} was sent by a client`).toBe(true);
        // All of a command's events or none: they sit together, in one run of seqs.
        expect((seqs.at(-1) ?? 0) - (seqs[0] ?? 0)).toBe(seqs.length - 1);
      }
      // At most one unacked command per client can have got in (the one in flight at the kill).
      expect(commands.size - ackedCount).toBeLessThanOrEqual(clients.length);

      // A client that held events up to some seq reconnects and gets exactly the rest.
      const gm = clients[0] as TestClient;
      const back = await TestClient.open(second.url, table.tableId, table.gm.token, gm.lastSeq);
      expect(back.streamErrors).toEqual([]);
      const all = [...gm.envelopes, ...back.envelopes].map((e) => e.seq);
      expect(all).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
      // And the server goes on: the next command follows the log.
      expect(await back.command(CRASH_COMMAND(-1))).toMatchObject({ type: 'ack' });
      await back.close();
    });
  });

/**
 * Seats under kill -9: joins (player and spectator seats) and renames are sent without pause from
 * several clients, the server is killed mid-stream, and then its storage is read directly. A seat
 * row and its event are one transaction, so whatever the kill interrupted, every stored seat has
 * exactly one seat.joined (no ghost seat counted against the cap or shown in presence), every
 * seat.joined its seat, and every stored name is the one the log gave the seat last.
 */
for (const storage of [sqliteStorage(), postgresStorage()])
  describe.skipIf(!storage.available)(`crash safety of seats on ${storage.name}`, () => {
    const processes: Running[] = [];
    afterAll(async () => {
      for (const p of processes) await kill(p);
      await storage.remove();
    });

    it('after kill -9, the seats and the log agree: no seat without its event, no stale name', async () => {
      const first = await startProcess(storage);
      processes.push(first);
      const table = await createTable(first.url, CRASH_SYSTEM, 'Seat crash');
      const seated: SeatTokenResponse[] = [];
      const renamed = new Map<string, string>(); // seat id → acked name
      let writes = 0;
      let killing = false;
      // Within the default limits: 8 clients × a few writes stay under the HTTP write burst (200)
      // and each seat pool's cap (100).
      const loops = Array.from({ length: 8 }, async (_, li) => {
        for (let n = 0; n < 10; n++) {
          try {
            const seat =
              li % 2 ? await spectate(first.url, table) : await join(first.url, table, `Joined ${li}-${n}`);
            seated.push(seat);
            writes++;
            const name = `Renamed ${li}-${n}`;
            const answer = await http(
              first.url,
              'POST',
              `/api/tables/${table.tableId}/seats/${seat.seatId}/name`,
              { name },
              { authorization: `Bearer ${seat.token}` },
            );
            if (answer.status !== 200)
              throw new Error(`rename: ${answer.status} ${JSON.stringify(answer.body)}`);
            renamed.set(seat.seatId, name);
            writes++;
          } catch (e) {
            if (killing) return; // the server died under this request
            throw e;
          }
        }
      });
      await until(() => writes >= 40, '40 seat writes', 60_000);
      killing = true;
      await kill(first);
      await Promise.all(loops);

      const { store, bus } = await openStores(storage.config());
      try {
        const seats = await store.seats(table.tableId);
        const log = await store.read(table.tableId, 0);
        const joins = new Map<string, number>();
        const lastName = new Map<string, string>();
        for (const { event } of log) {
          const seatId = String(event.seatId);
          if (event.type === 'seat.joined') joins.set(seatId, (joins.get(seatId) ?? 0) + 1);
          if (event.type === 'seat.joined' || event.type === 'seat.renamed')
            lastName.set(seatId, String(event.name));
        }
        expect([...joins.keys()].sort()).toEqual(seats.map((s) => s.seatId).sort());
        for (const [seatId, n] of joins) expect(n, `seat.joined events of ${seatId}`).toBe(1);
        for (const s of seats) expect(s.name, `stored name of ${s.seatId}`).toBe(lastName.get(s.seatId));
        // Everything acked is there.
        const ids = new Set(seats.map((s) => s.seatId));
        for (const s of seated) expect(ids.has(s.seatId), `acked seat ${s.seatId}`).toBe(true);
        for (const [seatId, name] of renamed) expect(lastName.get(seatId)).toBe(name);
        expect(seated.length).toBeGreaterThanOrEqual(20);
      } finally {
        await bus.close();
        await store.close();
      }
    });
  });
