import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatHead, TestClient, threeSixteenTable } from './test-kit.ts';

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

  it("gets GM commands and the GM view for that mission only, without the other GM's secrets", async () => {
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
    // Bob is a player until he is named for the next mission.
    expect(await b.command({ type: 'setMissionGm', seatId: t.bob.seatId })).toMatchObject({
      type: 'rejected',
      code: 'FORBIDDEN_ROLE',
    });
    await ok(gm, { type: 'setMissionGm', seatId: t.bob.seatId });
    // The levels of mission 1 come before the next planet: of two PCs, both gain one (the top killer
    // and the best of the rest); at level 10 the player picks the Flashback kind.
    await ok(gm, { type: 'rollLevels' });
    await ok(gm, { type: 'takeLevel', trooperId: 't1', ability: 'nfa', slot: 'strength' });
    await ok(gm, { type: 'takeLevel', trooperId: 't2', ability: 'nfa', slot: 'strength' });
    // Named once mission 1 is debriefed, Bob makes mission 2's planet himself.
    await ok(b, { type: 'setPlanet', name: 'Second', aa: 5 });
    await ok(b, { type: 'briefMission', text: 'Ben runs this one.' });
    await ok(b, { type: 'gmNote', text: 'MARKER-bob-plans-an-ambush' });
    // The stand-in may send GM commands, so a malformed one is told what is wrong with it; a
    // player may not send them at all, and is told that rather than the fields' faults.
    expect(await b.command({ type: 'gmNote' })).toMatchObject({ type: 'rejected', code: 'BAD_COMMAND' });
    expect(await a.command({ type: 'gmNote' })).toMatchObject({
      type: 'rejected',
      code: 'FORBIDDEN_ROLE',
      details: { role: 'player', command: 'gmNote' },
    });
    await ok(b, { type: 'addScene', text: 'MARKER-bob-secret-scene', secret: true });
    await ok(gm, { type: 'addScene', text: 'MARKER-gm-secret-scene', secret: true });
    await ok(gm, { type: 'narrate', text: 'MARKER-gm-secret-line', secret: true });
    await ok(b, { type: 'startEncounter', tokens: 2 });
    const seq = (await b.command({ type: 'gmEndEncounter' })) as { type: 'ack'; seq: number };
    expect(seq.type).toBe('ack');
    // Bob's ack is in his own numbering; Alice and the GM see other events, so other numbers.
    await b.caughtUp(seq.seq);
    await a.caughtUp(await seatHead(t.server.url, t.table.tableId, t.alice.token));
    await gm.caughtUp(await seatHead(t.server.url, t.table.tableId, t.table.gm.token));
    const bobView = b.lastView() as {
      actingRole: string;
      gmNotes: { text: string }[];
      mission: { scenes: { text: string }[] };
    };
    expect(bobView.actingRole).toBe('gm');
    // The stand-in GM gets its own secrets but not the table GM's: not the note from before, nor
    // the secret scene and line the table GM added during Bob's mission, in any frame.
    expect(bobView.gmNotes.map((n) => n.text)).toEqual(['MARKER-bob-plans-an-ambush']);
    expect(bobView.mission.scenes.map((s) => s.text)).toEqual(['MARKER-bob-secret-scene']);
    for (const secret of ['MARKER-the-colonel-lies', 'MARKER-gm-secret-scene', 'MARKER-gm-secret-line'])
      expect(b.raw.some((frame) => frame.includes(secret))).toBe(false);
    // The table's GM sees everyone's.
    const gmView = gm.lastView() as { gmNotes: { text: string }[]; log: { text: string }[] };
    expect(gmView.gmNotes.map((n) => n.text)).toEqual([
      'MARKER-the-colonel-lies',
      'MARKER-bob-plans-an-ambush',
    ]);
    expect(gmView.log.map((l) => l.text)).toContain('MARKER-gm-secret-line');
    // A reconnecting stand-in catches up on the whole log, redacted the same way.
    const b2 = await TestClient.open(t.server.url, t.table.tableId, t.bob.token);
    await b2.caughtUp(seq.seq);
    expect(b2.raw.some((frame) => frame.includes('MARKER-bob-plans-an-ambush'))).toBe(true);
    for (const secret of ['MARKER-the-colonel-lies', 'MARKER-gm-secret-scene', 'MARKER-gm-secret-line'])
      expect(b2.raw.some((frame) => frame.includes(secret))).toBe(false);
    await b2.close();
    expect((a.lastView() as { actingRole: string }).actingRole).toBe('player');
    // Alice never receives any GM's note or secret in any frame.
    for (const secret of ['MARKER-the-colonel-lies', 'MARKER-bob-plans-an-ambush', 'MARKER-bob-secret-scene'])
      expect(a.raw.some((frame) => frame.includes(secret))).toBe(false);
    // Alice is still a player: GM commands are refused.
    expect(await a.command({ type: 'gmNote', text: 'mine' })).toMatchObject({
      type: 'rejected',
      code: 'FORBIDDEN_ROLE',
    });
    // Once his mission is debriefed the chair goes back (nobody is named for mission 3).
    await ok(b, { type: 'endMission' });
    await ok(b, { type: 'debrief' });
    await ok(gm, { type: 'setMissionGm', seatId: null });
    // Mission 2: Ann, its only PC, gains the level; Bob's trooper takes its GM's reward instead.
    await ok(gm, { type: 'rollLevels' });
    await ok(gm, { type: 'takeLevel', trooperId: 't1', ability: 'nfa' });
    await ok(gm, { type: 'takeGmReward', trooperId: 't2', reward: { kind: 'level', ability: 'nfa' } });
    await ok(gm, { type: 'setPlanet', name: 'Third', aa: 5 });
    expect(await b.command({ type: 'briefMission', text: 'mine' })).toMatchObject({
      type: 'rejected',
      code: 'FORBIDDEN_ROLE',
    });
    expect(await b.command({ type: 'briefMission', text: 42 })).toMatchObject({
      type: 'rejected',
      code: 'FORBIDDEN_ROLE',
    });
    await gm.close();
    await a.close();
    await b.close();
  });
  it('a seat whose acting role changed since its last socket resumes from nothing, not from a number of the other role', async () => {
    const u = await threeSixteenTable('Rota again');
    try {
      const url = u.server.url;
      const gm = await TestClient.open(url, u.table.tableId, u.table.gm.token);
      const ok = async (client: TestClient, command: Record<string, unknown>) => {
        expect(await client.command(command), JSON.stringify(command)).toMatchObject({ type: 'ack' });
      };
      await ok(gm, { type: 'createTrooper', ownerSeatId: u.alice.seatId, name: 'Ann', fa: 5, nfa: 5 });
      await ok(gm, { type: 'createTrooper', ownerSeatId: u.bob.seatId, name: 'Ben', fa: 5, nfa: 5 });
      await ok(gm, { type: 'setPlanet', name: 'First', aa: 5 });
      await ok(gm, { type: 'briefMission', text: '' });
      await ok(gm, { type: 'endMission' });
      await ok(gm, { type: 'debrief' });
      await ok(gm, { type: 'setMissionGm', seatId: u.bob.seatId });
      await ok(gm, { type: 'rollLevels' });
      await ok(gm, { type: 'takeLevel', trooperId: 't1', ability: 'nfa', slot: 'strength' });
      await ok(gm, { type: 'takeLevel', trooperId: 't2', ability: 'nfa', slot: 'strength' });
      // Bob runs mission 2 and writes a note only its GM sees: his numbers count it.
      const asGm = await TestClient.open(url, u.table.tableId, u.bob.token);
      await ok(asGm, { type: 'setPlanet', name: 'Second', aa: 5 });
      await ok(asGm, { type: 'gmNote', text: 'MARKER-stand-in-note' });
      await asGm.caughtUp(await seatHead(url, u.table.tableId, u.bob.token));
      const held = asGm.envelopes.length;
      await asGm.close();
      // The chair goes back: a player again, he no longer counts his note.
      await ok(gm, { type: 'briefMission', text: '' });
      await ok(gm, { type: 'endMission' });
      await ok(gm, { type: 'debrief' });
      await ok(gm, { type: 'setMissionGm', seatId: null });
      const fresh = await TestClient.open(url, u.table.tableId, u.bob.token);
      expect(fresh.raw.some((frame) => frame.includes('MARKER-stand-in-note'))).toBe(false);
      const resumed = await TestClient.open(url, u.table.tableId, u.bob.token, held);
      const welcome = resumed.messages.find((m) => m.type === 'welcome');
      // His lastSeq counts what a player saw: the server says so and sends the log from the start.
      expect(welcome).toMatchObject({ type: 'welcome', restart: true });
      await resumed.caughtUp(fresh.envelopes.length);
      expect(resumed.envelopes).toEqual(fresh.envelopes);
      // Alice, numbered here only as a player, resumes where she was.
      const alice = await TestClient.open(url, u.table.tableId, u.alice.token);
      await alice.close();
      const again = await TestClient.open(url, u.table.tableId, u.alice.token, alice.envelopes.length);
      expect(again.messages.find((m) => m.type === 'welcome')).not.toHaveProperty('restart');
      expect(again.envelopes).toEqual([]);
      await Promise.all([gm.close(), fresh.close(), resumed.close(), again.close()]);
    } finally {
      await u.close();
    }
  });
});
