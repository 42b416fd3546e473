import { mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLab } from '../lab/lab';
import { openConnectScreen, submitPassword } from './connect-flow';
import { launchChromium, screenshot, startWebApp, type WebApp } from './harness';

/**
 * The whole way a person goes, in the built renderer against the lab: add the NAS by address,
 * log in, confirm its key, run the Quick check (share = a local folder), watch it, read the
 * figures and the verdict, and find the run in History. A screenshot of each screen is kept.
 */
let app: WebApp;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let shareFolder: string;

beforeEach(async () => {
  shareFolder = await mkdtemp(path.join('/var/tmp', 'nasbench-e2e-flow-'));
  app = await startWebApp();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterEach(async () => {
  await browser?.close();
  await app?.stop();
  await rm(shareFolder, { recursive: true, force: true });
});

describe('from opening the app to a verdict in History', () => {
  it('adds the lab NAS, runs the Quick check, explains it, and keeps it', async () => {
    const lab = readLab();
    await page.goto(app.url);
    await screenshot(page, 'flow-1-devices');
    await openConnectScreen(page, app, lab);
    await screenshot(page, 'flow-2-connect');
    await submitPassword(page, lab.users.test.password);
    await screenshot(page, 'flow-3-host-key');
    await page.getByTestId('trust-host').click();
    await page.getByTestId('nas-details').waitFor({ timeout: 30_000 });

    const plan = page.getByTestId('plan-panel');
    await plan.getByTestId('plan-quick').check();
    const select = plan.getByTestId('disk-folder');
    if ((await select.count()) > 0) await select.selectOption('another');
    await plan.getByTestId('disk-folder-typed').fill(lab.share);
    await plan.getByTestId('plan-share-folder').fill(shareFolder);
    await plan.locator('summary', { hasText: 'Advanced' }).click();
    await plan.getByTestId('plan-network-seconds').fill('3');
    await plan.getByTestId('plan-disk-seconds').fill('1');
    // Before it starts: every step, how long, and what it writes where.
    await expect.poll(() => plan.getByTestId('plan-step').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    await expect(plan.getByTestId('plan-preview').innerText()).resolves.toContain(shareFolder);
    await plan.screenshot({ path: 'test-results/e2e/flow-4-plan.png' });
    await plan.getByTestId('start-plan').click();

    // The live chart moves while the plan runs.
    const points = async () => Number(await page.getByTestId('live-chart').getAttribute('data-points'));
    await expect.poll(points, { timeout: 30_000 }).toBeGreaterThan(2);
    const early = await points();
    await expect.poll(points, { timeout: 30_000 }).toBeGreaterThan(early);
    await screenshot(page, 'flow-5-run');
    await expect
      .poll(() => page.getByTestId('run-state').textContent(), { timeout: 120_000 })
      .toMatch(/done|failed|cancelled/);
    await expect(page.getByTestId('run-state').textContent()).resolves.toBe('done');
    // The log lists every step of the plan, each done.
    const steps = page.getByTestId('step-log').locator('li');
    await expect(steps.count()).resolves.toBeGreaterThan(3);
    await expect(steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).resolves.toEqual(
      Array.from({ length: await steps.count() }, () => 'finished'),
    );

    await page.getByRole('button', { name: 'See results' }).click();
    const verdicts = page.getByTestId('verdicts');
    await verdicts.waitFor();
    // Over the 1 Gbit/s leg with the host's disks behind it, the network is the limit, and the verdict says so with its figure.
    await expect(verdicts.locator('[data-verdict="network-limit"]').innerText()).resolves.toMatch(
      /network is the limit.*\d/i,
    );
    await expect(page.getByTestId('disk-results').count()).resolves.toBe(1);
    await expect(page.getByTestId('copy-results').count()).resolves.toBe(1);
    await expect(page.getByTestId('saved-network-result').count()).resolves.toBeGreaterThanOrEqual(2);
    await screenshot(page, 'flow-6-results');

    await page.getByTestId('nav-history').click();
    await expect(page.getByTestId('history-run').first().innerText()).resolves.toMatch(/Quick check/);
    await screenshot(page, 'flow-7-history');
    // The share copy cleaned up after itself.
    expect(await readdir(shareFolder)).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
