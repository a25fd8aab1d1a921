import { describe, expect, it } from 'vitest';
import { OBSERVED, recoverFromD10s } from '../engine/dice/xoroshiro-attack.ts';
import type { NotationRoll } from '../engine/notation/index.ts';
import { registryRules } from './rules-registry.ts';
import { memoryBackend } from './test-backends.ts';
import { createTable, GENEROUS_LIMITS, join, serverForBlock, spectate, TestClient } from './test-kit.ts';

/**
 * Issue 20, finding 1: a spectator who reads a player's public `100d10+100d10` must learn nothing
 * about the GM's hidden rolls that follow. With the table's dice on xoroshiro128+ the attack in
 * `xoroshiro-attack.ts` predicted them exactly; live tables now roll from `node:crypto`.
 */
describe('live dice cannot be predicted from public faces', () => {
  const server = serverForBlock(memoryBackend(), { rules: registryRules(), limits: GENEROUS_LIMITS });

  it('a spectator solving for the generator does not get the GM’s blind d100 and GM-only 3d6', async () => {
    const table = await createTable(server.url, 'elite-unit', 'Dice under attack');
    const player = await join(server.url, table, 'Mallory');
    const watcher = await spectate(server.url, table);
    const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
    const mallory = await TestClient.open(server.url, table.tableId, player.token);
    const eve = await TestClient.open(server.url, table.tableId, watcher.token);

    const roll = async (client: TestClient, notation: string, visibility: string) => {
      const outcome = await client.command({ type: 'chat.roll', notation, visibility });
      expect(outcome).toMatchObject({ type: 'ack' });
      await gm.caughtUp((outcome as { seq: number }).seq);
      const event = gm.envelopes[gm.envelopes.length - 1]?.event as unknown as { result: NotationRoll };
      return event.result.groups.flatMap((g) => g.faces);
    };
    let hits = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      const seen = await roll(mallory, '100d10+100d10', 'public');
      expect(seen).toHaveLength(OBSERVED);
      const attacker = recoverFromD10s(seen);
      const blind = await roll(gm, '1d100', 'blind');
      const gmOnly = await roll(gm, '3d6', 'gm');
      if (attacker === null) continue; // the faces fit no xoroshiro128+ state at all
      const predicted = [attacker.roll({ name: 'd100', sides: 100 }, 'guess')];
      for (let i = 0; i < 3; i++) predicted.push(attacker.roll({ name: 'd6', sides: 6 }, 'guess'));
      if (JSON.stringify(predicted) === JSON.stringify([...blind, ...gmOnly])) hits++;
    }
    expect(hits).toBe(0);
    // The spectator saw the hidden rolls only as hidden.
    expect(eve.raw.some((r) => r.includes('"hidden":true'))).toBe(true);
    await Promise.all([gm.close(), mallory.close(), eve.close()]);
  });
});
