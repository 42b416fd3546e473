import type { RunRecord } from '../contract/runs';
import { descriptorOf } from '../kinds';
import { rateInUnit, type RateUnit } from '../util/units';
import { formatRateWithSpread } from '../words/spread';
import type { ReportChart, TestRow } from './parts';
import { barChart } from './svg/bars';
import { lineChart } from './svg/line';

const shorten = (label: string, max = 44) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

/**
 * The Results screen's charts, as inline SVG for the report: every test as a bar, throughput over
 * time, the cache-wall curve and the sweep heatmaps when the run has them.
 */
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
  // Each kind's own charts (the cache wall, a sweep's heatmaps), in the order of its results.
  for (const result of record.results) charts.push(...descriptorOf(result).reportCharts(result, unit));
  return charts;
}
