/**
 * boardgame.io's durable store for the bench: its own FlatFile class. FlatFile reads and writes
 * through `node-persist`, which boardgame.io lists only as a devDependency (a plain install lacks
 * it, and FlatFile's constructor then throws), so the bench hands FlatFile the part of
 * node-persist 3 it calls: one JSON file per key named by the key's SHA-256, read from disk on
 * every get and written whole on every set (node-persist 3 keeps no cache and does not fsync).
 * FlatFile's own code runs unchanged: its per-key queues, and the move log read, extended and
 * rewritten on every move.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FlatFile } from 'boardgame.io/server';

/** What FlatFile calls on node-persist 3, over plain files (see the header). */
export function filePersist() {
  let dir = '';
  const file = (key: string) => join(dir, createHash('sha256').update(key).digest('hex'));
  return {
    async init(options: { dir: string }): Promise<void> {
      dir = options.dir;
      await mkdir(dir, { recursive: true });
    },
    async getItem(key: string): Promise<unknown> {
      try {
        return (JSON.parse(await readFile(file(key), 'utf8')) as { value: unknown }).value;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async setItem(key: string, value: unknown): Promise<void> {
      await writeFile(file(key), JSON.stringify({ key, value }));
    },
    async removeItem(key: string): Promise<void> {
      await rm(file(key), { force: true });
    },
    async keys(): Promise<string[]> {
      const names = await readdir(dir);
      const keys: string[] = [];
      for (const name of names) {
        keys.push((JSON.parse(await readFile(join(dir, name), 'utf8')) as { key: string }).key);
      }
      return keys;
    },
    async clear(): Promise<void> {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
    },
  };
}

/** boardgame.io's FlatFile, its fields set as its constructor would, over `filePersist`. */
export function flatFile(dir: string): FlatFile {
  const store = Object.create(FlatFile.prototype) as FlatFile;
  Object.assign(store, { games: filePersist(), dir, logging: false, ttl: false, fileQueues: {} });
  return store;
}
