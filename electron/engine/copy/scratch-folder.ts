import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NasbenchError } from '../../../shared/contract/errors';
import { RunId } from '../../../shared/contract/run-events';
import { isStaleScratch, markerFileName, markerText, scratchPrefix } from '../../../shared/util/scratch-marker';
import { formatBytes } from '../../../shared/util/units';
import { errnoCode, shareIoFailure } from './io-errors';
import { MiB } from './sizes';

/** Every file a test writes lives in `<folder>/.nasbench-<runId>/`; nothing else in the folder is touched. */
export const scratchFolderPrefix = scratchPrefix;

export interface FreeSpace {
  freeBytes: number;
  totalBytes: number;
  /** Some file systems (ramfs, a few FUSE ones) report no sizes; then only DISK_FULL can stop a test. */
  known: boolean;
}

export async function freeSpaceOf(folder: string): Promise<FreeSpace> {
  const stats = await statfs(folder).catch((error: unknown) => {
    throw shareIoFailure(error);
  });
  const totalBytes = stats.blocks * stats.bsize;
  return { freeBytes: stats.bavail * stats.bsize, totalBytes, known: totalBytes > 0 };
}

/** Space a test leaves free: a tenth of the share, at most 256 MiB, so a test never fills a share to the brim. */
export function keptFreeBytes(totalBytes: number): number {
  return Math.min(256 * MiB, Math.floor(totalBytes / 10));
}

/** Whether `bytes` more fit with the margin kept free. */
export function fitsWithMargin(space: FreeSpace, bytes: number): boolean {
  return !space.known || bytes + keptFreeBytes(space.totalBytes) <= space.freeBytes;
}

/** Refuses, before anything is written, a test that would not fit with the margin kept free. */
export async function ensureFreeSpace(folder: string, bytesNeeded: number): Promise<FreeSpace> {
  const space = await freeSpaceOf(folder);
  if (fitsWithMargin(space, bytesNeeded)) return space;
  const kept = keptFreeBytes(space.totalBytes);
  throw new NasbenchError(
    'NOT_ENOUGH_SPACE',
    `The share has ${formatBytes(space.freeBytes)} free; this test needs ${formatBytes(bytesNeeded)} plus ${formatBytes(kept)} left free. Nothing was written.`,
    'Free some space on the share, or choose a smaller file size (--size) or fewer small files.',
    { details: { freeBytes: space.freeBytes, neededBytes: bytesNeeded, keptFreeBytes: kept } },
  );
}

const systemFolder = /^(?:\/|\/(?:dev|proc|sys)(?:\/.*)?|[A-Za-z]:\\(?:Windows(?:\\.*)?)?)$/;

/** Checks that the folder the user picked exists and is a folder; returns its absolute path. */
export async function checkTargetFolder(folder: string): Promise<string> {
  const absolute = path.resolve(folder);
  const stats = await stat(absolute).catch((error: unknown) => {
    if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR')
      throw new NasbenchError(
        'NOT_FOUND',
        'The folder for the copy test does not exist.',
        'Check the path, and that the share is mounted.',
      );
    throw shareIoFailure(error);
  });
  if (!stats.isDirectory())
    throw new NasbenchError(
      'INVALID_INPUT',
      'The path for the copy test is a file, not a folder.',
      'Give a folder on the share, e.g. the folder the share is mounted on.',
    );
  // Through a symlink too: the test writes where the folder really is, and never into the system's own.
  if (systemFolder.test(await realpath(absolute)))
    throw new NasbenchError(
      'INVALID_INPUT',
      'The folder for the copy test is a system folder of this computer (/, /dev, /proc or /sys, perhaps through a link).',
      'Give a folder on the share, e.g. the folder the share is mounted on.',
    );
  return absolute;
}

/**
 * Creates the run's own folder, runs the work inside it, and removes it afterwards — on
 * success, failure and cancel alike. The folder is created fresh (never reused), so removing
 * it can only remove what this run wrote. One that cannot be removed (the share went, a file in
 * it stayed busy) is named through `onLeftBehind` and the work's result stands; without that
 * hook, the failed removal is the error.
 */
export async function withScratchFolder<T>(
  folder: string,
  runId: string,
  work: (scratch: string) => Promise<T>,
  onLeftBehind?: (scratch: string) => void,
): Promise<T> {
  if (!RunId.safeParse(runId).success)
    throw new NasbenchError(
      'INVALID_INPUT',
      'The run id has characters a folder name must not have.',
      'Use a run id made of letters, digits and dashes.',
    );
  const target = await checkTargetFolder(folder);
  await sweepStaleLocalScratch(target).catch(() => []);
  const scratch = path.join(target, `${scratchFolderPrefix}${runId}`);
  await mkdir(scratch, { mode: 0o700 }).catch((error: unknown) => {
    if (errnoCode(error) === 'EEXIST')
      throw new NasbenchError(
        'INVALID_INPUT',
        'A folder for this run id already exists in the chosen folder; NASBench leaves it alone.',
        'Start a new run (it gets a new id).',
      );
    throw shareIoFailure(error);
  });
  // The marker proves to a later sweep that NASBench made this folder (a crash can leave it behind).
  await writeFile(path.join(scratch, markerFileName), markerText(runId, Date.now() / 1000), { flag: 'wx' }).catch(
    async (error: unknown) => {
      await rm(scratch, { recursive: true, force: true });
      throw shareIoFailure(error);
    },
  );
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await work(scratch) };
  } catch (error) {
    outcome = { ok: false, error };
  }
  const removed = await rm(scratch, { recursive: true, force: true, maxRetries: 2 }).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (removed !== undefined) onLeftBehind?.(scratch);
  if (!outcome.ok) throw outcome.error;
  if (removed !== undefined && !onLeftBehind) throw shareIoFailure(removed);
  return outcome.value;
}

/**
 * Removes the scratch folders a crash left in a share folder more than a day ago — only those
 * NASBench can prove it made (scratch-marker.ts): real folders, not symlinks, with a marker file
 * naming the same run. Returns the folders removed.
 */
export async function sweepStaleLocalScratch(folder: string, nowSeconds = Date.now() / 1000): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(folder)) {
    if (!name.startsWith(scratchPrefix)) continue;
    const candidate = path.join(folder, name);
    const marker = path.join(candidate, markerFileName);
    const [folderStats, markerStats] = await Promise.all([lstat(candidate), lstat(marker)]).catch(() => []);
    if (!folderStats?.isDirectory() || !markerStats?.isFile()) continue;
    const text = await markerHeadOf(marker).catch(() => '');
    if (!isStaleScratch(name, text, nowSeconds)) continue;
    await rm(candidate, { recursive: true, force: true });
    removed.push(candidate);
  }
  return removed;
}

/** What a marker says is in its first lines: a user of the share may have made it huge, so no more is read. */
export const markerBytesRead = 512;

/**
 * The marker's first 512 bytes, as text. Opened without following a link and without waiting: a
 * marker swapped for a link or a FIFO since it was looked at is not read through.
 */
async function markerHeadOf(marker: string): Promise<string> {
  const file = await open(marker, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    const head = Buffer.alloc(markerBytesRead);
    const { bytesRead } = await file.read(head, 0, markerBytesRead, 0);
    return head.subarray(0, bytesRead).toString('utf8');
  } finally {
    await file.close();
  }
}
