import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Limits, type RunningServer, startServer } from './app.ts';
import { MemoryBus, MemoryStore } from './memory-store.ts';
import type { HttpError, SeatTokenResponse } from './protocol.ts';
import type { EventBus } from './store/event-store.ts';
import { backends } from './test-backends.ts';
import { createTable, http, TestClient, testRules } from './test-kit.ts';

/**
 * The seat caps hold under concurrent joins. The check and the insert are one atomic step in the
 * store, so many joins sent at once (to one instance, or split over two instances on a shared
 * store) cannot all see room and all take a seat.
 */

const CAPS = {
  // Rate limits out of the way: every join must reach the seat check.
  httpWritesPerSecond: 1000,
  httpWriteBurst: 1000,
  maxSeatsPerTable: 5,
  maxSpectatorSeatsPerTable: 3,
} satisfies Partial<Limits>;

/** Far more requests than places, so that many of them are in flight together. */
const JOINS = 40;
const SPECTATES = 40;

type Answer = { status: number; body: SeatTokenResponse | HttpError };

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`seat caps under concurrent joins on ${backend.name}`, () => {
    const servers: RunningServer[] = [];
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await backend.open();
      cleanup = opened.cleanup;
      servers.push(await startServer({ port: 0, rules: testRules, ...opened.options, limits: CAPS }));
      // A shared store gets a second instance: joins race across processes' worth of state too.
      if (backend.shared) {
        servers.push(await startServer({ port: 0, rules: testRules, ...opened.options, limits: CAPS }));
      }
    });
    afterAll(async () => {
      for (const s of servers) await s.close();
      await cleanup?.();
    });

    it('many joins and spectates at once never take more seats than the caps', async () => {
      const first = servers[0] as RunningServer;
      const table = await createTable(first.url);
      const path = `/api/tables/${table.tableId}`;
      const base = (i: number) => (servers[i % servers.length] as RunningServer).url;
      const [joins, spectates] = await Promise.all([
        Promise.all(
          Array.from({ length: JOINS }, (_, i) =>
            http<Answer['body']>(base(i), 'POST', `${path}/join`, {
              inviteCode: table.invite.code,
              name: `P${i}`,
            }),
          ),
        ),
        Promise.all(
          Array.from({ length: SPECTATES }, (_, i) =>
            http<Answer['body']>(base(i), 'POST', `${path}/spectate`, {
              spectateCode: table.spectate.code,
              name: `W${i}`,
            }),
          ),
        ),
      ]);

      // The GM holds one of the GM-and-player places.
      const players = CAPS.maxSeatsPerTable - 1;
      expect(joins.filter((r) => r.status === 201)).toHaveLength(players);
      const refusedJoins = joins.filter((r) => r.status !== 201);
      expect(refusedJoins).toHaveLength(JOINS - players);
      for (const r of refusedJoins) {
        expect(r).toMatchObject({
          status: 409,
          body: {
            error: {
              code: 'TABLE_FULL',
              message: `the table has as many GM and player seats as it allows (${CAPS.maxSeatsPerTable})`,
              details: { max: CAPS.maxSeatsPerTable },
            },
          },
        });
      }
      expect(spectates.filter((r) => r.status === 201)).toHaveLength(CAPS.maxSpectatorSeatsPerTable);
      const refusedSpectates = spectates.filter((r) => r.status !== 201);
      expect(refusedSpectates).toHaveLength(SPECTATES - CAPS.maxSpectatorSeatsPerTable);
      for (const r of refusedSpectates) {
        expect(r).toMatchObject({
          status: 409,
          body: {
            error: {
              code: 'SPECTATORS_FULL',
              message: `the table has as many spectator seats as it allows (${CAPS.maxSpectatorSeatsPerTable})`,
              details: { max: CAPS.maxSpectatorSeatsPerTable },
            },
          },
        });
      }

      // The log agrees: one seat.joined per seat given out, and every token handed out opens its seat.
      const gm = await TestClient.open(first.url, table.tableId, table.gm.token);
      // Seats joined through the other instance reach this one over the bus: wait until the GM's
      // socket holds one event per seat (the log holds nothing else yet).
      await gm.caughtUp(CAPS.maxSeatsPerTable + CAPS.maxSpectatorSeatsPerTable);
      const joined = gm.envelopes.filter((e) => e.event.type === 'seat.joined');
      expect(joined.filter((e) => e.event.role !== 'spectator')).toHaveLength(CAPS.maxSeatsPerTable);
      expect(joined.filter((e) => e.event.role === 'spectator')).toHaveLength(CAPS.maxSpectatorSeatsPerTable);
      await gm.close();
      const seated = [...joins, ...spectates].filter((r) => r.status === 201);
      const ids = new Set(joined.map((e) => e.event.seatId));
      for (const r of seated) expect(ids.has((r.body as SeatTokenResponse).seatId)).toBe(true);
    });
  });
}

describe('a join refused as full on one instance, while the other instance seated someone', () => {
  it('still brings the other instance’s join to this instance’s sockets', async () => {
    const bus = new MemoryBus();
    const shared = new MemoryStore(bus);
    // Instance one's appends can be held at a gate, so the other instance's join lands (and its
    // bus notice arrives) while one's own join is in the store.
    let armed = false;
    let release: () => void = () => undefined;
    let reached: () => void = () => undefined;
    const atGate = new Promise<void>((r) => {
      reached = r;
    });
    const gated = new Proxy(shared, {
      get(target, prop) {
        if (prop === 'append') {
          return async (...args: Parameters<MemoryStore['append']>) => {
            if (armed) {
              armed = false;
              reached();
              await new Promise<void>((r) => {
                release = r;
              });
            }
            return target.append(...args);
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    // Instance one's view of the bus: says when one has been told of seq 2 (First, seated by the
    // other instance), so the held append is let go only after one heard of it mid-append.
    let heard: () => void = () => undefined;
    const oneHeardFirst = new Promise<void>((r) => {
      heard = r;
    });
    const busOfOne: EventBus = {
      subscribe: (listener) =>
        bus.subscribe((tableId, seq) => {
          listener(tableId, seq);
          if (seq === 2) heard();
        }),
      onReconnect: (listener) => bus.onReconnect(listener),
      close: () => bus.close(),
    };
    const limits: Partial<Limits> = { ...CAPS, maxSeatsPerTable: 2 };
    const one = await startServer({
      port: 0,
      rules: testRules,
      stores: { store: gated, bus: busOfOne },
      limits,
    });
    const two = await startServer({ port: 0, rules: testRules, stores: { store: shared, bus }, limits });
    try {
      const table = await createTable(one.url);
      const gm = await TestClient.open(one.url, table.tableId, table.gm.token);
      await gm.caughtUp(1);
      armed = true;
      const late = joinAnswer(one.url, table, 'Late');
      await atGate;
      // The other instance seats First (seq 2) and announces it while one's join waits.
      expect((await joinAnswer(two.url, table, 'First')).status).toBe(201);
      await oneHeardFirst;
      release();
      expect(await late).toMatchObject({ status: 409, body: { error: { code: 'TABLE_FULL' } } });
      // Without reading what it heard during its own failed append, one would stay at seq 1.
      await gm.caughtUp(2);
      expect(gm.envelopes.at(-1)?.event).toMatchObject({ type: 'seat.joined', name: 'First' });
      await gm.close();
    } finally {
      await one.close();
      await two.close();
    }
  });
});

function joinAnswer(base: string, table: Awaited<ReturnType<typeof createTable>>, name: string) {
  return http<SeatTokenResponse | HttpError>(base, 'POST', `/api/tables/${table.tableId}/join`, {
    inviteCode: table.invite.code,
    name,
  });
}
