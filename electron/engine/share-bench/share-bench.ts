import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ShareSession, SharePath } from '../../../shared/contract/figure-quality';
import type { ShareBenchResult, ShareBenchTest } from '../../../shared/contract/share-bench';
import {
  figureOp,
  isMixedJob,
  readPercentOf,
  shareBenchDefaults,
  shareJobName,
  type ShareJob,
  type ShareProfile,
} from '../../../shared/kinds/share/profiles';
import { spreadOfRepeats, spreadOfSamples } from '../../../shared/util/spread';
import {
  cacheStateOf,
  checkTargetFolder,
  chooseIoMethod,
  ensureFreeSpace,
  fileSystemOf,
  fitsWithMargin,
  freeSpaceOf,
  findFolderShare,
  findSharePath,
  nasCacheWords,
  openTestFile,
  sessionTermsOf,
  throwIfCancelled,
  withScratchFolder,
  withSessionTerms,
  type MountedShare,
} from '../copy';
import { findLocalFio, fioMissing, type LocalFio } from './fio-here';
import { maxOutstanding, openIoPool, type PassOutcome } from './io-pool';
import { builtinRunner, fioRunner, layOutTestFile, outstandingOf } from './runners';
import { shareRoundTrip } from './round-trip';
import { shareTestFileSize } from './file-size';

export interface ShareBenchOptions {
  /** The folder the user picked: a mounted share, or a folder on this computer's own disk. */
  dir: string;
  runId?: string;
  profile: ShareProfile | 'custom';
  jobs: ShareJob[];
  engine: 'builtin' | 'fio';
  fileSize?: number;
  seconds?: number;
  passes?: number;
  clientRamBytes?: number;
  nasRamBytes?: number | null;
  signal?: AbortSignal | undefined;
  /** The terms of the share's session (default: what this computer's OS and the mount say). */
  sessionTerms?: (share: MountedShare, localAddress: string | null) => Promise<ShareSession | null>;
  /** fio on this computer for `engine: 'fio'`: null, none there; undefined, found on its PATH. */
  fio?: LocalFio | null;
  onSample?: (test: string, bytesPerSecond: number) => void;
  onTest?: (test: ShareBenchTest) => void;
  onStep?: (index: number, count: number, label: string, state: 'started' | 'finished' | 'failed') => void;
  onLeftBehind?: (scratch: string) => void;
}

const MiB = 2 ** 20;
const noFollow = constants.O_NOFOLLOW ?? 0;

/**
 * CrystalDiskMark's benchmark from this computer (../shared/facts/nas-state.md §7): one test file
 * (1 GiB of data that does not compress), then each job as one unscored warm-up pass and N scored
 * passes, the best of them the figure — every read first, then every write. The built-in engine
 * keeps the asked-for I/Os in flight with one thread each (io-pool.ts); fio, when asked, runs the
 * same jobs on the same file. Everything lives in `<dir>/.nasbench-<runId>/`, removed at the end.
 */
export async function runShareBench(options: ShareBenchOptions): Promise<Omit<ShareBenchResult, 'kind'>> {
  const dir = await checkTargetFolder(options.dir);
  const runId = options.runId ?? randomUUID();
  const seconds = options.seconds ?? shareBenchDefaults.seconds;
  const passes = options.passes ?? shareBenchDefaults.passes;
  const clientRamBytes = options.clientRamBytes ?? os.totalmem();
  const nasRamBytes = options.nasRamBytes ?? null;
  const share = (await findFolderShare(dir)) ?? null;
  const sharePath: SharePath = await withSessionTerms(
    await findSharePath(dir),
    share,
    options.sessionTerms ?? sessionTermsOf(),
  );
  const fileSystem = (await fileSystemOf(dir)) ?? null;
  // null: the caller looked and found none; undefined: look on this computer's PATH.
  const fio = options.engine === 'fio' ? (options.fio !== undefined ? options.fio : await findLocalFio()) : null;
  if (options.engine === 'fio' && !fio) throw fioMissing();
  await ensureFreeSpace(dir, options.fileSize ?? shareBenchDefaults.fileSizeBytes);
  // Before anything loads the link: the round trip every small I/O over the share waits at least.
  const roundTrip = await shareRoundTrip(sharePath, share, options.signal);
  const tests: ShareBenchTest[] = [];
  const notes: string[] = [];
  let result: Omit<ShareBenchResult, 'kind'> | undefined;
  const steps = ['Writing the test file', ...options.jobs.map(shareJobName)];
  // The pool lays out the file for both engines, so both measure the very same file.
  const pool = await openIoPool(
    Math.max(8, ...options.jobs.map(outstandingOf)),
    Math.max(MiB, ...options.jobs.map((job) => job.bs)),
  );
  try {
    await withScratchFolder(
      dir,
      runId,
      async (scratch) => {
        const file = path.join(scratch, 'crystal.bin');
        const ramBytes = Math.max(clientRamBytes, nasRamBytes ?? 0);
        const chosen = await chooseIoMethod(scratch, { blockSize: 4096, bypassCache: true, ramBytes });
        const opened = await openTestFile(file, 'write', chosen, ramBytes);
        await opened.handle.close();
        const method = opened.method;
        const space = await freeSpaceOf(dir);
        const sized = shareTestFileSize({
          given: options.fileSize,
          direct: method.direct,
          ramBytes,
          fits: (bytes) => fitsWithMargin(space, bytes),
        });
        const fileSize = sized.fileSize;
        if (sized.note) notes.push(sized.note);
        // Read and write: a mixed job does both through the one descriptor.
        const flagsFor = (write: boolean) => (write ? constants.O_RDWR : constants.O_RDONLY) | noFollow | method.flag;
        const step = async (index: number, work: () => Promise<void>) => {
          throwIfCancelled(options.signal);
          options.onStep?.(index, steps.length, steps[index] ?? '', 'started');
          await work().catch((error: unknown) => {
            options.onStep?.(index, steps.length, steps[index] ?? '', 'failed');
            throw error;
          });
          options.onStep?.(index, steps.length, steps[index] ?? '', 'finished');
        };
        await step(0, () => layOutTestFile(pool, { file, fileSize, flags: flagsFor(true) }, options.signal));
        const runner = fio
          ? fioRunner(fio, { file, fileSize, unbuffered: method.direct }, options.jobs, options.signal)
          : builtinRunner(pool, { file, fileSize, flagsFor, method: method.method }, options.signal);
        for (const [index, job] of options.jobs.entries())
          await step(index + 1, async () => {
            const name = shareJobName(job);
            const onRate = (rate: number) => options.onSample?.(name, rate);
            await runner.pass(job, seconds, onRate); // CrystalDiskMark's unscored warm-up pass
            const scored: PassOutcome[] = [];
            for (let pass = 0; pass < passes; pass++) scored.push(await runner.pass(job, seconds, onRate));
            const test = testOf(job, scored, {
              path: sharePath,
              cache: cacheStateOf({
                kind: sharePath.kind,
                fileSystem: fileSystem ?? undefined,
                clientRamBytes,
                nasRamBytes,
                op: figureOp(job),
                direct: method.direct,
                bytes: fileSize,
              }),
              capped: !fio && outstandingOf(job) < job.queueDepth * job.threads,
            });
            tests.push(test);
            options.onTest?.(test);
          });
        notes.push(method.method);
        const nasWords = nasCacheWords(tests[0]?.cache ?? { client: 'buffered', nas: 'unknown' }, {
          op: 'read',
          kind: sharePath.kind,
          nasRamBytes,
        });
        if (nasWords) notes.push(nasWords);
        await rm(file, { force: true });
        result = {
          dir,
          fileSystem,
          share,
          path: sharePath,
          engine: options.engine,
          profile: options.profile,
          threads: runner.threads,
          ioPath: runner.ioPath,
          unbuffered: method.direct,
          fileSizeBytes: fileSize,
          roundTrip,
          tests,
          notes,
        };
      },
      options.onLeftBehind,
    );
  } finally {
    await pool.close();
  }
  if (!result) throw new Error('The share benchmark ended without a result.');
  return result;
}

/** One test's figures: its best scored pass, as CrystalDiskMark shows it, with every pass kept. */
function testOf(
  job: ShareJob,
  scored: PassOutcome[],
  labels: Pick<ShareBenchTest, 'path' | 'cache'> & { capped: boolean },
): ShareBenchTest {
  const rates = scored.map((pass) => (pass.seconds > 0 ? pass.bytes / pass.seconds : 0));
  const bestIndex = rates.indexOf(Math.max(...rates));
  const best = scored[bestIndex] ?? scored[0];
  const bytesPerSecond = rates[bestIndex] ?? 0;
  const spread = scored.length > 1 ? spreadOfRepeats(rates) : spreadOfSamples(best?.perSecond ?? []);
  const outstanding = outstandingOf(job);
  return {
    name: shareJobName(job),
    rw: job.rw,
    bs: job.bs,
    queueDepth: job.queueDepth,
    threads: job.threads,
    ...(isMixedJob(job) ? { readPercent: readPercentOf(job) } : {}),
    outstanding: labels.capped ? outstanding : job.queueDepth * job.threads,
    bytesPerSecond,
    iops: best && best.seconds > 0 ? best.ios / best.seconds : 0,
    latencyNs: best?.latencyNs ?? { mean: 0, p50: 0, p99: 0 },
    passes: rates,
    seconds: best?.seconds ?? 0,
    cache: labels.cache,
    path: labels.path,
    ...(spread ? { spread } : {}),
    ...(labels.capped
      ? {
          note: `Ran with ${outstanding} I/Os in flight, not ${job.queueDepth * job.threads}: the built-in engine runs one thread per I/O and stops at ${maxOutstanding}. fio (--engine fio) runs it as asked.`,
        }
      : {}),
  };
}
