import type { LoadHelperResult } from '../../shared/contract/load';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../shared/report';
import { testRows } from '../../shared/report/report-model';
import { sampleLoadResult, sampleRunRecord } from '../helpers/run-records';

const load = sampleLoadResult;
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
    // Both computers measured, stepping up: the verdict names the NAS's limit, and no computer.
    const clients = load.clients.map((client) => ({ ...client, ok: true, bytesPerSecond: 59e6 }));
    const stepUp = [
      { computers: 1, bytesPerSecond: 117e6 },
      { computers: 2, bytesPerSecond: 118e6 },
    ];
    const both = sampleRunRecord({ plan: 'load', title: 'Load', results: [{ ...load, clients, stepUp }] });
    const { text } = renderReport(both, {
      format: 'md',
      anonymize: true,
      unit: 'MB/s',
      generatedAt: '2026-11-25T00:00:00Z',
    });
    for (const secret of ['anna-laptop', 'bob-pc', 'Family Photos']) expect(text).not.toContain(secret);
    expect(text).toContain('118 MB/s');
    expect(text).toMatch(/NAS stops at about 118 MB\/s|adding a computer/);
  });

  it('names the test folder a computer that vanished mid-test may have left, and its removal; anonymised, not its path', () => {
    const [anna, bob] = load.clients as [LoadHelperResult, LoadHelperResult];
    const lost = {
      ...bob,
      dir: '/mnt/bob share',
      error: { code: 'LINK_LOST' as const, message: 'bob-pc.local stopped answering mid-test.', hint: 'Check it.' },
      leftBehind: '/mnt/bob share/.nasbench-load-1a2b3c4d',
    };
    const record = sampleRunRecord({
      plan: 'load',
      title: 'Load',
      results: [{ ...load, clients: [anna, lost] }],
    });
    const note = testRows(record)[1]?.note ?? '';
    expect(note).toContain('bob-pc.local: bob-pc.local stopped answering mid-test. Check it.');
    expect(note).toContain(
      'Its test folder /mnt/bob share/.nasbench-load-1a2b3c4d may still be on the share: NASBench removes it the next time it reaches that computer',
    );
    const { text } = renderReport(record, {
      format: 'csv',
      anonymize: true,
      unit: 'MB/s',
      generatedAt: '2026-11-25T00:00:00Z',
    });
    expect(text).toMatch(/Its test folder \/folder-\d+\/\.nasbench-load-1a2b3c4d may still be on the share/);
    for (const secret of ['bob share', 'bob-pc']) expect(text).not.toContain(secret);
  });
});
