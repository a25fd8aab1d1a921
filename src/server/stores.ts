import { MemoryBus } from './memory-store.ts';
import type { EventBus, EventStore } from './store/event-store.ts';
import { PgBus } from './store/pg-bus.ts';
import { PgStore } from './store/pg-store.ts';
import { SqliteStore } from './store/sqlite-store.ts';

export interface StoreConfig {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  readonly databaseSchema?: string | undefined;
}

/**
 * PostgreSQL when a URL is given (instances share it, and hear each other through LISTEN/NOTIFY),
 * else SQLite in the data directory (one process owns it; the bus is in-process).
 */
export async function openStores(config: StoreConfig): Promise<{ store: EventStore; bus: EventBus }> {
  if (config.databaseUrl) {
    const pgConfig = { url: config.databaseUrl, schema: config.databaseSchema };
    const store = await PgStore.open(pgConfig);
    try {
      return { store, bus: await PgBus.open(pgConfig) };
    } catch (e) {
      await store.close();
      throw e;
    }
  }
  const bus = new MemoryBus();
  return { store: await SqliteStore.open(config.dataDir, bus), bus };
}
