import type { SweepPlanOptions } from '../../electron/engine/disk/sweep-plan';

export const KiB = 1024;
export const MiB = 1024 * KiB;

/** The unit tests' sweep: 3 block sizes × 2 file sizes × 2 job counts, writes, steady state: 12 cells, 4 sets of files. */
export const unitSweepGrid: SweepPlanOptions = {
  blockSizes: [4 * KiB, 128 * KiB, MiB],
  fileSizes: [64 * MiB, 256 * MiB],
  jobs: [1, 4],
  rw: 'write',
  steadyState: true,
  maxRuntimeSeconds: 30,
  timeBudgetSeconds: 3600,
};
