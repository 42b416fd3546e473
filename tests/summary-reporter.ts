import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, "vitest: N passed, N failed, N skipped", so that CI logs
 * show at a glance how many tests ran across the unit, integration and e2e projects.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    // The slowest files, so whoever keeps CI under its time budget knows where the minutes go.
    const slowest = [...testModules]
      .map((module) => ({ file: module.relativeModuleId, seconds: module.diagnostic().duration / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 12);
    process.stdout.write('\nslowest test files:\n');
    for (const { file, seconds } of slowest) process.stdout.write(`  ${seconds.toFixed(0).padStart(5)} s  ${file}\n`);
    process.stdout.write(`\nvitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
