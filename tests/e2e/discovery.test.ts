import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readLab } from '../lab/lab';
import { addNasAddresses, removeNasAddresses, startResponders, type Spawned } from '../lab/responders/discovery-lab';
import { tempDir } from '../unit/helpers';
import { launchChromium, screenshot, startWebApp, type WebApp } from './harness';
import { urlOfWebApp } from './web-app';

/**
 * The Devices screen's list of NASes found on the network. Browser mode normally runs in the
 * host's namespace, where discovery must stay off (the harness switches it off); the live tests
 * run the web server AND Chromium inside the lab's client namespace instead, so the search only
 * reaches the responders in the NAS namespace.
 */
let browser: Browser | undefined;
let stopApp: (() => Promise<void>) | undefined;

afterEach(async () => {
  await browser?.close();
  await stopApp?.();
  browser = undefined;
  stopApp = undefined;
});

async function openDevices(url: string, launch: () => Promise<Browser>): Promise<Page> {
  browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(url);
  await page.getByRole('heading', { name: 'Devices' }).waitFor();
  return page;
}

describe('Devices screen with discovery switched off (host namespace)', () => {
  let app: WebApp;

  it('says the search is off, still takes an address, and remembers it across a reload', async () => {
    app = await startWebApp();
    stopApp = () => app.stop();
    const page = await openDevices(app.url, launchChromium);
    await expect.poll(() => page.getByTestId('discovery-off').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('not available in this version').count()).toBe(0);
    await page.getByLabel('Host name or IP address').fill('198.18.1.2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: /Connect/ }).waitFor();
    // The address is saved in the background; on a busy disk the write (with its fsync) can take a few seconds
    // (seen in CI): reload once it has landed, since the reloaded page reads the list once.
    const savedList = () => readFile(path.join(app.dataDir, 'recent-devices.json'), 'utf8').catch(() => '');
    await expect.poll(savedList, { timeout: 20_000 }).toContain('198.18.1.2');
    // A reload is a new renderer with empty stores: the list must come from the data folder.
    await page.reload();
    // The reload stays on Connect (where the user was); the list is on Devices.
    await page.getByRole('heading', { name: /Connect/ }).waitFor();
    await page.getByTestId('nav-devices').click();
    await expect.poll(() => page.getByTestId('recent-nas').textContent(), { timeout: 10_000 }).toContain('198.18.1.2');
    const saved = JSON.parse(await readFile(path.join(app.dataDir, 'recent-devices.json'), 'utf8')) as unknown;
    expect(saved).toMatchObject({ devices: [{ host: '198.18.1.2', port: 22 }] });
    await screenshot(page, 'devices-discovery-off');
  });
});

/** Browser mode started inside the client namespace; its 127.0.0.1 is that namespace's own. */
async function startWebAppInClient(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = await tempDir('e2e-discovery');
  const tsx = path.resolve('node_modules/.bin/tsx');
  const child = spawn(
    'ip',
    ['netns', 'exec', readLab().clientNamespace, tsx, 'electron/web/index.ts', '--port', '0', '--data-dir', dataDir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const url = await urlOfWebApp(child);
  return { url, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The harness's Chromium flags, with the browser itself started inside the client namespace. */
async function launchChromiumInClient(): Promise<Browser> {
  const wrapper = path.join(await tempDir('chromium'), 'chromium-in-client');
  await writeFile(wrapper, `#!/bin/sh\nexec ip netns exec ${readLab().clientNamespace} /usr/bin/chromium "$@"\n`);
  await chmod(wrapper, 0o755);
  return chromium.launch({
    executablePath: wrapper,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
}

describe('Devices screen with live discovery (client namespace)', () => {
  let responders: Spawned | undefined;
  beforeAll(() => addNasAddresses());
  afterAll(async () => {
    await responders?.stop();
    removeNasAddresses();
  });

  it('explains what to check when no NAS answers', async () => {
    const app = await startWebAppInClient();
    stopApp = app.stop;
    const page = await openDevices(app.url, launchChromiumInClient);
    await page.getByTestId('nothing-found').waitFor({ timeout: 15_000 });
    const text = (await page.getByTestId('nothing-found').textContent()) ?? '';
    expect(text).toMatch(/same network/);
    expect(text).toMatch(/mDNS/);
    expect(text).toMatch(/type the NAS’s address/);
    await screenshot(page, 'devices-nothing-found');
  });

  it('fills the list as the NASes answer, and "Use" takes the found address to Connect', async () => {
    responders = await startResponders([
      ...['--mdns', 'synology@198.18.9.2=_http._tcp,_smb._tcp,_ssh._tcp', '--mdns', 'qnap@198.18.9.3'],
      ...['--ssdp', '198.18.9.2'],
    ]);
    const app = await startWebAppInClient();
    stopApp = app.stop;
    const page = await openDevices(app.url, launchChromiumInClient);
    const list = page.getByTestId('discovered-nases');
    // Live: both are listed while the 5 s search is still running.
    await expect.poll(() => list.getByTestId('discovered-device').count(), { timeout: 4000 }).toBe(2);
    expect(await page.getByTestId('search-again').isDisabled()).toBe(true);
    const first = (await list.getByTestId('discovered-device').first().textContent()) ?? '';
    expect(first).toContain('DiskStation');
    expect(first).toContain('Synology DS218+');
    expect(first).toContain('198.18.9.2');
    expect(first).toMatch(/SMB share.*SSH|SSH.*SMB share/);
    expect(await list.getByTestId('discovered-device').nth(1).textContent()).toContain('QNAP HS-453DX');
    await expect.poll(() => page.getByTestId('search-again').isEnabled(), { timeout: 8000 }).toBe(true);
    expect(await list.getByTestId('discovered-device').count()).toBe(2); // refresh-safe: each once
    await screenshot(page, 'devices-found');
    await page.getByRole('button', { name: 'Use DiskStation' }).click();
    await page.getByRole('heading', { name: /Connect/ }).waitFor();
    expect(await page.locator('main').textContent()).toContain('198.18.9.2');
    // Nothing listens for SSH on port 9 there, as on a Synology whose SSH is off: the help names DSM's own menu.
    await page.getByRole('button', { name: /Change the NAS address/ }).click();
    await page.locator('input[id$="-port"]').fill('9');
    await page.getByRole('button', { name: 'Use this address' }).click();
    await page.getByTestId('username').fill('admin');
    await page.getByTestId('password').fill('not-used');
    await page.getByTestId('connect').click();
    await page.getByTestId('connect-error').waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('connect-error').getAttribute('data-code')).resolves.toBe('UNREACHABLE');
    const help = page.getByTestId('ssh-setup-help');
    await expect(help.getAttribute('data-brand')).resolves.toBe('synology');
    await expect(help.innerText()).resolves.toContain('Control Panel > Terminal & SNMP > Terminal');
  });
});
