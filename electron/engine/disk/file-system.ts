import { formatBytes } from '../../../shared/units';
import { shellQuote } from '../ssh/quote';
import type { NasSession } from '../ssh/session';

/** The one thing disk tests need from a NAS session: running commands (a local runner stands in for tests). */
export type NasCommands = Pick<NasSession, 'run'>;

/** What the disk test needs to know about the folder it writes in. */
export interface TestFolderFacts {
  /** The mount's type as the kernel names it: ext4, btrfs, zfs, tmpfs, fuse.shfs… null when unknown. */
  fileSystem: string | null;
  mountPoint: string | null;
  freeBytes: number | null;
  /** "2.1.11" when the file system is ZFS and the module says its version. */
  zfsVersion: string | null;
}

/**
 * How the folder's file system treats O_DIRECT:
 * - `honoured`: try direct=1 (a refusal is still caught when fio runs);
 * - `memory`: the files live in RAM (tmpfs): there is no disk below any cache to measure;
 * - `ignored`: accepted but every I/O still goes through the cache (ZFS before 2.3).
 */
export type DirectIoSupport = 'honoured' | 'memory' | 'ignored';

/**
 * tmpfs accepts O_DIRECT since Linux 6.6 but its files are RAM all the same. (ramfs is not listed:
 * it refuses O_DIRECT with EINVAL, which the run catches and explains like any refusal.)
 */
const memoryFileSystems = new Set(['tmpfs', 'devtmpfs']);

export function directIoSupport(facts: Pick<TestFolderFacts, 'fileSystem' | 'zfsVersion'>): DirectIoSupport {
  if (facts.fileSystem && memoryFileSystems.has(facts.fileSystem)) return 'memory';
  if (facts.fileSystem === 'zfs') {
    const [major = 0, minor = 0] = (facts.zfsVersion ?? '0.0').split('.').map(Number);
    return major > 2 || (major === 2 && minor >= 3) ? 'honoured' : 'ignored';
  }
  return 'honoured';
}

/** The plain-words reason a test could not bypass the NAS's cache, for the result's note. */
export function directIoExplanation(support: DirectIoSupport | 'refused', fileSystem: string | null): string {
  const fs = fileSystem ?? 'this file system';
  switch (support) {
    case 'memory':
      return (
        `This folder is on ${fs}, which keeps files in the NAS's memory: there is no disk below the cache, so no ` +
        'uncached figure exists here and the test ran with buffered I/O (direct: false).'
      );
    case 'ignored':
      return `${fs} before version 2.3 ignores direct I/O: every read and write goes through its cache (ARC).`;
    case 'refused':
      return `${fs} refuses direct I/O (O_DIRECT): the test ran again with buffered I/O.`;
    case 'honoured':
      return '';
  }
}

/** The note added when buffered I/O had to stand in for direct I/O, with or without a file larger than RAM. */
export function uncachedFallbackNote(base: string, enlargedTo: number | null, memoryBytes: number | null): string {
  if (enlargedTo !== null && memoryBytes !== null) {
    return `${base} The test files were made ${formatBytes(enlargedTo)} in all, more than the NAS's memory (${formatBytes(memoryBytes)}), so its cache cannot hold them.`;
  }
  return `${base} The figures may include the NAS's memory cache.`;
}

/**
 * One round trip: the folder's real path, the mount table and the free space. The path only
 * reaches the NAS quoted; /proc/mounts is read on Linux, `mount` elsewhere (FreeBSD-based NAS).
 */
export async function readTestFolderFacts(session: NasCommands, folder: string): Promise<TestFolderFacts> {
  const script = [
    `cd ${shellQuote(folder)} 2>/dev/null || exit 0`,
    'echo "@@real"; pwd -P',
    'echo "@@free"; df -P -k . 2>/dev/null | tail -n 1',
    'echo "@@mounts"; cat /proc/mounts 2>/dev/null || mount 2>/dev/null',
    'echo "@@zfs"; cat /sys/module/zfs/version 2>/dev/null || true',
  ].join('\n');
  const result = await session.run(script, { timeoutMs: 20_000 });
  return parseTestFolderFacts(result.stdout);
}

export function parseTestFolderFacts(output: string): TestFolderFacts {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of output.split('\n')) {
    if (line.startsWith('@@')) sections.set(line.slice(2).trim(), (current = []));
    else current?.push(line);
  }
  const realPath = sections.get('real')?.[0]?.trim() ?? '';
  const freeBytes = freeBytesOf(sections.get('free')?.[0] ?? '');
  const mount = realPath ? mountOf(realPath, sections.get('mounts') ?? []) : null;
  const zfsVersion = /^(\d+\.\d+(?:\.\d+)?)/.exec(sections.get('zfs')?.[0]?.trim() ?? '')?.[1] ?? null;
  return {
    fileSystem: mount?.type ?? null,
    mountPoint: mount?.point ?? null,
    freeBytes,
    zfsVersion,
  };
}

/** The mount whose point is the longest prefix of the path (the last one wins: later mounts cover earlier). */
export function mountOf(path: string, lines: readonly string[]): { point: string; type: string } | null {
  let best: { point: string; type: string } | null = null;
  for (const line of lines) {
    const entry = parseMountLine(line);
    if (!entry) continue;
    const inside = entry.point === '/' || path === entry.point || path.startsWith(`${entry.point}/`);
    if (inside && (!best || entry.point.length >= best.point.length)) best = entry;
  }
  return best;
}

function parseMountLine(line: string): { point: string; type: string } | null {
  // /proc/mounts: "dev point type options 0 0", spaces in the point written as \040.
  const proc = /^\S+ (\S+) (\S+) \S+ \d+ \d+$/.exec(line.trim());
  if (proc?.[1] && proc[2]) return { point: unescapeMount(proc[1]), type: proc[2] };
  // `mount` on Linux: "dev on point type T (opts)"; on FreeBSD: "dev on point (T, opts)".
  const linux = /^\S+ on (.+) type (\S+) \(/.exec(line);
  if (linux?.[1] && linux[2]) return { point: linux[1], type: linux[2] };
  const bsd = /^\S+ on (.+) \(([^,)]+)/.exec(line);
  if (bsd?.[1] && bsd[2]) return { point: bsd[1], type: bsd[2] };
  return null;
}

function unescapeMount(text: string): string {
  return text.replace(/\\([0-7]{3})/g, (_match, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** Free bytes in a folder on the NAS right now (POSIX df, 1 KiB blocks); null when df says nothing useful. */
export async function readFreeBytes(session: NasCommands, folder: string): Promise<number | null> {
  const result = await session.run(`df -P -k ${shellQuote(folder)} 2>/dev/null | tail -n 1`, { timeoutMs: 20_000 });
  return freeBytesOf(result.stdout);
}

/**
 * Free bytes from a `df -P -k` line. A file system that reports no size at all (ramfs, some FUSE
 * mounts) says nothing about its space: null, not "0 free".
 */
export function freeBytesOf(dfLine: string): number | null {
  const [, totalKib, , freeKib] = dfLine.trim().split(/\s+/).map(Number);
  if (!totalKib || freeKib === undefined || !Number.isFinite(freeKib)) return null;
  return freeKib * 1024;
}
