import type { NasVolume } from '../../../../shared/contract/probe';
import type { z } from 'zod';
import { splitMountLine } from '../../../../shared/util/mount-line';
import { decodeOctalEscapes } from '../../../../shared/util/octal-escapes';
import { wholeNumber, type ProbeOutput } from './sections';

type Volume = z.infer<typeof NasVolume>;

/** File systems that hold data on disks (fuseblk is ntfs-3g; shfs and mergerfs pool disks on Unraid and OMV). */
const diskFileSystems = new Set([
  'ext2',
  'ext3',
  'ext4',
  'btrfs',
  'xfs',
  'zfs',
  'f2fs',
  'jfs',
  'reiserfs',
  'ntfs',
  'ntfs3',
  'fuseblk',
  'exfat',
  'vfat',
  'bcachefs',
  'shfs',
  'fuse.shfs',
  'mergerfs',
  'fuse.mergerfs',
  // FreeBSD and macOS names, as `mount` prints them.
  'ufs',
  'msdosfs',
  'ext2fs',
  'apfs',
  'hfs',
  'msdos',
]);

/** The OS's own trees: a disk file system mounted there (/boot, /var/log on TrueNAS) is not a place for user data. */
const systemTrees = ['/proc', '/sys', '/dev', '/run', '/boot', '/usr', '/var', '/etc', '/tmp', '/snap', '/opt'];

/**
 * Appliance mounts that look like data but are the firmware's: QNAP's configuration and firmware
 * partitions and RAM folders, and the empty RAM roots Unraid's Unassigned Devices mounts disks under.
 */
const applianceMounts = new Set([
  '/mnt/HDA_ROOT',
  '/mnt/ext',
  '/mnt/boot_config',
  '/mnt/snapshot/export',
  '/share/NFSv=4',
  '/mnt/disks',
  '/mnt/remotes',
]);

interface Mount {
  source: string;
  fsType: string;
  options: string[];
}

/** Volumes a user could store (and benchmark) data on, from df joined with /proc/mounts (or BSD `mount`). */
export function readVolumes(probe: ProbeOutput): Volume[] {
  const section = probe.all('mounts')[0];
  const mounts = section?.arg === 'mount' ? readMountCommand(section.lines) : readMounts(section?.lines ?? []);
  const byMount = new Map<string, Volume>();
  for (const row of readDf(probe.lines('df'))) {
    const mount = mounts.get(row.mount);
    const fsType = row.fsType ?? mount?.fsType ?? null;
    const volume = { mount: row.mount, fsType, sizeBytes: row.sizeBytes, freeBytes: row.freeBytes };
    if (isUserStorage(volume, row.source, mount)) byMount.set(row.mount, volume);
  }
  return [...byMount.values()];
}

function isUserStorage(volume: Volume, source: string, mount: Mount | undefined): boolean {
  const { mount: path, fsType, sizeBytes } = volume;
  if (fsType === null || sizeBytes === 0 || applianceMounts.has(path)) return false;
  if (systemTrees.some((tree) => path === tree || path.startsWith(`${tree}/`))) return false;
  // Synology's @docker and @appstore, TrueNAS's .system and .ix-apps: the OS's data, kept on the pool.
  if (path.split('/').some((part) => part.startsWith('.') || part.startsWith('@'))) return false;
  // TrueNAS mounts datasets of its boot pool all over the tree; only its root counts.
  if (path !== '/' && /^(boot-pool|freenas-boot)\//.test(source)) return false;
  if (isMacSystemVolume(path, mount)) return false;
  if (fsType === 'tmpfs') return isStorageLocation(path) && (mount === undefined || mount.options.includes('rw'));
  return diskFileSystems.has(fsType);
}

/**
 * macOS's sealed system volume (read-only "/") and the helper volumes APFS mounts beside it; the
 * Data volume is where a Mac keeps what it shares.
 */
function isMacSystemVolume(path: string, mount: Mount | undefined): boolean {
  if (mount?.fsType !== 'apfs') return false;
  if (mount.options.includes('ro')) return true;
  return path.startsWith('/System/Volumes/') && path !== '/System/Volumes/Data';
}

/** Where NAS OSes and admins mount data: RAM disks count only there (a test share on tmpfs, not /dev/shm). */
function isStorageLocation(path: string): boolean {
  return /^\/(srv|mnt|media)\/./.test(path) || /^\/volume[^/]*/.test(path) || /^\/share(\/.|[^/])/.test(path);
}

interface DfRow {
  source: string;
  fsType: string | null;
  mount: string;
  sizeBytes: number;
  freeBytes: number;
}

/** `df -P [-T] -k`; plain `df` may wrap a long device name onto its own line, so such lines are joined first. */
function readDf(lines: readonly string[]): DfRow[] {
  const header = lines.find((line) => line.startsWith('Filesystem'));
  if (header === undefined) return [];
  const hasType = /\sType\s/.test(header);
  const blockBytes = wholeNumber(/(?<!\d)(\d+)-blocks/.exec(header)?.[1]) ?? 1024;
  return joinWrappedLines(lines.filter((line) => line !== header))
    .map((line) => readDfRow(line, hasType, blockBytes))
    .filter((row) => row !== null);
}

/**
 * One df line, read by fields rather than one regular expression (which backtracks badly on long
 * runs of blanks): source [type] blocks used available capacity mount. The mount point, which
 * may hold spaces, is everything after the capacity field.
 */
function readDfRow(line: string, hasType: boolean, blockBytes: number): DfRow | null {
  const fields = line.trim().split(/\s+/);
  const firstNumber = hasType ? 2 : 1;
  for (let capacity = firstNumber + 3; capacity < fields.length - 1; capacity++) {
    if (!/^(\d+%|-)$/.test(fields[capacity] ?? '')) continue;
    const [blocks, used, available] = fields.slice(capacity - 3, capacity).map(wholeNumber);
    // Checked before the mount point is joined: a line of many `-` fields must not join the rest at each.
    if (blocks == null || used == null || available == null || !fields[capacity + 1]?.startsWith('/')) continue;
    const mount = fields.slice(capacity + 1).join(' ');
    const typeAt = capacity - 4;
    return {
      source: fields.slice(0, hasType ? typeAt : capacity - 3).join(' '),
      fsType: hasType ? (fields[typeAt] ?? null) : null,
      mount,
      sizeBytes: blocks * blockBytes,
      freeBytes: available * blockBytes,
    };
  }
  return null;
}

function joinWrappedLines(lines: readonly string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    if (previous !== undefined && /^\S+$/.test(previous) && /^\s/.test(line))
      joined[joined.length - 1] = previous + line;
    else joined.push(line);
  }
  return joined;
}

/** /proc/mounts, keyed by mount point; a later mount on the same point hides the earlier one. */
function readMounts(lines: readonly string[]): Map<string, Mount> {
  const mounts = new Map<string, Mount>();
  for (const line of lines) {
    const [source, path, fsType, options] = line.split(' ');
    if (!source || !path?.startsWith('/') || !fsType) continue;
    mounts.set(decodeMountPath(path), { source, fsType, options: (options ?? '').split(',') });
  }
  return mounts;
}

/**
 * FreeBSD's and macOS's `mount`: "tank/media on /mnt/tank/media (zfs, local, nfsv4acls)". Sources
 * and mount points may hold spaces; the options say "read-only" where Linux says "ro".
 */
function readMountCommand(lines: readonly string[]): Map<string, Mount> {
  const mounts = new Map<string, Mount>();
  for (const line of lines) {
    const parts = splitMountLine(line);
    const fields = parts && /^([^,()]+)((?:, [^,()]+)*)$/.exec(parts.options);
    if (!parts || !fields?.[1]) continue;
    const options = (fields[2] ?? '').split(', ').filter(Boolean);
    options.push(options.includes('read-only') ? 'ro' : 'rw');
    mounts.set(parts.mountPoint, { source: parts.source, fsType: fields[1].trim(), options });
  }
  return mounts;
}

/** The kernel writes space, tab, newline and backslash in mount points as octal escapes (\040). */
function decodeMountPath(path: string): string {
  return decodeOctalEscapes(path);
}
