import {
  sampleGrid,
  toleranceOf,
  type Cell,
  type Grid,
  type GridCell,
  type Reading,
} from '../../electron/engine/disk/adaptive-grid';
import { linesAlong } from '../../electron/engine/disk/grid-fill';

/** The adaptive sampler run against grids of known readings (tests/unit/adaptive-grid*.test.ts). */

/**
 * Runs the sampler against a grid of known readings, counting what it measured. `spent`, given the
 * cells asked so far, is the share of the time budget used (none: a budget that never runs out).
 */
export async function sample(
  grid: Grid,
  readingAt: (cell: Cell) => Reading | null,
  spent: (asked: number) => number = () => 0,
) {
  const asked: Cell[] = [];
  const result = await sampleGrid(
    grid,
    async (cell) => {
      asked.push(cell);
      return readingAt(cell);
    },
    () => spent(asked.length),
  );
  return { ...result, asked };
}

export const id = (cell: Cell) => `${cell.b}/${cell.f}/${cell.j}`;

/**
 * Step 3's promise, checked on every line of the grid: between two neighbouring measured cells
 * with a cell between them, the ends agree within their tolerance, or lie on one straight trend
 * (log scales, within twice the noise) with the measured cell beyond either end, or the middle
 * cell was asked for.
 */
export function unrefinedGaps(grid: Grid, cells: readonly GridCell[], asked: readonly Cell[], noise: number): string[] {
  const measured = new Map(cells.filter((cell) => !cell.inferred).map((cell) => [id(cell), cell]));
  const wasAsked = new Set(asked.map(id));
  const runnable = (cell: Cell) => !grid.leftOut?.(cell);
  const values = { b: grid.blockSizes, f: grid.fileSizes, j: grid.jobs };
  const found: string[] = [];
  for (const axis of ['b', 'f', 'j'] as const)
    for (const line of linesAlong(grid, axis, runnable)) {
      const points = line.flatMap((cell, at) => {
        const reading = measured.get(id(cell));
        return reading ? [{ at, x: values[axis][cell[axis]] as number, reading }] : [];
      });
      const straight = (n: number) => {
        const [a, m, z] = [points[n - 1], points[n], points[n + 1]];
        if (!a || !m || !z) return false;
        const where = Math.log(m.x / a.x) / Math.log(z.x / a.x);
        const expected = a.reading.bytesPerSecond * (z.reading.bytesPerSecond / a.reading.bytesPerSecond) ** where;
        return Math.abs(m.reading.bytesPerSecond / expected - 1) <= toleranceOf(noise);
      };
      for (let n = 1; n < points.length; n += 1) {
        const [low, high] = [points[n - 1], points[n]] as [(typeof points)[0], (typeof points)[0]];
        if (high.at - low.at < 2 || straight(n - 1) || straight(n)) continue;
        const [a, z] = [low.reading.bytesPerSecond, high.reading.bytesPerSecond];
        const apart = Math.abs(a - z) / Math.max(a, z);
        const tolerance = toleranceOf(noise, low.reading, high.reading);
        const middle = line[Math.floor((low.at + high.at) / 2)] as Cell;
        if (apart > tolerance && !wasAsked.has(id(middle)))
          found.push(`${axis} ${id(low.reading)}–${id(high.reading)}`);
      }
    }
  return found;
}
