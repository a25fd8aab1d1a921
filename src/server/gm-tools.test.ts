import { describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './app.ts';
import { backends } from './test-backends.ts';
import {
  createTable,
  GENEROUS_LIMITS,
  http,
  join,
  serverForBlock,
  TestClient,
  testRules,
  until,
} from './test-kit.ts';

/**
 * Issue 20, finding 3: the tools a host needs against an invite holder who fills the table:
 * rotate the invite code, remove a seat (its token stops working, its place is free), close a
 * seat's sockets. On every backend.
 */
for (const backend of backends()) {
  describe.skipIf(!backend.available)(`the GM's tools on ${backend.name}`, () => {
    const server = serverForBlock(backend, { limits: { ...GENEROUS_LIMITS, maxSeatsPerTable: 2 } });

    it('rotates the invite code, removes a seat for good and closes sockets; only the GM may', async () => {
      const base = server.url;
      const table = await createTable(base);
      const path = `/api/tables/${table.tableId}`;
      const gmAuth = { authorization: `Bearer ${table.gm.token}` };
      const mallory = await join(base, table, 'Mallory');
      const malAuth = { authorization: `Bearer ${mallory.token}` };
      const socket = await TestClient.open(base, table.tableId, mallory.token);

      // The table is full (GM + 1); the player cannot use the tools.
      for (const [method, route] of [
        ['POST', `${path}/invite/rotate`],
        ['DELETE', `${path}/seats/${table.gm.seatId}`],
        ['POST', `${path}/seats/${table.gm.seatId}/disconnect`],
      ] as const) {
        expect(await http(base, method, route, undefined, malAuth)).toMatchObject({
          status: 403,
          body: { error: { code: 'FORBIDDEN_ROLE' } },
        });
      }

      // Close the seat's sockets: the socket is closed, the token still works.
      const closed = await http(
        base,
        'POST',
        `${path}/seats/${mallory.seatId}/disconnect`,
        undefined,
        gmAuth,
      );
      expect(closed).toMatchObject({ status: 200, body: { socketsClosed: 1 } });
      await until(() => socket.closed, 'the socket closed');
      const again = await TestClient.open(base, table.tableId, mallory.token);

      // A new invite code: the old one opens nothing.
      const rotated = await http<{ invite: { code: string } }>(
        base,
        'POST',
        `${path}/invite/rotate`,
        undefined,
        gmAuth,
      );
      expect(rotated.status).toBe(200);
      expect(rotated.body.invite.code).not.toBe(table.invite.code);
      expect(
        await http(base, 'POST', `${path}/join`, { inviteCode: table.invite.code, name: 'Bob' }),
      ).toMatchObject({
        status: 403,
        body: { error: { code: 'BAD_INVITE' } },
      });

      // Remove Mallory: her socket closes with 4001, her token opens nothing, her place is free.
      const removed = await http(base, 'DELETE', `${path}/seats/${mallory.seatId}`, undefined, gmAuth);
      expect(removed).toMatchObject({ status: 200, body: { removed: true, socketsClosed: 1 } });
      await until(() => again.closed, 'the removed seat’s socket closed');
      expect(again.closed?.code).toBe(4001);
      await expect(TestClient.open(base, table.tableId, mallory.token)).rejects.toThrow(/BAD_TOKEN/);
      expect(await http(base, 'GET', `${path}/export`, undefined, malAuth)).toMatchObject({ status: 401 });
      const bob = await http(base, 'POST', `${path}/join`, {
        inviteCode: rotated.body.invite.code,
        name: 'Bob',
      });
      expect(bob.status).toBe(201);
      // The GM's own seat cannot be removed.
      expect((await http(base, 'DELETE', `${path}/seats/${table.gm.seatId}`, undefined, gmAuth)).status).toBe(
        400,
      );
    });

    it('a removed seat stays off the seat list of a table loaded afresh (restart, snapshot or not)', async () => {
      for (const snapshotEvery of [200, 2]) {
        const opened = await backend.open();
        const options = {
          port: 0,
          rules: testRules,
          ...opened.options,
          limits: GENEROUS_LIMITS,
          snapshotEvery,
        };
        const first = await startServer(options);
        let second: RunningServer | undefined;
        try {
          const table = await createTable(first.url);
          const mallory = await join(first.url, table, 'Mallory');
          const bob = await join(first.url, table, 'Bob');
          const gm = await TestClient.open(first.url, table.tableId, table.gm.token);
          await gm.command({ type: 'say', text: 'before' });
          const removed = await http(
            first.url,
            'DELETE',
            `/api/tables/${table.tableId}/seats/${mallory.seatId}`,
            undefined,
            { authorization: `Bearer ${table.gm.token}` },
          );
          expect(removed.status).toBe(200);
          await gm.close();
          await first.close();

          // A fresh hub over the same store: the removed seat's join is still in the log.
          second = await startServer(options);
          const seatIds = (client: TestClient) => {
            const last = client.messages.filter((m) => m.type === 'presence').at(-1);
            return last?.type === 'presence' ? last.seats.map((s) => s.seatId) : [];
          };
          const gmAgain = await TestClient.open(second.url, table.tableId, table.gm.token);
          const bobAgain = await TestClient.open(second.url, table.tableId, bob.token);
          for (const client of [gmAgain, bobAgain]) {
            await client.waitFor((m) => m.type === 'presence', 'presence');
            await until(() => seatIds(client).includes(bob.seatId), 'presence with Bob');
            expect(seatIds(client)).toEqual([table.gm.seatId, bob.seatId]);
          }
          await Promise.all([gmAgain.close(), bobAgain.close()]);
        } finally {
          await first.close();
          await second?.close();
          await opened.cleanup();
        }
      }
    });
  });
}
