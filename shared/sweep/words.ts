import type { DiskSweepRunInput, DiskSweepSummary, DiskTestResult, HeatmapPanel } from '../contract/disk';
import { folderProblem } from '../kinds/disk/words';
import { formatBytes, formatRate, rateInUnit, readByteSize, sizeLabel, type RateUnit } from '../util/units';
import { wholeNumber } from '../words/whole-numbers';

/**
 * The disk sweep in plain words: the form's lists checked field by field, how a heatmap cell is
 * coloured and written, and the sentence that says where the grid was fastest. Each cell's figures
 * per metric and the shared colour scale are in sweep-grid.ts, how more jobs help in
 * sweep-scaling.ts, the budget preview in sweep-budget.ts. Pure, so Results, reports and the CLI
 * can say the same.
 */

export interface SweepChoices {
  folder: string;
  /** As typed: "4k, 128k, 1M". */
  blockSizes: string;
  fileSizes: string;
  jobs: string;
  rw: 'write' | 'read' | 'both';
  uncached: boolean;
  budgetMinutes: string;
  /** Longest one cell may run when its speed does not settle; with `steadyState` off, each cell's time. */
  maxSeconds: string;
  /**
   * Stop each cell once fio says its speed has settled (seed 002's way); off, every cell runs
   * `maxSeconds`, as a fixed-time benchmark does (and may be as short as a second).
   */
  steadyState: boolean;
  /** Measure where the grid tells something and infer the rest (marked), instead of every cell. */
  adaptive: boolean;
}

export type SweepProblems = Partial<
  Record<'folder' | 'blockSizes' | 'fileSizes' | 'jobs' | 'budgetMinutes' | 'maxSeconds', string>
>;

/** Seed 002's grids: 10 block sizes × 12 file sizes × 8 job counts (1 to 128). */
const maxValues = 12;
const maxJobCounts = 8;
const maxJobs = 128;
const KiB = 1024;

/** "4k, 128k,1M" as a list of sizes within [min, max], or null when any part is not one. */
function sizeList(text: string, min: number, max: number): number[] | null {
  const parts = text.split(/[,\s]+/).filter((part) => part !== '');
  const sizes = parts.map((part) => readByteSize(part) ?? Number.NaN);
  const fits = sizes.length > 0 && sizes.length <= maxValues && sizes.every((size) => size >= min && size <= max);
  return fits ? [...new Set(sizes)].sort((a, b) => a - b) : null;
}

function countList(text: string): number[] | null {
  const counts = text
    .split(/[,\s]+/)
    .filter((part) => part !== '')
    .map(Number);
  const fits =
    counts.length > 0 &&
    counts.length <= maxJobCounts &&
    counts.every((n) => Number.isInteger(n) && n >= 1 && n <= maxJobs);
  return fits ? [...new Set(counts)].sort((a, b) => a - b) : null;
}

type GridLists = Pick<SweepChoices, 'blockSizes' | 'fileSizes' | 'jobs' | 'budgetMinutes' | 'maxSeconds'> &
  Partial<Pick<SweepChoices, 'steadyState'>>;

/** fio's steady-state check needs its 5 s window and 1 s ramp (electron/engine/disk/sweep-plan.ts). */
const leastSeconds = (lists: Partial<Pick<SweepChoices, 'steadyState'>>) => (lists.steadyState === false ? 1 : 6);

/** The form's typed lists and numbers read as values; null for each that is not valid. */
export function readSweepGrid(lists: GridLists) {
  const minutes = wholeNumber(lists.budgetMinutes, 1, 1440);
  return {
    blockSizes: sizeList(lists.blockSizes, 512, 64 * KiB * KiB),
    fileSizes: sizeList(lists.fileSizes, 512, 2 ** 50),
    jobs: countList(lists.jobs),
    budgetSeconds: minutes === null ? null : minutes * 60,
    maxSeconds: wholeNumber(lists.maxSeconds, leastSeconds(lists), 600),
  };
}

/** The sweep form's choices as the engine's input, or what to fix, worded for the field it belongs to. */
export function checkDiskSweepChoices(
  choices: SweepChoices,
  sessionId: string,
): { input: DiskSweepRunInput; problems?: undefined } | { problems: SweepProblems; input?: undefined } {
  const folder = choices.folder.trim();
  const { blockSizes, fileSizes, jobs, budgetSeconds, maxSeconds } = readSweepGrid(choices);
  const problems: SweepProblems = {
    ...(folderProblem(folder) && { folder: folderProblem(folder) }),
    ...(!blockSizes && { blockSizes: `Enter up to ${maxValues} block sizes from 512 to 64M, e.g. 4k, 128k, 1M.` }),
    ...(!fileSizes && { fileSizes: `Enter up to ${maxValues} file sizes, e.g. 64M, 256M, 1G.` }),
    ...(!jobs && { jobs: `Enter up to ${maxJobCounts} job counts from 1 to ${maxJobs}, e.g. 1, 4.` }),
    ...(budgetSeconds === null && { budgetMinutes: 'Enter a whole number of minutes from 1 to 1440.' }),
    ...(maxSeconds === null && {
      maxSeconds: `Enter a whole number of seconds from ${leastSeconds(choices)} to 600.`,
    }),
  };
  if (!blockSizes || !fileSizes || !jobs || budgetSeconds === null || maxSeconds === null || problems.folder) {
    return { problems };
  }
  return {
    input: {
      sessionId,
      folder,
      blockSizes,
      fileSizes,
      jobs,
      rw: choices.rw,
      uncached: choices.uncached,
      steadyState: choices.steadyState,
      maxRuntimeSeconds: maxSeconds,
      budgetSeconds,
      adaptive: choices.adaptive,
    },
  };
}

/**
 * The share of a grid an adaptive sweep measures at least, its budget allowing (electron/engine/disk/
 * adaptive-grid.ts step 5): a tenth, the cost issue #35 allows it against the full grid.
 */
export const adaptiveLeastMeasured = 0.1;

/**
 * What an adaptive sweep of this grid measures before any refinement (electron/engine/disk/
 * adaptive-grid.ts): the jobs probe on the smallest and largest block size (at least three job
 * counts each, or all there are) and the grid's corners; refinement adds cells only where
 * neighbours disagree. For the plan preview: "at least N of M cells".
 */
export function adaptiveCellsAtLeast(grid: { blockSizes: number; fileSizes: number; jobs: number }): number {
  const rows = grid.blockSizes > 1 ? 2 : 1;
  const probed = Math.min(grid.jobs, 3);
  const corners = rows * (grid.fileSizes > 1 ? 2 : 1) * (grid.jobs > 1 ? 2 : 1);
  // The probes run on the largest file size, where two corners of each probed row already are.
  const shared = rows * (grid.jobs > 1 && grid.jobs <= probed ? 2 : 1);
  return Math.min(grid.blockSizes * grid.fileSizes * grid.jobs, rows * probed + corners - shared);
}

/**
 * How strongly a cell is coloured, 0 to 1, for the app's heatmap and the report's alike: even the
 * slowest cell keeps a tint, so it never reads as "did not run".
 */
export function heatmapOpacity(shade: number): number {
  return 0.12 + 0.88 * shade;
}

/**
 * The figure written in a cell, the same in the app and the report: whole units from 100 up (a
 * decimal there is noise in a cell), one decimal below, two significant digits under 1 (never a
 * bare "0"), "not run" for a cell that did not run.
 */
export function heatmapCellFigure(value: number | null, unit: RateUnit): string {
  if (value === null) return 'not run';
  const figure = rateInUnit(value, unit);
  if (figure >= 100) return figure.toFixed(0);
  return figure >= 1 ? String(Math.round(figure * 10) / 10) : String(Number(figure.toPrecision(2)));
}

/** An adaptive sweep's cell that was inferred from its measured neighbours, not measured. */
export const isInferredCell = (panel: HeatmapPanel, row: number, column: number) =>
  panel.inferred?.[row]?.[column] === true;

/** The mark an inferred cell's figure carries wherever it is written: "≈ 120". */
export const inferredMark = '≈';

/**
 * The adaptive sweep note's first sentence: what it measured, what it inferred, and what has no figure
 * at all — a direction whose budget ran out before any of its cells was measured has nothing to infer from.
 */
export function adaptiveCountsSentence(cells: number, measured: number, inferred: number): string {
  const without = cells - measured - inferred;
  const are = (count: number) => (count === 1 ? 'is' : 'are');
  const parts = [`Adaptive sweep: ${measured} of ${cells} cells measured`];
  if (inferred > 0)
    parts.push(
      `${without > 0 ? '' : 'the other '}${inferred} ${are(inferred)} inferred from their measured neighbours ` +
        `and marked so (${inferredMark})`,
    );
  if (without > 0)
    parts.push(
      `${without} ${without === 1 ? 'has' : 'have'} no figure: the time budget ran out before anything near ` +
        `${without === 1 ? 'it' : 'them'} was measured`,
    );
  return `${parts.join('; ')}.`;
}

export function heatmapPanelTitle(panel: Pick<HeatmapPanel, 'jobs' | 'rw'>): string {
  return `${panel.jobs} ${panel.jobs === 1 ? 'job' : 'jobs'}, ${panel.rw === 'write' ? 'writing' : 'reading'}`;
}

/**
 * A cell as the Run screen names it: "4k blocks on 256 MiB files, 1 job, writing" — its `name`
 * ("bs=4k size=256M jobs=1 write", electron/engine/disk/sweep-plan.ts) stays the contract's key.
 */
export function sweepCellWords(cell: { bs: number; fileSize: number; jobs: number; rw: 'read' | 'write' }): string {
  return `${sizeLabel(cell.bs)} blocks on ${formatBytes(cell.fileSize)} files, ${heatmapPanelTitle(cell)}`;
}

/**
 * The test behind one heatmap cell, for what the panel does not carry (its spread). Cells are named
 * by the sweep as "bs=4k size=64M jobs=1 write" (electron/engine/disk/sweep-plan.ts); a test of
 * another shape, or an older name, finds nothing rather than another cell's figures.
 */
export function heatmapCellTest(
  panel: HeatmapPanel,
  row: number,
  column: number,
  tests: readonly DiskTestResult[],
): DiskTestResult | undefined {
  const bs = panel.y[row];
  const fileSize = panel.x[column];
  if (bs === undefined || fileSize === undefined) return undefined;
  const name = `bs=${sizeLabel(bs)} size=${sizeLabel(fileSize)} jobs=${panel.jobs} ${panel.rw}`;
  return tests.find((test) => test.name === name && test.bs === bs && test.numjobs === panel.jobs);
}

/** "Fastest: 1M blocks on 256 MiB files with 4 jobs, writing (612 MB/s). 2 cells were not run: …" */
export function describeSweep(sweep: DiskSweepSummary, unit: RateUnit): string {
  let best: { panel: HeatmapPanel; row: number; column: number; value: number } | undefined;
  for (const panel of sweep.panels) {
    panel.values.forEach((cells, row) =>
      cells.forEach((value, column) => {
        // Only a measured cell can be named the fastest: an inferred one is a guess from its neighbours.
        if (value !== null && !isInferredCell(panel, row, column) && (!best || value > best.value))
          best = { panel, row, column, value };
      }),
    );
  }
  const sentences = [];
  if (best) {
    const { panel, row, column, value } = best;
    sentences.push(
      `Fastest: ${sizeLabel(panel.y[row] ?? 0)} blocks on ${formatBytes(panel.x[column] ?? 0)} files with ` +
        `${heatmapPanelTitle(panel)} (${formatRate(value, unit)}).`,
    );
  } else {
    sentences.push('No cell finished, so there are no figures.');
  }
  if (sweep.note) sentences.push(sweep.note);
  return sentences.join(' ');
}
