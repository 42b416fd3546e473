import {
  cellWorstSeconds,
  perCellOverheadSeconds,
  slowLayoutBytesPerSecond,
  sweepBudgetPreview,
} from '../../../shared/sweep/budget';
import { jobFootprint } from './job';
import { LayoutPace, sweepDefaults, type SweepCell, type SweepPlan } from './sweep-plan';

/**
 * How long the rest of a sweep will take, as the sweep itself has seen its cells take: the time
 * shown as "about … left" while it runs, and its first estimate before it starts.
 *
 * A cell's time is three parts, each estimated from the cells so far (defaults before any):
 * - fio's own runtime: the cap when steady state is off; with it, the mean of the settled cells
 *   (a cell stops once its speed levels off, usually well before the cap);
 * - the start-up: the round trips and fio's start, read from cells that laid out no files (until one
 *   has run, bounded by the quickest cell's);
 * - laying out its files, only for the first cell on each file size and job count (every later cell
 *   of the same files, whatever its block size or direction, reuses them).
 * The worst case, which decides whether a cell may start (sweep-plan.ts), stays as it is: a sweep
 * never overruns its budget on hope. Judging the rest by the worst case read "11 min left" for a
 * sweep that ended 3 min later.
 */
export class SweepClock {
  private readonly laidOut = new Set<string>();
  private fioSeconds: number[] = [];
  private startUpSeconds: number[] = [];
  /** The cells that laid out files: their bytes, and their seconds beside fio's run (start-up and layout). */
  private layouts: { bytes: number; around: number }[] = [];
  /** The runs an adaptive sweep makes at least (the preview's count and its two noise cells' second runs). */
  private readonly wanted: number;

  constructor(
    private readonly plan: SweepPlan,
    private readonly pace: LayoutPace = new LayoutPace(),
  ) {
    const { options } = plan;
    const preview = sweepBudgetPreview({
      ...options,
      adaptive: true,
      budgetSeconds: options.timeBudgetSeconds,
      maxSeconds: options.maxRuntimeSeconds,
      freeBytes: plan.freeBytes,
    });
    this.wanted = preview.wanted + 2;
  }

  /** Seconds from now to the sweep's end, with `runs` cell runs made so far and the cell at `next` about to start. */
  left(next: number, runs: number, elapsedSeconds: number): number {
    return this.plan.options.adaptive ? this.adaptiveLeft(runs, elapsedSeconds) : this.fullLeft(next, elapsedSeconds);
  }

  /** A cell ended after `wallSeconds`, of which fio ran `fioSeconds`. */
  finished(cell: SweepCell, wallSeconds: number, fioSeconds: number): void {
    const around = Math.max(wallSeconds - fioSeconds, 0);
    this.fioSeconds.push(fioSeconds);
    if (this.laidOut.has(filesOf(cell))) {
      this.startUpSeconds.push(around);
      return;
    }
    this.laidOut.add(filesOf(cell));
    this.layouts.push({ bytes: jobFootprint({ size: cell.fileSize, numjobs: cell.jobs }), around });
  }

  /**
   * Seconds from now until the cells from `next` on have run (a full sweep), counting only the cells
   * whose worst case still fits the budget, as the engine will; plus removing the scratch folder.
   */
  private fullLeft(next: number, elapsedSeconds: number): number {
    const { options } = this.plan;
    let at = elapsedSeconds;
    const files = new Set(this.laidOut);
    for (const cell of this.plan.cells.slice(next)) {
      const worst = cellWorstSeconds(options.maxRuntimeSeconds, cell.fileSize, cell.jobs, this.pace.bytesPerSecond);
      if (at + worst > options.timeBudgetSeconds) break;
      at += this.cellSeconds(cell, !files.has(filesOf(cell)));
      files.add(filesOf(cell));
    }
    return at - elapsedSeconds + this.startUp();
  }

  /**
   * An adaptive sweep's: it picks its cells as it reads them, so their number is the least it
   * measures less those run, plus its closing drift check, at the mean cell's time; never past the
   * budget. Refinement may measure more: the estimate grows back as it does.
   */
  private adaptiveLeft(runs: number, elapsedSeconds: number): number {
    const cells = Math.max(this.wanted - runs, 0) + 1;
    const mean = this.plan.cells.reduce((sum, cell) => sum + this.cellSeconds(cell, false), 0) / this.plan.cells.length;
    const left = Math.max(this.plan.options.timeBudgetSeconds - elapsedSeconds, 0);
    return Math.min(cells * mean, left) + this.startUp();
  }

  private cellSeconds(cell: SweepCell, laysOut: boolean): number {
    const layout = laysOut
      ? jobFootprint({ size: cell.fileSize, numjobs: cell.jobs }) * this.layoutSecondsPerByte()
      : 0;
    return this.fio() + this.startUp() + layout;
  }

  private fio(): number {
    const { options } = this.plan;
    if (!options.steadyState) return options.maxRuntimeSeconds;
    if (this.fioSeconds.length > 0) return mean(this.fioSeconds);
    const settles =
      (options.steadyStateWindowSeconds ?? sweepDefaults.windowSeconds) +
      (options.steadyStateRampSeconds ?? sweepDefaults.rampSeconds);
    return Math.min(options.maxRuntimeSeconds, settles);
  }

  /**
   * A cell's start-up: as measured on cells that laid out nothing; before one has run, at most what
   * the quickest cell took beside fio's run, layout and all (the 2 s default read a 4.5 s cell as 6:
   * 43 s left of 31); the default before any cell.
   */
  private startUp(): number {
    if (this.startUpSeconds.length > 0) return mean(this.startUpSeconds);
    if (this.layouts.length > 0) return Math.min(...this.layouts.map((each) => each.around));
    return perCellOverheadSeconds;
  }

  /**
   * Laying out files, as measured once a cell has laid some out (its time beside fio's, less the
   * start-up as known now; a fast folder: next to nothing), else the slow default.
   */
  private layoutSecondsPerByte(): number {
    if (this.layouts.length === 0) return 1 / slowLayoutBytesPerSecond;
    const startUp = this.startUp();
    const seconds = this.layouts.reduce((sum, each) => sum + Math.max(each.around - startUp, 0), 0);
    return seconds / this.layouts.reduce((sum, each) => sum + each.bytes, 0);
  }
}

/** The files a cell runs on: one per job, shared by every block size and direction of that file size. */
const filesOf = (cell: Pick<SweepCell, 'fileSize' | 'jobs'>) => `${cell.fileSize}:${cell.jobs}`;

const mean = (list: readonly number[]) => list.reduce((sum, each) => sum + each, 0) / list.length;
