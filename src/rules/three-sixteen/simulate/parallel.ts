import { availableParallelism } from 'node:os';
import { startWorker } from '../../../engine/worker-module.ts';
import type { SimulationOptions } from './options.ts';
import { validateOptions } from './options.ts';
import {
  BLOCK_SIZE,
  blockCount,
  mergeAll,
  runBlocks,
  type SimulationSummary,
  summarize,
} from './simulate.ts';
import type { Tally } from './stats.ts';

/**
 * The simulation spread over worker threads (Node only; the web app calls `simulateEncounters`).
 * Each worker plays a contiguous range of blocks; tallies are merged in worker order. Because a
 * block's dice depend only on the seed and the block number, the summary is the same whatever the
 * number of workers.
 */

/** Below this many runs a single thread is quicker than starting workers. */
export const PARALLEL_THRESHOLD = 8 * BLOCK_SIZE;

/** min(cores, 4) for large runs, 1 for small ones (never more workers than blocks). */
export function defaultWorkers(n: number): number {
  if (n < PARALLEL_THRESHOLD) return 1;
  return Math.max(1, Math.min(availableParallelism(), 4, blockCount(n)));
}

function runWorker(options: SimulationOptions, from: number, to: number): Promise<Tally> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(import.meta.url, './worker', { workerData: { options, from, to } });
    let result: Tally | undefined;
    worker.once('message', (tally: Tally) => {
      result = tally;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`simulation worker stopped with exit code ${code} before reporting`));
    });
  });
}

/** Plays the simulation on `workers` threads (1: in this thread) and summarises it. */
export async function simulateParallel(
  options: SimulationOptions,
  workers = defaultWorkers(options.n),
): Promise<SimulationSummary> {
  validateOptions(options);
  const blocks = blockCount(options.n);
  const w = Math.max(1, Math.min(workers, blocks));
  if (w === 1) return summarize(options, runBlocks(options, 0, blocks));
  const jobs: Promise<Tally>[] = [];
  for (let i = 0; i < w; i++) {
    const from = Math.floor((i * blocks) / w);
    const to = Math.floor(((i + 1) * blocks) / w);
    jobs.push(runWorker(options, from, to));
  }
  const tallies = await Promise.all(jobs);
  return summarize(options, mergeAll(options.pcs.length, tallies));
}
