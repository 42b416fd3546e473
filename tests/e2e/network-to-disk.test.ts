// lab: needs a quiet machine — fio writes the lab's disk at full speed
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLab, type LabInfo } from '../lab/lab';
import { connectToLab, openPlanScreen } from './connect-flow';
import { screenshot, useAppPage } from './harness';

/**
 * The network test's "Straight to the NAS's disks" in the built renderer against the lab: the network
 * alone, the disks alone and iperf3 on the NAS writing to a file in the lab's share, then the three
 * figures and which set the pace on Results. Then one TCP test per write size, shown as one table.
 */
const ui = useAppPage();
let lab: LabInfo;

beforeAll(() => {
  lab = readLab();
});

const panel = (): Locator => ui.page.getByTestId('network-test');

/** "119 MB/s" or "1,209 MB/s" → the figure */
function megabytes(text: string | null): number {
  const match = /^([\d,.]+) MB\/s/.exec(text?.trim() ?? '');
  if (!match?.[1]) throw new Error(`not a figure in MB/s: ${text}`);
  return Number(match[1].replaceAll(',', ''));
}

async function openNetworkTest(): Promise<void> {
  await connectToLab(ui.page, ui.app, lab);
  await openPlanScreen(ui.page);
  await panel().waitFor();
}

/** The lab's share, from the folders the probe listed or typed as "Another folder…". */
async function chooseShare(): Promise<void> {
  const select = panel().getByTestId('disk-folder');
  const listed = (await select.count()) > 0 && (await select.locator(`option[value="${lab.share}"]`).count()) > 0;
  if (listed) {
    await select.selectOption(lab.share);
    return;
  }
  if ((await select.count()) > 0) await select.selectOption('another');
  await panel().getByTestId('disk-folder-typed').fill(lab.share);
}

async function waitForDone(timeout: number): Promise<void> {
  await expect.poll(() => ui.page.getByTestId('run-state').textContent(), { timeout }).toMatch(/done|failed/);
  await expect(ui.page.getByTestId('run-state').textContent()).resolves.toBe('done');
}

describe('the network straight to the NAS’s disks', () => {
  it('sets the figure beside the network alone and the disks alone, and says which set the pace', async () => {
    await openNetworkTest();
    await panel().getByTestId('network-through-disks').check();
    // One TCP stream, one way, on the address logged in at: the choices that do not go with it are gone.
    for (const gone of ['direction-bidir', 'protocol-udp', 'network-streams', 'several-links'])
      await expect(panel().getByTestId(gone).count(), gone).resolves.toBe(0);
    await panel().getByTestId('disk-way-to-disk').check();
    await chooseShare();
    await panel().getByTestId('network-seconds').fill('3');

    // A list of write sizes does not go with it either: said on the field, and nothing starts.
    await panel().getByTestId('network-advanced').click();
    await panel().getByTestId('network-write-sizes').fill('4k, 64k');
    await panel().getByTestId('start-network').click();
    await expect(panel().getByTestId('network-write-sizes').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(panel().innerText()).resolves.toContain('runs at one write size');
    await panel().getByTestId('network-write-sizes').fill('');

    await expect(panel().getByTestId('start-network').textContent()).resolves.toBe('Start the test through the disks');
    await panel().getByTestId('start-network').click();
    await ui.page.getByTestId('live-chart').waitFor();
    await waitForDone(120_000);

    await ui.page.getByRole('button', { name: 'See results' }).click();
    const through = ui.page.getByTestId('saved-disk-through-network');
    await through.waitFor();
    const figure = megabytes(await through.getByTestId('through-disk-figure').textContent());
    const network = megabytes(await through.getByTestId('through-disk-network-alone').textContent());
    const disks = megabytes(await through.getByTestId('through-disk-disks-alone').textContent());
    // Leg a is shaped to 1 Gbit/s (125 MB/s); the lab's disk is far faster, so the network is the limit.
    expect(network).toBeGreaterThan(100);
    expect(network).toBeLessThan(126);
    expect(disks).toBeGreaterThan(network);
    expect(figure).toBeGreaterThan(network * 0.9);
    expect(figure).toBeLessThan(126);
    await expect(through.getAttribute('data-limit')).resolves.toBe('network');
    await expect(through.getByTestId('through-disk-limit').textContent()).resolves.toContain(
      'the network set the pace',
    );
    await expect(through.innerText()).resolves.toContain('The disks alone (SEQ1M Q1T1 write)');
    // What the NAS's memory did with the write, said either way.
    await expect(through.getByTestId('through-disk-note').textContent()).resolves.toMatch(/memory/);
    // It is the headline (the run's peak would mix in the disks' own), drawn once; the two parts alone are in its
    // table, not drawn again on their own.
    await expect(ui.page.getByTestId('results-average').count()).resolves.toBe(0);
    await expect(through.count()).resolves.toBe(1);
    await expect(ui.page.getByTestId('saved-network-result').count()).resolves.toBe(0);
    await screenshot(ui.page, 'network-to-disk-results');
    expect(ui.pageErrors).toEqual([]);
  }, 180_000);

  it('runs one TCP test per write size and shows them as one table', async () => {
    await openNetworkTest();
    await panel().getByTestId('network-seconds').fill('2');
    await panel().getByTestId('network-advanced').click();
    await panel().getByTestId('network-write-sizes').fill('4k, 128k');
    await panel().getByTestId('network-socket-buffer').fill('4M');
    await panel().getByTestId('start-network').click();
    await ui.page.getByTestId('live-chart').waitFor();
    await waitForDone(60_000);

    await ui.page.getByRole('button', { name: 'See results' }).click();
    const rows = ui.page.locator('[data-testid="write-size-table"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await expect(rows.locator('th').allTextContents()).resolves.toEqual(['4k', '128k']);
    for (const rate of await rows.locator('td').allTextContents()) {
      expect(megabytes(rate)).toBeGreaterThan(10);
      expect(megabytes(rate)).toBeLessThan(126);
    }
    // The table is the headline: no one "average" stands for two different tests.
    await expect(ui.page.getByTestId('results-average').count()).resolves.toBe(0);
    await screenshot(ui.page, 'network-write-sizes-results');
    expect(ui.pageErrors).toEqual([]);
  }, 120_000);
});
