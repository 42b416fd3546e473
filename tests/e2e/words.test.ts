import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { glossary, glossaryEntries } from '../../shared/words/glossary';
import { readLab } from '../lab/lab';
import { seriousViolations } from './axe';
import { openConnectScreen, submitPassword } from './connect-flow';
import { screenshot, useAppPage } from './harness';

/**
 * Plain words first, the expert term explained where it stands: on hover and on keyboard focus,
 * read out as the word's description, and every such word listed in Settings. The Devices screen
 * and Settings need no NAS; the host-key question is the lab NAS's.
 */
const ui = useAppPage();

/** The tip a term points to with aria-describedby, and whether it shows. */
async function tipOf(page: Page, term: string): Promise<{ text: string; visible: boolean; role: string | null }> {
  const id = await page.locator(`[data-term="${term}"]`).first().getAttribute('aria-describedby');
  if (!id) throw new Error(`the term ${term} describes itself by nothing`);
  const tip = page.locator(`[id="${id}"]`);
  return {
    text: (await tip.textContent()) ?? '',
    visible: await tip.isVisible(),
    role: await tip.getAttribute('role'),
  };
}

describe('expert words in plain words', () => {
  it('explains a term on hover and on keyboard focus, and Escape puts the explanation away', async () => {
    const { page } = ui;
    await page.goto(ui.app.url);
    await page.getByTestId('start-demo').waitFor();
    const term = page.locator('[data-term="loopback"]');
    // The sentence reads as it did: the explanation is not part of its text.
    await expect(term.locator('xpath=..').innerText()).resolves.toContain(
      'network stack (loopback) or a share mounted here.',
    );
    await expect(tipOf(page, 'loopback')).resolves.toEqual({
      text: glossary.loopback.plain,
      visible: false,
      role: 'tooltip',
    });

    await term.hover();
    await expect.poll(async () => (await tipOf(page, 'loopback')).visible).toBe(true);
    await screenshot(page, 'words-hover');
    await page.mouse.move(5, 5);
    await expect.poll(async () => (await tipOf(page, 'loopback')).visible).toBe(false);

    // From the top of the page with Tab alone, as someone without a mouse reaches it.
    await page.locator('body').focus();
    for (let presses = 0; presses < 40; presses++) {
      await page.keyboard.press('Tab');
      if (await term.evaluate((element) => element === element.ownerDocument.activeElement)) break;
    }
    await expect(term.evaluate((element) => element === element.ownerDocument.activeElement)).resolves.toBe(true);
    await expect.poll(async () => (await tipOf(page, 'loopback')).visible).toBe(true);
    expect(await seriousViolations(page, 'devices with an explanation open')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await tipOf(page, 'loopback')).visible).toBe(false);
    await expect(term.evaluate((element) => element === element.ownerDocument.activeElement)).resolves.toBe(true);
    expect(ui.pageErrors).toEqual([]);
  });

  it('asks about the NAS in plain words first, the fingerprint explained inside the open dialog', async () => {
    const { page } = ui;
    const lab = readLab();
    await openConnectScreen(page, ui.app, lab);
    await submitPassword(page, lab.users.test.password);
    const dialog = page.getByTestId('fingerprint-dialog');
    const question = await dialog.locator('p').first().innerText();
    // Why first, then the word for it: the fingerprint comes after the plain reason.
    expect(question.indexOf('To be sure it is your NAS')).toBeLessThan(question.indexOf('fingerprint'));
    // The page behind a modal dialog is inert: the explanation opens inside the dialog, where it can be seen.
    const term = dialog.locator('[data-term="fingerprint"]').first();
    await term.hover();
    await expect.poll(async () => (await tipOf(page, 'fingerprint')).visible).toBe(true);
    await expect(dialog.getByRole('tooltip').first().innerText()).resolves.toBe(glossary.fingerprint.plain);
    // Where to see the fingerprint without a terminal: no NAS of unknown brand shows it, said plainly.
    await expect(dialog.getByTestId('fingerprint-where').innerText()).resolves.toMatch(
      /^Few NASes show their SSH fingerprint in their web page\..* If you can already log in to the NAS in a terminal, ssh-keygen -lf /,
    );
    await screenshot(page, 'words-host-key');
    // Escape on the word puts its explanation away and leaves the question open; a second Escape cancels.
    await term.focus();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await tipOf(page, 'fingerprint')).visible).toBe(false);
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(ui.pageErrors).toEqual([]);
  });

  it('lists every word with what it means in Settings, “Words used here”', async () => {
    const { page } = ui;
    await page.goto(ui.app.url);
    await page.getByTestId('nav-settings').click();
    const words = page.getByTestId('words-used-here');
    await words.getByTestId('words-open').click();
    const listed = words.locator('dt');
    await expect(listed.allInnerTexts()).resolves.toEqual(glossaryEntries().map(({ entry }) => entry.term));
    await expect(words.locator('[data-word="mtu"] dd').innerText()).resolves.toBe(glossary.mtu.plain);
    await screenshot(page, 'words-used-here');
    // SSH set-up help before anything failed: closed until opened, the brand chosen by the user.
    const ssh = page.getByTestId('settings-ssh-help');
    await ssh.locator('summary').click();
    await ssh.getByTestId('settings-ssh-help-brand').selectOption('unraid');
    await expect(ssh.getByTestId('settings-ssh-help-steps').innerText()).resolves.toContain(
      'Settings > Management Access',
    );
    await expect(ssh.innerText()).resolves.toMatch(/Who may log in: root/);
    expect(await seriousViolations(page, 'settings with the words listed')).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });
});
