import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nasExec, readLab, type LabInfo } from '../lab/lab';
import { connectToLab, openConnectScreen, submitPassword } from './connect-flow';
import { launchChromium, screenshot, startWebApp, type WebApp } from './harness';

/**
 * Devices → Connect → host-key question → NAS details, in the built renderer against the lab NAS
 * (198.18.1.2 over leg A). Each test gets a fresh data folder, so the lab's key is always new to it.
 */
let lab: LabInfo;
let app: WebApp;
let browser: Browser;
let page: Page;

beforeAll(() => {
  lab = readLab();
});

beforeEach(async () => {
  app = await startWebApp();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterEach(async () => {
  await browser?.close();
  await app?.stop();
});

/** The fingerprint as the user would see it on the NAS: `ssh-keygen -lf` on the host key. */
function labFingerprint(): string {
  const line = execFileSync('ssh-keygen', ['-lf', lab.ssh.hostKeyPub], { encoding: 'utf8' });
  const fingerprint = line.split(/\s+/)[1];
  if (!fingerprint?.startsWith('SHA256:')) throw new Error(`unexpected ssh-keygen output: ${line}`);
  return fingerprint;
}

/** "fio-3.33" / "iperf 3.12 (cJSON …)" → "3.33" / "3.12", as the lab NAS has them. */
function labToolVersion(tool: 'fio' | 'iperf3'): string {
  const output = nasExec([tool, '--version']).stdout;
  const version = /(\d+\.\d+(?:\.\d+)?)/.exec(output)?.[1];
  if (!version) throw new Error(`no version in ${tool} --version: ${output}`);
  return version;
}

/** A made-up ed25519 key in OpenSSH's wire format: pinned for the lab NAS, it makes the real key a "changed" one. */
function otherHostKey(): string {
  const type = Buffer.from('ssh-ed25519');
  const length = (bytes: number) => Buffer.from([0, 0, 0, bytes]);
  return Buffer.concat([length(type.length), type, length(32), randomBytes(32)]).toString('base64');
}

/** Keeps, in `window.probeSaid`, each thing the probe's status showed: its bar (by its length) and each part's words. */
const watchProbeStatus = `
  window.probeSaid = [];
  new MutationObserver(() => {
    const bar = document.querySelector('[data-testid="probe-progress"]');
    const parts = [...document.querySelectorAll('[data-testid="probe-stage"]')].map((stage) => stage.textContent);
    for (const words of [bar ? 'progress of ' + bar.getAttribute('max') : null, ...parts])
      if (words && !window.probeSaid.includes(words)) window.probeSaid.push(words);
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
`;

describe('connecting to a NAS in browser mode', () => {
  it('asks to trust the host key on first connection, then shows the NAS details', async () => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openConnectScreen(page, app, lab);
    await submitPassword(page, lab.users.test.password);

    const dialog = page.getByTestId('fingerprint-dialog');
    await expect(dialog.getAttribute('role')).resolves.toBe('dialog');
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await expect(page.getByTestId('fingerprint-value').textContent()).resolves.toBe(labFingerprint());
    await expect(dialog.textContent()).resolves.toContain(`first time this computer connects to NAS ${lab.legs.a.nas}`);
    await expect(page.locator('dialog :focus').count()).resolves.toBe(1);
    await screenshot(page, 'connect-fingerprint');

    // What the status said while the NAS was read, kept as it appeared (it is gone once the probe ends).
    await page.evaluate(watchProbeStatus);
    await page.getByTestId('trust-host').click();
    const details = page.getByTestId('nas-details');
    await details.waitFor({ timeout: 30_000 });
    const probeSaid = await page.evaluate(() => (globalThis as unknown as { probeSaid: string[] }).probeSaid);
    expect(probeSaid).toContain('progress of 3');
    expect(probeSaid).toContain('Reading the NAS: its model, drives, network ports and tools.');
    const links = await page.getByTestId('nas-links').innerText();
    for (const leg of [lab.legs.a, lab.legs.b, lab.legs.slow]) {
      expect(links).toMatch(new RegExp(`^${leg.nasIf} · .+ · ${leg.nas.replaceAll('.', '\\.')} · up$`, 'm'));
    }
    const tools = await page.getByTestId('nas-tools').innerText();
    expect(tools).toContain(`fio ${labToolVersion('fio')}`);
    expect(tools).toContain(`iperf3 ${labToolVersion('iperf3')}`);
    const route = await page.getByTestId('client-route').innerText();
    expect(route).toContain(lab.legs.a.hostIf);
    expect(route).toContain(lab.legs.a.host);
    await expect(details.innerText()).resolves.toContain('How this computer reaches it');
    await screenshot(page, 'connect-nas-details');

    await page.getByTestId('disconnect').click();
    await page.getByTestId('username').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('says in plain words that the password was wrong', async () => {
    await openConnectScreen(page, app, lab);
    await submitPassword(page, 'not-the-password');
    // Escape is "Cancel": nothing is trusted, and the typed password is gone.
    await page.keyboard.press('Escape');
    await page.getByTestId('fingerprint-dialog').waitFor({ state: 'detached' });
    await expect(page.getByTestId('password').inputValue()).resolves.toBe('');

    await submitPassword(page, 'not-the-password');
    await page.getByTestId('trust-host').click();
    const error = page.getByTestId('connect-error');
    await error.waitFor({ timeout: 30_000 });
    await expect(error.getAttribute('data-code')).resolves.toBe('AUTH_FAILED');
    const text = await error.innerText();
    expect(text).toContain(`${lab.legs.a.nas} refused the user name or password`);
    expect(text).toContain('Check the user name and password.');
    // How to let NASBench in, open under the error: the brand is unknown here (typed, not found), so the user picks it.
    const help = page.getByTestId('ssh-setup-help');
    await expect(help.getAttribute('open')).resolves.not.toBeNull();
    await expect(help.innerText()).resolves.toMatch(/Which NAS is it\?/);
    await page.getByTestId('ssh-setup-help-brand').selectOption('qnap');
    await expect(help.getByTestId('ssh-setup-help-steps').innerText()).resolves.toContain(
      'Control Panel > Network & File Services > Telnet / SSH',
    );
    const pageText = await page.locator('body').innerText();
    expect(pageText).not.toMatch(/Error:/);
    expect(pageText).not.toMatch(/^\s*at \S+/m);
    await expect(page.getByTestId('password').inputValue()).resolves.toBe('');
    await screenshot(page, 'connect-wrong-password');
  });

  it('keeps the password nowhere on the page after connecting', async () => {
    const { password } = lab.users.test;
    await connectToLab(page, app, lab);
    const expectNoPassword = async () => {
      await expect(page.locator('body').innerText()).resolves.not.toContain(password);
      await expect(page.content()).resolves.not.toContain(password);
      for (const input of await page.locator('input').all()) {
        await expect(input.inputValue()).resolves.not.toBe(password);
      }
    };
    await expectNoPassword();

    // Back on the form after disconnecting, the password field starts empty.
    await page.getByTestId('disconnect').click();
    await expect(page.getByTestId('password').inputValue()).resolves.toBe('');
    await expectNoPassword();
  });

  it('refuses a NAS whose identity key changed: nothing continues but a deliberate key replacement', async () => {
    await writeFile(path.join(app.dataDir, 'known_hosts'), `${lab.legs.a.nas} ssh-ed25519 ${otherHostKey()}\n`);
    await openConnectScreen(page, app, lab);
    await page.getByTestId('password').fill(lab.users.test.password);
    await page.getByTestId('connect').click();
    const warning = page.getByTestId('host-key-mismatch');
    await warning.waitFor({ timeout: 30_000 });
    await expect(warning.getAttribute('data-code')).resolves.toBe('HOST_KEY_MISMATCH');
    await expect(warning.innerText()).resolves.toContain(`The identity key of ${lab.legs.a.nas} has changed`);
    // The one way on is "Forget this key…", which asks for a typed confirmation (connect-field.test.ts).
    await expect(warning.getByRole('button').allInnerTexts()).resolves.toEqual(['Forget this key…']);
    await expect(page.getByTestId('fingerprint-dialog').count()).resolves.toBe(0);
    await expect(page.getByTestId('password').inputValue()).resolves.toBe('');
    await screenshot(page, 'connect-host-key-mismatch');
  });
});
