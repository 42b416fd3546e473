import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directIoSupport, mountOf, parseTestFolderFacts } from '../../electron/engine/disk/file-system';
import { checkFioJob, jobFootprint } from '../../electron/engine/disk/job';
import { arsPreset, bulkFileSize, bulkPreset, quickPreset } from '../../electron/engine/disk/presets';
import { isAmbiguousSize, parseByteSize, readByteSize } from '../../shared/util/units';
import { NasbenchError } from '../../shared/contract/errors';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('presets', () => {
  it('Quick is CrystalDiskMark’s eight tests on one shared 256 MiB file, 5 s each', () => {
    const tests = quickPreset({ uncached: false });
    expect(tests.map((test) => test.name)).toEqual([
      'SEQ1M Q8T1 read',
      'SEQ1M Q8T1 write',
      'SEQ1M Q1T1 read',
      'SEQ1M Q1T1 write',
      'RND4K Q32T1 read',
      'RND4K Q32T1 write',
      'RND4K Q1T1 read',
      'RND4K Q1T1 write',
    ]);
    const jobs = tests.map((test) => checkFioJob(test.job));
    expect(jobs.map((job) => [job.rw, job.bs, job.iodepth, job.numjobs])).toEqual([
      ['read', MiB, 8, 1],
      ['write', MiB, 8, 1],
      ['read', MiB, 1, 1],
      ['write', MiB, 1, 1],
      ['randread', 4096, 32, 1],
      ['randwrite', 4096, 32, 1],
      ['randread', 4096, 1, 1],
      ['randwrite', 4096, 1, 1],
    ]);
    for (const job of jobs) {
      expect(job).toMatchObject({ fileName: 'quick', size: 256 * MiB, runtime: 5, timeBased: true, direct: false });
      expect(job.incompressible).toBe(true);
      expect(job.endFsync).toBe(job.rw.endsWith('write'));
    }
  });

  it('Quick --uncached uses direct I/O; --size and --time change every test', () => {
    const jobs = quickPreset({ uncached: true, sizeBytes: 64 * MiB, runtimeSeconds: 2 }).map((test) =>
      checkFioJob(test.job),
    );
    for (const job of jobs) expect(job).toMatchObject({ direct: true, size: 64 * MiB, runtime: 2 });
  });

  it('the Ars trio is seed 004’s: 4k QD1, 64k 16 jobs QD16 256 MiB each, 1M QD1; 60 s with end_fsync', () => {
    const jobs = arsPreset({ uncached: false }).map((test) => checkFioJob(test.job));
    expect(jobs.map((job) => [job.rw, job.bs, job.iodepth, job.numjobs, job.size])).toEqual([
      ['randwrite', 4096, 1, 1, 4 * GiB],
      ['randwrite', 64 * 1024, 16, 16, 256 * MiB],
      ['randwrite', MiB, 1, 1, 16 * GiB],
    ]);
    for (const job of jobs) expect(job).toMatchObject({ timeBased: true, runtime: 60, endFsync: true });
    const short = arsPreset({ uncached: false, runtimeSeconds: 10, sizeBytes: 512 * MiB }).map((test) =>
      checkFioJob(test.job),
    );
    expect(short.map((job) => [job.runtime, jobFootprint(job)])).toEqual([
      [10, 512 * MiB],
      [10, 512 * MiB],
      [10, 512 * MiB],
    ]);
  });

  it('bulk writes then reads the same 32 files of 128k blocks', () => {
    const [write, read] = bulkPreset({ uncached: false, freeBytes: 100 * GiB }).map((test) => checkFioJob(test.job));
    expect(write).toMatchObject({ rw: 'write', bs: 128 * 1024, numjobs: 32, fileName: 'bulk', endFsync: true });
    expect(write?.timeBased).toBe(false);
    expect(read).toMatchObject({ rw: 'read', bs: 128 * 1024, numjobs: 32, fileName: 'bulk', timeBased: true });
    expect(read?.size).toBe(write?.size);
  });

  it('sizes bulk to the time budget, at most half the free space, at least 1 MiB and at most 10 GiB a job', () => {
    // 60 s at 400 MB/s is 24 GB: 715 MiB a job.
    expect(bulkFileSize({ freeBytes: 1000 * GiB, runtimeSeconds: 60 })).toBe(715 * MiB);
    expect(bulkFileSize({ freeBytes: 8 * GiB, runtimeSeconds: 60 })).toBe(128 * MiB);
    expect(bulkFileSize({ freeBytes: 0, runtimeSeconds: 60 })).toBe(MiB);
    expect(bulkFileSize({ freeBytes: 1e15, runtimeSeconds: 3600 })).toBe(10 * GiB);
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 45 }), fc.integer({ min: 1, max: 3600 }), (freeBytes, runtimeSeconds) => {
        const size = bulkFileSize({ freeBytes, runtimeSeconds });
        expect(size % MiB).toBe(0);
        if (size > MiB) expect(size * 32).toBeLessThanOrEqual(freeBytes / 2);
      }),
    );
  });
});

describe('sizes on the command line', () => {
  it.each([
    ['4096', 4096],
    ['4k', 4096],
    ['4K', 4096],
    ['64M', 64 * MiB],
    ['64MiB', 64 * MiB],
    ['1G', GiB],
    ['1.5G', 1.5 * GiB],
    ['2T', 2 * 1024 * GiB],
  ])('%s is %i bytes', (text, bytes) => {
    expect(parseByteSize(text)).toBe(bytes);
  });

  it.each(['', 'M', '-1M', '1X', '0', '1e9', '64 M B', '1,5G'])('refuses %j', (text) => {
    expect(() => parseByteSize(text)).toThrow(NasbenchError);
  });

  // NASBench writes MB for 10^6 bytes (MB/s); fio reads M as 2^20. "500MB" could be either: refused, with the way to write it.
  it.each(['500MB', '1GB', '4kB', '2 TB', '64mb'])('refuses %j as ambiguous, saying to write M or MiB', (text) => {
    expect(isAmbiguousSize(text)).toBe(true);
    expect(readByteSize(text)).toBeUndefined();
    expect(() => parseByteSize(text)).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', hint: expect.stringMatching(/M or MiB/) }),
    );
  });

  it.each([
    ['512B', 512],
    ['512', 512],
    ['512MiB', 512 * MiB],
  ])('%s is not ambiguous: %i bytes', (text, bytes) => {
    expect(isAmbiguousSize(text)).toBe(false);
    expect(parseByteSize(text)).toBe(bytes);
  });
});

describe('the test folder’s file system', () => {
  const procMounts = [
    '/dev/vda / ext4 rw,relatime 0 0',
    'tmpfs /tmp tmpfs rw 0 0',
    '/dev/md2 /volume1 btrfs rw,relatime 0 0',
    'pool/share /mnt/pool/my\\040share zfs rw,xattr 0 0',
    'shfs /mnt/user fuse.shfs rw,nosuid 0 0',
  ];

  it('finds the mount that holds the folder, the longest matching mount point', () => {
    expect(mountOf('/volume1/photos', procMounts)).toEqual({
      point: '/volume1',
      type: 'btrfs',
      source: '/dev/md2',
      options: ['rw', 'relatime'],
    });
    expect(mountOf('/volume10', procMounts)).toMatchObject({ point: '/', type: 'ext4' });
    expect(mountOf('/mnt/pool/my share/x', procMounts)).toMatchObject({
      point: '/mnt/pool/my share',
      type: 'zfs',
      source: 'pool/share',
    });
    expect(mountOf('/mnt/user/media', procMounts)?.type).toBe('fuse.shfs');
    // `mount` output, Linux and FreeBSD (TrueNAS CORE).
    expect(mountOf('/volume1/x', ['/dev/md2 on /volume1 type btrfs (rw)'])?.type).toBe('btrfs');
    expect(mountOf('/mnt/tank/x', ['tank on /mnt/tank (zfs, local, nfsv4acls)'])).toEqual({
      point: '/mnt/tank',
      type: 'zfs',
      source: 'tank',
      options: ['local', 'nfsv4acls'],
    });
  });

  it('reads the facts script’s answer', () => {
    const output = [
      '@@real',
      '/srv/nasbench-lab/tiny/.nasbench-1',
      '@@free',
      'nasbench-tiny 65536 0 65536 0% /srv/nasbench-lab/tiny',
      '@@mounts',
      '/dev/vda / ext4 rw 0 0',
      'nasbench-tiny /srv/nasbench-lab/tiny tmpfs rw,size=65536k 0 0',
      '@@zfs',
    ].join('\n');
    expect(parseTestFolderFacts(output)).toEqual({
      fileSystem: 'tmpfs',
      mountPoint: '/srv/nasbench-lab/tiny',
      freeBytes: 64 * MiB,
      zfsVersion: null,
      mountSource: 'nasbench-tiny',
      mountOptions: ['rw', 'size=65536k'],
      zfs: null,
      arc: null,
    });
  });

  it('knows which file systems honour, ignore or cannot have direct I/O', () => {
    expect(directIoSupport({ fileSystem: 'ext4', zfsVersion: null })).toBe('honoured');
    expect(directIoSupport({ fileSystem: 'tmpfs', zfsVersion: null })).toBe('memory');
    expect(directIoSupport({ fileSystem: 'zfs', zfsVersion: '2.1.11' })).toBe('ignored');
    expect(directIoSupport({ fileSystem: 'zfs', zfsVersion: null })).toBe('ignored');
    expect(directIoSupport({ fileSystem: 'zfs', zfsVersion: '2.3.1' })).toBe('honoured');
  });
});
