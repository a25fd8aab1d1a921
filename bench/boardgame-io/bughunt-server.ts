/**
 * Our server in `npm run bench boardgame-io`: the real `startServer` with the test ruleset (a dice
 * chat whose `roll` command rolls N six-sided dice), run as its own process by
 * boardgame-io.bench.ts. Prints one JSON line `{"url": ...}` when it listens and runs until killed.
 *
 * BENCH_BUGHUNT_STORE=memory keeps events in memory; a directory path uses the embedded SQLite
 * store there (WAL, synchronous=FULL, group commit); `postgres` uses DATABASE_URL in a fresh
 * schema, dropped on SIGTERM. The per-address, per-seat and per-table limits are lifted as in the
 * server bench: one load generator is not one flooding player.
 */
import { startServer } from '../../src/server/app.ts';
import { MemoryBus, MemoryStore } from '../../src/server/memory-store.ts';
import { dropSchema } from '../../src/server/store/pg-store.ts';
import { testRules } from '../../src/server/test-kit.ts';
import { BENCH_LIMITS } from '../server.bench.ts';
import { saveProfile } from './profile.ts';

const where = process.env.BENCH_BUGHUNT_STORE ?? 'memory';
const databaseUrl = where === 'postgres' ? process.env.DATABASE_URL : undefined;
if (where === 'postgres' && !databaseUrl) throw new Error('BENCH_BUGHUNT_STORE=postgres needs DATABASE_URL');
const databaseSchema = databaseUrl ? `bughunt_bench_vs_${process.pid}` : undefined;
const bus = new MemoryBus();
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  rules: testRules,
  limits: BENCH_LIMITS,
  ...(where === 'memory' ? { stores: { store: new MemoryStore(bus), bus } } : {}),
  ...(databaseUrl ? { databaseUrl, databaseSchema } : where !== 'memory' ? { dataDir: where } : {}),
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.once('SIGTERM', () => {
  void (async () => {
    await saveProfile('bughunt');
    await server.close();
    if (databaseUrl && databaseSchema) await dropSchema(databaseUrl, databaseSchema);
    process.exit(0);
  })();
});
