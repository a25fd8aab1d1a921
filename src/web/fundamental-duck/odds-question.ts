import type { FdPack } from '../../rules/fundamental-duck/data/pack.ts';
import { type MissionResult, runMission } from '../../rules/fundamental-duck/simulate/run.ts';

/**
 * One simulated mission for the briefing's odds: the mission played once through the real ruleset
 * by the simulator's built-in policy (src/rules/fundamental-duck/simulate) on the table's pack and
 * arena. The page asks one question per run (through the shared question worker, src/web/worker),
 * so the share of each outcome is shown as the runs come in.
 */
export interface OddsQuestion {
  readonly mission: string;
  readonly arena?: string;
  /** The table's pack as its view holds it (already checked); absent: the starter pack. */
  readonly pack?: FdPack;
  readonly seed: number;
}

export interface OddsAnswer {
  readonly outcome: MissionResult['outcome'];
  readonly dead: number;
}

export function answerOdds(q: OddsQuestion): OddsAnswer {
  const r = runMission(q.mission, q.seed, undefined, undefined, {
    ...(q.pack ? { pack: q.pack } : {}),
    ...(q.arena ? { arena: q.arena } : {}),
  });
  return { outcome: r.outcome, dead: r.dead };
}
