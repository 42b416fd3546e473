import os from 'node:os';
import { renderReport, type ExportedReport, type ExportReportInput, type PrivateMatch } from '../../../shared/report';
import { trendsOfRun, type Trend } from '../../../shared/history/trends';
import type { z } from 'zod';
import type { SettingsStore } from '../settings';
import type { RunStore } from '../store';
import type { PrintPdf } from './chromium-pdf';
import { printWithin } from './print-deadline';

export interface ReportSources {
  history: RunStore;
  settings: SettingsStore;
  printPdf: PrintPdf;
}

/** This computer's own name and its user: private wherever a run happens to mention them. */
function thisComputersNames(): PrivateMatch[] {
  const names: PrivateMatch[] = [{ kind: 'host', text: os.hostname() }];
  try {
    names.push({ kind: 'user', text: os.userInfo().username });
  } catch {
    // No user entry (some containers): nothing to hide.
  }
  return names.filter((name) => name.text.length >= 3);
}

/** The formats that have a "How this NAS changed" section. */
const formatsWithTrends = new Set<ExportReportInput['format']>(['html', 'pdf', 'md']);

/**
 * The trends of the run's NAS that the run is on, from History's summaries. A history that cannot
 * be listed leaves the section out rather than failing the report: the run itself is what was asked for.
 */
async function trendsForReport(history: RunStore, runId: string): Promise<Trend[]> {
  try {
    return trendsOfRun((await history.list()).runs, runId);
  } catch {
    return [];
  }
}

/** A saved run as a shareable file, anonymised unless asked not to be. */
export async function exportReport(
  input: z.output<typeof ExportReportInput>,
  { history, settings, printPdf }: ReportSources,
): Promise<ExportedReport> {
  const record = await history.get(input.runId);
  const unit = input.unit ?? (await settings.read()).units;
  const rendered = renderReport(record, {
    format: input.format,
    anonymize: input.anonymize,
    unit,
    generatedAt: new Date().toISOString(),
    alsoPrivate: thisComputersNames(),
    trends: formatsWithTrends.has(input.format) ? await trendsForReport(history, record.id) : [],
  });
  const common = {
    fileName: rendered.fileName,
    mimeType: rendered.mimeType,
    anonymized: input.anonymize,
    replaced: Object.fromEntries(
      Object.entries(rendered.replaced).filter(([, count]) => count !== undefined),
    ) as Record<string, number>,
  };
  if (input.format !== 'pdf') return { ...common, text: rendered.text };
  const pdf = await printWithin(printPdf, rendered.text, input.paperSize);
  return { ...common, base64: Buffer.from(pdf).toString('base64') };
}
