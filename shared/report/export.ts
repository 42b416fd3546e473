import type { RunRecord } from '../contract/runs';
import type { RateUnit } from '../util/units';
import { anonymizeRun, type AnonymizedRun, type AnonymizeOptions } from './anonymize';
import { reportGridCsv, reportSamplesCsv, reportTestsCsv } from './csv';
import { reportHtml } from './html';
import { reportMarkdown } from './markdown';
import type { ReportFormat } from '../contract/report';
import type { Trend } from '../history/trends';
import { trendsWithoutPrivateWords } from './trend-section';

const mimeTypes: Record<ReportFormat, string> = {
  html: 'text/html',
  pdf: 'application/pdf',
  md: 'text/markdown',
  csv: 'text/csv',
  'csv-samples': 'text/csv',
  'csv-grid': 'text/csv',
  json: 'application/json',
};
const extensions: Record<ReportFormat, string> = {
  html: 'html',
  pdf: 'pdf',
  md: 'md',
  csv: 'csv',
  'csv-samples': 'samples.csv',
  'csv-grid': 'grid.csv',
  json: 'json',
};

/** "nasbench-quick-2026-11-20-3f0c9a52.html": sorts by date, and says which run. */
export function reportFileName(record: RunRecord, format: ReportFormat): string {
  const plan = record.plan.replace(/[^A-Za-z0-9-]/g, '') || 'run';
  return `nasbench-${plan}-${record.startedAt.slice(0, 10)}-${record.id.slice(0, 8)}.${extensions[format]}`;
}

export interface TextReportOptions extends AnonymizeOptions {
  format: ReportFormat;
  anonymize: boolean;
  unit: RateUnit;
  generatedAt: string;
  /** The trends of the run's NAS that the run is on (trendsOfRun); HTML, PDF and Markdown show them. */
  trends?: readonly Trend[];
}

/**
 * The last run anonymised, known by its text: the export dialog (and a report in every format) renders
 * one run several times, and anonymising is most of the cost (a few hundred patterns over every text).
 * The result depends only on that text, so a run changed since is anonymised again. A run whose text
 * is past `rememberedChars` is not kept, so that a long import does not stay in memory twice.
 */
let lastAnonymized: { key: string; result: AnonymizedRun } | undefined;
const rememberedChars = 4 * 1024 * 1024;

function anonymizedOnce(record: RunRecord, options: AnonymizeOptions): AnonymizedRun {
  const key = JSON.stringify([record, options.alsoPrivate ?? []]);
  if (lastAnonymized?.key === key) return lastAnonymized.result;
  const result = anonymizeRun(record, options);
  lastAnonymized = key.length <= rememberedChars ? { key, result } : undefined;
  return result;
}

/**
 * Every format from one run, anonymised first when asked, so the embedded JSON, chart labels and
 * tables all come from the same cleaned run. For "pdf" the text is the HTML to print.
 */
export function renderReport(
  original: RunRecord,
  options: TextReportOptions,
): { text: string; fileName: string; mimeType: string; replaced: Partial<Record<string, number>> } {
  const { record, replaced } = options.anonymize
    ? anonymizedOnce(original, options)
    : { record: original, replaced: {} };
  const trends = options.anonymize ? trendsWithoutPrivateWords(options.trends ?? []) : (options.trends ?? []);
  const look = { unit: options.unit, anonymized: options.anonymize, generatedAt: options.generatedAt, trends };
  const text = (() => {
    switch (options.format) {
      case 'html':
      case 'pdf':
        return reportHtml(record, look);
      case 'md':
        return reportMarkdown(record, look);
      case 'csv':
        return reportTestsCsv(record);
      case 'csv-samples':
        return reportSamplesCsv(record);
      case 'csv-grid':
        return reportGridCsv(record);
      case 'json':
        return `${JSON.stringify(record, null, 1)}\n`;
    }
  })();
  return { text, fileName: reportFileName(record, options.format), mimeType: mimeTypes[options.format], replaced };
}
