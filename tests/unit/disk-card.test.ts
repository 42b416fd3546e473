import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunRecord } from '../../shared/contract/runs';
import { crystalCells, crystalText, hasCrystalCells } from '../../shared/kinds/disk/disk-card';

/** The CrystalDiskMark-style card, from a Quick check the lab really ran (four of the eight tests). */
const record = RunRecord.parse(
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/report/lab-quick-run.json'), 'utf8')),
);
const disk = record.results.find((result) => result.kind === 'disk');
if (disk?.kind !== 'disk') throw new Error('The fixture run has no disk result.');

describe('the CrystalDiskMark-style card', () => {
  it('puts each test in its cell, in CrystalDiskMark’s order, and leaves the unmeasured ones empty', () => {
    const cells = crystalCells(disk.tests);
    expect(cells.map((cell) => `${cell.row} ${cell.op}`)).toEqual([
      'SEQ1M Q8T1 read',
      'SEQ1M Q8T1 write',
      'SEQ1M Q1T1 read',
      'SEQ1M Q1T1 write',
      'RND4K Q32T1 read',
      'RND4K Q32T1 write',
      'RND4K Q1T1 read',
      'RND4K Q1T1 write',
    ]);
    expect(cells.map((cell) => cell.test?.bytesPerSecond ?? null)).toEqual([
      841572184,
      1802943456,
      null,
      null,
      239645681,
      132027938,
      null,
      null,
    ]);
    expect(hasCrystalCells(disk.tests)).toBe(true);
    expect(hasCrystalCells(disk.tests.map((test) => ({ ...test, name: 'BS128K read' })))).toBe(false);
  });

  it('copies as CrystalDiskMark’s text layout, saying it is fio and labelling its latency column p99', () => {
    const lines = crystalText(disk).split('\n');
    expect(lines[1]).toBe("NASBench: fio 3.33 (libaio) on the NAS, in CrystalDiskMark's layout");
    // 841,572,184 B/s = 841.572 MB/s; 802.6 IOPS; p99 13,697,024 ns = 13,697.02 us.
    expect(lines).toContain('  SEQ    1MiB (Q=  8, T= 1):   841.572 MB/s [     802.6 IOPS] <p99  13697.02 us>');
    expect(lines).toContain('  SEQ    1MiB (Q=  1, T= 1):  not measured');
    expect(lines).toContain('  RND    4KiB (Q= 32, T= 1):   132.028 MB/s [   32233.4 IOPS] <p99   3031.04 us>');
    expect(lines.indexOf('[Write]')).toBeGreaterThan(lines.indexOf('[Read]'));
    expect(lines.find((line) => line.startsWith('   Test:'))).toContain('[/srv/nasbench-lab/share/report-');
  });
});
