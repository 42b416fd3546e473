import type { Drive, DriveArray, RaidLevel } from '../../../../shared/contract/probe';
import type { ProbeOutput } from './sections';

/** Block devices that are no drive: loop files, RAM disks, md and device-mapper layers, optical and boot media. */
const notADrive = /^(loop|ram|zram|dm-|md|sr|fd|nbd|mtdblock|synoboot|zd|mmcblk\d+boot)/;
/** What a hypervisor names its virtual disks (QEMU/KVM and Proxmox, VirtualBox, VMware, Hyper-V, Xen). */
export const virtualModel = /QEMU|VBOX|VMware|Virtual disk|Virtual HD|Msft Virtual|VirtIO|Xen/i;

/** `/sys/block/NAME ROTATIONAL SECTORS MODEL…` lines, as the probe's `drives` section prints them. */
export function readDrives(probe: ProbeOutput): Drive[] {
  const drives: Drive[] = [];
  for (const line of probe.lines('drives')) {
    // Sectors and blanks taken whole ((?!…)), so a line that fails does not retry `.*` at each.
    const match = /^\/sys\/block\/(\S+) ([01]) (\d+)(?!\d)\s*(?!\s)(.*)$/.exec(line);
    if (!match) continue;
    const [, name = '', rotational, sectors = '0', model = ''] = match;
    if (notADrive.test(name)) continue;
    const kind: Drive['kind'] =
      /^(vd|xvd)/.test(name) || virtualModel.test(model)
        ? 'virtual'
        : name.startsWith('nvme')
          ? 'nvme'
          : rotational === '1'
            ? 'hdd'
            : 'ssd';
    drives.push({ name, kind, sizeBytes: Number(sectors) * 512 });
  }
  return drives;
}

/** The drive a partition is on: sda5 → sda, sata1p5 → sata1 (DSM 7), nvme0n1p3 → nvme0n1. */
export function driveOfPartition(name: string): string {
  const withP = /^((?:nvme\d+n\d+)|(?:sata\d+)|(?:mmcblk\d+)|(?:nvme\d+n\d+c\d+))p\d+$/.exec(name);
  if (withP?.[1]) return withP[1];
  if (/^(nvme\d+n\d+|sata\d+|mmcblk\d+)$/.test(name)) return name;
  return /^([a-z]+?)\d+$/.exec(name)?.[1] ?? name;
}

const mdLevels = new Set<RaidLevel>(['linear', 'raid0', 'raid1', 'raid4', 'raid5', 'raid6', 'raid10']);

/**
 * /proc/mdstat: `md2 : active raid5 sda5[0] sdb5[1] sdc5[2](S)` and then `11701135232 blocks …` (KiB).
 * Spares (S) and failed members (F) carry no data. Unraid's own md driver prints key=value lines,
 * which match nothing here: its layout stays unknown.
 */
export function readMdArrays(probe: ProbeOutput): DriveArray[] {
  const arrays: DriveArray[] = [];
  const lines = probe.lines('mdstat');
  lines.forEach((line, index) => {
    const match = /^(md\d+) : active(?: \([\w-]+\))? (\w+) (.+)$/.exec(line);
    const level = match?.[2] as RaidLevel | undefined;
    if (!match || !level || !mdLevels.has(level)) return;
    const members = (match[3] ?? '')
      .split(/\s+/)
      .filter((token) => /^\S+\[\d+\]$/.test(token))
      .map((token) => driveOfPartition(token.replace(/\[\d+\]$/, '')));
    const blocks = /^\s*(\d+) blocks/.exec(lines[index + 1] ?? '')?.[1];
    arrays.push({
      name: match[1] ?? '',
      level,
      drives: members.length,
      groups: 1,
      members,
      sizeBytes: blocks ? Number(blocks) * 1024 : null,
    });
  });
  return arrays;
}

const vdevLevel: [RegExp, RaidLevel][] = [
  [/^mirror-\d+$/, 'mirror'],
  [/^raidz1?-\d+$/, 'raidz1'],
  [/^raidz2-\d+$/, 'raidz2'],
  [/^raidz3-\d+$/, 'raidz3'],
];
/** Pool sections that hold no data vdevs. */
const auxiliary = new Set(['logs', 'cache', 'spares', 'special', 'dedup']);

/**
 * `zpool status -L`: under each pool's `config:`, the pool at one indent, its vdevs two spaces in
 * (mirror-0, raidz2-0, or a lone drive), their drives two more. A pool whose data vdevs differ in
 * kind (or are dRAID) is left out rather than described wrongly.
 */
export function readZfsLayouts(probe: ProbeOutput): DriveArray[] {
  const arrays: DriveArray[] = [];
  let pool: { name: string; indent: number; groups: { level: RaidLevel | 'disk' | null; members: string[] }[] } | null =
    null;
  let inAuxiliary = false;
  const finish = () => {
    if (pool) arrays.push(...layoutOf(pool.name, pool.groups));
    pool = null;
  };
  for (const line of probe.lines('zpool-status')) {
    const indent = indentOf(line);
    const [word = ''] = line.trim().split(/\s+/);
    if (/^pool:/.test(line.trim())) finish();
    if (/^(NAME|pool:|state:|scan:|status:|action:|see:|config:|errors:)/.test(word) || word === '') continue;
    if (!pool) {
      if (/^(ONLINE|DEGRADED|FAULTED|OFFLINE|UNAVAIL|REMOVED)$/.test(line.trim().split(/\s+/)[1] ?? '')) {
        pool = { name: word, indent, groups: [] };
        inAuxiliary = false;
      }
      continue;
    }
    if (indent === pool.indent && auxiliary.has(word)) inAuxiliary = true;
    // A drive being replaced or stood in for by a spare sits one level deeper under replacing-0 / spare-0.
    if (inAuxiliary || indent <= pool.indent || /^(replacing|spare)-\d+$/.test(word)) continue;
    if (indent === pool.indent + 2) {
      const level = vdevLevel.find(([pattern]) => pattern.test(word))?.[1];
      pool.groups.push(
        level
          ? { level, members: [] }
          : /^draid/.test(word)
            ? { level: null, members: [] }
            : { level: 'disk', members: [driveOfPartition(word)] },
      );
    } else pool.groups.at(-1)?.members.push(driveOfPartition(word));
  }
  finish();
  return arrays;
}

/** The width of a line's leading blanks, a tab counting eight: only the blanks are looked at, never the line widened. */
function indentOf(line: string): number {
  const blanks = line.length - line.trimStart().length;
  return blanks + 7 * (line.slice(0, blanks).split('\t').length - 1);
}

function layoutOf(name: string, groups: { level: RaidLevel | 'disk' | null; members: string[] }[]): DriveArray[] {
  const levels = new Set(groups.map((group) => group.level));
  const [level] = levels;
  if (groups.length === 0 || levels.size !== 1 || level === null || level === undefined) return [];
  const members = groups.flatMap((group) => group.members);
  const zfsLevel: RaidLevel = level === 'disk' ? (members.length === 1 ? 'single' : 'stripe') : level;
  const groupCount = level === 'disk' ? 1 : groups.length;
  return [{ name, level: zfsLevel, drives: members.length, groups: groupCount, members, sizeBytes: null }];
}
