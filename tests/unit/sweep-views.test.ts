import { describe, expect, it } from 'vitest';
import type { DiskSweepSummary, HeatmapPanel } from '../../shared/contract/disk';
import { renderReport } from '../../shared/report';
import { gridCell, metricCellText, metricScale, sweepGridCells } from '../../shared/sweep/grid';
import { describeJobScaling, jobScaling, perJobTable } from '../../shared/sweep/scaling';
import { recordedSweep } from '../helpers/recorded-sweep';

/**
 * Seed 002's views of a sweep (issue #21): throughput per job and where more jobs stop helping, IOPS
 * and p99 per cell, and the whole grid as CSV — on a full 5 × 4 × 4 grid recorded from the lab NAS
 * (tests/fixtures/sweep/) and on a small adaptive one with inferred cells.
 */
const KiB = 1024;
const MiB = 1024 * KiB;
const { tests, sweep, run } = recordedSweep();
/** The value, or a failed test saying it is missing. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}
const recorded = (bs: number, fileSize: number, jobs: number) =>
  tests.find((test) => test.bs === bs && test.sizeBytes === fileSize * jobs && test.numjobs === jobs);

describe('how more jobs help, on the recorded lab grid', () => {
  const scaling = jobScaling(sweep, tests);

  it('reads every block size on the largest file size, from measured cells', () => {
    expect(scaling.map((each) => each.bs)).toEqual([4 * KiB, 64 * KiB, 256 * KiB, MiB, 4 * MiB]);
    for (const each of scaling) {
      expect(each.fileSize).toBe(1024 * MiB);
      expect(each.points.map((point) => point.jobs)).toEqual([1, 2, 4, 8]);
      for (const point of each.points)
        expect(point.bytesPerSecond).toBe(recorded(each.bs, each.fileSize, point.jobs)?.bytesPerSecond);
    }
  });

  it('names the fewest jobs past which nothing gained beyond the noise', () => {
    const at = (bs: number) => scaling.find((each) => each.bs === bs);
    // 4k: 704, 618, 581, 725 MB/s — 8 jobs are 3% above one job, within the cells' ±8% spread.
    expect(at(4 * KiB)?.saturatedAt).toBe(1);
    expect(describeJobScaling(must(at(4 * KiB)), 'MB/s')).toBe(
      'Writing 4k blocks to 1.00 GiB files: one job already gets the most from this pool (704 MB/s); more jobs only queue.',
    );
    // 4M: 1748, 2299, 4052, 3360 MB/s — 4 jobs the most, 8 only queue.
    expect(at(4 * MiB)?.saturatedAt).toBe(4);
    expect(describeJobScaling(must(at(4 * MiB)), 'MB/s')).toMatch(
      /^Writing 4M blocks to 1\.00 GiB files: 4 parallel jobs saturate this pool \(4,052 MB\/s, 1,013 MB\/s per job\); more jobs only queue\.$/,
    );
    // Whatever the row, every job count before the saturation point was beaten beyond the noise later on.
    for (const each of scaling) {
      const index = each.points.findIndex((point) => point.jobs === each.saturatedAt);
      for (const later of each.points.slice(index + 1))
        expect(later.bytesPerSecond ?? 0).toBeLessThanOrEqual(
          (each.points[index]?.bytesPerSecond ?? 0) *
            (1 + Math.max(0.05, later.spread?.relative ?? 0, each.points[index]?.spread?.relative ?? 0)),
        );
    }
  });

  it("carries each measured cell's spread into the per-job table, the same ± for the total and per job", () => {
    const { jobs, rows } = perJobTable(scaling);
    expect(jobs).toEqual([1, 2, 4, 8]);
    for (const row of rows)
      for (const figure of row.figures) {
        const test = recorded(row.bs, 1024 * MiB, must(figure ?? undefined).jobs);
        expect(test?.spread?.relative).toBeGreaterThan(0);
        expect(figure?.spread).toEqual(test?.spread);
      }
  });

  it('says when the most jobs tried still helped', () => {
    const growing: DiskSweepSummary = {
      ...sweep,
      panels: [1, 2, 4].map((jobs) => ({ ...panelOf(jobs, 100e6 * jobs), jobs })),
    };
    const [each] = jobScaling(growing, []);
    expect(each?.stillGrowing).toBe(true);
    expect(describeJobScaling(must(each), 'MB/s')).toBe(
      'Writing 4k blocks to 64.0 MiB files: still faster at 4 parallel jobs, the most tried (400 MB/s); more jobs may help.',
    );
  });
});

/** A 1 × 1 panel (4k blocks, 64 MiB files) with one figure. */
function panelOf(jobs: number, value: number, inferred = false): HeatmapPanel {
  return {
    jobs,
    rw: 'write',
    x: [64 * MiB],
    y: [4 * KiB],
    values: [[value]],
    ...(inferred ? { inferred: [[true]] } : {}),
  };
}

describe('IOPS, p99 and throughput per job per cell', () => {
  it("take a measured cell's IOPS and p99 from fio, and divide its throughput by its jobs", () => {
    const panel = sweep.panels.find((each) => each.jobs === 4) as HeatmapPanel;
    const cell = gridCell(panel, 4, 3, tests); // 4M blocks, 1 GiB files, 4 jobs
    const test = recorded(4 * MiB, 1024 * MiB, 4);
    expect(cell).toMatchObject({ how: 'measured', iops: test?.iops, p99Ns: test?.latencyNs.p99 });
    expect(cell.perJobBytesPerSecond).toBeCloseTo((test?.bytesPerSecond ?? 0) / 4, 3);
  });

  it("infer an inferred cell's IOPS from its throughput and block size, and never its latency", () => {
    const adaptive = { ...sweep, panels: [panelOf(1, 40.96e6), panelOf(2, 81.92e6, true)] };
    const [measured, inferred] = sweepGridCells(adaptive, []);
    expect(measured?.how).toBe('measured');
    expect(inferred).toMatchObject({ how: 'inferred', iops: 20_000, p99Ns: null, perJobBytesPerSecond: 40.96e6 });
    expect(metricCellText(must(inferred), 'iops', 'MB/s')).toBe('≈ 20k');
    expect(metricCellText(must(inferred), 'p99', 'MB/s')).toBe('not measured');
  });

  it('colour latency the other way round: the lowest p99 is the darkest', () => {
    const scale = metricScale(sweepGridCells(sweep, tests), 'p99');
    expect(scale?.shade(scale.min)).toBe(1);
    expect(scale?.shade(scale.max)).toBe(0);
    expect(metricScale(sweepGridCells(sweep, tests), 'throughput')?.shade(Infinity)).toBe(1);
  });
});

describe('the whole grid as CSV', () => {
  const csvOf = (record = run) =>
    renderReport(record, { format: 'csv-grid', anonymize: false, unit: 'MB/s', generatedAt: '2026-11-25T12:00:00Z' });

  it('has one row per cell with its figures in base units', () => {
    const { text, fileName } = csvOf();
    const [head, ...rows] = text.trimEnd().split('\r\n');
    expect(fileName).toMatch(/\.grid\.csv$/);
    expect(head).toBe(
      'run_id,direction,block_size_bytes,file_size_bytes,jobs,how,bytes_per_second,bytes_per_second_per_job,iops,latency_p99_ns,spread_relative,cache_client,cache_nas',
    );
    expect(rows).toHaveLength(80);
    const test = recorded(64 * KiB, 256 * MiB, 2);
    const row = rows.find((each) => each.includes(`,write,65536,268435456,2,`))?.split(',');
    expect(row?.slice(5, 13)).toEqual([
      'measured',
      String(test?.bytesPerSecond),
      String((test?.bytesPerSecond ?? 0) / 2),
      String(test?.iops),
      String(test?.latencyNs.p99),
      String(test?.spread?.relative),
      'not-involved',
      'may-serve',
    ]);
  });

  it('marks inferred cells, and is only its header for a run without a sweep', () => {
    const adaptiveRun = {
      ...run,
      results: [
        { ...must(run.results[0]), sweep: { ...sweep, panels: [panelOf(1, 40.96e6), panelOf(2, 81.92e6, true)] } },
      ],
    } as typeof run;
    const rows = csvOf(adaptiveRun).text.trimEnd().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(',')[5])).toEqual(['measured', 'inferred']);
    // An inferred cell: no p99, no spread, no cache state (nothing ran).
    expect(rows[1]?.split(',').slice(6)).toEqual(['81920000', '40960000', '20000', '', '', '', '']);
    expect(
      csvOf({ ...run, results: [] })
        .text.split('\r\n')
        .filter(Boolean),
    ).toHaveLength(1);
  });
});

describe('a sweep in the report', () => {
  it('says how more jobs help and draws each metric per panel', () => {
    const { text } = renderReport(run, { format: 'html', anonymize: false, unit: 'MB/s', generatedAt: 'now' });
    expect(text).toContain('<h3>How more jobs help</h3>');
    expect(text).toContain('4 parallel jobs saturate this pool');
    // The per-job table: each total with how much it varied, the saturation point named.
    expect(text).toMatch(/<td>4,052 MB\/s ±\d+(\.\d)?%, 1,013 MB\/s per job \(saturated\)<\/td>/);
    for (const caption of [
      'Disk sweep (1 job, writing)',
      'Disk sweep, throughput per job (8 jobs, writing)',
      'Disk sweep, IOPS (2 jobs, writing)',
      'Disk sweep, p99 latency (4 jobs, writing)',
    ])
      expect(text).toContain(`<figcaption>${caption}</figcaption>`);
    const markdown = renderReport(run, { format: 'md', anonymize: false, unit: 'MB/s', generatedAt: 'now' }).text;
    expect(markdown).toMatch(/^- Writing 4M blocks to 1\.00 GiB files: 4 parallel jobs saturate this pool/m);
  });
});
