import { describe, expect, it } from 'vitest';
import { readLab } from '../lab/lab';
import { openFreshWindow, openPlanScreen, submitPassword } from './connect-flow';
import { screenshot, useAppPage } from './harness';
import { expectOneAnswer } from './one-answer';

/**
 * Compare connections over the lab's Wi-Fi stand-in (the slow leg, nbh-w) with the NAS's SMB share
 * mounted over leg a (nbh-a), as a laptop on Wi-Fi whose NAS share was mapped over its cable (issue
 * #15; over SMB, the protocol home NASes serve, since #32): the copy figures are leg a's, and the
 * results say so instead of setting them beside the Wi-Fi's, with the SMB session's terms.
 */
const ui = useAppPage();

describe('Compare connections with the share mounted over another link', () => {
  it('says the share copy went over the other link and keeps it apart from the network figures', async () => {
    const lab = readLab();
    const { slow, a } = lab.legs;
    await ui.page.goto(ui.app.url);
    await ui.page.getByTestId('nas-address').fill(slow.nas);
    await ui.page.getByTestId('add-nas').click();
    await ui.page.getByTestId('connect-host').getByText(slow.nas, { exact: true }).waitFor();
    await ui.page.getByTestId('username').fill(lab.users.test.name);
    await submitPassword(ui.page, lab.users.test.password);
    await ui.page.getByTestId('trust-host').click();
    await ui.page.getByTestId('nas-details').waitFor({ timeout: 30_000 });
    await openPlanScreen(ui.page);

    const plan = ui.page.getByTestId('plan-panel');
    await plan.getByTestId('plan-compare-connections').check();
    await plan.getByTestId('plan-share-folder').fill(lab.smb.share);
    // The user says what this connection is; the run is named by it (the lab's interface is a virtual one).
    await expect(plan.getByTestId('plan-connection').getAttribute('placeholder')).resolves.toBe('Virtual link');
    await plan.getByTestId('plan-connection').fill('Wi-Fi');
    await plan.locator('summary', { hasText: 'Advanced' }).click();
    await plan.getByTestId('plan-network-seconds').fill('3');
    await expect.poll(() => plan.getByTestId('plan-step').count(), { timeout: 15_000 }).toBe(4);
    // Said before it starts, on the copy step: the share goes over leg a, not over the link being compared.
    await expect(plan.getByTestId('plan-step-warning').innerText()).resolves.toMatch(
      new RegExp(
        `^The share is mounted over ${a.hostIf}, not over the .*\\(${slow.hostIf}\\) this comparison is about`,
      ),
    );
    await plan.screenshot({ path: 'test-results/e2e/compare-connections-plan-warning.png' });
    await plan.getByTestId('start-plan').click();
    await expect
      .poll(() => ui.page.getByTestId('run-state').textContent(), { timeout: 120_000 })
      .toMatch(/done|failed|cancelled/);
    await expect(ui.page.getByTestId('run-state').textContent()).resolves.toBe('done');

    await ui.page.getByRole('button', { name: 'See results' }).click();
    await expect(ui.page.getByTestId('answer-block').innerText()).resolves.toMatch(/over Wi-Fi/);
    // The share copy went over leg a, the network tests over the slow leg: still one limit each way.
    await expectOneAnswer(ui.page);
    const verdicts = ui.page.getByTestId('verdicts');
    await verdicts.waitFor();
    const apart = verdicts.locator('[data-verdict="copy-other-link"]');
    await expect(apart.innerText()).resolves.toMatch(
      new RegExp(
        // The run's link by the name given to it, beside its interface.
        `^The share copy went over ${a.hostIf}, not over Wi-Fi \\(${slow.hostIf}\\) .* not set beside the network figures`,
      ),
    );
    // Where the copy went, in its own results: the lab NAS's Samba, with its session's terms, by leg a's interface.
    const place = ui.page.getByTestId('copy-place');
    await expect(place.getAttribute('data-place')).resolves.toBe('network-share');
    await expect(place.innerText()).resolves.toMatch(
      new RegExp(
        `^Copying to and from the share ${a.nas.replaceAll('.', '\\.')} over SMB[^,]*, [^,]+, [^,]+, via ${a.hostIf}$`,
      ),
    );
    await screenshot(ui.page, 'compare-connections-share-other-link');

    // The same NAS over the cable (leg a), compared and named "Cable": its network alone (no share this time).
    await openFreshWindow(ui.page, ui.app);
    await ui.page.getByTestId('nas-address').fill(a.nas);
    await ui.page.getByTestId('add-nas').click();
    await ui.page.getByTestId('username').fill(lab.users.test.name);
    await submitPassword(ui.page, lab.users.test.password);
    await ui.page.getByTestId('trust-host').click();
    await ui.page.getByTestId('nas-details').waitFor({ timeout: 30_000 });
    await openPlanScreen(ui.page);
    await plan.getByTestId('plan-compare-connections').check();
    await plan.getByTestId('plan-share-folder').fill('');
    await plan.getByTestId('plan-connection').fill('Cable');
    await plan.locator('summary', { hasText: 'Advanced' }).click();
    await plan.getByTestId('plan-network-seconds').fill('3');
    await expect.poll(() => plan.getByTestId('plan-step').count(), { timeout: 15_000 }).toBe(2);
    await plan.getByTestId('start-plan').click();
    await expect
      .poll(() => ui.page.getByTestId('run-state').textContent(), { timeout: 120_000 })
      .toMatch(/done|failed|cancelled/);
    await expect(ui.page.getByTestId('run-state').textContent()).resolves.toBe('done');

    // History: the two runs are of different connections, so no trend joins them and nothing says "the same link"
    // (taken for one connection, the pair would be a trend of two points with a verdict on how much faster it got).
    await ui.page.getByTestId('nav-history').click();
    const runs = ui.page.getByTestId('history-run');
    await expect.poll(() => runs.count(), { timeout: 10_000 }).toBe(2);
    // Each run is listed by the name its user gave the connection, newest first.
    await expect(runs.locator('[data-testid="history-open"] > span:first-child').allInnerTexts()).resolves.toEqual([
      'Compare connections: Cable',
      'Compare connections: Wi-Fi',
    ]);
    await expect(runs.locator('[data-testid="history-open"] > span:nth-child(2)').allInnerTexts()).resolves.toEqual([
      expect.stringContaining(' · Cable (virtual link) · '),
      expect.stringContaining(' · Wi-Fi (virtual link) · '),
    ]);
    await ui.page.getByTestId('trends-section').locator('summary').click();
    const trendCard = ui.page.getByTestId('trends');
    await trendCard.waitFor({ timeout: 30_000 });
    await expect(trendCard.innerText()).resolves.toContain('A trend appears once this NAS has two finished runs');
    await expect(ui.page.getByTestId('trend').count()).resolves.toBe(0);
    await expect(ui.page.getByTestId('trend-verdict').count()).resolves.toBe(0);
    await expect(trendCard.innerText()).resolves.not.toMatch(/same link/);

    // Compare keeps the earlier run (Wi-Fi, the second row) as its baseline whichever is ticked first.
    const compareText = async (order: number[]) => {
      for (const index of order) await runs.nth(index).getByTestId('history-compare').check();
      const text = await ui.page.getByTestId('compare-differences').innerText();
      await screenshot(ui.page, `compare-cable-wifi-ticked-${order.join('-')}`);
      for (const index of order) await runs.nth(index).getByTestId('history-compare').uncheck();
      return text;
    };
    // In words first: how copies over Cable compare with Wi-Fi, and the part that changed, by the names given.
    await runs.nth(0).getByTestId('history-compare').check();
    await runs.nth(1).getByTestId('history-compare').check();
    // A button where the runs were ticked goes to the comparison below the list.
    await ui.page.getByTestId('show-compare').click();
    await expect
      .poll(async () => ((await ui.page.getByTestId('compare').boundingBox())?.y ?? Infinity) < 768)
      .toBe(true);
    await expect(ui.page.getByTestId('compare-in-words').innerText()).resolves.toMatch(
      /^Over Cable, copies to the NAS are [\d.]+× faster than over Wi-Fi: the network carried [\d.,]+ MB\/s against [\d.,]+ MB\/s\.\nOver Cable, copies from the NAS are /,
    );
    await expect(ui.page.getByTestId('compare').innerText()).resolves.not.toMatch(/10 Gb\/s/);
    for (const index of [0, 1]) await runs.nth(index).getByTestId('history-compare').uncheck();
    const cableFirst = await compareText([0, 1]);
    const wifiFirst = await compareText([1, 0]);
    expect(cableFirst).toBe(wifiFirst);
    // Against the Wi-Fi run, the cable is faster: a rise, never the "−80%" the other way round.
    expect(cableFirst).toMatch(/Cable[^.]*: \+\d+% /);
    expect(cableFirst).not.toMatch(/−\d+%/);
    expect(ui.pageErrors).toEqual([]);
  }, 300_000);
});
