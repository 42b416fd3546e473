import type { DriveKind, DriveLayout } from '../drive-layout';

/**
 * What one drive of each kind moves in a long sequential stream, bytes/s. Hard drives: 3.5-inch NAS
 * drive datasheets give 180–285 MB/s sustained (Seagate IronWolf / IronWolf Pro, WD Red Plus / Pro),
 * and the inner tracks run at about half the outer ones, so 120 MB/s is still a healthy drive. SATA
 * SSDs: the SATA 6 Gb/s link carries about 560 MB/s at most. NVMe: a PCIe 3.0 ×1 slot (common in NAS
 * M.2 slots) carries about 900 MB/s, PCIe 4.0 ×4 about 7,000 MB/s.
 */
export const driveSpeeds: Record<DriveKind, { low: number; high: number }> = {
  hdd: { low: 120e6, high: 285e6 },
  ssd: { low: 400e6, high: 560e6 },
  nvme: { low: 900e6, high: 7000e6 },
};

/**
 * How many drives' worth one sequential stream can reach at most. Striping adds drives up; parity
 * takes one (RAID 5, RAID-Z1), two or three drives' worth per group; a mirror writes every copy, so
 * it writes at one drive's speed per group, but may read from all of its copies at once.
 */
export function drivesWorth(layout: DriveLayout, op: 'read' | 'write'): number {
  const perGroup = layout.drives / layout.groups;
  switch (layout.level) {
    case 'single':
    case 'linear':
      return 1;
    case 'raid0':
    case 'stripe':
      return layout.drives;
    case 'raid1':
    case 'mirror':
      return op === 'read' ? layout.drives : layout.groups;
    case 'raid10':
      return op === 'read' ? layout.drives : layout.drives / 2;
    case 'raid4':
    case 'raid5':
    case 'raidz1':
      return layout.groups * (perGroup - 1);
    case 'raid6':
    case 'raidz2':
      return layout.groups * (perGroup - 2);
    case 'raidz3':
      return layout.groups * (perGroup - 3);
  }
}
