import { formatDuration } from '../util/units';
import { adaptiveCellsAtLeast } from './sweep';

/**
 * The sweep form's preview: how many cells the time budget lets the sweep measure, and how many it
 * infers (adaptive) or leaves out (full grid). The engine's rule (electron/engine/disk/sweep-plan.ts)
 * starts a cell only when its worst case still fits; a cell that settles takes fio's 1 s ramp and
 * 5 s window plus start-up (6.6–6.9 s measured), so the preview counts settled cells against the
 * budget and checks each one's worst case, as the engine will.
 */

const MiB = 1024 * 1024;
/** A cell whose speed settles: ramp, window, fio's start and the SSH round trips. */
export const settledCellSeconds = 8;

/** The engine's worst case for one cell: its cap, laying out its files at 10 MiB/s, and 2 s of round trips. */
export function cellWorstSeconds(maxSeconds: number, fileSize: number, jobs: number): number {
  return Math.ceil(maxSeconds + (fileSize * jobs) / (10 * MiB) + 2);
}

export interface SweepBudgetInput {
  blockSizes: readonly number[];
  fileSizes: readonly number[];
  jobs: readonly number[];
  rw: 'write' | 'read' | 'both';
  adaptive: boolean;
  budgetSeconds: number;
  maxSeconds: number;
}

export interface SweepBudgetPreview {
  cells: number;
  /** Cells the sweep means to measure: every one, or the least an adaptive sweep measures. */
  wanted: number;
  /** Of those, the ones the budget lets it measure (about). */
  measured: number;
  /** Seconds the wanted cells take when they settle. */
  settledSeconds: number;
  words: string;
}

export function sweepBudgetPreview(input: SweepBudgetInput): SweepBudgetPreview {
  const directions = input.rw === 'both' ? 2 : 1;
  const settled = Math.min(input.maxSeconds + 2, settledCellSeconds);
  // Plan order (jobs, then file size), as the engine runs a full grid.
  const worst = input.jobs.flatMap((jobs) =>
    input.fileSizes.flatMap((fileSize) =>
      Array<number>(input.blockSizes.length * directions).fill(cellWorstSeconds(input.maxSeconds, fileSize, jobs)),
    ),
  );
  const cells = worst.length;
  const wanted = input.adaptive
    ? directions *
      adaptiveCellsAtLeast({
        blockSizes: input.blockSizes.length,
        fileSizes: input.fileSizes.length,
        jobs: input.jobs.length,
      })
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
  const within = `Within ${formatDuration(input.budgetSeconds)}:`;
  const need = `${formatDuration(settledSeconds)} when the cells settle`;
  let words: string;
  if (input.adaptive) {
    // The adaptive count is a floor: refinement measures more where neighbouring cells differ.
    words =
      measured >= wanted
        ? `${within} at least ${wanted} of ${cells} cells measured (${need}), more where neighbouring cells differ; ` +
          'the others inferred from them and marked ≈.'
        : `${within} about ${measured} cells measured, of at least ${wanted} the adaptive sweep wants; the others ` +
          `inferred, from fewer measurements. Give it at least ${formatDuration(settledSeconds)}.`;
  } else {
    const most = formatDuration(worst.reduce((sum, each) => sum + each, 0));
    words =
      measured >= cells
        ? `${within} all ${cells} cells measured (${need}, up to ${most} if none does).`
        : `${within} about ${measured} of ${cells} cells measured; the last ${cells - measured} left out. ` +
          `All ${cells} need about ${need} (up to ${most}).`;
  }
  return { cells, wanted, measured, settledSeconds, words };
}
