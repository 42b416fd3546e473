import { sampleGrid, type Grid } from './adaptive-grid';
import type { DiskTestResult } from './result';
import { cellFitsBudget, cellIndex, type SweepDirection, type SweepPlan } from './sweep-plan';

/** What running a sweep's cells gave: a result per plan cell (null: not measured), and for an adaptive sweep its inferences. */
export interface CellsOutcome {
  results: (DiskTestResult | null)[];
  seconds: number;
  /** An adaptive sweep's figure for each cell it did not measure (by plan cell); absent for a full sweep. */
  inferred?: (number | null)[];
  note?: string;
}

const ascending = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);

/**
 * An adaptive sweep (adaptive-grid.ts picks the cells): each direction's grid sampled, the cells
 * it picked run as fio cells (within the time budget: past it a cell is inferred rather than run),
 * the rest inferred and said so. Where more jobs stop helping is worded from the measured cells
 * (shared/words/sweep-scaling.ts), the same for full and adaptive sweeps.
 */
export async function runAdaptive(
  plan: SweepPlan,
  runCell: (index: number) => Promise<DiskTestResult | null>,
  now: () => number,
): Promise<CellsOutcome> {
  const started = now();
  const { options } = plan;
  const grid: Grid = {
    blockSizes: ascending(options.blockSizes),
    fileSizes: ascending(options.fileSizes),
    jobs: ascending(options.jobs),
  };
  const results: (DiskTestResult | null)[] = plan.cells.map(() => null);
  const inferred: (number | null)[] = plan.cells.map(() => null);
  const directions: SweepDirection[] = options.rw === 'both' ? ['write', 'read'] : [options.rw];
  for (const rw of directions) {
    const indexOf = (cell: { b: number; f: number; j: number }) =>
      cellIndex(plan, {
        rw,
        bs: grid.blockSizes[cell.b] ?? 0,
        fileSize: grid.fileSizes[cell.f] ?? 0,
        jobs: grid.jobs[cell.j] ?? 0,
      });
    const sampled = await sampleGrid(grid, async (cell) => {
      const index = indexOf(cell);
      if (index < 0 || !cellFitsBudget(plan, index, now() - started)) return null;
      const result = await runCell(index);
      results[index] = result;
      return result ? { bytesPerSecond: result.bytesPerSecond, spread: result.spread?.relative ?? null } : null;
    });
    for (const cell of sampled.cells) if (cell.inferred) inferred[indexOf(cell)] = cell.bytesPerSecond;
  }
  const measured = results.filter(Boolean).length;
  const note =
    `Adaptive sweep: ${measured} of ${plan.cells.length} cells measured; the other ${plan.cells.length - measured} ` +
    'are inferred from their measured neighbours and marked so (≈).';
  return { results, seconds: now() - started, inferred, note };
}
