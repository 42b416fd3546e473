import type { DiskRunDetails } from '../../contract/disk';
import type { RateUnit } from '../../util/units';
import { gridMetrics, metricScale, sweepGridCells } from '../../sweep/grid';
import { heatmapPanelTitle } from '../../sweep/words';
import { diskCache } from '../../words/cache';
import { emptyRow, steadiness, type ReportChart, type TestRow } from '../../report/parts';
import { heatmap } from '../../report/svg/heatmap';
import { sweepSectionHtml, sweepSectionMarkdown } from '../../report/sweep-section';
import type { ReportSection } from '../descriptor';

export const diskTitle = 'NAS disk';

/** A row per fio (or dd) test, with the exact command line that measured it. */
export function diskRows(result: DiskRunDetails): TestRow[] {
  return result.tests.map((test) => ({
    ...emptyRow,
    group: result.sweep ? 'Disk sweep' : diskTitle,
    test: test.name,
    op: test.rw,
    bytesPerSecond: test.bytesPerSecond,
    iops: test.iops,
    latencyP50Ns: test.latencyNs.p50,
    latencyP99Ns: test.latencyNs.p99,
    blockSize: test.bs,
    fileSize: test.sizeBytes,
    streams: test.numjobs,
    bytes: test.ioBytes,
    seconds: test.seconds,
    direct: test.direct,
    ...steadiness(test.spread),
    cacheWords: diskCache(test).words,
    cache: test.cache ?? null,
    how: test.commandLine,
    // The dd fallback's install hints say how to get the real figures.
    note: [test.note, ...result.hints].filter(Boolean).join(' '),
  }));
}

/** A sweep's heatmaps, as seed 002 has them: each metric on one scale across the panels (throughput, per job, IOPS, p99). */
export function diskCharts(result: DiskRunDetails, unit: RateUnit): ReportChart[] {
  if (!result.sweep) return [];
  const charts: ReportChart[] = [];
  const cells = sweepGridCells(result.sweep, result.tests);
  for (const { id: metric, label } of gridMetrics) {
    const scale = metricScale(cells, metric);
    if (!scale) continue;
    for (const panel of result.sweep.panels) {
      const title = `Disk sweep${metric === 'throughput' ? '' : `, ${inSentence(label)}`} (${heatmapPanelTitle(panel)})`;
      charts.push({ title, svg: heatmap(panel, { metric, shade: scale.shade, tests: result.tests, unit }) });
    }
  }
  return charts;
}

/** A label inside a sentence: "Throughput per job" → "throughput per job", but "IOPS" stays "IOPS". */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]?.toLowerCase() + label.slice(1) : label);

/** The disk sweep's page: where it was fastest and how more jobs helped; none without a sweep. */
export const diskSweepSection: ReportSection<DiskRunDetails> = {
  html: (results, unit) => (results.some((result) => result.sweep) ? sweepSectionHtml(results, unit) : null),
  markdown: sweepSectionMarkdown,
};
