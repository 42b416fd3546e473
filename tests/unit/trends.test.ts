import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../shared/contract/runs';
import { nasesInHistory, trendsOfNas, trendsOfRun, verdictLines, type Trend } from '../../shared/history/trends';
import { seededFingerprint, seededNasName, seededSummary, type SeededRun } from '../fixtures/report/trend-series';

const nasKey = `host key ${seededFingerprint}`;
const series = (runs: SeededRun[]): RunSummary[] => runs.map(seededSummary);
const trendOf = (trends: readonly Trend[], test: string) => trends.filter((trend) => trend.test === test);
const verdictsOf = (trends: readonly Trend[]) => trends.flatMap((trend) => (trend.verdict ? [trend.verdict.text] : []));

/** Three steady runs in March over Ethernet, each figure ±2%. */
const march: SeededRun[] = [
  { id: 'run-2026-03-02', startedAt: '2026-03-02T19:00:00.000Z', scale: 1.25, spread: 0.02, link: 'ethernet' },
  { id: 'run-2026-03-09', startedAt: '2026-03-09T19:00:00.000Z', scale: 1.27, spread: 0.02, link: 'ethernet' },
  { id: 'run-2026-03-16', startedAt: '2026-03-16T19:00:00.000Z', scale: 1.23, spread: 0.02, link: 'ethernet' },
];

describe('trend verdicts', () => {
  it('fires on a 20% drop beyond the spread, worded by the kind of figure', () => {
    const summaries = series([
      ...march,
      { id: 'run-2026-05-11', startedAt: '2026-05-11T19:00:00.000Z', scale: 1, spread: 0.03, link: 'ethernet' },
    ]);
    const trends = trendsOfNas(summaries, nasKey);
    const [seqRead] = trendOf(trends, 'SEQ1M Q8T1 read');
    expect(seqRead?.points.map((point) => point.runId)).toEqual([
      'run-2026-03-02',
      'run-2026-03-09',
      'run-2026-03-16',
      'run-2026-05-11',
    ]);
    expect(seqRead?.verdict).toMatchObject({ direction: 'slower', runId: 'run-2026-05-11', earlierRuns: 3 });
    expect(seqRead?.verdict?.percent).toBeCloseTo(-20, 5);
    expect(seqRead?.verdict?.text).toBe(
      'Sequential reads (SEQ1M Q8T1) on this NAS are 20% slower than in March, on the same link and settings — ' +
        'check the disks’ health (SMART) and whether a scrub or rebuild was running.',
    );
    expect(trendOf(trends, 'Download (NAS to this computer)')[0]?.verdict?.text).toBe(
      'Downloads from this NAS are 20% slower than in March, on the same link and settings — ' +
        'check the cable, the switch port and the link speed both ends agreed on.',
    );
    expect(trendOf(trends, 'Share write')[0]?.verdict?.text).toBe(
      'Share writes to this NAS are 20% slower than in March, on the same link and settings — check the share ' +
        '(its protocol and settings, such as SMB signing or encryption) and both ends: this computer’s load, and ' +
        'the NAS’s disks and CPU.',
    );
    // Every figure of the run dropped 20%: each says so once.
    expect(verdictsOf(trends)).toHaveLength(6);
  });

  it('says faster without advice, and names the months the earlier runs span', () => {
    const summaries = series([
      { id: 'run-2025-11-20', startedAt: '2025-11-20T19:00:00.000Z', scale: 1, spread: 0.02, link: 'ethernet' },
      { id: 'run-2026-01-15', startedAt: '2026-01-15T19:00:00.000Z', scale: 1.02, spread: 0.02, link: 'ethernet' },
      {
        id: 'run-2026-02-01',
        startedAt: '2026-02-01T19:00:00.000Z',
        scale: 1.4,
        spread: 0.02,
        link: 'ethernet',
        tags: ['NVMe cache added'],
      },
    ]);
    const [seqWrite] = trendOf(trendsOfNas(summaries, nasKey), 'SEQ1M Q8T1 write');
    expect(seqWrite?.verdict?.text).toBe(
      'Sequential writes (SEQ1M Q8T1) on this NAS are 39% faster than from November 2025 to January, on the same ' +
        'link and settings.',
    );
    expect(seqWrite?.markers).toEqual([
      { runId: 'run-2026-02-01', at: Date.parse('2026-02-01T19:00:00.000Z'), label: 'NVMe cache added' },
    ]);
  });

  it('does not fire on a series that only varies within its spread', () => {
    const withinSpread = series([
      { id: 'run-a-0001', startedAt: '2026-03-02T19:00:00.000Z', scale: 1, spread: 0.05, link: 'ethernet' },
      { id: 'run-a-0002', startedAt: '2026-03-09T19:00:00.000Z', scale: 1.04, spread: 0.05, link: 'ethernet' },
      { id: 'run-a-0003', startedAt: '2026-03-16T19:00:00.000Z', scale: 0.97, spread: 0.05, link: 'ethernet' },
      { id: 'run-a-0004', startedAt: '2026-05-11T19:00:00.000Z', scale: 0.96, spread: 0.05, link: 'ethernet' },
    ]);
    const trends = trendsOfNas(withinSpread, nasKey);
    expect(trends).toHaveLength(6);
    expect(verdictsOf(trends)).toEqual([]);

    // 8% lower, but each figure varied ±10%: still the noise.
    const noisy = series([
      { id: 'run-b-0001', startedAt: '2026-03-02T19:00:00.000Z', scale: 1, spread: 0.1, link: 'wifi' },
      { id: 'run-b-0002', startedAt: '2026-05-11T19:00:00.000Z', scale: 0.92, spread: 0.1, link: 'wifi' },
    ]);
    expect(verdictsOf(trendsOfNas(noisy, nasKey))).toEqual([]);
  });

  it('does not fire on steady runs that differ from day to day by more than the latest moved', () => {
    // Each run was steady (±1%), but the runs themselves ranged ±12% around their median.
    const summaries = series([
      { id: 'run-c-0001', startedAt: '2026-03-02T19:00:00.000Z', scale: 1, spread: 0.01, link: 'ethernet' },
      { id: 'run-c-0002', startedAt: '2026-03-09T19:00:00.000Z', scale: 1.12, spread: 0.01, link: 'ethernet' },
      { id: 'run-c-0003', startedAt: '2026-03-16T19:00:00.000Z', scale: 0.88, spread: 0.01, link: 'ethernet' },
      { id: 'run-c-0004', startedAt: '2026-05-11T19:00:00.000Z', scale: 0.9, spread: 0.01, link: 'ethernet' },
    ]);
    expect(verdictsOf(trendsOfNas(summaries, nasKey))).toEqual([]);
  });

  it('does not fire without any noise to judge by (one earlier run, no spreads)', () => {
    const summaries = series([
      { id: 'run-d-0001', startedAt: '2026-03-02T19:00:00.000Z', scale: 1.25, spread: null, link: 'ethernet' },
      { id: 'run-d-0002', startedAt: '2026-05-11T19:00:00.000Z', scale: 1, spread: null, link: 'ethernet' },
    ]);
    const trends = trendsOfNas(summaries, nasKey);
    expect(trends.every((trend) => trend.points.length === 2)).toBe(true);
    expect(verdictsOf(trends)).toEqual([]);
  });

  it('does not fire when the link kind changed between the runs: they are different trends', () => {
    const summaries = series([
      ...march,
      { id: 'run-wifi-0001', startedAt: '2026-05-11T19:00:00.000Z', scale: 1, spread: 0.03, link: 'wifi' },
    ]);
    const trends = trendsOfNas(summaries, nasKey);
    // The Wi-Fi run is alone of its kind, so it is on no trend; the cable runs did not change.
    expect(trendOf(trends, 'SEQ1M Q8T1 read').map((trend) => [trend.label, trend.points.length])).toEqual([
      ['SEQ1M Q8T1 read · Quick check · Ethernet', 3],
    ]);
    expect(verdictsOf(trends)).toEqual([]);

    // A second Wi-Fi run makes a Wi-Fi trend of its own, still without comparing it with the cable.
    const twoLinks = [
      ...summaries,
      seededSummary({
        id: 'run-wifi-0002',
        startedAt: '2026-05-12T19:00:00.000Z',
        scale: 1.01,
        spread: 0.03,
        link: 'wifi',
      }),
    ];
    const both = trendOf(trendsOfNas(twoLinks, nasKey), 'SEQ1M Q8T1 read');
    expect(both.map((trend) => [trend.label, trend.points.length])).toEqual([
      ['SEQ1M Q8T1 read · Quick check · Wi-Fi', 2],
      ['SEQ1M Q8T1 read · Quick check · Ethernet', 3],
    ]);
    expect(new Set(both.map((trend) => trend.likeFor)).size).toBe(2);
    expect(verdictsOf(both)).toEqual([]);
  });
});

describe('the link a trend names', () => {
  it('is the connection by the name the user gave it, beside its kind', () => {
    const named = series(march).map((summary) => ({ ...summary, connection: 'Desk cable' }));
    expect(trendOf(trendsOfNas(named, nasKey), 'SEQ1M Q8T1 read').map((trend) => trend.label)).toEqual([
      'SEQ1M Q8T1 read · Quick check · Desk cable (Ethernet)',
    ]);
    // A name that only repeats the kind is said once.
    const plain = series(march).map((summary) => ({ ...summary, connection: 'ethernet' }));
    expect(trendOf(trendsOfNas(plain, nasKey), 'SEQ1M Q8T1 read').map((trend) => trend.label)).toEqual([
      'SEQ1M Q8T1 read · Quick check · Ethernet',
    ]);
  });
});

describe('verdict lines', () => {
  it('name their trend when two trends would say the same sentence', () => {
    const overEach = (link: 'ethernet' | 'wifi', hour: number): SeededRun[] => [
      { id: `run-${link}-1`, startedAt: `2026-03-02T${hour}:00:00.000Z`, scale: 1.25, spread: 0.02, link },
      { id: `run-${link}-2`, startedAt: `2026-05-11T${hour}:00:00.000Z`, scale: 1, spread: 0.02, link },
    ];
    const trends = trendsOfNas(series([...overEach('ethernet', 10), ...overEach('wifi', 11)]), nasKey);
    const seqRead = verdictLines(trends).filter((line) => line.label.startsWith('SEQ1M Q8T1 read'));
    expect(seqRead.map((line) => line.text)).toEqual([
      'SEQ1M Q8T1 read · Quick check · Wi-Fi: Sequential reads (SEQ1M Q8T1) on this NAS are 20% slower than in ' +
        'March, on the same link and settings — check the disks’ health (SMART) and whether a scrub or rebuild was running.',
      'SEQ1M Q8T1 read · Quick check · Ethernet: Sequential reads (SEQ1M Q8T1) on this NAS are 20% slower than in ' +
        'March, on the same link and settings — check the disks’ health (SMART) and whether a scrub or rebuild was running.',
    ]);
    // Over Wi-Fi, the network advice is about the Wi-Fi, so the sentence is its own and needs no label.
    expect(verdictLines(trends).map((line) => line.text)).toContain(
      'Downloads from this NAS are 20% slower than in March, on the same link and settings — check the Wi-Fi ' +
        'signal and channel, and the NAS’s own cable and switch port.',
    );
  });
});

describe('trends per NAS', () => {
  it('shows one NAS, and one trend per figure, when the NAS was reached at two addresses', () => {
    const summaries = series([
      { id: 'run-addr-0001', startedAt: '2026-03-02T19:00:00.000Z', target: '192.168.1.20', link: 'ethernet' },
      { id: 'run-addr-0002', startedAt: '2026-04-02T19:00:00.000Z', target: '10.0.0.5', link: 'ethernet' },
    ]);
    expect(summaries.map((summary) => summary.host)).toEqual(['192.168.1.20', '10.0.0.5']);
    expect(nasesInHistory(summaries)).toEqual([
      { key: nasKey, name: seededNasName, runs: 2, lastRunAt: '2026-04-02T19:00:00.000Z' },
    ]);
    const trends = trendsOfNas(summaries, nasKey);
    expect(trendOf(trends, 'SEQ1M Q8T1 read')).toHaveLength(1);
    expect(trends.map((trend) => trend.test)).toEqual([
      'Download (NAS to this computer)',
      'Upload (this computer to NAS)',
      'SEQ1M Q8T1 read',
      'SEQ1M Q8T1 write',
      'Share write',
      'Share read',
    ]);
    expect(trends.every((trend) => trend.points.length === 2)).toBe(true);
  });

  it('leaves out failed and cancelled runs, and lists NASes newest first', () => {
    const other = { ...seededSummary({ id: 'run-other-01', startedAt: '2026-06-01T10:00:00.000Z' }) };
    other.nas = { key: 'host key SHA256:another', name: 'basement' };
    const summaries = [
      ...series([
        { id: 'run-fail-0001', startedAt: '2026-03-02T19:00:00.000Z' },
        { id: 'run-fail-0002', startedAt: '2026-03-03T19:00:00.000Z', status: 'failed' },
        { id: 'run-fail-0003', startedAt: '2026-03-04T19:00:00.000Z', status: 'cancelled' },
      ]),
      other,
    ];
    expect(nasesInHistory(summaries).map((nas) => [nas.name, nas.runs])).toEqual([
      ['basement', 1],
      [seededNasName, 1],
    ]);
    expect(trendsOfNas(summaries, nasKey)).toEqual([]);
  });

  it('marks each tag where it first appears along a trend', () => {
    const summaries = series([
      { id: 'run-tag-0001', startedAt: '2026-03-02T19:00:00.000Z', tags: ['lab'] },
      { id: 'run-tag-0002', startedAt: '2026-03-09T19:00:00.000Z', tags: ['lab'] },
      { id: 'run-tag-0003', startedAt: '2026-03-16T19:00:00.000Z', tags: ['Lab', 'NVMe cache added'] },
    ]);
    const [trend] = trendsOfNas(summaries, nasKey);
    expect(trend?.markers.map((marker) => [marker.runId, marker.label])).toEqual([
      ['run-tag-0001', 'lab'],
      ['run-tag-0003', 'NVMe cache added'],
    ]);
  });

  it('gives a run the trends it is on as they stood when it ran', () => {
    const summaries = series([
      ...march,
      { id: 'run-2026-05-11', startedAt: '2026-05-11T19:00:00.000Z', scale: 1, spread: 0.03, link: 'ethernet' },
      { id: 'run-2026-06-01', startedAt: '2026-06-01T19:00:00.000Z', scale: 1, spread: 0.03, link: 'ethernet' },
    ]);
    const trends = trendsOfRun(summaries, 'run-2026-05-11');
    expect(trends).toHaveLength(6);
    expect(trends.every((trend) => trend.points.at(-1)?.runId === 'run-2026-05-11')).toBe(true);
    expect(trends.every((trend) => trend.verdict?.runId === 'run-2026-05-11')).toBe(true);
    // The first run of its kind is on no trend yet.
    expect(trendsOfRun(summaries, 'run-2026-03-02')).toEqual([]);
  });
});
