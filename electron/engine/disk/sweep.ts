import type { SweepAdaptiveFacts, SweepLeftOutCell } from '../../../shared/contract/disk';
import { describeLeftOut } from '../../../shared/sweep/left-out';
import type { ScratchFolder } from '../ssh';
import { readTestFolderFacts, type NasCommands } from './file-system';
import type { FioTool } from './fio-tool';
import type { DiskSample, DiskTestResult } from './result';
import { runFioTests } from './run';
import { runAdaptive, type CellsOutcome } from './sweep-adaptive';
import { SweepClock } from './sweep-time';
import {
  budgetNote,
  cellFitsBudget,
  LayoutPace,
  largestCellBytes,
  planSweep,
  sweepHeatmaps,
  type SweepHeatmaps,
  type SweepPlan,
  type SweepPlanOptions,
} from './sweep-plan';

export * from './sweep-plan';

export interface SweepOptions extends SweepPlanOptions {
  /** The folder the user chose on the NAS; the sweep writes only in a scratch folder inside it. */
  folder: string;
  /** Opens the run's scratch folder after checking there is room for `neededBytes` (the largest cell). */
  openScratch(neededBytes: number): Promise<ScratchFolder>;
  /** The NAS's RAM (from the probe), for the buffered stand-in when direct I/O is refused. */
  memoryBytes?: number | null;
  /** The fio the probe found (its absolute path) and the I/O engine for the NAS's kernel. */
  fio?: FioTool;
  signal?: AbortSignal;
  onSample?(sample: DiskSample): void;
  /**
   * A cell starts (`again`: an adaptive sweep's second run of it, its run-to-run check);
   * `secondsLeft`: the sweep's time from here, this cell included, as its cells so far say (sweep-time.ts).
   */
  onCellStart?(index: number, again: boolean, secondsLeft: number): void;
  onResult?(result: DiskTestResult): void;
  /** An adaptive sweep's second run of a cell (its run-to-run check) ended. */
  onCellRepeated?(index: number): void;
  /** Clock for the budget, seconds; tests replace it. */
  now?(): number;
}

export interface SweepResult {
  dir: string;
  fileSystem: string | null;
  /** One per cell that ran, in plan order. */
  tests: DiskTestResult[];
  /** Names of the cells the time budget left out. */
  skipped: string[];
  /** Names of the cells an adaptive sweep did not measure but inferred from their neighbours. */
  inferred: string[];
  /** The grid's cells that cannot run as given here, and why: never run, never inferred. */
  leftOut: SweepLeftOutCell[];
  heatmaps: SweepHeatmaps;
  seconds: number;
  /** The plan's worst case, for comparison with `seconds`. */
  plannedSeconds: number;
  note?: string;
  /** An adaptive sweep's run-to-run noise and drift check; absent for a full sweep. */
  adaptive?: SweepAdaptiveFacts;
}

/**
 * Runs a sweep (seed 002's grid, with fio's steady-state stop) one cell at a time inside one
 * scratch folder, which is refused up front when the largest cell does not fit and removed
 * afterwards on success, failure and cancel alike. Each cell is its own fio run, so the budget
 * and the ETA are checked between cells.
 */
export async function runSweep(session: NasCommands, options: SweepOptions): Promise<SweepResult> {
  // A grid that cannot run anywhere is refused before the NAS is asked anything.
  planSweep(options);
  const now = options.now ?? (() => performance.now() / 1000);
  const folder = await readTestFolderFacts(session, options.folder);
  // Cells whose files do not fit the folder's free space are left out (and named), not refused whole.
  const plan = planSweep(options, folder.freeBytes);
  const scratch = await options.openScratch(largestCellBytes(plan));
  const pace = new LayoutPace();
  const clock = new SweepClock(plan, pace);
  let runs = 0;
  const started = now();
  /** One cell, as its own fio run in the scratch folder (`again`: a second run, not reported as a result). */
  const runCell = async (index: number, again = false): Promise<DiskTestResult | null> => {
    const cell = plan.cells[index];
    if (!cell) return null;
    options.signal?.throwIfAborted();
    const cellStarted = now();
    options.onCellStart?.(index, again, clock.left(index, runs, cellStarted - started));
    const [result] = await runFioTests(session, scratch.path, [cell.test], {
      folder,
      memoryBytes: options.memoryBytes ?? null,
      ...(options.fio ? { fio: options.fio } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      // Samples carry the cell's place in the whole sweep, not in its one-test fio run.
      ...(options.onSample ? { onSample: (sample) => options.onSample?.({ ...sample, index }) } : {}),
    });
    if (!result) return null;
    pace.observe(cell, now() - cellStarted, result.seconds);
    clock.finished(cell, now() - cellStarted, result.seconds);
    runs += 1;
    const cellResult: DiskTestResult = { ...result, fileSizeBytes: cell.fileSize, inferred: false };
    if (again) options.onCellRepeated?.(index);
    else options.onResult?.(cellResult);
    return cellResult;
  };
  let outcome: CellsOutcome;
  try {
    outcome = options.adaptive
      ? await runAdaptive(plan, runCell, now, pace)
      : await runCells(plan, runCell, now, pace, options);
  } catch (error) {
    // The sweep's own error is the one to report; a failed cleanup after it must not hide it.
    await scratch.remove().catch(() => undefined);
    throw error;
  }
  await scratch.remove();
  const { results, seconds, inferred } = outcome;
  const unmeasured = plan.cells.filter((_, index) => results[index] === null).map((cell) => cell.name);
  const tests = results.filter((result): result is DiskTestResult => result !== null);
  const notes = [
    ...(inferred
      ? [outcome.note ?? '']
      : unmeasured.length > 0
        ? [budgetNote(unmeasured.length, plan.cells.length, options.timeBudgetSeconds)]
        : []),
    describeLeftOut(plan.leftOut, plan.freeBytes),
  ].filter((note) => note !== '');
  return {
    dir: options.folder,
    fileSystem: folder.fileSystem,
    tests,
    // An adaptive sweep's unmeasured cells were inferred on purpose; a full sweep's were cut by the budget.
    skipped: inferred ? [] : unmeasured,
    inferred: inferred ? unmeasured : [],
    leftOut: plan.leftOut,
    heatmaps: sweepHeatmaps(plan, results, inferred),
    seconds,
    plannedSeconds: plan.worstCaseSeconds,
    ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
    ...(outcome.adaptive ? { adaptive: outcome.adaptive } : {}),
  };
}

/** Every cell in plan order, within the time budget. */
async function runCells(
  plan: SweepPlan,
  runCell: (index: number) => Promise<DiskTestResult | null>,
  now: () => number,
  pace: LayoutPace,
  options: Pick<SweepOptions, 'signal'>,
): Promise<CellsOutcome> {
  const started = now();
  const results: (DiskTestResult | null)[] = [];
  for (const index of plan.cells.keys()) {
    options.signal?.throwIfAborted();
    // Once one cell would overrun the budget, the rest are skipped too: a grid with holes in the
    // middle reads as a pattern, one cut off at the end reads as what it is.
    if (results.includes(null) || !cellFitsBudget(plan, index, now() - started, pace)) {
      results.push(null);
      continue;
    }
    results.push(await runCell(index));
  }
  return { results, seconds: now() - started };
}
