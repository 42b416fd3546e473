import { NasbenchError } from '../../../shared/contract/errors';
import type { PaperSize } from '../../../shared/report';
import type { PrintPdf } from './chromium-pdf';

/**
 * A report prints in a few seconds, the largest (an hour of samples, every chart) in under ten. A
 * printer that has not answered in a minute is stuck — a browser that never starts, a page that
 * never lays out — and the export says so, rather than leaving the dialog waiting for ever.
 */
export const pdfDeadlineMs = 60_000;

/** Prints with `print`, which is told to stop (its browser closed, its window gone) when the deadline passes. */
export async function printWithin(
  print: PrintPdf,
  html: string,
  paperSize: PaperSize,
  deadlineMs = pdfDeadlineMs,
): Promise<Uint8Array> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The deadline's own error first: the printer rejects too once told to stop, and must not win the race.
      reject(
        new NasbenchError(
          'TIMEOUT',
          `Making the PDF took more than ${Math.round(deadlineMs / 1000)} s, so it was stopped.`,
          'Try again; if it keeps happening, export HTML and print it from a browser.',
        ),
      );
      controller.abort();
    }, deadlineMs);
  });
  try {
    return await Promise.race([print(html, paperSize, controller.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}
