/**
 * `npm run bench:copy`: the share copy engine's sequential write and uncached read against fio's
 * (`--rw=write|read --bs=1M --direct=1 --ioengine=psync`, same file size) on a local disk
 * folder, in alternating runs. Prints a ratio per direction (target ≥ 0.9); not a CI gate —
 * disk throughput on a shared machine varies from run to run.
 *
 *   npm run bench:copy -- [--dir /var/tmp] [--size 1G] [--block 1M] [--rounds 3]
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chooseIoMethod, measureShareRead, measureShareWrite, parseByteSize } from '../../electron/engine/copy';
import { fileSystemOf } from '../../electron/engine/copy/cache-bypass';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    size: { type: 'string', default: '1G' },
    block: { type: 'string', default: '1M' },
    rounds: { type: 'string', default: '3' },
  },
});
const fileSize = parseByteSize(values.size) ?? 0;
const blockSize = parseByteSize(values.block) ?? 0;
const rounds = Number(values.rounds);

/** A folder on a real disk: tmpfs and overlay would measure memory or the overlay, not a disk. */
async function benchFolder(): Promise<string> {
  for (const candidate of values.dir ? [values.dir] : ['/var/tmp', os.tmpdir(), os.homedir()]) {
    const fileSystem = await fileSystemOf(candidate);
    if (fileSystem && !['tmpfs', 'ramfs', 'overlay'].includes(fileSystem)) return candidate;
  }
  throw new Error('No folder on a disk file system found; give one with --dir.');
}

function fio(op: 'write' | 'read', file: string): number {
  const run = spawnSync(
    'fio',
    [
      '--name=bench-copy',
      `--filename=${file}`,
      `--rw=${op}`,
      `--bs=${blockSize}`,
      '--direct=1',
      '--ioengine=psync',
      `--size=${fileSize}`,
      '--output-format=json',
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`fio failed: ${run.stderr}`);
  const job = (JSON.parse(run.stdout) as { jobs: { read: { bw_bytes: number }; write: { bw_bytes: number } }[] })
    .jobs[0];
  return job?.[op].bw_bytes ?? 0;
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const mbps = (bytesPerSecond: number) => `${(bytesPerSecond / 1e6).toFixed(0)} MB/s`;

/** Wrapped in a function: tsx compiles this package as CommonJS, where top-level await is refused. */
async function main(): Promise<void> {
  const parent = await benchFolder();
  const folder = await mkdtemp(path.join(parent, 'nasbench-bench-copy-'));
  const ramBytes = os.totalmem();
  const method = await chooseIoMethod(folder, { blockSize, bypassCache: true, ramBytes });
  console.log(
    `bench:copy in ${folder} (${await fileSystemOf(folder)}), ${values.size} file, ${values.block} blocks, direct: ${method.direct}`,
  );
  const figures = {
    write: { fio: [] as number[], ours: [] as number[] },
    read: { fio: [] as number[], ours: [] as number[] },
  };
  try {
    for (let round = 0; round < rounds; round++) {
      const fioRound = async () => {
        const fioFile = path.join(folder, 'fio.bin');
        figures.write.fio.push(fio('write', fioFile));
        figures.read.fio.push(fio('read', fioFile));
        await rm(fioFile, { force: true });
      };
      const ourRound = async () => {
        const common = { file: path.join(folder, 'ours.bin'), fileSize, blockSize, bypassCache: true, ramBytes };
        figures.write.ours.push((await measureShareWrite(common)).bytesPerSecond);
        figures.read.ours.push((await measureShareRead(common)).bytesPerSecond);
        await rm(common.file, { force: true });
      };
      // Who goes first swaps every round, so a disk that slows down under sustained load favours neither.
      for (const run of round % 2 === 0 ? [fioRound, ourRound] : [ourRound, fioRound]) await run();
      process.stderr.write(
        `  round ${round + 1}: write fio ${mbps(figures.write.fio.at(-1) ?? 0)}, ours ${mbps(figures.write.ours.at(-1) ?? 0)}; ` +
          `read fio ${mbps(figures.read.fio.at(-1) ?? 0)}, ours ${mbps(figures.read.ours.at(-1) ?? 0)}\n`,
      );
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  for (const op of ['write', 'read'] as const) {
    const ours = median(figures[op].ours);
    const native = median(figures[op].fio);
    console.log(
      `${op}: ours ${mbps(ours)} / fio ${mbps(native)} = ratio ${(ours / native).toFixed(2)} (median of ${rounds} alternating runs)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
