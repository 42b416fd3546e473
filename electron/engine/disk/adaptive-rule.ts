import { adaptiveLeastMeasured } from '../../../shared/sweep/words';
import type { Cell, GridAxes } from './grid-fill';

/**
 * The adaptive sweep's terms (adaptive-grid.ts): a grid and its readings, and how far two readings
 * may differ and still be the same figure.
 */

export interface Grid extends GridAxes {
  /** Cells that cannot run as given (a block larger than its file, files that do not fit): not in the grid. */
  leftOut?(cell: Cell): boolean;
}

export interface Reading {
  bytesPerSecond: number;
  /** Relative ± of the cell's figure (0.05 = ±5%), null when unknown. */
  spread: number | null;
}

export interface GridCell extends Cell, Reading {
  inferred: boolean;
}

export const adaptiveRule = {
  /** The noise of a reading that states none: what repeated fio cells differ by on a quiet NAS (±, one deviation). */
  defaultNoise: 0.05,
  /** Doubling the jobs stops after this many steps in a row gained nothing beyond the noise. */
  flatSteps: 2,
  /** The jobs probes start another block size only while less than this share of the time budget is spent. */
  probesShare: 0.5,
  /** The share of the grid measured at least, budget allowing (adaptive-grid.ts step 5). */
  leastMeasured: adaptiveLeastMeasured,
} as const;

export const apart = (a: Reading, b: Reading) =>
  Math.abs(a.bytesPerSecond - b.bytesPerSecond) / Math.max(a.bytesPerSecond, b.bytesPerSecond, 1);

/**
 * More jobs gained when the figure grew beyond what two readings of one figure may differ by
 * (`toleranceOf`: two deviations of the run-to-run `noise`, or a reading's own spread), the same
 * rule refinement judges neighbours by. On a busy pool every probe creeps up a few percent a
 * doubling; judged by one deviation, creeping counted as gaining and the probes took the budget
 * (docs/adaptive-sweep.md, step 2).
 */
export const gainedOn = (from: Reading, to: Reading, noise: number) =>
  to.bytesPerSecond > from.bytesPerSecond && apart(from, to) > toleranceOf(noise, from, to);

/**
 * How far readings may differ and still be the same figure for refinement: two deviations of the
 * run-to-run `noise`, or a reading's own spread when larger (the spread of its one-second samples).
 * Refining inside that would chase fio's wobble across the whole grid.
 */
export const toleranceOf = (noise: number, ...readings: Reading[]) =>
  Math.max(2 * noise, ...readings.map((reading) => reading.spread ?? 0));
