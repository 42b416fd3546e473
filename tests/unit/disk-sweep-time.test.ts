import { describe, expect, it } from 'vitest';
import { LayoutPace, planSweep } from '../../electron/engine/disk/sweep-plan';
import { SweepClock } from '../../electron/engine/disk/sweep-time';
import { MiB, unitSweepGrid } from '../helpers/sweep-grid';

const grid = unitSweepGrid;

describe('the time a sweep has left', () => {
  it('before any cell: each settles in the window and ramp, starts in 2 s, and lays out its files at 10 MiB/s once', () => {
    const clock = new SweepClock(planSweep(grid));
    // 12 cells × (6 s fio + 2 s start-up); 64 MiB, 256 MiB, 4 × 64 MiB and 4 × 256 MiB laid out at 10 MiB/s;
    // then removing the scratch folder, one more start-up.
    const layouts = 6.4 + 25.6 + 25.6 + 102.4;
    expect(clock.left(0, 0, 0)).toBeCloseTo(12 * 8 + layouts + 2, 6);
  });

  it('after cells: fio’s mean runtime, the start-up of cells on files already there, layout at the pace seen', () => {
    const plan = planSweep(grid);
    const clock = new SweepClock(plan);
    const [first, second] = plan.cells;
    if (!first || !second) throw new Error('no cells');
    // The first cell laid out its 64 MiB file: 6.4 s beside fio's 3 s; the second reused it: 0.5 s beside 3 s.
    clock.finished(first, 9.4, 3);
    clock.finished(second, 3.5, 3);
    // Laying out 64 MiB took 6.4 − 0.5 s: 5.9 s per 64 MiB from now on.
    const cell = 3 + 0.5;
    const layouts = 5.9 * 4 + 5.9 * 4 + 5.9 * 16;
    expect(clock.left(2, 2, 12.9)).toBeCloseTo(10 * cell + layouts + 0.5, 6);
  });

  it('after the first cell alone: its time beside fio’s run bounds the start-up, its layout counts as none yet', () => {
    const plan = planSweep(grid);
    const clock = new SweepClock(plan);
    const [first] = plan.cells;
    if (!first) throw new Error('no cell');
    // 0.8 s beside fio's 4 s, its file laid out and all: the 2 s default would read every cell 1.2 s long.
    clock.finished(first, 4.8, 4);
    expect(clock.left(1, 1, 4.8)).toBeCloseTo(11 * (4 + 0.8) + 0.8, 6);
  });

  it('counts only the cells whose worst case still fits the budget, as the engine starts them', () => {
    // One set of files, three fixed 10 s cells: each one's worst case is 10 + 6.4 + 2 → 19 s.
    const small = { ...grid, fileSizes: [64 * MiB], jobs: [1], steadyState: false, maxRuntimeSeconds: 10 };
    const all = new SweepClock(planSweep(small)).left(0, 0, 0);
    expect(all).toBeCloseTo(3 * 12 + 6.4 + 2, 6);
    // Within 40 s the third cell cannot start after two (18.4 s then 12 s: 30.4 + 19 > 40).
    const cut = new SweepClock(planSweep({ ...small, timeBudgetSeconds: 40 }), new LayoutPace()).left(0, 0, 0);
    expect(cut).toBeCloseTo(18.4 + 12 + 2, 6);
  });

  it('an adaptive sweep: one mean cell less per run, down to its closing check, never past the budget', () => {
    const plan = planSweep({ ...grid, adaptive: true, timeBudgetSeconds: 600 });
    const clock = new SweepClock(plan);
    const mean = 6 + 2;
    expect(clock.left(0, 0, 0) - clock.left(0, 1, 0)).toBeCloseTo(mean, 6);
    // Every wanted run made: the first cell's closing run and the scratch folder's removal are left.
    expect(clock.left(0, 1000, 0)).toBeCloseTo(mean + 2, 6);
    // At the budget's end nothing more starts.
    expect(clock.left(0, 0, 600)).toBeCloseTo(2, 6);
    expect(clock.left(0, 0, 590)).toBeCloseTo(10 + 2, 6);
  });
});
