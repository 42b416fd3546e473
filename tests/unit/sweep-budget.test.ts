import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planSweep } from '../../electron/engine/disk/sweep-plan';
import { cellWorstSeconds, sweepBudgetPreview } from '../../shared/sweep/budget';

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
    // Room for every cell that settles, not for all of them at their worst: no "within 30 min … up to 1 h".
    const between = sweepBudgetPreview({ ...grid, adaptive: false, budgetSeconds: 30 * 60 });
    expect(between.measured).toBe(80);
    expect(between.words).toBe(
      'Within 30 min: all 80 cells measured if they settle (about 11 min); cells that do not settle take longer, ' +
        'and the sweep stops at 30 min with the last of them left out.',
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
    // The jobs probe on two block sizes (3 job counts each) and the grid's 8 corners, 2 of them probed: 12 cells.
    expect(enough.wanted).toBe(12);
    expect(enough.words).toBe(
      'Within 30 min: at least 12 of 80 cells measured (2 min when the cells settle), more where neighbouring ' +
        'cells differ; up to 68 inferred from them and marked ≈.',
    );
    // A minute cannot hold the largest cells' worst case (512 MiB × 8 jobs laid out at 10 MiB/s).
    const tight = sweepBudgetPreview({ ...grid, adaptive: true, budgetSeconds: 60 });
    expect(tight.measured).toBeLessThan(tight.wanted);
    expect(tight.words).toBe(
      `Within 1 min: about ${tight.measured} of 80 cells measured, of at least 12 the adaptive sweep wants; the ` +
        `other ${80 - tight.measured} inferred, from fewer measurements. Give it at least 8 min.`,
    );
    // What it suggests is enough, and a minute less is not: the largest cell's worst case alone is 7 min 2 s.
    expect(sweepBudgetPreview({ ...grid, adaptive: true, budgetSeconds: 8 * 60 }).measured).toBe(tight.wanted);
    expect(sweepBudgetPreview({ ...grid, adaptive: true, budgetSeconds: 7 * 60 }).measured).toBeLessThan(tight.wanted);
    // Both directions: an adaptive sweep samples each on its own.
    expect(sweepBudgetPreview({ ...grid, rw: 'both', adaptive: true, budgetSeconds: 3600 }).wanted).toBe(
      2 * enough.wanted,
    );
  });

  it("at seed 002's scale, counts and names the cells that cannot run here, and measures and infers the rest", () => {
    // 10 block sizes (4k–2M) × 12 file sizes (1M–2G) × 8 job counts (1–128), in a folder with 100 GiB free.
    const seed002 = {
      blockSizes: Array.from({ length: 10 }, (_, n) => 4 * KiB * 2 ** n),
      fileSizes: Array.from({ length: 12 }, (_, n) => MiB * 2 ** n),
      jobs: [1, 2, 4, 8, 16, 32, 64, 128],
      rw: 'read' as const,
      maxSeconds: 10,
      freeBytes: 100 * 1024 * MiB,
    };
    const preview = sweepBudgetPreview({ ...seed002, adaptive: true, budgetSeconds: 24 * 3600 });
    // 2M blocks on 1M files (8 job counts); files past 100 GiB less the 5% kept free: 128 jobs × 1G, 64–128 × 2G.
    const blocks = preview.leftOut.filter((cell) => cell.reason === 'block-larger-than-file');
    const room = preview.leftOut.filter((cell) => cell.reason === 'files-do-not-fit');
    expect(blocks).toHaveLength(8);
    expect(room).toHaveLength(3 * 10);
    expect(preview.cells).toBe(960 - 38);
    expect(room.every((cell) => cell.fileSizeBytes * cell.numjobs > 95 * 1024 * MiB)).toBe(true);
    // Its probes and corners are 12 cells; a tenth of the grid is measured at least.
    expect(preview.words).toMatch(/^Within 24 h: at least 93 of 922 cells measured .*; up to 829 inferred from them/);
    expect(preview.words).toContain(
      'Left out, as they cannot run here: 8 cells whose blocks are larger than their files (2M blocks on 1M files); ' +
        '30 cells whose files do not fit the 100 GiB free with the margin kept (64 and 128 jobs on 2G files; ' +
        '128 jobs on 1G files).',
    );
    // The same cells, named the same, as the engine's plan leaves out.
    const plan = planSweep(
      { ...seed002, steadyState: true, maxRuntimeSeconds: 10, timeBudgetSeconds: 3600 },
      seed002.freeBytes,
    );
    expect(plan.cells).toHaveLength(preview.cells);
    expect(plan.leftOut.map((cell) => cell.name).sort()).toEqual(preview.leftOut.map((cell) => cell.name).sort());
  });
  it('suggests a budget, when one is short, at which the adaptive sweep measures every cell it wants', () => {
    const sizes = (unit: number) =>
      fc
        .uniqueArray(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 5 })
        .map((powers) => powers.map((power) => unit * 2 ** power));
    fc.assert(
      fc.property(
        sizes(4 * KiB),
        sizes(MiB),
        fc.uniqueArray(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 20 }),
        (blockSizes, fileSizes, jobs, maxSeconds, minutes) => {
          const input = { blockSizes, fileSizes, jobs, rw: 'read' as const, maxSeconds, adaptive: true };
          const short = sweepBudgetPreview({ ...input, budgetSeconds: minutes * 60 });
          const suggested = /Give it at least (?:(\d+) h)? ?(?:(\d+) min)?\./.exec(short.words);
          if (short.measured >= short.wanted) {
            expect(suggested).toBeNull();
            return;
          }
          const seconds = Number(suggested?.[1] ?? 0) * 3600 + Number(suggested?.[2] ?? 0) * 60;
          expect(seconds).toBeGreaterThan(minutes * 60);
          expect(sweepBudgetPreview({ ...input, budgetSeconds: seconds }).measured).toBe(short.wanted);
        },
      ),
    );
  });
});
