import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileSystemNotes, nasCacheBytes, nasDiskCache } from '../../electron/engine/disk/cache-state';
import { directIoSupport, type TestFolderFacts } from '../../electron/engine/disk/file-system';
import { parseArcStats, parseZfsProperties, zfsSize, zfsVersionOf } from '../../electron/engine/disk/zfs-facts';

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;
const fixture = (name: string) => readFileSync(path.resolve('tests/fixtures/zfs', name), 'utf8');

const ext4: TestFolderFacts = {
  fileSystem: 'ext4',
  mountPoint: '/srv',
  freeBytes: 100 * GiB,
  zfsVersion: null,
  mountSource: '/dev/sda1',
  mountOptions: ['rw', 'relatime'],
  zfs: null,
  arc: null,
};
const truenasDataset = parseZfsProperties('tank/downloads', fixture('zfs-get-all-truenas.txt'));
const proxmoxDataset = parseZfsProperties('rpool/var-lib-vz', fixture('zfs-get-all-proxmox-openzfs-2.3plus.txt'));
const arc = parseArcStats(fixture('arcstats-node-exporter.txt'));
const zfs21: TestFolderFacts = { ...ext4, fileSystem: 'zfs', zfsVersion: '2.1.11', zfs: truenasDataset, arc };
const zfs23: TestFolderFacts = { ...ext4, fileSystem: 'zfs', zfsVersion: '2.3.1', zfs: proxmoxDataset, arc };

describe('ZFS facts, from real captures', () => {
  it('reads a pre-2.3 dataset as people print it: lz4, sync=disabled, 128 KiB records, no direct property', () => {
    expect(truenasDataset).toEqual({
      dataset: 'tank/downloads',
      primarycache: 'all',
      compression: 'lz4',
      recordsizeBytes: 128 * KiB,
      sync: 'disabled',
      direct: null,
    });
  });

  it('reads an OpenZFS 2.3+ dataset, tab-separated: direct=standard', () => {
    expect(proxmoxDataset).toEqual({
      dataset: 'rpool/var-lib-vz',
      primarycache: 'all',
      compression: 'on',
      recordsizeBytes: 128 * KiB,
      sync: 'standard',
      direct: 'standard',
    });
  });

  it('reads the engine’s own form (-H -p: name column, bytes), the lines of the captures with a name put in front', () => {
    const scripted = fixture('zfs-get-all-proxmox-openzfs-2.3plus.txt')
      .split('\n')
      .filter((line) => /^(primarycache|compression|recordsize|sync|direct)\t/.test(line))
      .map((line) => `rpool/var-lib-vz\t${line.replace('\t128K\t', '\t131072\t')}`)
      .join('\n');
    expect(parseZfsProperties('rpool/var-lib-vz', scripted)).toEqual(proxmoxDataset);
    expect([zfsSize('131072'), zfsSize('1M'), zfsSize('16K'), zfsSize('-'), zfsSize(undefined)]).toEqual([
      128 * KiB,
      MiB,
      16 * KiB,
      null,
      null,
    ]);
  });

  it('reads the ARC’s ceiling, size and L2ARC from arcstats', () => {
    expect(arc).toEqual({ maxBytes: 8367976448, sizeBytes: 1603939792, l2Bytes: 0 });
    expect(parseArcStats('')).toBeNull();
    // Only the three rows the facts script greps.
    expect(parseArcStats('c_max                           4    8367976448\nsize 4 1\n')).toMatchObject({
      maxBytes: 8367976448,
    });
  });

  it('takes the running module’s version: /sys/module/zfs/version, or the kmod line of `zfs version`', () => {
    expect(zfsVersionOf('2.1.11-1+deb12u1\n')).toBe('2.1.11');
    expect(zfsVersionOf('zfs-2.2.2-0ubuntu9\nzfs-kmod-2.3.1-1\n')).toBe('2.3.1');
    expect(zfsVersionOf('zfs-2.1.11-1\n')).toBe('2.1.11');
    // TrueNAS CORE's FreeBSD kmod names no release: unknown, so direct I/O is not claimed.
    expect(zfsVersionOf('zfs-2.1.9-1\nzfs-kmod-v2023012500-zfs_9ef0b67f8\n')).toBeNull();
    expect(zfsVersionOf('')).toBeNull();
  });

  it('claims direct I/O on ZFS only from 2.3 on and where the dataset does not disable it', () => {
    expect(directIoSupport(zfs21)).toBe('ignored');
    expect(directIoSupport(zfs23)).toBe('honoured');
    expect(directIoSupport({ ...zfs23, zfs: { ...proxmoxDataset, direct: 'disabled' } })).toBe('ignored');
    expect(directIoSupport({ ...zfs23, zfsVersion: null })).toBe('ignored');
  });
});

describe('both caches of a NAS disk figure', () => {
  const cacheOf = (folder: TestFolderFacts, change: Partial<Parameters<typeof nasDiskCache>[0]> = {}) =>
    nasDiskCache({
      folder,
      memoryBytes: 16 * GiB,
      directHonoured: false,
      rw: 'randread',
      bs: 4 * KiB,
      sizeBytes: 256 * MiB,
      ...change,
    });

  it('never involves this computer: fio and dd run on the NAS', () => {
    expect(cacheOf(ext4).client).toBe('not-involved');
  });

  it('bypassed with honoured direct I/O; may-serve for buffered files under twice the cache; bypassed at twice', () => {
    expect(cacheOf(ext4, { directHonoured: true }).nas).toBe('bypassed');
    expect(cacheOf(ext4).nas).toBe('may-serve');
    expect(cacheOf(ext4, { sizeBytes: 32 * GiB - MiB }).nas).toBe('may-serve');
    expect(cacheOf(ext4, { sizeBytes: 32 * GiB }).nas).toBe('bypassed');
  });

  it('in-memory for tmpfs and ramfs, unknown when neither RAM nor ARC is known', () => {
    expect(cacheOf({ ...ext4, fileSystem: 'tmpfs' }, { directHonoured: true }).nas).toBe('in-memory');
    expect(cacheOf({ ...ext4, fileSystem: 'ramfs' }).nas).toBe('in-memory');
    expect(cacheOf(ext4, { memoryBytes: null }).nas).toBe('unknown');
    expect(cacheOf(ext4, { memoryBytes: null, directHonoured: true }).nas).toBe('bypassed');
  });

  it('ZFS: the ARC (and any L2ARC) is the cache; direct writes smaller than a record go through it', () => {
    expect(nasCacheBytes(zfs21, null)).toBe(8367976448);
    expect(nasCacheBytes({ arc: { maxBytes: 8 * GiB, sizeBytes: null, l2Bytes: 100 * GiB } }, 16 * GiB)).toBe(
      116 * GiB,
    );
    // Before 2.3 direct I/O is ignored, so the run never records it as honoured: may-serve.
    expect(cacheOf(zfs21).nas).toBe('may-serve');
    expect(cacheOf(zfs23, { directHonoured: true, rw: 'randread' }).nas).toBe('bypassed');
    expect(cacheOf(zfs23, { directHonoured: true, rw: 'randwrite', bs: 4 * KiB }).nas).toBe('may-serve');
    expect(cacheOf(zfs23, { directHonoured: true, rw: 'write', bs: MiB }).nas).toBe('bypassed');
    const metadataOnly = { ...zfs21, zfs: { ...truenasDataset, primarycache: 'metadata' } };
    expect(cacheOf(metadataOnly, { rw: 'read' }).nas).toBe('bypassed');
    expect(cacheOf(metadataOnly, { rw: 'write' }).nas).toBe('may-serve');
  });

  it('Btrfs with compression does not guarantee direct I/O', () => {
    const btrfs = { ...ext4, fileSystem: 'btrfs', mountOptions: ['rw', 'compress=zstd:3', 'space_cache=v2'] };
    expect(cacheOf(btrfs, { directHonoured: true }).nas).toBe('may-serve');
    expect(cacheOf({ ...btrfs, mountOptions: ['rw'] }, { directHonoured: true }).nas).toBe('bypassed');
  });

  it('never says bypassed for a file smaller than twice the RAM unless honoured direct I/O (or no ARC data) made it so', () => {
    const folders = [ext4, zfs21, zfs23, { ...ext4, fileSystem: 'btrfs', mountOptions: ['compress=lzo'] }];
    fc.assert(
      fc.property(
        fc.constantFrom(...folders),
        fc.option(
          fc.integer({ min: 1, max: 64 }).map((gib) => gib * GiB),
          { nil: null },
        ),
        fc.boolean(),
        fc.constantFrom('read', 'write', 'randread', 'randwrite', 'randrw'),
        fc.constantFrom(4 * KiB, 128 * KiB, MiB),
        fc.integer({ min: 1, max: 256 }).map((gib) => gib * GiB),
        (folder, memoryBytes, directHonoured, rw, bs, sizeBytes) => {
          const { nas } = nasDiskCache({ folder, memoryBytes, directHonoured, rw, bs, sizeBytes });
          if (nas !== 'bypassed') return;
          const cache = nasCacheBytes(folder, memoryBytes);
          const bigEnough = cache !== null && sizeBytes >= 2 * cache && sizeBytes >= 2 * (memoryBytes ?? 0);
          const readPastArc = rw.endsWith('read') && folder.zfs?.primarycache === 'metadata';
          expect(directHonoured || bigEnough || readPastArc).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('file system notes', () => {
  it('ZFS compression: fio’s data is random and does not compress; dd’s zeros do; sync=disabled and small direct writes said', () => {
    const fio = fileSystemNotes(zfs21, { engine: 'fio', direct: false, rw: 'write', bs: MiB }).join(' ');
    expect(fio).toMatch(/compresses \(lz4\).*random data, which does not compress/);
    expect(fio).toMatch(/sync=disabled/);
    const dd = fileSystemNotes(zfs23, { engine: 'dd', direct: false, rw: 'write', bs: MiB }).join(' ');
    expect(dd).toMatch(/compresses \(on\).*dd writes zeros.*inflated/);
    const small = fileSystemNotes(zfs23, { engine: 'fio', direct: true, rw: 'randwrite', bs: 4 * KiB }).join(' ');
    expect(small).toMatch(/direct writes smaller than the dataset's record size \(128 KiB\)/);
    expect(fileSystemNotes(ext4, { engine: 'fio', direct: true, rw: 'write', bs: MiB })).toEqual([]);
  });

  it('Btrfs: compression and nodatacow from the mount options', () => {
    const btrfs = { ...ext4, fileSystem: 'btrfs', mountOptions: ['rw', 'compress=zstd:3', 'nodatacow'] };
    const notes = fileSystemNotes(btrfs, { engine: 'fio', direct: true, rw: 'write', bs: MiB }).join(' ');
    expect(notes).toMatch(/compression \(zstd:3\)/);
    expect(notes).toMatch(/nodatacow/);
  });
});
