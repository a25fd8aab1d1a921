/// <reference lib="webworker" />

import type { FdPack } from '../../rules/fundamental-duck/data/pack.ts';
import { type MissionResult, runMission } from '../../rules/fundamental-duck/simulate/run.ts';

/** What the page asks: a mission (of the table's pack and arena), how many simulated runs, a first seed. */
export interface OddsRequest {
  readonly mission: string;
  readonly arena?: string;
  /** The table's pack as its view holds it (already checked); absent: the starter pack. */
  readonly pack?: FdPack;
  readonly runs: number;
  readonly seed: number;
}

export type OddsMessage =
  | {
      readonly kind: 'progress';
      readonly done: number;
      readonly results: readonly MissionResult['outcome'][];
      readonly dead: number;
    }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Plays the mission again and again through the real ruleset with the simulator's built-in policy
 * (src/rules/fundamental-duck/simulate), off the page's thread, reporting after each run.
 */
self.onmessage = (ev: MessageEvent<OddsRequest>) => {
  const results: MissionResult['outcome'][] = [];
  let dead = 0;
  try {
    for (let i = 0; i < ev.data.runs; i++) {
      const r = runMission(ev.data.mission, ev.data.seed + i, undefined, undefined, {
        ...(ev.data.pack ? { pack: ev.data.pack } : {}),
        ...(ev.data.arena ? { arena: ev.data.arena } : {}),
      });
      results.push(r.outcome);
      dead += r.dead;
      self.postMessage({ kind: 'progress', done: i + 1, results, dead } satisfies OddsMessage);
    }
  } catch (e) {
    self.postMessage({
      kind: 'failed',
      message: e instanceof Error ? e.message : String(e),
    } satisfies OddsMessage);
  }
};
