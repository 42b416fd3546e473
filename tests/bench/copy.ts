/**
 * `npm run bench:copy`: the share copy engine's sequential write and uncached read against fio's
 * (`--rw=write|read --bs=1M --direct=1 --ioengine=psync`, `--end_fsync=1` for the write, same file size) on a local disk
 * folder, in alternating runs. Prints a ratio per direction (target ≥ 0.95, issue #15) and the CPU
 * seconds each spends per GiB moved; `--hog N` keeps N busy processes running beside both, as on a
 * machine with other work. Not a CI gate — disk throughput on a shared machine varies from run to run.
 *
 *   npm run bench:copy -- [--dir /var/tmp] [--size 1G] [--block 1M] [--rounds 3] [--hog 2]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chooseIoMethod, measureShareRead, measureShareWrite } from '../../electron/engine/copy';
import { readByteSize as parseByteSize } from '../../shared/util/units';
import { fileSystemOf } from '../../electron/engine/copy/cache-bypass';
import { median } from '../../shared/util/spread';
import { compareRuns, describeRatio } from './ratio';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    size: { type: 'string', default: '1G' },
    block: { type: 'string', default: '1M' },
    rounds: { type: 'string', default: '3' },
    hog: { type: 'string', default: '0' },
  },
});
const fileSize = parseByteSize(values.size) ?? 0;
const blockSize = parseByteSize(values.block) ?? 0;
const rounds = Number(values.rounds);
const hogs = Number(values.hog);
const GiB = 2 ** 30;

/** One figure: bytes per second, and the CPU seconds spent per GiB moved (user + system, every thread). */
interface Measured {
  bytesPerSecond: number;
  cpuPerGiB: number;
}

/** A process that only burns CPU, as other work on the machine would. */
function startHog(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

/** A folder on a real disk: tmpfs and overlay would measure memory or the overlay, not a disk. */
async function benchFolder(): Promise<string> {
  for (const candidate of values.dir ? [values.dir] : ['/var/tmp', os.tmpdir(), os.homedir()]) {
    const fileSystem = await fileSystemOf(candidate);
    if (fileSystem && !['tmpfs', 'ramfs', 'overlay'].includes(fileSystem)) return candidate;
  }
  throw new Error('No folder on a disk file system found; give one with --dir.');
}

interface FioJob {
  usr_cpu: number;
  sys_cpu: number;
  job_runtime: number;
  read: { bw_bytes: number };
  write: { bw_bytes: number };
}

function fio(op: 'write' | 'read', file: string): Measured {
  const run = spawnSync(
    'fio',
    [
      '--name=bench-copy',
      `--filename=${file}`,
      `--rw=${op}`,
      `--bs=${blockSize}`,
      '--direct=1',
      '--ioengine=psync',
      // The copy engine's write ends with fsync (a copy is done when it is on the disk), so fio's must too:
      // without it, fio's figure leaves out the flush and the two measure different things.
      ...(op === 'write' ? ['--end_fsync=1'] : []),
      `--size=${fileSize}`,
      '--output-format=json',
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`fio failed: ${run.stderr}`);
  const job = (JSON.parse(run.stdout) as { jobs: FioJob[] }).jobs[0];
  if (!job) throw new Error('fio reported no job');
  // fio's own accounting: CPU use in percent of the job's run time (ms).
  const cpuSeconds = ((job.usr_cpu + job.sys_cpu) / 100) * (job.job_runtime / 1000);
  return { bytesPerSecond: job[op].bw_bytes, cpuPerGiB: cpuSeconds / (fileSize / GiB) };
}

/** The copy engine's pass, with this process's CPU time over it (its I/O worker thread included). */
async function ours(pass: () => Promise<{ bytesPerSecond: number }>): Promise<Measured> {
  const before = process.cpuUsage();
  const { bytesPerSecond } = await pass();
  const used = process.cpuUsage(before);
  return { bytesPerSecond, cpuPerGiB: (used.user + used.system) / 1e6 / (fileSize / GiB) };
}

const mbps = (bytesPerSecond: number) => `${(bytesPerSecond / 1e6).toFixed(0)} MB/s`;

/** Wrapped in a function: tsx compiles this package as CommonJS, where top-level await is refused. */
async function main(): Promise<void> {
  const parent = await benchFolder();
  const folder = await mkdtemp(path.join(parent, 'nasbench-bench-copy-'));
  const ramBytes = os.totalmem();
  const method = await chooseIoMethod(folder, { blockSize, bypassCache: true, ramBytes });
  console.log(
    `bench:copy in ${folder} (${await fileSystemOf(folder)}), ${values.size} file, ${values.block} blocks, ` +
      `direct: ${method.direct}, ${hogs} CPU hog${hogs === 1 ? '' : 's'} beside`,
  );
  const figures = {
    write: { fio: [] as Measured[], ours: [] as Measured[] },
    read: { fio: [] as Measured[], ours: [] as Measured[] },
  };
  const running = Array.from({ length: hogs }, startHog);
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
        figures.write.ours.push(await ours(() => measureShareWrite(common)));
        figures.read.ours.push(await ours(() => measureShareRead(common)));
        await rm(common.file, { force: true });
      };
      // Who goes first swaps every round, so a disk that slows down under sustained load favours neither.
      for (const run of round % 2 === 0 ? [fioRound, ourRound] : [ourRound, fioRound]) await run();
      const last = (list: Measured[]) => mbps(list.at(-1)?.bytesPerSecond ?? 0);
      process.stderr.write(
        `  round ${round + 1}: write fio ${last(figures.write.fio)}, ours ${last(figures.write.ours)}; ` +
          `read fio ${last(figures.read.fio)}, ours ${last(figures.read.ours)}\n`,
      );
    }
  } finally {
    for (const hog of running) hog.kill();
    await rm(folder, { recursive: true, force: true });
  }
  for (const op of ['write', 'read'] as const) {
    const rates = (list: Measured[]) => list.map((figure) => figure.bytesPerSecond);
    const cpu = (list: Measured[]) => median(list.map((figure) => figure.cpuPerGiB)).toFixed(2);
    const [mine, native] = [figures[op].ours, figures[op].fio];
    const compared = compareRuns(rates(mine), rates(native));
    console.log(
      `${op}: ours ${mbps(compared.ours)} / fio ${mbps(compared.native)} = ${describeRatio(compared)}, ` +
        `medians of ${rounds} alternating runs; CPU s per GiB: ours ${cpu(mine)}, fio ${cpu(native)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
