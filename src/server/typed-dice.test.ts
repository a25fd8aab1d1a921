import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, threeSixteenTable } from './test-kit.ts';

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
