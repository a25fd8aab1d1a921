import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../engine/state-hash.ts';
import type { ThreeSixteenState } from '../rules/three-sixteen/index.ts';
import { newMemo, nextCommand } from '../rules/three-sixteen/simulate/policy.ts';
import { startServer } from './app.ts';
import { MAX_CAMPAIGN_BYTES } from './campaign-file.ts';
import type { CreateTableResponse, ImportTableResponse } from './protocol.ts';
import type { EventBus, EventStore } from './store/event-store.ts';
import { openStores } from './stores.ts';
import { type Backend, backends } from './test-backends.ts';
import { createTable, GENEROUS_LIMITS, http, join, spectate, TestClient } from './test-kit.ts';

/**
 * Campaign export → import, through real servers on every backend: a 3:16 campaign played over
 * WebSockets is exported, imported into a fresh server, and must give the same events and the
 * same state; its seats come back with fresh tokens that work. Bad files are refused with their
 * codes and write nothing.
 */

interface ExportFile {
  table: { tableId: string; system: string; name: string; createdAt: string };
  stateHash: string;
  events: { seq: number; at: string; by: string | null; commandId: string | null; event: { type: string } }[];
}

/** A server on fresh storage of `backend`, with its store opened here so tests can watch writes. */
async function serverOn(backend: Backend) {
  const opened = await backend.open();
  const given = opened.options.stores;
  const stores: { store: EventStore; bus: EventBus } =
    given ??
    (await openStores({
      dataDir: opened.options.dataDir ?? '',
      databaseUrl: opened.options.databaseUrl,
      databaseSchema: opened.options.databaseSchema,
    }));
  const writes: string[] = [];
  const store = stores.store;
  const importTable = store.importTable.bind(store);
  const createTableRow = store.createTable.bind(store);
  store.importTable = (table, seats, events) => {
    writes.push(`import ${table.tableId}`);
    return importTable(table, seats, events);
  };
  store.createTable = (table, gm, events) => {
    writes.push(`create ${table.tableId}`);
    return createTableRow(table, gm, events);
  };
  const server = await startServer({ port: 0, stores: stores, limits: GENEROUS_LIMITS });
  return {
    server,
    writes,
    async close() {
      await server.close();
      await stores.bus.close();
      await stores.store.close();
      await opened.cleanup();
    },
  };
}

/** The trooper or actor a 3:16 command acts for, to send it from the seat that plays it. */
function actingFor(command: Record<string, unknown>): string | undefined {
  const id = command.trooperId ?? command.actor;
  return typeof id === 'string' ? id : undefined;
}

/** Plays a short 3:16 campaign: two players' troopers, ranks, a planet, and part of a fight. */
async function playCampaign(base: string): Promise<{ table: CreateTableResponse; gm: TestClient }> {
  const table = await createTable(base, 'three-sixteen', 'Friday drop');
  const alice = await join(base, table, 'Alice');
  const bob = await join(base, table, 'Bob');
  await spectate(base, table);
  const gm = await TestClient.open(base, table.tableId, table.gm.token);
  const a = await TestClient.open(base, table.tableId, alice.token);
  const b = await TestClient.open(base, table.tableId, bob.token);
  const bySeat = new Map([
    [alice.seatId, a],
    [bob.seatId, b],
  ]);
  const ok = async (client: TestClient, command: Record<string, unknown>) => {
    const answer = await client.command(command);
    expect(answer, JSON.stringify(command)).toMatchObject({ type: 'ack' });
  };
  await ok(a, { type: 'createTrooper', name: 'Hicks', fa: 6, nfa: 4 });
  await ok(b, { type: 'createTrooper', name: 'Vasquez', fa: 7, nfa: 3 });
  await ok(gm, { type: 'assignInitialRanks' });
  await ok(gm, { type: 'setPlanet', name: 'Kalta', aa: 5, threat: 10 });
  await ok(gm, { type: 'briefMission', text: 'Clear the ridge.' });
  await ok(a, { type: 'chat.roll', notation: '2d6', visibility: 'gm' });
  await ok(gm, { type: 'chat.roll', notation: '1d100', visibility: 'blind' });
  await ok(gm, { type: 'gmNote', text: 'they will not see this' });
  await ok(gm, { type: 'startEncounter', tokens: 4 });
  // Part of the fight, as the simulator's policy would play it, each command from its seat.
  const memo = newMemo();
  for (let i = 0; i < 40; i++) {
    const head = (await gm.command({ type: 'chat.say', text: `step ${i}` })) as { seq: number };
    await gm.caughtUp(head.seq);
    // The view follows its events on a later turn of the server's loop: wait for it, not a moment
    // (a sleep let a loaded machine hand the policy the view before the last command's result).
    const state = (await gm.viewAt(head.seq)) as ThreeSixteenState;
    const command = nextCommand(state, memo) as Record<string, unknown> | null;
    if (!command) break;
    const acting = actingFor(command);
    const owner = acting ? state.troopers[acting]?.ownerSeatId : undefined;
    const sender = (owner && bySeat.get(owner)) || gm;
    const answer = await sender.command(command);
    if (answer.type !== 'ack') break;
  }
  await Promise.all([a.close(), b.close()]);
  return { table, gm };
}

async function exportOf(base: string, tableId: string, token: string): Promise<ExportFile> {
  const r = await http<ExportFile>(base, 'GET', `/api/tables/${tableId}/export`, undefined, {
    authorization: `Bearer ${token}`,
  });
  expect(r.status).toBe(200);
  return r.body;
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`campaign import on ${backend.name}`, () => {
    let source: Awaited<ReturnType<typeof serverOn>>;
    let target: Awaited<ReturnType<typeof serverOn>>;
    let original: ExportFile;
    let originalGmView: unknown;

    beforeAll(async () => {
      source = await serverOn(backend);
      const { table, gm } = await playCampaign(source.server.url);
      original = await exportOf(source.server.url, table.tableId, table.gm.token);
      originalGmView = gm.lastView();
      await gm.close();
      target = await serverOn(backend);
    }, 60_000);
    afterAll(async () => {
      await source?.close();
      await target?.close();
    });

    let imported: ImportTableResponse;

    it('imports an export into a fresh server: same events, same state, fresh seats', async () => {
      expect(original.events.length).toBeGreaterThan(15);
      const r = await http<ImportTableResponse>(target.server.url, 'POST', '/api/tables/import', original);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      imported = r.body;
      expect(imported.tableId).not.toBe(original.table.tableId);
      expect(imported.headSeq).toBe(original.events.length);
      expect(imported.stateHash).toBe(original.stateHash);
      expect(imported.name).toBe('Friday drop');
      // The GM and both players and the spectator, each with a new 192-bit token and link.
      expect(imported.gm.role).toBe('gm');
      expect(imported.seats.map((s) => [s.role, s.name])).toEqual([
        ['player', 'Alice'],
        ['player', 'Bob'],
        ['spectator', 'Spectator'],
      ]);
      for (const s of [imported.gm, ...imported.seats]) {
        expect(s.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(s.url).toBe(`/t/${imported.tableId}#token=${s.token}`);
      }
      expect(new Set([imported.gm, ...imported.seats].map((s) => s.token)).size).toBe(4);

      // Its export is the original's log event for event (seqs, times, seats, command ids).
      const again = await exportOf(target.server.url, imported.tableId, imported.gm.token);
      expect(again.events).toEqual(original.events);
      expect(again.stateHash).toBe(original.stateHash);
      expect(again.table.tableId).toBe(imported.tableId);

      // The server's own state (what it shows the GM) is the original's.
      const gm = await TestClient.open(target.server.url, imported.tableId, imported.gm.token);
      expect(gm.envelopes).toHaveLength(original.events.length);
      expect(canonicalJson(gm.lastView())).toBe(canonicalJson(originalGmView));
      await gm.close();
    });

    it('a reclaimed player seat plays on over the WebSocket; old tokens and codes open nothing', async () => {
      const base = target.server.url;
      const alice = imported.seats.find((s) => s.name === 'Alice');
      if (!alice) throw new Error('no Alice');
      const gm = await TestClient.open(base, imported.tableId, imported.gm.token);
      const a = await TestClient.open(base, imported.tableId, alice.token);
      const welcome = a.messages.find((m) => m.type === 'welcome');
      expect(welcome).toMatchObject({ seat: { seatId: alice.seatId, role: 'player', name: 'Alice' } });
      // Her numbers count only what she sees: the GM note is not one of them.
      const hers = a.envelopes.length;
      expect(a.lastSeq).toBe(hers);
      expect(hers).toBeLessThan(imported.headSeq);
      const ack = await a.command({ type: 'chat.say', text: 'back in the fight' });
      expect(ack).toMatchObject({ type: 'ack', seq: hers + 1 });
      await gm.caughtUp(imported.headSeq + 1);
      expect(gm.envelopes.at(-1)).toMatchObject({ by: alice.seatId, event: { type: 'chat.said' } });
      // The player's view hides what it hid before: the GM note never reaches her.
      expect(a.raw.join('\n')).not.toContain('they will not see this');
      // A new invite works; the table's new codes are not the old server's.
      const joined = await http(base, 'POST', `/api/tables/${imported.tableId}/join`, {
        inviteCode: imported.invite.code,
        name: 'Drake',
      });
      expect(joined.status).toBe(201);
      await Promise.all([a.close(), gm.close()]);
    });

    it('imports into the server it came from as a second table, the first one untouched', async () => {
      const base = source.server.url;
      const r = await http<ImportTableResponse>(base, 'POST', '/api/tables/import', original);
      expect(r.status).toBe(201);
      // Same seat ids at two tables, each opened only by its own table's tokens.
      const copy = await exportOf(base, r.body.tableId, r.body.gm.token);
      expect(copy.events).toEqual(original.events);
      const cross = await http(base, 'GET', `/api/tables/${original.table.tableId}/export`, undefined, {
        authorization: `Bearer ${r.body.gm.token}`,
      });
      expect(cross.status).toBe(401);
      const gm = await TestClient.open(base, r.body.tableId, r.body.gm.token);
      expect(gm.lastSeq).toBe(original.events.length);
      await gm.close();
    });

    it('refuses bad files with their codes and creates nothing', async () => {
      const base = target.server.url;
      const before = [...target.writes];
      const post = (body: unknown) =>
        http<{ error: { code: string; message: string } }>(base, 'POST', '/api/tables/import', body);

      const malformed = await post('{"table": {');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.code).toBe('BAD_JSON');

      const notAFile = await post({ hello: 'world' });
      expect(notAFile.status).toBe(400);
      expect(notAFile.body.error.code).toBe('IMPORT_INVALID');
      expect(notAFile.body.error.message).toMatch(/table/);

      const unknown = await post({ ...original, table: { ...original.table, system: 'monopoly' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe('UNKNOWN_SYSTEM');

      // A log that does not replay: a gap in the seqs, an event the rules do not know, a seat
      // acting before it joined, a changed event whose state no longer matches the hash.
      const gap = { ...original, events: original.events.filter((e) => e.seq !== 5) };
      const strange = {
        ...original,
        events: original.events.map((e) =>
          e.seq === 7 ? { ...e, event: { type: 'trooper.teleported' } } : e,
        ),
      };
      const early = {
        ...original,
        events: original.events.map((e) => (e.seq === 1 ? { ...e, by: 'sNobody', commandId: 'c1' } : e)),
      };
      const tampered = {
        ...original,
        events: original.events.map((e) =>
          e.event.type === 'chat.said' ? { ...e, event: { ...e.event, text: 'edited' } } : e,
        ),
      };
      for (const [bad, pattern] of [
        [gap, /seq/],
        [strange, /trooper\.teleported/],
        [early, /sNobody/],
      ] as const) {
        const r = await post(bad);
        expect(r.status).toBe(400);
        expect(r.body.error.code).toBe('IMPORT_INVALID');
        expect(r.body.error.message).toMatch(pattern);
      }
      // A log that replays cleanly to another state (changed rules, or an edit) asks first.
      const changed = await post(tampered);
      expect(changed.status).toBe(409);
      expect(changed.body.error.code).toBe('IMPORT_RULES_CHANGED');
      expect(changed.body.error.message).toMatch(/rules changed/);
      expect(changed.body.error).toMatchObject({ details: { expected: original.stateHash } });
      const badQuery = await http<{ error: { code: string } }>(
        base,
        'POST',
        '/api/tables/import?acceptRulesChange=yes',
        tampered,
      );
      expect(badQuery.status).toBe(400);
      expect(badQuery.body.error.code).toBe('BAD_REQUEST');

      // Over the cap: refused before it is read.
      const big = `{"table":{"system":"three-sixteen","name":"x"},"events":[],"pad":"${'x'.repeat(MAX_CAMPAIGN_BYTES)}"}`;
      const oversize = await post(big);
      expect(oversize.status).toBe(413);
      expect(oversize.body.error.code).toBe('IMPORT_TOO_LARGE');

      expect(target.writes).toEqual(before);
    });

    it('refuses a tampered event the view would choke on at its seq, and creates nothing', async () => {
      const base = target.server.url;
      const before = [...target.writes];
      // A seat's event that evolve keeps without complaint but that the view (its pending
      // decisions) chokes on: the event's schema refuses it first (the view check, for what the
      // schemas let through, is in campaign-file.test.ts).
      const last = original.events.at(-1);
      const by = original.events.find((e) => e.by !== null)?.by;
      if (!last || !by) throw new Error('the export has no seat command');
      const { stateHash: _unused, ...unhashed } = original;
      const broken = {
        ...unhashed,
        events: [
          ...original.events,
          {
            seq: last.seq + 1,
            at: last.at,
            by,
            commandId: 'probe-1',
            event: { type: 'encounter.started', tokens: 'lots' },
          },
        ],
      };
      const r = await http<{ error: { code: string; message: string; details?: unknown } }>(
        base,
        'POST',
        '/api/tables/import',
        broken,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.code).toBe('IMPORT_INVALID');
      expect(r.body.error.message).toMatch(/encounter\.started\) does not fit its schema: tokens/);
      expect(r.body.error.details).toMatchObject({ seq: last.seq + 1 });
      expect(target.writes).toEqual(before);
    });

    it('refuses an event nested thousands deep with IMPORT_INVALID naming it, not a stack overflow', async () => {
      const base = target.server.url;
      const before = [...target.writes];
      const last = original.events.at(-1);
      if (!last) throw new Error('empty export');
      const { stateHash: _unused, ...unhashed } = original;
      const file = {
        ...unhashed,
        events: [
          ...original.events,
          {
            seq: last.seq + 1,
            at: last.at,
            by: null,
            commandId: null,
            event: { type: 'narration', actor: 'gm', text: 'DEEP', secret: false },
          },
        ],
      };
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      const r = await http<{ error: { code: string; message: string } }>(
        base,
        'POST',
        '/api/tables/import',
        JSON.stringify(file).replace('"DEEP"', deep),
      );
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.code).toBe('IMPORT_INVALID');
      expect(r.body.error.message).toBe(
        `event ${last.seq + 1} (narration) nests arrays and objects deeper than 64 levels`,
      );
      expect(target.writes).toEqual(before);
    });

    it('refuses a __proto__ key saying so, not that the body is not JSON', async () => {
      const base = target.server.url;
      const before = [...target.writes];
      const text = JSON.stringify(original).replace('"event":{', '"event":{"__proto__":{"polluted":true},');
      const r = await http<{ error: { code: string; message: string } }>(
        base,
        'POST',
        '/api/tables/import',
        text,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.code).toBe('BAD_REQUEST');
      expect(r.body.error.message).toMatch(/"__proto__" key \(in events\[0\]\.event\)/);
      expect(r.body.error.message).not.toMatch(/not JSON/);
      expect(target.writes).toEqual(before);
    });

    it('takes a log that replays to another state when asked to, and says so', async () => {
      const base = target.server.url;
      const edited = {
        ...original,
        events: original.events.map((e) =>
          e.event.type === 'chat.said' ? { ...e, event: { ...e.event, text: 'edited' } } : e,
        ),
      };
      const r = await http<ImportTableResponse>(
        base,
        'POST',
        '/api/tables/import?acceptRulesChange=true',
        edited,
      );
      expect(r.status).toBe(201);
      expect(r.body.rulesChanged).toBe(true);
      expect(r.body.headSeq).toBe(original.events.length);
      expect(r.body.stateHash).not.toBe(original.stateHash);
      // The new table is today's replay: its own export carries the new hash and imports plainly.
      const again = await exportOf(base, r.body.tableId, r.body.gm.token);
      expect(again.stateHash).toBe(r.body.stateHash);
      const plain = await http<ImportTableResponse>(base, 'POST', '/api/tables/import', again);
      expect(plain.status).toBe(201);
      expect(plain.body.rulesChanged).toBe(false);
    });
  });
}
