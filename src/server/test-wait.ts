import { WAIT_MS } from '../../vitest.wait.ts';

/**
 * Waits for `check` to return a value, polling; fails after `ms` (a bound against hangs, not a
 * speed test: the tests' one default, WAIT_MS, unless a wait is known to take longer). `what`
 * names the wait in the failure. The server kit and the stores' contract both wait with it.
 */
export async function until<T>(
  check: () => T | undefined | null | false,
  what = 'condition',
  ms = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
