import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from './app.ts';
import { MemoryBus, MemoryStore } from './memory-store.ts';

describe('the app’s own paths', () => {
  it('serve the app for a table that exists, and the app with a 404 for one that does not', async () => {
    const web = mkdtempSync(join(tmpdir(), 'bughunt-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Bughunt</title>');
    const bus = new MemoryBus(3);
    const server = await startServer({ port: 0, webRoot: web, stores: { store: new MemoryStore(bus), bus } });
    try {
      const created = (await (
        await fetch(`${server.url}/api/tables`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ system: 'three-sixteen', name: 'Paths' }),
        })
      ).json()) as { tableId: string };
      const known = await fetch(`${server.url}/t/${created.tableId}`);
      expect(known.status).toBe(200);
      expect(await known.text()).toContain('<title>Bughunt</title>');
      const unknown = await fetch(`${server.url}/t/tNoSuchTable1`);
      expect(unknown.status).toBe(404);
      // The page still loads, so it can say there is no such table in words.
      expect(await unknown.text()).toContain('<title>Bughunt</title>');
    } finally {
      await server.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
