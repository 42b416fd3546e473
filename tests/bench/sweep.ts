/**
 * `npx tsx tests/bench/sweep.ts`: the sweep engine's 3 × 2 × 2 grid (block size × file size × jobs)
 * with fio's steady-state stop against the same grid with fixed 10 s runtimes, on a local disk
 * folder with the local fio (no SSH: the engine's commands run through /bin/sh here). Prints each
 * total and the per-cell ratio (targets: steady-state total < fixed total; cells within 10%). Not
 * a CI gate — disk throughput on a shared machine varies from run to run.
 *
 *   npx tsx tests/bench/sweep.ts -- [--dir /var/tmp] [--rw write|read] [--buffered]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { NasCommands } from '../../electron/engine/disk/file-system';
import { runSweep, type SweepDirection, type SweepResult } from '../../electron/engine/disk/sweep';
import type { RemoteCommandOptions, RemoteCommandResult } from '../../electron/engine/ssh/session';

const KiB = 1024;
const MiB = 1024 * KiB;

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/var/tmp' },
    rw: { type: 'string', default: 'write' },
    buffered: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

/** The engine's NAS commands, run on this machine: same shell, same line-by-line stdout. */
const local: NasCommands = {
  run: (command: string | readonly string[], options: RemoteCommandOptions = {}) =>
    new Promise<RemoteCommandResult>((resolve, reject) => {
      if (typeof command !== 'string') return reject(new Error('the bench runs shell lines only'));
      const child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let partial = '';
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        stdout += text;
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) options.onStdoutLine?.(line);
      });
      child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      child.on('error', reject);
      child.on('close', (code, signal) => {
        if (partial) options.onStdoutLine?.(partial);
        resolve({ code, signal, stdout, stderr });
      });
    }),
};

async function sweep(steadyState: boolean): Promise<SweepResult> {
  const parent = await mkdtemp(path.join(values.dir, 'nasbench-bench-sweep-'));
  try {
    return await runSweep(local, {
      folder: parent,
      blockSizes: [4 * KiB, 128 * KiB, MiB],
      fileSizes: [16 * MiB, 32 * MiB],
      jobs: [1, 4],
      rw: values.rw as SweepDirection,
      steadyState,
      maxRuntimeSeconds: 10,
      timeBudgetSeconds: 3600,
      direct: !values.buffered,
      openScratch: async () => {
        const scratch = await mkdtemp(path.join(parent, 'scratch-'));
        return { path: scratch, remove: () => rm(scratch, { recursive: true, force: true }) };
      },
      onResult: (test) => process.stderr.write(`  ${test.name.padEnd(30)} ${mb(test.bytesPerSecond)} MB/s\n`),
    });
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
}

function mb(bytesPerSecond: number): string {
  return (bytesPerSecond / 1e6).toFixed(1).padStart(9);
}

async function main(): Promise<void> {
  process.stderr.write(`steady state (cap 10 s), ${values.rw}, ${values.buffered ? 'buffered' : 'direct'}:\n`);
  const steady = await sweep(true);
  process.stderr.write('fixed 10 s:\n');
  const fixed = await sweep(false);
  console.log(`cell                            steady MB/s  fixed MB/s  ratio  steady s  attained`);
  let within = 0;
  for (const [index, cell] of steady.tests.entries()) {
    const other = fixed.tests[index];
    if (!other) continue;
    const ratio = cell.bytesPerSecond / other.bytesPerSecond;
    if (Math.abs(ratio - 1) <= 0.1) within += 1;
    console.log(
      `${cell.name.padEnd(30)} ${mb(cell.bytesPerSecond)}   ${mb(other.bytesPerSecond)}  ${ratio.toFixed(2)}` +
        `  ${cell.seconds.toFixed(1).padStart(8)}  ${String(cell.steadyState?.attained ?? false)}`,
    );
  }
  console.log(`total: steady state ${steady.seconds.toFixed(1)} s, fixed ${fixed.seconds.toFixed(1)} s`);
  console.log(`cells within 10%: ${within} of ${steady.tests.length}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
