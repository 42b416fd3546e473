import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFioReport, summarizeFioReport } from '../../electron/engine/disk/parse';
import { DiskRunInput, type DiskTestResult } from '../../shared/contract/disk';
import {
  checkDiskTestChoices,
  describeCacheUse,
  describeDiskEngine,
  describeLatency,
  describeTestShape,
  diskResultTable,
  diskRunProgress,
  formatBlockSize,
  formatIops,
  formatLatency,
  groupNotes,
  testFolderChoices,
  type DiskTestChoices,
} from '../../shared/kinds/disk/words';

const sessionId = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const MiB = 2 ** 20;

/** The figures of a real fio capture (4K random reads at Q32), as the engine reads them. */
const captured = summarizeFioReport(
  parseFioReport(readFileSync('tests/fixtures/fio/final-randread-4k-q32.out', 'utf8')),
);

function result(name: string, change: Partial<DiskTestResult> = {}): DiskTestResult {
  const rw = name.includes('read') ? 'read' : 'write';
  return {
    name,
    rw: name.startsWith('RND') ? `rand${rw}` : rw,
    bs: name.startsWith('RND') ? 4096 : MiB,
    iodepth: 1,
    numjobs: 1,
    direct: true,
    sizeBytes: 256 * MiB,
    bytesPerSecond: captured.bytesPerSecond,
    iops: captured.iops,
    latencyNs: captured.latencyNs,
    ioBytes: captured.ioBytes,
    seconds: captured.seconds,
    engine: 'fio',
    ioengine: 'libaio',
    commandLine: `fio --name=${name}`,
    fioVersion: '3.33',
    fileSystem: 'ext4',
    ...change,
  };
}

const quickNames = ['SEQ1M Q8T1', 'SEQ1M Q1T1', 'RND4K Q32T1', 'RND4K Q1T1'].flatMap((shape) => [
  `${shape} read`,
  `${shape} write`,
]);

describe('the form of the disk test', () => {
  const choices: DiskTestChoices = {
    folder: '/volume1/test',
    preset: 'quick',
    uncached: true,
    sizeMiB: '',
    seconds: '',
  };

  it('offers the volumes the probe found, with their file system and free space', () => {
    const volumes = [{ mount: '/volume1', fsType: 'btrfs', sizeBytes: 4e12, freeBytes: 2 ** 40 }];
    expect(testFolderChoices({ volumes })).toEqual([{ folder: '/volume1', label: '/volume1 (btrfs, 1.00 TiB free)' }]);
    const unknown = [{ mount: '/mnt/user', fsType: null, sizeBytes: 1, freeBytes: 512 * MiB }];
    expect(testFolderChoices({ volumes: unknown })[0]?.label).toBe('/mnt/user (file system unknown, 512 MiB free)');
  });

  it('offers the folders this login can write in first, with the free space of the volume they are on', () => {
    const volumes = [
      { mount: '/volume1', fsType: 'btrfs', sizeBytes: 4e12, freeBytes: 2 ** 40 },
      { mount: '/', fsType: 'ext4', sizeBytes: 8e9, freeBytes: 2 ** 30 },
    ];
    const folders = [
      { path: '/volume1/photo', kind: 'share' as const },
      { path: '/var/services/homes/anna', kind: 'home' as const },
    ];
    expect(testFolderChoices({ volumes, folders })).toEqual([
      { folder: '/volume1/photo', label: '/volume1/photo (btrfs, 1.00 TiB free, you can write here)' },
      {
        folder: '/var/services/homes/anna',
        label: '/var/services/homes/anna (your home folder, ext4, 1.00 GiB free, you can write here)',
      },
      { folder: '/volume1', label: '/volume1 (btrfs, 1.00 TiB free)' },
    ]);
  });

  it('leaves size and length to the preset when the fields are empty', () => {
    expect(checkDiskTestChoices(choices, sessionId)).toEqual({
      input: { sessionId, folder: '/volume1/test', preset: 'quick', uncached: true },
    });
  });

  it('turns MiB into bytes and keeps the seconds per test', () => {
    const checked = checkDiskTestChoices(
      { ...choices, folder: ' /srv/share ', sizeMiB: '32', seconds: '1' },
      sessionId,
    );
    expect(checked.input).toMatchObject({ folder: '/srv/share', sizeBytes: 32 * MiB, runtimeSeconds: 1 });
  });

  it('says what to fix, per field', () => {
    expect(checkDiskTestChoices({ ...choices, folder: '  ' }, sessionId).problems?.folder).toMatch(/Choose or type/);
    expect(checkDiskTestChoices({ ...choices, folder: 'share' }, sessionId).problems?.folder).toMatch(
      /starting with \//,
    );
    const numbers = checkDiskTestChoices({ ...choices, sizeMiB: '0.5', seconds: '3601' }, sessionId).problems;
    expect(numbers?.sizeMiB).toMatch(/whole number of MiB/);
    expect(numbers?.seconds).toMatch(/from 1 to 3600/);
  });

  it('leaves folders the NAS itself must refuse (/proc) to the engine, which says why', () => {
    expect(checkDiskTestChoices({ ...choices, folder: '/proc' }, sessionId).input?.folder).toBe('/proc');
  });

  it('only ever hands the engine input its contract accepts', () => {
    const text = fc.oneof(fc.string(), fc.integer({ min: -5, max: 2 ** 31 }).map(String));
    fc.assert(
      fc.property(fc.string(), text, text, fc.boolean(), (folder, sizeMiB, seconds, uncached) => {
        const checked = checkDiskTestChoices({ folder, preset: 'ars', uncached, sizeMiB, seconds }, sessionId);
        if (checked.input) expect(DiskRunInput.safeParse(checked.input).success).toBe(true);
        else expect(Object.keys(checked.problems).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('the results table', () => {
  it('lays the Quick check out as CrystalDiskMark does: four rows, Read and Write', () => {
    const { rows, columns } = diskResultTable(quickNames.map((name) => result(name)));
    expect(columns).toEqual(['read', 'write']);
    expect(rows.map((row) => row.shape)).toEqual(['SEQ1M Q8T1', 'SEQ1M Q1T1', 'RND4K Q32T1', 'RND4K Q1T1']);
    expect(rows[2]?.cells.read?.name).toBe('RND4K Q32T1 read');
    expect(rows[2]?.cells.write?.name).toBe('RND4K Q32T1 write');
  });

  it('keeps only the columns some test filled, and the rows of a partial run', () => {
    const ars = ['RND4K Q1T1 write', 'RND64K Q16T16 write'].map((name) => result(name));
    expect(diskResultTable(ars)).toMatchObject({ columns: ['write'], rows: [{ shape: 'RND4K Q1T1' }, {}] });
    const partial = diskResultTable(quickNames.slice(0, 3).map((name) => result(name)));
    expect(partial.rows[1]?.cells).toEqual({ read: expect.objectContaining({ name: 'SEQ1M Q1T1 read' }) });
  });

  it('puts the dd fallback and mixed tests where they belong', () => {
    const dd = ['SEQ1M Q1T1 write (dd)', 'SEQ1M Q1T1 read (dd)'].map((name) => result(name, { engine: 'dd' }));
    expect(diskResultTable(dd).rows).toHaveLength(1);
    expect(diskResultTable(dd).rows[0]?.shape).toBe('SEQ1M Q1T1 (dd)');
    const mixed = diskResultTable([result('RND4K 70/30', { rw: 'randrw' })]);
    expect(mixed).toMatchObject({ columns: ['mixed'], rows: [{ shape: 'RND4K 70/30' }] });
  });

  it('says what SEQ, RND, Q and T mean', () => {
    expect(describeTestShape({ rw: 'read', bs: MiB, iodepth: 8, numjobs: 1 })).toBe(
      'Sequential 1 MiB blocks, queue depth 8, 1 job',
    );
    expect(describeTestShape({ rw: 'randwrite', bs: 65536, iodepth: 16, numjobs: 16 })).toBe(
      'Random 64 KiB blocks, queue depth 16, 16 jobs at once',
    );
    expect(formatBlockSize(4096)).toBe('4 KiB');
    expect(formatBlockSize(1536)).toBe('1536 B');
  });
});

describe('latency, IOPS and the words around them', () => {
  it('writes latency in the unit that reads best', () => {
    expect(formatLatency(850)).toBe('0.85 µs');
    expect(formatLatency(412_000)).toBe('412 µs');
    expect(formatLatency(1_234_567)).toBe('1.23 ms');
    expect(formatLatency(2.05e9)).toBe('2.05 s');
    expect(formatLatency(Number.NaN)).toBe('–');
  });

  it('gives a short line and a sentence for the tooltip', () => {
    expect(describeLatency({ p50: 400_000, p99: 1_230_000 })).toEqual({
      short: 'p99 1.23 ms',
      long: 'Half of the requests finished within 400 µs; 99 in 100 within 1.23 ms.',
    });
    expect(describeLatency({ p50: null, p99: null }).short).toBe('latency not measured');
    expect(describeLatency(captured.latencyNs).short).toMatch(/^p99 [\d.]+ (µs|ms)$/);
  });

  it('counts IOPS with thousands separators', () => {
    expect(formatIops(123_456.7)).toBe('123,457 IOPS');
    expect(formatIops(45.25)).toBe('45.3 IOPS');
  });

  it('says each note once, and for which tests', () => {
    const note = 'This file system does not honour direct I/O.';
    expect(groupNotes([result('a', { note }), result('b', { note })])).toEqual([{ tests: 'All tests', note }]);
    expect(groupNotes([result('a', { note }), result('b'), result('c', { note: 'x' })])).toEqual([
      { tests: 'a', note },
      { tests: 'c', note: 'x' },
    ]);
  });

  it('names the engine and what bypassed the cache', () => {
    expect(describeDiskEngine('fio', [result('a'), result('b', { ioengine: 'psync' })])).toBe(
      'fio 3.33 (libaio, psync)',
    );
    expect(describeDiskEngine('dd', [])).toBe('dd fallback (fio is not installed on the NAS)');
    expect(describeCacheUse([{ direct: true }, { direct: true }])).toMatch(/^Uncached/);
    expect(describeCacheUse([{ direct: false }])).toMatch(/memory cache/);
    expect(describeCacheUse([{ direct: true }, { direct: false }])).toBe('Uncached in 1 of 2 tests: see the notes');
  });
});

describe('how far a disk run is', () => {
  it('counts finished tests, and times the rest at the pace so far', () => {
    expect(diskRunProgress(null, 0, 56)).toEqual({ fraction: 0, remainingSeconds: 56 });
    expect(diskRunProgress({ index: 0, count: 8, state: 'started' }, 5, 56)).toEqual({
      fraction: 0,
      remainingSeconds: 51,
    });
    expect(diskRunProgress({ index: 1, count: 8, state: 'finished' }, 20, 56)).toEqual({
      fraction: 0.25,
      remainingSeconds: 60,
    });
    expect(diskRunProgress({ index: 2, count: 8, state: 'started' }, 22, 56).fraction).toBe(0.25);
    expect(diskRunProgress({ index: 7, count: 8, state: 'failed' }, 80, 56)).toEqual({
      fraction: 1,
      remainingSeconds: 0,
    });
  });
});
