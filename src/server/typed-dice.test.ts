import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPED_DICE_MARK } from '../engine/ruleset.ts';
import { http, TestClient, threeSixteenTable } from './test-kit.ts';

/**
 * Typed faces (a real table's dice) decide only the typist's own rolls: when a player's command
 * makes the engine roll for others too (a Dominance roll-off with the aliens), those dice come
 * from the table. The GM, who runs the table, may type in every die.
 */

describe('dice typed in by a player', () => {
  let t: Awaited<ReturnType<typeof threeSixteenTable>>;
  beforeAll(async () => {
    t = await threeSixteenTable('Typed dice');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('roll only the typist’s own dice; a roll-off with the aliens is the table’s', async () => {
    const gm = await TestClient.open(t.server.url, t.table.tableId, t.table.gm.token);
    const a = await TestClient.open(t.server.url, t.table.tableId, t.alice.token);
    const b = await TestClient.open(t.server.url, t.table.tableId, t.bob.token);
    const ok = async (client: TestClient, command: Record<string, unknown>, dice?: number[]) => {
      const outcome = await client.command(command, dice ? { dice } : {});
      expect(outcome, JSON.stringify(command)).toMatchObject({ type: 'ack' });
      return outcome as { type: 'ack'; seq: number };
    };
    await ok(gm, { type: 'createTrooper', ownerSeatId: t.alice.seatId, name: 'Ann', fa: 5, nfa: 5 });
    await ok(gm, { type: 'createTrooper', ownerSeatId: t.bob.seatId, name: 'Ben', fa: 5, nfa: 5 });
    await ok(gm, { type: 'setPlanet', name: 'Testworld', aa: 5 });
    await ok(gm, { type: 'briefMission', text: '' });
    await ok(gm, { type: 'startEncounter', tokens: 2 });
    await ok(b, { type: 'rollDominance', actor: 't2' }, [2]);
    // The GM types the aliens' die.
    await ok(gm, { type: 'rollDominance', actor: 'aliens' }, [3]);
    // Ann ties the aliens' 3. Faces for the roll-off are not hers to type: refused, nothing stored.
    const refused = await a.command({ type: 'rollDominance', actor: 't1' }, { dice: [3, 10, 1] });
    expect(refused).toMatchObject({ type: 'rejected', code: 'DICE_UNUSED', details: { used: 1 } });
    const done = await ok(a, { type: 'rollDominance', actor: 't1' }, [3]);
    await gm.caughtUp(done.seq);
    const resolved = gm.envelopes.find((e) => e.event.type === 'dominance.resolved')?.event as
      | { tieBreaks: { actor: string; face: number }[] }
      | undefined;
    // The table's dice roll the tie-break, again while they tie (so one pair or more).
    const breaks = resolved?.tieBreaks ?? [];
    expect(breaks.length).toBeGreaterThanOrEqual(2);
    expect(breaks.length % 2).toBe(0);
    for (let i = 0; i < breaks.length; i += 2)
      expect(breaks.slice(i, i + 2).map((t) => t.actor)).toEqual(['t1', 'aliens']);
    const [last, lastAliens] = breaks.slice(-2);
    expect(last?.face).not.toBe(lastAliens?.face);
  });
});

/**
 * Typed faces are marked in the log by the hub, so the log can show them apart from the table's
 * digital dice; a seat cannot set the mark, and an export with it imports again (the mark is the
 * server's, not part of any ruleset's event schema).
 */
describe('the typed-dice mark', () => {
  let t: Awaited<ReturnType<typeof threeSixteenTable>>;
  beforeAll(async () => {
    t = await threeSixteenTable('Typed mark');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is set by the hub on a command with typed faces only, survives export and import', async () => {
    const gm = await TestClient.open(t.server.url, t.table.tableId, t.table.gm.token);
    const a = await TestClient.open(t.server.url, t.table.tableId, t.alice.token);
    const typed = await a.command(
      { type: 'chat.roll', notation: '2d6', label: 'real dice' },
      { dice: [3, 4] },
    );
    expect(typed).toMatchObject({ type: 'ack' });
    const digital = await a.command({ type: 'chat.roll', notation: '2d6' });
    expect(digital).toMatchObject({ type: 'ack' });
    // A seat cannot put the mark in a command: commands are strict.
    const forged = await a.command({ type: 'chat.roll', notation: '2d6', [TYPED_DICE_MARK]: true });
    expect(forged).toMatchObject({ type: 'rejected', code: 'BAD_COMMAND' });
    await gm.caughtUp((digital as { seq: number }).seq);
    const rolls = gm.envelopes.filter((e) => e.event.type === 'chat.rolled').map((e) => e.event);
    expect(rolls).toHaveLength(2);
    expect(rolls[0]).toMatchObject({ [TYPED_DICE_MARK]: true, result: { total: 7 } });
    expect(rolls[1]).not.toHaveProperty(TYPED_DICE_MARK);

    const exported = await http<{ events: { event: Record<string, unknown>; by: string | null }[] }>(
      t.server.url,
      'GET',
      `/api/tables/${t.table.tableId}/export`,
      undefined,
      { authorization: `Bearer ${t.table.gm.token}` },
    );
    expect(exported.status).toBe(200);
    expect(exported.body.events.filter((e) => e.event[TYPED_DICE_MARK] === true)).toHaveLength(1);
    const imported = await http(t.server.url, 'POST', '/api/tables/import', exported.body);
    expect(imported.status).toBe(201);

    // A mark that is not the server's (not true, or on a server event) is refused.
    for (const bad of [
      (events: { event: Record<string, unknown>; by: string | null }[]) => {
        const e = events.find((x) => x.event[TYPED_DICE_MARK] === true);
        if (e) e.event[TYPED_DICE_MARK] = 'yes';
      },
      (events: { event: Record<string, unknown>; by: string | null }[]) => {
        const e = events.find((x) => x.by === null);
        if (e) e.event[TYPED_DICE_MARK] = true;
      },
    ]) {
      const file = structuredClone(exported.body);
      bad(file.events);
      const r = await http<{ error: { code: string } }>(t.server.url, 'POST', '/api/tables/import', file);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('IMPORT_INVALID');
    }
  });
});
