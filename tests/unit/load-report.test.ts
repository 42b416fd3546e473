import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../../shared/contract/load';
import { renderReport } from '../../shared/words/report';
import { testRows } from '../../shared/words/report/report-model';
import { sampleRunRecord } from '../helpers/run-records';

/** A stepped-up load run from two named computers, one of which measured nothing. */
const load: LoadResult = {
  kind: 'load',
  rw: 'write',
  blockSizeBytes: 2 ** 20,
  fileSizeBytes: 2 ** 30,
  direct: true,
  clients: [
    {
      host: 'anna-laptop.local',
      port: 8765,
      dir: '/Volumes/Family Photos',
      ok: true,
      bytesPerSecond: 118e6,
      ioBytes: 2.36e9,
      seconds: 20,
      fioVersion: 'fio-3.33',
      os: 'Darwin',
    },
    {
      host: 'bob-pc.local',
      port: 8765,
      dir: 'Z:\\',
      ok: false,
      bytesPerSecond: 0,
      ioBytes: 0,
      seconds: 0,
      fioVersion: null,
      os: null,
      error: {
        code: 'UNREACHABLE',
        message: 'No fio server answered on bob-pc.local:8765.',
        hint: 'Start "fio --server" on that computer.',
      },
    },
  ],
  total: { bytesPerSecond: 118e6, startSpreadSeconds: 0.1 },
  stepUp: [
    { computers: 1, bytesPerSecond: 117e6 },
    { computers: 2, bytesPerSecond: 118e6 },
  ],
};
const run = () =>
  sampleRunRecord({ plan: 'load', title: 'Writing to the share from 2 computers at once', results: [load] });

describe('a load run in reports', () => {
  it('has a row per computer that measured and the total, naming the one without a figure and why', () => {
    const rows = testRows(run());
    expect(rows.map((row) => [row.test, row.bytesPerSecond])).toEqual([
      ['anna-laptop.local (/Volumes/Family Photos)', 118e6],
      ['The one computer that measured', 118e6],
    ]);
    expect(rows[1]?.note).toContain('bob-pc.local: No fio server answered');
    expect(rows[0]?.cacheWords).toMatch(/bypassed its own file cache .*NAS’s own cache may have/);
  });

  it('anonymised, names neither computer nor their folders, and keeps every figure', () => {
    const { text } = renderReport(run(), {
      format: 'md',
      anonymize: true,
      unit: 'MB/s',
      generatedAt: '2026-11-25T00:00:00Z',
    });
    for (const secret of ['anna-laptop', 'bob-pc', 'Family Photos']) expect(text).not.toContain(secret);
    expect(text).toContain('118 MB/s');
    expect(text).toMatch(/NAS stops at about 118 MB\/s|adding a computer/);
  });
});
