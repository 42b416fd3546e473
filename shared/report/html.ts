import type { Fact } from '../words/describe-nas';
import { describeLatency, formatBlockSize, formatIops } from '../kinds/disk/words';
import type { RunRecord } from '../contract/runs';
import { formatBytes, formatSeconds, type RateUnit } from '../util/units';
import { describeNasView } from '../verdicts/nas-glance';
import { formatRateWithSpread } from '../words/spread';
import { figuresOfRun } from '../verdicts';
import { reportCharts } from './charts';
import { embeddedRunScript } from './embedded-run';
import { environmentFacts } from './environment-facts';
import { escapeHtml as h } from './escape';
import { reportCss } from './html-style';
import { kindsWithResults } from '../kinds';
import { trendSectionHtml } from './trend-section';
import type { Trend } from '../history/trends';
import {
  describeFigure,
  describeFigureName,
  headlineFigures,
  testRows,
  verdictsOf,
  answersOfRecord,
} from './report-model';
import type { TestRow } from './parts';

export interface ReportOptions {
  unit: RateUnit;
  /** Whether private details were replaced (the report says so, so a reader knows why names look odd). */
  anonymized: boolean;
  /** When the report was made, ISO-8601 (passed in: the renderer stays pure). */
  generatedAt: string;
  /** The trends of the run's NAS that the run is on (shared/history/trends.ts, trendsOfRun), as they may be shown. */
  trends?: readonly Trend[];
}

/** Nothing may load from anywhere: no script runs, styles are inline, images are data. */
const contentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const facts = (list: readonly Fact[]) =>
  `<dl>${list.map((fact) => `<dt>${h(fact.label)}</dt><dd>${h(fact.value)}</dd>`).join('')}</dl>`;

function testTable(rows: readonly TestRow[], unit: RateUnit): string {
  if (rows.length === 0) return '<p>This run finished no test.</p>';
  const cell = (value: string, numeric = false) => `<td${numeric ? ' class="num"' : ''}>${h(value)}</td>`;
  const body = rows.map((row) => {
    const latency =
      row.latencyP99Ns === null ? '' : describeLatency({ p50: row.latencyP50Ns, p99: row.latencyP99Ns }).short;
    // The flag goes under the figure it is about, so a reader never takes an unsteady figure at face value.
    const figure = `${h(formatRateWithSpread(row.bytesPerSecond, unit, row.spread))}${
      row.unsteady ? `<small class="unsteady">${h(row.unsteady)}</small>` : ''
    }`;
    return `<tr>${[
      cell(row.group),
      cell(row.test),
      `<td class="num">${figure}</td>`,
      cell(row.iops === null ? '' : formatIops(row.iops), true),
      cell(latency, true),
      cell(row.blockSize === null ? '' : formatBlockSize(row.blockSize), true),
      cell(row.fileSize === null ? '' : formatBytes(row.fileSize), true),
      cell(row.seconds === null ? '' : formatSeconds(row.seconds), true),
      cell(row.cacheWords),
    ].join('')}</tr>`;
  });
  const head = ['Test', '', 'Figure', 'IOPS', 'Latency', 'Block', 'Size', 'Time', 'Cache'];
  return `<table><thead><tr>${head.map((name) => `<th>${h(name)}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

/**
 * The shareable HTML report of one run: a single file with everything inline (style, SVG charts,
 * the run itself as JSON for importing it again) that needs no script and loads nothing.
 */
export function reportHtml(record: RunRecord, options: ReportOptions): string {
  const { unit } = options;
  const rows = testRows(record, unit);
  const verdicts = verdictsOf(record, unit);
  const charts = reportCharts(record, rows, unit);
  // The bars go with the verdicts when both fit on the first printed page; else with the other charts.
  const barsFirst = verdicts.length <= 3 && rows.length <= 10;
  const [bars, ...rest] = barsFirst ? charts : [undefined, ...charts];
  const moreCharts = rest.filter((chart) => chart !== undefined);
  const figure = (chart: { title: string; svg: string }) =>
    `<figure><figcaption>${h(chart.title)}</figcaption>${chart.svg}</figure>`;
  const environment = environmentFacts(record);
  const started = record.startedAt.replace('T', ' ').slice(0, 16);
  const meta = [
    `${record.plan} plan`,
    `${started} UTC`,
    formatSeconds(record.seconds),
    record.status,
    ...(record.tags.length > 0 ? [`tags: ${record.tags.join(', ')}`] : []),
  ];
  const verdictHtml =
    verdicts.length === 0
      ? '<p>No verdict: this run did not measure enough to say what limits the speed.</p>'
      : verdicts
          .map((verdict) => {
            const numbers = Object.entries(verdict.figures)
              .map(([name, value]) => `${describeFigureName(name)}: ${describeFigure(name, value, unit)}`)
              .join(' · ');
            return `<div class="verdict ${h(verdict.severity)}"><b>${h(verdict.severity === 'info' ? 'Finding' : verdict.severity === 'warn' ? 'Warning' : 'Problem')}:</b> ${h(verdict.text)}<small>${h(numbers)}</small></div>`;
          })
          .join('');
  const steps = record.steps
    .map(
      (step) =>
        `<tr><td class="num">${step.index + 1}</td><td>${h(step.name)}</td><td>${h(step.status)}</td><td>${h(step.error ? `${step.error.message} ${step.error.hint}` : '')}</td></tr>`,
    )
    .join('');
  const commands = rows.map((row) => `<li>${h(`${row.group}: ${row.test}`)}<pre>${h(row.how)}</pre></li>`).join('');
  const pages = [
    `<section class="page" id="summary">
<h1>${h(record.title)}</h1>
<p class="meta">${h(meta.join(' · '))}</p>
<p class="note" id="about">Report made ${h(options.generatedAt)} by ${h(record.environment.app.name)} ${h(record.environment.app.version)}. Figures in ${h(unit)} (1 MB = 10^6 bytes; 1 MiB = 2^20 bytes). Run ${h(record.id)}.
${options.anonymized ? 'Anonymised: host names, addresses, serial numbers, user names, share names and folders are replaced by stand-ins (host-1, 192.0.2.1, /folder-1, …); the figures are unchanged.' : 'Not anonymised: this report contains the host names, addresses and folders of the run.'}
This file can be imported into NASBench (History, Import).</p>
${answersOfRecord(record, unit)
  .map((answer) => `<p class="answer">${h(answer.text)}</p>`)
  .join('')}
<div class="headline">${headlineFigures(record, unit)
      .map((item) => `<div>${h(item.label)}<b>${h(item.text)}</b></div>`)
      .join('')}</div>
${record.error ? `<div class="verdict problem"><b>The run ${h(record.status)}:</b> ${h(record.error.message)} <small>${h(record.error.hint)}</small></div>` : ''}
<h2>Verdict</h2>${verdictHtml}
${nasViewHtml(record)}
${bars ? figure(bars) : ''}
</section>`,
    ...(moreCharts.length > 0
      ? [`<section class="page" id="charts"><h2>Charts</h2>${moreCharts.map(figure).join('')}</section>`]
      : []),
    // A kind's section of its own (the disk sweep's page).
    ...kindsWithResults(record.results).flatMap(
      ({ descriptor, results }) => descriptor.reportSection?.html(results, unit) ?? [],
    ),
    ...(options.trends && options.trends.length > 0 ? [trendSectionHtml(options.trends, unit)] : []),
    `<section class="page" id="tests"><h2>Every test (${h(unit)})</h2>${testTable(rows, unit)}
<h2>Steps</h2><table><thead><tr><th>#</th><th>Step</th><th>Result</th><th>Why</th></tr></thead><tbody>${steps}</tbody></table>
${rows.some((row) => row.note) ? `<h2>Notes</h2><ul>${[...new Set(rows.map((row) => row.note).filter(Boolean))].map((note) => `<li class="note">${h(note)}</li>`).join('')}</ul>` : ''}
</section>`,
    `<section class="page" id="environment"><h2>The NAS</h2>${facts(environment.nas)}
<h2>This computer</h2>${facts(environment.client)}
<h2>Tools</h2>${facts(environment.tools)}
</section>`,
    `<section class="page" id="commands"><h2>Exactly what ran</h2><ul>${commands}</ul>
<h2>Parameters</h2><pre>${h(JSON.stringify(record.environment.parameters, null, 1))}</pre>
</section>`,
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="NASBench">
<title>${h(`${record.title} · NASBench report`)}</title>
<style>${reportCss}</style></head>
<body><main>
${pages.join('\n')}
</main>
${embeddedRunScript(record)}
</body></html>
`;
}

/** What the NAS itself did during each test, a line each (absent for runs without a NAS login). */
function nasViewHtml(record: RunRecord): string {
  const lines = (figuresOfRun(record).nasViews ?? []).flatMap((view) => describeNasView(view) ?? []);
  if (lines.length === 0) return '';
  return `<h2>What the NAS itself did</h2><ul>${lines.map((line) => `<li>${h(line)}</li>`).join('')}</ul>`;
}
