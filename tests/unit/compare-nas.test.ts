import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineOf } from '../../electron/engine/nas-view';
import { parseRunFile } from '../../shared/contract/runs';
import { beforeTheTests } from '../../shared/history/compare-nas';
import { compareRuns } from '../../shared/history/compare-runs';
import { iperf3Rates, resourcesOf, runWithNasViews } from '../helpers/nas-view';
import { sampleRunRecord } from '../helpers/run-records';

/**
 * Compare's "What the NAS itself did" (#33): runs lined up per test, from captured reader streams
 * (tests/fixtures/nas-view/README.md) and a Quick check saved in the lab.
 */
const upload = 'Upload (this computer to the NAS)';

describe('what the NAS itself did, compared', () => {
  // The lab's low-power NAS: iperf3 held to 5% of a core while the rate stayed flat; the same test with
  // iperf3 free, its rate sagging as the machine's other work came and went.
  const held = runWithNasViews('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d71', '2026-11-26T10:00:00.000Z', 'Wi-Fi', [
    { direction: 'upload', resources: resourcesOf('iperf3-cpu-quota'), rates: iperf3Rates('iperf3-cpu-quota') },
  ]);
  const free = runWithNasViews('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d72', '2026-11-26T10:05:00.000Z', 'Cable', [
    { direction: 'upload', resources: resourcesOf('iperf3-loopback'), rates: iperf3Rates('iperf3-loopback') },
  ]);

  it('lines the runs up per test, and says where the NAS’s CPU was at its limit in one run and not the other', () => {
    const { nas, runs } = compareRuns([free, held]);
    expect(runs.map((run) => run.link)).toEqual(['Wi-Fi', 'Cable']);
    expect(nas.rows.map((row) => row.test)).toEqual([upload]);
    const [atLimit, notAtLimit] = nas.rows[0]?.cells ?? [];
    expect(atLimit).toMatchObject({
      verdicts: ['nas-cpu-limit'],
      processAtLimit: 'iperf3',
      findings: ['iperf3 at its CPU limit'],
    });
    expect(notAtLimit?.verdicts).not.toContain('nas-cpu-limit');
    for (const cell of [atLimit, notAtLimit]) {
      expect(cell?.words[0]).toMatch(/^processor \d+% busy$/);
      expect(cell?.words[1]).toMatch(/^\S+ the busiest at (\d+% of a core|[\d.]+ cores)/);
      expect(cell?.words[2]).toMatch(/^drive \S+ busy \d+%$/);
    }
    // iperf3 free used most of a core on its own; held, it was not even the busiest.
    expect(notAtLimit?.words[1]).toMatch(/^iperf3 the busiest/);
    expect(nas.differences).toEqual([
      `${upload}: iperf3 on the NAS was at its CPU limit in the run over Wi-Fi, not in the run over Cable.`,
    ]);
  });

  it('sets the NAS’s state before the first test side by side, and says where it was already busy', () => {
    const busy = runWithNasViews('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d73', '2026-11-26T11:00:00.000Z', 'Cable', [
      {
        direction: 'upload',
        resources: resourcesOf('busybox-userland', baselineOf(resourcesOf('baseline-busy').samples)),
      },
    ]);
    // The first second of the BusyBox capture, when nothing else ran.
    const quietBaseline = baselineOf(resourcesOf('busybox-userland').samples.slice(0, 1));
    const quiet = runWithNasViews('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d74', '2026-11-26T11:05:00.000Z', 'Wi-Fi', [
      { direction: 'upload', resources: resourcesOf('busybox-userland', quietBaseline) },
    ]);
    const { nas } = compareRuns([busy, quiet]);
    expect(nas.rows.map((row) => row.test)).toEqual([beforeTheTests, upload]);
    const [busyBefore, quietBefore] = nas.rows[0]?.cells ?? [];
    expect(busyBefore).toMatchObject({ verdicts: ['nas-busy-before'], findings: ['busy before the test'] });
    expect(busyBefore?.words[1]).toMatch(/^openssl the busiest at (5\d|6\d)% of a core/);
    expect(quietBefore?.verdicts).toEqual([]);
    expect(nas.differences).toEqual([
      `${beforeTheTests}: the NAS was already busy in the run over Cable, not in the run over Wi-Fi.`,
    ]);
  });

  it('a saved Quick check beside a run that did not watch the NAS: its every test, and nothing to set against it', () => {
    const lab = parseRunFile(readFileSync(path.join(__dirname, '../fixtures/runs/lab-quick-nas-view.json'), 'utf8'));
    const unwatched = sampleRunRecord({ startedAt: '2026-11-28T09:00:00.000Z' });
    const { nas } = compareRuns([lab, unwatched]);
    expect(nas.rows.map((row) => row.test)).toEqual([
      beforeTheTests,
      upload,
      'Download (NAS to this computer)',
      expect.stringMatching(/^NAS disks \(SEQ1M Q8T1 read, /),
      'Share copy',
    ]);
    for (const row of nas.rows) expect(row.cells[1]).toBeNull();
    expect(nas.rows.find((row) => row.test.startsWith('NAS disks'))?.cells[0]?.words).toContain('drive vda busy 50%');
    expect(nas.differences).toEqual([]);
  });

  it('has no section for runs whose NAS was not watched', () => {
    const other = sampleRunRecord({
      id: '3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d75',
      startedAt: '2026-11-28T09:00:00.000Z',
    });
    expect(compareRuns([sampleRunRecord(), other]).nas).toEqual({ rows: [], differences: [] });
  });
});
