import os from 'node:os';
import type { CacheState, SharePath } from '../../../shared/contract/figure-quality';
import { formatBytes } from '../../../shared/util/units';

/** What a copy figure's caches are judged from: the folder, both RAMs, and how the bytes were read or written. */
export interface CopyContext {
  kind: SharePath['kind'];
  /** Linux's name for the folder's file system (statfs), when known. */
  fileSystem: string | undefined;
  clientRamBytes: number;
  /** The NAS's RAM when the probe (or the user) said it; null when unknown. */
  nasRamBytes: number | null;
}

export interface CacheFacts extends CopyContext {
  op: 'write' | 'read';
  /** The cache bypass (O_DIRECT, FILE_FLAG_NO_BUFFERING) was used, and the file system took it. */
  direct: boolean;
  /** What a cache would have to hold: the file, or all the small files together. */
  bytes: number;
}

/** A context for a figure measured without one (the benchmark, a direct call): this computer's RAM, no NAS known. */
export function contextOf(kind: SharePath['kind'], fileSystem: string | undefined): CopyContext {
  return { kind, fileSystem, clientRamBytes: os.totalmem(), nasRamBytes: null };
}

/**
 * Whether the file system really bypasses the cache when asked to. OpenZFS before 2.3 takes
 * O_DIRECT and still reads and writes through its ARC, and from 2.3 it depends on the dataset's
 * `direct` property, which a folder does not show: on ZFS, direct I/O guarantees nothing.
 */
export function honoursDirectIo(fileSystem: string | undefined): boolean {
  return fileSystem !== 'zfs';
}

/**
 * Both caches of one copy figure (../shared/cli-contract.md, "Fields"). This computer's cache is
 * bypassed only by direct I/O that the file system honours, or by a file at least twice its RAM.
 * A NAS's cache is bypassed only by a file at least twice the NAS's RAM: direct I/O here does not
 * reach it (the NAS serves a file it has just written from its RAM). For a folder on this
 * computer's own disk the "NAS" is this computer; for tmpfs the file is RAM.
 */
export function cacheStateOf(facts: CacheFacts): CacheState {
  if (facts.kind === 'memory') return { client: 'buffered', nas: 'in-memory' };
  const clientBypassed = (facts.direct && honoursDirectIo(facts.fileSystem)) || facts.bytes >= 2 * facts.clientRamBytes;
  const client = clientBypassed ? 'bypassed' : 'buffered';
  if (facts.kind === 'local-disk') return { client, nas: clientBypassed ? 'bypassed' : 'may-serve' };
  if (facts.nasRamBytes === null) return { client, nas: 'unknown' };
  return { client, nas: facts.bytes >= 2 * facts.nasRamBytes ? 'bypassed' : 'may-serve' };
}

/**
 * The contract's `cached`: the figure may include a RAM cache. A read may have come from any cache
 * not bypassed. A write's clock stops after fsync, so this computer's cache cannot flatter it, and a
 * local disk has the data by then; a NAS may still acknowledge the flush from its RAM (Samba's
 * `strict sync = no`, an NFS export with `async`), and a tmpfs folder is RAM.
 */
export function mayIncludeCache(state: CacheState, op: 'write' | 'read', kind: SharePath['kind']): boolean {
  if (state.nas === 'in-memory') return true;
  if (op === 'read') return state.client !== 'bypassed' || state.nas !== 'bypassed';
  return kind !== 'local-disk' && state.nas !== 'bypassed';
}

/** What the NAS's cache means for the figure, in words; empty where the method's own words say it all. */
export function nasCacheWords(state: CacheState, facts: Pick<CacheFacts, 'op' | 'kind' | 'nasRamBytes'>): string {
  if (facts.kind === 'memory') return '';
  if (facts.kind === 'local-disk') return 'This folder is on this computer’s own disk: no NAS is involved.';
  const ram = facts.nasRamBytes;
  if (state.nas === 'unknown' || ram === null)
    return 'The NAS’s RAM is not known, so its cache may have served part of the figure.';
  if (state.nas === 'bypassed')
    return `The file is at least twice the NAS’s RAM (${formatBytes(ram)}), so the NAS’s cache could not hold it.`;
  return facts.op === 'read'
    ? `The NAS may have served it from its own RAM: only a file of ${formatBytes(2 * ram)} or more (twice its RAM) is past its cache.`
    : `The NAS may have taken it into its own RAM before its disks: only a file of ${formatBytes(2 * ram)} or more (twice its RAM) is past its cache.`;
}
