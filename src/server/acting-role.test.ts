import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, threeSixteenTable } from './test-kit.ts';

/**
 * A ruleset may change the role a seat acts with (3:16's rotating GM): the server must check
 * commands, build views and redact events with that role, read from the table's current state —
 * and only for as long as the game says so.
 */

describe('a player seat running a 3:16 mission as its GM', () => {
  let t: Awaited<ReturnType<typeof threeSixteenTable>>;
  beforeAll(async () => {
    t = await threeSixteenTable('Rota');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gets GM commands and the GM view for that mission only', async () => {
    const gm = await TestClient.open(t.server.url, t.table.tableId, t.table.gm.token);
    const a = await TestClient.open(t.server.url, t.table.tableId, t.alice.token);
    const b = await TestClient.open(t.server.url, t.table.tableId, t.bob.token);
    const ok = async (client: TestClient, command: Record<string, unknown>) => {
      const outcome = await client.command(command);
      expect(outcome, JSON.stringify(command)).toMatchObject({ type: 'ack' });
    };
    await ok(gm, { type: 'createTrooper', ownerSeatId: t.alice.seatId, name: 'Ann', fa: 5, nfa: 5 });
    await ok(gm, { type: 'createTrooper', ownerSeatId: t.bob.seatId, name: 'Ben', fa: 5, nfa: 5 });
    await ok(gm, { type: 'gmNote', text: 'MARKER-the-colonel-lies' });
    await ok(gm, { type: 'setPlanet', name: 'First', aa: 5 });
    await ok(gm, { type: 'briefMission', text: '' });
    await ok(gm, { type: 'endMission' });
    await ok(gm, { type: 'debrief' });
    // Bob is a player until the mission he runs is under way.
    expect(await b.command({ type: 'setMissionGm', seatId: t.bob.seatId })).toMatchObject({
      type: 'rejected',
      code: 'FORBIDDEN_ROLE',
    });
    await ok(gm, { type: 'setMissionGm', seatId: t.bob.seatId });
    await ok(gm, { type: 'setPlanet', name: 'Second', aa: 5 });
    await ok(b, { type: 'briefMission', text: 'Ben runs this one.' });
    await ok(b, { type: 'startEncounter', tokens: 2 });
    const seq = (await b.command({ type: 'gmEndEncounter' })) as { type: 'ack'; seq: number };
    expect(seq.type).toBe('ack');
    await a.caughtUp(seq.seq);
    await b.caughtUp(seq.seq);
    const bobView = b.lastView() as { actingRole: string; gmNotes: { text: string }[] };
    expect(bobView.actingRole).toBe('gm');
    expect(bobView.gmNotes.map((n) => n.text)).toContain('MARKER-the-colonel-lies');
    expect((a.lastView() as { actingRole: string }).actingRole).toBe('player');
    // Alice never receives the GM's note in any frame.
    expect(a.raw.some((frame) => frame.includes('MARKER-the-colonel-lies'))).toBe(false);
    // Alice is still a player: GM commands are refused.
    expect(await a.command({ type: 'gmNote', text: 'mine' })).toMatchObject({
      type: 'rejected',
      code: 'FORBIDDEN_ROLE',
    });
    // The table's GM names nobody for mission 3: once it is briefed, Bob is a player again.
    await ok(b, { type: 'endMission' });
    await ok(b, { type: 'debrief' });
    await ok(gm, { type: 'setMissionGm', seatId: null });
    await ok(gm, { type: 'setPlanet', name: 'Third', aa: 5 });
    expect(await b.command({ type: 'briefMission', text: 'mine' })).toMatchObject({
      type: 'rejected',
      code: 'FORBIDDEN_ROLE',
    });
    await gm.close();
    await a.close();
    await b.close();
  });
});
