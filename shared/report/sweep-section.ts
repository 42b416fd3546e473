import type { DiskRunDetails } from '../contract/disk';
import { formatBytes, formatRate, sizeLabel, type RateUnit } from '../util/units';
import { describeSweep } from '../sweep/words';
import { describeJobScaling, jobScaling, perJobTable, type JobScaling } from '../sweep/scaling';
import { formatRateWithSpread } from '../words/spread';
import { escapeHtml as h, escapeMarkdown as md } from './escape';

/**
 * A disk sweep in a report: where it was fastest, and how more parallel jobs helped (the
 * saturation point in words, each measured job count's total and per-job figure). The heatmaps
 * per metric are charts (charts.ts); the whole grid, inferred cells too, is the csv-grid export.
 */

function sweepsOf(results: readonly DiskRunDetails[]) {
  return results.flatMap((result) => (result.sweep ? [{ sweep: result.sweep, tests: result.tests }] : []));
}

function perJobRows(scaling: readonly JobScaling[], unit: RateUnit) {
  const { jobs, rows } = perJobTable(scaling);
  return {
    jobs,
    rows: rows.map((row) => ({
      name: `${sizeLabel(row.bs)} ${row.rw === 'write' ? 'writing' : 'reading'}`,
      cells: row.figures.map((figure) =>
        figure === null
          ? 'not measured'
          : `${formatRateWithSpread(figure.bytesPerSecond, unit, figure.spread)}, ${formatRate(figure.perJobBytesPerSecond, unit)} per job` +
            (figure.saturated ? ' (saturated)' : ''),
      ),
    })),
  };
}

export function sweepSectionHtml(results: readonly DiskRunDetails[], unit: RateUnit): string {
  return sweepsOf(results)
    .map(({ sweep, tests }) => {
      const scaling = jobScaling(sweep, tests);
      const { jobs, rows } = perJobRows(scaling, unit);
      const table =
        scaling.length === 0
          ? ''
          : `<table><caption>Throughput with each number of jobs on ${h(formatBytes(scaling[0]?.fileSize ?? 0))} files, and per job (÷ jobs); measured cells only</caption>` +
            `<thead><tr><th>Blocks</th>${jobs.map((count) => `<th>${count} ${count === 1 ? 'job' : 'jobs'}</th>`).join('')}</tr></thead>` +
            `<tbody>${rows.map((row) => `<tr><td>${h(row.name)}</td>${row.cells.map((cell) => `<td>${h(cell)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
      return `<section class="page" id="sweep"><h2>Disk sweep</h2><p>${h(describeSweep(sweep, unit))}</p>
${scaling.length > 0 ? `<h3>How more jobs help</h3><ul>${scaling.map((each) => `<li>${h(describeJobScaling(each, unit))}</li>`).join('')}</ul>${table}` : ''}
</section>`;
    })
    .join('\n');
}

export function sweepSectionMarkdown(results: readonly DiskRunDetails[], unit: RateUnit): string[] {
  return sweepsOf(results).flatMap(({ sweep, tests }) => [
    '',
    md(describeSweep(sweep, unit)),
    ...jobScaling(sweep, tests).map((each) => `- ${md(describeJobScaling(each, unit))}`),
  ]);
}
