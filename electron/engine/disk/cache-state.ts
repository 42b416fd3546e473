import type { CacheState } from '../../../shared/contract/figure-quality';
import { formatBytes } from '../../../shared/util/units';
import type { TestFolderFacts } from './file-system';

/**
 * Which caches a NAS disk figure may have gone through (../shared/cli-contract.md, "Fields"). fio and
 * dd run on the NAS, so this computer's cache is never involved. The NAS's cache is `bypassed` only
 * where the method guarantees it: direct I/O that the file system honours, or files at least twice
 * the size of the cache that could hold them.
 */

/** File systems whose files are RAM: there is no disk below the cache to measure. */
const memoryFileSystems = new Set(['tmpfs', 'ramfs', 'devtmpfs']);

export function inMemoryFolder(folder: Pick<TestFolderFacts, 'fileSystem'>): boolean {
  return folder.fileSystem !== null && memoryFileSystems.has(folder.fileSystem);
}

/**
 * The bytes of the NAS's cache that could hold test files: its RAM (the page cache can take most of
 * it); on ZFS the ARC's ceiling where that is known and larger, plus any L2ARC device. Null when
 * neither RAM nor ARC is known.
 */
export function nasCacheBytes(
  folder: Partial<Pick<TestFolderFacts, 'arc'>>,
  memoryBytes: number | null,
): number | null {
  const arc = folder.arc ?? null;
  if (memoryBytes === null && arc === null) return null;
  return Math.max(memoryBytes ?? 0, arc?.maxBytes ?? 0) + (arc?.l2Bytes ?? 0);
}

/** Files at least this large defeat the cache: it can hold at most half of them. */
export function filesThatDefeatCache(cacheBytes: number): number {
  return 2 * cacheBytes;
}

export interface CacheInput {
  folder: TestFolderFacts;
  memoryBytes: number | null;
  /** The test ran with direct I/O, and the file system honours it (not refused, not ignored). */
  directHonoured: boolean;
  rw: string;
  /** Block size, bytes. */
  bs: number;
  /** The test files, all jobs together, bytes. */
  sizeBytes: number;
}

/** write, randwrite and the mixed patterns (rw, randrw) write; read and randread do not. */
function writesData(rw: string): boolean {
  return rw.includes('write') || rw === 'rw' || rw === 'randrw';
}

/** Both caches of one NAS disk figure. */
export function nasDiskCache(input: CacheInput): CacheState {
  return { client: 'not-involved', nas: nasCacheOf(input) };
}

function nasCacheOf(input: CacheInput): CacheState['nas'] {
  const { folder } = input;
  if (inMemoryFolder(folder)) return 'in-memory';
  const writes = writesData(input.rw);
  if (input.directHonoured && !directGoesThroughCache(folder, writes, input.bs)) return 'bypassed';
  // primarycache=metadata|none keeps file data out of the ARC, so reads cannot come from it.
  const zfsCache = folder.fileSystem === 'zfs' ? folder.zfs?.primarycache : null;
  if (!writes && (zfsCache === 'metadata' || zfsCache === 'none')) return 'bypassed';
  const cache = nasCacheBytes(folder, input.memoryBytes);
  if (cache === null) return 'unknown';
  return input.sizeBytes >= filesThatDefeatCache(cache) ? 'bypassed' : 'may-serve';
}

/**
 * Direct I/O that still passes the cache: ZFS sends the part of a direct write that is not
 * recordsize-aligned through the ARC (zfsprops(7), `direct`); Btrfs falls back to buffered I/O for
 * compressed extents (Btrfs's direct I/O, Linux commit 4b46fce23349 "Btrfs: add basic DIO read/write
 * support"), so with compression on it is not a guarantee.
 */
function directGoesThroughCache(folder: TestFolderFacts, writes: boolean, bs: number): boolean {
  if (folder.fileSystem === 'zfs' && writes) {
    const record = folder.zfs?.recordsizeBytes ?? null;
    return record === null || bs % record !== 0;
  }
  if (folder.fileSystem === 'btrfs') return btrfsCompression(folder) !== null;
  return false;
}

function btrfsCompression(folder: TestFolderFacts): string | null {
  const option = (folder.mountOptions ?? []).find((entry) => /^compress(-force)?=/.test(entry));
  return option ? option.slice(option.indexOf('=') + 1) : null;
}

/**
 * What the file system does that changes how to read the figure: compression (fio writes random
 * data, which does not compress; dd writes zeros, which compress to nothing), Btrfs without
 * copy-on-write, ZFS's sync setting and direct writes smaller than a record.
 */
export function fileSystemNotes(
  folder: TestFolderFacts,
  test: { engine: 'fio' | 'dd'; direct: boolean; rw: string; bs: number },
): string[] {
  const notes: string[] = [];
  const data =
    test.engine === 'fio'
      ? 'fio writes random data, which does not compress, so the figures are what the disks do; files that compress well may go faster'
      : 'dd writes zeros, which compress to almost nothing, so the write figure is inflated';
  if (folder.fileSystem === 'zfs' && folder.zfs) {
    const { compression, sync, recordsizeBytes } = folder.zfs;
    if (compression && compression !== 'off') notes.push(`The ZFS dataset compresses (${compression}): ${data}.`);
    if (sync === 'disabled') {
      notes.push(
        'The ZFS dataset has sync=disabled: the NAS confirms writes before they reach the disks, so the end-of-test flush does not wait for them.',
      );
    }
    const writes = writesData(test.rw);
    if (test.direct && writes && recordsizeBytes !== null && test.bs % recordsizeBytes !== 0) {
      notes.push(
        `ZFS sends direct writes smaller than the dataset's record size (${formatBytes(recordsizeBytes)}) through its cache (ARC).`,
      );
    }
  }
  if (folder.fileSystem === 'btrfs') {
    const compression = btrfsCompression(folder);
    if (compression) {
      notes.push(
        `This Btrfs volume is mounted with compression (${compression}): ${data}; Btrfs reads and writes compressed data through its cache even with direct I/O.`,
      );
    }
    if ((folder.mountOptions ?? []).includes('nodatacow')) {
      notes.push(
        'This Btrfs volume is mounted with nodatacow: files are rewritten in place, without checksums or compression, which is faster for random writes than Btrfs’s default.',
      );
    }
  }
  return notes;
}

/** The note on a buffered stand-in for direct I/O: what the cache could do, in words that match `cache.nas`. */
export function bufferedNote(base: string, sizeBytes: number, cacheBytes: number | null): string {
  if (cacheBytes === null) {
    return `${base} The NAS's memory size is unknown, so the figures may include its memory cache.`;
  }
  const size = formatBytes(sizeBytes);
  const cache = formatBytes(cacheBytes);
  if (sizeBytes >= filesThatDefeatCache(cacheBytes)) {
    return `${base} The test files were made ${size} in all, at least twice the NAS's cache (${cache}), so it can hold at most half of them.`;
  }
  return `${base} The test files (${size}) are smaller than twice the NAS's cache (${cache}), so the figures may include its memory.`;
}
