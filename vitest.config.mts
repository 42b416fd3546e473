import { defineConfig } from 'vitest/config';

/**
 * Three projects, run one after the other (groupOrder) so that throughput measurements in
 * the lab and in Chromium never compete with unit tests for this machine's two cores. `npm test`
 * runs the unit project, then the other two in lab sandboxes side by side (tests/lab/side-by-side.ts);
 * inside a sandbox, its files still run one at a time.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/remove-temp-folders.ts'],
          // A timeout catches a test that hangs; it is not a speed goal (those are the benchmarks'): unit files
          // run side by side on the two cores, where tests of a few seconds alone can pass vitest's 5 s default.
          testTimeout: 30_000,
          // vitest's default is one worker fewer than the cores (one, here); a third worker overloaded the
          // loopback iperf3 tests (the figures are in the commit that chose two).
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/lab/global-setup.ts'],
          setupFiles: ['tests/integration/leaves-nothing.ts', 'tests/remove-temp-folders.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The e2e tests connect to the lab NAS too.
          globalSetup: ['tests/e2e/global-setup.ts', 'tests/lab/global-setup.ts'],
          setupFiles: ['tests/remove-temp-folders.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
