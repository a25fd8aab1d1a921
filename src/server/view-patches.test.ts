import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../engine/replay.ts';
import type { Seat } from '../engine/ruleset.ts';
import { threeSixteen } from '../rules/three-sixteen/ruleset.ts';
import type { ThreeSixteenState } from '../rules/three-sixteen/state.ts';
import type { RunningServer } from './app.ts';
import type { CreateTableResponse, SeatTokenResponse, ServerMessage } from './protocol.ts';
import { registryRules } from './rules-registry.ts';
import { backends } from './test-backends.ts';
import {
  createTable,
  GENEROUS_LIMITS,
  http,
  join,
  serverOn,
  spectate,
  TestClient,
  threeSixteenTable,
} from './test-kit.ts';

/**
 * Views go out whole after a (re)connect, then as patches on the view each socket holds. On every
 * backend, over a 3:16 game with secrets: the view a GM, a player and a spectator rebuild from
 * what they receive is exactly the ruleset's view of the table for that seat, a reconnect gets a
 * whole view, and no frame (whole or patch) carries a secret the seat may not see.
 */

type Frame = ServerMessage & { readonly type: 'view' | 'viewPatch' };
const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The table's state, replayed from the GM's export of the whole log. */
async function tableState(base: string, table: CreateTableResponse): Promise<ThreeSixteenState> {
  const r = await http<{ events: { event: Parameters<typeof threeSixteen.evolve>[1] }[] }>(
    base,
    'GET',
    `/api/tables/${table.tableId}/export`,
    undefined,
    { authorization: `Bearer ${table.gm.token}` },
  );
  expect(r.status).toBe(200);
  return replay(
    threeSixteen,
    {},
    r.body.events.map((e) => e.event),
  );
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`view patches on ${backend.name}`, () => {
    let server: RunningServer;
    let table: CreateTableResponse;
    let alice: SeatTokenResponse;
    let watcher: SeatTokenResponse;
    let gm: TestClient;
    let a: TestClient;
    let w: TestClient;
    let seats: [TestClient, Seat][];
    const secrets = ['SECRET-note-the-colonel-lies', 'SECRET-line-ambush', 'SECRET-scene-hive'];

    beforeAll(async () => {
      server = await serverOn(backend, { rules: registryRules(), limits: GENEROUS_LIMITS });
      table = await createTable(server.url, 'three-sixteen', 'Patched');
      alice = await join(server.url, table, 'Alice');
      watcher = await spectate(server.url, table);
      gm = await TestClient.open(server.url, table.tableId, table.gm.token);
      a = await TestClient.open(server.url, table.tableId, alice.token);
      w = await TestClient.open(server.url, table.tableId, watcher.token);
      seats = [
        [gm, { seatId: table.gm.seatId, role: 'gm' }],
        [a, { seatId: alice.seatId, role: 'player' }],
        [w, { seatId: watcher.seatId, role: 'spectator' }],
      ];
    });
    afterAll(async () => {
      await Promise.all([gm, a, w].map((c) => c?.close()));
      await server?.close();
    });

    it('rebuilds each seat’s view from patches, equal to the ruleset’s view, with no secret in any frame', async () => {
      const steps: [TestClient, Record<string, unknown>][] = [
        [gm, { type: 'createTrooper', ownerSeatId: alice.seatId, name: 'Ann', fa: 5, nfa: 5 }],
        [gm, { type: 'gmNote', text: secrets[0] }],
        [a, { type: 'chat.say', text: 'Ready when you are.' }],
        [gm, { type: 'narrate', text: secrets[1], secret: true }],
        [gm, { type: 'narrate', text: 'The dropship shudders.' }],
        [a, { type: 'chat.roll', notation: '2d6', visibility: 'gm' }],
        [gm, { type: 'setPlanet', name: 'Kalta', aa: 5 }],
        [gm, { type: 'briefMission', text: 'Clear the ridge.' }],
        [gm, { type: 'addScene', text: secrets[2], secret: true }],
        [gm, { type: 'addScene', text: 'A ruined outpost.' }],
        ...Array.from({ length: 6 }, (_, i): [TestClient, Record<string, unknown>] => [
          i % 2 ? a : gm,
          { type: 'chat.say', text: `line ${i}` },
        ]),
      ];
      // Each seat numbers only the events it sees: a secret step moves the GM's numbers alone.
      const heads = new Map<TestClient, number>([gm, a, w].map((c) => [c, c.viewSeq]));
      for (const [client, command] of steps) {
        const before = heads.get(gm) as number;
        const outcome = await client.command(command);
        expect(outcome, JSON.stringify(command)).toMatchObject({ type: 'ack' });
        const secret = secrets.includes(String(command.text));
        if (client === gm) heads.set(gm, outcome.type === 'ack' ? outcome.seq : 0);
        else await gm.caughtUp(before + 1);
        const added = client === gm ? (heads.get(gm) as number) - before : gm.lastSeq - before;
        if (client !== gm) heads.set(gm, gm.lastSeq);
        for (const c of [a, w]) if (!secret) heads.set(c, (heads.get(c) as number) + added);
        await Promise.all([gm, a, w].map((c) => c.viewAt(heads.get(c) as number)));
        const state = await tableState(server.url, table);
        for (const [c, seat] of seats) {
          expect(c.viewErrors, seat.role).toEqual([]);
          expect(c.viewSeq, seat.role).toBe(heads.get(c));
          expect(c.view, `${seat.role} after ${command.type}`).toEqual(wire(threeSixteen.view(state, seat)));
        }
      }

      for (const [c, seat] of seats) {
        const frames = c.messages.filter((m): m is Frame => m.type === 'view' || m.type === 'viewPatch');
        // One whole view (after hello), then only patches: each command changed a few fields.
        expect(frames[0]?.type, seat.role).toBe('view');
        expect(
          frames.slice(1).every((f) => f.type === 'viewPatch'),
          seat.role,
        ).toBe(true);
        expect(frames.length, seat.role).toBeGreaterThan(steps.length / 2);
      }
      // The last patch is a small part of what the whole view would have been.
      const lastPatch = [...a.raw].reverse().find((f) => f.startsWith('{"type":"viewPatch"')) ?? '';
      expect(lastPatch.length * 4).toBeLessThan(JSON.stringify(a.view).length);

      // Hidden information: the player's and the spectator's frames never hold a secret.
      for (const c of [a, w])
        for (const s of secrets)
          expect(
            c.raw.some((f) => f.includes(s)),
            s,
          ).toBe(false);
      // The GM's do (so the scan above would see them if they leaked).
      for (const s of secrets)
        expect(
          gm.raw.some((f) => f.includes(s)),
          s,
        ).toBe(true);
    });

    it('gives a reconnecting socket a whole view, then patches on it', async () => {
      const again = await TestClient.open(server.url, table.tableId, alice.token, a.lastSeq);
      const first = again.messages.find((m): m is Frame => m.type === 'view' || m.type === 'viewPatch');
      expect(first?.type).toBe('view');
      expect(again.view).toEqual(a.view);
      // Alice's own numbering: one public line more than she held.
      const seq = again.lastSeq + 1;
      expect(await gm.command({ type: 'chat.say', text: 'welcome back' })).toMatchObject({ type: 'ack' });
      await Promise.all([again.viewAt(seq), a.viewAt(seq)]);
      expect(again.messages.at(-1)).toMatchObject({ type: 'viewPatch', seq });
      expect(again.viewErrors).toEqual([]);
      expect(again.view).toEqual(a.view);
      const state = await tableState(server.url, table);
      expect(again.view).toEqual(wire(threeSixteen.view(state, { seatId: alice.seatId, role: 'player' })));
      for (const s of secrets)
        expect(
          again.raw.some((f) => f.includes(s)),
          s,
        ).toBe(false);
      await again.close();
    });
  });
}

describe('a seat whose acting role changes', () => {
  it('gets a whole view for its new role, then patches on that', async () => {
    const t = await threeSixteenTable('Rota patches');
    try {
      const gm = await TestClient.open(t.server.url, t.table.tableId, t.table.gm.token);
      const b = await TestClient.open(t.server.url, t.table.tableId, t.bob.token);
      // Bob's own numbering: the GM's acks count the note he may not see.
      let gmHead = gm.lastSeq;
      let bobHead = b.lastSeq;
      const ok = async (command: Record<string, unknown>, secret = false) => {
        const outcome = await gm.command(command);
        expect(outcome, JSON.stringify({ command, outcome })).toMatchObject({ type: 'ack' });
        const seq = outcome.type === 'ack' ? outcome.seq : 0;
        if (!secret) bobHead += seq - gmHead;
        gmHead = seq;
        await b.viewAt(bobHead);
        return bobHead;
      };
      await ok({ type: 'createTrooper', ownerSeatId: t.alice.seatId, name: 'Ann', fa: 5, nfa: 5 });
      await ok({ type: 'createTrooper', ownerSeatId: t.bob.seatId, name: 'Ben', fa: 5, nfa: 5 });
      await ok({ type: 'gmNote', text: 'SECRET-before-the-rota' }, true);
      await ok({ type: 'setPlanet', name: 'First', aa: 5 });
      await ok({ type: 'briefMission', text: '' });
      await ok({ type: 'endMission' });
      const asPlayer = b.messages.length;
      await ok({ type: 'debrief' });
      // Mission 1 is debriefed: Bob runs mission 2 from the moment he is named (he makes its planet).
      const named = await ok({ type: 'setMissionGm', seatId: t.bob.seatId });
      const frames = b.messages
        .slice(asPlayer)
        .filter((m): m is Frame => m.type === 'view' || m.type === 'viewPatch');
      // As a player: a patch; acting as the mission's GM: the whole GM view.
      expect(frames.map((f) => f.type)).toEqual(['viewPatch', 'view']);
      expect(frames[1]).toMatchObject({ seq: named, view: { actingRole: 'gm' } });
      const seq = await ok({ type: 'narrate', text: 'The second drop.' });
      expect(b.messages.at(-1)).toMatchObject({ type: 'viewPatch', baseSeq: named, seq });
      expect(b.viewErrors).toEqual([]);
      const state = await tableState(t.server.url, t.table);
      expect(b.view).toEqual(wire(threeSixteen.view(state, { seatId: t.bob.seatId, role: 'player' })));
      await Promise.all([gm.close(), b.close()]);
    } finally {
      await t.close();
    }
  });
});
