import type { RateUnit } from '../util/units';
import { formatRateWithSpread } from '../words/spread';
import { formatDay, tagMarkers, verdictLines, type Trend, type TrendPoint } from '../history/trends';
import { escapeHtml as h, escapeMarkdown as md } from './escape';

/**
 * "How this NAS changed": the trends of the report's NAS that its run is on (shared/history/trends.ts,
 * trendsOfRun), so the run is each trend's last point. The verdicts first, then per trend its dated
 * figures, the last few only: a NAS tested weekly for years would otherwise fill the report.
 */

/** Dated figures shown per trend; earlier ones are counted, not listed. */
export const reportedPointsPerTrend = 8;

/**
 * The trends with every tag replaced by "tag 1", "tag 2"… (the same tag, the same stand-in): tags
 * are free text that the anonymiser cannot recognise ("Bob's office"), and other runs' tags are
 * nowhere else in the report. The trends carry no NAS name or address to begin with.
 */
export function trendsWithoutPrivateWords(trends: readonly Trend[]): Trend[] {
  const standIns = new Map<string, string>();
  const standIn = (tag: string) => {
    const key = tag.toLowerCase();
    const known = standIns.get(key) ?? `tag ${standIns.size + 1}`;
    standIns.set(key, known);
    return known;
  };
  return trends.map((trend) => {
    const points = trend.points.map((point) => ({ ...point, tags: point.tags.map(standIn) }));
    return { ...trend, points, markers: tagMarkers(points) };
  });
}

interface DatedFigure {
  day: string;
  figure: string;
  tags: string;
  thisRun: boolean;
}

function datedFigures(trend: Trend, unit: RateUnit): { shown: DatedFigure[]; left: number; since: string } {
  const shown = trend.points.slice(-reportedPointsPerTrend);
  const left = trend.points.length - shown.length;
  const figure = (point: TrendPoint) =>
    formatRateWithSpread(
      point.bytesPerSecond,
      unit,
      point.spread === null ? null : { relative: point.spread, basis: 'samples' },
    );
  return {
    shown: shown.map((point, index) => ({
      day: formatDay(point.startedAt),
      figure: figure(point),
      tags: point.tags.join(', '),
      thisRun: index === shown.length - 1,
    })),
    left,
    since: formatDay(trend.points[0]?.startedAt ?? ''),
  };
}

const earlierWords = (left: number, since: string) =>
  `and ${left} earlier ${left === 1 ? 'run' : 'runs'} since ${since}`;

const aboutTrends =
  'Runs of this NAS compared like for like: the same test, plan, kind of link and settings. Dates in UTC.';
const noVerdict = 'No figure of this run moved beyond its noise against the earlier runs of its kind.';

/** The section as a report page; empty when the run is on no trend (it is the first of its kind). */
export function trendSectionHtml(trends: readonly Trend[], unit: RateUnit): string {
  if (trends.length === 0) return '';
  const verdicts = verdictLines(trends);
  const verdictHtml =
    verdicts.length === 0
      ? `<p>${h(noVerdict)}</p>`
      : verdicts
          .map(
            (verdict) =>
              `<div class="verdict ${verdict.direction === 'slower' ? 'warn' : 'info'}"><b>${verdict.direction === 'slower' ? 'Slower' : 'Faster'}:</b> ${h(verdict.text)}</div>`,
          )
          .join('');
  const tables = trends
    .map((trend) => {
      const { shown, left, since } = datedFigures(trend, unit);
      const rows = shown
        .map(
          (row) =>
            `<tr><td>${h(row.day)}${row.thisRun ? ' <b>(this run)</b>' : ''}</td><td class="num">${h(row.figure)}</td><td>${h(row.tags)}</td></tr>`,
        )
        .join('');
      const more =
        left > 0 ? `<p class="note">${h(`The last ${shown.length} runs, ${earlierWords(left, since)}.`)}</p>` : '';
      return `<figure><figcaption>${h(trend.label)}</figcaption><table><thead><tr><th>Date</th><th>Figure</th><th>Tags</th></tr></thead><tbody>${rows}</tbody></table>${more}</figure>`;
    })
    .join('');
  return `<section class="page" id="trends"><h2>How this NAS changed</h2>
<p class="note">${h(aboutTrends)}</p>
${verdictHtml}
${tables}
</section>`;
}

/** The section as Markdown lines; none when the run is on no trend. */
export function trendSectionMarkdown(trends: readonly Trend[], unit: RateUnit): string[] {
  if (trends.length === 0) return [];
  const lines = ['', '#### How this NAS changed', '', aboutTrends, ''];
  const verdicts = verdictLines(trends);
  if (verdicts.length === 0) lines.push(noVerdict, '');
  for (const verdict of verdicts) lines.push(`- **${verdict.direction}**: ${md(verdict.text)}`);
  if (verdicts.length > 0) lines.push('');
  for (const trend of trends) {
    const { shown, left, since } = datedFigures(trend, unit);
    const figures = shown.map((row) => {
      const tags = row.tags ? ` (${md(row.tags)})` : '';
      const text = `${row.day} ${row.figure}${tags}`;
      return row.thisRun ? `**${text}, this run**` : text;
    });
    lines.push(`- ${md(trend.label)}: ${figures.join('; ')}${left > 0 ? `; ${earlierWords(left, since)}` : ''}`);
  }
  return lines;
}
