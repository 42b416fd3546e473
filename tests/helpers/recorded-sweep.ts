import { readFileSync } from 'node:fs';
import type { DiskSweepSummary, DiskTestResult } from '../../shared/contract/disk';
import type { RunRecord } from '../../shared/contract/runs';
import { planSweep, sweepHeatmaps } from '../../electron/engine/disk/sweep-plan';
import { labQuickRun } from '../fixtures/report/seeded-private-run';

/**
 * A recorded full sweep (tests/fixtures/sweep/, every cell measured by fio) as the app holds it:
 * its tests, the heatmaps the engine shapes from them, and a saved run carrying it.
 */
export function recordedSweep(file = 'tests/fixtures/sweep/lab-grid-write.json') {
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as { tests: DiskTestResult[]; dir: string };
  const tests = recorded.tests;
  const sorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);
  // fio's size is per job; a test's sizeBytes is every job's files together.
  const fileSize = (test: DiskTestResult) => test.sizeBytes / test.numjobs;
  const plan = planSweep({
    blockSizes: sorted(tests.map((test) => test.bs)),
    fileSizes: sorted(tests.map(fileSize)),
    jobs: sorted(tests.map((test) => test.numjobs)),
    rw: 'write',
    steadyState: true,
    maxRuntimeSeconds: 6,
    timeBudgetSeconds: 86_400,
  });
  const results = plan.cells.map(
    (cell) =>
      tests.find((test) => test.bs === cell.bs && fileSize(test) === cell.fileSize && test.numjobs === cell.jobs) ??
      null,
  );
  const sweep: DiskSweepSummary = {
    // The engine's result type (a narrower rw) and the contract's describe the same recorded cells.
    ...sweepHeatmaps(plan, results as Parameters<typeof sweepHeatmaps>[1]),
    skipped: [],
    plannedSeconds: plan.worstCaseSeconds,
    seconds: 539,
  };
  const run: RunRecord = {
    ...labQuickRun(),
    plan: 'custom',
    results: [{ kind: 'disk', engine: 'fio', folder: recorded.dir, fileSystem: 'ext4', tests, hints: [], sweep }],
  };
  return { tests, sweep, run };
}
