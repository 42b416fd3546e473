import type { DiskSweepSummary, DiskTestResult, HeatmapPanel } from '../contract/disk';
import type { Spread } from '../contract/figure-quality';
import { formatBytes, formatRate, sizeLabel, type RateUnit } from '../util/units';
import { formatIops, formatLatency } from '../kinds/disk/words';
import { heatmapCellFigure, heatmapCellTest, inferredMark, isInferredCell } from './words';

/**
 * A sweep's grid as seed 002 read it: besides throughput, throughput per job ("÷ numjobs", what
 * each parallel process gets), IOPS and p99 latency per cell. Throughput per job and IOPS follow
 * from a cell's throughput (fixed block size), so an inferred cell has them too, inferred; p99
 * latency is only known where fio measured it. Pure, for the app's heatmaps, reports and the CSV.
 */

export type GridMetric = 'throughput' | 'perJob' | 'iops' | 'p99';

export interface GridMetricInfo {
  id: GridMetric;
  /** The switch's label and the heatmap's caption. */
  label: string;
  /** Whether a higher figure is the better one (it is drawn darker). */
  higherIsBetter: boolean;
}

export const gridMetrics: readonly GridMetricInfo[] = [
  { id: 'throughput', label: 'Throughput', higherIsBetter: true },
  { id: 'perJob', label: 'Throughput per job', higherIsBetter: true },
  { id: 'iops', label: 'IOPS', higherIsBetter: true },
  { id: 'p99', label: 'p99 latency', higherIsBetter: false },
];

export type CellHow = 'measured' | 'inferred' | 'not run';

/** One cell of the grid with every figure it has. */
export interface SweepGridCell {
  rw: 'write' | 'read';
  bs: number;
  fileSize: number;
  jobs: number;
  how: CellHow;
  /** bytes/s; null for a cell that did not run. */
  bytesPerSecond: number | null;
  perJobBytesPerSecond: number | null;
  iops: number | null;
  /** Only for measured cells whose run reported it. */
  p99Ns: number | null;
  /** How steady a measured cell was (null for inferred cells and older runs). */
  spread: Spread | null;
  /** Which caches could have served a measured cell (null for inferred cells and older runs). */
  cache: DiskTestResult['cache'] | null;
}

/** A panel's cell with all its figures (the test behind it, for what the panel does not carry). */
export function gridCell(
  panel: HeatmapPanel,
  row: number,
  column: number,
  tests: readonly DiskTestResult[],
): SweepGridCell {
  const value = panel.values[row]?.[column] ?? null;
  const bs = panel.y[row] ?? 0;
  const inferred = isInferredCell(panel, row, column);
  const test = inferred ? undefined : heatmapCellTest(panel, row, column, tests);
  return {
    rw: panel.rw,
    bs,
    fileSize: panel.x[column] ?? 0,
    jobs: panel.jobs,
    how: value === null ? 'not run' : inferred ? 'inferred' : 'measured',
    bytesPerSecond: value,
    perJobBytesPerSecond: value === null ? null : value / panel.jobs,
    // fio's own count where it measured the cell; from throughput and the fixed block size otherwise.
    iops: value === null ? null : (test?.iops ?? (bs > 0 ? value / bs : null)),
    p99Ns: test?.latencyNs.p99 ?? null,
    spread: test?.spread ?? null,
    cache: test?.cache ?? null,
  };
}

/** Every cell of every panel, in panel order, then block size, then file size. */
export function sweepGridCells(sweep: DiskSweepSummary, tests: readonly DiskTestResult[]): SweepGridCell[] {
  return sweep.panels.flatMap((panel) =>
    panel.y.flatMap((_, row) => panel.x.map((__, column) => gridCell(panel, row, column, tests))),
  );
}

/**
 * A sweep's `tests` as the CLI contract lists them (issue #35): every cell of the grid that has a
 * figure, measured and inferred, each marked `inferred`, with `fileSizeBytes` (per job, as the user
 * gave it) beside fio's total `sizeBytes`; in the order a full sweep runs them (jobs, file size,
 * block size, writes before reads). An inferred cell carries what a figure from neighbours can
 * say (throughput, and IOPS from it at its fixed block size), never a latency or a command line.
 */
export function sweepCellTests(sweep: DiskSweepSummary, tests: readonly DiskTestResult[]): SweepCellTest[] {
  const measured = tests.map((test): SweepCellTest => {
    // Runs saved before #35 lack fileSizeBytes: the cell's name says the size as given (fio's may be a stand-in's).
    const named = sweep.panels
      .flatMap((panel) => panel.x)
      .find((size) => test.name === `bs=${sizeLabel(test.bs)} size=${sizeLabel(size)} jobs=${test.numjobs} ${test.rw}`);
    return { ...test, inferred: false, fileSizeBytes: test.fileSizeBytes ?? named ?? test.sizeBytes / test.numjobs };
  });
  const like = tests[0];
  const inferred = sweep.panels.flatMap((panel) =>
    panel.y.flatMap((bs, row) =>
      panel.x.flatMap((fileSize, column) => {
        const value = panel.values[row]?.[column] ?? null;
        if (value === null || !isInferredCell(panel, row, column)) return [];
        const cell: InferredCellTest = {
          name: `bs=${sizeLabel(bs)} size=${sizeLabel(fileSize)} jobs=${panel.jobs} ${panel.rw}`,
          rw: panel.rw,
          bs,
          iodepth: like?.iodepth ?? 1,
          numjobs: panel.jobs,
          direct: like?.direct ?? false,
          sizeBytes: fileSize * panel.jobs,
          fileSizeBytes: fileSize,
          bytesPerSecond: value,
          iops: value / bs,
          latencyNs: { p50: null, p99: null },
          inferred: true,
        };
        return [cell];
      }),
    ),
  );
  const direction = (rw: string) => (rw === 'write' ? 0 : 1);
  return [...measured, ...inferred].sort(
    (a, b) =>
      a.numjobs - b.numjobs || a.fileSizeBytes - b.fileSizeBytes || a.bs - b.bs || direction(a.rw) - direction(b.rw),
  );
}

/** An adaptive sweep's cell estimated from measured neighbours, in the contract's test shape. */
export interface InferredCellTest {
  name: string;
  rw: 'write' | 'read';
  bs: number;
  iodepth: number;
  numjobs: number;
  direct: boolean;
  sizeBytes: number;
  fileSizeBytes: number;
  bytesPerSecond: number;
  iops: number;
  latencyNs: { p50: null; p99: null };
  inferred: true;
}

export type SweepCellTest = (DiskTestResult & { inferred: false; fileSizeBytes: number }) | InferredCellTest;

/** One cell's figure for a metric: what the heatmap colours and writes (null: none). */
export function metricValue(cell: SweepGridCell, metric: GridMetric): number | null {
  switch (metric) {
    case 'throughput':
      return cell.bytesPerSecond;
    case 'perJob':
      return cell.perJobBytesPerSecond;
    case 'iops':
      return cell.iops;
    case 'p99':
      return cell.p99Ns;
  }
}

/** A metric's figure in words: "120 MB/s", "30,512 IOPS", "1.23 ms"; "not run" / "not measured" when absent. */
export function formatMetric(value: number | null, metric: GridMetric, unit: RateUnit): string {
  if (value === null) return metric === 'p99' ? 'not measured' : 'not run';
  if (metric === 'iops') return formatIops(value);
  if (metric === 'p99') return formatLatency(value);
  return formatRate(value, unit);
}

/** A metric's figure as written inside a heatmap cell: short ("120", "30.5k", "1.23 ms"), ≈ when inferred. */
export function metricCellText(cell: SweepGridCell, metric: GridMetric, unit: RateUnit): string {
  const value = metricValue(cell, metric);
  const figure =
    value === null
      ? formatMetric(null, metric, unit)
      : metric === 'iops'
        ? compactCount(value)
        : metric === 'p99'
          ? formatLatency(value)
          : heatmapCellFigure(value, unit);
  return cell.how === 'inferred' && value !== null ? `${inferredMark} ${figure}` : figure;
}

/** "950", "30.5k", "1.2M": a count short enough for a cell. */
function compactCount(value: number): string {
  if (value >= 1e6) return `${Number((value / 1e6).toPrecision(3))}M`;
  if (value >= 1e4) return `${Number((value / 1e3).toPrecision(3))}k`;
  return value >= 100 ? value.toFixed(0) : String(Number(value.toPrecision(2)));
}

/** One colour scale per metric across every panel: each cell's place on it, 0 (worst) to 1 (best). */
export function metricScale(
  cells: readonly SweepGridCell[],
  metric: GridMetric,
): { min: number; max: number; shade(value: number): number } | null {
  const values = cells.map((cell) => metricValue(cell, metric)).filter((value): value is number => value !== null);
  if (values.length === 0) return null;
  const [min, max] = [Math.min(...values), Math.max(...values)];
  const higherIsBetter = gridMetrics.find((each) => each.id === metric)?.higherIsBetter ?? true;
  return {
    min,
    max,
    shade: (value) => {
      if (max <= min) return 1;
      const place = Math.min(1, Math.max(0, (value - min) / (max - min)));
      return higherIsBetter ? place : 1 - place;
    },
  };
}

/** A cell for its tooltip: "1M blocks, 256 MiB files: 120 MB/s", "(inferred from measured neighbours, not measured)" when so. */
export function metricCellLabel(cell: SweepGridCell, metric: GridMetric, unit: RateUnit): string {
  const where = `${sizeLabel(cell.bs)} blocks, ${formatBytes(cell.fileSize)} files`;
  const inferred = cell.how === 'inferred' ? ' (inferred from measured neighbours, not measured)' : '';
  return `${where}: ${formatMetric(metricValue(cell, metric), metric, unit)}${inferred}`;
}
