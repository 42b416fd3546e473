import { existsSync } from 'node:fs';
import type * as PlaywrightCore from 'playwright-core';
import { NasbenchError } from '../../../shared/contract/errors';
import type { PaperSize } from '../../../shared/report';

/**
 * Turns a report's HTML into PDF bytes; the desktop app passes Electron's printToPDF instead. When
 * `stop` is aborted (the print's deadline passed) it closes what it opened and rejects.
 */
export type PrintPdf = (html: string, paperSize: PaperSize, stop: AbortSignal) => Promise<Uint8Array>;

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
export const quietChromiumFlags = [
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
 * playwright-core, loaded when a PDF is asked for, from node_modules at run time: bundled into
 * out/main it cannot find its own files, and the name in a variable keeps the bundler from trying.
 */
async function loadPlaywright(): Promise<typeof PlaywrightCore> {
  const name = 'playwright-core';
  try {
    return (await import(name)) as typeof PlaywrightCore;
  } catch (cause) {
    throw new NasbenchError(
      'TOOL_MISSING',
      'Making a PDF here needs the playwright-core package, and it is not installed.',
      'Export HTML instead and print it from a browser (or use the desktop app, which prints by itself).',
      { cause },
    );
  }
}

/**
 * Prints with a Chromium already on this computer, through playwright-core (the CLI has no
 * Electron). Scripts are off and every request is refused: the report must print from itself alone.
 */
export function chromiumPdfPrinter(executablePath = browserPaths.find((file) => existsSync(file))): PrintPdf {
  return async (html, paperSize, stop) => {
    if (!executablePath) {
      throw new NasbenchError(
        'TOOL_MISSING',
        'A PDF needs Chromium or Google Chrome, and neither was found.',
        'Install Chromium (e.g. apt-get install chromium), or export HTML and print it from a browser.',
      );
    }
    const { chromium } = await loadPlaywright();
    const browser = await chromium.launch({ executablePath, args: quietChromiumFlags });
    // Closing the browser ends whatever it was doing: the steps below reject, and nothing is left running.
    const closeBrowser = () => void browser.close();
    stop.addEventListener('abort', closeBrowser, { once: true });
    try {
      stop.throwIfAborted();
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      const page = await context.newPage();
      await page.route('**/*', (route) => route.abort());
      await page.setContent(html, { waitUntil: 'load' });
      await page.emulateMedia({ media: 'print' });
      return await page.pdf({ format: paperSize === 'letter' ? 'Letter' : 'A4', printBackground: true });
    } finally {
      stop.removeEventListener('abort', closeBrowser);
      await browser.close();
    }
  };
}
