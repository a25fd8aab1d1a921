/**
 * The baseline server of `npm run bench boardgame-io`: boardgame.io 0.50.2's own `Server` (Koa and
 * socket.io) with one game whose only move rolls three six-sided dice, every seat active at once.
 * Run as its own process by boardgame-io.bench.ts; prints one JSON line `{"url": ...}` when it
 * listens, and runs until killed.
 *
 * BENCH_BGIO_STORE=memory uses boardgame.io's default InMemory store; a directory path uses its
 * FlatFile store in that directory. FlatFile reads and writes through `node-persist`, which
 * boardgame.io lists only as a devDependency (a plain install lacks it, and FlatFile's constructor
 * then throws), so the bench hands FlatFile the part of node-persist 3 it calls: one JSON file per
 * key named by the key's SHA-256, read from disk on every get and written whole on every set
 * (node-persist 3 keeps no cache and does not fsync). FlatFile's own code runs unchanged: its
 * per-key queues, and the move log read, extended and rewritten on every move.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Game } from 'boardgame.io';
import { ActivePlayers } from 'boardgame.io/core';
import { Server as BoardgameServer, FlatFile } from 'boardgame.io/server';
import { saveProfile } from './profile.ts';

/** The game state: the last roll and a count (boardgame.io keeps the move log itself). */
interface DiceState {
  rolls: number;
  last: number[];
}

/** The comparable command: any seat rolls 3d6 at any time (no turns, like a dice chat). */
export const diceGame: Game<DiceState> = {
  name: 'dice',
  setup: (): DiceState => ({ rolls: 0, last: [] }),
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    roll: ({ G, random }) => {
      G.last = random.D6(3);
      G.rolls++;
    },
  },
};

/** What FlatFile calls on node-persist 3, over plain files (see the header). */
function filePersist() {
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
function flatFile(dir: string): FlatFile {
  const store = Object.create(FlatFile.prototype) as FlatFile;
  Object.assign(store, { games: filePersist(), dir, logging: false, ttl: false, fileQueues: {} });
  return store;
}

const where = process.env.BENCH_BGIO_STORE ?? 'memory';
const server = BoardgameServer({
  games: [diceGame],
  origins: ['http://localhost'],
  ...(where === 'memory' ? {} : { db: flatFile(where) }),
});
/** A free port: the kernel's pick for a socket closed at once. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// The lobby API runs on its own port, as boardgame.io allows: on the game server's port its routes
// answer 404, because socket.io attaches (and Koa composes the middleware) before the routes are
// added, and koa-compose 4.2 (what koa 2 installs today) copies the middleware list when composing.
const { appServer, apiServer } = await server.run({ port: 0, lobbyConfig: { apiPort: await freePort() } });
const url = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
process.stdout.write(`${JSON.stringify({ url: url(appServer), api: url(apiServer) })}\n`);
process.once('SIGTERM', () => {
  void saveProfile('boardgame.io').then(() => process.exit(0));
});
