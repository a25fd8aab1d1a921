import { rulesetFor, SYSTEMS } from '../rules/registry.ts';
import type { RulesRegistry } from './app.ts';

/** The systems tables can run (src/rules/registry.ts), in the shape the server takes. */
export function registryRules(): RulesRegistry {
  return { systems: SYSTEMS, rulesetFor };
}
