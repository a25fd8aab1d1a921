/**
 * How long a test waits for something to happen (a page to show a line, a socket to hear an
 * event) before it says it did not: the one default for `expect.poll` (vitest.config.ts) and the
 * server kit's waits. A bound against a hang, not a speed check: under CI load (the suite at load
 * 10 on two cores) a render or a round trip can take seconds, so vitest's own 1 s default would
 * fail tests that are right. 30 s is also Playwright's own default for a locator's wait.
 */
export const WAIT_MS = 30_000;
