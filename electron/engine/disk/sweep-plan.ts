import type { HeatmapPanel, SweepLeftOutCell } from '../../../shared/contract/disk';
import { NasbenchError } from '../../../shared/contract/errors';
import { sizeLabel } from '../../../shared/util/units';
import { cellWorstSeconds, slowLayoutBytesPerSecond } from '../../../shared/sweep/budget';
import { describeLeftOut, whyLeftOut } from '../../../shared/sweep/left-out';
import { jobFootprint } from './job';

export { sizeLabel };
import type { DiskTest } from './presets';
import type { DiskTestResult } from './result';

export type SweepDirection = 'read' | 'write';

export interface SweepPlanOptions {
  /** Block sizes (bytes): the heatmap's y axis. */
  blockSizes: readonly number[];
  /** Bytes per job's file (fio's `size`): the heatmap's x axis. */
  fileSizes: readonly number[];
  /** numjobs values: one heatmap panel each (per direction). */
  jobs: readonly number[];
  iodepth?: number;
  rw: SweepDirection | 'both';
  /** Stop each cell once fio sees its throughput level off, instead of always running maxRuntimeSeconds. */
  steadyState: boolean;
  /** Upper bound per cell (the whole cell when steady state is off). */
  maxRuntimeSeconds: number;
  /** Cells that would end past this are skipped, with a note saying so. */
  timeBudgetSeconds: number;
  /** direct=1 (bypass the NAS's cache); off by default, as in seed 002 (the storage evaluation behind this sweep). */
  direct?: boolean;
  /** fio's steady-state window and ramp; small defaults so a stable cell ends after a few seconds. */
  steadyStateWindowSeconds?: number;
  steadyStateRampSeconds?: number;
  /** Measure only the cells adaptive-grid.ts picks; infer the others from them. */
  adaptive?: boolean;
}

export interface SweepCell {
  /** "bs=128k size=256M jobs=4 write" */
  name: string;
  bs: number;
  fileSize: number;
  jobs: number;
  rw: SweepDirection;
  test: DiskTest;
  /** Longest this cell can take: its runtime cap, laying out its files slowly, and the SSH round trips. */
  worstCaseSeconds: number;
}

export interface SweepPlan {
  options: SweepPlanOptions;
  /** The cells that can run, in the order a full sweep runs them. */
  cells: SweepCell[];
  /** The grid's cells that cannot run as given (a block larger than its file, files that do not fit), and why. */
  leftOut: SweepLeftOutCell[];
  /** The folder's free space the plan was judged against (null: unknown, nothing left out for room). */
  freeBytes: number | null;
  /** Sum of every cell's worst case: the ETA before anything has run. */
  worstCaseSeconds: number;
}

/**
 * 2% slope over a 5 s window: a tighter slope over fewer seconds was almost never attained on a disk
 * that wobbles second to second, so cells ran to their cap (docs/adaptive-sweep.md).
 */
export const sweepSteadyStateCriterion = 'bw_slope:2%';
export const sweepDefaults = { windowSeconds: 5, rampSeconds: 1, maxRuntimeSeconds: 30 };

/**
 * The sweep's cells, with those that cannot run here left out and named (`freeBytes`: the folder's
 * free space, null when unknown). A grid none of whose cells can run is refused.
 */
export function planSweep(options: SweepPlanOptions, freeBytes: number | null = null): SweepPlan {
  const window = options.steadyStateWindowSeconds ?? sweepDefaults.windowSeconds;
  const ramp = options.steadyStateRampSeconds ?? sweepDefaults.rampSeconds;
  if (options.steadyState && options.maxRuntimeSeconds < window + ramp) {
    throw new NasbenchError(
      'INVALID_INPUT',
      `fio needs a runtime of at least ${window + ramp} s (steady-state window ${window} s + ramp ${ramp} s).`,
      'Give a longer maximum runtime, or turn steady state off.',
    );
  }
  for (const [what, list] of [
    ['block sizes', options.blockSizes],
    ['file sizes', options.fileSizes],
    ['job counts', options.jobs],
  ] as const) {
    if (list.length === 0) throw new NasbenchError('INVALID_INPUT', `The sweep has no ${what}.`, `Give at least one.`);
  }
  const directions: SweepDirection[] = options.rw === 'both' ? ['write', 'read'] : [options.rw];
  const cells: SweepCell[] = [];
  const leftOut: SweepLeftOutCell[] = [];
  // Jobs outermost, then file size, so the files of one panel's column are laid out next to each other.
  for (const jobs of options.jobs) {
    for (const fileSize of options.fileSizes) {
      for (const bs of options.blockSizes) {
        for (const rw of directions) {
          const name = `bs=${sizeLabel(bs)} size=${sizeLabel(fileSize)} jobs=${jobs} ${rw}`;
          const why = whyLeftOut({ bs, fileSize, jobs }, freeBytes);
          if (why) {
            leftOut.push({ name, rw, bs, fileSizeBytes: fileSize, numjobs: jobs, ...why });
            continue;
          }
          const test: DiskTest = {
            name,
            job: {
              name: `sweep-bs${sizeLabel(bs)}-size${sizeLabel(fileSize)}-j${jobs}-${rw}`,
              fileName: `sweep-${sizeLabel(fileSize)}-j${jobs}`,
              rw,
              bs,
              iodepth: options.iodepth ?? 1,
              numjobs: jobs,
              size: fileSize,
              runtime: options.maxRuntimeSeconds,
              timeBased: true,
              direct: options.direct ?? false,
              // A buffered sweep is there to show the NAS's cache across file sizes: fio must not drop it.
              keepCache: !(options.direct ?? false),
              // A write cell ends when its data is on disk, not in the NAS's RAM (as the Quick preset does).
              endFsync: rw === 'write',
              ...(options.steadyState
                ? { steadyState: { criterion: sweepSteadyStateCriterion, duration: window, ramp } }
                : {}),
            },
          };
          const worstCaseSeconds = cellWorstSeconds(options.maxRuntimeSeconds, fileSize, jobs);
          cells.push({ name, bs, fileSize, jobs, rw, test, worstCaseSeconds });
        }
      }
    }
  }
  if (cells.length === 0) {
    const room = leftOut.every((cell) => cell.reason === 'files-do-not-fit');
    throw new NasbenchError(
      room ? 'NOT_ENOUGH_SPACE' : 'INVALID_INPUT',
      `No cell of this grid can run here. ${describeLeftOut(leftOut, freeBytes)}`,
      room
        ? 'Choose a folder with more free space, or smaller file sizes or fewer jobs.'
        : 'Give file sizes at least as large as the block sizes.',
    );
  }
  return { options, cells, leftOut, freeBytes, worstCaseSeconds: sum(cells.map((cell) => cell.worstCaseSeconds)) };
}

/** The most bytes any one cell's files take: what the scratch folder must have room for. */
export function largestCellBytes(plan: SweepPlan): number {
  return Math.max(...plan.cells.map((cell) => jobFootprint({ size: cell.fileSize, numjobs: cell.jobs })));
}

/** What a cell lays out: `jobs` files of `fileSize` bytes. */
type CellFiles = Pick<SweepCell, 'fileSize' | 'jobs'>;

/**
 * How fast this folder lays out files, as the sweep has seen it: the files of every cell run so
 * far over the seconds each took beside fio's own run (laying out and start-up together, so the
 * pace is never flattered), never below the slow default, which stands until a cell has run.
 * Judged at the slow default throughout, a sweep of minutes never fitted a large file with many
 * jobs in its budget on any NAS (docs/adaptive-sweep.md).
 */
export class LayoutPace {
  private bytes = 0;
  private seconds = 0;
  observe(cell: CellFiles, wallSeconds: number, fioSeconds: number): void {
    this.bytes += jobFootprint({ size: cell.fileSize, numjobs: cell.jobs });
    this.seconds += Math.max(wallSeconds - fioSeconds, 0);
  }
  get bytesPerSecond(): number {
    return this.seconds > 0 ? Math.max(slowLayoutBytesPerSecond, this.bytes / this.seconds) : slowLayoutBytesPerSecond;
  }
}

/**
 * Whether the next cell still fits the budget. Judged on its worst case, since fio may run it to
 * the cap: a sweep never overruns its budget by a cell that was started on hope. Its files' layout
 * is timed at the pace the sweep has seen (`LayoutPace`), the slow default before any. Given
 * `thenIndex`, the budget must also hold that cell after this one (an adaptive sweep keeps room
 * for its first cell's closing run, the drift check).
 */
export function cellFitsBudget(
  plan: SweepPlan,
  index: number,
  elapsedSeconds: number,
  pace: LayoutPace = new LayoutPace(),
  thenIndex?: number,
): boolean {
  const cell = plan.cells[index];
  if (cell === undefined) return false;
  const worst = (each: SweepCell) =>
    cellWorstSeconds(plan.options.maxRuntimeSeconds, each.fileSize, each.jobs, pace.bytesPerSecond);
  const then = thenIndex === undefined ? undefined : plan.cells[thenIndex];
  return elapsedSeconds + worst(cell) + (then ? worst(then) : 0) <= plan.options.timeBudgetSeconds;
}

export function budgetNote(skipped: number, total: number, budgetSeconds: number): string {
  return (
    `The time budget of ${budgetSeconds} s would have been exceeded, so the last ${skipped} of ${total} cells ` +
    'were not run; they are empty in the heatmaps.'
  );
}

export type { HeatmapPanel };

export interface SweepHeatmaps {
  panels: HeatmapPanel[];
}

/**
 * Shapes per-cell results (null = skipped) for heatmaps: x = file size, y = block size, a panel per
 * jobs and direction. An adaptive sweep's `inferred` figures (by plan cell) fill the cells it did
 * not measure, each marked so in the panel.
 */
export function sweepHeatmaps(
  plan: SweepPlan,
  results: readonly (DiskTestResult | null)[],
  inferred?: readonly (number | null)[],
): SweepHeatmaps {
  const { blockSizes, fileSizes, jobs } = plan.options;
  const directions: SweepDirection[] = plan.options.rw === 'both' ? ['write', 'read'] : [plan.options.rw];
  const panels = jobs.flatMap((jobCount) =>
    directions.map((rw) => ({
      jobs: jobCount,
      rw,
      x: [...fileSizes],
      y: [...blockSizes],
      values: blockSizes.map((bs) =>
        fileSizes.map((fileSize) => {
          const index = cellIndex(plan, { jobs: jobCount, rw, bs, fileSize });
          return results[index]?.bytesPerSecond ?? inferred?.[index] ?? null;
        }),
      ),
      ...(inferred
        ? {
            inferred: blockSizes.map((bs) =>
              fileSizes.map((fileSize) => {
                const index = cellIndex(plan, { jobs: jobCount, rw, bs, fileSize });
                return !results[index] && (inferred[index] ?? null) !== null;
              }),
            ),
          }
        : {}),
    })),
  );
  return { panels };
}

/** The plan's index of the cell with these settings (-1 when the plan has none). */
export function cellIndex(plan: SweepPlan, cell: Pick<SweepCell, 'jobs' | 'rw' | 'bs' | 'fileSize'>): number {
  return plan.cells.findIndex(
    (each) => each.jobs === cell.jobs && each.rw === cell.rw && each.bs === cell.bs && each.fileSize === cell.fileSize,
  );
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
