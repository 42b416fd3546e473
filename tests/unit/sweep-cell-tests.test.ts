import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskRunDetails } from '../../shared/contract/disk';
import type { NasCommands } from '../../electron/engine/disk/file-system';
import { answerAsSession } from '../helpers/stand-in-answer';
import { runSweep } from '../../electron/engine/disk/sweep';
import { sweepRunDetails } from '../../electron/engine/runs/steps/sweep';
import { sweepCellTests } from '../../shared/sweep/grid';

/**
 * `sweep --json`'s tests[] as the contract's third wave says (issue #35): every cell of the grid,
 * measured and inferred, each marked, with its file size as given beside fio's total. An adaptive
 * sweep runs against a stand-in NAS whose fio answers every cell with one real captured report,
 * so the adaptive rules find nothing to refine and infer most of the grid.
 */
const KiB = 1024;
const MiB = 1024 * KiB;
const report = readFileSync(path.join(__dirname, '../fixtures/fio/steady-state.out'), 'utf8');
/** The stand-in NAS: `reportFor` answers each fio run by its job name and how often that job ran before. */
const standIn = (reportFor: (job: string, runs: number) => string): NasCommands => {
  const runs = new Map<string, number>();
  return {
    run: (command, options) => {
      const line = typeof command === 'string' ? command : command.join(' ');
      const job = /--name=(\S+)/.exec(line)?.[1];
      if (!job || !line.includes('--output-format=json'))
        return Promise.resolve({ code: 0, signal: null, stdout: '', stderr: '' });
      runs.set(job, (runs.get(job) ?? 0) + 1);
      return answerAsSession(options, reportFor(job, runs.get(job) ?? 0));
    },
  };
};

/**
 * An adaptive sweep of `blockSizes` × 32M, 256M × 1–8 jobs on a clock where every fio run takes 12 s,
 * within any cell's worst case (a 10 s cap, the layout and 2 s of round trips), as a real cell does;
 * with each fio run's job and when it began.
 */
async function sweepOnClock(reportFor: (job: string, runs: number) => string, blockSizes: number[], budget: number) {
  let clock = 0;
  const ran: { job: string; at: number }[] = [];
  const fio = standIn(reportFor);
  const nas: NasCommands = {
    run: (command, options) => {
      const line = String(command);
      const job = /--name=(\S+)/.exec(line)?.[1];
      if (job && line.includes('--output-format=json')) {
        ran.push({ job, at: clock });
        clock += 12;
      }
      return fio.run(command, options);
    },
  };
  const result = await runSweep(nas, {
    blockSizes,
    fileSizes: [32 * MiB, 256 * MiB],
    jobs: [1, 2, 4, 8],
    rw: 'read',
    steadyState: true,
    maxRuntimeSeconds: 10,
    timeBudgetSeconds: budget,
    adaptive: true,
    folder: '/share',
    now: () => clock,
    openScratch: () => Promise.resolve({ path: '/share/.nasbench-x', remove: () => Promise.resolve(true) }),
  });
  return { result, ran, clock };
}

async function adaptiveSweep(blockSizes: number[], fileSizes: number[], nas = standIn(() => report)) {
  const result = await runSweep(nas, {
    blockSizes,
    fileSizes,
    jobs: [1, 2, 4, 8],
    rw: 'read',
    steadyState: true,
    maxRuntimeSeconds: 10,
    timeBudgetSeconds: 3600,
    adaptive: true,
    folder: '/share',
    openScratch: () => Promise.resolve({ path: '/share/.nasbench-x', remove: () => Promise.resolve(true) }),
  });
  // Through the contract's schema, as a saved run and the CLI receive it.
  const details = DiskRunDetails.parse(sweepRunDetails('/share', result.tests, result));
  return {
    result,
    details,
    cells: sweepCellTests(details.sweep ?? { panels: [], skipped: [], plannedSeconds: 0, seconds: 0 }, details.tests),
  };
}

describe("an adaptive sweep's tests as the CLI lists them", () => {
  it('lists every cell of a 3 × 2 × 4 grid once, measured and inferred, each marked', async () => {
    const { result, cells } = await adaptiveSweep([4 * KiB, 128 * KiB, MiB], [32 * MiB, 256 * MiB]);
    expect(cells).toHaveLength(24);
    expect(new Set(cells.map((cell) => cell.name)).size).toBe(24);
    const measured = cells.filter((cell) => !cell.inferred);
    expect(measured).toHaveLength(result.tests.length);
    expect(measured.length).toBeLessThan(24);
    expect(
      cells
        .filter((cell) => cell.inferred)
        .map((cell) => cell.name)
        .sort(),
    ).toEqual([...result.inferred].sort());
    // In the order a full sweep runs: jobs, then file size, then block size.
    expect(cells.slice(0, 3).map((cell) => cell.name)).toEqual([
      'bs=4k size=32M jobs=1 read',
      'bs=128k size=32M jobs=1 read',
      'bs=1M size=32M jobs=1 read',
    ]);
  });

  it("gives each cell its file size as given, per job, beside fio's total over the jobs", async () => {
    const { cells } = await adaptiveSweep([4 * KiB, 128 * KiB, MiB], [32 * MiB, 256 * MiB]);
    for (const cell of cells)
      expect(cell.fileSizeBytes, cell.name).toBe(cell.name.includes('size=32M') ? 32 * MiB : 256 * MiB);
    // The example: 32M × 8 jobs, whose total fio reads is 268435456.
    const eight = cells.find((cell) => cell.name === 'bs=4k size=32M jobs=8 read');
    expect(eight).toMatchObject({ fileSizeBytes: 32 * MiB, sizeBytes: 268435456, numjobs: 8 });
    // An inferred cell says what a figure from neighbours can: throughput, IOPS from it, no latency.
    const inferred = cells.find((cell) => cell.inferred);
    expect(inferred?.iops).toBeCloseTo((inferred?.bytesPerSecond ?? 0) / (inferred?.bs ?? 1));
    expect(inferred?.latencyNs).toEqual({ p50: null, p99: null });
  });

  it('keeps a cell that cannot run out of the list, and names it with why in leftOut', async () => {
    const { result, details, cells } = await adaptiveSweep([4 * KiB, 2 * MiB], [MiB, 64 * MiB]);
    expect(cells).toHaveLength(2 * 2 * 4 - 4);
    expect(cells.some((cell) => cell.name.startsWith('bs=2M size=1M'))).toBe(false);
    expect(details.sweep?.leftOut?.map((cell) => cell.name)).toEqual(result.leftOut.map((cell) => cell.name));
    expect(details.sweep?.leftOut).toHaveLength(4);
    expect(details.sweep?.leftOut?.[0]?.why).toMatch(/a file must hold at least one block/);
  });
});

describe("an adaptive sweep's drift check", () => {
  // Another real captured read report (fio-3.33, 4k random reads at QD32): 210 MB/s against 37.9 MB/s.
  const faster = readFileSync(path.join(__dirname, '../fixtures/fio/final-randread-4k-q32.out'), 'utf8');

  it('says the speed at the end was the start’s when the first cell reads the same', async () => {
    const { result, details } = await adaptiveSweep([4 * KiB, 128 * KiB, MiB], [32 * MiB, 256 * MiB]);
    expect(result.note).toContain(
      'Measured again at the end, the first cell (4k blocks, 256M files, 1 job, read) read within the run-to-run noise of its first run',
    );
    // The same as figures, through the contract (sweep --json): every run of the one report reads alike,
    // so the noise judged by is a steady NAS's default.
    expect(details.sweep?.adaptive).toEqual({
      runToRunNoise: 0.05,
      drift: [{ name: 'bs=4k size=256M jobs=1 read', start: 37867610, end: 37867610, withinNoise: true }],
    });
  });

  it('says by how much the speed changed when the first cell reads otherwise at the end', async () => {
    // The first cell's third run (after the run-to-run check's second) answers with the other report.
    const nas = standIn((job, runs) => (job === 'sweep-bs4k-size256M-j1-read' && runs === 3 ? faster : report));
    const { result, cells, details } = await adaptiveSweep([4 * KiB, 128 * KiB, MiB], [32 * MiB, 256 * MiB], nas);
    const change = Math.round((209980897 / 37867610 - 1) * 100);
    expect(result.note).toContain(
      `the first cell (4k blocks, 256M files, 1 job, read) read ${change}% faster than at the start, beyond the run-to-run noise`,
    );
    expect(details.sweep?.adaptive?.drift).toEqual([
      { name: 'bs=4k size=256M jobs=1 read', start: 37867610, end: 209980897, withinNoise: false },
    ]);
    // The grid keeps the cell's first figure.
    expect(cells.find((cell) => cell.name === 'bs=4k size=256M jobs=1 read')?.bytesPerSecond).toBe(37867610);
  });

  it('keeps room for it in every budget that runs out', async () => {
    // Each budget holds a part of the 24 cells. Without the room kept, 100, 110 and 170 s end with no drift check.
    for (let budget = 100; budget <= 300; budget += 10) {
      const { result, clock } = await sweepOnClock(() => report, [4 * KiB, 128 * KiB, MiB], budget);
      expect(result.tests.length, `${budget} s`).toBeLessThan(24);
      expect(result.note, `${budget} s`).toContain('Measured again at the end, the first cell');
      expect(clock, `${budget} s`).toBeLessThanOrEqual(budget);
    }
  });
});

describe("an adaptive sweep's jobs probes under its time budget", () => {
  // 4k blocks read 210 MB/s (the other real report) from 2 jobs on, every other cell 37.9 MB/s: 4k's
  // saturation point differs from 1M's, so the probes would go on to 64k (and 16k) between them.
  const faster = readFileSync(path.join(__dirname, '../fixtures/fio/final-randread-4k-q32.out'), 'utf8');
  const sweepWithin = async (budget: number) => {
    const reportFor = (job: string) => (/^sweep-bs4k-.*-j[248]-/.test(job) ? faster : report);
    const { ran } = await sweepOnClock(reportFor, [4 * KiB, 16 * KiB, 64 * KiB, 256 * KiB, MiB], budget);
    // A probe of 64k starts at its 1-job cell on the probes' file size; nothing else asks for that cell.
    return ran.find((run) => run.job === 'sweep-bs64k-size256M-j1-read');
  };

  it('probes a block size between two that disagree while under half the budget is spent', async () => {
    const probe = await sweepWithin(3600);
    expect(probe?.at).toBeLessThan(3600 / 2);
  });

  it('probes no new block size once half the budget is spent', async () => {
    // The outer probes end past 150 s of this 300 s budget (noise, corners and two lines: 14 runs).
    const probe = await sweepWithin(300);
    expect(probe).toBeUndefined();
  });
});
