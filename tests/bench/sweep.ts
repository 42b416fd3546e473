/**
 * `npx tsx tests/bench/sweep.ts`: the sweep engine's 3 × 2 × 2 grid (block size × file size × jobs)
 * with fio's steady-state stop against the same grid with fixed 10 s runtimes, on a local disk
 * folder with the local fio (no SSH: the engine's commands run through /bin/sh here). Prints each
 * total and the per-cell ratio (targets: steady-state total < fixed total; cells within 10%). Not
 * a CI gate — disk throughput on a shared machine varies from run to run.
 *
 *   npx tsx tests/bench/sweep.ts -- [--dir /var/tmp] [--rw write|read] [--buffered] [--control] [--alternate]
 *
 * --control runs the fixed grid a second time and prints how well two fixed runs agree: on a noisy
 * (virtual) disk that is the best any method can match, and the steady-state figures should be read
 * against it. /dev/shm (tmpfs, direct I/O accepted on Linux ≥ 6.6) takes the disk's noise out.
 *
 * --alternate measures cell by cell in the order steady, fixed, fixed, steady, so slow drift (other
 * load, the disk's write-back) hits both methods alike; each method's figure is the mean of its two
 * runs, and the two fixed runs of a cell give the noise floor the 10% line should be read against.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runSweep, type SweepDirection, type SweepResult } from '../../electron/engine/disk/sweep';
import { localShell } from './local-shell';

const KiB = 1024;
const MiB = 1024 * KiB;

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/var/tmp' },
    rw: { type: 'string', default: 'write' },
    buffered: { type: 'boolean', default: false },
    control: { type: 'boolean', default: false },
    alternate: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const grid = { blockSizes: [4 * KiB, 128 * KiB, MiB], fileSizes: [16 * MiB, 32 * MiB], jobs: [1, 4] };

async function sweep(steadyState: boolean, cells: typeof grid = grid, quiet = false): Promise<SweepResult> {
  const parent = await mkdtemp(path.join(values.dir, 'nasbench-bench-sweep-'));
  try {
    return await runSweep(localShell, {
      folder: parent,
      ...cells,
      rw: values.rw as SweepDirection,
      steadyState,
      maxRuntimeSeconds: 10,
      timeBudgetSeconds: 3600,
      direct: !values.buffered,
      openScratch: async () => {
        const scratch = await mkdtemp(path.join(parent, 'scratch-'));
        return { path: scratch, remove: () => rm(scratch, { recursive: true, force: true }).then(() => true) };
      },
      onResult: (test) => {
        if (!quiet) process.stderr.write(`  ${test.name.padEnd(30)} ${mb(test.bytesPerSecond)} MB/s\n`);
      },
    });
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
}

function mb(bytesPerSecond: number): string {
  return (bytesPerSecond / 1e6).toFixed(1).padStart(9);
}

async function alternate(): Promise<void> {
  const mode = `${values.rw}, ${values.buffered ? 'buffered' : 'direct'}, ${values.dir}`;
  console.log(`alternating steady/fixed/fixed/steady per cell (cap 10 s), ${mode}`);
  console.log('cell                            steady MB/s   fixed MB/s  ratio  fixed-vs-fixed  steady s  fixed s');
  let within = 0;
  let noiseWithin = 0;
  const totals = { steady: 0, fixed: 0 };
  const cells = grid.jobs.flatMap((jobs) =>
    grid.fileSizes.flatMap((fileSize) =>
      grid.blockSizes.map((bs) => ({ blockSizes: [bs], fileSizes: [fileSize], jobs: [jobs] })),
    ),
  );
  for (const cell of cells) {
    const order = [true, false, false, true];
    const runs: { steady: boolean; result: SweepResult }[] = [];
    for (const steady of order) runs.push({ steady, result: await sweep(steady, cell, true) });
    const pick = (steady: boolean) => runs.filter((run) => run.steady === steady).map((run) => run.result);
    const rate = (results: SweepResult[]) => mean(results.map((result) => result.tests[0]?.bytesPerSecond ?? 0));
    const time = (results: SweepResult[]) => results.reduce((sum, result) => sum + result.seconds, 0) / 2;
    const [fixedA, fixedB] = pick(false).map((result) => result.tests[0]?.bytesPerSecond ?? 0);
    const ratio = rate(pick(true)) / rate(pick(false));
    const noise = (fixedA ?? 0) / (fixedB ?? 1);
    if (Math.abs(ratio - 1) <= 0.1) within += 1;
    if (Math.abs(noise - 1) <= 0.1) noiseWithin += 1;
    totals.steady += time(pick(true));
    totals.fixed += time(pick(false));
    console.log(
      `${(pick(true)[0]?.tests[0]?.name ?? '').padEnd(30)} ${mb(rate(pick(true)))}   ${mb(rate(pick(false)))}  ${ratio.toFixed(2)}` +
        `  ${noise.toFixed(2).padStart(14)}  ${time(pick(true)).toFixed(1).padStart(8)} ${time(pick(false)).toFixed(1).padStart(8)}`,
    );
  }
  console.log(`total per grid: steady state ${totals.steady.toFixed(1)} s, fixed ${totals.fixed.toFixed(1)} s`);
  console.log(
    `cells within 10%: steady vs fixed ${within} of ${cells.length}; fixed vs fixed (noise) ${noiseWithin} of ${cells.length}`,
  );
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

async function main(): Promise<void> {
  if (values.alternate) return alternate();
  process.stderr.write(`steady state (cap 10 s), ${values.rw}, ${values.buffered ? 'buffered' : 'direct'}:\n`);
  const steady = await sweep(true);
  process.stderr.write('fixed 10 s:\n');
  const fixed = await sweep(false);
  compare('steady', steady, 'fixed', fixed);
  if (values.control) {
    process.stderr.write('fixed 10 s again (control):\n');
    compare('fixed2', await sweep(false), 'fixed', fixed);
  }
}

function compare(name: string, tried: SweepResult, otherName: string, reference: SweepResult): void {
  console.log(
    `cell                           ${name.padStart(7)} MB/s ${otherName.padStart(7)} MB/s  ratio  seconds  attained`,
  );
  let within = 0;
  for (const [index, cell] of tried.tests.entries()) {
    const other = reference.tests[index];
    if (!other) continue;
    const ratio = cell.bytesPerSecond / other.bytesPerSecond;
    if (Math.abs(ratio - 1) <= 0.1) within += 1;
    console.log(
      `${cell.name.padEnd(30)} ${mb(cell.bytesPerSecond)}   ${mb(other.bytesPerSecond)}  ${ratio.toFixed(2)}` +
        `  ${cell.seconds.toFixed(1).padStart(7)}  ${String(cell.steadyState?.attained ?? '-')}`,
    );
  }
  console.log(`total: ${name} ${tried.seconds.toFixed(1)} s, ${otherName} ${reference.seconds.toFixed(1)} s`);
  console.log(`cells within 10%: ${within} of ${tried.tests.length}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
