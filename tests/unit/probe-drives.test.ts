import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { driveOfPartition } from '../../electron/engine/probe/parse/disks';
import { parseNasProbe } from '../../electron/engine/probe/parse-nas';
import { SECTION_MARKER } from '../../electron/engine/probe/nas-script';
import { NasFacts } from '../../shared/contract/probe';
import { driveLayoutOf } from '../../shared/verdicts/drive-layout';

const fixture = (name: string) =>
  NasFacts.parse(parseNasProbe(readFileSync(path.join(__dirname, '../fixtures/probe/drives', name), 'utf8')));
const probeOf = (sections: Record<string, string[]>) =>
  NasFacts.parse(
    parseNasProbe(
      Object.entries(sections)
        .map(([name, lines]) => `${SECTION_MARKER} ${name}\n${lines.join('\n')}\n`)
        .join(''),
    ),
  );

describe('the drives behind a NAS folder', () => {
  it('Synology SHR-2: two RAID 6 arrays over the same eight hard drives are one layout; system and swap arrays are not data', () => {
    const facts = fixture('synology-8bay-shr2.txt');
    expect(facts.disks?.drives.map((drive) => drive.name)).toEqual([
      'sda',
      'sdb',
      'sdc',
      'sdd',
      'sde',
      'sdf',
      'sdg',
      'sdh',
    ]);
    expect(facts.disks?.arrays.map((array) => [array.name, array.level, array.drives])).toEqual([
      ['md3', 'raid6', 8],
      ['md2', 'raid6', 8],
      ['md1', 'raid1', 8],
      ['md0', 'raid1', 8],
    ]);
    expect(facts.disks?.arrays[0]?.sizeBytes).toBe(17581481472 * 1024);
    const layout = driveLayoutOf(facts.disks, '/volume1/nasbench', facts.pools);
    expect(layout).toMatchObject({ kind: 'hdd', drives: 8, level: 'raid6', words: '8 hard drives in RAID 6' });
  });

  it('ZFS: a pool of two mirrors, its by-id drive names not in /sys/block, takes the kind every drive shares', () => {
    const facts = fixture('proxmox-zfs-raid10.txt');
    expect(facts.disks?.arrays).toEqual([
      {
        name: 'raid10',
        level: 'mirror',
        drives: 4,
        groups: 2,
        members: ['ata-Hitachi_xxxxxxxx', 'ata-TOSHIBA_xxxx', 'ata-ST500LM000xxxx', 'ata-ST500LM000yyyy'],
        sizeBytes: null,
      },
    ]);
    expect(driveLayoutOf(facts.disks, '/raid10/share', facts.pools)?.words).toBe(
      '4 hard drives as 2 groups of 2 mirrored',
    );
  });

  it('matches a ZFS pool by the folder’s /mnt/POOL, and leaves out spares, logs, cache and the boot pool', () => {
    const facts = probeOf({
      drives: [
        '/sys/block/sda 0 500118192 Samsung SSD 870',
        '/sys/block/nvme0n1 0 1953525168',
        '/sys/block/nvme1n1 0 1953525168',
        '/sys/block/sdb 1 23437770752 ST12000VN0008',
        '/sys/block/sdc 1 23437770752 ST12000VN0008',
        '/sys/block/sdd 1 23437770752 ST12000VN0008',
      ],
      zpool: ['boot-pool\t1\t0\t1\tONLINE', 'fast\t1\t0\t1\tONLINE', 'tank\t1\t0\t1\tONLINE'],
      'zpool-status': [
        '  pool: boot-pool',
        'config:',
        '\tNAME        STATE     READ WRITE CKSUM',
        '\tboot-pool   ONLINE       0     0     0',
        '\t  sda3      ONLINE       0     0     0',
        '  pool: fast',
        'config:',
        '\tNAME         STATE     READ WRITE CKSUM',
        '\tfast         ONLINE       0     0     0',
        '\t  mirror-0   ONLINE       0     0     0',
        '\t    nvme0n1p2  ONLINE     0     0     0',
        '\t    nvme1n1p2  ONLINE     0     0     0',
        '  pool: tank',
        'config:',
        '\tNAME         STATE     READ WRITE CKSUM',
        '\ttank         ONLINE       0     0     0',
        '\t  raidz1-0   ONLINE       0     0     0',
        '\t    sdb1     ONLINE       0     0     0',
        '\t    sdc1     ONLINE       0     0     0',
        '\t    spare-2  ONLINE       0     0     0',
        '\t      sdd1   ONLINE       0     0     0',
        '\tlogs',
        '\t  sda4      ONLINE       0     0     0',
        'errors: No known data errors',
      ],
    });
    expect(facts.disks?.arrays.map((array) => [array.name, array.level, array.members])).toEqual([
      ['boot-pool', 'single', ['sda']],
      ['fast', 'mirror', ['nvme0n1', 'nvme1n1']],
      ['tank', 'raidz1', ['sdb', 'sdc', 'sdd']],
    ]);
    expect(driveLayoutOf(facts.disks, '/mnt/fast/vm', facts.pools)?.words).toBe('2 NVMe SSDs mirrored');
    expect(driveLayoutOf(facts.disks, '/mnt/tank/media', facts.pools)?.words).toBe('3 hard drives in RAID-Z1');
    // Two data pools of different drives, and a folder in neither: which drives hold it cannot be told.
    expect(driveLayoutOf(facts.disks, '/home/admin', facts.pools)).toBeNull();
  });

  it('names no layout for a VM’s disk, nor for several drives with no array to say which holds the folder', () => {
    const lab = probeOf({ drives: ['/sys/block/vda 1 536870912', '/sys/block/loop0 0 0'] });
    expect(lab.disks?.drives).toEqual([{ name: 'vda', kind: 'virtual', sizeBytes: 536870912 * 512 }]);
    expect(driveLayoutOf(lab.disks, '/srv/share', [])).toBeNull();
    const qemu = probeOf({ drives: ['/sys/block/sda 1 209715200 QEMU HARDDISK'] });
    expect(qemu.disks?.drives[0]?.kind).toBe('virtual');
    const two = probeOf({ drives: ['/sys/block/sda 0 1000 SSD', '/sys/block/sdb 1 1000 HDD'] });
    expect(driveLayoutOf(two.disks, '/srv/a', [])).toBeNull();
    const one = probeOf({ drives: ['/sys/block/sda 1 7814037168 ST4000VN006'] });
    expect(driveLayoutOf(one.disks, '/srv/a', [])?.words).toBe('1 hard drive');
  });

  it('reads a degraded array’s members without its spare or failed drive', () => {
    const facts = probeOf({
      drives: ['/sys/block/sata1 1 1', '/sys/block/sata2 1 1', '/sys/block/sata3 1 1', '/sys/block/sata4 1 1'],
      mdstat: [
        'md2 : active raid5 sata1p5[0] sata2p5[1] sata3p5[2](F) sata4p5[3](S)',
        '      35127552000 blocks super 1.2 level 5, 64k chunk, algorithm 2 [3/2] [UU_]',
      ],
    });
    expect(facts.disks?.arrays[0]).toMatchObject({ level: 'raid5', members: ['sata1', 'sata2'], drives: 2 });
  });

  it('finds the drive of a partition on each naming scheme', () => {
    expect(['sda5', 'sata1p5', 'nvme0n1p3', 'mmcblk0p2', 'sdaa1', 'nvme0n1'].map(driveOfPartition)).toEqual([
      'sda',
      'sata1',
      'nvme0n1',
      'mmcblk0',
      'sdaa',
      'nvme0n1',
    ]);
  });
});
