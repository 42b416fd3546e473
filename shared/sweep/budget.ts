import type { SweepLeftOutCell } from '../contract/disk';
import { formatDuration, sizeLabel } from '../util/units';
import { adaptiveCellsAtLeast, adaptiveLeastMeasured } from './words';
import { describeLeftOut, whyLeftOut } from './left-out';

/**
 * The sweep form's preview (and the sweep step's description): how many cells the time budget lets
 * the sweep measure, and how many it infers (adaptive) or leaves out (full grid); and which cells
 * cannot run here at all (a block larger than its file, files that do not fit the folder's free
 * space). The engine starts a cell only when its worst case still fits (`cellWorstSeconds`), so the
 * preview counts settled cells against the budget and checks each one's worst case, as the engine
 * will.
 */

const MiB = 1024 * 1024;
/** A cell whose speed settles: fio's ramp and window, its start and the SSH round trips (docs/adaptive-sweep.md). */
export const settledCellSeconds = 8;

/** Layout speed assumed for a cell's worst case until the sweep has timed its own: even a tired USB disk writes 10 MiB/s. */
export const slowLayoutBytesPerSecond = 10 * MiB;
/** fio start-up, the free-space check and removing the files: a couple of SSH round trips per cell. */
export const perCellOverheadSeconds = 2;

/**
 * A cell's longest time: its runtime cap, laying out its `jobs` files of `fileSize` bytes at
 * `layoutBytesPerSecond`, and the round trips. The engine starts a cell only when this still fits its
 * budget (electron/engine/disk/sweep-plan.ts), and the preview counts cells by the same rule.
 */
export function cellWorstSeconds(
  maxSeconds: number,
  fileSize: number,
  jobs: number,
  layoutBytesPerSecond = slowLayoutBytesPerSecond,
): number {
  return Math.ceil(maxSeconds + (fileSize * jobs) / layoutBytesPerSecond + perCellOverheadSeconds);
}

export interface SweepBudgetInput {
  blockSizes: readonly number[];
  fileSizes: readonly number[];
  jobs: readonly number[];
  rw: 'write' | 'read' | 'both';
  adaptive: boolean;
  budgetSeconds: number;
  maxSeconds: number;
  /** Off: every cell runs `maxSeconds` (no early stop); on or absent, cells stop once they settle. */
  steadyState?: boolean;
  /** The folder's free space, when known: cells whose files do not fit it are left out. */
  freeBytes?: number | null;
}

export interface SweepBudgetPreview {
  /** Cells that can run (both directions counted). */
  cells: number;
  /** The grid's cells that cannot run here, and why. */
  leftOut: SweepLeftOutCell[];
  /** Cells the sweep means to measure: every one, or the least an adaptive sweep measures. */
  wanted: number;
  /** Of those, the ones the budget lets it measure (about). */
  measured: number;
  /** Seconds the wanted cells take when they settle. */
  settledSeconds: number;
  words: string;
}

export function sweepBudgetPreview(input: SweepBudgetInput): SweepBudgetPreview {
  const directions = input.rw === 'both' ? (['write', 'read'] as const) : ([input.rw] as const);
  // A fixed-time cell takes its seconds and the same start-up; a settling one at most the settled time.
  const settled =
    input.steadyState === false ? input.maxSeconds + 2 : Math.min(input.maxSeconds + 2, settledCellSeconds);
  const freeBytes = input.freeBytes ?? null;
  const leftOut: SweepLeftOutCell[] = [];
  // Plan order (jobs, then file size), as the engine runs a full grid; a cell that cannot run is left out.
  const worst = input.jobs.flatMap((jobs) =>
    input.fileSizes.flatMap((fileSize) =>
      input.blockSizes.flatMap((bs) =>
        directions.flatMap((rw) => {
          const why = whyLeftOut({ bs, fileSize, jobs }, freeBytes);
          if (!why) return [cellWorstSeconds(input.maxSeconds, fileSize, jobs)];
          const name = `bs=${sizeLabel(bs)} size=${sizeLabel(fileSize)} jobs=${jobs} ${rw}`;
          leftOut.push({ name, rw, bs, fileSizeBytes: fileSize, numjobs: jobs, ...why });
          return [];
        }),
      ),
    ),
  );
  const cells = worst.length;
  // An adaptive sweep measures its probes and corners, and at least a tenth of each direction's cells.
  const wanted = input.adaptive
    ? Math.min(
        cells,
        directions.length *
          Math.max(
            adaptiveCellsAtLeast({
              blockSizes: input.blockSizes.length,
              fileSizes: input.fileSizes.length,
              jobs: input.jobs.length,
            }),
            Math.ceil((cells / directions.length) * adaptiveLeastMeasured),
          ),
      )
    : cells;
  // An adaptive sweep starts at the largest cells (its jobs probe): check those worst cases first.
  const order = input.adaptive ? [...worst].sort((a, b) => b - a).slice(0, wanted) : worst;
  let elapsed = 0;
  let measured = 0;
  for (const cellWorst of order) {
    if (elapsed + cellWorst > input.budgetSeconds) break;
    elapsed += settled;
    measured += 1;
  }
  const settledSeconds = wanted * settled;
  // The least budget that starts every wanted cell by the rule above (each one's worst case after the
  // settled ones before it), in the whole minutes the form takes: suggesting the settled time alone
  // said "Give it at least 1 min" to a budget of 1 min that a large cell's worst case did not fit.
  const enoughSeconds = order.reduce((most, cellWorst, index) => Math.max(most, index * settled + cellWorst), 0);
  const enoughMinutes = Math.max(1, Math.ceil(enoughSeconds / 60));
  const within = `Within ${formatDuration(input.budgetSeconds)}:`;
  const need = `${formatDuration(settledSeconds)} when the cells settle`;
  let words: string;
  if (cells === 0) {
    words = 'No cell of this grid can run here.';
  } else if (input.adaptive) {
    // The adaptive count is a floor: refinement measures more where neighbouring cells disagree.
    words =
      measured >= wanted
        ? `${within} at least ${wanted} of ${cells} cells measured (${need}), more where neighbouring cells differ; ` +
          `up to ${cells - wanted} inferred from them and marked ≈.`
        : `${within} about ${measured} of ${cells} cells measured, of at least ${wanted} the adaptive sweep wants; ` +
          `the other ${cells - measured} inferred, from fewer measurements. Give it at least ${formatDuration(enoughMinutes * 60)}.`;
  } else {
    const mostSeconds = worst.reduce((sum, each) => sum + each, 0);
    const most = formatDuration(mostSeconds);
    // "Within 3 min: all 8 cells … up to 4 min" read as a contradiction: when the worst case runs past
    // the budget, say that the sweep stops at the budget then.
    words =
      measured < cells
        ? `${within} about ${measured} of ${cells} cells measured; the last ${cells - measured} left out. ` +
          `All ${cells} need about ${need} (up to ${most}).`
        : mostSeconds <= input.budgetSeconds
          ? `${within} all ${cells} cells measured (${need}, up to ${most} if none does).`
          : `${within} all ${cells} cells measured if they settle (about ${formatDuration(settledSeconds)}); ` +
            `cells that do not settle take longer, and the sweep stops at ${formatDuration(input.budgetSeconds)} ` +
            `with the last of them left out.`;
  }
  const leftOutWords = describeLeftOut(leftOut, freeBytes);
  return {
    cells,
    leftOut,
    wanted,
    measured,
    settledSeconds,
    words: leftOutWords ? `${words} ${leftOutWords}` : words,
  };
}
