import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot, startWebApp, type WebApp } from './harness';

let app: WebApp;
let browser: Browser;
let page: Page;

beforeEach(async () => {
  app = await startWebApp();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});

afterEach(async () => {
  await browser?.close();
  await app?.stop();
});

async function plottedPoints(page: Page): Promise<number> {
  return Number(await page.getByTestId('live-chart').getAttribute('data-points'));
}

describe('the app shell in browser mode', () => {
  it('opens, runs the This computer test, and the live chart moves', async () => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(app.url);
    for (const screen of ['devices', 'run', 'results', 'history', 'settings']) {
      await expect(page.getByTestId(`nav-${screen}`).isVisible()).resolves.toBe(true);
    }
    await page.getByTestId('start-demo').click();
    await page.getByTestId('live-chart').waitFor();
    await expect.poll(() => plottedPoints(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const early = await plottedPoints(page);
    await page.waitForTimeout(1500);
    const later = await plottedPoints(page);
    expect(later).toBeGreaterThan(early);
    await screenshot(page, 'app-shell-live-chart');
    await page.getByTestId('cancel-run').click();
    await page
      .getByTestId('run-state')
      .filter({ hasText: /cancelled/i })
      .waitFor({ timeout: 10_000 });
    expect(pageErrors).toEqual([]);
  });
});
