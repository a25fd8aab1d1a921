import { defineConfig } from 'vitest/config';
import SummaryReporter from './vitest.summary-reporter.ts';
import { WAIT_MS } from './vitest.wait.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    reporters: ['default', new SummaryReporter()],
    setupFiles: ['./vitest.setup.ts'],
    // Integration and browser tests start servers and Chromium; the machine has 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    // A harness safety net against hangs, not a speed assertion: no test checks elapsed time.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Every expect.poll waits on its condition this long (vitest's default, 1 s, flakes under load).
    expect: { poll: { timeout: WAIT_MS } },
  },
});
