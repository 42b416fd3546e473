import type { SweepAdaptiveFacts } from '../../../shared/contract/disk';
import { sizeLabel } from '../../../shared/util/units';
import { adaptiveCountsSentence } from '../../../shared/sweep/words';
import { adaptiveRule, apart, sampleGrid, toleranceOf, type Drift, type Grid } from './adaptive-grid';
import type { DiskTestResult } from './result';
import {
  cellFitsBudget,
  cellIndex,
  type LayoutPace,
  type SweepCell,
  type SweepDirection,
  type SweepPlan,
} from './sweep-plan';

/** What running a sweep's cells gave: a result per plan cell (null: not measured), and for an adaptive sweep its inferences. */
export interface CellsOutcome {
  results: (DiskTestResult | null)[];
  seconds: number;
  /** An adaptive sweep's figure for each cell it did not measure (by plan cell); absent for a full sweep. */
  inferred?: (number | null)[];
  note?: string;
  /** An adaptive sweep's noise and drift check, as figures (the note says them in words). */
  adaptive?: SweepAdaptiveFacts;
}

const ascending = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);

/**
 * An adaptive sweep (adaptive-grid.ts picks the cells): each direction's grid sampled, the cells
 * it picked run as fio cells (within the time budget: past it a cell is inferred rather than run),
 * the rest inferred and said so. Where more jobs stop helping is worded from the measured cells
 * (shared/sweep/scaling.ts), the same for full and adaptive sweeps.
 */
export async function runAdaptive(
  plan: SweepPlan,
  runCell: (index: number, again?: boolean) => Promise<DiskTestResult | null>,
  now: () => number,
  pace: LayoutPace,
): Promise<CellsOutcome> {
  const started = now();
  const { options } = plan;
  const axes = {
    blockSizes: ascending(options.blockSizes),
    fileSizes: ascending(options.fileSizes),
    jobs: ascending(options.jobs),
  };
  const results: (DiskTestResult | null)[] = plan.cells.map(() => null);
  const inferred: (number | null)[] = plan.cells.map(() => null);
  const directions: SweepDirection[] = options.rw === 'both' ? ['write', 'read'] : [options.rw];
  let unsure = 0;
  let noise = 0;
  let beyondNoise = 0;
  const drifts: DriftSeen[] = [];
  for (const rw of directions) {
    const indexOf = (cell: { b: number; f: number; j: number }) =>
      cellIndex(plan, {
        rw,
        bs: axes.blockSizes[cell.b] ?? 0,
        fileSize: axes.fileSizes[cell.f] ?? 0,
        jobs: axes.jobs[cell.j] ?? 0,
      });
    // A cell the plan left out (it cannot run here) is not part of the grid: never measured, never inferred.
    const grid: Grid = { ...axes, leftOut: (cell) => indexOf(cell) < 0 };
    let firstIndex: number | undefined;
    // The share of the budget this direction has used, of what was left when it began.
    const begun = now();
    const left = options.timeBudgetSeconds - (begun - started);
    const spent = () => (left > 0 ? (now() - begun) / left : 1);
    const sampled = await sampleGrid(
      grid,
      async (cell) => {
        const index = indexOf(cell);
        // A second run (the sampler's run-to-run and drift checks) leaves the cell's first figure standing.
        const again = index >= 0 && results[index] !== null;
        firstIndex ??= index;
        // A new cell leaves room in the budget for the first cell's run at the end (the drift check).
        const then = again || index === firstIndex ? undefined : firstIndex;
        if (index < 0 || !cellFitsBudget(plan, index, now() - started, pace, then)) return null;
        const result = await runCell(index, again);
        results[index] ??= result;
        return result ? { bytesPerSecond: result.bytesPerSecond, spread: result.spread?.relative ?? null } : null;
      },
      spent,
    );
    for (const cell of sampled.cells) if (cell.inferred) inferred[indexOf(cell)] = cell.bytesPerSecond;
    unsure += sampled.unsure;
    noise = Math.max(noise, sampled.noise);
    beyondNoise += sampled.beyondNoise;
    const first = sampled.drift && plan.cells[indexOf(sampled.drift.cell)];
    if (sampled.drift && first) {
      const { start, end } = sampled.drift;
      const withinNoise = apart(reading(start), reading(end)) <= toleranceOf(sampled.noise);
      drifts.push({ start, end, withinNoise, plan: first });
    }
  }
  const measured = results.filter(Boolean).length;
  const note =
    adaptiveCountsSentence(plan.cells.length, measured, inferred.filter((figure) => figure !== null).length) +
    (measured > 0
      ? ` Neighbours were judged against a run-to-run noise of ±${Math.round(noise * 100)}% (two cells measured twice).`
      : '') +
    (beyondNoise > 0
      ? ` That measured too few to go by, so ${beyondNoise} more were measured where neighbours differ by more than ` +
        `a steady NAS's ±${Math.round(adaptiveRule.defaultNoise * 100)}%, towards a tenth of the grid as the time budget allowed.`
      : '') +
    (unsure > 0
      ? ` The time budget ran out before ${unsure} of them could be measured where their neighbours disagree: ` +
        'those are the least sure.'
      : '') +
    drifts.map(driftSentence).join('');
  const drift = drifts.map(({ plan: cell, start, end, withinNoise }) => ({ name: cell.name, start, end, withinNoise }));
  return { results, seconds: now() - started, inferred, note, adaptive: { runToRunNoise: noise, drift } };
}

const reading = (bytesPerSecond: number) => ({ bytesPerSecond, spread: null });

interface DriftSeen extends Pick<Drift, 'start' | 'end'> {
  /** Whether the closing run landed within the run-to-run noise of the first. */
  withinNoise: boolean;
  plan: SweepCell;
}

/** What the first cell's closing run says of the NAS's speed over the sweep (adaptive-grid.ts step 6). */
function driftSentence({ start, end, withinNoise, plan }: DriftSeen): string {
  const jobs = `${plan.jobs} ${plan.jobs === 1 ? 'job' : 'jobs'}`;
  const said = ` Measured again at the end, the first cell (${sizeLabel(plan.bs)} blocks, ${sizeLabel(plan.fileSize)} files, ${jobs}, ${plan.rw}) read`;
  if (withinNoise)
    return `${said} within the run-to-run noise of its first run: the speed at the end was the speed at the start (what it did between, only the cells can show).`;
  const change = Math.round(Math.abs(end / start - 1) * 100);
  return (
    `${said} ${change}% ${end < start ? 'slower' : 'faster'} than at the start, beyond the run-to-run noise: ` +
    'the speed changed while the sweep ran, so cells measured minutes apart may differ by that much for no reason of their own.'
  );
}
