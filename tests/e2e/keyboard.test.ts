import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readLab } from '../lab/lab';
import { connectToLab, openPlanScreen } from './connect-flow';
import { useAppPage } from './harness';

/**
 * From Devices to Results with the keyboard alone, as someone who cannot use a mouse: no click
 * and no fill, only Tab, Shift+Tab, arrows, Space, Enter and typed characters. Every control on
 * the way must be reachable in the tab order and work from the keyboard.
 */
const ui = useAppPage();

/** What has focus: its test id, its id, its tag and its text, to match on. */
async function focused(page: Page): Promise<{ testId: string; id: string; tag: string; text: string }> {
  return page.evaluate(() => {
    // The page's own globals (tsconfig.node has no DOM types): what a focused element offers here.
    type Focusable = { id: string; tagName: string; innerText?: string; getAttribute(name: string): string | null };
    const active = (globalThis as unknown as { document: { activeElement: Focusable | null } }).document.activeElement;
    return {
      testId: active?.getAttribute('data-testid') ?? '',
      id: active?.id ?? '',
      tag: active?.tagName.toLowerCase() ?? '',
      text: active?.innerText?.trim() ?? '',
    };
  });
}

/** Presses Tab until the control matching `wanted` has focus, as a user would; fails if it never comes. */
async function tabTo(page: Page, wanted: (focus: Awaited<ReturnType<typeof focused>>) => boolean, what: string) {
  for (let presses = 0; presses < 80; presses++) {
    if (wanted(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${what}; focus is on ${JSON.stringify(await focused(page))}`);
}
const byTestId = (testId: string) => (focus: { testId: string }) => focus.testId === testId;

describe('keyboard only', () => {
  it('goes from Devices to the results of a Quick check without a mouse', async () => {
    const lab = readLab();
    const { page } = ui;
    await page.goto(ui.app.url);
    await page.getByTestId('nas-address').waitFor();

    // The first Tab offers the skip link; Enter takes focus past the menu to the screen.
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toMatchObject({ testId: 'skip-link' });
    await page.keyboard.press('Enter');
    await expect(focused(page)).resolves.toMatchObject({ id: 'main' });

    // Devices: type the NAS's address and press Enter.
    await tabTo(page, byTestId('nas-address'), 'the address field');
    await page.keyboard.type(lab.legs.a.nas);
    await page.keyboard.press('Enter');
    await page.getByTestId('connect-host').getByText(lab.legs.a.nas, { exact: true }).waitFor();

    // Connect: user name, password, Enter; the host-key question opens with Cancel focused.
    await tabTo(page, byTestId('username'), 'the user name');
    await page.keyboard.type(lab.users.test.name);
    await tabTo(page, byTestId('password'), 'the password');
    await page.keyboard.type(lab.users.test.password);
    await page.keyboard.press('Enter');
    await page.getByTestId('fingerprint-dialog').waitFor();
    await tabTo(page, byTestId('trust-host'), 'Trust this NAS');
    await page.keyboard.press('Enter');
    await page.getByTestId('nas-details').waitFor({ timeout: 30_000 });

    // The menu: Plan.
    await tabTo(page, byTestId('nav-plan'), 'Plan in the menu');
    await page.keyboard.press('Enter');
    await page.getByTestId('plan-panel').waitFor();

    // The Quick check card, its folder as offered, one second per test (under Advanced), then Start.
    await tabTo(page, byTestId('plan-quick'), 'the Quick check card');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('plan-quick').isChecked()).resolves.toBe(true);
    await tabTo(page, (focus) => focus.tag === 'summary' && focus.text === 'Advanced', 'Advanced');
    await page.keyboard.press('Enter');
    await tabTo(page, byTestId('plan-network-seconds'), 'seconds per network test');
    await page.keyboard.type('1');
    await tabTo(page, byTestId('plan-disk-seconds'), 'seconds per disk test');
    await page.keyboard.type('1');
    await expect(page.getByTestId('plan-preview').innerText()).resolves.toMatch(/1 s/);
    await tabTo(page, byTestId('start-plan'), 'Start');
    await page.keyboard.press('Enter');

    // Run: when it is done, "See results".
    await expect
      .poll(() => page.getByTestId('run-state').textContent(), { timeout: 180_000, interval: 500 })
      .toMatch(/done|failed|cancelled/);
    await expect(page.getByTestId('run-state').textContent()).resolves.toBe('done');
    await tabTo(page, (focus) => focus.tag === 'button' && focus.text === 'See results', 'See results');
    await page.keyboard.press('Enter');
    await page.getByTestId('verdicts').waitFor();
    await expect(page.getByTestId('plan-answer').count()).resolves.toBe(1);
    expect(ui.pageErrors).toEqual([]);
  }, 240_000);

  it('arrow keys move through the NAS folders without leaving the list; a NAS used before focuses the password', async () => {
    const lab = readLab();
    const { page } = ui;
    await connectToLab(page, ui.app, lab);
    await openPlanScreen(page);
    const select = page.getByTestId('plan-panel').getByTestId('disk-folder');
    await select.focus();
    const count = await select.locator('option').count();
    for (let step = 0; step < count; step++) await page.keyboard.press('ArrowDown');
    // Past the last folder to "Another folder…": the list keeps the keyboard.
    await expect(select.inputValue()).resolves.toBe('another');
    await expect(focused(page)).resolves.toMatchObject({ testId: 'disk-folder' });

    // Disconnected, the NAS is under "Used before" with its user: picking it leaves only the password to type.
    await page.getByTestId('nav-connect').click();
    await page.getByTestId('disconnect').click();
    await page.getByTestId('nav-devices').click();
    await page.getByTestId('recent-nas').getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).testId).toBe('password');
    await expect(page.getByTestId('username').inputValue()).resolves.toBe(lab.users.test.name);
  }, 60_000);
});
