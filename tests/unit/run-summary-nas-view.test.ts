import { readFileSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineOf } from '../../electron/engine/nas-view';
import { RunStore } from '../../electron/engine/store';
import { parseRunFile } from '../../shared/contract/runs';
import { nasSummaryLine } from '../../shared/verdicts/nas-glance';
import { summarizeRun } from '../../shared/history/run-summary';
import { iperf3Rates, resourcesOf, runWithNasViews } from '../helpers/nas-view';
import { sampleRunRecord } from '../helpers/run-records';
import { tempDir } from './helpers';

/**
 * What History keeps of what the NAS itself did during a run (#33): from a Quick check saved in the
 * lab (tests/fixtures/runs/README.md), and from runs made of captured reader streams.
 */
const labRunFile = path.join(__dirname, '../fixtures/runs/lab-quick-nas-view.json');
const labRun = () => parseRunFile(readFileSync(labRunFile, 'utf8'));

describe('the NAS’s view in a run’s summary', () => {
  it('keeps the busiest test’s processor and process, the busiest drive, and the NAS verdicts the run gave', () => {
    const record = labRun();
    const summary = summarizeRun(record).nasView;
    // The lab NAS shares this machine: other worktrees' node processes kept its two cores busy.
    expect(summary).toEqual({
      cpuBusy: 1,
      process: { name: 'node', cpu: 0.69 },
      // The disk tests' drive, busy half of their seconds.
      drive: { name: 'vda', busy: 0.5 },
      verdicts: ['nas-cpu-limit', 'nas-busy-before'],
    });
    // The same NAS verdicts as the run saved when it ended (and Results recomputes).
    const saved = (record.verdicts ?? []).map((verdict) => verdict.id).filter((id) => id.startsWith('nas-'));
    expect([...(summary?.verdicts ?? [])].sort()).toEqual(saved.sort());
    // Small: 10,000 of these are listed.
    expect(JSON.stringify(summary).length).toBeLessThan(160);
  });

  it('says it in one short line for History', () => {
    const summary = summarizeRun(labRun()).nasView;
    if (!summary) throw new Error('the lab run was watched');
    expect(nasSummaryLine(summary)).toBe(
      'NAS: processor 100% busy, node busiest; processor at its limit, busy before the test',
    );
    expect(nasSummaryLine({ cpuBusy: 0.34, process: { name: 'smbd', cpu: 0.9 }, drive: null, verdicts: [] })).toBe(
      'NAS: processor 34% busy, smbd busiest',
    );
    expect(nasSummaryLine({ cpuBusy: 0.03, process: null, drive: null, verdicts: [] })).toBe('NAS: processor 3% busy');
  });

  it('takes the process of the test where the processor was busiest', () => {
    const record = runWithNasViews('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d60', '2026-11-26T10:00:00.000Z', 'Cable', [
      { direction: 'upload', resources: resourcesOf('busybox-userland') },
      { direction: 'download', resources: resourcesOf('cpu-full') },
    ]);
    const summary = summarizeRun(record).nasView;
    expect(summary?.cpuBusy).toBeGreaterThan(0.9);
    expect(summary?.process?.name).toBe('openssl');
    expect(summary?.verdicts).toContain('nas-cpu-limit');
  });

  it('names a NAS held to its CPU quota, and one busy before the test', () => {
    const held = runWithNasViews('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d61', '2026-11-26T10:00:00.000Z', 'Cable', [
      { direction: 'upload', resources: resourcesOf('iperf3-cpu-quota'), rates: iperf3Rates('iperf3-cpu-quota') },
    ]);
    const summary = summarizeRun(held).nasView;
    // Held to 5% of a core, iperf3 used less than the NAS's other work: the line names it as the one at its limit.
    expect(summary).toMatchObject({ verdicts: ['nas-cpu-limit'], processAtLimit: 'iperf3' });
    expect(summary?.process?.name).not.toBe('iperf3');
    expect(summary && nasSummaryLine(summary)).toMatch(
      /^NAS: processor \d+% busy, \S+ busiest; iperf3 at its CPU limit$/,
    );
    const baseline = baselineOf(resourcesOf('baseline-busy').samples);
    const busy = runWithNasViews('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d62', '2026-11-26T10:00:00.000Z', 'Cable', [
      { direction: 'upload', resources: resourcesOf('busybox-userland', baseline) },
    ]);
    expect(summarizeRun(busy).nasView?.verdicts).toEqual(['nas-busy-before']);
  });

  it('has none where the NAS was not watched or could not be read', () => {
    expect(summarizeRun(sampleRunRecord())).not.toHaveProperty('nasView');
    const unread = runWithNasViews('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d63', '2026-11-26T10:00:00.000Z', 'Cable', [
      { direction: 'upload', resources: { baseline: null, samples: [], unreadable: ['/proc/stat'] } },
    ]);
    expect(summarizeRun(unread)).not.toHaveProperty('nasView');
  });
});

describe('History’s index and the NAS’s view', () => {
  it('lists the NAS’s view of each run, and rebuilds an index made before it was kept', async () => {
    const dataDir = await tempDir('index-nas-view');
    const store = new RunStore(dataDir);
    await mkdir(store.dir, { recursive: true });
    await copyFile(labRunFile, path.join(store.dir, `${labRun().id}.json`));
    const listed = await store.list();
    expect(listed.runs[0]?.nasView?.process?.name).toBe('node');
    // An index written by the NASBench before: the same entry, without the view, and its summary version.
    const indexFile = path.join(dataDir, 'runs-index.json');
    const index = JSON.parse(readFileSync(indexFile, 'utf8')) as {
      summaryVersion: number;
      runs: { summary: Record<string, unknown> }[];
    };
    for (const entry of index.runs) delete entry.summary.nasView;
    writeFileSync(indexFile, JSON.stringify({ ...index, summaryVersion: 4 }));
    const again = await new RunStore(dataDir).list();
    expect(again.runs[0]?.nasView).toEqual(listed.runs[0]?.nasView);
  });
});
