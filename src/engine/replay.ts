import { foldEvents } from './fold.ts';
import type { Ruleset, TableEvent } from './ruleset.ts';

/**
 * State is a fold of the log: `replay` is how every table is rebuilt after a restart. Linear in
 * the log (`fold.ts`): lists the fold makes grow in place until it returns.
 */
export function replay<S, C extends { readonly type: string }, E extends { readonly type: string }, O>(
  rules: Ruleset<S, C, E, O>,
  options: O,
  events: Iterable<E | TableEvent>,
  from?: S,
): S {
  return foldEvents(from ?? rules.setup(options), events, (state, event) => rules.evolve(state, event));
}
