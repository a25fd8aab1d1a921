import { parentPort, workerData } from 'node:worker_threads';
import type { SimulationOptions } from './options.ts';
import { runBlocks } from './simulate.ts';

/** Worker thread entry: plays the blocks it is given and posts back their tally. */
interface Job {
  readonly options: SimulationOptions;
  readonly from: number;
  readonly to: number;
}

const job = workerData as Job;
parentPort?.postMessage(runBlocks(job.options, job.from, job.to));
