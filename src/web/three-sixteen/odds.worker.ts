/// <reference lib="webworker" />

import { type PlannedEncounter, simulateFromTable } from '../../rules/three-sixteen/simulate/from-table.ts';
import type { ThreeSixteenState } from '../../rules/three-sixteen/state.ts';

/** What the page asks: the table as the GM sees it, and the encounter being planned. */
export interface OddsRequest {
  readonly table: ThreeSixteenState;
  readonly plan: PlannedEncounter;
}

/**
 * Runs the ruleset's own Monte-Carlo simulator off the page's thread, from the table as it stands
 * (wounds, armour, used slots and improved weapons count): one message in, one out (the summary,
 * or the refusal's code and message).
 */
self.onmessage = (ev: MessageEvent<OddsRequest>) => {
  try {
    self.postMessage({ ok: true, summary: simulateFromTable(ev.data.table, ev.data.plan) });
  } catch (e) {
    const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : 'INTERNAL';
    self.postMessage({ ok: false, code, message: e instanceof Error ? e.message : String(e) });
  }
};
