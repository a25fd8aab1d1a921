import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerOptions } from './app.ts';
import { MemoryBus, MemoryStore } from './memory-store.ts';
import { dropSchema } from './store/pg-store.ts';

/**
 * The storage backends the server's integration tests run against. PostgreSQL needs
 * DATABASE_URL; without it those tests are skipped, except in CI where a missing database is a
 * failure (see the CI guard test).
 */
export interface Backend {
  readonly name: string;
  readonly available: boolean;
  /** Two servers opened with the same options share tables and bus (multi-instance tests). */
  readonly shared: boolean;
  /** Fresh, isolated storage: server options to use it, and how to remove it afterwards. */
  open(): Promise<{ options: Partial<ServerOptions>; cleanup: () => Promise<void> }>;
}

export function pgUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/** A fresh PostgreSQL schema name for one test's storage. */
export function testSchema(): string {
  return `bughunt_test_${randomBytes(6).toString('hex')}`;
}

export function backends(): Backend[] {
  const url = pgUrl();
  return [
    {
      name: 'memory',
      available: true,
      shared: true,
      async open() {
        const bus = new MemoryBus(3);
        return { options: { stores: { store: new MemoryStore(bus), bus } }, cleanup: async () => {} };
      },
    },
    {
      // The server opens (and on close releases) the data directory itself, as `npm start` does.
      name: 'sqlite',
      available: true,
      shared: false,
      async open() {
        const data = tempDir('bughunt-test-');
        return { options: { dataDir: data.dir }, cleanup: async () => data.remove() };
      },
    },
    {
      // Each server opens its own pool and LISTEN connection: two servers are two real instances.
      name: 'postgres',
      available: url !== undefined,
      shared: true,
      async open() {
        if (!url) throw new Error('DATABASE_URL is not set');
        const schema = testSchema();
        return {
          options: { databaseUrl: url, databaseSchema: schema },
          cleanup: () => dropSchema(url, schema),
        };
      },
    },
  ];
}

/** The in-process store and bus: for tests of one server that need no real storage. */
export function memoryBackend(): Backend {
  const memory = backends().find((b) => b.name === 'memory');
  if (!memory) throw new Error('the memory backend is missing');
  return memory;
}

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
