import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readLab, type LabInfo, type LabLeg } from '../lab/lab';
import { connectToLab } from './connect-flow';
import { launchChromium, screenshot, startWebApp, type WebApp } from './harness';

/**
 * History and Compare in the built renderer: two network tests, one over a 1 Gbit/s leg and one
 * over the 200 Mbit/s leg, are saved; History lists them after a reload, Results shows a saved one
 * with its verdict, and Compare names both links and states the difference.
 */
let lab: LabInfo;
let app: WebApp;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(() => {
  lab = readLab();
});

beforeEach(async () => {
  app = await startWebApp();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterEach(async () => {
  await browser?.close();
  await app?.stop();
});

/** An upload over one leg, from the connected NAS's screen, until it is done. */
async function uploadOver(leg: LabLeg): Promise<void> {
  await page.getByTestId('nav-devices').click();
  await page.getByRole('button', { name: 'Show details' }).click();
  await page.getByTestId('network-test').waitFor();
  await page.getByTestId('direction-upload').check();
  await page.getByTestId('network-seconds').fill('2');
  // The panel remembers it is open from the first run.
  if (!(await page.getByTestId('legs').isVisible())) await page.getByTestId('several-links').click();
  await page.getByTestId('legs').waitFor();
  if ((await page.getByTestId('remove-leg-2').count()) > 0) await page.getByTestId('remove-leg-2').click();
  await page.getByTestId('leg-1-nas').selectOption(leg.nas);
  await page.getByTestId('leg-1-local').fill(leg.host);
  await page.getByTestId('start-network').click();
  await expect.poll(() => page.getByTestId('run-state').textContent(), { timeout: 60_000 }).toMatch(/done|failed/);
  await expect(page.getByTestId('run-state').textContent()).resolves.toBe('done');
}

describe('History and Compare in browser mode', () => {
  it('keeps both runs after a reload, shows a saved one with its verdict, and compares the two links', async () => {
    await connectToLab(page, app, lab);
    await uploadOver(lab.legs.a);
    await uploadOver(lab.legs.slow);

    // Saved on disk, not only in this page: a reload still lists both.
    await page.reload();
    await page.getByTestId('nav-history').click();
    const runs = page.getByTestId('history-run');
    await expect.poll(() => runs.count(), { timeout: 10_000 }).toBe(2);
    await screenshot(page, 'history');

    // The older run (leg a) opens on Results from the saved file, with its chart and a verdict section.
    await runs.nth(1).locator('.history__item').click();
    await page.getByTestId('verdicts').waitFor();
    await expect(page.getByTestId('results-average').textContent()).resolves.toMatch(/^[\d,.]+ MB\/s$/);
    await expect(page.getByTestId('live-chart').getAttribute('data-points')).resolves.not.toBe('0');
    await screenshot(page, 'history-saved-results');

    await page.getByTestId('nav-history').click();
    await runs.nth(0).getByTestId('history-tags').fill('slow leg');
    await runs.nth(0).getByTestId('history-tags').press('Enter');
    await runs.nth(1).getByTestId('history-compare').check();
    await runs.nth(0).getByTestId('history-compare').check();
    const compare = page.getByTestId('compare');
    await compare.waitFor();
    const differences = await compare.getByTestId('compare-differences').innerText();
    // Baseline is the leg-a run (ticked first); the slow leg is far slower, and both links are named.
    expect(differences).toMatch(
      new RegExp(
        `to ${lab.legs.slow.nas} \\(slow leg\\): −\\d+% upload \\(this computer to NAS\\) \\(against .* to ${lab.legs.a.nas}\\)\\.`,
      ),
    );
    const percent = Number(/−(\d+)%/.exec(differences)?.[1]);
    // 200 vs 1000 Mbit/s: about 80% less.
    expect(percent).toBeGreaterThan(70);
    expect(percent).toBeLessThan(90);
    await expect(compare.getByTestId('compare-table').locator('tbody tr').count()).resolves.toBe(1);
    await screenshot(page, 'history-compare');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
