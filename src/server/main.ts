/**
 * `npm start`: the Bughunt server. Environment:
 * - PORT (default 3160; 0 picks a free port), HOST (default 0.0.0.0, so phones on the LAN can join)
 * - BUGHUNT_DATA: SQLite data directory (default ./data), used when DATABASE_URL is not set
 * - DATABASE_URL: PostgreSQL; then any number of instances can share the tables
 * - DATABASE_SCHEMA: the PostgreSQL schema to keep them in (default public; tests use their own)
 * - LOG_LEVEL: silent, error, warn (default: no line per request), info (a JSON line per request), debug
 * - TRUST_PROXY=1: behind a reverse proxy, take client addresses from X-Forwarded-For
 * - PUBLIC_URL: the address other devices use (invite links); default the first LAN address
 * Prints one line "Bughunt listening on <url> — …" once it accepts connections, naming the address
 * players on other devices open (or saying that only this computer can).
 */
import { startServer } from './app.ts';

type Level = 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug';
const LEVELS: readonly Level[] = ['silent', 'fatal', 'error', 'warn', 'info', 'debug'];

const port = Number(process.env.PORT ?? 3160);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT must be a port number, not ${process.env.PORT}\n`);
  process.exit(2);
}
// A first start should be quiet: Fastify logs every request from `info` on.
const level = (process.env.LOG_LEVEL || 'warn') as Level;

/** Start-up failures an operator can fix (data dir held by another server, port taken, newer schema,
 * database unreachable) are printed as one line with their code; a stack trace helps nobody there. */
function startupFailure(e: unknown): never {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : 'START_FAILED';
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`Bughunt could not start: ${code}: ${message}\n`);
  process.exit(1);
}

const server = await startServer({
  port,
  host: process.env.HOST || '0.0.0.0',
  dataDir: process.env.BUGHUNT_DATA || './data',
  databaseUrl: process.env.DATABASE_URL || undefined,
  databaseSchema: process.env.DATABASE_SCHEMA || undefined,
  logLevel: LEVELS.includes(level) ? level : 'warn',
  trustProxy: process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true',
  publicUrl: process.env.PUBLIC_URL || undefined,
}).catch(startupFailure);
const others =
  server.publicAddress.source === 'local'
    ? 'only this computer can join (no LAN address; set HOST=0.0.0.0 or PUBLIC_URL)'
    : `other devices join at ${server.publicAddress.url}`;
process.stdout.write(`Bughunt listening on ${server.url} — ${others}\n`);

let stopping = false;
function stop(signal: string): void {
  if (stopping) {
    // A second signal: the operator wants out now; acked commands are durable anyway.
    process.exit(1);
  }
  stopping = true;
  process.stdout.write(`Bughunt: ${signal}, closing (in-flight commands finish first)\n`);
  server.close().then(
    () => process.exit(0),
    (e: unknown) => {
      process.stderr.write(`Bughunt: shutdown failed: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
