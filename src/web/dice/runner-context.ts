import { type Context, useContext } from 'react';

/**
 * The runner a system's table provides to all its screens through `context`. A screen rendered
 * outside the table (or outside a test's provider) is a mistake, reported by the table's name.
 */
export function useProvidedRunner<Runner>(context: Context<Runner | null>, table: string): Runner {
  const runner = useContext(context);
  if (!runner) throw new Error(`useRunner outside ${table}`);
  return runner;
}
