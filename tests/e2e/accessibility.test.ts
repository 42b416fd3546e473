import { describe, expect, it } from 'vitest';
import { readLab } from '../lab/lab';
import { openConnectScreen, openPlanScreen, submitPassword } from './connect-flow';
import { useAppPage } from './harness';
import { seriousViolations } from './axe';

/**
 * axe-core, injected into the built renderer, on every screen in both themes: no serious or
 * critical violation (missing labels, contrast, ARIA misuse, keyboard traps it can detect).
 */
const ui = useAppPage();
const seriousViolationsOn = (screen: string) => seriousViolations(ui.page, screen);

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical violation on any screen, light or dark', async () => {
    const found: string[] = [];
    const lab = readLab();
    await ui.page.goto(ui.app.url);
    await ui.page.getByTestId('nas-address').waitFor();
    found.push(...(await seriousViolationsOn('devices')));
    await openConnectScreen(ui.page, ui.app, lab);
    found.push(...(await seriousViolationsOn('connect')));
    await submitPassword(ui.page, lab.users.test.password);
    found.push(...(await seriousViolationsOn('host-key question')));
    await ui.page.getByTestId('trust-host').click();
    await ui.page.getByTestId('nas-details').waitFor({ timeout: 30_000 });
    for (const scheme of ['light', 'dark'] as const) {
      await ui.page.emulateMedia({ colorScheme: scheme });
      found.push(...(await seriousViolationsOn(`devices with the NAS's details (${scheme})`)));
      // The NAS's tests: the guided plans, the network, disk and share copy forms.
      await openPlanScreen(ui.page);
      found.push(...(await seriousViolationsOn(`plan (${scheme})`)));
      // A short loopback test fills Run and Results.
      await ui.page.getByTestId('nav-devices').click();
      await ui.page.getByTestId('start-demo').click();
      await expect.poll(() => ui.page.getByTestId('run-state').textContent(), { timeout: 60_000 }).toBe('done');
      found.push(...(await seriousViolationsOn(`run (${scheme})`)));
      await ui.page.getByRole('button', { name: 'See results' }).click();
      await ui.page.getByTestId('verdicts').waitFor();
      found.push(...(await seriousViolationsOn(`results (${scheme})`)));
      if (scheme === 'light') {
        // The This computer test explains its figure, and "Run the Quick check" is a link to it.
        await expect(ui.page.getByTestId('this-computer-meaning').innerText()).resolves.toMatch(
          /^This test measured how fast this computer moves data to itself \(loopback\): about [\d.,]+ [GM]B\/s\. No network and no NAS/,
        );
        await ui.page.getByTestId('run-quick-check').click();
        await expect(ui.page.getByTestId('plan-quick').isChecked()).resolves.toBe(true);
      }
      await ui.page.getByTestId('nav-history').click();
      await ui.page.getByTestId('history-list').waitFor();
      found.push(...(await seriousViolationsOn(`history (${scheme})`)));
      await ui.page.getByTestId('nav-settings').click();
      found.push(...(await seriousViolationsOn(`settings (${scheme})`)));
    }
    expect(found).toEqual([]);
  }, 180_000);
});
