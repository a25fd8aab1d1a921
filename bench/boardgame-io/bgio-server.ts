/**
 * The baseline server of `npm run bench boardgame-io`: boardgame.io 0.50.2's own `Server` (Koa and
 * socket.io) with one game whose only move rolls three six-sided dice, every seat active at once.
 * Run as its own process by boardgame-io.bench.ts; prints one JSON line `{"url": ...}` when it
 * listens, and runs until killed.
 *
 * BENCH_BGIO_STORE=memory uses boardgame.io's default InMemory store; a directory path uses its
 * FlatFile store in that directory (see flat-file.ts).
 */
import { type AddressInfo, createServer, type Server } from 'node:net';
import type { Game } from 'boardgame.io';
import { ActivePlayers } from 'boardgame.io/core';
import { Server as BoardgameServer } from 'boardgame.io/server';
import { flatFile } from './flat-file.ts';
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
