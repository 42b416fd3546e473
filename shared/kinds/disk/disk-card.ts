import type { DiskRunDetails, DiskTestResult } from '../../contract/disk';
import { formatBytes } from '../../util/units';
import { describeCacheUse, describeDiskEngine } from './words';

/** CrystalDiskMark's four rows (its default profile), each read and written: the eight cells people post. */
export const crystalRows = [
  { label: 'SEQ1M Q8T1', kind: 'SEQ', block: '1MiB', queue: 8 },
  { label: 'SEQ1M Q1T1', kind: 'SEQ', block: '1MiB', queue: 1 },
  { label: 'RND4K Q32T1', kind: 'RND', block: '4KiB', queue: 32 },
  { label: 'RND4K Q1T1', kind: 'RND', block: '4KiB', queue: 1 },
] as const;

export interface CrystalCell {
  row: (typeof crystalRows)[number]['label'];
  op: 'read' | 'write';
  test: DiskTestResult | null;
}

/** The eight cells, in CrystalDiskMark's order; null where this run did not measure one. */
export function crystalCells(tests: readonly DiskTestResult[]): CrystalCell[] {
  return crystalRows.flatMap((row) =>
    (['read', 'write'] as const).map((op) => ({
      row: row.label,
      op,
      test: tests.find((test) => test.name === `${row.label} ${op}`) ?? null,
    })),
  );
}

/** Worth a card: at least one of the eight was measured (a sweep or a custom block size has none). */
export function hasCrystalCells(tests: readonly DiskTestResult[]): boolean {
  return crystalCells(tests).some((cell) => cell.test !== null);
}

/** MB/s as CrystalDiskMark prints it: 10^6 bytes, three decimals. */
export const crystalMegabytes = (bytesPerSecond: number) => (bytesPerSecond / 1e6).toFixed(3);

/**
 * The card as text, laid out as CrystalDiskMark's "Copy" text so it reads familiarly on a forum, but
 * saying what it is: fio on the NAS, not CrystalDiskMark. CrystalDiskMark's <…> column is the mean
 * latency; fio's run gives percentiles, so the column is labelled p99 rather than passed off as it.
 */
export function crystalText(details: Pick<DiskRunDetails, 'engine' | 'folder' | 'fileSystem' | 'tests'>): string {
  const cells = crystalCells(details.tests);
  const line = '-'.repeat(78);
  const block = (op: 'read' | 'write') =>
    crystalRows.map((row) => {
      const test = cells.find((cell) => cell.row === row.label && cell.op === op)?.test;
      const name = `  ${row.kind.padEnd(4)} ${row.block.padStart(6)} (Q=${String(row.queue).padStart(3)}, T= 1):`;
      if (!test) return `${name}  not measured`;
      const iops = test.engine === 'fio' ? ` [${test.iops.toFixed(1).padStart(10)} IOPS]` : '';
      const p99 = test.latencyNs.p99 === null ? '' : ` <p99 ${(test.latencyNs.p99 / 1000).toFixed(2).padStart(9)} us>`;
      return `${name} ${crystalMegabytes(test.bytesPerSecond).padStart(9)} MB/s${iops}${p99}`;
    });
  const first = details.tests[0];
  return [
    line,
    `NASBench: ${describeDiskEngine(details.engine, details.tests)} on the NAS, in CrystalDiskMark's layout`,
    line,
    '* MB/s = 1,000,000 bytes/s',
    '* KB = 1000 bytes, KiB = 1024 bytes',
    '',
    '[Read]',
    ...block('read'),
    '',
    '[Write]',
    ...block('write'),
    '',
    `   Test: ${first ? formatBytes(first.sizeBytes) : '?'} [${details.folder}${details.fileSystem ? `, ${details.fileSystem}` : ''}]`,
    `   Time: Measure ${first ? Math.round(first.seconds) : '?'} sec per test`,
    `  Cache: ${describeCacheUse(details.tests)}`,
    '',
  ].join('\n');
}
