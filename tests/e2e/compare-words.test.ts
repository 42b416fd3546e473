import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { RunStore } from '../../electron/engine/store';
import { RunRecord } from '../../shared/contract/runs';
import { screenshot, useAppPage } from './harness';

/**
 * Compare in words on two real Quick checks of the lab NAS, saved as NASBench saved them
 * (tests/fixtures/runs/README.md): one over leg a named "Cable", one over the 200 Mbit/s leg named
 * "Wi-Fi", a minute apart on the same NAS folder. The network is what changed; the disks, the same drive
 * both times, read within their noise, and Compare says so rather than show a difference — and where a
 * disk figure did move beyond it, says both figures.
 */
const ui = useAppPage();

async function savedRun(name: string): Promise<RunRecord> {
  return RunRecord.parse(JSON.parse(await readFile(`tests/fixtures/runs/${name}`, 'utf8')));
}

describe('Compare in words, on two recorded lab runs', () => {
  it('names both connections, says the network changed, and a disk figure within its noise did not', async () => {
    const store = new RunStore(ui.app.dataDir);
    for (const name of ['lab-quick-cable.json', 'lab-quick-wifi.json']) await store.save(await savedRun(name));
    await ui.page.goto(ui.app.url);
    await ui.page.getByTestId('nav-history').click();
    const runs = ui.page.getByTestId('history-run');
    await expect.poll(() => runs.count(), { timeout: 10_000 }).toBe(2);
    for (const index of [0, 1]) await runs.nth(index).getByTestId('history-compare').check();
    await ui.page.getByTestId('show-compare').click();
    const words = (await ui.page.getByTestId('compare-in-words').innerText()).split('\n');
    // The network carried a fifth over the slow leg both ways. The disks' best read, 2,113 against 2,038 MB/s, lies
    // within two of its spreads (2.6% and 2.9%): no change. Their best write, 2,766 against 3,021 MB/s, is 8.8%
    // apart with spreads of 0.8% and 3.1%: a change, said with both figures.
    expect(words).toEqual([
      'Over Wi-Fi, copies to the NAS are 5.0× slower than over Cable: the network carried 23.9 MB/s against 120 MB/s; ' +
        'the disks ran at 2,766 MB/s against 3,021 MB/s.',
      'Over Wi-Fi, copies from the NAS are 5.0× slower than over Cable: the network carried 23.9 MB/s against 120 MB/s; ' +
        'the disks did not change (within the noise).',
    ]);
    await screenshot(ui.page, 'compare-cable-wifi-in-words');
    expect(ui.pageErrors).toEqual([]);
  });
});
