/// <reference lib="webworker" />

import type { SimulationOptions } from '../../rules/three-sixteen/simulate/options.ts';
import { simulateEncounters } from '../../rules/three-sixteen/simulate/simulate.ts';

/**
 * Runs the ruleset's own Monte-Carlo simulator off the page's thread: one message in (the
 * options), one out (the summary, or the refusal's code and message).
 */
self.onmessage = (ev: MessageEvent<SimulationOptions>) => {
  try {
    self.postMessage({ ok: true, summary: simulateEncounters(ev.data) });
  } catch (e) {
    const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : 'INTERNAL';
    self.postMessage({ ok: false, code, message: e instanceof Error ? e.message : String(e) });
  }
};
