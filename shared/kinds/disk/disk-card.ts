import type { DiskRunDetails, DiskTestResult } from '../../contract/disk';
import { formatBytes } from '../../util/units';
import { describeCacheUse, describeDiskEngine } from './words';

/**
 * CrystalDiskMark's tile and its "Copy" text, for any kind whose tests carry CrystalDiskMark's names
 * ("SEQ1M Q8T1 read"): fio on the NAS (this file's own card) and the share benchmark from this computer.
 */

/** CrystalDiskMark's four rows (its default profile), each read and written: the eight cells people post. */
export const crystalRows = [
  { label: 'SEQ1M Q8T1', kind: 'SEQ', block: '1MiB', queue: 8 },
  { label: 'SEQ1M Q1T1', kind: 'SEQ', block: '1MiB', queue: 1 },
  { label: 'RND4K Q32T1', kind: 'RND', block: '4KiB', queue: 32 },
  { label: 'RND4K Q1T1', kind: 'RND', block: '4KiB', queue: 1 },
] as const;

export type CrystalRow = (typeof crystalRows)[number];
export type CrystalOp = 'read' | 'write';
export const crystalOps = ['read', 'write'] as const;

export interface CrystalCell<Test = DiskTestResult> {
  row: CrystalRow['label'];
  op: CrystalOp;
  test: Test | null;
}

/** The eight cells, in CrystalDiskMark's order; null where this run did not measure one. */
export function crystalCells<Test extends { name: string }>(tests: readonly Test[]): CrystalCell<Test>[] {
  return crystalRows.flatMap((row) =>
    crystalOps.map((op) => ({
      row: row.label,
      op,
      test: tests.find((test) => test.name === `${row.label} ${op}`) ?? null,
    })),
  );
}

/** Worth a card: at least one of the eight was measured (a sweep or a custom block size has none). */
export function hasCrystalCells(tests: readonly { name: string }[]): boolean {
  return crystalCells(tests).some((cell) => cell.test !== null);
}

/** A row of the tile: its label and the figure of each column in bytes per second, null where not measured. */
export interface CrystalTileRow {
  label: string;
  read: number | null;
  write: number | null;
}

/** The tile's four rows of two figures, from tests named as CrystalDiskMark names them. */
export function crystalTileRows(tests: readonly { name: string; bytesPerSecond: number }[]): CrystalTileRow[] {
  const cells = crystalCells(tests);
  const figure = (label: string, op: CrystalOp) =>
    cells.find((cell) => cell.row === label && cell.op === op)?.test?.bytesPerSecond ?? null;
  return crystalRows.map((row) => ({
    label: row.label,
    read: figure(row.label, 'read'),
    write: figure(row.label, 'write'),
  }));
}

/** MB/s as CrystalDiskMark prints it: 10^6 bytes, three decimals. */
export const crystalMegabytes = (bytesPerSecond: number) => (bytesPerSecond / 1e6).toFixed(3);

/** "  SEQ    1MiB (Q=  8, T= 1):", as CrystalDiskMark starts each line of its text. */
export function crystalRowName(row: CrystalRow): string {
  return `  ${row.kind.padEnd(4)} ${row.block.padStart(6)} (Q=${String(row.queue).padStart(3)}, T= 1):`;
}

/**
 * CrystalDiskMark's "Copy" text around a run's own lines: the title between rules, the units, the
 * [Read] and [Write] blocks (a row's line, or "not measured"), then the lines about the test.
 */
export function crystalLayout<Test extends { name: string }>(layout: {
  title: string;
  tests: readonly Test[];
  figures: (test: Test) => string;
  footer: readonly string[];
}): string {
  const cells = crystalCells(layout.tests);
  const line = '-'.repeat(78);
  const block = (op: CrystalOp) =>
    crystalRows.map((row) => {
      const test = cells.find((cell) => cell.row === row.label && cell.op === op)?.test;
      return test ? `${crystalRowName(row)} ${layout.figures(test)}` : `${crystalRowName(row)}  not measured`;
    });
  return [
    line,
    layout.title,
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
    ...layout.footer,
    '',
  ].join('\n');
}

/**
 * The card as text, laid out as CrystalDiskMark's "Copy" text so it reads familiarly on a forum, but
 * saying what it is: fio on the NAS, not CrystalDiskMark. CrystalDiskMark's <…> column is the mean
 * latency; fio's run gives percentiles, so the column is labelled p99 rather than passed off as it.
 */
export function crystalText(details: Pick<DiskRunDetails, 'engine' | 'folder' | 'fileSystem' | 'tests'>): string {
  const first = details.tests[0];
  return crystalLayout({
    title: `NASBench: ${describeDiskEngine(details.engine, details.tests)} on the NAS, in CrystalDiskMark's layout`,
    tests: details.tests,
    figures: (test) => {
      const iops = test.engine === 'fio' ? ` [${test.iops.toFixed(1).padStart(10)} IOPS]` : '';
      const p99 = test.latencyNs.p99 === null ? '' : ` <p99 ${(test.latencyNs.p99 / 1000).toFixed(2).padStart(9)} us>`;
      return `${crystalMegabytes(test.bytesPerSecond).padStart(9)} MB/s${iops}${p99}`;
    },
    footer: [
      `   Test: ${first ? formatBytes(first.sizeBytes) : '?'} [${details.folder}${details.fileSystem ? `, ${details.fileSystem}` : ''}]`,
      `   Time: Measure ${first ? Math.round(first.seconds) : '?'} sec per test`,
      `  Cache: ${describeCacheUse(details.tests)}`,
    ],
  });
}
