/**
 * Two versions of the 3:16 simulator's record path in one process (esbuild bundles of
 * `three-sixteen-batch.ts`), batches of the same seeds in turns, main-thread CPU per side: on a
 * loaded machine separate processes swing by 15-30% from run to run, batches side by side see the
 * same load. Run A against a copy of A for the noise.
 *
 *   node bench/three-sixteen-alternate.ts /abs/a.mjs /abs/b.mjs [rounds] [encounters a batch]
 *   (or under tsx: node --import tsx bench/three-sixteen-alternate.ts …)
 *
 * The side going first alternates. Prints one JSON line: µs per encounter on each side (total and
 * the median of the rounds), their ratio (A / B: above 1, B is faster), the d10s per encounter, and
 * whether both sides drew the same dice to the same outcomes (they must, for a speed change).
 */
import { readFileSync } from 'node:fs';
import { reportCpu } from './harness.ts';

/**
 * CPU ms of the main thread from /proc/self/task/<pid>/schedstat (in ns): harness.ts
 * `mainThreadCpuMs` ticks in 10 ms, too coarse for batches of a few tens of ms.
 */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8');
  return Number(stat.slice(0, stat.indexOf(' '))) / 1e6;
}

type PlayBatch = (count: number, seed: number) => { draws: number; checksum: number };

async function load(path: string | undefined): Promise<PlayBatch> {
  if (!path) throw new Error('usage: three-sixteen-alternate.ts <a.mjs> <b.mjs> [rounds] [batch]');
  const m = (await import(path)) as { playBatch?: PlayBatch };
  if (typeof m.playBatch !== 'function') throw new Error(`${path} exports no playBatch`);
  return m.playBatch;
}

const sides = { a: await load(process.argv[2]), b: await load(process.argv[3]) };
const rounds = Number(process.argv[4] ?? 20);
const batch = Number(process.argv[5] ?? 20_000);
sides.a(batch, 1);
sides.b(batch, 1);
const cpu = { a: 0, b: 0 };
const perRound: Record<'a' | 'b', number[]> = { a: [], b: [] };
const draws = { a: 0, b: 0 };
let same = true;
for (let r = 0; r < rounds; r++) {
  const order: ('a' | 'b')[] = r % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
  const sums: Record<string, number> = {};
  for (const side of order) {
    const c0 = mainThreadCpuMs();
    const out = sides[side](batch, 1000 + r);
    const ms = mainThreadCpuMs() - c0;
    cpu[side] += ms;
    perRound[side].push((ms * 1000) / batch);
    draws[side] += out.draws;
    sums[side] = out.checksum;
  }
  if (sums.a !== sums.b) same = false;
}
const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[s.length >> 1] as number;
};
const encounters = rounds * batch;
reportCpu({
  aUsPerEnc: +((cpu.a * 1000) / encounters).toFixed(3),
  bUsPerEnc: +((cpu.b * 1000) / encounters).toFixed(3),
  aMedianUs: +median(perRound.a).toFixed(3),
  bMedianUs: +median(perRound.b).toFixed(3),
  ratio: +(cpu.a / cpu.b).toFixed(3),
  drawsPerEnc: +(draws.a / encounters).toFixed(2),
  encounters,
  same: same && draws.a === draws.b,
});
