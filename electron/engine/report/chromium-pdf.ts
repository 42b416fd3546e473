import { existsSync } from 'node:fs';
import { NasbenchError } from '../../../shared/errors';
import type { PaperSize } from '../../../shared/report';

/** Turns a report's HTML into PDF bytes; the desktop app passes Electron's printToPDF instead. */
export type PrintPdf = (html: string, paperSize: PaperSize) => Promise<Uint8Array>;

/** Where Chromium or Chrome usually is; the first one present is used. */
const browserPaths = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** Flags that keep a headless Chromium off the network (no updates, no sync, no first-run pages). */
const quietFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Prints with a Chromium already on this computer, through playwright-core (the CLI has no
 * Electron). Scripts are off and every request is refused: the report must print from itself alone.
 */
export function chromiumPdfPrinter(executablePath = browserPaths.find((file) => existsSync(file))): PrintPdf {
  return async (html, paperSize) => {
    if (!executablePath) {
      throw new NasbenchError(
        'TOOL_MISSING',
        'A PDF needs Chromium or Google Chrome, and neither was found.',
        'Install Chromium (e.g. apt-get install chromium), or export HTML and print it from a browser.',
      );
    }
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath, args: quietFlags });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      const page = await context.newPage();
      await page.route('**/*', (route) => route.abort());
      await page.setContent(html, { waitUntil: 'load' });
      await page.emulateMedia({ media: 'print' });
      return await page.pdf({ format: paperSize === 'letter' ? 'Letter' : 'A4', printBackground: true });
    } finally {
      await browser.close();
    }
  };
}
