import { cacheRegions } from '../../util/cache-regions';
import type { RunRecord } from '../../contract/runs';
import { heatmapPanelTitle } from '../sweep';
import { gridMetrics, metricScale, sweepGridCells } from '../sweep-grid';
import { formatBytes, rateInUnit, type RateUnit } from '../../util/units';
import { formatRateWithSpread } from '../spread';
import type { TestRow } from './report-model';
import { barChart } from './svg/bars';
import { heatmap } from './svg/heatmap';
import { lineChart } from './svg/line';

/**
 * The Results screen's charts, as inline SVG for the report: every test as a bar, throughput over
 * time, the cache-wall curve and the sweep heatmaps when the run has them.
 */
export interface ReportChart {
  title: string;
  svg: string;
}

const shorten = (label: string, max = 44) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

export function reportCharts(record: RunRecord, rows: readonly TestRow[], unit: RateUnit): ReportChart[] {
  const charts: ReportChart[] = [];
  if (rows.length > 0) {
    const title = 'Every test, one bar each';
    const bars = rows.map((row) => ({
      label: shorten(`${row.group}: ${row.test}`),
      value: rateInUnit(row.bytesPerSecond, unit),
      figure: formatRateWithSpread(row.bytesPerSecond, unit, row.spread),
      group: row.group,
    }));
    charts.push({ title, svg: barChart(bars, unit, title) });
  }
  const labels = new Map(record.series.map((series) => [series.id, series.label]));
  const lines = record.samples
    .filter((series) => series.points.length > 1)
    .map((series) => ({
      label: shorten(labels.get(series.series) ?? series.series, 30),
      points: series.points.map(([t, value]) => [t, rateInUnit(value, unit)] as const),
    }));
  if (lines.length > 0) {
    const title = 'Throughput over time';
    charts.push({ title, svg: lineChart(lines, { xTitle: 'seconds since the start', yTitle: unit }, title) });
  }
  for (const result of record.results) {
    if (result.kind === 'copy' && result.sweep && result.sweep.points.length > 0) {
      const { sweep } = result;
      const title = 'The cache wall: copy speed by file size';
      const bands = cacheRegions(sweep).map((region) => ({
        ...region,
        color: region.kind === 'cached' ? '#fde68a' : '#bfdbfe',
      }));
      const curve = (op: 'write' | 'read') => ({
        label: op,
        points: sweep.points.map(
          (point) =>
            [
              point.fileSize,
              rateInUnit(op === 'write' ? point.writeBytesPerSecond : point.readBytesPerSecond, unit),
            ] as const,
        ),
      });
      const axes = { xTitle: 'file size', yTitle: unit, xLog: true, xLabel: formatBytes, bands };
      charts.push({ title, svg: lineChart([curve('write'), curve('read')], axes, title) });
    }
    if (result.kind === 'disk' && result.sweep) {
      // Seed 002's views, each metric on one scale across the panels: throughput, per job, IOPS, p99.
      const cells = sweepGridCells(result.sweep, result.tests);
      for (const { id: metric, label } of gridMetrics) {
        const scale = metricScale(cells, metric);
        if (!scale) continue;
        for (const panel of result.sweep.panels) {
          const title = `Disk sweep${metric === 'throughput' ? '' : `, ${inSentence(label)}`} (${heatmapPanelTitle(panel)})`;
          charts.push({ title, svg: heatmap(panel, { metric, shade: scale.shade, tests: result.tests, unit }) });
        }
      }
    }
  }
  return charts;
}

/** A label inside a sentence: "Throughput per job" → "throughput per job", but "IOPS" stays "IOPS". */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]?.toLowerCase() + label.slice(1) : label);
