import { mkdirSync, writeFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AnyRuleset, Seat } from '../engine/ruleset.ts';
import { MAX_CLIENT_MESSAGE_BYTES, MAX_SOCKET_FRAME_BYTES, type ServerMessage } from './protocol.ts';
import { backends, memoryBackend, tempDir } from './test-backends.ts';
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
  threeSixteenTable,
  until,
} from './test-kit.ts';
import { type TestState, testRuleset } from './test-ruleset.ts';

/**
 * What a fuzzer found, through real servers: the least-privileged seat cannot lock others out
 * (socket and seat caps), junk frames count against the rate limit and do not flood the log,
 * every refusal has our error shape (router errors, unknown paths, upgrades to paths that are no
 * table's socket), and names must have something visible and no control characters.
 */

type Rejected = Extract<ServerMessage, { type: 'rejected' }>;

/** Connects, says hello and waits for either the view (accepted) or a rejection (refused). */
async function hello(base: string, tableId: string, token: string): Promise<TestClient> {
  const client = await TestClient.connect(base, tableId);
  client.send({ type: 'hello', token, lastSeq: 0 });
  await client.waitFor((m) => m.type === 'view' || m.type === 'rejected', 'view or rejection after hello');
  return client;
}

/** A hello that must be refused with TOO_MANY_CONNECTIONS and close 4009; returns the rejection. */
async function refused(base: string, tableId: string, token: string): Promise<Rejected> {
  const client = await hello(base, tableId, token);
  const rejected = client.rejections()[0];
  expect(rejected, 'the hello should have been refused').toBeDefined();
  await until(() => client.closed, 'close after refusal');
  expect(client.closed?.code).toBe(4009);
  return rejected as Rejected;
}

function accepted(client: TestClient): TestClient {
  expect(client.rejections()).toEqual([]);
  expect(client.messages.some((m) => m.type === 'view')).toBe(true);
  return client;
}

/** An upgrade the server must refuse with an HTTP answer: its status and JSON body. */
function refusedUpgrade(base: string, path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`);
    ws.on('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => {
        ws.terminate();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown });
      });
    });
    ws.on('open', () => {
      ws.terminate();
      reject(new Error(`${path} was upgraded; it should have been refused`));
    });
    ws.on('error', () => undefined); // the unexpected-response (or open) above settles it
  });
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`robustness on ${backend.name}`, () => {
    const logged: string[] = [];

    const server = serverForBlock(backend, {
      logLevel: 'debug',
      logStream: { write: (line) => void logged.push(line) },
      limits: {
        ...GENEROUS_LIMITS,
        maxConnectionsPerSeat: 2,
        maxConnectionsPerTable: 3,
        maxSpectatorConnectionsPerTable: 3,
        maxSeatsPerTable: 3,
        maxSpectatorSeatsPerTable: 2,
      },
    });

    it('one seat cannot take the table’s sockets, and spectators never lock out the GM or players', async () => {
      const table = await createTable(server.url);
      const alice = await join(server.url, table, 'Alice');
      const w1 = await spectate(server.url, table);
      const w2 = await spectate(server.url, table);
      const open: TestClient[] = [];

      // One spectator token: its seat's cap, not the table's.
      open.push(accepted(await hello(server.url, table.tableId, w1.token)));
      open.push(accepted(await hello(server.url, table.tableId, w1.token)));
      expect(await refused(server.url, table.tableId, w1.token)).toMatchObject({
        code: 'TOO_MANY_CONNECTIONS',
        details: { per: 'seat', max: 2 },
      });
      // Spectators together: their own pool.
      const w2socket = accepted(await hello(server.url, table.tableId, w2.token));
      expect(await refused(server.url, table.tableId, w2.token)).toMatchObject({
        code: 'TOO_MANY_CONNECTIONS',
        details: { per: 'spectators', max: 3 },
      });

      // With every spectator place taken, players still get in, up to the players' pool…
      const bob = await join(server.url, table, 'Bob');
      open.push(accepted(await hello(server.url, table.tableId, alice.token)));
      open.push(accepted(await hello(server.url, table.tableId, alice.token)));
      open.push(accepted(await hello(server.url, table.tableId, bob.token)));
      expect(await refused(server.url, table.tableId, bob.token)).toMatchObject({
        code: 'TOO_MANY_CONNECTIONS',
        details: { per: 'table', max: 3 },
      });
      // …and with the pool full the GM still gets in (issue 20, finding 3: its own reserve), up
      // to its own seat's cap.
      const gm = accepted(await hello(server.url, table.tableId, table.gm.token));
      open.push(accepted(await hello(server.url, table.tableId, table.gm.token)));
      expect(await refused(server.url, table.tableId, table.gm.token)).toMatchObject({
        code: 'TOO_MANY_CONNECTIONS',
        details: { per: 'seat', max: 2 },
      });

      // A closed socket gives its place back (the GM sees the spectator go offline first).
      await w2socket.close();
      await gm.waitFor(
        (m) => m.type === 'presence' && m.seats.some((s) => s.seatId === w2.seatId && !s.online),
        'the second spectator offline',
      );
      open.push(accepted(await hello(server.url, table.tableId, w2.token)));
      await Promise.all([gm, ...open].map((c) => c.close()));
    });

    it('spectator seats are counted apart: spectate-code holders cannot fill the seats players join', async () => {
      const table = await createTable(server.url);
      const path = `/api/tables/${table.tableId}`;
      await spectate(server.url, table);
      await spectate(server.url, table);
      const third = await http(server.url, 'POST', `${path}/spectate`, { spectateCode: table.spectate.code });
      expect(third).toMatchObject({
        status: 409,
        body: { error: { code: 'SPECTATORS_FULL', details: { max: 2 } } },
      });

      // Players still join, up to their own limit (GM + 2 here).
      await join(server.url, table, 'Alice');
      await join(server.url, table, 'Bob');
      const carol = await http(server.url, 'POST', `${path}/join`, {
        inviteCode: table.invite.code,
        name: 'Carol',
      });
      expect(carol).toMatchObject({
        status: 409,
        body: { error: { code: 'TABLE_FULL', details: { max: 3 } } },
      });

      // The refusals changed nothing: five seats joined, no more.
      const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
      expect(gm.envelopes.map((e) => e.event.type)).toEqual(Array(5).fill('seat.joined'));
      expect(gm.envelopes.filter((e) => e.event.role === 'spectator')).toHaveLength(2);
      await gm.close();
    });

    it('a frame far over the size limit closes with 1009 and is logged as a client fault, not an error', async () => {
      const table = await createTable(server.url);
      const before = logged.length;
      // Before hello, as anyone could.
      const client = await TestClient.connect(server.url, table.tableId);
      client.send('x'.repeat(MAX_SOCKET_FRAME_BYTES + 1));
      await until(() => client.closed, 'close after a huge frame');
      expect(client.closed?.code).toBe(1009);
      await until(
        () => logged.slice(before).some((l) => l.includes('websocket client fault')),
        'the debug line',
      );
      const lines = logged.slice(before).map((l) => JSON.parse(l) as { level: number });
      expect(lines.filter((l) => l.level >= 40)).toEqual([]);
      expect(logged.slice(before).join('\n')).not.toContain('stack');
    });

    it('every frame takes a rate token, a flood gets one RATE_LIMITED (keeping its id), not one per frame, then 4029', async () => {
      const limited = await serverOn(backend, {
        // Six tokens and (practically) no refill: exactly six frames get past the limit.
        limits: { messagesPerSecond: 0.0001, messageBurst: 6 },
      });
      try {
        const table = await createTable(limited.url);
        const client = await TestClient.connect(limited.url, table.tableId);
        const oversize = JSON.stringify({ type: 'ping', pad: 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES) });
        for (const frame of ['not json', 'not json', 'not json', oversize, oversize, '{"type":"ping"}'])
          client.send(frame);
        // The first frame over the limit is answered, with the command's id.
        client.send({ type: 'command', id: 'late', command: { type: 'say', text: 'hi' } });
        // Then a flood of every kind of frame: junk, oversize, pings, commands.
        const flood = 500;
        for (let i = 0; i < flood; i++) {
          client.send(
            i % 50 === 0
              ? oversize
              : i % 3 === 0
                ? 'not json'
                : i % 3 === 1
                  ? { type: 'ping' }
                  : { type: 'command', id: `f${i}`, command: { type: 'say', text: 'spam' } },
          );
        }
        await until(() => client.closed, 'the close after a sustained flood');
        expect(client.closed).toEqual({ code: 4029, reason: 'too many messages' });

        // 507 frames, 7 answers: the six that passed and one RATE_LIMITED.
        const codes = client.messages.map((m) => (m.type === 'rejected' ? m.code : m.type));
        expect(codes).toEqual([
          'BAD_JSON',
          'BAD_JSON',
          'BAD_JSON',
          'MESSAGE_TOO_LARGE',
          'MESSAGE_TOO_LARGE',
          'pong',
          'RATE_LIMITED',
        ]);
        expect(client.messages.at(-1)).toMatchObject({
          type: 'rejected',
          code: 'RATE_LIMITED',
          id: 'late',
          details: { perSecond: 0.0001 },
        });
        // Nothing refused reached the log: only the GM's seat.joined.
        const exported = await http<{ events: unknown[] }>(
          limited.url,
          'GET',
          `/api/tables/${table.tableId}/export`,
          undefined,
          { authorization: `Bearer ${table.gm.token}` },
        );
        expect(exported.body.events).toHaveLength(1);
      } finally {
        await limited.close();
      }
    });

    it('a socket to a table id that names no table is refused at hello with BAD_TOKEN (4001)', async () => {
      const client = await TestClient.connect(server.url, 'tNoSuchTable0');
      client.send({ type: 'hello', token: 'whatever', lastSeq: 0 });
      expect(await client.waitFor((m) => m.type === 'rejected')).toMatchObject({ code: 'BAD_TOKEN' });
      await until(() => client.closed, 'close after BAD_TOKEN');
      expect(client.closed?.code).toBe(4001);
    });
  });
}

describe('paths, router errors and names', () => {
  const web = tempDir('bughunt-web-');

  beforeAll(() => {
    // A built web app, as in production: its static wildcard must not swallow API or socket paths.
    writeFileSync(joinPath(web.dir, 'index.html'), '<!doctype html><title>Bughunt</title>');
    mkdirSync(joinPath(web.dir, 'assets'));
  });
  const server = serverForBlock(memoryBackend(), { webRoot: web.dir, limits: GENEROUS_LIMITS });

  const shape = (r: { status: number; body: unknown }) => {
    const error = (r.body as { error?: { code?: unknown; message?: unknown } }).error;
    expect(typeof error?.message, JSON.stringify(r.body)).toBe('string');
    return [r.status, error?.code];
  };

  it('answers router errors and unknown paths in the documented error shape', async () => {
    const table = await createTable(server.url);
    const long = 'a'.repeat(101);
    const huge = 'a'.repeat(5000);
    const cases: [string, string, number, string][] = [
      ['POST', `/api/tables/${long}/join`, 404, 'NOT_FOUND'],
      ['GET', `/api/tables/${huge}`, 404, 'NOT_FOUND'],
      ['GET', `/api/tables/${'a'.repeat(64)}`, 404, 'TABLE_NOT_FOUND'],
      ['GET', '/api/tables/%E0%A4%A', 400, 'BAD_REQUEST'],
      ['GET', '/ws/tables/%E0%A4%A', 400, 'BAD_REQUEST'],
      ['GET', '/%E0%A4%A', 400, 'BAD_REQUEST'],
      ['GET', `/ws/tables/${table.tableId}`, 404, 'NOT_FOUND'],
      ['GET', '/ws/nope', 404, 'NOT_FOUND'],
      ['POST', '/ws/tables/x', 404, 'NOT_FOUND'],
      ['GET', `/${huge}`, 404, 'NOT_FOUND'],
      ['GET', '/no-such-file.js', 404, 'NOT_FOUND'],
    ];
    for (const [method, path, status, code] of cases) {
      const r = await http(
        server.url,
        method,
        path,
        method === 'POST' ? { inviteCode: 'x', name: 'A' } : undefined,
      );
      expect(shape(r), `${method} ${path.slice(0, 40)}`).toEqual([status, code]);
      // Router errors skip the hooks; the security headers are there all the same.
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // The web app itself is still served.
    expect((await http(server.url, 'GET', '/')).status).toBe(200);
    expect((await http(server.url, 'GET', `/t/${table.tableId}`)).status).toBe(200);
  });

  it('refuses an upgrade to any path but a table’s socket with an HTTP answer, before upgrading', async () => {
    const cases: [string, number, string][] = [
      ['/ws/nope', 404, 'NOT_FOUND'],
      ['/ws/tables/', 404, 'TABLE_NOT_FOUND'],
      ['/ws/tables/no%20such', 404, 'TABLE_NOT_FOUND'],
      [`/ws/tables/${'a'.repeat(65)}`, 404, 'NOT_FOUND'],
      [`/ws/tables/${'a'.repeat(101)}`, 404, 'NOT_FOUND'],
      ['/ws/tables/%E0%A4%A', 400, 'BAD_REQUEST'],
      ['/healthz', 404, 'NOT_FOUND'],
      ['/api/systems', 404, 'NOT_FOUND'],
      ['/', 404, 'NOT_FOUND'],
    ];
    for (const [path, status, code] of cases) {
      expect(shape(await refusedUpgrade(server.url, path)), path.slice(0, 40)).toEqual([status, code]);
    }
  });

  it('refuses names with control characters, lone surrogates or nothing visible, and changes nothing', async () => {
    const table = await createTable(server.url);
    const alice = await join(server.url, table, 'Alice');
    const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
    const before = gm.envelopes.length;
    const bad = [
      'a\u0085b', // C1 control (NEL)
      'a\u009bb', // C1 control (CSI)
      'a\u0007b', // C0 control
      '\u200b', // zero-width space only
      '\u200b\u200d\ufe0f', // zero-width joiner and a variation selector
      '\u3164', // Hangul filler
      '\u2800', // blank braille pattern
      '\ud800', // a lone high surrogate
      'a\udc00b', // a lone low surrogate
    ];
    for (const name of bad) {
      const what = JSON.stringify(name);
      const created = await http(server.url, 'POST', '/api/tables', { system: 'test', name });
      expect(shape(created), `create ${what}`).toEqual([400, 'BAD_REQUEST']);
      expect(created.body).toMatchObject({ error: { details: { issues: [{ path: 'name' }] } } });
      const path = `/api/tables/${table.tableId}`;
      const joined = await http(server.url, 'POST', `${path}/join`, { inviteCode: table.invite.code, name });
      expect(shape(joined), `join ${what}`).toEqual([400, 'BAD_REQUEST']);
      const watched = await http(server.url, 'POST', `${path}/spectate`, {
        spectateCode: table.spectate.code,
        name,
      });
      expect(shape(watched), `spectate ${what}`).toEqual([400, 'BAD_REQUEST']);
      const renamed = await http(
        server.url,
        'POST',
        `${path}/seats/${alice.seatId}/name`,
        { name },
        {
          authorization: `Bearer ${alice.token}`,
        },
      );
      expect(shape(renamed), `rename ${what}`).toEqual([400, 'BAD_REQUEST']);
    }

    // Names with something visible are fine, invisible characters inside them included.
    for (const name of ['Zoë', 'Ripley 😀', '👩‍🚀 crew', 'مرحبا', 'a\u200db']) {
      const created = await createTable(server.url, 'test', name);
      expect((await http(server.url, 'GET', `/api/tables/${created.tableId}`)).body).toMatchObject({ name });
    }
    // No refused join, spectate or rename reached the log.
    await gm.command({ type: 'say', text: 'marker' });
    await gm.caughtUp(before + 1);
    expect(gm.envelopes.slice(before).map((e) => e.event.type)).toEqual(['said']);
    await gm.close();
  });
});

describe('a table the rules cannot show to a seat', () => {
  const logged: string[] = [];
  // The test rules with a view that throws for players once the GM has said a word: a ruleset
  // bug, as an imported log the view chokes on was.
  const brokenView = {
    ...testRuleset,
    view(state: TestState, seat: Seat): unknown {
      const broken = state.log.some((e) => e.type === 'said' && e.text === 'break the view');
      if (broken && seat.role === 'player') throw new Error('the view is broken');
      return testRuleset.view(state, seat);
    },
  };

  const server = serverForBlock(memoryBackend(), {
    rules: {
      systems: testRules.systems,
      rulesetFor: (system) => (system === 'test' ? (brokenView as unknown as AnyRuleset) : null),
    },
    logLevel: 'error',
    logStream: { write: (line) => void logged.push(line) },
    limits: GENEROUS_LIMITS,
  });

  it('a socket whose view fails at hello gets INTERNAL and is closed with 1011, not left half-attached', async () => {
    const table = await createTable(server.url);
    const alice = await join(server.url, table, 'Alice');
    const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
    await gm.command({ type: 'say', text: 'break the view' });

    const a = await TestClient.connect(server.url, table.tableId);
    a.send({ type: 'hello', token: alice.token, lastSeq: 0 });
    await until(() => a.closed, 'the close after a view that failed');
    expect(a.closed?.code).toBe(1011);
    // Welcome and the events went out before the view failed; then the error, and no view.
    expect(a.messages.map((m) => m.type)).toEqual(['welcome', 'events', 'rejected']);
    expect(a.rejections()).toEqual([expect.objectContaining({ id: null, code: 'INTERNAL' })]);
    expect(logged.some((l) => l.includes('could not be attached') && l.includes('the view is broken'))).toBe(
      true,
    );

    // The table itself is fine for the seats it can show: the GM plays on, and sees Alice gone.
    await gm.waitFor(
      (m) => m.type === 'presence' && m.seats.some((s) => s.seatId === alice.seatId && !s.online),
      'Alice offline',
    );
    expect(await gm.command({ type: 'say', text: 'still here' })).toMatchObject({ type: 'ack' });
    expect(gm.closed).toBeNull();
    await gm.close();
  });
});

describe('deeply nested JSON in WebSocket frames', () => {
  let t: Awaited<ReturnType<typeof threeSixteenTable>>;
  beforeAll(async () => {
    t = await threeSixteenTable('Deep');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused by the message or command schema before anything recursive walks it', async () => {
    const gm = await TestClient.open(t.server.url, t.table.tableId, t.table.gm.token);
    // As deep as a frame under the size limit can nest: about 8000 levels of `[`.
    const deep = `${'['.repeat(8000)}${']'.repeat(8000)}`;
    const answer = async (frame: string) => {
      expect(frame.length).toBeLessThanOrEqual(MAX_CLIENT_MESSAGE_BYTES);
      const seen = gm.messages.length;
      gm.send(frame);
      return until(() => gm.messages.slice(seen).find((m) => m.type === 'rejected' || m.type === 'ack'));
    };
    const cases: [string, string][] = [
      [`{"type":${deep}}`, 'BAD_MESSAGE'],
      [`{"type":"hello","token":${deep},"lastSeq":0}`, 'BAD_MESSAGE'],
      [`{"type":"command","id":${deep},"command":{"type":"chat.say","text":"x"}}`, 'BAD_MESSAGE'],
      [`{"type":"command","id":"d1","command":{"type":"chat.say","text":"x"},"dice":${deep}}`, 'BAD_MESSAGE'],
      [`{"type":"command","id":"d2","command":{"type":${deep}}}`, 'BAD_COMMAND'],
      [`{"type":"command","id":"d3","command":{"type":"chat.say","text":${deep}}}`, 'BAD_COMMAND'],
      [`{"type":"command","id":"d4","command":{"type":"startEncounter","tokens":${deep}}}`, 'BAD_COMMAND'],
    ];
    for (const [frame, code] of cases) {
      expect(await answer(frame), frame.slice(0, 60)).toMatchObject({ type: 'rejected', code });
    }
    // A field the schema does not know is refused by name, not walked.
    const unknown = await answer(
      `{"type":"command","id":"d5","command":{"type":"chat.say","text":"plain","extra":${deep}}}`,
    );
    expect(unknown).toMatchObject({ type: 'rejected', id: 'd5', code: 'BAD_COMMAND' });
    // The table is none the worse.
    expect(await gm.command({ type: 'chat.say', text: 'still here' })).toMatchObject({ type: 'ack' });
    expect(gm.closed).toBeNull();
    await gm.close();
  });
});
