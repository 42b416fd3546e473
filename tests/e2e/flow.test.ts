// lab: needs a quiet machine — the verdicts rank what limited the run, and a neighbour's load on the NAS stand-in's CPU outranks the network
import { readdir, rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLab } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { openConnectScreen, openPlanScreen, submitPassword } from './connect-flow';
import { screenshot, useAppPage } from './harness';
import { expectOneAnswer } from './one-answer';

/**
 * The whole way a person goes, in the built renderer against the lab: add the NAS by address,
 * log in, confirm its key, run the Quick check (share = a local folder), watch it, read the
 * figures and the verdict, and find the run in History. A screenshot of each screen is kept.
 */
const ui = useAppPage();
let shareFolder: string;

beforeEach(async () => {
  shareFolder = await tempDir('e2e-flow', '/var/tmp');
});

afterEach(async () => {
  await rm(shareFolder, { recursive: true, force: true });
});

describe('from opening the app to a verdict in History', () => {
  it('adds the lab NAS, runs the Quick check, explains it, and keeps it', async () => {
    const lab = readLab();
    await ui.page.goto(ui.app.url);
    await screenshot(ui.page, 'flow-1-devices');
    await openConnectScreen(ui.page, ui.app, lab);
    await screenshot(ui.page, 'flow-2-connect');
    await submitPassword(ui.page, lab.users.test.password);
    await screenshot(ui.page, 'flow-3-host-key');
    await ui.page.getByTestId('trust-host').click();
    await ui.page.getByTestId('nas-details').waitFor({ timeout: 30_000 });
    await openPlanScreen(ui.page);

    const plan = ui.page.getByTestId('plan-panel');
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
    // The "share" here is a folder on this computer: the plan asks first, and Start without a yes starts nothing.
    const yes = plan.getByTestId('plan-local-folder-yes');
    await expect(plan.getByTestId('plan-preview').innerText()).resolves.toContain('Copy in this folder anyway?');
    await plan.getByTestId('start-plan').click();
    const focusedTestId = () =>
      ui.page.evaluate(() => {
        // The page's own globals (tsconfig.node has no DOM types).
        type Focusable = { getAttribute(name: string): string | null };
        const { document } = globalThis as unknown as { document: { activeElement: Focusable | null } };
        return document.activeElement?.getAttribute('data-testid');
      });
    await expect.poll(focusedTestId).toBe('plan-local-folder-yes');
    await expect(yes.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(plan.innerText()).resolves.toContain('Tick this to copy in this folder anyway');
    await plan.screenshot({ path: 'test-results/e2e/flow-4-plan.png' });
    await yes.check();
    await plan.getByTestId('start-plan').click();

    // The live chart moves while the plan runs.
    const points = async () => Number(await ui.page.getByTestId('live-chart').getAttribute('data-points'));
    await expect.poll(points, { timeout: 30_000 }).toBeGreaterThan(2);
    const early = await points();
    // A line joins the legend with its first reading: early on, fewer names than the plan's lines.
    const liveChart = ui.page.getByTestId('live-chart');
    const idsOf = async (attribute: string) =>
      ((await liveChart.getAttribute(attribute)) ?? '').split(' ').filter(Boolean);
    const legendEarly = await idsOf('data-legend');
    expect(legendEarly.length).toBeGreaterThan(0);
    expect(legendEarly.length).toBeLessThan((await idsOf('data-series')).length);
    await expect.poll(points, { timeout: 30_000 }).toBeGreaterThan(early);
    await screenshot(ui.page, 'flow-5-run');
    await expect
      .poll(() => ui.page.getByTestId('run-state').textContent(), { timeout: 120_000 })
      .toMatch(/done|failed|cancelled/);
    await expect(ui.page.getByTestId('run-state').textContent()).resolves.toBe('done');
    // The delay to the NAS was drawn live beside the throughput, and its text alternative names the latest.
    const delayChart = ui.page.getByTestId('delay-chart');
    await expect(delayChart.count()).resolves.toBe(1);
    await expect(delayChart.locator('p').textContent()).resolves.toMatch(/^Latest delay to the NAS: [\d.]+ ms at /);
    // Both charts of the run end their time axis at the same second.
    await expect.poll(() => delayChart.getAttribute('data-x-max')).toBe(await liveChart.getAttribute('data-x-max'));
    expect(Number(await liveChart.getAttribute('data-x-max'))).toBeGreaterThan(0);
    // The log lists every step of the plan, each done.
    const steps = ui.page.getByTestId('step-log').locator('li');
    await expect(steps.count()).resolves.toBeGreaterThan(3);
    await expect(steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).resolves.toEqual(
      Array.from({ length: await steps.count() }, () => 'finished'),
    );

    await ui.page.getByRole('button', { name: 'See results' }).click();
    const verdicts = ui.page.getByTestId('verdicts');
    await expectOneAnswer(ui.page);
    // Over the 1 Gbit/s leg with the host's disks behind it, the network is the limit, and the verdict says so with its figure.
    await expect(verdicts.locator('[data-verdict="network-limit"]').innerText()).resolves.toMatch(
      /network is the limit.*\d/i,
    );
    await expect(ui.page.getByTestId('disk-results').count()).resolves.toBe(1);
    await expect(ui.page.getByTestId('copy-results').count()).resolves.toBe(1);
    await expect(ui.page.getByTestId('saved-network-result').count()).resolves.toBeGreaterThanOrEqual(2);
    // Each network step timed the delay to the NAS, idle and under its load, and says both.
    const delays = await ui.page.getByTestId('saved-network-delay').allInnerTexts();
    expect(delays).toHaveLength(2);
    for (const delay of delays) expect(delay).toMatch(/^Delay to \S+: [\d.]+ ms idle, [\d.]+ ms under load/);
    await expect(verdicts.locator('[data-verdict="everyday-delay"]').innerText()).resolves.toMatch(
      /The delay to your NAS .*\d+(\.\d)? ms/,
    );
    await screenshot(ui.page, 'flow-6-results');
    // What Results shows, part by part in page order: the same when the run is opened again from History.
    const layout = () =>
      ui.page
        .locator('[aria-labelledby="results-title"] [data-testid]')
        .evaluateAll((parts) => parts.map((part) => part.getAttribute('data-testid')));
    const live = await layout();
    expect(live).toContain('disk-results');

    await ui.page.getByTestId('nav-history').click();
    await expect(ui.page.getByTestId('history-run').first().innerText()).resolves.toMatch(/Quick check/);
    await screenshot(ui.page, 'flow-7-history');
    await ui.page.getByTestId('history-run').first().getByTestId('history-open').click();
    await ui.page.getByTestId('verdicts').waitFor();
    await expect.poll(layout).toEqual(live);
    await ui.page.getByTestId('nav-history').click();
    // The share copy cleaned up after itself.
    expect(await readdir(shareFolder)).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  }, 240_000);
});
