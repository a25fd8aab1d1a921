import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../engine/replay.ts';
import { stateHash } from '../engine/state-hash.ts';
import type { RunningServer } from './app.ts';
import { startServer } from './app.ts';
import { MemoryBus, MemoryStore } from './memory-store.ts';
import { dropSchema } from './store/pg-store.ts';
import { backends, pgUrl, testSchema } from './test-backends.ts';
import { createTable, GENEROUS_LIMITS, http, join, TestClient, testRules } from './test-kit.ts';
import { testRuleset } from './test-ruleset.ts';

/**
 * Two server instances on one shared store: clients connected to different instances race
 * commands on one table. Appends lose races (SeqConflictError), the loser catches up and decides
 * again; the bus tells each instance of the other's events. Afterwards the log has no gap and no
 * duplicate, every client saw every seq exactly once, and everyone ends on the same state.
 */
for (const backend of backends().filter((b) => b.shared)) {
  describe.skipIf(!backend.available)(`two instances on ${backend.name}`, () => {
    let one: RunningServer;
    let two: RunningServer;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await backend.open();
      cleanup = opened.cleanup;
      const limits = GENEROUS_LIMITS;
      one = await startServer({ port: 0, rules: testRules, ...opened.options, limits });
      two = await startServer({ port: 0, rules: testRules, ...opened.options, limits });
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await cleanup?.();
    });

    it('racing commands from both instances leave one gapless log and one state', async () => {
      const table = await createTable(one.url);
      const players = [];
      for (let i = 0; i < 6; i++) players.push(await join(i % 2 ? two.url : one.url, table, `P${i}`));
      const clients = await Promise.all(
        players.map((p, i) => TestClient.open(i % 2 ? two.url : one.url, table.tableId, p.token)),
      );
      const gm = await TestClient.open(two.url, table.tableId, table.gm.token);

      const perClient = 25;
      const acks = await Promise.all(
        clients.map(async (c, i) => {
          const seqs: number[] = [];
          for (let n = 0; n < perClient; n++) {
            const command =
              n % 3 === 0
                ? { type: 'burst', count: 2 }
                : n % 3 === 1
                  ? { type: 'roll', count: 2, visibility: 'public' }
                  : { type: 'say', text: `p${i} line ${n}` };
            const answer = await c.command(command);
            expect(answer, JSON.stringify(answer)).toMatchObject({ type: 'ack' });
            if (answer.type === 'ack') seqs.push(answer.seq);
          }
          return seqs;
        }),
      );
      // Every ack has its own seq: no two commands were given the same place in the log.
      const all = acks.flat();
      expect(new Set(all).size).toBe(all.length);

      const exported = await http<{ events: { seq: number; by: string | null; commandId: string | null }[] }>(
        one.url,
        'GET',
        `/api/tables/${table.tableId}/export`,
        undefined,
        { authorization: `Bearer ${table.gm.token}` },
      );
      const log = exported.body.events;
      const head = log.length;
      expect(log.map((e) => e.seq)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
      // 7 seats joined + per client: 9 bursts of 2 events, 8 rolls, 8 lines.
      expect(head).toBe(7 + clients.length * (9 * 2 + 8 + 8));
      // Each command's events sit together: one command id never interleaves with another.
      const spans = new Map<string, number[]>();
      for (const e of log)
        if (e.commandId)
          spans.set(`${e.by}/${e.commandId}`, [...(spans.get(`${e.by}/${e.commandId}`) ?? []), e.seq]);
      for (const seqs of spans.values()) expect(seqs.at(-1)! - seqs[0]!).toBe(seqs.length - 1);

      // Everyone, on either instance, received every seq once, and sees the same view.
      await Promise.all([...clients, gm].map((c) => c.caughtUp(head)));
      const views = await Promise.all(
        [...clients, gm].map(async (c) => {
          expect(c.streamErrors).toEqual([]);
          expect(c.envelopes.map((e) => e.seq)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
          const view = await c.viewAt(head);
          expect(c.viewSeq).toBe(head);
          expect(c.viewErrors).toEqual([]);
          return view;
        }),
      );
      const playerHashes = new Set(views.slice(0, -1).map((v) => stateHash(v)));
      expect(playerHashes.size).toBe(1);
      // The GM sees the whole state: it equals the state replayed from the stored log, and the
      // state replayed from the events the GM received live.
      const gmView = views.at(-1);
      const fromLog = replay(
        testRuleset,
        {},
        (exported.body.events as unknown as { event: Parameters<typeof testRuleset.evolve>[1] }[]).map(
          (e) => e.event,
        ),
      );
      expect(stateHash(gmView)).toBe(stateHash(fromLog));
      const fromStream = replay(
        testRuleset,
        {},
        gm.envelopes.map((e) => e.event as unknown as Parameters<typeof testRuleset.evolve>[1]),
      );
      expect(stateHash(fromStream)).toBe(stateHash(fromLog));
      await Promise.all([...clients, gm].map((c) => c.close()));
    });
  });
}

describe('bus reconnect', () => {
  it('an instance that lost notifications catches up every open table when the bus reconnects', async () => {
    const bus = new MemoryBus();
    const stores = { store: new MemoryStore(bus), bus };
    const one = await startServer({ port: 0, rules: testRules, stores });
    const two = await startServer({ port: 0, rules: testRules, stores });
    try {
      const table = await createTable(one.url);
      const alice = await join(one.url, table, 'Alice');
      const gm = await TestClient.open(one.url, table.tableId, table.gm.token);
      const a = await TestClient.open(two.url, table.tableId, alice.token);
      bus.dropping = true;
      expect(await gm.command({ type: 'say', text: 'while the bus is down' })).toMatchObject({ seq: 3 });
      bus.dropping = false;
      bus.reconnect();
      await a.caughtUp(3);
      expect(a.envelopes.at(-1)?.event).toMatchObject({ type: 'said', text: 'while the bus is down' });
      expect(a.streamErrors).toEqual([]);
      await Promise.all([gm.close(), a.close()]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe.skipIf(!pgUrl())('bus reconnect on postgres', () => {
  it('when the LISTEN connections are killed, each instance reconnects and catches up its open tables', async () => {
    const url = pgUrl() as string;
    const schema = testSchema();
    const options = { port: 0, rules: testRules, databaseUrl: url, databaseSchema: schema };
    const one = await startServer(options);
    const two = await startServer(options);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const busPids = async () =>
      (
        await admin.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE application_name LIKE $1 ORDER BY pid',
          [`bughunt-bus:${schema}:%`],
        )
      ).rows.map((r) => r.pid);
    try {
      const table = await createTable(one.url);
      const alice = await join(one.url, table, 'Alice');
      const gm = await TestClient.open(one.url, table.tableId, table.gm.token);
      const a = await TestClient.open(two.url, table.tableId, alice.token);
      const before = await busPids();
      expect(before).toHaveLength(2);
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
      // Sent while both instances' buses are down (they wait at least 50 ms to reconnect): its
      // NOTIFY reaches nobody, so instance two learns of it only by catching up after reconnecting.
      expect(await gm.command({ type: 'say', text: 'while the bus is down' })).toMatchObject({ seq: 3 });
      await a.caughtUp(3);
      expect(a.envelopes.at(-1)?.event).toMatchObject({ type: 'said', text: 'while the bus is down' });
      // Both buses reconnect on their own: wait for their new connections.
      await expect.poll(busPids).toHaveLength(2);
      const after = await busPids();
      expect(after.some((pid) => before.includes(pid))).toBe(false);
      // And live notifications flow again.
      expect(await gm.command({ type: 'say', text: 'after' })).toMatchObject({ seq: 4 });
      await a.caughtUp(4);
      expect(a.streamErrors).toEqual([]);
      await Promise.all([gm.close(), a.close()]);
    } finally {
      await admin.end();
      await one.close();
      await two.close();
      await dropSchema(url, schema);
    }
  });
});
