import { describe, expect, it } from 'vitest';
import { planSweep } from '../../electron/engine/disk/sweep-plan';
import { cellWorstSeconds, sweepBudgetPreview } from '../../shared/words/sweep-budget';

/** The sweep form's preview of what a time budget buys (issue #21). */
const KiB = 1024;
const MiB = 1024 * KiB;
const grid = {
  blockSizes: [4 * KiB, 16 * KiB, 64 * KiB, 256 * KiB, MiB],
  fileSizes: [8 * MiB, 32 * MiB, 128 * MiB, 512 * MiB],
  jobs: [1, 2, 4, 8],
  rw: 'write' as const,
  maxSeconds: 10,
};

describe('the sweep budget preview', () => {
  it("checks each cell's worst case as the engine does", () => {
    const plan = planSweep({ ...grid, steadyState: true, maxRuntimeSeconds: 10, timeBudgetSeconds: 3600 });
    expect(plan.cells.map((cell) => cellWorstSeconds(10, cell.fileSize, cell.jobs))).toEqual(
      plan.cells.map((cell) => cell.worstCaseSeconds),
    );
  });

  it('says how many cells a full grid measures within the budget, and how many it leaves out', () => {
    const roomy = sweepBudgetPreview({ ...grid, adaptive: false, budgetSeconds: 24 * 3600 });
    expect(roomy).toMatchObject({ cells: 80, wanted: 80, measured: 80 });
    expect(roomy.words).toMatch(
      /^Within 24 h: all 80 cells measured \(\d+ min when the cells settle, up to \d+ h \d+ min if none does\)\.$/,
    );
    const short = sweepBudgetPreview({ ...grid, adaptive: false, budgetSeconds: 5 * 60 });
    expect(short.measured).toBeGreaterThan(20);
    expect(short.measured).toBeLessThan(80);
    expect(short.words).toBe(
      `Within 5 min: about ${short.measured} of 80 cells measured; the last ${80 - short.measured} left out. All 80 need about 11 min when the cells settle (up to 1 h 42 min).`,
    );
  });

  it('says how many cells an adaptive sweep measures and infers, and when the budget is too short for them', () => {
    const enough = sweepBudgetPreview({ ...grid, adaptive: true, budgetSeconds: 30 * 60 });
    // Jobs on two probe rows (3 each) and a 3 × 2 coarse grid at two job counts: 18 cells before refinement.
    expect(enough.wanted).toBe(18);
    expect(enough.words).toBe(
      'Within 30 min: at least 18 of 80 cells measured (2 min when the cells settle), more where neighbouring ' +
        'cells differ; the others inferred from them and marked ≈.',
    );
    // A minute cannot hold the largest cells' worst case (512 MiB × 8 jobs laid out at 10 MiB/s).
    const tight = sweepBudgetPreview({ ...grid, adaptive: true, budgetSeconds: 60 });
    expect(tight.measured).toBeLessThan(tight.wanted);
    expect(tight.words).toMatch(
      /^Within 1 min: about \d+ cells measured, of at least 18 the adaptive sweep wants; the others inferred, from fewer measurements\. Give it at least 2 min\.$/,
    );
    // Both directions: an adaptive sweep samples each on its own.
    expect(sweepBudgetPreview({ ...grid, rw: 'both', adaptive: true, budgetSeconds: 3600 }).wanted).toBe(
      2 * enough.wanted,
    );
  });
});
