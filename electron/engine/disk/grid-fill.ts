import { median } from '../../../shared/util/spread';

/**
 * How an adaptive sweep reads a figure off the cells it measured, for a cell it did not (issue
 * #35). A figure is read between two known neighbours along one of the grid's lines, on log scales
 * (throughput against block size, file size or job count is close to a power law piecewise), off
 * the monotone curve through every known figure on that line (`monotoneCurve`): it never leaves
 * the two neighbours' figures, and it bends where the line's known figures bend.
 * Carrying a measured line's curve over to the lines beside it was tried and dropped: it carried
 * that line's noise too, and its bend where the neighbour bends elsewhere (a cache cliff that moves
 * with the job count).
 *
 * A cell between measured lines is reached line by line: first along one axis, then along the
 * next through what the first gave. Which axis goes first matters only where the grid is not what
 * its measured lines suggest — so the figure is read in three orders, and where they disagree
 * beyond the noise the cell is unsure (adaptive-grid.ts measures it rather than guess). Pure.
 */

export type Axis = 'b' | 'f' | 'j';

/** A cell by its place on each axis (indexes into the grid's lists). */
export interface Cell {
  b: number;
  f: number;
  j: number;
}

export interface GridAxes {
  /** Ascending, bytes. */
  blockSizes: number[];
  /** Ascending, bytes per job's file. */
  fileSizes: number[];
  /** Ascending job counts. */
  jobs: number[];
}

export const key = (cell: Cell) => `${cell.b}/${cell.f}/${cell.j}`;

export const axisValues = (grid: GridAxes, axis: Axis) =>
  axis === 'b' ? grid.blockSizes : axis === 'f' ? grid.fileSizes : grid.jobs;

export const axes: readonly Axis[] = ['b', 'f', 'j'];
/** Three orders, each axis first once: enough to tell whether the order changes a figure. */
const orders: readonly (readonly Axis[])[] = [
  ['b', 'f', 'j'],
  ['f', 'j', 'b'],
  ['j', 'b', 'f'],
];

/** Every line of the grid along `axis`: its cells that can run, in order along the axis. */
export function linesAlong(grid: GridAxes, axis: Axis, runnable: (cell: Cell) => boolean): Cell[][] {
  const [u, v] = axes.filter((other) => other !== axis) as [Axis, Axis];
  const lines: Cell[][] = [];
  for (let p = 0; p < axisValues(grid, u).length; p += 1)
    for (let q = 0; q < axisValues(grid, v).length; q += 1) {
      const line = axisValues(grid, axis)
        .map((_, index) => ({ b: 0, f: 0, j: 0, [u]: p, [v]: q, [axis]: index }) as Cell)
        .filter(runnable);
      if (line.length > 0) lines.push(line);
    }
  return lines;
}

/** Log figures by cell, NaN where none: a flat array, since the fill reads it millions of times. */
export class LogFigures {
  readonly values: Float64Array;
  constructor(readonly grid: GridAxes) {
    this.values = new Float64Array(grid.blockSizes.length * grid.fileSizes.length * grid.jobs.length).fill(Number.NaN);
  }
  private index(cell: Cell): number {
    const { fileSizes, jobs, blockSizes } = this.grid;
    if (cell.b < 0 || cell.f < 0 || cell.j < 0 || cell.b >= blockSizes.length) return -1;
    if (cell.f >= fileSizes.length || cell.j >= jobs.length) return -1;
    return (cell.b * fileSizes.length + cell.f) * jobs.length + cell.j;
  }
  get(cell: Cell): number {
    const at = this.index(cell);
    return at < 0 ? Number.NaN : (this.values[at] as number);
  }
  set(cell: Cell, log: number): void {
    this.values[this.index(cell)] = log;
  }
  copy(): LogFigures {
    const copied = new LogFigures(this.grid);
    copied.values.set(this.values);
    return copied;
  }
}

/** The log figure at `x` on the straight line through (x0, y0) and (x1, y1), x on a log scale. */
export function between(x: number, x0: number, y0: number, x1: number, y1: number): number {
  return y0 + ((y1 - y0) * Math.log(x / x0)) / Math.log(x1 / x0);
}

/**
 * Per block size (index), the job count (index) past which more jobs gained nothing, as the
 * jobs probes found (adaptive-grid.ts step 2); undefined where none is known. Along a jobs line
 * whose measured cells lie either side of it, the fill rises to that point and stays flat past
 * it: read as a power law between 1 and 128 jobs, the cells between came out far too low
 * (docs/adaptive-sweep.md, step 4).
 */
export type Saturation = (b: number) => number | undefined;

export interface Estimate {
  /** bytes/s: the median of the orders' figures (those read between neighbours, when any were). */
  bytesPerSecond: number;
  /** Whether the orders disagree beyond the noise, or no order found the cell between neighbours. */
  unsure: boolean;
  /** How far apart the orders' figures are: largest ÷ smallest − 1. */
  disagreement: number;
}

/**
 * Every cell's figure read in one order of axes: each pass fills, along every line of its axis,
 * the cells between two known figures; two rounds of passes reach every cell the measured ones
 * surround. What is still empty then (past the last known cell of every line through it) takes
 * the nearest figure along its lines, flat, and is marked so (`carried`).
 */
function fillInOrder(
  lines: Record<Axis, Cell[][]>,
  measured: LogFigures,
  order: readonly Axis[],
  saturation: Saturation,
): { known: LogFigures; carried: Set<string> } {
  const known = measured.copy();
  for (let round = 0; round < 2; round += 1)
    for (const axis of order)
      for (const line of lines[axis]) {
        const places = line.flatMap((cell, at) => (Number.isNaN(known.get(cell)) ? [] : [at]));
        if (places.length < 2) continue;
        const x = (cell: Cell) => Math.log(axisValues(measured.grid, axis)[cell[axis]] as number);
        const points = places.map((at) => {
          const cell = line[at] as Cell;
          return { x: x(cell), y: known.get(cell), j: cell.j };
        });
        const s = axis === 'j' ? saturation((line[0] as Cell).b) : undefined;
        const knee = s === undefined ? -1 : points.findIndex((point) => point.j >= s);
        const past = points[knee];
        // Jobs gained up to the saturation point and, by the probes, nothing past it: the line is
        // flat from there at the figure it reaches further on (not a power law from 1 job onwards).
        if (s !== undefined && past && knee > 0 && past.j !== s && past.y > (points[knee - 1]?.y as number))
          points.splice(knee, 0, { x: Math.log(axisValues(measured.grid, 'j')[s] as number), y: past.y, j: s });
        const curve = monotoneCurve(
          points.map((point) => point.x),
          points.map((point) => point.y),
        );
        for (let at = (places[0] as number) + 1; at < (places.at(-1) as number); at += 1) {
          const cell = line[at] as Cell;
          if (Number.isNaN(known.get(cell))) known.set(cell, curve(x(cell)));
        }
      }
  const carried = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const axis of order)
      for (const line of lines[axis]) {
        const places = line.flatMap((cell, at) => (Number.isNaN(known.get(cell)) ? [] : [at]));
        if (places.length === 0 || places.length === line.length) continue;
        line.forEach((cell, at) => {
          if (!Number.isNaN(known.get(cell))) return;
          const nearest = places.reduce((best, place) => (Math.abs(place - at) < Math.abs(best - at) ? place : best));
          known.set(cell, known.get(line[nearest] as Cell));
          carried.add(key(cell));
          changed = true;
        });
      }
  }
  return { known, carried };
}

/**
 * Every unmeasured cell's estimate from the measured figures: the three orders' figures, their
 * median, and whether the cell is unsure (`noise`: the relative difference two figures may have
 * and still be the same).
 */
export function estimateGrid(
  lines: Record<Axis, Cell[][]>,
  measured: LogFigures,
  noise: number,
  saturation: Saturation = () => undefined,
): Map<string, Estimate & { cell: Cell }> {
  const filled = orders.map((order) => fillInOrder(lines, measured, order, saturation));
  const estimates = new Map<string, Estimate & { cell: Cell }>();
  for (const line of lines.j)
    for (const cell of line) {
      if (!Number.isNaN(measured.get(cell))) continue;
      const id = key(cell);
      const all = filled.filter((each) => !Number.isNaN(each.known.get(cell)));
      const inBetween = all.filter((each) => !each.carried.has(id));
      const used = (inBetween.length > 0 ? inBetween : all).map((each) => each.known.get(cell)).sort((x, y) => x - y);
      if (used.length === 0) continue;
      const disagreement = Math.exp((used.at(-1) as number) - (used[0] as number)) - 1;
      estimates.set(id, {
        cell,
        bytesPerSecond: Math.exp(median(used)),
        unsure: inBetween.length === 0 || disagreement > noise,
        disagreement,
      });
    }
  return estimates;
}

/**
 * The curve through known points (xs ascending) that the fill reads a figure off: piecewise cubic,
 * monotone between each two points (Fritsch–Carlson), so a figure never leaves its two neighbours'
 * range and a cliff is never overshot; through three or more points it bends as they do. Between
 * two points it is the straight line. A straight line through each pair alone under-read a surface
 * that rises to a peak between measured cells (issue #35's bench: 14 of 15 inferred cells below
 * their fixed checks, around 128k–512k blocks); the curve keeps the slope the neighbours show.
 */
export function monotoneCurve(xs: readonly number[], ys: readonly number[]): (x: number) => number {
  const last = xs.length - 1;
  const width = (k: number) => (xs[k + 1] as number) - (xs[k] as number);
  const slope = (k: number) => ((ys[k + 1] as number) - (ys[k] as number)) / width(k);
  // Each point's tangent: the neighbouring slopes' weighted harmonic mean, flat at a turn (a peak, a dip).
  const tangents = xs.map((_, k) => {
    if (k === 0) return slope(0);
    if (k === last) return slope(last - 1);
    const [before, after] = [slope(k - 1), slope(k)];
    if (before === 0 || after === 0 || Math.sign(before) !== Math.sign(after)) return 0;
    const [w1, w2] = [2 * width(k) + width(k - 1), width(k) + 2 * width(k - 1)];
    return (w1 + w2) / (w1 / before + w2 / after);
  });
  return (x) => {
    let k = 0;
    while (k < last - 1 && x > (xs[k + 1] as number)) k += 1;
    const h = width(k);
    const t = (x - (xs[k] as number)) / h;
    const [y0, y1] = [ys[k] as number, ys[k + 1] as number];
    const [d0, d1] = [(tangents[k] as number) * h, (tangents[k + 1] as number) * h];
    return (
      (2 * t ** 3 - 3 * t ** 2 + 1) * y0 +
      (t ** 3 - 2 * t ** 2 + t) * d0 +
      (3 * t ** 2 - 2 * t ** 3) * y1 +
      (t ** 3 - t ** 2) * d1
    );
  };
}
