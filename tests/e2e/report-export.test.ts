import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunStore } from '../../electron/engine/store';
import { allSeededSecrets, seededPrivateRun, seededSecrets } from '../fixtures/report/seeded-private-run';
import { launchChromium, screenshot, startWebApp, type WebApp } from './harness';

/**
 * The Export dialog in the built renderer (browser mode): a saved run seeded with private details
 * is previewed anonymised, shows its names once unticked, saves as a download, and that HTML file
 * is imported into another NASBench from History.
 */
let apps: WebApp[];
let browser: Browser;
let page: Page;

beforeEach(async () => {
  apps = [await startWebApp()];
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
});

afterEach(async () => {
  await browser?.close();
  for (const app of apps) await app.stop();
});

const leaked = (text: string) =>
  allSeededSecrets().filter((secret) => text.toLowerCase().includes(secret.toLowerCase()));

describe('Export report on Results', () => {
  it('previews anonymised by default, saves the file, and the file imports into another NASBench', async () => {
    const [app] = apps;
    if (!app) throw new Error('no app');
    const run = seededPrivateRun();
    await new RunStore(app.dataDir).save(run);
    await page.goto(app.url);
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-run').first().getByTestId('history-open').click();
    await page.getByTestId('export-report').click();
    const dialog = page.getByTestId('export-dialog');
    await dialog.waitFor();

    const html = page.getByTestId('report-preview-html');
    await expect.poll(() => html.locator('h1').textContent(), { timeout: 10_000 }).toBe('Quick check');
    expect(await html.locator('svg').count()).toBeGreaterThanOrEqual(2);
    expect(leaked(await html.innerText())).toEqual([]);
    await expect.poll(() => page.getByTestId('export-replaced').textContent()).toMatch(/^Replaced: .*ipv4/);
    await screenshot(page, 'report-export-dialog');

    await dialog.locator('input[value="md"]').check();
    const text = page.getByTestId('report-preview-text');
    await expect.poll(() => text.textContent()).toContain('| Test | What | MB/s | Details |');
    expect(leaked((await text.textContent()) ?? '')).toEqual([]);
    await page.getByTestId('export-anonymize').uncheck();
    await expect.poll(() => text.textContent()).toContain(seededSecrets.user);

    await page.getByTestId('export-anonymize').check();
    await dialog.locator('input[value="html"]').check();
    await expect.poll(() => html.locator('h1').textContent()).toBe('Quick check');
    const counts = /^Replaced: (.*ipv4.*)\.$/.exec(
      (await page.getByTestId('export-replaced').textContent()) ?? '',
    )?.[1];
    expect(counts).toBeDefined();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-save').click()]);
    expect(download.suggestedFilename()).toMatch(/^nasbench-quick-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.html$/);
    // Saved: the dialog closes and says where the file went.
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // With the counts the dialog showed, still true once it has closed: no "nothing private was found" after Save.
    await expect(page.getByTestId('export-saved').innerText()).resolves.toBe(
      `Saved as ${download.suggestedFilename()} (in your downloads, or where the save dialog put it).` +
        ` Anonymised: ${counts}.`,
    );
    expect(await page.getByTestId('export-replaced').textContent()).not.toContain('nothing private');
    const file = await download.path();
    const saved = await readFile(file, 'utf8');
    expect(saved).toContain('id="nasbench-run"');
    expect(leaked(saved)).toEqual([]);

    const other = await startWebApp();
    apps.push(other);
    await page.goto(other.url);
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-import').setInputFiles(file);
    await expect.poll(() => page.getByTestId('history-run').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('history-run').getAttribute('data-run-id')).toBe(run.id);
  });
});
