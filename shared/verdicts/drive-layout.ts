import type { NasFacts, NasDisks, RaidLevel } from '../contract/probe';

type ZfsPool = NonNullable<NasFacts['pools']>[number];

export type DriveKind = 'hdd' | 'ssd' | 'nvme';

/** The drives a folder's data lives on, and how they work together. */
export interface DriveLayout {
  kind: DriveKind;
  drives: number;
  level: RaidLevel;
  /** A ZFS pool's vdevs (each `drives / groups` drives); 1 for md and single drives. */
  groups: number;
  /** "4 hard drives in RAID 5", "2 × 2 SSDs mirrored", "1 NVMe SSD". */
  words: string;
}

const GiB = 2 ** 30;
/** DSM and QTS keep the system and swap in small md arrays across every drive; data arrays are far larger. */
const smallestDataArray = 16 * GiB;
const bootPools = new Set(['boot-pool', 'freenas-boot']);

/** A drive kind in words, one and several. */
export const kindWords: Record<DriveKind, [string, string]> = {
  hdd: ['hard drive', 'hard drives'],
  ssd: ['SATA SSD', 'SATA SSDs'],
  nvme: ['NVMe SSD', 'NVMe SSDs'],
};
const levelWords: Partial<Record<RaidLevel, string>> = {
  raid0: 'in RAID 0',
  raid1: 'mirrored (RAID 1)',
  raid4: 'in RAID 4',
  raid5: 'in RAID 5',
  raid6: 'in RAID 6',
  raid10: 'in RAID 10',
  linear: 'joined end to end',
  mirror: 'mirrored',
  raidz1: 'in RAID-Z1',
  raidz2: 'in RAID-Z2',
  raidz3: 'in RAID-Z3',
  stripe: 'striped',
};

/**
 * Which drives hold `folder`, from the probe's drives and arrays. A ZFS pool is matched by its
 * mount (/mnt/POOL, TrueNAS and Unraid); md arrays cannot be matched to a folder from here (LVM and
 * device-mapper sit between), so they count only when every data array has the same level over the
 * same drives (Synology's SHR puts two arrays over one set of drives). Anything less certain is null:
 * a ceiling for the wrong drives would be worse than none.
 */
export function driveLayoutOf(
  disks: NasDisks | undefined,
  folder: string | null,
  pools: ZfsPool[] = [],
): DriveLayout | null {
  if (!disks) return null;
  const zfsNames = new Set(pools.map((pool) => pool.name));
  const byFolder = disks.arrays.find(
    (array) => zfsNames.has(array.name) && folder !== null && `${folder}/`.startsWith(`/mnt/${array.name}/`),
  );
  const data = disks.arrays.filter((array) =>
    zfsNames.has(array.name) ? !bootPools.has(array.name) : (array.sizeBytes ?? 0) >= smallestDataArray,
  );
  const sameOnes = data.every(
    (array) =>
      array.level === data[0]?.level &&
      array.drives === data[0].drives &&
      [...array.members].sort().join() === [...data[0].members].sort().join(),
  );
  const array = byFolder ?? (data.length > 0 && sameOnes ? data[0] : undefined);
  const physical = disks.drives.filter((drive) => drive.kind !== 'virtual');
  if (!array) {
    // No array at all: one drive holds everything (a one-bay NAS, a Mac mini), or it cannot be told.
    const only = disks.drives.length === 1 ? disks.drives[0] : undefined;
    if (disks.arrays.length > 0 || !only || only.kind === 'virtual') return null;
    return describe(only.kind, 1, 'single', 1);
  }
  const members = array.members
    .map((name) => disks.drives.find((drive) => drive.name === name))
    .filter((drive) => drive !== undefined);
  // Members named by by-id links or GUIDs cannot be looked up; then every drive must be of one kind.
  const candidates = members.length === array.members.length ? members : disks.drives;
  const kinds = new Set(candidates.map((drive) => drive.kind));
  const [kind] = kinds;
  if (kinds.size !== 1 || kind === undefined || kind === 'virtual' || physical.length === 0) return null;
  return describe(kind, array.drives, array.level, array.groups);
}

function describe(kind: DriveKind, drives: number, level: RaidLevel, groups: number): DriveLayout {
  const [one, many] = kindWords[kind];
  const count = drives === 1 ? `1 ${one}` : `${drives} ${many}`;
  const how =
    drives === 1 || level === 'single'
      ? ''
      : groups > 1
        ? ` as ${groups} groups of ${drives / groups} ${levelWords[level] ?? level}`
        : ` ${levelWords[level] ?? level}`;
  return { kind, drives, level: drives === 1 ? 'single' : level, groups, words: `${count}${how}` };
}
