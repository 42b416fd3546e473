import { constants } from 'node:fs';
import { open, rm, statfs, type FileHandle } from 'node:fs/promises';
import { formatBytes } from '../../../shared/util/units';
import { errnoCode } from './io-errors';
import { ioAlignment } from './test-data';

/** How a test reads or writes, and the words that tell the user what the figure means. */
export interface IoMethod {
  /** The client's file cache is bypassed (O_DIRECT, FILE_FLAG_NO_BUFFERING). */
  direct: boolean;
  /** The folder's files live in RAM anyway (tmpfs, ramfs): no figure here is a disk figure. */
  inMemory: boolean;
  method: string;
  /** The open flag that bypasses the cache; 0 when buffered. */
  flag: number;
}

/** What this operating system offers; passed in so the Windows and macOS paths can be exercised on Linux. */
export interface PlatformIo {
  platform: NodeJS.Platform;
  /** The open flag that bypasses the file cache, or undefined where Node has none. */
  directFlag: number | undefined;
}

function directOpenFlag(platform: NodeJS.Platform): number | undefined {
  const table = constants as unknown as Record<string, number | undefined>;
  // libuv maps UV_FS_O_DIRECT to FILE_FLAG_NO_BUFFERING on Windows; macOS has no O_DIRECT at all.
  if (platform === 'win32') return table['UV_FS_O_DIRECT'] ?? table['O_DIRECT'];
  if (platform === 'darwin') return undefined;
  return table['O_DIRECT'];
}

export const thisPlatformIo: PlatformIo = { platform: process.platform, directFlag: directOpenFlag(process.platform) };

/** Linux statfs magic numbers (linux/magic.h) for the file systems a user is likely to pick. */
const linuxFileSystems: Record<number, string> = {
  0xef53: 'ext4',
  0x9123683e: 'btrfs',
  0x58465342: 'xfs',
  0x2fc12fc1: 'zfs',
  0x01021994: 'tmpfs',
  0x858458f6: 'ramfs',
  0xff534d42: 'cifs',
  0xfe534d42: 'smb3',
  0x6969: 'nfs',
  0x65735546: 'fuse',
  0x794c7630: 'overlay',
  0x5346544e: 'ntfs',
  0x4d44: 'vfat',
  0x2011bab0: 'exfat',
};
/** File systems whose files live in RAM: no figure there is a disk's. */
export const memoryFileSystems = new Set(['tmpfs', 'ramfs']);

/** The file system type of a folder as Linux names it; undefined elsewhere or when unknown. */
export async function fileSystemOf(folder: string, io: PlatformIo = thisPlatformIo): Promise<string | undefined> {
  if (io.platform !== 'linux') return undefined;
  const stats = await statfs(folder).catch(() => undefined);
  return stats ? linuxFileSystems[stats.type] : undefined;
}

function largeFileWords(ramBytes: number): string {
  return `Uncached here means a file larger than RAM: choose a file size above ${formatBytes(2 * ramBytes)} (twice the RAM involved), or run the cache-wall sweep.`;
}

const directWords: Partial<Record<NodeJS.Platform, string>> = {
  win32: 'FILE_FLAG_NO_BUFFERING with sector-aligned buffers, so the data bypasses this computer’s file cache.',
};
// Only this computer's cache: whether the NAS's cache served the figure is said beside it (cache-state.ts).
const linuxDirectWords = 'O_DIRECT with page-aligned buffers, so the data bypasses this computer’s file cache.';

/**
 * Chooses how to read or write a test file in `folder`. Bypassing the cache needs a flag from
 * the OS, a block size in whole 4 KiB pages, and a file system on a disk: tmpfs accepts
 * O_DIRECT since Linux 6.6, but its files are RAM, so "uncached" would still be memory speed.
 */
export async function chooseIoMethod(
  folder: string,
  options: { blockSize: number; bypassCache: boolean; ramBytes: number },
  io: PlatformIo = thisPlatformIo,
): Promise<IoMethod> {
  const fileSystem = await fileSystemOf(folder, io);
  const inMemory = fileSystem !== undefined && memoryFileSystems.has(fileSystem);
  const buffered = (method: string): IoMethod => ({ direct: false, inMemory, method, flag: 0 });
  if (!options.bypassCache)
    return buffered('Buffered, as a file copy is: files smaller than the RAM involved may be served from a cache.');
  if (inMemory)
    return buffered(
      `This folder is on ${fileSystem}, which keeps files in RAM: there is no uncached path and every figure is memory speed. ${largeFileWords(options.ramBytes)}`,
    );
  if (io.directFlag === undefined)
    return buffered(
      `This system offers NASBench no way to bypass its file cache, so reads may come from memory. ${largeFileWords(options.ramBytes)}`,
    );
  if (options.blockSize % ioAlignment !== 0)
    return buffered(
      `The block size is not a whole number of 4 KiB pages, which uncached I/O needs, so the file cache was used. ${largeFileWords(options.ramBytes)}`,
    );
  return { direct: true, inMemory, method: directWords[io.platform] ?? linuxDirectWords, flag: io.directFlag };
}

/** The method to fall back to when the file system refuses the bypass flag (EINVAL: FUSE, ramfs, old tmpfs). */
export function refusedDirect(method: IoMethod, ramBytes: number): IoMethod {
  return {
    direct: false,
    inMemory: method.inMemory,
    flag: 0,
    method: `This folder’s file system refuses uncached I/O (O_DIRECT), so the file cache was used. ${largeFileWords(ramBytes)}`,
  };
}

/** True for the error a file system gives when it will not do uncached I/O, or not with these sizes. */
export function isDirectRefused(error: unknown, method: IoMethod): boolean {
  return method.direct && errnoCode(error) === 'EINVAL';
}

// O_NOFOLLOW and O_EXCL: never write through a link or into a file that someone else put there.
const noFollow = constants.O_NOFOLLOW ?? 0;
export const createFlags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow;
export const readFlags = constants.O_RDONLY | noFollow;

/**
 * Opens a test file for writing (it must not exist yet) or reading. If the file system refuses
 * the cache bypass, opens it buffered and returns the method that was really used.
 */
export async function openTestFile(
  file: string,
  mode: 'write' | 'read',
  method: IoMethod,
  ramBytes: number,
): Promise<{ handle: FileHandle; method: IoMethod }> {
  const base = mode === 'write' ? createFlags : readFlags;
  try {
    return { handle: await open(file, base | method.flag, 0o600), method };
  } catch (error) {
    if (!isDirectRefused(error, method)) throw error;
    const fallback = refusedDirect(method, ramBytes);
    // Linux creates the file before it checks O_DIRECT; it is ours, inside our own folder.
    if (mode === 'write') await rm(file, { force: true });
    return { handle: await open(file, base, 0o600), method: fallback };
  }
}
