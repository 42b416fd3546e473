import { relativeSpread } from '../../../shared/util/spread';
import { adaptiveRule, apart, toleranceOf, type Grid, type GridCell, type Reading } from './adaptive-rule';
import { axisValues, between, estimateGrid, key, linesAlong, LogFigures, type Axis, type Cell } from './grid-fill';
import { probeJobs, referenceColumn } from './jobs-probe';

export { adaptiveRule, apart, toleranceOf, type Grid, type GridCell, type Reading };
export type { Cell };

/**
 * Which cells of a block size × file size × jobs grid an adaptive sweep measures, and what it says
 * of the others (issues #21, #35): a home user has minutes, so the grid is measured where it tells
 * something, in steps:
 *
 * 1. the run-to-run noise, from two cells measured twice, which the later rules judge neighbours by;
 * 2. the grid's corners, then jobs per block size to where more jobs stop helping (under half the
 *    time budget), then each probed block size there on the smallest and largest file sizes;
 * 3. refinement: the middle of each gap whose ends differ beyond their noise and off one trend;
 * 4. unsure cells: where three orders of reading between neighbours disagree, measure, then step 3;
 * 5. the least share: until a tenth of the grid is measured, steps 3 and 4 judge by a steady NAS's noise;
 * 6. the drift: the first cell once more, last, since a NAS's speed can wander over the minutes.
 *
 * The rest is inferred and marked so, never drawn as measured; a cell that cannot run here gets no
 * figure, nor does any cell when nothing was measured. What each rule was chosen against (the
 * bench figures of issue #35) is in docs/adaptive-sweep.md.
 *
 * Pure: `measure` runs a cell (fio on the NAS in a sweep; a recorded grid in the tests).
 */

export interface AdaptiveResult {
  /** Every cell of the grid that can run and has a figure: measured ones as read, the others inferred. */
  cells: GridCell[];
  /** Per probed block size (index): the job count index past which more jobs gained nothing. */
  saturation: Map<number, number>;
  /** Inferred cells still unsure (their neighbours disagree) because they could not be measured (the budget). */
  unsure: number;
  /** The run-to-run noise the rules used (relative, one deviation): measured, never below the default. */
  noise: number;
  /** Cells measured after the noise's rules were done, to reach the least share of the grid (step 5). */
  beyondNoise: number;
  /** The first cell's figure at the start and again at the end (step 6); null when it could not run again. */
  drift: Drift | null;
}

export interface Drift {
  cell: Cell;
  /** bytes/s, the cell's first run (its figure in the grid). */
  start: number;
  /** bytes/s, its run after every other cell. */
  end: number;
}

/**
 * Measures the grid adaptively; `measure` may return null for a cell that could not run (then it is
 * inferred). `spent` is the share of the sweep's time budget used so far (0 to 1; none: 0).
 */
export async function sampleGrid(
  grid: Grid,
  measure: (cell: Cell) => Promise<Reading | null>,
  spent: () => number = () => 0,
): Promise<AdaptiveResult> {
  const runnable = (cell: Cell) => !grid.leftOut?.(cell);
  const readings = new Map<string, Reading>();
  const logs = new LogFigures(grid);
  const asked = new Set<string>();
  const read = async (cell: Cell): Promise<Reading | null> => {
    const id = key(cell);
    if (!asked.has(id) && runnable(cell)) {
      asked.add(id);
      const reading = await measure(cell);
      if (reading && reading.bytesPerSecond > 0) {
        readings.set(id, reading);
        logs.set(cell, Math.log(reading.bytesPerSecond));
      }
    }
    return readings.get(id) ?? null;
  };
  const noise = await runToRunNoise(grid, runnable, read, measure);
  const first = noiseCells(grid, runnable).find((cell) => readings.has(key(cell)));
  // The corners before the probes: a budget the probes use up still leaves every cell between measured ones.
  for (const cell of corners(grid, runnable)) await read(cell);
  const saturation = await probeJobs(grid, runnable, read, noise, spent);
  for (const cell of atSaturation(grid, runnable, saturation)) await read(cell);

  const lines = {
    b: linesAlong(grid, 'b', runnable),
    f: linesAlong(grid, 'f', runnable),
    j: linesAlong(grid, 'j', runnable),
  };
  for (;;) {
    const gap = widestGap(grid, lines, readings, asked, noise);
    if (gap) {
      await read(gap);
      continue;
    }
    const unsure = mostUnsure(estimate(lines, readings, logs, noise, saturation), asked);
    if (!unsure) break;
    await read(unsure);
  }
  const byNoise = readings.size;
  const floor = Math.ceil(lines.j.reduce((sum, line) => sum + line.length, 0) * adaptiveRule.leastMeasured);
  while (readings.size < floor) {
    const steady = adaptiveRule.defaultNoise;
    const cell =
      widestGap(grid, lines, readings, asked, steady) ??
      mostUnsure(estimate(lines, readings, logs, steady, saturation), asked);
    // A cell that could not be measured ends it: past the budget every cell answers so.
    if (!cell || !(await read(cell))) break;
  }
  const drift = first ? await driftOf(first, readings.get(key(first)) as Reading, measure) : null;
  const estimates = estimate(lines, readings, logs, noise, saturation);
  const cells: GridCell[] = [];
  let unsure = 0;
  for (const line of lines.j)
    for (const cell of line) {
      const measured = readings.get(key(cell));
      const inferred = estimates.get(key(cell));
      if (measured) cells.push({ ...cell, ...measured, inferred: false });
      else if (inferred) {
        cells.push({ ...cell, bytesPerSecond: inferred.bytesPerSecond, spread: null, inferred: true });
        if (inferred.unsure) unsure += 1;
      }
    }
  return { cells, saturation, unsure, noise, beyondNoise: readings.size - byNoise, drift };
}

/** Step 6: the first cell measured once more; its first figure stays the grid's. */
async function driftOf(cell: Cell, start: Reading, measure: (cell: Cell) => Promise<Reading | null>) {
  const end = await measure(cell);
  return end && end.bytesPerSecond > 0 ? { cell, start: start.bytesPerSecond, end: end.bytesPerSecond } : null;
}

function estimate(
  lines: Record<Axis, Cell[][]>,
  readings: ReadonlyMap<string, Reading>,
  logs: LogFigures,
  noise: number,
  saturation: ReadonlyMap<number, number>,
) {
  // The grid's own tolerance: as for its typical measured cell.
  const spreads = [...readings.values()].map((reading) => reading.spread ?? 0).sort((a, b) => a - b);
  return estimateGrid(
    lines,
    logs,
    toleranceOf(noise, { bytesPerSecond: 0, spread: spreads[Math.floor(spreads.length / 2)] ?? 0 }),
    (b) => nearestSaturation(saturation, b),
  );
}

/**
 * A block size's saturation point: its own probe's, else the nearest probed block size's (the
 * smaller on a tie). Step 2 probes a block size between two whose points differ, budget allowing,
 * so one between two probed ones mostly lies between two that agree.
 */
function nearestSaturation(saturation: ReadonlyMap<number, number>, b: number): number | undefined {
  let nearest: { b: number; j: number } | undefined;
  for (const [probed, j] of saturation) {
    const closer = !nearest || Math.abs(probed - b) < Math.abs(nearest.b - b);
    const tie = nearest && Math.abs(probed - b) === Math.abs(nearest.b - b) && probed < nearest.b;
    if (closer || tie) nearest = { b: probed, j };
  }
  return nearest?.j;
}

/** The unsure cell whose orders disagree most (a cell asked before and not read is left inferred). */
function mostUnsure(estimates: ReturnType<typeof estimateGrid>, asked: Set<string>): Cell | null {
  let most: { cell: Cell; disagreement: number } | undefined;
  for (const [id, each] of estimates)
    if (each.unsure && !asked.has(id) && (!most || each.disagreement > most.disagreement)) most = each;
  return most?.cell ?? null;
}

const lastOf = (grid: Grid, axis: Axis) => axisValues(grid, axis).length - 1;

/** The nearest runnable cell along `axis` from `from`, inward from its end of the axis. */
function inward(grid: Grid, runnable: (cell: Cell) => boolean, from: Cell, axis: Axis): Cell | null {
  const step = from[axis] === 0 ? 1 : -1;
  for (let at = from[axis]; at >= 0 && at <= lastOf(grid, axis); at += step) {
    const cell = { ...from, [axis]: at };
    if (runnable(cell)) return cell;
  }
  return null;
}

/**
 * Step 2, first: the grid's corners. A corner that cannot run gives way to the nearest runnable cell
 * along each axis from it, so that the measured lines still span every line's runnable stretch.
 * Measured before the jobs probes, which could otherwise spend the budget on one file size and leave
 * the others to be carried flat from a single cell (docs/adaptive-sweep.md, step 2).
 */
function corners(grid: Grid, runnable: (cell: Cell) => boolean): Cell[] {
  const found: Cell[] = [];
  for (const b of new Set([0, lastOf(grid, 'b')]))
    for (const f of new Set([0, lastOf(grid, 'f')]))
      for (const j of new Set([0, lastOf(grid, 'j')])) {
        const corner = { b, f, j };
        if (runnable(corner)) found.push(corner);
        else
          for (const axis of ['b', 'f', 'j'] as const)
            found.push(...[inward(grid, runnable, corner, axis)].filter((c) => c !== null));
      }
  return found;
}

/** Step 2, then: each probed block size at its saturation point on the smallest and largest file sizes. */
function atSaturation(grid: Grid, runnable: (cell: Cell) => boolean, saturation: Map<number, number>): Cell[] {
  const found: Cell[] = [];
  for (const [b, j] of saturation)
    for (const f of new Set([0, lastOf(grid, 'f')])) {
      const cell = inward(grid, runnable, { b, f, j }, 'f');
      if (cell) found.push(cell);
    }
  return found;
}

/**
 * Step 3: the middle cell of the widest gap, on any line, whose measured ends differ beyond their
 * tolerance and do not lie on one straight trend (log scales) with the measured cell beyond either
 * end. A trend is judged by the noise alone, not the cells' own spreads: a cell whose samples
 * wandered (one at a cache's edge) cannot vouch that a line runs straight past it.
 */
function widestGap(
  grid: Grid,
  lines: Record<Axis, Cell[][]>,
  readings: ReadonlyMap<string, Reading>,
  asked: ReadonlySet<string>,
  noise: number,
): Cell | null {
  let widest: { cell: Cell; width: number } | undefined;
  for (const axis of ['b', 'f', 'j'] as const) {
    const values = axisValues(grid, axis);
    for (const line of lines[axis]) {
      const places = line.flatMap((cell, at) => (readings.has(key(cell)) ? [at] : []));
      const point = (n: number) => {
        const cell = line[places[n] as number] as Cell;
        return { x: values[cell[axis]] as number, reading: readings.get(key(cell)) as Reading };
      };
      // Three measured cells in a row, the middle one on the straight line through the outer two.
      const straight = (n: number) => {
        if (n < 1 || n + 1 >= places.length) return false;
        const [a, m, z] = [point(n - 1), point(n), point(n + 1)];
        const log = (p: typeof a) => Math.log(p.reading.bytesPerSecond);
        const expected = between(m.x, a.x, log(a), z.x, log(z));
        return Math.abs(Math.exp(log(m) - expected) - 1) <= toleranceOf(noise);
      };
      for (let n = 1; n < places.length; n += 1) {
        const [low, high] = [places[n - 1] as number, places[n] as number];
        const [a, z] = [point(n - 1).reading, point(n).reading];
        if (high - low < 2 || apart(a, z) <= toleranceOf(noise, a, z) || straight(n - 1) || straight(n)) continue;
        const middle = line[Math.floor((low + high) / 2)] as Cell;
        if (!asked.has(key(middle)) && (!widest || high - low > widest.width))
          widest = { cell: middle, width: high - low };
      }
    }
  }
  return widest?.cell ?? null;
}

/** Step 1's cells: the first cell of the smallest and largest block sizes' probes. */
const noiseCells = (grid: Grid, runnable: (cell: Cell) => boolean): Cell[] =>
  [...new Set([0, grid.blockSizes.length - 1])].map((b) => ({ b, f: referenceColumn(grid, b, runnable), j: 0 }));

/**
 * Step 1: the first cell of the smallest and largest block sizes' probes, each read (their first
 * reading stays the cell's figure), then each measured again; the relative spread of each pair
 * (root mean square over the cells), never below the default.
 */
async function runToRunNoise(
  grid: Grid,
  runnable: (cell: Cell) => boolean,
  read: (cell: Cell) => Promise<Reading | null>,
  measure: (cell: Cell) => Promise<Reading | null>,
): Promise<number> {
  const cells = noiseCells(grid, runnable);
  const firsts: (Reading | null)[] = [];
  for (const cell of cells) firsts.push(await read(cell));
  const spreads: number[] = [];
  for (const [n, cell] of cells.entries()) {
    const first = firsts[n];
    const again = first ? await measure(cell) : null;
    const spread = first && again ? relativeSpread([first.bytesPerSecond, again.bytesPerSecond]) : null;
    if (spread !== null) spreads.push(spread);
  }
  const rms = Math.sqrt(spreads.reduce((sum, each) => sum + each ** 2, 0) / Math.max(1, spreads.length));
  return Math.max(adaptiveRule.defaultNoise, rms);
}
