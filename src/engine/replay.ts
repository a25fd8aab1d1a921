import type { Ruleset, TableEvent } from './ruleset.ts';

/** State is a fold of the log: `replay` is how every table is rebuilt after a restart. */
export function replay<S, C extends { readonly type: string }, E extends { readonly type: string }, O>(
  rules: Ruleset<S, C, E, O>,
  options: O,
  events: Iterable<E | TableEvent>,
  from?: S,
): S {
  let state = from ?? rules.setup(options);
  for (const event of events) state = rules.evolve(state, event);
  return state;
}
