import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NasIdentity } from '../../../shared/contract/copy';
import { NasbenchError } from '../../../shared/contract/errors';
import type { SharePath, ShareSession } from '../../../shared/contract/figure-quality';
import { formatBytes } from '../../../shared/util/units';
import { throwIfCancelled } from './io-errors';
import { fileSystemOf, thisPlatformIo, type PlatformIo } from './cache-bypass';
import type { CopyContext } from './cache-state';
import { runCacheWallSweep, type CacheWallSweep } from './cache-wall';
import type { MountedShare } from './mount-table';
import { shareIsOnNas, shareOfFolder } from './mounted-shares';
import { pathNote as noteOfPath, type LinkOfPlan } from '../../../shared/kinds/copy/share-path';
import { ensureFreeSpace, checkTargetFolder, freeSpaceOf, withScratchFolder } from './scratch-folder';
import { measurePass, type CopyTestResult, type MeasuredPass } from './sequential';
import { sessionTermsOf } from './session-terms';
import { findFolderShare, findSharePath } from './share-path';
import { planSettledWrite, settleDefaults, sizingNote, type SettleLimits, type SettlePlan } from './settle-size';
import { measureSmallFiles } from './small-files';
import { GiB, KiB, MiB, roundUp } from './sizes';
import type { TestPattern } from './test-data';
import type { CopySample } from './throughput-meter';

export interface ShareCopyOptions {
  /** The folder the user picked, normally on a mounted share. */
  dir: string;
  /** Names the run's own folder `.nasbench-<runId>`; a fresh id by default. */
  runId?: string;
  /** The sequential file's size as the user gave it; without it the write is sized to settle (settle-size.ts). */
  fileSize?: number | undefined;
  /** How a write without a size settles: settleDefaults unless a plan with a shorter budget says (quickSettle). */
  settle?: SettleLimits | undefined;
  blockSize?: number;
  sweep?: boolean;
  smallFiles?: { count: number; fileSize: number } | undefined;
  /** This computer's RAM (default: os.totalmem()) and the NAS's when the probe knows it. */
  clientRamBytes?: number;
  nasRamBytes?: number | undefined;
  /** The connected NAS: its RAM counts when the folder is one of its shares. `nasRamBytes` wins when given. */
  nas?: { identity: NasIdentity; ramBytes: number | null } | undefined;
  /** The one link a plan is about: a share mounted over another one is said to be. */
  aboutLink?: LinkOfPlan | undefined;
  /** The sweep stops before a size that would overrun this (default 10 minutes). */
  timeBudgetSeconds?: number;
  sweepStartSize?: number;
  pattern?: TestPattern;
  /** sha256 of what was written and of what was read back, compared in the result. */
  checksum?: boolean;
  signal?: AbortSignal | undefined;
  /** The run's folder on the share when it could not be removed (the results stand). */
  onLeftBehind?: ((scratch: string) => void) | undefined;
  onSample?: ((sample: CopySample) => void) | undefined;
  onTest?: ((test: CopyTestResult) => void) | undefined;
  onStep?:
    ((index: number, count: number, label: string, state: 'started' | 'finished' | 'failed') => void) | undefined;
  io?: PlatformIo;
  /** The mounted shares (default: this computer's mount table), to say which share the folder is on. */
  mountedShares?: () => Promise<MountedShare[]>;
  /** What the folder really is (default: mount table, resolver and routing table of this computer). */
  sharePath?: (folder: string) => Promise<SharePath>;
  /**
   * The terms of the share's session (default: what this computer's OS and the mount say). A run with
   * the NAS connected also asks the NAS, when the share is one of its own (runs/steps/share-copy.ts).
   */
  sessionTerms?: (share: MountedShare, localAddress: string | null) => Promise<ShareSession | null>;
}

export interface ShareCopyResult {
  dir: string;
  runId: string;
  /** Linux's name for the folder's file system (cifs, nfs, ext4, tmpfs, …), when known. */
  fileSystem: string | null;
  share: MountedShare | null;
  /** What the folder really is and which link its traffic takes. */
  path: SharePath;
  /** What the path means for the figures: a folder that is no share, or a share over another link than the plan's. */
  pathNote?: string;
  tests: CopyTestResult[];
  sweep?: CacheWallSweep;
  /** Present with `checksum`: the file read back was byte for byte what was written. */
  roundTripIdentical?: boolean;
  /** What the figures mean: the path, how the test was sized, one line per method used. */
  notes: string[];
}

export const copyDefaults = {
  /** The sequential file when sized to settle starts at this; a size the user gives is used as is. */
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

/** The share's path with its session's terms, when it is a share (a lookup that fails says nothing). */
export async function withSessionTerms(
  sharePath: SharePath,
  share: MountedShare | null,
  sessionTerms: NonNullable<ShareCopyOptions['sessionTerms']>,
): Promise<SharePath> {
  if (sharePath.kind !== 'network-share' || !share) return sharePath;
  const session = await sessionTerms(share, sharePath.localAddress).catch(() => null);
  return { ...sharePath, session };
}

/** The NAS's RAM for this folder: as given, or the connected NAS's when the folder is one of its shares. */
function nasRamFor(options: ShareCopyOptions, share: MountedShare | null): number | null {
  if (options.nasRamBytes !== undefined) return options.nasRamBytes;
  if (!options.nas || !share || !shareIsOnNas(share, options.nas.identity)) return null;
  return options.nas.ramBytes;
}

/**
 * The share copy test: one file written and read back uncached, then optionally many small
 * files and the cache-wall sweep — all inside `<dir>/.nasbench-<runId>/`, which is removed at
 * the end whatever happens. Space is checked before anything is written. Without a size, the
 * write is sized to settle: at least 1 GiB, then until its rate is steady (settle-size.ts).
 */
export async function runShareCopy(options: ShareCopyOptions): Promise<ShareCopyResult> {
  checkSizes(options);
  const dir = await checkTargetFolder(options.dir);
  const runId = options.runId ?? randomUUID();
  const blockSize = options.blockSize ?? copyDefaults.blockSize;
  const clientRamBytes = options.clientRamBytes ?? os.totalmem();
  const io = options.io ?? thisPlatformIo;
  // The mount holding the folder, not every share there is: listing gvfs and smbnetfs folders asks their servers.
  const share =
    (options.mountedShares
      ? shareOfFolder(dir, await options.mountedShares(), io.platform)
      : await findFolderShare(dir)) ?? null;
  const sharePath = await withSessionTerms(
    await (options.sharePath ?? findSharePath)(dir),
    share,
    options.sessionTerms ?? sessionTermsOf(),
  );
  const nasRamBytes = nasRamFor(options, share);
  const ramBytes = Math.max(clientRamBytes, nasRamBytes ?? 0);
  const fileSystem = (await fileSystemOf(dir, io)) ?? null;
  const context: CopyContext = {
    kind: sharePath.kind,
    fileSystem: fileSystem ?? undefined,
    clientRamBytes,
    nasRamBytes,
  };
  const settlePlan: SettlePlan | null =
    options.fileSize === undefined
      ? planSettledWrite({
          space: await freeSpaceOf(dir),
          blockSize,
          kind: sharePath.kind,
          nasRamBytes,
          ...(options.settle ? { limits: options.settle } : {}),
        })
      : null;
  const fileSize = options.fileSize ?? settlePlan?.capBytes ?? copyDefaults.fileSize;
  const smallFilesBytes = options.smallFiles
    ? options.smallFiles.count * roundUp(options.smallFiles.fileSize, 4 * KiB)
    : 0;
  // The tests run one after the other and each removes its files, so the largest one decides.
  const sweepStartSize = options.sweep ? (options.sweepStartSize ?? 64 * MiB) : 0;
  const sequentialBytes = settlePlan ? Math.min(settlePlan.floorBytes, settleDefaults.smallestBytes) : fileSize;
  await ensureFreeSpace(dir, Math.max(sequentialBytes, smallFilesBytes, sweepStartSize));
  const startedAt = performance.now();
  const elapsed = () => (performance.now() - startedAt) / 1000;
  const tests: CopyTestResult[] = [];
  const record = (test: CopyTestResult) => {
    tests.push(test);
    options.onTest?.(test);
  };
  const common = { signal: options.signal, elapsed, onSample: options.onSample, io };
  const pathNote = noteOfPath(sharePath, options.aboutLink);
  const result: ShareCopyResult = {
    dir,
    runId,
    fileSystem,
    share,
    path: sharePath,
    ...(pathNote ? { pathNote } : {}),
    tests,
    notes: [],
  };
  const passes: MeasuredPass[] = [];
  await withScratchFolder(
    dir,
    runId,
    async (scratch) => {
      const file = path.join(scratch, 'sequential.bin');
      const sequential = { ...common, file, fileSize, blockSize, ramBytes, context, bypassCache: true };
      const steps: Step[] = [
        {
          label: settlePlan
            ? `Writing a file in ${formatBytes(blockSize)} blocks until the rate is steady (at least ${formatBytes(settlePlan.floorBytes)})`
            : `Writing a ${formatBytes(fileSize)} file in ${formatBytes(blockSize)} blocks`,
          run: async () => {
            const pass = await measurePass(
              {
                ...sequential,
                leaveOutWarmUp: true,
                checksum: options.checksum ?? false,
                pattern: options.pattern ?? 'random',
                ...(settlePlan
                  ? { settle: { floorBytes: settlePlan.floorBytes, maxSeconds: settlePlan.limits.maxSeconds } }
                  : {}),
              },
              'write',
            );
            passes.push(pass);
            record(pass.test);
          },
        },
        {
          label: `Reading it back past this computer’s cache`,
          run: async () => {
            const written = passes[0]?.test.fileSize ?? fileSize;
            const pass = await measurePass(
              { ...sequential, fileSize: written, leaveOutWarmUp: true, checksum: options.checksum ?? false },
              'read',
            );
            passes.push(pass);
            record(pass.test);
          },
        },
      ];
      const smallFiles = options.smallFiles;
      if (smallFiles)
        steps.push({
          label: `Writing and reading ${smallFiles.count} files of ${formatBytes(smallFiles.fileSize)}`,
          run: async () =>
            (await measureSmallFiles({ ...common, scratch, ...smallFiles, ramBytes, context })).forEach(record),
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
              nasRamBytes: nasRamBytes ?? undefined,
              context,
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
    },
    options.onLeftBehind,
  );
  const [written, read] = tests;
  if (options.checksum && written?.sha256 && read?.sha256) result.roundTripIdentical = written.sha256 === read.sha256;
  const [writePass, readPass] = passes;
  const sizing = writePass ? [sizingNote(writePass, readPass, settlePlan)] : [];
  result.notes = [...(pathNote ? [pathNote] : []), ...sizing, ...new Set(tests.map((test) => test.method))];
  return result;
}
