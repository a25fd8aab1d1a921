import { describe, expect, it } from 'vitest';
import defaultPack from '../rules/fundamental-duck/data/default-pack.json' with { type: 'json' };
import { MAX_BULK_MESSAGE_BYTES, MAX_CLIENT_MESSAGE_BYTES, type ServerMessage } from './protocol.ts';
import { registryRules } from './rules-registry.ts';
import { memoryBackend } from './test-backends.ts';
import { createTable, serverForBlock, TestClient } from './test-kit.ts';

/**
 * A data pack goes to a table as one command (Fundamental Duck!'s `loadPack`, Elite Unit's
 * `pack.load`), and an edited pack is soon past the 16 KB every other message is held to. The
 * rules name such commands `bulkCommands`; only they, from a seat past hello, may be larger.
 */

/** The starter pack with its missions twice over: valid, and over the ordinary limit. */
const biggerPack = {
  ...defaultPack,
  missions: [...defaultPack.missions, ...defaultPack.missions.map((m) => ({ ...m, id: `${m.id}-again` }))],
};

function tooLarge(m: ServerMessage): boolean {
  return m.type === 'rejected' && m.code === 'MESSAGE_TOO_LARGE';
}

describe('bulk commands (a whole data pack in one message)', () => {
  const server = serverForBlock(memoryBackend(), { rules: registryRules() });

  it('takes a pack over 16 KB from a seat that said hello, and nothing else that large', async () => {
    expect(JSON.stringify(biggerPack).length).toBeGreaterThan(MAX_CLIENT_MESSAGE_BYTES);
    const table = await createTable(server.url, 'fundamental-duck', 'Big pack');
    const gm = await TestClient.open(server.url, table.tableId, table.gm.token);

    // Any other command that large is refused, and the table does not move.
    const head = gm.lastSeq;
    gm.send({
      type: 'command',
      id: 'chatty',
      command: { type: 'say', text: 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES) },
    });
    const refused = await gm.waitFor(tooLarge, 'MESSAGE_TOO_LARGE');
    expect(refused).toMatchObject({
      details: { max: MAX_CLIENT_MESSAGE_BYTES, bulkMax: MAX_BULK_MESSAGE_BYTES },
    });

    // A pack just over the bulk limit is refused too (far over it, the socket layer closes).
    const seen = gm.messages.length;
    const pad = MAX_BULK_MESSAGE_BYTES - JSON.stringify(biggerPack).length + 1000;
    gm.send({
      type: 'command',
      id: 'huge',
      command: { type: 'loadPack', pack: { ...biggerPack, description: 'x'.repeat(pad) } },
    });
    await gm.waitFor((m) => gm.messages.indexOf(m) >= seen && tooLarge(m), 'the huge pack refused');
    expect(gm.lastSeq).toBe(head);

    // The bigger pack loads, and the table plays on it.
    const loaded = await gm.command({ type: 'loadPack', pack: biggerPack });
    expect(loaded).toMatchObject({ type: 'ack' });
    await gm.caughtUp((loaded as { seq: number }).seq);
    const loadedEvent = gm.envelopes.find((e) => e.event.type === 'pack.loaded');
    expect(loadedEvent).toBeDefined();
    expect(gm.closed).toBeNull();
    gm.ws.close();
  });

  it('never reads a large frame from a socket that has not said hello', async () => {
    const table = await createTable(server.url, 'fundamental-duck', 'Stranger');
    const stranger = await TestClient.connect(server.url, table.tableId);
    stranger.send({ type: 'command', id: 'p', command: { type: 'loadPack', pack: biggerPack } });
    await stranger.waitFor(tooLarge, 'MESSAGE_TOO_LARGE before hello');
    stranger.ws.close();
  });

  it('leaves the ordinary limit on a ruleset without bulk commands', async () => {
    const table = await createTable(server.url, 'three-sixteen', 'No packs here');
    const gm = await TestClient.open(server.url, table.tableId, table.gm.token);
    gm.send({ type: 'command', id: 'p', command: { type: 'loadPack', pack: biggerPack } });
    await gm.waitFor(tooLarge, 'MESSAGE_TOO_LARGE on 3:16');
    gm.ws.close();
  });
});
