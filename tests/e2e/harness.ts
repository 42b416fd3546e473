import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import { launchChromium, startWebApp, type WebApp } from './web-app';

export { artifactsDir, launchChromium, screenshot, startWebApp, type WebApp } from './web-app';

/** One test's browser-mode app and Chromium page, and the page's uncaught errors (a test ends expecting none). */
export interface AppPage {
  app: WebApp;
  browser: Browser;
  page: Page;
  pageErrors: string[];
}

/**
 * For a test file: before each test a fresh browser-mode app (its own data folder) and a Chromium
 * page on it; after each test both are closed. Read the fields inside the tests, not at load time.
 */
export function useAppPage(): AppPage {
  const current = { pageErrors: [] as string[] } as AppPage;
  beforeEach(async () => {
    current.app = await startWebApp();
    current.browser = await launchChromium();
    current.page = await current.browser.newPage({ viewport: { width: 1280, height: 900 } });
    current.pageErrors = [];
    current.page.on('pageerror', (error) => current.pageErrors.push(error.message));
  });
  afterEach(async () => {
    await current.browser?.close();
    await current.app?.stop();
  });
  return current;
}
