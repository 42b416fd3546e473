// lab: needs a quiet machine — it drives this computer's disk at full speed (32 I/Os in flight, GB/s sequential), which would move the disk figures and cell times other sandboxes measure on the same disk
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../unit/helpers';
import { seriousViolations } from './axe';
import { artifactsDir, screenshot, useAppPage } from './harness';
import { connectToLab } from './connect-flow';
import { readLab } from '../lab/lab';

/**
 * "Test a share" from Devices with no NAS login at all (issue #50): CrystalDiskMark's default tests
 * from this computer on a folder, through the real engine, to the tile, its text and the report.
 * A fresh folder under /var/tmp (a real disk here; /tmp may be tmpfs) stands in for the mounted share.
 */
const ui = useAppPage();
let folder: string;

beforeEach(async () => {
  folder = await tempDir('e2e-share-bench', '/var/tmp');
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const eight = ['SEQ1M Q8T1', 'SEQ1M Q1T1', 'RND4K Q32T1', 'RND4K Q1T1'].flatMap((row) => [
  `${row} read`,
  `${row} write`,
]);

describe('Test a share, with no NAS login', () => {
  it('runs CrystalDiskMark’s eight tests on a folder and shows them in the tile, its text and the report', async () => {
    const { page } = ui;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(ui.app.url);
    // Beside the loopback test on Devices: it shows the form in place.
    await page.getByTestId('open-share-bench').click();
    const panel = page.getByTestId('share-bench');
    await panel.waitFor();
    await expect(page.getByTestId('open-share-bench').getAttribute('aria-expanded')).resolves.toBe('true');
    // Nobody is logged in: the panel says what a login would add, rather than asking for one.
    await expect(panel.getByTestId('share-login-note').innerText()).resolves.toMatch(/^No NAS login needed\. With/);
    await expect(page.getByTestId('share-profile-default').isChecked()).resolves.toBe(true);
    await page.getByTestId('share-folder').fill(folder);
    await page.getByTestId('share-size').fill('16');
    await page.getByTestId('share-advanced').click();
    await page.getByTestId('share-seconds').fill('1');
    await page.getByTestId('share-passes').fill('1');
    // Eight tests, each a one-second warm-up and one scored second.
    await expect(panel.getByTestId('share-estimate').innerText()).resolves.toContain('about 16 s');
    expect(await seriousViolations(page, 'devices with Test a share open')).toEqual([]);
    await panel.screenshot({ path: path.join(artifactsDir, 'share-bench-panel.png') });
    await page.getByTestId('start-share-bench').click();

    // Run: one live chart whose series are the tests as they come.
    await page.getByTestId('live-chart').waitFor();
    // Followed test by test, as a disk run is ("Test 5 of 9": the file's layout, then the eight).
    await expect
      .poll(() => page.getByTestId('run-step').innerText(), { timeout: 30_000 })
      .toMatch(/^Test \d+ of \d+: RND4K/);
    await screenshot(page, 'share-bench-run');
    const runState = () => page.getByTestId('run-state').textContent();
    await expect.poll(runState, { timeout: 90_000, interval: 250 }).toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');
    await page.getByRole('button', { name: 'See results' }).click();

    const card = page.getByTestId('share-card');
    await card.waitFor();
    const table = page.getByTestId('share-results');
    for (const name of eight) {
      const cell = await card.locator(`td[data-cell="${name}"]`).innerText();
      expect(Number(cell), name).toBeGreaterThan(0);
      // The tile's figure is the table's, in MB/s of 10^6 bytes with two decimals.
      const measured = Number(
        await table.locator(`tr[data-test="${name}"] td[data-bytes-per-second]`).getAttribute('data-bytes-per-second'),
      );
      expect(cell, name).toBe((measured / 1e6).toFixed(2));
    }
    await expect(table.locator('tbody tr').count()).resolves.toBe(8);
    for (const row of await table.locator('tbody tr').all())
      await expect(row.innerText()).resolves.toMatch(/[\d,.]+ IOPS\t[\d.]+ [µm]s\tone pass\tUncached/);

    // Copy as text puts the same text on the clipboard as "Show as text" shows.
    await card.getByTestId('share-copy').click();
    await expect.poll(() => card.getByRole('status').textContent()).toBe('Copied.');
    await card.getByText('Show as text').click();
    const shown = await card.getByTestId('share-text').innerText();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(shown);
    expect(shown).toContain("\nNASBench: CrystalDiskMark's tests from this computer (NASBench's own engine)\n");
    expect(shown).toContain('  Where: on this computer’s own disk (no NAS involved)');
    expect(shown).toMatch(
      /\[Read\]\n {2}SEQ {4}1MiB \(Q= {2}8, T= 1\): +\d+\.\d{3} MB\/s \[ *[\d.]+ IOPS\] < *[\d.]+ us>/,
    );
    expect(shown).toContain('   Test: 16.0 MiB (x1) [');
    expect(shown).not.toContain('not measured');
    expect(await seriousViolations(page, 'results of the share benchmark')).toEqual([]);
    await screenshot(page, 'share-bench-results');

    // The report has a row per test under the benchmark's own heading.
    await page.getByTestId('export-report').click();
    // The preview is a shadow root of its own, which getByText looks into.
    const preview = page.getByTestId('report-preview-html');
    await expect
      .poll(() => preview.getByText('Share benchmark from this computer').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect(preview.getByText('SEQ1M Q8T1 read', { exact: true }).count()).resolves.toBeGreaterThan(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-save').click()]);
    const report = await readFile(await download.path(), 'utf8');
    await writeFile(path.join(artifactsDir, 'share-bench-report.html'), report);
    expect(report).toContain('Share benchmark from this computer');
    for (const name of eight) expect(report, name).toContain(name);

    // It wrote only in its own .nasbench-<run> folder there, and removed it.
    expect(await readdir(folder)).toEqual([]);

    // The copy test and the small-files test are one press away, with no login either.
    await page.getByTestId('nav-devices').click();
    await page.getByTestId('share-copy-way').click();
    await expect(page.getByRole('heading', { name: 'Test a shared folder' }).isVisible()).resolves.toBe(true);
    expect(ui.pageErrors).toEqual([]);
  }, 150_000);

  it('with the NAS’s login, a share on it is also tested on the NAS’s own disks, and the answer sets the two side by side', async () => {
    const { page } = ui;
    const lab = readLab();
    await connectToLab(page, ui.app, lab);
    await page.getByTestId('nav-devices').click();
    await page.getByTestId('open-share-bench').click();
    const panel = page.getByTestId('share-bench');
    await panel.waitFor();
    // Before a share of the NAS is chosen there is nothing to set beside its disks.
    await page.getByTestId('share-folder').fill(folder);
    await expect(panel.getByTestId('share-nas-disks').count()).resolves.toBe(0);
    await page.getByTestId('share-folder').fill(lab.smb.share);
    const nasDisks = panel.getByTestId('share-nas-disks');
    await expect.poll(() => nasDisks.count(), { timeout: 15_000 }).toBe(1);
    await expect(nasDisks.isChecked()).resolves.toBe(true);
    await page.getByTestId('share-profile-real').check();
    await page.getByTestId('share-size').fill('16');
    await page.getByTestId('share-advanced').click();
    await page.getByTestId('share-seconds').fill('1');
    await page.getByTestId('share-passes').fill('1');
    await page.getByTestId('start-share-bench').click();
    const runState = () => page.getByTestId('run-state').textContent();
    await expect.poll(runState, { timeout: 120_000, interval: 250 }).toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');
    await page.getByRole('button', { name: 'See results' }).click();
    await page.getByTestId('share-card').waitFor();
    // The NAS's own 4K figure, measured in the same run, is what the share's is said against.
    await expect
      .poll(() => page.getByText(/On the NAS’s own disks the same test gave [\d.,]+ [KMG]B\/s/).count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(ui.pageErrors).toEqual([]);
  }, 180_000);
});
