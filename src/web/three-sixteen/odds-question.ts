import { type PlannedEncounter, simulateFromTable } from '../../rules/three-sixteen/simulate/from-table.ts';
import type { SimulationSummary } from '../../rules/three-sixteen/simulate/simulate.ts';
import type { ThreeSixteenState } from '../../rules/three-sixteen/state.ts';

/** What the page asks the odds worker: the table as the GM sees it, and the encounter being planned. */
export interface OddsRequest {
  readonly table: ThreeSixteenState;
  readonly plan: PlannedEncounter;
}

/**
 * Runs the ruleset's own Monte-Carlo simulator from the table as it stands (wounds, armour, used
 * slots and improved weapons count). The page asks it of a worker (odds.worker.ts): a couple of
 * thousand runs would stall the page's thread.
 */
export function answerOdds(request: OddsRequest): SimulationSummary {
  return simulateFromTable(request.table, request.plan);
}
