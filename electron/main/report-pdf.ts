import { session } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PrintPdf } from '../engine/report';
import { createPrintWindow, hardenSession } from './window';

/** The report files being printed: the only URLs the print session loads. */
const printing = new Set<string>();
let printSessionReady = false;

function printSession(): Electron.Session {
  const print = session.fromPartition('nasbench-report-print', { cache: false });
  if (!printSessionReady) {
    hardenSession(print);
    print.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !printing.has(details.url) }));
    printSessionReady = true;
  }
  return print;
}

/**
 * The desktop app's PDF: Electron's own Chromium prints the report's HTML (the CLI and the tests
 * use a local Chromium through playwright-core instead): a hidden print window, scripts off, in a
 * session of its own that lets through the report file alone, so printing can never fetch anything.
 */
export const electronPdfPrinter: PrintPdf = async (html, paperSize, stop) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'nasbench-report-'));
  const file = path.join(folder, 'report.html');
  const fileUrl = pathToFileURL(file).href;
  const window = createPrintWindow(printSession());
  // A destroyed window ends its load or print with an error: the export's deadline stops a stuck one.
  const closeWindow = () => window.destroy();
  stop.addEventListener('abort', closeWindow, { once: true });
  printing.add(fileUrl);
  try {
    stop.throwIfAborted();
    await writeFile(file, html, { mode: 0o600 });
    await window.loadURL(fileUrl);
    return await window.webContents.printToPDF({
      pageSize: paperSize === 'letter' ? 'Letter' : 'A4',
      printBackground: true,
    });
  } finally {
    stop.removeEventListener('abort', closeWindow);
    printing.delete(fileUrl);
    if (!window.isDestroyed()) window.destroy();
    await rm(folder, { recursive: true, force: true });
  }
};
