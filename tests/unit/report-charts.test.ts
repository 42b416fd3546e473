import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { CacheWallSweep } from '../../shared/contract/copy';
import type { DiskSweepSummary } from '../../shared/contract/disk';
import { reportCharts } from '../../shared/report/charts';
import { renderReport } from '../../shared/report';
import { describeFigure, describeFigureName, testRows } from '../../shared/report/report-model';
import { barChart } from '../../shared/report/svg/bars';
import { niceTicks, textWidth } from '../../shared/report/svg/frame';
import type { RunRecord } from '../../shared/contract/runs';
import { formatBytes } from '../../shared/util/units';
import { hostileRun } from '../fixtures/report/hostile-run';
import { labQuickRun } from '../fixtures/report/seeded-private-run';
import { bySize, expectCellsPlaced, reportHeatmapCells } from '../helpers/heatmap-cells';

const MiB = 2 ** 20;
const GiB = 1024 * MiB;

/** The lab Quick check with a cache-wall sweep on its share copy and a disk sweep added. */
function runWithSweeps(): RunRecord {
  const run = labQuickRun();
  const sizes = [256 * MiB, 512 * MiB, GiB, 2 * GiB, 4 * GiB];
  const cacheWall: CacheWallSweep = {
    points: sizes.map((fileSize, index) => ({
      fileSize,
      writeBytesPerSecond: index < 3 ? 900e6 : 110e6,
      readBytesPerSecond: index < 3 ? 1100e6 : 115e6,
    })),
    readWall: { fileSize: 2 * GiB, bytesPerSecond: 115e6, cachedBytesPerSecond: 1100e6 },
    writeWall: { fileSize: 2 * GiB, bytesPerSecond: 110e6, cachedBytesPerSecond: 900e6 },
    rule: 'a drop to half',
    clientRamBytes: GiB,
    nasRamBytes: 2 * GiB,
    targetBytes: 4 * GiB,
    stoppedBy: 'past-ram',
    note: '',
  };
  const diskSweep: DiskSweepSummary = {
    panels: [1, 4].map((jobs) => ({
      jobs,
      rw: 'write' as const,
      x: [64 * MiB, 256 * MiB],
      y: [4096, MiB],
      values: [
        [40e6 * jobs, 42e6 * jobs],
        [400e6 * jobs, jobs === 4 ? null : 420e6],
      ],
    })),
    skipped: ['1M blocks, 256 MiB files, 4 jobs'],
    plannedSeconds: 60,
    seconds: 40,
  };
  for (const result of run.results) {
    if (result.kind === 'copy') result.sweep = cacheWall;
    if (result.kind === 'disk') result.sweep = diskSweep;
  }
  return run;
}

describe('report charts', () => {
  it('draws bars, throughput over time, the cache wall with its shaded regions, and one heatmap per sweep panel', () => {
    const run = runWithSweeps();
    const charts = reportCharts(run, testRows(run), 'MB/s');
    expect(charts.map((chart) => chart.title)).toEqual([
      'Every test, one bar each',
      'Throughput over time',
      'Disk sweep (1 job, writing)',
      'Disk sweep (4 jobs, writing)',
      // Seed 002's other views; no p99 panels: these cells carry no latency.
      'Disk sweep, throughput per job (1 job, writing)',
      'Disk sweep, throughput per job (4 jobs, writing)',
      'Disk sweep, IOPS (1 job, writing)',
      'Disk sweep, IOPS (4 jobs, writing)',
      'The cache wall: copy speed by file size',
    ]);
    const [bars, , heatmapOne, heatmapFour, perJobOne, perJobFour, , , cacheWall] = charts.map((chart) => chart.svg);
    // Per job: 4 jobs' 1,600 MB/s at 4 KiB blocks… is 400 MB/s a job.
    expect(perJobOne).toContain('>420<');
    expect(perJobFour).toContain('>400<');
    expect(bars?.match(/<rect /g)).toHaveLength(testRows(run).length);
    // Each cell's figure is written in it; a cell that did not run says so.
    expect(heatmapOne).toContain('>420<');
    expect(heatmapFour).toContain('>1600<');
    expect(heatmapFour).toContain('>not run<');
    // Each 2 × 2 panel draws its 4 cells where their sizes say, as the app does (larger blocks on top).
    for (const svg of [heatmapOne, heatmapFour]) expectCellsPlaced(reportHeatmapCells(svg ?? ''), 4, bySize);
    // The app's colours: the fastest cell is the app's blue (#0072B2) at full strength, and the drawing is
    // never scaled past its own size (a 2-column panel would print its text three times too large).
    expect(heatmapFour).toContain('fill="rgb(0,114,178)"');
    const drawnWidth = Number(/viewBox="0 0 (\d+)/.exec(heatmapOne ?? '')?.[1]);
    expect(heatmapOne).toContain(`style="max-width:${drawnWidth}px"`);
    // The caption fits inside the drawing: about 6 px a character, from x = 8.
    const caption = />(Figures in MB\/s[^<]*)</.exec(heatmapOne ?? '')?.[1] ?? '';
    expect(8 + caption.length * 6).toBeLessThanOrEqual(drawnWidth);
    expect(cacheWall).toContain('Cached (before the wall)');
    expect(cacheWall).toContain('Larger than the cache');
    for (const size of [256 * MiB, 4 * GiB]) expect(cacheWall).toContain(`>${formatBytes(size)}<`);
    expect(cacheWall?.match(/<polyline /g)).toHaveLength(2);
  });

  it('writes well-formed SVG, even with hostile labels', () => {
    for (const run of [runWithSweeps(), hostileRun()]) {
      for (const chart of reportCharts(run, testRows(run), 'Mb/s')) {
        expect(XMLValidator.validate(chart.svg)).toBe(true);
        // Element names only from the chart itself: a label's markup is escaped into text.
        expect(chart.svg).not.toMatch(/<script|<svg onload|<[a-z]+\s[^>]*\bon\w+=|href=/i);
      }
    }
  });

  it('puts every chart in the HTML report, each on the charts page when there are several', () => {
    const html = renderReport(runWithSweeps(), {
      format: 'html',
      anonymize: true,
      unit: 'MB/s',
      generatedAt: 'now',
    }).text;
    expect(html.match(/<figure>/g)).toHaveLength(9);
    // Summary, charts, the disk sweep, every test, the NAS, exactly what ran.
    expect(html.match(/<section class="page"/g)).toHaveLength(6);
    expect(html).toContain('<section class="page" id="sweep">');
  });

  it('picks round axis steps that cover the largest value', () => {
    expect(niceTicks(1803)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(niceTicks(119)).toEqual([0, 50, 100, 150]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('report figures and bar labels', () => {
  it('names a time as a time, in words, with its value in hours and minutes', () => {
    expect(`${describeFigureName('seconds')}: ${describeFigure('seconds', 6480, 'MB/s')}`).toBe(
      'time taken: 1 h 48 min',
    );
    expect(describeFigure('peggedSeconds', 12, 'MB/s')).toBe('12 s');
    expect(describeFigureName('peggedSeconds')).toBe('time at its limit');
    expect(describeFigureName('linkBitsPerSecond')).toBe('link');
    // In the reader's unit, bits as bytes: 941 Mb/s beside a disk's 420 MB/s would ask them to convert.
    expect(describeFigure('bitsPerSecond', 941e6, 'MB/s')).toBe('118 MB/s');
    expect(describeFigure('bitsPerSecond', 941e6, 'Mb/s')).toBe('941 Mb/s');
  });

  it('leaves room for the widest figure and shortens only labels too long for their column', () => {
    const long = 'SEQ1M Q8T1 read over the network through the share on the second link';
    const svg = barChart(
      [
        { label: 'SEQ1M Q1T1 read', value: 1415, figure: '1,415 MB/s ±73%', group: 'disk' },
        { label: long, value: 100, figure: '100 MB/s', group: 'disk' },
      ],
      'MB/s',
      'bars',
    );
    const width = Number(/viewBox="0 0 (\d+(?:\.\d+)?)/.exec(svg)?.[1]);
    const figure = /<text x="([\d.]+)" y="[\d.]+" font-weight="bold">1,415 MB\/s ±73%<\/text>/.exec(svg);
    expect(figure).not.toBeNull();
    expect(Number(figure?.[1]) + textWidth('1,415 MB/s ±73%', 12, true)).toBeLessThanOrEqual(width);
    expect(svg).toContain('SEQ1M Q1T1 read<');
    expect(svg).not.toContain(long);
    expect(svg).toMatch(/SEQ1M Q8T1 read over[^<]*…</);
  });
});
