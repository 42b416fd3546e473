import { readdir, rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nasExec, readLab } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { connectToLab } from './connect-flow';
import { artifactsDir, screenshot, useAppPage } from './harness';

/**
 * The share copy test from the Plan screen, in the built renderer: no NAS needed, since a
 * mounted share is a folder on this computer. A folder on /var/tmp (a real disk) stands in.
 */
const ui = useAppPage();
let folder: string;

beforeEach(async () => {
  folder = await tempDir('e2e-copy', '/var/tmp');
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the share copy test in browser mode', () => {
  it('copies a 32 MiB file to a typed folder and shows each figure in Results', async () => {
    await ui.page.goto(ui.app.url);
    await ui.page.getByTestId('nav-plan').click();
    await ui.page.getByTestId('share-copy').waitFor();
    await ui.page.getByTestId('copy-folder').fill(folder);
    await ui.page.getByTestId('copy-size').fill('32');
    await ui.page.getByTestId('start-copy').click();

    const runState = () => ui.page.getByTestId('run-state').textContent();
    await expect.poll(runState, { timeout: 60_000, interval: 100 }).toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');

    await ui.page.getByRole('button', { name: 'See results' }).click();
    const table = ui.page.getByTestId('copy-results');
    await table.waitFor();
    const ops = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-op')));
    expect(ops).toEqual(['write', 'read']);
    for (const cell of await table.locator('td[data-bytes-per-second]').all()) {
      expect(Number(await cell.getAttribute('data-bytes-per-second'))).toBeGreaterThan(0);
      await expect(cell.innerText()).resolves.toMatch(/^[\d,.]+ MB\/s ±[\d.]+%$/);
    }
    await expect(table.locator('tbody tr').first().innerText()).resolves.toContain('32.0 MiB');
    await screenshot(ui.page, 'copy-results');
    expect(await readdir(folder)).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });

  it('offers the connected NAS’s mounted share first, and sweeps it with the NAS’s RAM taken into account', async () => {
    const lab = readLab();
    const before = nasExec(['find', lab.share]).stdout;
    await connectToLab(ui.page, ui.app, lab);
    await ui.page.getByTestId('nav-plan').click();
    // The lab share, mounted over sshfs through leg a, is marked as being on the NAS just connected.
    const offered = ui.page.getByTestId('copy-mounted-shares').locator('li', { hasText: lab.clientMount.path });
    await expect.poll(() => offered.count(), { timeout: 15_000 }).toBe(1);
    await expect(offered.getByTestId('share-on-nas').textContent()).resolves.toBe('on the connected NAS');
    await offered.getByRole('button', { name: `Use this share: ${lab.clientMount.path}` }).click();
    await expect(ui.page.getByTestId('copy-folder').inputValue()).resolves.toBe(lab.clientMount.path);
    await ui.page.getByTestId('copy-size').fill('32');
    await ui.page.getByTestId('copy-sweep').check();
    await ui.page.getByTestId('copy-sweep-minutes').fill('1');
    await ui.page.getByTestId('share-copy').screenshot({ path: `${artifactsDir}/copy-panel-nas-share.png` });
    await ui.page.getByTestId('start-copy').click();

    const runState = () => ui.page.getByTestId('run-state').textContent();
    await expect.poll(runState, { timeout: 150_000, interval: 250 }).toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');
    await ui.page.getByRole('button', { name: 'See results' }).click();
    await ui.page.getByTestId('copy-sweep-chart').waitFor();
    // The probe's RAM reached the sweep: the NAS's RAM is stated, not "unknown".
    await expect(ui.page.getByTestId('copy-sweep-ram').innerText()).resolves.toMatch(
      /this computer [\d.]+ GiB; the NAS [\d.]+ GiB\.$/,
    );
    // Nothing fell off within a minute of sizes: every size tested may still be cached, and the chart says so.
    await expect(ui.page.getByTestId('copy-sweep-chart').locator('canvas').getAttribute('aria-label')).resolves.toMatch(
      /shaded: (fits in ram \(may be cached\)|cached \(before the wall\))/,
    );
    await screenshot(ui.page, 'copy-sweep-nas-share');
    expect(nasExec(['find', lab.share]).stdout).toBe(before);
    expect(ui.pageErrors).toEqual([]);
  }, 200_000);

  it('offers the NAS’s SMB shares too, and Results say the protocol and its terms', async () => {
    const lab = readLab();
    await connectToLab(ui.page, ui.app, lab);
    await ui.page.getByTestId('nav-plan').click();
    // The lab's Samba, mounted through smbnetfs: its encrypted share, on the NAS just connected.
    const offered = ui.page.getByTestId('copy-mounted-shares').locator('li', { hasText: lab.smb.encrypted });
    await expect.poll(() => offered.count(), { timeout: 15_000 }).toBe(1);
    await expect(offered.getByTestId('share-on-nas').textContent()).resolves.toBe('on the connected NAS');
    await offered.getByRole('button', { name: `Use this share: ${lab.smb.encrypted}` }).click();
    await ui.page.getByTestId('copy-size').fill('32');
    await ui.page.getByTestId('start-copy').click();
    const runState = () => ui.page.getByTestId('run-state').textContent();
    await expect.poll(runState, { timeout: 90_000, interval: 250 }).toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');
    await ui.page.getByRole('button', { name: 'See results' }).click();
    // What the NAS's Samba config says of this share: encryption required, which signs too; the run's own
    // interface by the connection's name (suggested from it: the lab's is a virtual one). The name comes with the
    // saved run, which may arrive a moment after the end event has drawn the heading with the interface alone.
    await expect
      .poll(() => ui.page.getByTestId('copy-place').innerText(), { timeout: 10_000 })
      .toMatch(
        new RegExp(
          `^Copying to and from the share ${lab.smb.server.replaceAll('.', '\\.')} over SMB[^,]*, signed, encrypted, via Virtual link \\(${lab.legs.a.hostIf}\\)$`,
        ),
      );
    await screenshot(ui.page, 'copy-smb-encrypted');
    expect(ui.pageErrors).toEqual([]);
  }, 150_000);
});
