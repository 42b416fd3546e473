import { decodeOctalEscapes } from '../../../shared/util/octal-escapes';
import { foundProgramCheckSh, shellCommand, shellQuote, wholeStdout, type NasLogin } from '../ssh';
import {
  parseArcStats,
  parseZfsProperties,
  zfsHonoursDirect,
  zfsVersionOf,
  type ArcFacts,
  type ZfsDatasetFacts,
} from './zfs-facts';

/** The one thing disk tests need from a NAS session: running commands (a local runner stands in for tests). */
export type NasCommands = Pick<NasLogin, 'run'>;

/** What the disk test needs to know about the folder it writes in. */
export interface TestFolderFacts {
  /** The mount's type as the kernel names it: ext4, btrfs, zfs, tmpfs, fuse.shfs… null when unknown. */
  fileSystem: string | null;
  mountPoint: string | null;
  freeBytes: number | null;
  /** "2.1.11" when the file system is ZFS and the module says its version. */
  zfsVersion: string | null;
  /** What is mounted there: the ZFS dataset ("tank/media"), the device, or the RAM disk's name. */
  mountSource?: string | null;
  /** The mount's options as the kernel lists them (Btrfs: compress=zstd:3, nodatacow…). */
  mountOptions?: string[];
  /** The ZFS dataset's cache, compression and direct I/O properties, when the folder is on ZFS. */
  zfs?: ZfsDatasetFacts | null;
  /** The ZFS cache (ARC): its ceiling and the L2ARC, when the NAS has one. */
  arc?: ArcFacts | null;
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

/**
 * ZFS honours O_DIRECT from OpenZFS 2.3 on, unless the dataset says `direct=disabled`; older
 * releases accept it and ignore it (zfs-facts.ts has the sources).
 */
export function directIoSupport(
  facts: Pick<TestFolderFacts, 'fileSystem' | 'zfsVersion'> & Pick<Partial<TestFolderFacts>, 'zfs'>,
): DirectIoSupport {
  if (facts.fileSystem && memoryFileSystems.has(facts.fileSystem)) return 'memory';
  if (facts.fileSystem === 'zfs') {
    if (!zfsHonoursDirect(facts.zfsVersion) || facts.zfs?.direct === 'disabled') return 'ignored';
    return 'honoured';
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
      return `${fs} before version 2.3 (or with direct=disabled) ignores direct I/O: every read and write goes through its cache (ARC).`;
    case 'refused':
      return `${fs} refuses direct I/O (O_DIRECT): the test ran again with buffered I/O.`;
    case 'honoured':
      return '';
  }
}

/**
 * One round trip: the folder's real path, the mount table, the free space, and where ZFS is
 * loaded its version and ARC. The path only reaches the NAS quoted; /proc/mounts is read on Linux,
 * `mount` elsewhere (FreeBSD-based NAS). On ZFS a second one reads the dataset's properties —
 * all of it readable by any user, no root; a zfs found on the PATH runs only once checked.
 */
export async function readTestFolderFacts(session: NasCommands, folder: string): Promise<TestFolderFacts> {
  const script = [
    `cd ${shellQuote(folder)} 2>/dev/null || exit 0`,
    'PATH="$PATH:/sbin:/usr/sbin"',
    'echo "@@real"; pwd -P',
    'echo "@@free"; df -P -k . 2>/dev/null | tail -n 1',
    'echo "@@mounts"; cat /proc/mounts 2>/dev/null || mount 2>/dev/null',
    foundProgramCheckSh,
    'echo "@@zfs"; cat /sys/module/zfs/version 2>/dev/null || { nb_use zfs "$(command -v zfs)" && "$nb_run" version 2>/dev/null; } || true',
    'echo "@@arcstats"; grep -E \'^(c_max|size|l2_size) \' /proc/spl/kstat/zfs/arcstats 2>/dev/null || true',
  ].join('\n');
  const result = await session.run(script, { timeoutMs: 20_000 });
  const facts = parseTestFolderFacts(wholeStdout(result, 'Reading the test folder’s file system'));
  if (facts.fileSystem !== 'zfs' || !facts.mountSource) return facts;
  return { ...facts, zfs: await readZfsDataset(session, facts.mountSource) };
}

/**
 * The dataset's properties; `direct` is asked for separately, since before OpenZFS 2.3 naming it
 * fails the whole command. The zfs found is run only when its owner installed it (ssh/found-program.ts).
 */
async function readZfsDataset(session: NasCommands, dataset: string): Promise<ZfsDatasetFacts> {
  const get = (properties: string) => `"$nb_run" ${shellCommand(['get', '-H', '-p', properties, dataset])} 2>/dev/null`;
  const base = 'primarycache,compression,recordsize,sync';
  const command = [
    'PATH="$PATH:/sbin:/usr/sbin"',
    foundProgramCheckSh,
    `nb_use zfs "$(command -v zfs)" && { ${get(`${base},direct`)} || ${get(base)}; }`,
  ].join('\n');
  const result = await session.run(command, { timeoutMs: 20_000 });
  return parseZfsProperties(dataset, result.stdout);
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
  const zfsVersion = zfsVersionOf((sections.get('zfs') ?? []).join('\n'));
  return {
    fileSystem: mount?.type ?? null,
    mountPoint: mount?.point ?? null,
    freeBytes,
    zfsVersion,
    mountSource: mount?.source ?? null,
    mountOptions: mount?.options ?? [],
    zfs: null,
    arc: parseArcStats((sections.get('arcstats') ?? []).join('\n')),
  };
}

export interface MountEntry {
  point: string;
  type: string;
  source: string;
  options: string[];
}

/** The mount whose point is the longest prefix of the path (the last one wins: later mounts cover earlier). */
export function mountOf(path: string, lines: readonly string[]): MountEntry | null {
  let best: MountEntry | null = null;
  for (const line of lines) {
    const entry = parseMountLine(line);
    if (!entry) continue;
    const inside = entry.point === '/' || path === entry.point || path.startsWith(`${entry.point}/`);
    if (inside && (!best || entry.point.length >= best.point.length)) best = entry;
  }
  return best;
}

function parseMountLine(line: string): MountEntry | null {
  // /proc/mounts: "dev point type options 0 0", spaces in the point written as \040.
  const proc = /^(\S+) (\S+) (\S+) (\S+) \d+ \d+$/.exec(line.trim());
  if (proc?.[1] && proc[2] && proc[3] && proc[4]) {
    const source = unescapeMount(proc[1]);
    return { point: unescapeMount(proc[2]), type: proc[3], source, options: proc[4].split(',') };
  }
  // `mount` on Linux: "dev on point type T (opts)"; on FreeBSD: "dev on point (T, opts)". Linux's is
  // read up to the line's last `)`, where any match ends (past it, each ` type ` tried would scan on
  // to the end for one); BSD options hold no `(`, so each ` (` tried stops at the next.
  const linux = /^(\S+) on (.+) type (\S+) \(([^)]*)\)/.exec(line.slice(0, line.lastIndexOf(')') + 1));
  if (linux?.[1] && linux[2] && linux[3]) {
    return { point: linux[2], type: linux[3], source: linux[1], options: (linux[4] ?? '').split(',') };
  }
  const bsd = /^(\S+) on (.+) \(([^,()]+)((?:, [^,()]+)*)\)/.exec(line);
  if (bsd?.[1] && bsd[2] && bsd[3]) {
    const options = (bsd[4] ?? '').split(', ').filter(Boolean);
    return { point: bsd[2], type: bsd[3], source: bsd[1], options };
  }
  return null;
}

function unescapeMount(text: string): string {
  return decodeOctalEscapes(text);
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
