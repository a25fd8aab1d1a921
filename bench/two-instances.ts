/**
 * Two server instances on one PostgreSQL schema, one table (issue 20, finding 5): six players send
 * commands as fast as they are acked (each waits for its answer), all on one instance, then split
 * across two. Prints acked commands per second, p50 and p99 per setup, and how many appends lost
 * a race. Not part of `npm run bench` (it needs a database):
 *   DATABASE_URL=postgres://… npx tsx bench/two-instances.ts [seconds]
 */
import { startServer } from '../src/server/app.ts';
import { dropSchema } from '../src/server/store/pg-store.ts';
import { testSchema } from '../src/server/test-backends.ts';
import { createTable, GENEROUS_LIMITS, join, TestClient, testRules } from '../src/server/test-kit.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const seconds = Number(process.argv[2] ?? 5);

async function run(split: boolean): Promise<void> {
  const schema = testSchema();
  const options = {
    port: 0,
    rules: testRules,
    databaseUrl: url,
    databaseSchema: schema,
    limits: GENEROUS_LIMITS,
  };
  const one = await startServer(options);
  const two = await startServer(options);
  try {
    const table = await createTable(one.url);
    const at = (i: number) => (split && i % 2 ? two.url : one.url);
    const players = [];
    for (let i = 0; i < 6; i++) players.push(await join(at(i), table, `P${i}`));
    const clients = await Promise.all(players.map((p, i) => TestClient.open(at(i), table.tableId, p.token)));
    const latencies: number[] = [];
    let busy = 0;
    const end = performance.now() + seconds * 1000;
    const start = performance.now();
    await Promise.all(
      clients.map(async (c, i) => {
        for (let n = 0; performance.now() < end; n++) {
          const t0 = performance.now();
          const answer = await c.command({ type: 'say', text: `p${i} line ${n}` });
          if (answer.type === 'ack') latencies.push(performance.now() - t0);
          else if (answer.code === 'BUSY') busy++;
          else throw new Error(JSON.stringify(answer));
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    latencies.sort((a, b) => a - b);
    const q = (p: number) => (latencies[Math.floor(p * (latencies.length - 1))] ?? 0).toFixed(1);
    console.log(
      JSON.stringify({
        setup: split ? 'two instances' : 'one instance',
        commandsPerSecond: Math.round(latencies.length / elapsed),
        p50ms: Number(q(0.5)),
        p99ms: Number(q(0.99)),
        busy,
      }),
    );
    await Promise.all(clients.map((c) => c.close()));
  } finally {
    await one.close();
    await two.close();
    await dropSchema(url as string, schema);
  }
}

await run(false);
await run(true);
