import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningServer, startServer } from '../server/app.ts';
import { MemoryBus, MemoryStore } from '../server/memory-store.ts';
import type { ServerMessage } from '../server/protocol.ts';
import { createTable, join, TestClient, until } from '../server/test-kit.ts';
import { type SocketLike, TableClient } from './connection.ts';

/**
 * The browser's table connection, run in Node against a real server (with `ws` as the socket):
 * catch-up, commands, rejections, and a reconnect that fetches exactly the missed events.
 */

const openWs = (url: string) => new WebSocket(url) as unknown as SocketLike;
const wsUrl = (base: string, tableId: string) => `${base.replace(/^http/, 'ws')}/ws/tables/${tableId}`;

describe('TableClient against a real server', () => {
  const bus = new MemoryBus(3);
  const store = new MemoryStore(bus);
  let server: RunningServer;
  const start = (port: number) => startServer({ port, stores: { store, bus } });

  beforeAll(async () => {
    server = await start(0);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('catches up, goes live, and settles commands with ack or rejection', async () => {
    const table = await createTable(server.url, 'elite-unit', 'Dice only');
    const vasquez = await join(server.url, table, 'Vasquez');
    const client = new TableClient({
      url: wsUrl(server.url, table.tableId),
      token: vasquez.token,
      openSocket: openWs,
    });
    client.start();
    await until(() => client.snapshot.status.kind === 'live', 'live');
    expect(client.snapshot.welcome?.seat).toMatchObject({
      seatId: vasquez.seatId,
      role: 'player',
      name: 'Vasquez',
    });
    expect(client.snapshot.items.map((i) => i.kind)).toEqual(['joined', 'joined']);

    const ok = await client.request({ type: 'chat.roll', notation: '3d6', visibility: 'public', label: 'x' });
    expect(ok).toMatchObject({ ok: true, seq: 3 });
    const bad = await client.request({ type: 'chat.roll', notation: '3d6+', visibility: 'public' });
    expect(bad.ok).toBe(false);
    expect(bad.ok === false && bad.code).toMatch(/^NOTATION/);
    // A request's rejection goes to its caller, not to the shared list.
    expect(client.snapshot.rejections).toEqual([]);

    client.send({ type: 'chat.reveal', rollId: 'r1' }, 'reveal r1');
    await until(() => client.snapshot.rejections.length === 1, 'rejection');
    expect(client.snapshot.rejections[0]).toMatchObject({ code: 'FORBIDDEN_ROLE', tried: 'reveal r1' });
    await until(() => client.snapshot.items.length === 3, 'roll in log');
    expect(client.snapshot.items[2]).toMatchObject({ kind: 'roll', notation: '3d6', label: 'x' });
    expect(client.snapshot.pending).toBe(0);
    client.stop();
  });

  it('reconnects after the server goes away and gets exactly the events it missed', async () => {
    const table = await createTable(server.url, 'elite-unit', 'Reconnect');
    const vasquez = await join(server.url, table, 'Vasquez');
    const client = new TableClient({
      url: wsUrl(server.url, table.tableId),
      token: vasquez.token,
      openSocket: openWs,
      delayMs: () => 100,
    });
    client.start();
    await until(() => client.snapshot.status.kind === 'live', 'live');
    expect(client.snapshot.lastSeq).toBe(2);

    const port = Number(new URL(server.url).port);
    await server.close();
    await until(() => client.snapshot.status.kind === 'reconnecting', 'reconnecting');

    // While this client is away, another instance on the same store takes three more events.
    const other = await start(0);
    const gm = await TestClient.open(other.url, table.tableId, table.gm.token);
    await gm.command({ type: 'chat.say', text: 'one' });
    await gm.command({ type: 'chat.roll', notation: 'd6', visibility: 'blind' });
    await gm.command({ type: 'chat.say', text: 'two' });
    await gm.close();
    await other.close();

    server = await start(port);
    await until(() => client.snapshot.status.kind === 'live' && client.snapshot.lastSeq === 5, 'resumed');
    expect(client.receivedSeqs).toEqual([1, 2, 3, 4, 5]);
    const kinds = client.snapshot.items.map((i) => i.kind);
    expect(kinds).toEqual(['joined', 'joined', 'say', 'roll', 'say']);
    expect(client.snapshot.items[3]).not.toHaveProperty('result');
    client.stop();
  });

  it('keeps its view by patches, and after a lost patch reconnects for a whole view', async () => {
    const table = await createTable(server.url, 'three-sixteen', 'Patches');
    let dropNext = false;
    let dropped = 0;
    let sockets = 0;
    // The socket loses one viewPatch when told to, as if a frame went missing on the way.
    const lossy = (url: string): SocketLike => {
      sockets++;
      const ws = new WebSocket(url);
      const socket: SocketLike = {
        get readyState() {
          return ws.readyState;
        },
        send: (data) => ws.send(data),
        close: (code, reason) => ws.close(code, reason),
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
      };
      ws.onopen = (e) => socket.onopen?.(e);
      ws.onerror = (e) => socket.onerror?.(e);
      ws.onclose = (e) => socket.onclose?.(e);
      ws.onmessage = (e) => {
        if (dropNext && String(e.data).startsWith('{"type":"viewPatch"')) {
          dropNext = false;
          dropped++;
          return;
        }
        socket.onmessage?.(e);
      };
      return socket;
    };
    const client = new TableClient({
      url: wsUrl(server.url, table.tableId),
      token: table.gm.token,
      openSocket: lossy,
      delayMs: () => 50,
    });
    client.start();
    await until(() => client.snapshot.status.kind === 'live', 'live');
    type View = { chat: { entries: unknown[] }; troopers: unknown; log: unknown[] };
    const say = async (text: string) => {
      const r = await client.request({ type: 'chat.say', text });
      expect(r.ok).toBe(true);
      const seq = r.ok ? r.seq : 0;
      await until(
        () => client.snapshot.viewSeq === seq && client.snapshot.status.kind === 'live',
        `view at ${seq}`,
      );
      return seq;
    };
    const before = client.snapshot.view as View;
    await say('one');
    const after = client.snapshot.view as View;
    // A new view object along the patched path, the untouched parts shared with the old one.
    expect(after).not.toBe(before);
    expect(after.chat.entries).toHaveLength(before.chat.entries.length + 1);
    expect(after.troopers).toBe(before.troopers);
    expect(after.log).toBe(before.log);
    expect(sockets).toBe(1);

    dropNext = true;
    // Its patch is lost: the client still holds the view before it, so the request stays open
    // (acknowledged, its result not in view) until the reconnect below brings a whole view.
    const two = client.request({ type: 'chat.say', text: 'two' });
    await until(() => dropped === 1, 'the patch dropped');
    const seq = await say('three'); // a patch on a base the client never got: it reconnects
    expect(await two).toMatchObject({ ok: true });
    expect(sockets).toBe(2);
    const fresh = await TestClient.open(server.url, table.tableId, table.gm.token);
    expect(fresh.viewSeq).toBe(seq);
    expect(client.snapshot.view).toEqual(fresh.view);
    expect((client.snapshot.view as View).chat.entries).toHaveLength(before.chat.entries.length + 3);
    await fresh.close();
    client.stop();
  });

  it('stops for good on a bad token', async () => {
    const table = await createTable(server.url, 'elite-unit', 'Bad token');
    const client = new TableClient({
      url: wsUrl(server.url, table.tableId),
      token: 'x'.repeat(32),
      openSocket: openWs,
      delayMs: () => 50,
    });
    client.start();
    await until(() => client.snapshot.status.kind === 'failed', 'failed');
    expect(client.snapshot.status).toMatchObject({ kind: 'failed', code: 'BAD_TOKEN' });
    client.stop();
  });
});

/** A socket the test drives by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: string[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

/** A client whose sockets are FakeSockets, kept in the order it opened them; reconnects wait no time. */
function clientOnFakeSockets(): { client: TableClient; sockets: FakeSocket[] } {
  const sockets: FakeSocket[] = [];
  const client = new TableClient({
    url: 'ws://x',
    token: 'tok',
    delayMs: () => 0,
    openSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
  });
  return { client, sockets };
}

describe('TableClient stream checks', () => {
  const welcome: ServerMessage = {
    type: 'welcome',
    tableId: 't1',
    system: 'elite-unit',
    tableName: 'T',
    seat: { seatId: 's1', role: 'player', name: 'P' },
    headSeq: 2,
  };
  const said = (seq: number) => ({
    seq,
    at: '2026-01-01T00:00:00Z',
    by: 's1',
    event: { type: 'chat.said', by: 's1', text: `l${seq}` },
  });

  it('drops repeated envelopes and reconnects from its last seq on a gap', () => {
    const { client, sockets } = clientOnFakeSockets();
    client.start();
    const first = sockets[0] as FakeSocket;
    first.open();
    expect(JSON.parse(first.sent[0] as string)).toEqual({ type: 'hello', token: 'tok', lastSeq: 0 });
    first.receive(welcome);
    first.receive({ type: 'events', afterSeq: 0, toSeq: 2, events: [said(1), said(2)] });
    // Overlap: seq 2 again, then 3.
    first.receive({ type: 'events', afterSeq: 1, toSeq: 3, events: [said(2), said(3)] });
    expect(client.receivedSeqs).toEqual([1, 2, 3]);
    expect(client.snapshot.items).toHaveLength(3);

    // A message starting after 5 while we hold 3: seqs 4–5 never arrived.
    first.receive({ type: 'events', afterSeq: 5, toSeq: 6, events: [said(6)] });
    expect(first.closed).toBe(true);
    expect(client.snapshot.items).toHaveLength(3);
    const second = sockets[1] as FakeSocket;
    second.open();
    expect(JSON.parse(second.sent[0] as string)).toEqual({ type: 'hello', token: 'tok', lastSeq: 3 });
    client.stop();
  });

  it('drops what it holds when the welcome says the catch-up restarts from nothing', () => {
    const { client, sockets } = clientOnFakeSockets();
    client.start();
    const first = sockets[0] as FakeSocket;
    first.open();
    first.receive(welcome);
    first.receive({ type: 'events', afterSeq: 0, toSeq: 3, events: [said(1), said(2), said(3)] });
    // A gap makes it reconnect from its last seq.
    first.receive({ type: 'events', afterSeq: 5, toSeq: 6, events: [said(6)] });
    const second = sockets[1] as FakeSocket;
    second.open();
    expect(JSON.parse(second.sent[0] as string)).toMatchObject({ lastSeq: 3 });
    // Its seat acts with another role now: the server numbers the log anew, from 0.
    second.receive({ ...welcome, headSeq: 4, restart: true });
    expect(client.snapshot.items).toEqual([]);
    expect(client.snapshot.lastSeq).toBe(0);
    second.receive({ type: 'events', afterSeq: 0, toSeq: 4, events: [said(1), said(2), said(3), said(4)] });
    expect(client.snapshot.items).toHaveLength(4);
    expect(client.snapshot.lastSeq).toBe(4);
    expect(second.closed).toBe(false);
    client.stop();
  });

  it('applies view patches on the view it holds, and reconnects on another base or a bad patch', () => {
    const { client, sockets } = clientOnFakeSockets();
    client.start();
    const first = sockets[0] as FakeSocket;
    first.open();
    first.receive(welcome);
    first.receive({ type: 'view', seq: 2, view: { n: 1, list: [{ a: 1 }], other: { x: 1 } } });
    const held = client.snapshot.view as { list: unknown[]; other: unknown };
    first.receive({
      type: 'viewPatch',
      seq: 3,
      baseSeq: 2,
      ops: [
        { op: 'replace', path: '/n', value: 2 },
        { op: 'add', path: '/list/-', value: { a: 2 } },
      ],
    });
    expect(client.snapshot.view).toEqual({ n: 2, list: [{ a: 1 }, { a: 2 }], other: { x: 1 } });
    expect(client.snapshot.viewSeq).toBe(3);
    // The old view is untouched; what did not change is the same object.
    expect(held).toEqual({ n: 1, list: [{ a: 1 }], other: { x: 1 } });
    expect((client.snapshot.view as typeof held).other).toBe(held.other);

    // A patch on a view this client does not hold: reconnect, and wait for a whole view.
    first.receive({ type: 'viewPatch', seq: 5, baseSeq: 4, ops: [] });
    expect(first.closed).toBe(true);
    const second = sockets[1] as FakeSocket;
    second.open();
    second.receive(welcome);
    expect(client.snapshot.viewSeq).toBe(-1);
    // Until the whole view comes, no patch applies, not even one on the seq held before.
    second.receive({ type: 'viewPatch', seq: 4, baseSeq: 3, ops: [] });
    expect(second.closed).toBe(true);
    const third = sockets[2] as FakeSocket;
    third.open();
    third.receive(welcome);
    third.receive({ type: 'view', seq: 5, view: { n: 5 } });
    expect(client.snapshot).toMatchObject({ view: { n: 5 }, viewSeq: 5 });

    // A patch that does not fit the view: reconnect, the view stays as it was.
    third.receive({ type: 'viewPatch', seq: 6, baseSeq: 5, ops: [{ op: 'remove', path: '/missing' }] });
    expect(third.closed).toBe(true);
    expect(client.snapshot.view).toEqual({ n: 5 });
    expect(sockets).toHaveLength(4);
    client.stop();
  });

  it('settles an acknowledged request only once the view holds its result', async () => {
    const { client, sockets } = clientOnFakeSockets();
    client.start();
    const socket = sockets[0] as FakeSocket;
    socket.open();
    socket.receive(welcome);
    socket.receive({ type: 'view', seq: 2, view: { n: 1 } });
    const settled: unknown[] = [];
    const idOf = (k: number) => (JSON.parse(socket.sent[k] as string) as { id: string }).id;
    void client.request({ type: 'chat.say', text: 'one' }).then((r) => settled.push(r));
    // The server acks before it sends the view: the screen is not told "done" on the old view.
    socket.receive({ type: 'ack', id: idOf(1), seq: 3 });
    await Promise.resolve();
    expect(settled).toEqual([]);
    expect(client.snapshot.pending).toBe(0);
    socket.receive({ type: 'viewPatch', seq: 3, baseSeq: 2, ops: [{ op: 'replace', path: '/n', value: 2 }] });
    await Promise.resolve();
    expect(settled).toEqual([{ ok: true, seq: 3 }]);
    // A command that changed nothing this seat sees: the view it holds is already at the ack's seq.
    void client.request({ type: 'chat.say', text: 'two' }).then((r) => settled.push(r));
    socket.receive({ type: 'ack', id: idOf(2), seq: 3 });
    await Promise.resolve();
    expect(settled).toHaveLength(2);
    client.stop();
  });

  it('resends unanswered commands with the same id after a reconnect', () => {
    const { client, sockets } = clientOnFakeSockets();
    client.start();
    const first = sockets[0] as FakeSocket;
    first.open();
    first.receive(welcome);
    const id = client.send({ type: 'chat.say', text: 'hi' });
    expect(first.sent.map((m) => JSON.parse(m).id)).toContain(id);
    first.onclose?.({ code: 1006, reason: '' });
    expect(client.snapshot.status.kind).toBe('reconnecting');
    client.retryNow();
    const second = sockets[1] as FakeSocket;
    second.open();
    second.receive(welcome);
    const resent = second.sent.map((m) => JSON.parse(m) as { type: string; id?: string });
    expect(resent.map((m) => m.type)).toEqual(['hello', 'command']);
    expect(resent[1]?.id).toBe(id);
    second.receive({ type: 'ack', id, seq: 3 });
    expect(client.snapshot.pending).toBe(0);
    client.stop();
  });
});
