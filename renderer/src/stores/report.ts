import { create } from 'zustand';
import type { AppError } from '../../../shared/contract/errors';
import type { ExportedReport, PaperSize, ReportFormat } from '../../../shared/contract/report';

/** What the Export dialog shows: the run, the chosen format and options, and the report as it would be saved. */
interface ReportState {
  runId: string | null;
  format: ReportFormat;
  anonymize: boolean;
  paperSize: PaperSize;
  /** The report with the current choices; the HTML stands in for the PDF. */
  preview: ExportedReport | null;
  loading: boolean;
  saving: boolean;
  error: AppError | null;
  /**
   * The last report saved, said beside the Export button once the dialog has closed, with what the
   * anonymiser replaced in it (null when it was not anonymised): the dialog's counts, kept true after Save.
   */
  saved: { runId: string; fileName: string; replaced: Record<string, number> | null } | null;
  actions: {
    openFor(runId: string): Promise<void>;
    close(): void;
    choose(change: Partial<Pick<ReportState, 'format' | 'anonymize' | 'paperSize'>>): Promise<void>;
    /** Exports the chosen format and hands it to the browser as a download; true when it was saved. */
    save(): Promise<boolean>;
  };
}

/** Each preview request gets a number, so a slow answer for old choices never replaces a newer one. */
let previewRequest = 0;

export const useReportStore = create<ReportState>()((set, get) => {
  const refreshPreview = async () => {
    const { runId, format, anonymize, paperSize } = get();
    if (!runId) return;
    const request = ++previewRequest;
    set({ loading: true, error: null });
    const result = await window.nasbench.exportReport({
      runId,
      format: format === 'pdf' ? 'html' : format,
      anonymize,
      paperSize,
    });
    if (request !== previewRequest) return;
    set(result.ok ? { preview: result.data, loading: false } : { preview: null, loading: false, error: result.error });
  };

  return {
    runId: null,
    format: 'html',
    anonymize: true,
    paperSize: 'a4',
    preview: null,
    loading: false,
    saving: false,
    error: null,
    saved: null,
    actions: {
      async openFor(runId) {
        // Anonymised again every time the dialog opens: a report is made to be shared.
        set({ runId, anonymize: true, preview: null, error: null, saved: null });
        await refreshPreview();
      },
      close() {
        previewRequest++;
        set({ runId: null, preview: null, loading: false, error: null });
      },
      async choose(change) {
        const previewChanges = change.format !== undefined || change.anonymize !== undefined;
        set(change);
        if (previewChanges) await refreshPreview();
      },
      async save() {
        const { runId, format, anonymize, paperSize } = get();
        if (!runId) return false;
        set({ saving: true, error: null });
        const result = await window.nasbench.exportReport({ runId, format, anonymize, paperSize });
        if (!result.ok) {
          set({ saving: false, error: result.error });
          return false;
        }
        const { fileName, mimeType, text, base64, anonymized, replaced } = result.data;
        const bytes =
          base64 === undefined ? [text ?? ''] : [Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))];
        const url = URL.createObjectURL(new Blob(bytes, { type: mimeType }));
        const link = document.createElement('a');
        link.href = url;
        link.download = fileName;
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        // Saved: the dialog closes and the results say where the file went.
        previewRequest++;
        const kept = { runId, fileName, replaced: anonymized ? replaced : null };
        set({ saving: false, runId: null, preview: null, loading: false, saved: kept });
        return true;
      },
    },
  };
});
