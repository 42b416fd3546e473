import { describe, expect, it } from 'vitest';
import { readLab } from '../lab/lab';
import { openPlanScreen, submitPassword } from './connect-flow';
import { screenshot, useAppPage } from './harness';

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
    await expect.poll(() => plan.getByTestId('plan-step').count(), { timeout: 15_000 }).toBe(3);
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
    const verdicts = ui.page.getByTestId('verdicts');
    await verdicts.waitFor();
    const apart = verdicts.locator('[data-verdict="copy-other-link"]');
    await expect(apart.innerText()).resolves.toMatch(
      new RegExp(
        `^The share copy went over ${a.hostIf}, not over .*${slow.hostIf}.* not set beside the network figures`,
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
    expect(ui.pageErrors).toEqual([]);
  }, 180_000);
});
