/**
 * `npm run bench:sweep-adaptive`: issue #21's benchmark. The full 5 × 4 × 4 grid (block size ×
 * file size × jobs) run as fixed 10 s cells, against the adaptive sweep (steady-state cells,
 * capped at 10 s, the rest inferred), alternating full, adaptive, full, adaptive on one folder.
 * The second full grid is the yardstick's own run-to-run spread: no method can agree with the full
 * grid better than the full grid agrees with itself. Prints the time of each run, the speed-up,
 * and per cell the full grid's two figures and each adaptive run's (≈ inferred), then how many
 * measured cells are within 5% and inferred cells within 10% of the full grid's mean figure.
 * Not a CI gate. The engine's commands run through /bin/sh here (tests/bench/local-shell.ts).
 *
 *   npm run bench:sweep-adaptive -- [--dir /dev/shm] [--rw write|read] [--save grid.json]
 *                                   [--reference grid.json]
 *
 * `--reference` takes the two full grids from a saved run (`--save`, or the fixture
 * tests/fixtures/sweep/tmpfs-grid-write.json) and runs only the two adaptive sweeps: quicker, to
 * try a change to the inference, but not alternating — say so when quoting its figures.
 *
 * /dev/shm (tmpfs) is the default: a virtual disk's cells differ by ±25% between two full runs,
 * which leaves nothing to judge 5% against. On tmpfs the figures are CPU-bound: keep the machine
 * otherwise idle while it runs (about 35 minutes).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runSweep, type SweepDirection, type SweepResult } from '../../electron/engine/disk/sweep';
import { sizeLabel } from '../../shared/util/units';
import { localShell } from './local-shell';

const KiB = 1024;
const MiB = 1024 * KiB;

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/dev/shm' },
    rw: { type: 'string', default: 'write' },
    save: { type: 'string' },
    reference: { type: 'string' },
  },
  allowPositionals: true,
});

const grid = {
  blockSizes: [4 * KiB, 16 * KiB, 64 * KiB, 256 * KiB, MiB],
  fileSizes: [8 * MiB, 32 * MiB, 128 * MiB, 512 * MiB],
  jobs: [1, 2, 4, 8],
};
const rw = values.rw as SweepDirection;

async function sweep(adaptive: boolean): Promise<SweepResult> {
  const parent = await mkdtemp(path.join(values.dir, 'nasbench-bench-adaptive-'));
  const label = adaptive ? 'adaptive' : 'full (fixed 10 s cells)';
  process.stderr.write(`${label}…\n`);
  try {
    return await runSweep(localShell, {
      folder: parent,
      ...grid,
      rw,
      // The full grid as seed 002 ran it: every cell for a fixed 10 s. The adaptive one stops each
      // measured cell at steady state, 10 s at most.
      steadyState: adaptive,
      maxRuntimeSeconds: 10,
      timeBudgetSeconds: 86_400,
      adaptive,
      openScratch: async () => {
        const scratch = await mkdtemp(path.join(parent, 'scratch-'));
        return { path: scratch, remove: () => rm(scratch, { recursive: true, force: true }).then(() => true) };
      },
      onResult: (test) => process.stderr.write(`  ${test.name.padEnd(32)} ${mb(test.bytesPerSecond)} MB/s\n`),
    });
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
}

const mb = (bytesPerSecond: number) => (bytesPerSecond / 1e6).toFixed(1).padStart(8);

/** A full run's figure for one cell, from its tests (a saved run's heatmaps may be left out). */
function measuredOf(result: SweepResult, cell: { bs: number; fileSize: number; jobs: number }): number {
  // A test's sizeBytes is every job's files together.
  const test = result.tests.find(
    (each) => each.bs === cell.bs && each.numjobs === cell.jobs && each.sizeBytes / each.numjobs === cell.fileSize,
  );
  return test?.bytesPerSecond ?? Number.NaN;
}

/** A run's figure for one cell, and whether it was inferred; from its heatmaps. */
function cellOf(result: SweepResult, cell: { bs: number; fileSize: number; jobs: number }) {
  const panel = result.heatmaps.panels.find((each) => each.jobs === cell.jobs && each.rw === rw);
  const row = panel?.y.indexOf(cell.bs) ?? -1;
  const column = panel?.x.indexOf(cell.fileSize) ?? -1;
  return {
    value: panel?.values[row]?.[column] ?? null,
    inferred: panel?.inferred?.[row]?.[column] === true,
  };
}

async function main(): Promise<void> {
  const saved = values.reference
    ? (JSON.parse(await readFile(values.reference, 'utf8')) as { full: SweepResult[] }).full
    : undefined;
  const fullRuns: SweepResult[] = saved ?? [];
  const adaptiveRuns: SweepResult[] = [];
  for (let round = 0; round < 2; round += 1) {
    if (!saved) fullRuns.push(await sweep(false));
    adaptiveRuns.push(await sweep(true));
  }
  if (saved) console.log(`full grids from ${values.reference} (not alternated with these adaptive runs)`);
  const cells = grid.jobs.flatMap((jobs) =>
    grid.fileSizes.flatMap((fileSize) => grid.blockSizes.map((bs) => ({ bs, fileSize, jobs }))),
  );
  console.log(`${rw}, ${values.dir}, ${cells.length} cells`);
  console.log('cell                      full A MB/s full B MB/s  A/B   adaptive 1       adaptive 2');
  const tally = { measured: 0, measuredWithin5: 0, inferred: 0, inferredWithin10: 0, full5: 0, full10: 0 };
  const fullNoise: number[] = [];
  for (const cell of cells) {
    const [a, b] = fullRuns.map((run) => measuredOf(run, cell)) as [number, number];
    const reference = (a + b) / 2;
    const noise = Math.abs(a / b - 1);
    fullNoise.push(noise);
    if (noise <= 0.05) tally.full5 += 1;
    if (noise <= 0.1) tally.full10 += 1;
    const columns = adaptiveRuns.map((run) => {
      const { value, inferred } = cellOf(run, cell);
      if (value === null) return '   not run'.padEnd(16);
      const off = Math.abs(value / reference - 1);
      if (inferred) {
        tally.inferred += 1;
        if (off <= 0.1) tally.inferredWithin10 += 1;
      } else {
        tally.measured += 1;
        if (off <= 0.05) tally.measuredWithin5 += 1;
      }
      return `${inferred ? '≈' : ' '}${mb(value)} ${(value / reference).toFixed(2)}`.padEnd(16);
    });
    const name = `bs=${sizeLabel(cell.bs)} size=${sizeLabel(cell.fileSize)} j=${cell.jobs}`;
    console.log(`${name.padEnd(25)} ${mb(a)}    ${mb(b)}   ${(a / b).toFixed(2)}  ${columns.join(' ')}`);
  }
  const seconds = (runs: SweepResult[]) => runs.map((run) => run.seconds);
  const mean = (list: number[]) => list.reduce((sum, each) => sum + each, 0) / list.length;
  const sorted = [...fullNoise].sort((x, y) => x - y);
  console.log(
    `full grid: ${seconds(fullRuns)
      .map((s) => s.toFixed(0))
      .join(' s, ')} s`,
  );
  console.log(
    `adaptive: ${seconds(adaptiveRuns)
      .map((s) => s.toFixed(0))
      .join(' s, ')} s`,
  );
  console.log(`speed-up: ${(mean(seconds(fullRuns)) / mean(seconds(adaptiveRuns))).toFixed(1)}×`);
  console.log(
    `measured cells within 5% of the full grid: ${tally.measuredWithin5} of ${tally.measured}; ` +
      `inferred within 10%: ${tally.inferredWithin10} of ${tally.inferred}`,
  );
  console.log(
    `the full grid against itself: ${tally.full5} of ${cells.length} cells within 5%, ${tally.full10} within 10%, ` +
      `median difference ${(100 * (sorted[Math.floor(sorted.length / 2)] ?? 0)).toFixed(1)}%`,
  );
  if (values.save) {
    const record = { rw, dir: values.dir, grid, full: fullRuns, adaptive: adaptiveRuns };
    await writeFile(values.save, `${JSON.stringify(record, null, 2)}\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
