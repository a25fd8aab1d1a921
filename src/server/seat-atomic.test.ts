import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './app.ts';
import type { HttpError, SeatInfo, SeatTokenResponse } from './protocol.ts';
import type { EventBus, EventStore } from './store/event-store.ts';
import { openStores } from './stores.ts';
import { backends } from './test-backends.ts';
import { createTable, http, TestClient, testRules } from './test-kit.ts';

/**
 * Fault injection: a seat's row and its event must be written together or not at all. While the
 * fault is on, every append that carries a `seat.joined` or `seat.renamed` event goes to the real
 * store with a stale expectedSeq: the store writes the seat row and then finds the log moved (the
 * failure between the two steps), and the hub retries until it gives up. Afterwards no seat may be
 * left without its event (a ghost taking a place under the cap and shown in presence), and no
 * stored name may differ from the log's — on every backend.
 */

const LIMITS = {
  httpWritesPerSecond: 1000,
  httpWriteBurst: 1000,
  // GM + 2 players: ghost seats would fill it at once.
  maxSeatsPerTable: 3,
  maxSpectatorSeatsPerTable: 1,
};

const SEAT_EVENTS = new Set(['seat.joined', 'seat.renamed']);

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`a seat and its event are one write on ${backend.name}`, () => {
    let server: RunningServer;
    let stores: { store: EventStore; bus: EventBus };
    let cleanup: () => Promise<void>;
    let injecting = false;
    let injected = 0;

    beforeAll(async () => {
      const opened = await backend.open();
      cleanup = opened.cleanup;
      stores =
        opened.options.stores ??
        (await openStores({
          dataDir: opened.options.dataDir ?? '',
          databaseUrl: opened.options.databaseUrl,
          databaseSchema: opened.options.databaseSchema,
        }));
      const store = stores.store;
      const append = store.append.bind(store);
      store.append = (tableId, expectedSeq, events, seat) => {
        if (injecting && events.some((e) => SEAT_EVENTS.has(e.event.type))) {
          injected++;
          return append(tableId, expectedSeq - 1, events, seat);
        }
        return append(tableId, expectedSeq, events, seat);
      };
      server = await startServer({ port: 0, rules: testRules, stores, limits: LIMITS });
    });
    afterAll(async () => {
      await server?.close();
      await stores?.bus.close();
      await stores?.store.close();
      await cleanup?.();
    });

    /** The store's seats and the log agree (see the contract's check of the same). */
    async function expectStoreMatchesLog(tableId: string): Promise<void> {
      const log = await stores.store.read(tableId, 0);
      const joins: string[] = [];
      const names = new Map<string, string>();
      for (const { event } of log) {
        if (event.type === 'seat.joined') joins.push(String(event.seatId));
        if (SEAT_EVENTS.has(event.type)) names.set(String(event.seatId), String(event.name));
      }
      const seats = await stores.store.seats(tableId);
      expect(joins.sort()).toEqual(seats.map((s) => s.seatId).sort());
      for (const s of seats) expect(s.name).toBe(names.get(s.seatId));
    }

    it('a join or rename that fails after the seat row was written leaves no trace', async () => {
      const table = await createTable(server.url);
      const path = `/api/tables/${table.tableId}`;
      const gmAuth = { authorization: `Bearer ${table.gm.token}` };
      const joinOnce = (name: string) =>
        http<SeatTokenResponse | HttpError>(server.url, 'POST', `${path}/join`, {
          inviteCode: table.invite.code,
          name,
        });
      const alice = await joinOnce('Alice');
      expect(alice.status).toBe(201);
      const aliceId = (alice.body as SeatTokenResponse).seatId;
      const gm = await TestClient.open(server.url, table.tableId, table.gm.token);

      injecting = true;
      for (let i = 0; i < 3; i++) {
        const failed = await joinOnce(`Ghost ${i}`);
        expect(failed.status).toBe(500);
        expect(failed.body).toMatchObject({ error: { code: 'INTERNAL' } });
      }
      const spectator = await http(server.url, 'POST', `${path}/spectate`, {
        spectateCode: table.spectate.code,
      });
      expect(spectator.status).toBe(500);
      const rename = await http(
        server.url,
        'POST',
        `${path}/seats/${aliceId}/name`,
        { name: 'Lost' },
        gmAuth,
      );
      expect(rename.status).toBe(500);
      injecting = false;
      // Each failed request really reached the store, again and again (the hub's retries).
      expect(injected).toBeGreaterThanOrEqual(5 * 2);

      // Nothing of them is stored: the seats are the GM and Alice, under their logged names.
      expect((await stores.store.seats(table.tableId)).map((s) => [s.seatId, s.name])).toEqual([
        [table.gm.seatId, 'GM'],
        [aliceId, 'Alice'],
      ]);
      expect(await stores.store.headSeq(table.tableId)).toBe(2);
      await expectStoreMatchesLog(table.tableId);

      // The cap counts only real seats: one player place is still free, and the spectator one.
      const bob = await joinOnce('Bob');
      expect(bob.status).toBe(201);
      expect((await joinOnce('Carol')).status).toBe(409);
      const watcher = await http(server.url, 'POST', `${path}/spectate`, {
        spectateCode: table.spectate.code,
      });
      expect(watcher.status).toBe(201);
      const renamed = await http<{ seq: number }>(
        server.url,
        'POST',
        `${path}/seats/${aliceId}/name`,
        { name: 'Ali' },
        gmAuth,
      );
      expect(renamed.status).toBe(200);
      expect(renamed.body.seq).toBe(5);
      await expectStoreMatchesLog(table.tableId);

      // A socket opened now is told of the real seats only, under the names the log gave them.
      const late = await TestClient.open(server.url, table.tableId, table.gm.token);
      const presence = await late.waitFor((m) => m.type === 'presence', 'presence');
      const seats: readonly SeatInfo[] = presence.type === 'presence' ? presence.seats : [];
      expect(seats.map((s) => s.name).sort()).toEqual(['Ali', 'Bob', 'GM', 'Spectator']);
      // And the socket that was open throughout saw exactly the events that were stored.
      await gm.caughtUp(5);
      expect(gm.streamErrors).toEqual([]);
      expect(gm.envelopes.map((e) => e.event.type)).toEqual([
        'seat.joined',
        'seat.joined',
        'seat.joined',
        'seat.joined',
        'seat.renamed',
      ]);
      await gm.close();
      await late.close();
    });
  });
}
