import { z } from 'zod';
import { RunId } from './run-events';
import { RateUnit } from '../util/units';

/** The contract's side of reports (kept apart from the renderers, so the preload bundle stays small). */

/**
 * The shareable formats: csv is one row per test, csv-samples one row per chart point, csv-grid one
 * row per cell of a disk sweep's grid (inferred cells too, marked).
 */
export const ReportFormat = z.enum(['html', 'pdf', 'md', 'csv', 'csv-samples', 'csv-grid', 'json']);
export type ReportFormat = z.infer<typeof ReportFormat>;
export const PaperSize = z.enum(['a4', 'letter']);
export type PaperSize = z.infer<typeof PaperSize>;

export const ExportReportInput = z.strictObject({
  runId: RunId,
  format: ReportFormat,
  /** On unless turned off: a report is made to be shared. */
  anonymize: z.boolean().default(true),
  paperSize: PaperSize.default('a4'),
  /** Default: the unit chosen in settings. */
  unit: RateUnit.optional(),
});
export type ExportReportInput = z.input<typeof ExportReportInput>;

/** The file to save: text for the text formats, base64 for the PDF. */
export const ExportedReport = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  text: z.string().optional(),
  base64: z.string().optional(),
  anonymized: z.boolean(),
  /** How many distinct private details of each kind were replaced. */
  replaced: z.record(z.string(), z.number()),
});
export type ExportedReport = z.infer<typeof ExportedReport>;
