import { useEffect, useState } from 'react';
import type { Asker } from './asker.ts';

/**
 * One asker for a component's lifetime: `make` runs once, as useState's initialiser (a
 * workerAsker starts its worker only on the first question, so a discarded extra call in strict
 * mode starts nothing), and the asker is closed when the component unmounts, so no worker outlives
 * the screen that asked. A closed workerAsker starts afresh on its next question, which is what a
 * remount (strict mode again) needs.
 */
export function useAsker<Q, A>(make: () => Asker<Q, A>): Asker<Q, A> {
  const [asker] = useState(make);
  useEffect(() => () => asker.close(), [asker]);
  return asker;
}
