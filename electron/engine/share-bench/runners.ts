import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import {
  isMixedJob,
  isRandomJob,
  readPercentOf,
  writesData,
  type ShareJob,
} from '../../../shared/kinds/share/profiles';
import { fioPathWords, runFioPass, type LocalFio } from './fio-here';
import { maxOutstanding, type IoPool, type PassOutcome } from './io-pool';

/**
 * How one pass of a job runs: through NASBench's own I/O threads or through fio on this computer,
 * on the same test file. The benchmark (share-bench.ts) and `npm run bench:share` both use these, so
 * what the bench holds against fio is the engine itself.
 */
const MiB = 2 ** 20;
const noFollow = constants.O_NOFOLLOW ?? 0;

/** The I/Os one job keeps in flight in the built-in engine: as asked, up to the pool's cap. */
export function outstandingOf(job: ShareJob): number {
  return Math.min(job.queueDepth * job.threads, maxOutstanding);
}

export interface Runner {
  pass(job: ShareJob, seconds: number, onRate: (bytesPerSecond: number) => void): Promise<PassOutcome>;
  threads: number;
  ioPath: string;
}

/** fsync through a descriptor of its own: a write pass (and the layout) ends when the data is on the disk. */
async function flush(file: string): Promise<number> {
  const startedAt = performance.now();
  const handle = await open(file, constants.O_RDONLY | noFollow);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return (performance.now() - startedAt) / 1000;
}

export function builtinRunner(
  pool: IoPool,
  test: { file: string; fileSize: number; flagsFor: (write: boolean) => number; method: string },
  signal: AbortSignal | undefined,
): Runner {
  return {
    threads: pool.size,
    ioPath: `${pool.size} I/O threads of NASBench’s own, one per I/O in flight, each with its own descriptor. ${test.method}`,
    async pass(job, seconds, onRate) {
      const write = writesData(job);
      const spec = {
        file: test.file,
        flags: test.flagsFor(write),
        write,
        // A mix draws each I/O's side afresh, reads with this chance (fio's rwmixread).
        ...(isMixedJob(job) ? { readShare: readPercentOf(job) / 100 } : {}),
        random: isRandomJob(job),
        bs: job.bs,
        fileSize: test.fileSize,
        outstanding: outstandingOf(job),
        seconds,
      };
      const outcome = await pool.run(spec, { signal, onRate });
      // As fio's end_fsync: a write is counted once the share has it on its disks.
      return write ? { ...outcome, seconds: outcome.seconds + (await flush(test.file)) } : outcome;
    },
  };
}

export function fioRunner(
  fio: LocalFio,
  test: { file: string; fileSize: number; unbuffered: boolean },
  jobs: ShareJob[],
  signal: AbortSignal | undefined,
): Runner {
  return {
    threads: Math.max(...jobs.map((job) => (test.unbuffered ? job.threads : job.queueDepth * job.threads))),
    ioPath: fioPathWords(fio, test.unbuffered, jobs),
    async pass(job, seconds, onRate) {
      const outcome = await runFioPass(fio, { ...test, job, seconds }, signal);
      onRate(outcome.seconds > 0 ? outcome.bytes / outcome.seconds : 0);
      return outcome;
    },
  };
}

/** The test file, every block written once in order (1 MiB, 8 in flight), and flushed to the disk. */
export async function layOutTestFile(
  pool: IoPool,
  test: { file: string; fileSize: number; flags: number },
  signal: AbortSignal | undefined,
): Promise<void> {
  const spec = { ...test, write: true, random: false, bs: MiB, outstanding: 8, seconds: 0, once: true };
  await pool.run(spec, { signal });
  await flush(test.file);
}
