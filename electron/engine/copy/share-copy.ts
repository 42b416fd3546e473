import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NasbenchError } from '../../../shared/errors';
import { formatBytes } from '../../../shared/units';
import { throwIfCancelled } from './io-errors';
import { fileSystemOf, thisPlatformIo, type PlatformIo } from './cache-bypass';
import { runCacheWallSweep, type CacheWallSweep } from './cache-wall';
import type { MountedShare } from './mount-table';
import { listMountedShares, shareOfFolder } from './mounted-shares';
import { ensureFreeSpace, checkTargetFolder, withScratchFolder } from './scratch-folder';
import { measureShareRead, measureShareWrite, type CopyTestResult } from './sequential';
import { measureSmallFiles } from './small-files';
import { GiB, KiB, MiB, roundUp } from './sizes';
import type { TestPattern } from './test-data';
import type { CopySample } from './throughput-meter';

export interface ShareCopyOptions {
  /** The folder the user picked, normally on a mounted share. */
  dir: string;
  /** Names the run's own folder `.nasbench-<runId>`; a fresh id by default. */
  runId?: string;
  fileSize?: number;
  blockSize?: number;
  sweep?: boolean;
  smallFiles?: { count: number; fileSize: number } | undefined;
  /** This computer's RAM (default: os.totalmem()) and the NAS's when the probe knows it. */
  clientRamBytes?: number;
  nasRamBytes?: number | undefined;
  /** The sweep stops before a size that would overrun this (default 10 minutes). */
  timeBudgetSeconds?: number;
  sweepStartSize?: number;
  pattern?: TestPattern;
  /** sha256 of what was written and of what was read back, compared in the result. */
  checksum?: boolean;
  signal?: AbortSignal | undefined;
  onSample?: ((sample: CopySample) => void) | undefined;
  onTest?: ((test: CopyTestResult) => void) | undefined;
  onStep?:
    ((index: number, count: number, label: string, state: 'started' | 'finished' | 'failed') => void) | undefined;
  io?: PlatformIo;
  /** The mounted shares (default: this computer's mount table), to say which share the folder is on. */
  mountedShares?: () => Promise<MountedShare[]>;
}

export interface ShareCopyResult {
  dir: string;
  runId: string;
  /** Linux's name for the folder's file system (cifs, nfs, ext4, tmpfs, …), when known. */
  fileSystem: string | null;
  share: MountedShare | null;
  tests: CopyTestResult[];
  sweep?: CacheWallSweep;
  /** Present with `checksum`: the file read back was byte for byte what was written. */
  roundTripIdentical?: boolean;
  /** What the figures mean (one line per method used). */
  notes: string[];
}

export const copyDefaults = {
  fileSize: 1 * GiB,
  blockSize: 1 * MiB,
  smallFileSize: 64 * KiB,
  smallFileCount: 1000,
  timeBudgetSeconds: 600,
};

const wholeIn = (value: number | undefined, min: number, max: number) =>
  value === undefined || (Number.isSafeInteger(value) && value >= min && value <= max);

/** The GUI and the CLI both check sizes; the engine checks again, as it is the one that writes. */
function checkSizes(options: ShareCopyOptions): void {
  const fine =
    wholeIn(options.fileSize, 1, 2 ** 50) &&
    wholeIn(options.blockSize, 512, 256 * MiB) &&
    wholeIn(options.sweepStartSize, MiB, 2 ** 40) &&
    wholeIn(options.smallFiles?.count, 1, 1_000_000) &&
    wholeIn(options.smallFiles?.fileSize, 1, 64 * MiB);
  if (!fine)
    throw new NasbenchError(
      'INVALID_INPUT',
      'A file size, block size or file count for the copy test is out of range.',
      'Use a block size from 512 bytes to 256 MiB, at least one byte per file and at most a million small files.',
    );
}

interface Step {
  label: string;
  run: () => Promise<void>;
}

/**
 * The share copy test: one file written and read back uncached, then optionally many small
 * files and the cache-wall sweep — all inside `<dir>/.nasbench-<runId>/`, which is removed at
 * the end whatever happens. Space is checked before anything is written.
 */
export async function runShareCopy(options: ShareCopyOptions): Promise<ShareCopyResult> {
  checkSizes(options);
  const dir = await checkTargetFolder(options.dir);
  const runId = options.runId ?? randomUUID();
  const fileSize = options.fileSize ?? copyDefaults.fileSize;
  const blockSize = options.blockSize ?? copyDefaults.blockSize;
  const clientRamBytes = options.clientRamBytes ?? os.totalmem();
  const ramBytes = Math.max(clientRamBytes, options.nasRamBytes ?? 0);
  const smallFilesBytes = options.smallFiles
    ? options.smallFiles.count * roundUp(options.smallFiles.fileSize, 4 * KiB)
    : 0;
  // The tests run one after the other and each removes its files, so the largest one decides.
  const sweepStartSize = options.sweep ? (options.sweepStartSize ?? 64 * MiB) : 0;
  await ensureFreeSpace(dir, Math.max(fileSize, smallFilesBytes, sweepStartSize));
  const startedAt = performance.now();
  const elapsed = () => (performance.now() - startedAt) / 1000;
  const tests: CopyTestResult[] = [];
  const record = (test: CopyTestResult) => {
    tests.push(test);
    options.onTest?.(test);
  };
  const common = { signal: options.signal, elapsed, onSample: options.onSample, io: options.io ?? thisPlatformIo };
  const result: ShareCopyResult = {
    dir,
    runId,
    fileSystem: (await fileSystemOf(dir, common.io)) ?? null,
    share: shareOfFolder(dir, await (options.mountedShares ?? listMountedShares)(), common.io.platform) ?? null,
    tests,
    notes: [],
  };
  await withScratchFolder(dir, runId, async (scratch) => {
    const file = path.join(scratch, 'sequential.bin');
    const sequential = { ...common, file, fileSize, blockSize, ramBytes, bypassCache: true };
    const steps: Step[] = [
      {
        label: `Writing a ${formatBytes(fileSize)} file in ${formatBytes(blockSize)} blocks`,
        run: async () =>
          record(
            await measureShareWrite({
              ...sequential,
              checksum: options.checksum ?? false,
              pattern: options.pattern ?? 'random',
            }),
          ),
      },
      {
        label: `Reading it back uncached`,
        run: async () => record(await measureShareRead({ ...sequential, checksum: options.checksum ?? false })),
      },
    ];
    const smallFiles = options.smallFiles;
    if (smallFiles)
      steps.push({
        label: `Writing and reading ${smallFiles.count} files of ${formatBytes(smallFiles.fileSize)}`,
        run: async () => (await measureSmallFiles({ ...common, scratch, ...smallFiles, ramBytes })).forEach(record),
      });
    if (options.sweep)
      steps.push({
        label: 'Cache-wall sweep: file sizes doubling until no cache holds them',
        run: async () => {
          result.sweep = await runCacheWallSweep({
            ...common,
            scratch,
            blockSize,
            clientRamBytes,
            nasRamBytes: options.nasRamBytes,
            timeBudgetSeconds: options.timeBudgetSeconds ?? copyDefaults.timeBudgetSeconds,
            startSize: sweepStartSize,
            onTest: record,
          });
        },
      });
    for (const [index, step] of steps.entries()) {
      throwIfCancelled(options.signal);
      options.onStep?.(index, steps.length, step.label, 'started');
      await step.run().catch((error: unknown) => {
        options.onStep?.(index, steps.length, step.label, 'failed');
        throw error;
      });
      // The sequential file is not needed once it has been read back.
      if (index === 1) await rm(file, { force: true });
      options.onStep?.(index, steps.length, step.label, 'finished');
    }
  });
  const [written, read] = tests;
  if (options.checksum && written?.sha256 && read?.sha256) result.roundTripIdentical = written.sha256 === read.sha256;
  result.notes = [...new Set(tests.map((test) => test.method))];
  return result;
}
