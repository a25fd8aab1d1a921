import { describe, expect, it } from 'vitest';
import type { RunningServer } from './app.ts';
import { startServer } from './app.ts';
import { MAX_CLIENT_MESSAGE_BYTES } from './protocol.ts';
import { backends, memoryBackend, pgUrl } from './test-backends.ts';
import {
  createTable,
  GENEROUS_LIMITS,
  http,
  join,
  serverForBlock,
  serverOn,
  spectate,
  TestClient,
  testRules,
  until,
} from './test-kit.ts';

/**
 * The live-table flow over real HTTP and WebSockets, once per storage backend: create, join,
 * hello, commands, fan-out, reconnect catch-up, idempotent resends, and every rejection code.
 */
describe('test backends', () => {
  // Skipping PostgreSQL is fine on a laptop, not in CI: there a missing database is a failure.
  it.runIf(process.env.CI === 'true')('CI runs the PostgreSQL tests (DATABASE_URL is set)', () => {
    expect(pgUrl(), 'DATABASE_URL must be set in CI').toBeTruthy();
  });
  it('has the embedded backend', () => {
    expect(backends().some((b) => b.available)).toBe(true);
  });
});

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`live tables on ${backend.name}`, () => {
    const server = serverForBlock(backend, { limits: GENEROUS_LIMITS });

    it('creates a table, seats a GM and players, and pushes one roll to everyone', async () => {
      const table = await createTable(server.url);
      expect(table.gm.url).toBe(`/t/${table.tableId}#token=${table.gm.token}`);
      expect(table.invite.url).toBe(`/join/${table.tableId}#code=${table.invite.code}`);
      expect(table.spectate.url).toBe(`/t/${table.tableId}#spectate=${table.spectate.code}`);
      expect(table.gm.token.length).toBeGreaterThanOrEqual(32);
      const alice = await join(server.url, table, 'Alice');
      const bob = await join(server.url, table, 'Bob');
      expect(alice.role).toBe('player');

      const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
      const a = await TestClient.open(server.url, table.tableId, alice.token);
      const b = await TestClient.open(server.url, table.tableId, bob.token);
      const welcome = a.messages.find((m) => m.type === 'welcome');
      expect(welcome).toMatchObject({
        type: 'welcome',
        tableId: table.tableId,
        system: 'test',
        tableName: 'Test table',
        seat: { seatId: alice.seatId, role: 'player', name: 'Alice' },
        headSeq: 3,
      });
      // The three seat.joined events came as catch-up, then the view.
      expect(a.envelopes.map((e) => e.event.type)).toEqual(['seat.joined', 'seat.joined', 'seat.joined']);

      const ack = await a.command({ type: 'roll', count: 3, visibility: 'public' });
      expect(ack).toEqual({ type: 'ack', id: expect.any(String), seq: 4 });
      for (const c of [gm, a, b]) {
        await c.caughtUp(4);
        const last = c.envelopes[c.envelopes.length - 1];
        expect(last).toMatchObject({
          seq: 4,
          by: alice.seatId,
          event: { type: 'rolled', seatId: alice.seatId },
        });
        expect((last!.event as unknown as { faces: number[] }).faces).toHaveLength(3);
        expect(c.streamErrors).toEqual([]);
      }
      // The sender sees its ack before the events of its command.
      const ackAt = a.messages.findIndex((m) => m.type === 'ack');
      const eventsAt = a.messages.findIndex((m) => m.type === 'events' && m.toSeq === 4);
      expect(ackAt).toBeLessThan(eventsAt);
      // The view follows the live events, as a patch on the view sent after the catch-up.
      await b.viewAt(4);
      expect(b.messages.find((m) => m.type === 'viewPatch')).toMatchObject({ seq: 4, baseSeq: 3 });
      expect(b.viewErrors).toEqual([]);

      // Presence: three seats online.
      await until(() => {
        const p = [...gm.messages].reverse().find((m) => m.type === 'presence');
        return p?.type === 'presence' && p.seats.filter((s) => s.online).length === 3;
      });
      await Promise.all([gm.close(), a.close(), b.close()]);
    });

    it('a reconnect with lastSeq gets exactly the events it missed', async () => {
      const table = await createTable(server.url);
      const alice = await join(server.url, table, 'Alice');
      const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
      const a = await TestClient.open(server.url, table.tableId, alice.token);
      await a.command({ type: 'say', text: 'one' });
      await a.caughtUp(3);
      const held = a.lastSeq;
      await a.close();

      // While Alice is away: public lines, a multi-event command, a GM note she may not see.
      await gm.command({ type: 'say', text: 'two' });
      await gm.command({ type: 'burst', count: 3 });
      await gm.command({ type: 'note', text: 'secret plan' });
      await gm.command({ type: 'say', text: 'three' });
      await gm.caughtUp(9);

      const back = await TestClient.open(server.url, table.tableId, alice.token, held);
      const seqs = back.envelopes.map((e) => e.seq);
      // The table's seq 8 is the GM note: not sent, and not counted either. Alice's numbers are
      // her own (her 8 is the table's 9), so no gap tells her that something is hidden.
      expect(seqs).toEqual([4, 5, 6, 7, 8]);
      expect(back.lastSeq).toBe(8);
      expect(back.streamErrors).toEqual([]);
      expect(back.raw.join('\n')).not.toContain('secret plan');
      expect(back.raw.join('\n')).not.toMatch(/"(seq|toSeq|headSeq)":9\b/);

      // Live again: the next event follows on with no gap, and a hidden one sends her nothing.
      const frames = back.raw.length;
      await gm.command({ type: 'note', text: 'another secret' });
      await gm.command({ type: 'say', text: 'four' });
      await back.caughtUp(9);
      expect(back.envelopes.map((e) => e.seq)).toEqual([4, 5, 6, 7, 8, 9]);
      expect(back.envelopes.at(-1)?.event).toMatchObject({ text: 'four' });
      expect(back.raw.slice(frames).filter((f) => f.includes('"type":"events"'))).toHaveLength(1);
      expect(back.streamErrors).toEqual([]);
      // Her view is at her own number too, and she resumes from it.
      expect(await back.viewAt(9)).toBeDefined();
      expect(back.viewSeq).toBe(9);
      const again = await TestClient.open(server.url, table.tableId, alice.token, 9);
      expect(again.envelopes).toEqual([]);
      await again.close();

      // The GM reconnecting from 0 gets everything including the note.
      const gm2 = await TestClient.open(server.url, table.tableId, table.gm.token, 0);
      expect(gm2.envelopes.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      await Promise.all([gm.close(), back.close(), gm2.close()]);
    });

    it('a resent command id is applied once and answered with the first ack', async () => {
      const table = await createTable(server.url);
      const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
      const first = await gm.command({ type: 'burst', count: 2 }, { id: 'same-id' });
      expect(first).toMatchObject({ type: 'ack', seq: 3 });
      const again = await gm.command({ type: 'burst', count: 2 }, { id: 'same-id' });
      expect(again).toEqual(first);
      // Also after a reconnect (the hub may answer from the store).
      await gm.close();
      const gm2 = await TestClient.open(server.url, table.tableId, table.gm.token, 3);
      expect(await gm2.command({ type: 'burst', count: 2 }, { id: 'same-id' })).toEqual(first);
      const next = await gm2.command({ type: 'say', text: 'x' });
      expect(next).toMatchObject({ type: 'ack', seq: 4 });
      // Ids are per seat: a player may use the same id.
      const alice = await join(server.url, table, 'Alice');
      const a = await TestClient.open(server.url, table.tableId, alice.token);
      expect(await a.command({ type: 'say', text: 'hi' }, { id: 'same-id' })).toMatchObject({
        type: 'ack',
        seq: 6,
      });
      await Promise.all([gm2.close(), a.close()]);
    });

    it('entered dice: DICE_NEEDED names the die, DICE_UNUSED refuses extra faces, exact faces are used', async () => {
      const table = await createTable(server.url);
      const alice = await join(server.url, table, 'Alice');
      const a = await TestClient.open(server.url, table.tableId, alice.token);
      const needed = await a.command({ type: 'roll', count: 2, visibility: 'public' }, { dice: [4] });
      expect(needed).toMatchObject({
        type: 'rejected',
        code: 'DICE_NEEDED',
        details: { needed: { die: 'd6', faces: [1, 6] }, entered: 1 },
      });
      const extra = await a.command({ type: 'roll', count: 2, visibility: 'public' }, { dice: [4, 5, 6] });
      expect(extra).toMatchObject({
        type: 'rejected',
        code: 'DICE_UNUSED',
        details: { entered: 3, used: 2 },
      });
      const bad = await a.command({ type: 'roll', count: 1, visibility: 'public' }, { dice: [7] });
      expect(bad).toMatchObject({ type: 'rejected', code: 'DICE_FACE_INVALID' });
      const ok = await a.command({ type: 'roll', count: 2, visibility: 'public' }, { dice: [4, 5] });
      expect(ok).toMatchObject({ type: 'ack', seq: 3 });
      await a.caughtUp(3);
      expect(a.envelopes.at(-1)?.event).toMatchObject({ faces: [4, 5], total: 9 });
      await a.close();
    });

    it('answers every bad message with its stable code and changes nothing', async () => {
      const table = await createTable(server.url);
      const alice = await join(server.url, table, 'Alice');
      const bob = await join(server.url, table, 'Bob');
      const watcher = await spectate(server.url, table);
      expect(watcher.role).toBe('spectator');

      // Before hello.
      const fresh = await TestClient.connect(server.url, table.tableId);
      fresh.send({ type: 'command', id: 'x1', command: { type: 'say', text: 'hi' } });
      expect(await fresh.waitFor((m) => m.type === 'rejected')).toMatchObject({
        id: 'x1',
        code: 'NOT_AUTHENTICATED',
      });
      fresh.send({ type: 'ping' });
      await fresh.waitFor((m) => m.type === 'pong');
      await fresh.close();

      // Bad token: refused and closed with 4001.
      const stranger = await TestClient.connect(server.url, table.tableId);
      stranger.send({ type: 'hello', token: 'not-a-token', lastSeq: 0 });
      expect(await stranger.waitFor((m) => m.type === 'rejected')).toMatchObject({ code: 'BAD_TOKEN' });
      await until(() => stranger.closed);
      expect(stranger.closed?.code).toBe(4001);
      // A real token of another table is a bad token here.
      const other = await createTable(server.url);
      const cross = await TestClient.connect(server.url, table.tableId);
      cross.send({ type: 'hello', token: other.gm.token, lastSeq: 0 });
      expect(await cross.waitFor((m) => m.type === 'rejected')).toMatchObject({ code: 'BAD_TOKEN' });

      const a = await TestClient.open(server.url, table.tableId, alice.token);
      const code = async (raw: unknown) => {
        const seen = a.messages.length;
        a.send(raw);
        const m = await until(() => a.messages.slice(seen).find((x) => x.type === 'rejected'));
        return m;
      };
      expect(await code('{not json')).toMatchObject({ id: null, code: 'BAD_JSON' });
      expect(await code({ type: 'shout' })).toMatchObject({ code: 'BAD_MESSAGE' });
      expect(await code({ type: 'command', id: 'm1' })).toMatchObject({ id: 'm1', code: 'BAD_MESSAGE' });
      expect(await code({ type: 'command', id: 'm2', command: { type: 'say' } })).toMatchObject({
        id: 'm2',
        code: 'BAD_COMMAND',
        details: { issues: expect.any(Array) },
      });
      expect(await code({ type: 'command', id: 'm3', command: { type: 'fly' } })).toMatchObject({
        code: 'BAD_COMMAND',
      });
      expect(await code({ type: 'hello', token: alice.token, lastSeq: 0 })).toMatchObject({
        code: 'ALREADY_AUTHENTICATED',
      });
      const big = JSON.stringify({
        type: 'command',
        id: 'big',
        command: { type: 'say', text: 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES) },
      });
      expect(await code(big)).toMatchObject({ code: 'MESSAGE_TOO_LARGE' });
      // GM-only command from a player, well-formed or not: the role is checked before the fields.
      expect(await a.command({ type: 'note', text: 'mine' })).toMatchObject({ code: 'FORBIDDEN_ROLE' });
      for (const malformed of [{ type: 'note' }, { type: 'note', text: 42 }, { type: 'note', text: '' }]) {
        expect(await a.command(malformed), JSON.stringify(malformed)).toMatchObject({
          code: 'FORBIDDEN_ROLE',
          details: { role: 'player', command: 'note' },
        });
      }
      // A type the rules do not have is the schema's to refuse, whatever it is called.
      for (const type of ['constructor', '__proto__', 'toString', 42]) {
        expect(await a.command({ type }), String(type)).toMatchObject({ code: 'BAD_COMMAND' });
      }
      // Ownership is the rules' business: their own code.
      expect(await a.command({ type: 'rename', seatId: bob.seatId, name: 'Bobby' })).toMatchObject({
        code: 'NOT_YOUR_SEAT',
      });
      expect(await a.command({ type: 'rename', seatId: alice.seatId, name: 'Ali' })).toMatchObject({
        type: 'ack',
      });

      // Spectators send nothing.
      const w = await TestClient.open(server.url, table.tableId, watcher.token);
      expect(await w.command({ type: 'say', text: 'hello?' })).toMatchObject({ code: 'FORBIDDEN_ROLE' });

      // Nothing refused reached the log: 4 seats joined + the rename.
      const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
      expect(gm.envelopes.map((e) => e.event.type)).toEqual([
        'seat.joined',
        'seat.joined',
        'seat.joined',
        'seat.joined',
        'seat.renamed',
      ]);
      await Promise.all([a.close(), w.close(), gm.close(), cross.close()]);
    });

    it('renames seats: your own, or any as the GM; everyone sees it; bad renames change nothing', async () => {
      const table = await createTable(server.url);
      const alice = await join(server.url, table, 'Alice');
      const bob = await join(server.url, table, 'Bob');
      const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
      const path = (seatId: string) => `/api/tables/${table.tableId}/seats/${seatId}/name`;
      const as = (token: string) => ({ authorization: `Bearer ${token}` });
      const before = gm.envelopes.length;

      const own = await http<{ seatId: string; name: string; seq: number }>(
        server.url,
        'POST',
        path(alice.seatId),
        { name: '  Ali  ' },
        as(alice.token),
      );
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ seatId: alice.seatId, name: 'Ali' });
      const byGm = await http(server.url, 'POST', path(bob.seatId), { name: 'Robert' }, as(table.gm.token));
      expect(byGm.status).toBe(200);

      // Refused, each with its code: someone else's seat, no token, a bad name, no such seat.
      const refusals = [
        [
          await http(server.url, 'POST', path(bob.seatId), { name: 'Bobby' }, as(alice.token)),
          403,
          'NOT_YOUR_SEAT',
        ],
        [await http(server.url, 'POST', path(bob.seatId), { name: 'Bobby' }), 401, 'NOT_AUTHENTICATED'],
        [await http(server.url, 'POST', path(bob.seatId), { name: '' }, as(bob.token)), 400, 'BAD_REQUEST'],
        [
          await http(server.url, 'POST', path(bob.seatId), { name: 'x'.repeat(61) }, as(bob.token)),
          400,
          'BAD_REQUEST',
        ],
        [
          await http(server.url, 'POST', path('s-none'), { name: 'Ghost' }, as(table.gm.token)),
          404,
          'SEAT_NOT_FOUND',
        ],
      ] as const;
      for (const [r, status, code] of refusals) {
        expect(r.status).toBe(status);
        expect(r.body).toMatchObject({ error: { code } });
      }

      // Two renames reached the log and the GM's socket; presence and the seat rows agree.
      await until(() => gm.envelopes.length === before + 2, 'two renames');
      expect(gm.envelopes.slice(before).map((e) => e.event)).toEqual([
        { type: 'seat.renamed', seatId: alice.seatId, name: 'Ali' },
        { type: 'seat.renamed', seatId: bob.seatId, name: 'Robert' },
      ]);
      await gm.waitFor(
        (m) =>
          m.type === 'presence' &&
          m.seats.some((x) => x.name === 'Ali') &&
          m.seats.some((x) => x.name === 'Robert'),
        'presence with the new names',
      );
      const later = await TestClient.open(server.url, table.tableId, alice.token);
      const welcome = later.messages.find((m) => m.type === 'welcome');
      expect(welcome).toMatchObject({ seat: { seatId: alice.seatId, name: 'Ali' } });
      await Promise.all([gm.close(), later.close()]);
    });

    it('a restarted server resumes from its snapshot and the log after it', async () => {
      const opened = await backend.open();
      const first = await startServer({ port: 0, rules: testRules, ...opened.options, snapshotEvery: 5 });
      let second: RunningServer | undefined;
      try {
        const table = await createTable(first.url);
        const gm = await TestClient.open(first.url, table.tableId, table.gm.token);
        for (let i = 0; i < 12; i++) await gm.command({ type: 'say', text: `line ${i}` });
        await gm.caughtUp(13);
        const before = { type: 'view', seq: 13, view: await gm.viewAt(13) };
        await gm.close();
        await first.close();

        second = await startServer({ port: 0, rules: testRules, ...opened.options, snapshotEvery: 5 });
        const again = await TestClient.open(second.url, table.tableId, table.gm.token, 13);
        expect(again.envelopes).toEqual([]);
        const view = again.messages.find((m) => m.type === 'view');
        expect(view).toEqual(before);
        expect(await again.command({ type: 'say', text: 'after restart' })).toMatchObject({
          type: 'ack',
          seq: 14,
        });
        await again.close();
      } finally {
        await first.close();
        await second?.close();
        await opened.cleanup();
      }
    });

    it('rate-limits a flooding socket with RATE_LIMITED', async () => {
      const limited = await serverOn(backend, {
        limits: { messagesPerSecond: 5, messageBurst: 5 },
      });
      try {
        const table = await createTable(limited.url);
        const gm = await TestClient.open(limited.url, table.tableId, table.gm.token);
        for (let i = 0; i < 20; i++)
          gm.send({ type: 'command', id: `r${i}`, command: { type: 'say', text: 'spam' } });
        const limitedOne = await gm.waitFor((m) => m.type === 'rejected' && m.code === 'RATE_LIMITED');
        expect(limitedOne).toMatchObject({ id: expect.stringMatching(/^r\d+$/) });
        await gm.close();
      } finally {
        await limited.close();
      }
    });
  });
}

describe('HTTP API', () => {
  const server = serverForBlock(memoryBackend(), {
    webRoot: '/nonexistent',
    limits: { maxSeatsPerTable: 3, httpWriteBurst: 30, httpWritesPerSecond: 1 },
  });

  it('answers health, systems and table info', async () => {
    expect(await http(server.url, 'GET', '/healthz')).toMatchObject({ status: 200, body: { ok: true } });
    expect((await http(server.url, 'GET', '/api/systems')).body).toEqual({
      systems: [{ id: 'test', title: 'Test dice chat', playable: true }],
    });
    const table = await createTable(server.url, 'test', 'Night drop');
    expect((await http(server.url, 'GET', `/api/tables/${table.tableId}`)).body).toMatchObject({
      tableId: table.tableId,
      system: 'test',
      name: 'Night drop',
    });
  });

  it('sets security headers, with a CSP that forbids inline script', async () => {
    const r = await http(server.url, 'GET', '/healthz');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    const api = await http(server.url, 'GET', '/api/systems');
    expect(api.headers.get('cache-control')).toBe('no-store');
  });

  it('answers every bad request with its stable code', async () => {
    const err = (r: { status: number; body: unknown }) => [
      r.status,
      (r.body as { error: { code: string } }).error.code,
    ];
    expect(err(await http(server.url, 'POST', '/api/tables', { system: 'chess', name: 'x' }))).toEqual([
      400,
      'UNKNOWN_SYSTEM',
    ]);
    expect(err(await http(server.url, 'POST', '/api/tables', { system: 'test' }))).toEqual([
      400,
      'BAD_REQUEST',
    ]);
    expect(err(await http(server.url, 'POST', '/api/tables', { system: 'test', name: '  ' }))).toEqual([
      400,
      'BAD_REQUEST',
    ]);
    expect(err(await http(server.url, 'POST', '/api/tables', { system: 'test', name: 'a\u0007b' }))).toEqual([
      400,
      'BAD_REQUEST',
    ]);
    expect(err(await http(server.url, 'POST', '/api/tables', '{nope'))).toEqual([400, 'BAD_JSON']);
    expect(
      err(await http(server.url, 'POST', '/api/tables', { system: 'test', name: 'x'.repeat(20_000) })),
    ).toEqual([413, 'MESSAGE_TOO_LARGE']);
    expect(err(await http(server.url, 'GET', '/api/tables/nope'))).toEqual([404, 'TABLE_NOT_FOUND']);
    expect(
      err(await http(server.url, 'POST', '/api/tables/nope/join', { inviteCode: 'x', name: 'A' })),
    ).toEqual([404, 'TABLE_NOT_FOUND']);
    expect(err(await http(server.url, 'GET', '/api/nothing-here'))).toEqual([404, 'NOT_FOUND']);

    const table = await createTable(server.url);
    const path = `/api/tables/${table.tableId}`;
    expect(
      err(await http(server.url, 'POST', `${path}/join`, { inviteCode: table.spectate.code, name: 'A' })),
    ).toEqual([403, 'BAD_INVITE']);
    expect(
      err(await http(server.url, 'POST', `${path}/spectate`, { spectateCode: table.invite.code })),
    ).toEqual([403, 'BAD_SPECTATE_CODE']);
    expect(err(await http(server.url, 'GET', `${path}/export`))).toEqual([401, 'NOT_AUTHENTICATED']);
    expect(
      err(await http(server.url, 'GET', `${path}/export`, undefined, { authorization: 'Bearer nope' })),
    ).toEqual([401, 'BAD_TOKEN']);
    const alice = await join(server.url, table, 'Alice');
    const asAlice = { authorization: `Bearer ${alice.token}` };
    expect(err(await http(server.url, 'GET', `${path}/export`, undefined, asAlice))).toEqual([
      403,
      'FORBIDDEN_ROLE',
    ]);
    expect(err(await http(server.url, 'GET', `${path}/invite`, undefined, asAlice))).toEqual([
      403,
      'FORBIDDEN_ROLE',
    ]);
    await join(server.url, table, 'Bob'); // third seat: the limit in this server
    expect(
      err(await http(server.url, 'POST', `${path}/join`, { inviteCode: table.invite.code, name: 'C' })),
    ).toEqual([409, 'TABLE_FULL']);

    const asGm = { authorization: `Bearer ${table.gm.token}` };
    const exported = await http<{ events: { seq: number; event: { type: string } }[] }>(
      server.url,
      'GET',
      `${path}/export`,
      undefined,
      asGm,
    );
    expect(exported.status).toBe(200);
    expect(exported.body.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect((await http(server.url, 'GET', `${path}/invite`, undefined, asGm)).body).toEqual({
      invite: { code: table.invite.code, url: table.invite.url },
      spectate: { code: table.spectate.code, url: table.spectate.url },
    });

    // HTTP writes per address are limited (burst 30 in this server).
    let limited: unknown = null;
    for (let i = 0; i < 40 && !limited; i++) {
      const r = await http(server.url, 'POST', '/api/tables', { system: 'test', name: `t${i}` });
      if (r.status === 429) limited = r.body;
    }
    expect(limited).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });
});
