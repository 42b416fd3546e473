import { describeLinkKind, describeLinkSpeed, describeNasIdentity } from '../words/describe-nas';
import type { RunRecord } from '../contract/runs';
import { kindsWithResults } from '../kinds';
import { formatSeconds } from '../util/units';
import { formatRateWithSpread } from '../words/spread';
import { escapeMarkdown as md } from './escape';
import type { ReportOptions } from './html';
import { answersOfRecord, testRows, verdictsOf } from './report-model';
import { trendSectionMarkdown } from './trend-section';

/**
 * The forum and GitHub-issue summary: a heading line, one table row per test, the verdicts and
 * the setup in two lines. Every piece of run data is escaped, so a share or tag name cannot
 * become a link, an image, HTML or a new table column.
 */
export function reportMarkdown(record: RunRecord, options: ReportOptions): string {
  const { unit } = options;
  const rows = testRows(record, unit);
  const lines: string[] = [];
  const started = record.startedAt.replace('T', ' ').slice(0, 16);
  lines.push(`### NASBench: ${md(record.title)}`);
  lines.push('');
  lines.push(
    `Plan: ${md(record.plan)}, ${started} UTC, ${formatSeconds(record.seconds)}, ${md(record.status)}` +
      (record.tags.length > 0 ? `; tags: ${record.tags.map(md).join(', ')}` : ''),
  );
  lines.push('');
  for (const answer of answersOfRecord(record, unit)) lines.push(`**${md(answer.text)}**`, '');
  lines.push(`| Test | What | ${unit} | Details |`);
  lines.push('|---|---|---:|---|');
  for (const row of rows) {
    const details = [row.iops === null ? '' : `${Math.round(row.iops)} IOPS`, row.cacheWords, row.unsteady].filter(
      Boolean,
    );
    const figure = formatRateWithSpread(row.bytesPerSecond, unit, row.spread).replace(` ${unit}`, '');
    lines.push(`| ${md(row.group)} | ${md(row.test)} | ${figure} | ${md(details.join(', '))} |`);
  }
  if (rows.length === 0) lines.push('| (no test finished) | | | |');
  // Each distinct note once (as the HTML report's Notes): what a figure's method or fallback means.
  const notes = [...new Set(rows.map((row) => row.note).filter(Boolean))];
  if (notes.length > 0) {
    lines.push('');
    lines.push('Notes:');
    for (const note of notes) lines.push(`- ${md(note)}`);
  }
  const verdicts = verdictsOf(record, unit);
  if (verdicts.length > 0) {
    lines.push('');
    for (const verdict of verdicts) lines.push(`- **${verdict.severity}**: ${md(verdict.text)}`);
  }
  for (const { descriptor, results } of kindsWithResults(record.results))
    lines.push(...(descriptor.reportSection?.markdown(results, unit) ?? []));
  lines.push(...trendSectionMarkdown(options.trends ?? [], unit));
  const { nas, client, target } = record.environment;
  lines.push('');
  if (nas) {
    const identity = describeNasIdentity(nas, target);
    const ram = nas.memoryBytes === null ? 'RAM unknown' : `${Math.round(nas.memoryBytes / 2 ** 30)} GiB RAM`;
    const fileSystems = [...new Set(nas.volumes.map((volume) => volume.fsType).filter(Boolean))].join('/');
    lines.push(`NAS: ${md(identity.summary)}, ${ram}${fileSystems ? `, ${md(fileSystems)}` : ''}  `);
  }
  if (client) {
    const { route } = client;
    lines.push(
      `Client: ${md(`${client.os.platform} ${client.os.release}`)}, ${md(describeLinkKind(route.type))} ${md(describeLinkSpeed(route.speedMbps, route.type))}  `,
    );
  }
  const tools = Object.entries(record.environment.tools).map(([name, version]) => `${name} ${version}`);
  lines.push(
    `Tools: ${md([...tools, `${record.environment.app.name} ${record.environment.app.version}`].join(', '))}` +
      (options.anonymized ? ' (anonymised)' : ''),
  );
  return `${lines.join('\n')}\n`;
}
