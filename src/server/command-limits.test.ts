import { describe, expect, it } from 'vitest';
import { memoryBackend } from './test-backends.ts';
import { createTable, GENEROUS_LIMITS, join, serverForBlock, TestClient } from './test-kit.ts';

/**
 * Issue 20, finding 4: a table's command rate is limited per seat (all its sockets together) and
 * for its players together, apart from the GM, and a command over it is answered RATE_LIMITED at
 * once: nothing is queued or stored for it.
 */
describe('command limits per seat and per table', () => {
  const server = serverForBlock(memoryBackend(), {
    limits: {
      ...GENEROUS_LIMITS,
      // Refills so slow that no token comes back during the test: only the bursts count.
      commandsPerSecondPerSeat: 0.001,
      commandBurstPerSeat: 6,
      playerCommandsPerSecondPerTable: 0.001,
      playerCommandBurstPerTable: 10,
    },
  });

  it('one seat on many sockets gets its burst, the players together theirs, and the GM is never held up', async () => {
    const base = server.url;
    const table = await createTable(base);
    const mallory = await join(base, table, 'Mallory');
    const trent = await join(base, table, 'Trent');
    const sockets = await Promise.all(
      Array.from({ length: 4 }, () => TestClient.open(base, table.tableId, mallory.token)),
    );
    const say = (c: TestClient, i: number) => c.command({ type: 'say', text: `spam ${i}` });
    const answers = await Promise.all(sockets.flatMap((c, s) => [0, 1, 2, 3].map((i) => say(c, s * 4 + i))));
    const acked = answers.filter((a) => a.type === 'ack').length;
    expect(acked).toBe(6);
    const limited = answers.filter((a) => a.type === 'rejected');
    expect(limited).toHaveLength(10);
    for (const r of limited) expect(r).toMatchObject({ code: 'RATE_LIMITED', details: { per: 'seat' } });

    // Trent has a seat burst of his own, but the players' pool has 10 − 6 = 4 left.
    const t = await TestClient.open(base, table.tableId, trent.token);
    const trentAnswers = [];
    for (let i = 0; i < 6; i++) trentAnswers.push(await say(t, i));
    expect(trentAnswers.filter((a) => a.type === 'ack')).toHaveLength(4);
    expect(trentAnswers.at(-1)).toMatchObject({ code: 'RATE_LIMITED', details: { per: 'table' } });

    // The GM's commands are not in the players' pool.
    const gm = await TestClient.open(base, table.tableId, table.gm.token);
    for (let i = 0; i < 5; i++)
      expect(await gm.command({ type: 'say', text: `gm ${i}` })).toMatchObject({ type: 'ack' });

    // Nothing refused was stored: 3 joins, 6 + 4 player lines, 5 GM lines.
    await gm.caughtUp(3 + 10 + 5);
    expect(gm.lastSeq).toBe(18);
    await Promise.all([...sockets, t, gm].map((c) => c.close()));
  });
});
