import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ShareBenchResult } from '../../shared/contract/share-bench';
import { shareKind } from '../../shared/kinds/share/descriptor';
import { shareProfileJobs, shareJobName } from '../../shared/kinds/share/profiles';
import { explainFigures, noFigures } from '../../shared/verdicts';
import { fioPassArgs } from '../../electron/engine/share-bench/fio-here';

/** The share kind's pieces over a recorded `nasbench share --json` (tests/fixtures/share/README.md). */
const recorded = ShareBenchResult.parse({
  ...(JSON.parse(readFileSync(path.join(__dirname, '../fixtures/share/local-disk-default.json'), 'utf8')) as object),
  kind: 'share',
});

describe('the share kind on a recorded local-disk run', () => {
  it('is what the contract says, in CrystalDiskMark’s order, every figure with its cache labels', () => {
    expect(recorded.tests.map((test) => test.name)).toEqual(shareProfileJobs('default').map(shareJobName));
    expect(recorded.path.kind).toBe('local-disk');
    expect(recorded.roundTrip).toBeNull();
    for (const test of recorded.tests) {
      expect(test.cache).toEqual({ client: 'bypassed', nas: 'bypassed' });
      expect(test.passes).toHaveLength(2);
      expect(test.bytesPerSecond).toBe(Math.max(...test.passes));
    }
  });

  it('prints a table of the eight with IOPS and latency, and where it ran', () => {
    const text = shareKind.cliText?.(recorded, []) ?? '';
    expect(text).toContain('on this computer’s own disk (no NAS involved)');
    for (const test of recorded.tests)
      expect(text).toMatch(new RegExp(`^  ${test.name} +[\\d,.]+ MB/s +[\\d,]+ IOPS`, 'm'));
  });

  it('reports a row per test and compares a local folder apart from any share', () => {
    const rows = shareKind.reportRows(recorded, {} as never, 'MB/s');
    expect(rows.map((row) => row.test)).toEqual(recorded.tests.map((test) => test.name));
    expect(rows.every((row) => row.group === 'Share benchmark from this computer' && row.iops !== null)).toBe(true);
    const compared = shareKind.compareFigures(recorded);
    expect(compared[0]?.[0]).toBe('SEQ1M Q8T1 read (this computer)');
    expect(compared.every(([, figure]) => figure.apart)).toBe(true);
  });

  it('says nothing of what a share costs small I/O when the folder is no share', () => {
    const figures = noFigures();
    shareKind.addFigures(figures, recorded, {} as never);
    expect(figures.shareBench).toHaveLength(8);
    expect(explainFigures(figures).map((verdict) => verdict.id)).not.toContain('share-small-io');
  });
});

describe('a job of the user’s own that mixes reads and writes, as fio’s randrw', () => {
  const mixed = ShareBenchResult.parse({
    ...(JSON.parse(
      readFileSync(path.join(__dirname, '../fixtures/share/local-disk-randrw-70.json'), 'utf8'),
    ) as object),
    kind: 'share',
  });

  it('is named with its mix, and left out of the read and write figures the verdicts compare', () => {
    expect(mixed.tests.map((test) => [test.name, test.rw, test.readPercent])).toEqual([
      ['RND4K Q4T1 mix 70/30', 'randrw', 70],
    ]);
    expect(mixed.tests[0]?.iops).toBeGreaterThan(0);
    const figures = noFigures();
    shareKind.addFigures(figures, mixed, {} as never);
    expect(figures.shareBench).toEqual([]);
    // In the report it sits with the reads, its larger part.
    expect(shareKind.reportRows(mixed, {} as never, 'MB/s').map((row) => [row.test, row.op])).toEqual([
      ['RND4K Q4T1 mix 70/30', 'read'],
    ]);
  });

  it('is run by fio with the same share of reads, and ends when its writes are on the disk', () => {
    const job = { rw: 'randrw' as const, bs: 4096, queueDepth: 4, threads: 1, readPercent: 70 };
    const pass = { file: '/f', fileSize: 2 ** 25, job, seconds: 1, unbuffered: true };
    expect(fioPassArgs({ asyncEngine: 'libaio' }, pass)).toEqual(
      expect.arrayContaining(['--rw=randrw', '--rwmixread=70', '--end_fsync=1']),
    );
    const reads = fioPassArgs({ asyncEngine: 'libaio' }, { ...pass, job: { ...job, rw: 'randread' } });
    expect(reads.some((arg) => arg.startsWith('--rwmixread') || arg === '--end_fsync=1')).toBe(false);
  });
});
