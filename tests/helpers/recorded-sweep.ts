import { readFileSync } from 'node:fs';
import type { DiskSweepSummary, DiskTestResult } from '../../shared/contract/disk';
import type { RunRecord } from '../../shared/contract/runs';
import type { Cell, Grid, Reading } from '../../electron/engine/disk/adaptive-grid';
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

interface RecordedGridFile {
  grid: Grid;
  full: { tests: DiskTestResult[] }[];
}

/**
 * A recorded full grid (tests/fixtures/sweep/: tests/bench/record-grid.ts, or the two full runs of
 * npm run bench:sweep-adaptive) as the adaptive rules see it: the grid, with the cells no run
 * recorded left out, and each cell's reading in one run.
 */
export function recordedGrid(file: string) {
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as RecordedGridFile;
  const testIn = (run: number, cell: Cell) =>
    recorded.full[run]?.tests.find(
      (test) =>
        test.bs === recorded.grid.blockSizes[cell.b] &&
        test.numjobs === recorded.grid.jobs[cell.j] &&
        // sizeBytes is every job's files together; fileSizeBytes (when recorded) the size as given.
        (test.fileSizeBytes ?? test.sizeBytes / test.numjobs) === recorded.grid.fileSizes[cell.f],
    );
  const readingIn = (run: number, cell: Cell): Reading => {
    const test = testIn(run, cell);
    if (!test) throw new Error(`no recorded cell ${JSON.stringify(cell)}`);
    return { bytesPerSecond: test.bytesPerSecond, spread: test.spread?.relative ?? null };
  };
  const grid: Grid = { ...recorded.grid, leftOut: (cell) => testIn(0, cell) === undefined };
  return { grid, runs: recorded.full.length, readingIn, cells: recorded.full[0]?.tests.length ?? 0 };
}
