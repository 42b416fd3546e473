import { adaptiveRule, gainedOn, type Grid, type Reading } from './adaptive-rule';
import type { Cell } from './grid-fill';

/**
 * Step 2: each probed block size's saturation point, on the largest file size where most of its
 * job counts can run; block sizes between two probed ones that disagree are probed in turn while
 * less than `adaptiveRule.probesShare` of the time budget is `spent` (0 to 1). A doubling gains
 * when it grows beyond the run-to-run `noise`.
 */
export async function probeJobs(
  grid: Grid,
  runnable: (cell: Cell) => boolean,
  read: (cell: Cell) => Promise<Reading | null>,
  noise: number,
  spent: () => number = () => 0,
): Promise<Map<number, number>> {
  const saturation = new Map<number, number>();
  const probe = async (b: number) =>
    saturation.set(b, await saturatingJobs(grid, b, referenceColumn(grid, b, runnable), read, noise));
  const lastB = grid.blockSizes.length - 1;
  await probe(0);
  if (lastB > 0) await probe(lastB);
  const halve = async (low: number, high: number): Promise<void> => {
    if (high - low < 2 || saturation.get(low) === saturation.get(high)) return;
    if (spent() >= adaptiveRule.probesShare) return;
    const middle = Math.floor((low + high) / 2);
    await probe(middle);
    await halve(low, middle);
    await halve(middle, high);
  };
  await halve(0, lastB);
  return saturation;
}

/** The file size a block size's jobs are probed on: the largest where the most of its job counts can run. */
export function referenceColumn(grid: Grid, b: number, runnable: (cell: Cell) => boolean): number {
  let best = { f: grid.fileSizes.length - 1, count: -1 };
  grid.fileSizes.forEach((_, f) => {
    const count = grid.jobs.filter((__, j) => runnable({ b, f, j })).length;
    if (count >= best.count) best = { f, count };
  });
  return best.f;
}

/** Doubles the jobs on one line until the gain stays within the noise `flatSteps` times; the saturation index. */
async function saturatingJobs(
  grid: Grid,
  b: number,
  f: number,
  read: (cell: Cell) => Promise<Reading | null>,
  noise: number,
): Promise<number> {
  let best = 0;
  let flat = 0;
  let previous = await read({ b, f, j: 0 });
  for (let j = 1; j < grid.jobs.length && previous && flat < adaptiveRule.flatSteps; j += 1) {
    const reading = await read({ b, f, j });
    if (!reading) break;
    const gained = gainedOn(previous, reading, noise);
    if (gained) {
      best = j;
      flat = 0;
    } else flat += 1;
    previous = gained ? reading : previous;
  }
  return best;
}
