import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Seat } from '../engine/ruleset.ts';
import { stateHash } from '../engine/state-hash.ts';
import { type CommandOutcome, type HubClient, type HubOptions, TableHub } from './hub.ts';
import { MemoryBus, MemoryStore } from './memory-store.ts';
import { joinedEvent, seat, table } from './store/event-store.contract.ts';
import type { EventStore, SeatRecord } from './store/event-store.ts';
import { dropSchema } from './store/pg-store.ts';
import { openStores } from './stores.ts';
import { pgUrl, tempDir, testSchema } from './test-backends.ts';
import { testRuleset } from './test-ruleset.ts';

/**
 * Group commit (issue 20, finding 5): the commands a table's queue holds when its turn comes are
 * decided one after another on the state the earlier ones leave, and all their events go to the
 * store in ONE append. Checked on the hub itself over every store, with the store's appends
 * counted.
 */

const url = pgUrl();

interface Backend {
  readonly name: string;
  readonly available: boolean;
  /** Opens `count` stores on one fresh storage (two: two instances sharing it, where it can be shared). */
  open(count: number): Promise<{ stores: EventStore[]; cleanup: () => Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'memory',
    available: true,
    async open(count) {
      const store = new MemoryStore(new MemoryBus());
      return { stores: Array.from({ length: count }, () => store), cleanup: () => store.close() };
    },
  },
  {
    // One owner per data directory: two hubs share the one store object.
    name: 'sqlite',
    available: true,
    async open(count) {
      const data = tempDir('bughunt-group-');
      const { store } = await openStores({ dataDir: join(data.dir, 'data') });
      return {
        stores: Array.from({ length: count }, () => store),
        cleanup: async () => {
          await store.close();
          data.remove();
        },
      };
    },
  },
  {
    // Each store its own pool: two instances on one schema.
    name: 'postgres',
    available: url !== undefined,
    async open(count) {
      const schema = testSchema();
      const opened: Awaited<ReturnType<typeof openStores>>[] = [];
      for (let i = 0; i < count; i++)
        opened.push(await openStores({ dataDir: '/nonexistent', databaseUrl: url, databaseSchema: schema }));
      return {
        stores: opened.map((o) => o.store),
        cleanup: async () => {
          for (const o of opened) {
            await o.bus.close();
            await o.store.close();
          }
          await dropSchema(url as string, schema);
        },
      };
    },
  },
];

/** The store, with every append's events recorded (and whether it lost its race). */
function counted(store: EventStore): { store: EventStore; appends: { events: number; lost: boolean }[] } {
  const appends: { events: number; lost: boolean }[] = [];
  const proxy = new Proxy(store, {
    get(target, key) {
      if (key === 'append') {
        const append: EventStore['append'] = async (tableId, expectedSeq, events, write) => {
          const record = { events: events.length, lost: false };
          appends.push(record);
          try {
            return await target.append(tableId, expectedSeq, events, write);
          } catch (e) {
            record.lost = true;
            throw e;
          }
        };
        return append;
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: proxy, appends };
}

const options: HubOptions = {
  snapshotEvery: 1000,
  maxConflictRetries: 20,
  pageSize: 500,
  log: () => undefined,
};

const gm = seat('t1', 'gm', 'gm');
const players = [seat('t1', 'p1'), seat('t1', 'p2'), seat('t1', 'p3')];

/** The table with its GM and three players joined (seqs 1–4). */
async function seatTable(store: EventStore): Promise<void> {
  await store.createTable(table('t1'), gm, [joinedEvent(gm)]);
  let head = 1;
  for (const p of players) {
    await store.append('t1', head, [joinedEvent(p)], { kind: 'add', seat: p });
    head++;
  }
}

/** A socket of `s` on the hub, keeping every message it is sent. */
async function attach(hub: TableHub, s: SeatRecord): Promise<{ messages: { type: string }[] }> {
  const messages: { type: string }[] = [];
  const client: HubClient = {
    seat: s,
    send: (text) => messages.push(JSON.parse(text) as { type: string }),
    close: () => undefined,
  };
  await hub.attach(client, 0);
  return { messages };
}

/** Queues one command and resolves with its answer. */
function send(
  hub: TableHub,
  s: SeatRecord,
  id: string,
  command: { readonly type: string } & Record<string, unknown>,
  dice?: number[],
): Promise<CommandOutcome> {
  const acting: Seat = { seatId: s.seatId, role: s.role };
  return new Promise((resolve, reject) => {
    hub.command(acting, id, command, dice, resolve).catch(reject);
  });
}

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function open(backend: Backend, count: number): Promise<EventStore[]> {
  const opened = await backend.open(count);
  cleanups.push(opened.cleanup);
  return opened.stores;
}

for (const backend of backends) {
  describe.skipIf(!backend.available)(`group commit on ${backend.name}`, () => {
    it('commands queued together are appended in one write, and each gets its own ack', async () => {
      const [raw] = await open(backend, 1);
      const { store, appends } = counted(raw as EventStore);
      await seatTable(store);
      const hub = await TableHub.open(store, table('t1'), testRuleset, options);
      const sockets = await Promise.all(players.map((p) => attach(hub, p)));
      const before = appends.length;

      // Sent in one turn of the loop: all five wait in the queue when its turn comes.
      const answers = await Promise.all([
        send(hub, players[0] as SeatRecord, 'c1', { type: 'say', text: 'one' }),
        send(hub, players[1] as SeatRecord, 'c2', { type: 'burst', count: 2 }),
        send(hub, players[2] as SeatRecord, 'c3', { type: 'say', text: 'three' }),
        send(hub, players[0] as SeatRecord, 'c4', { type: 'roll', count: 1, visibility: 'public' }),
        send(hub, players[1] as SeatRecord, 'c5', { type: 'say', text: 'five' }),
      ]);

      // One append with every event (1 + 2 + 1 + 1 + 1), decided in the order sent.
      expect(appends.slice(before)).toEqual([{ events: 6, lost: false }]);
      const log = await store.read('t1', 4);
      expect(log.map((e) => [e.seq, e.by, e.commandId, e.event.type])).toEqual([
        [5, 'p1', 'c1', 'said'],
        [6, 'p2', 'c2', 'ticked'],
        [7, 'p2', 'c2', 'ticked'],
        [8, 'p3', 'c3', 'said'],
        [9, 'p1', 'c4', 'rolled'],
        [10, 'p2', 'c5', 'said'],
      ]);
      // Each ack is at its own command's last event (every event is public: the seat's numbers
      // are the log's), not the batch's end.
      expect(answers).toEqual([
        { type: 'ack', id: 'c1', seq: 5 },
        { type: 'ack', id: 'c2', seq: 7 },
        { type: 'ack', id: 'c3', seq: 8 },
        { type: 'ack', id: 'c4', seq: 9 },
        { type: 'ack', id: 'c5', seq: 10 },
      ]);
      // Every socket hears the batch once, as one message after the answers (the one before it
      // is its catch-up on attach).
      for (const socket of sockets) {
        const live = socket.messages.filter(
          (m) => m.type === 'events' && (m as { toSeq?: number }).toSeq !== 4,
        );
        expect(live).toEqual([expect.objectContaining({ afterSeq: 4, toSeq: 10 })]);
      }
      // And a resend of a batched command is answered from the log, not appended again.
      expect(await send(hub, players[1] as SeatRecord, 'c2', { type: 'burst', count: 2 })).toEqual({
        type: 'ack',
        id: 'c2',
        seq: 7,
      });
      expect(appends.length).toBe(before + 1);
    });

    it('in a batch, a refused command changes nothing and the others land, each deciding on the ones before', async () => {
      const [raw] = await open(backend, 1);
      const { store, appends } = counted(raw as EventStore);
      await seatTable(store);
      const hub = await TableHub.open(store, table('t1'), testRuleset, options);
      await attach(hub, gm);
      await attach(hub, players[0] as SeatRecord);
      const before = appends.length;
      const p1 = players[0] as SeatRecord;

      const answers = await Promise.all([
        send(hub, p1, 'r1', { type: 'rename', seatId: 'p1', name: 'Hicks' }),
        // Refused by the rules: a player renaming another seat.
        send(hub, p1, 'r2', { type: 'rename', seatId: 'p2', name: 'Nobody' }),
        // Refused by the hub: more faces typed in than the roll needs.
        send(hub, p1, 'r3', { type: 'roll', count: 1, visibility: 'public' }, [3, 4]),
        // Decided on the state after r1: the rename stacks on it.
        send(hub, gm, 'r4', { type: 'rename', seatId: 'p1', name: 'Vasquez' }),
        // The same command id again from the same seat (another socket): answered as the first.
        send(hub, p1, 'r1', { type: 'rename', seatId: 'p1', name: 'Hicks' }),
        send(hub, p1, 'r5', { type: 'roll', count: 2, visibility: 'public' }, [6, 5]),
      ]);

      expect(answers).toEqual([
        { type: 'ack', id: 'r1', seq: 5 },
        expect.objectContaining({ type: 'rejected', id: 'r2', code: 'NOT_YOUR_SEAT' }),
        expect.objectContaining({ type: 'rejected', id: 'r3', code: 'DICE_UNUSED' }),
        { type: 'ack', id: 'r4', seq: 6 },
        { type: 'ack', id: 'r1', seq: 5 },
        { type: 'ack', id: 'r5', seq: 7 },
      ]);
      expect(appends.slice(before)).toEqual([{ events: 3, lost: false }]);
      const log = await store.read('t1', 4);
      expect(log.map((e) => [e.seq, e.commandId, e.event])).toEqual([
        [5, 'r1', { type: 'seat.renamed', seatId: 'p1', name: 'Hicks' }],
        [6, 'r4', { type: 'seat.renamed', seatId: 'p1', name: 'Vasquez' }],
        [
          7,
          'r5',
          expect.objectContaining({
            type: 'rolled',
            seatId: 'p1',
            faces: [6, 5],
            total: 11,
            typedDice: true,
          }),
        ],
      ]);

      // The refused commands changed nothing: the same state as a table that never saw them.
      const [fresh] = await open(backend, 1);
      await seatTable(fresh as EventStore);
      const control = await TableHub.open(fresh as EventStore, table('t1'), testRuleset, options);
      await attach(control, players[0] as SeatRecord);
      await send(control, p1, 'r1', { type: 'rename', seatId: 'p1', name: 'Hicks' });
      await send(control, gm, 'r4', { type: 'rename', seatId: 'p1', name: 'Vasquez' });
      await send(control, p1, 'r5', { type: 'roll', count: 2, visibility: 'public' }, [6, 5]);
      expect(stateHash(hub.currentState)).toBe(stateHash(control.currentState));
    });

    it('two instances racing batches at one head: the loser decides its whole batch again, nothing is lost or doubled', async () => {
      const [rawA, rawB] = await open(backend, 2);
      const a = counted(rawA as EventStore);
      const b = counted(rawB as EventStore);
      await seatTable(a.store);
      const hubA = await TableHub.open(a.store, table('t1'), testRuleset, options);
      const hubB = await TableHub.open(b.store, table('t1'), testRuleset, options);
      const socketsA = await Promise.all(players.map((p) => attach(hubA, p)));
      const socketsB = await Promise.all(players.map((p) => attach(hubB, p)));
      const [p1, p2, p3] = players as [SeatRecord, SeatRecord, SeatRecord];

      const rounds = 5;
      for (let round = 0; round < rounds; round++) {
        // Both hubs at the same head, each with a batch of three: they race for the same seqs.
        await hubA.catchUp();
        await hubB.catchUp();
        expect(hubA.headSeq).toBe(hubB.headSeq);
        const answers = await Promise.all([
          send(hubA, p1, `a${round}-1`, { type: 'say', text: `a ${round}` }),
          send(hubA, p2, `a${round}-2`, { type: 'burst', count: 2 }),
          send(hubA, p3, `a${round}-3`, { type: 'roll', count: 1, visibility: 'gm' }),
          send(hubB, p1, `b${round}-1`, { type: 'say', text: `b ${round}` }),
          send(hubB, p2, `b${round}-2`, { type: 'burst', count: 3 }),
          send(hubB, p3, `b${round}-3`, { type: 'roll', count: 1, visibility: 'public' }),
        ]);
        for (const answer of answers) expect(answer).toMatchObject({ type: 'ack' });
      }
      await hubA.catchUp();
      await hubB.catchUp();

      // Every race was lost by one side, which then wrote its whole batch once.
      const all = [...a.appends, ...b.appends].slice(players.length);
      expect(all.filter((x) => x.lost)).toHaveLength(rounds);
      expect(
        all
          .filter((x) => !x.lost)
          .map((x) => x.events)
          .sort(),
      ).toEqual([...Array(rounds).fill(4), ...Array(rounds).fill(5)].sort());

      // One gapless log, every command in it exactly once, and both hubs on the same state.
      const log = await a.store.read('t1', 0);
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
      const commands = new Map<string, number>();
      for (const e of log) if (e.commandId) commands.set(e.commandId, (commands.get(e.commandId) ?? 0) + 1);
      expect(commands.size).toBe(rounds * 6);
      for (const [id, n] of commands)
        expect(n, id).toBe(id.endsWith('-2') ? (id.startsWith('a') ? 2 : 3) : 1);
      expect(hubA.headSeq).toBe(log.length);
      expect(stateHash(hubA.currentState)).toBe(stateHash(hubB.currentState));
      // Every socket, on either instance, was sent every event it may see exactly once.
      for (const socket of [...socketsA, ...socketsB]) {
        const seen = socket.messages
          .filter((m): m is { type: 'events'; events: { seq: number }[] } => m.type === 'events')
          .flatMap((m) => m.events.map((e) => e.seq));
        expect(seen).toEqual(seen.map((_, i) => i + 1));
      }
    });
  });
}

describe.skipIf(!url)('group commit on postgres: the turn after a lost race', () => {
  it('a loser whose batch comes to nothing on the new head gives the turn back at once', async () => {
    const schema = testSchema();
    const opened = [
      await openStores({ dataDir: '/nonexistent', databaseUrl: url, databaseSchema: schema }),
      await openStores({ dataDir: '/nonexistent', databaseUrl: url, databaseSchema: schema }),
    ];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(async () => {
      await admin.end();
      for (const o of opened) {
        await o.bus.close();
        await o.store.close();
      }
      await dropSchema(url as string, schema);
    });
    const [a, b] = opened.map((o) => counted(o.store)) as [
      ReturnType<typeof counted>,
      ReturnType<typeof counted>,
    ];
    await seatTable(a.store);
    const hubA = await TableHub.open(a.store, table('t1'), testRuleset, options);
    const hubB = await TableHub.open(b.store, table('t1'), testRuleset, options);
    const p1 = players[0] as SeatRecord;
    await attach(hubA, p1);
    await attach(hubB, p1);

    // The same command (same seat, same id) through both instances at once, as a client that
    // resent it elsewhere: one stores it, the other loses, finds it among the winner's events,
    // and has nothing left to write.
    const answers = await Promise.all([
      send(hubA, p1, 'same', { type: 'say', text: 'once' }),
      send(hubB, p1, 'same', { type: 'say', text: 'once' }),
    ]);
    expect(answers).toEqual([
      { type: 'ack', id: 'same', seq: 5 },
      { type: 'ack', id: 'same', seq: 5 },
    ]);
    expect([...a.appends, ...b.appends].filter((x) => x.lost)).toHaveLength(1);
    // The loser held the table's turn for a retry that never came: it is given back before the
    // answers, not left to expire while the other instance waits for it.
    const locks = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity s ON s.pid = l.pid
       WHERE l.locktype = 'advisory' AND s.application_name = $1`,
      [`bughunt:${schema}`],
    );
    expect(locks.rows[0]?.n).toBe(0);
    expect((await a.store.read('t1', 4)).map((e) => e.commandId)).toEqual(['same']);
  });
});
