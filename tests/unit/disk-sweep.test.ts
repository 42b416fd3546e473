import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NasCommands } from '../../electron/engine/disk/file-system';
import { answerAsSession } from '../helpers/stand-in-answer';
import { checkFioJob, fioArgv } from '../../electron/engine/disk/job';
import type { DiskTestResult } from '../../electron/engine/disk/result';
import { cellFitsBudget, LayoutPace, planSweep, runSweep, sweepHeatmaps } from '../../electron/engine/disk/sweep';
import { KiB, MiB, unitSweepGrid } from '../helpers/sweep-grid';

const grid = unitSweepGrid;

function fakeResult(name: string, bytesPerSecond: number): DiskTestResult {
  return {
    name,
    rw: 'write',
    bs: 4096,
    iodepth: 1,
    numjobs: 1,
    direct: false,
    sizeBytes: 0,
    bytesPerSecond,
    iops: 0,
    latencyNs: { p50: null, p99: null },
    ioBytes: 0,
    seconds: 0,
    engine: 'fio',
    ioengine: 'libaio',
    cache: { client: 'not-involved', nas: 'may-serve' },
    commandLine: '',
    toolPath: '/usr/bin/fio',
    fioVersion: '3.33',
    fileSystem: 'ext4',
  };
}

describe('planning a sweep', () => {
  it('makes one named cell per block size × file size × jobs × direction, each a valid steady-state fio job', () => {
    const plan = planSweep({ ...grid, rw: 'both' });
    expect(plan.cells).toHaveLength(3 * 2 * 2 * 2);
    expect(plan.cells.map((cell) => cell.name)).toContain('bs=128k size=256M jobs=4 write');
    expect(plan.cells.map((cell) => cell.name)).toContain('bs=1M size=64M jobs=1 read');
    expect(new Set(plan.cells.map((cell) => cell.test.job.name)).size).toBe(plan.cells.length);
    for (const cell of plan.cells) {
      const job = checkFioJob(cell.test.job);
      expect(job).toMatchObject({ timeBased: true, runtime: 30, numjobs: cell.jobs, bs: cell.bs, size: cell.fileSize });
      expect(job.steadyState).toEqual({ criterion: 'bw_slope:2%', duration: 5, ramp: 1 });
      expect(fioArgv(job, '/scratch')).toEqual(
        expect.arrayContaining(['--ss=bw_slope:2%', '--ss_dur=5', '--ss_ramp=1', '--time_based', '--runtime=30']),
      );
    }
  });

  it('leaves out, and names, a cell whose block is larger than its file; refuses a grid none of whose cells can run', () => {
    // Issue #35: 2M blocks with a 1M file size refused the whole grid with INVALID_INPUT.
    const plan = planSweep({ ...grid, blockSizes: [4 * KiB, MiB, 2 * MiB], fileSizes: [MiB, 64 * MiB] });
    expect(plan.leftOut.map((cell) => cell.name)).toEqual(['bs=2M size=1M jobs=1 write', 'bs=2M size=1M jobs=4 write']);
    expect(plan.leftOut[0]).toMatchObject({ reason: 'block-larger-than-file', bs: 2 * MiB, fileSizeBytes: MiB });
    expect(plan.leftOut[0]?.why).toBe('2M blocks do not fit in 1M files: a file must hold at least one block.');
    expect(plan.cells).toHaveLength(3 * 2 * 2 - 2);
    expect(() => planSweep({ ...grid, blockSizes: [2 * MiB], fileSizes: [MiB] })).toThrow(/No cell of this grid/);
    // Files that do not fit the free space with the margin kept: 4 jobs × 256M need 1 GiB + 51 MiB.
    const room = planSweep(grid, 1024 * MiB);
    expect(room.leftOut.map((cell) => cell.name)).toEqual([
      'bs=4k size=256M jobs=4 write',
      'bs=128k size=256M jobs=4 write',
      'bs=1M size=256M jobs=4 write',
    ]);
    expect(room.leftOut.every((cell) => cell.reason === 'files-do-not-fit')).toBe(true);
    expect(() => planSweep(grid, 64 * MiB)).toThrow(expect.objectContaining({ code: 'NOT_ENOUGH_SPACE' }));
  });

  it('keeps the cache for a buffered sweep (fio invalidate=0), and lets fio drop it for a direct one', () => {
    const argvOf = (direct: boolean) =>
      planSweep({ ...grid, direct }).cells.map((cell) => fioArgv(checkFioJob(cell.test.job), '/s'))[0];
    expect(argvOf(false)).toContain('--invalidate=0');
    expect(argvOf(true)).not.toContain('--invalidate=0');
  });

  it('leaves steady state out when it is off, and refuses a cap shorter than window + ramp', () => {
    const plan = planSweep({ ...grid, steadyState: false, maxRuntimeSeconds: 10 });
    expect(plan.cells.every((cell) => cell.test.job.steadyState === undefined && cell.test.job.runtime === 10)).toBe(
      true,
    );
    expect(() => planSweep({ ...grid, maxRuntimeSeconds: 5 })).toThrow(/at least 6 s/);
    expect(() => planSweep({ ...grid, jobs: [] })).toThrow(/no job counts/);
  });

  it('lets a cell start only when its worst case still fits the budget', () => {
    const plan = planSweep({ ...grid, timeBudgetSeconds: 100 });
    const first = plan.cells[0]?.worstCaseSeconds ?? 0;
    expect(cellFitsBudget(plan, 0, 0)).toBe(true);
    expect(cellFitsBudget(plan, 0, 100 - first)).toBe(true);
    expect(cellFitsBudget(plan, 0, 101 - first)).toBe(false);
    expect(cellFitsBudget(plan, plan.cells.length, 0)).toBe(false);
  });

  it('times a cell’s layout at the pace the sweep has seen, never faster than it was, the slow default before', () => {
    const big = planSweep({ ...grid, jobs: [16], fileSizes: [1024 * MiB], timeBudgetSeconds: 600 });
    const cell = big.cells[0];
    if (!cell) throw new Error('no cell');
    // 16 GiB of files at the 10 MiB/s default: longer than the whole budget.
    expect(cell.worstCaseSeconds).toBeGreaterThan(600);
    const pace = new LayoutPace();
    expect(pace.bytesPerSecond).toBe(10 * MiB);
    expect(cellFitsBudget(big, 0, 0, pace)).toBe(false);
    // A cell of 16 GiB took 32 s beside fio's 30 s run: 512 MiB/s, so the next such cell needs 30 + 32 + 2 s.
    pace.observe(cell, 62, 30);
    expect(pace.bytesPerSecond).toBe(512 * MiB);
    expect(cellFitsBudget(big, 0, 600 - 64, pace)).toBe(true);
    expect(cellFitsBudget(big, 0, 600 - 63, pace)).toBe(false);
    // A slower cell later brings the pace down with it; a pace below the default counts as the default.
    pace.observe(cell, 30 + 16 * 1024, 30);
    expect(pace.bytesPerSecond).toBe(10 * MiB);
  });
});

describe('heatmap data', () => {
  it('puts file sizes on x, block sizes on y, one panel per jobs value and direction, null where skipped', () => {
    const plan = planSweep({ ...grid, rw: 'both' });
    const results = plan.cells.map((cell, index) =>
      cell.name === 'bs=4k size=64M jobs=1 read' ? null : fakeResult(cell.name, 1000 + index),
    );
    const { panels } = sweepHeatmaps(plan, results);
    expect(panels.map((panel) => `${panel.jobs} ${panel.rw}`)).toEqual(['1 write', '1 read', '4 write', '4 read']);
    for (const panel of panels) {
      expect(panel.x).toEqual([64 * MiB, 256 * MiB]);
      expect(panel.y).toEqual([4 * KiB, 128 * KiB, MiB]);
      expect(panel.values).toHaveLength(3);
      expect(panel.values.every((row) => row.length === 2)).toBe(true);
    }
    const at = (jobs: number, rw: string, bs: number, size: number) => {
      const index = plan.cells.findIndex((c) => c.jobs === jobs && c.rw === rw && c.bs === bs && c.fileSize === size);
      return 1000 + index;
    };
    expect(panels[0]?.values[1]?.[1]).toBe(at(1, 'write', 128 * KiB, 256 * MiB));
    expect(panels[3]?.values[2]?.[0]).toBe(at(4, 'read', MiB, 64 * MiB));
    expect(panels[1]?.values[0]?.[0]).toBeNull();
  });
});

describe('running a sweep against a stand-in NAS', () => {
  // Every fio call answers with a real captured steady-state report; everything else (df, rm) succeeds quietly.
  const report = readFileSync(path.join(__dirname, '../fixtures/fio/steady-state.out'), 'utf8');
  const fioCalls: string[] = [];
  const nas: NasCommands = {
    run: (command, options) => {
      const line = typeof command === 'string' ? command : command.join(' ');
      if (line.startsWith("'fio'") || line.startsWith('fio')) fioCalls.push(line);
      const isFio = line.includes('--output-format=json');
      return answerAsSession(options, isFio ? report : '');
    },
  };

  it('runs the cells that fit the folder, and names the ones left out in the result and its note', async () => {
    // The folder facts say 1 GiB free: 4 jobs × 256M (plus the margin kept free) do not fit.
    const facts =
      '@@real\n/share\n@@free\n/dev/x 10485760 9437184 1048576 90% /share\n@@mounts\n/dev/x /share ext4 rw 0 0\n';
    const small: NasCommands = {
      run: (command, options) => {
        const line = typeof command === 'string' ? command : command.join(' ');
        if (line.includes('@@real')) return Promise.resolve({ code: 0, signal: null, stdout: facts, stderr: '' });
        return nas.run(command, options);
      },
    };
    let needed = 0;
    const result = await runSweep(small, {
      ...grid,
      blockSizes: [4 * KiB, 2 * MiB],
      fileSizes: [MiB, 256 * MiB],
      folder: '/share',
      openScratch: (bytes) => {
        needed = bytes;
        return Promise.resolve({ path: '/share/.nasbench-x', remove: () => Promise.resolve(true) });
      },
    });
    expect(result.leftOut.map((cell) => `${cell.name}: ${cell.reason}`)).toEqual([
      'bs=2M size=1M jobs=1 write: block-larger-than-file',
      'bs=2M size=1M jobs=4 write: block-larger-than-file',
      'bs=4k size=256M jobs=4 write: files-do-not-fit',
      'bs=2M size=256M jobs=4 write: files-do-not-fit',
    ]);
    expect(result.tests.map((test) => test.name)).toEqual([
      'bs=4k size=1M jobs=1 write',
      'bs=4k size=256M jobs=1 write',
      'bs=2M size=256M jobs=1 write',
      'bs=4k size=1M jobs=4 write',
    ]);
    // Each measured cell says its file size as given, and that it was measured.
    expect(result.tests.map((test) => [test.fileSizeBytes, test.inferred])).toEqual([
      [MiB, false],
      [256 * MiB, false],
      [256 * MiB, false],
      [MiB, false],
    ]);
    expect(needed).toBe(256 * MiB);
    expect(result.heatmaps.panels[1]?.values).toEqual([
      [37867610, null],
      [null, null],
    ]);
    expect(result.note).toMatch(
      /^Left out, as they cannot run here: 2 cells whose blocks .*; 2 cells whose files do not fit the 1.00 GiB free/,
    );
  });

  it('skips the remaining cells once the budget would be exceeded, with a note, and null heatmap values', async () => {
    fioCalls.length = 0;
    let clock = 0;
    const starts: { index: number; secondsLeft: number; at: number }[] = [];
    let removed = 0;
    let needed = 0;
    const options = { ...grid, maxRuntimeSeconds: 10, timeBudgetSeconds: 58 };
    const plan = planSweep(options);
    const result = await runSweep(nas, {
      ...options,
      folder: '/share',
      openScratch: (bytes) => {
        needed = bytes;
        return Promise.resolve({ path: '/share/.nasbench-x', remove: () => Promise.resolve((removed += 1) > 0) });
      },
      // Each fio run "takes" 20 s on this clock; planning steps take none.
      now: () => clock,
      onResult: () => (clock += 20),
      onCellStart: (index, _again, secondsLeft) => starts.push({ index, secondsLeft, at: clock }),
    });
    // Worst case per small cell is 10 + 6.4 + 2 → 19 s: after 40 s, 40 + 19 > 58 leaves no room for a third.
    expect(plan.cells[2]?.worstCaseSeconds).toBe(19);
    expect(result.tests).toHaveLength(2);
    expect(result.skipped).toHaveLength(plan.cells.length - 2);
    expect(result.note).toMatch(/time budget of 58 s.*last 10 of 12 cells/);
    expect(result.tests.every((test) => test.steadyState?.attained === true)).toBe(true);
    expect(result.heatmaps.panels[0]?.values[0]?.[0]).toBe(37867610);
    expect(result.heatmaps.panels[0]?.values[2]?.[0]).toBeNull();
    expect(needed).toBe(4 * 256 * MiB);
    expect(removed).toBe(1);
    // Before any cell, by the defaults (sweep-time.ts): three 64 MiB cells of 6 s settling + 2 s start-up, the
    // first laying out its file at 10 MiB/s (6.4 s); a 256 MiB cell's worst case (38 s) no longer fits after them.
    expect(starts[0]?.secondsLeft).toBeCloseTo(3 * 8 + 6.4 + 2, 6);
    // The second starts 20 s in: what it counts still ends within the budget, with the folder's removal.
    expect(starts.map((start) => start.index)).toEqual([0, 1]);
    expect((starts[1]?.at ?? 0) + (starts[1]?.secondsLeft ?? Infinity)).toBeLessThanOrEqual(58 + 2);
  });
});
