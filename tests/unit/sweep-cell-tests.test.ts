import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskRunDetails } from '../../shared/contract/disk';
import type { NasCommands } from '../../electron/engine/disk/file-system';
import { runSweep } from '../../electron/engine/disk/sweep';
import { sweepRunDetails } from '../../electron/engine/runs/steps/sweep';
import { sweepCellTests } from '../../shared/words/sweep-grid';

/**
 * `sweep --json`'s tests[] as the contract's third wave says (issue #35): every cell of the grid,
 * measured and inferred, each marked, with its file size as given beside fio's total. An adaptive
 * sweep runs against a stand-in NAS whose fio answers every cell with one real captured report,
 * so the adaptive rules find nothing to refine and infer most of the grid.
 */
const KiB = 1024;
const MiB = 1024 * KiB;
const report = readFileSync(path.join(__dirname, '../fixtures/fio/steady-state.out'), 'utf8');
const nas: NasCommands = {
  run: (command) => {
    const line = typeof command === 'string' ? command : command.join(' ');
    const isFio = line.includes('--output-format=json');
    return Promise.resolve({ code: 0, signal: null, stdout: isFio ? report : '', stderr: '' });
  },
};

async function adaptiveSweep(blockSizes: number[], fileSizes: number[]) {
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
