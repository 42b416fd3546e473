import { beforeAll, describe, expect, it } from 'vitest';
import { readLab, type LabInfo, type LabLeg } from '../lab/lab';
import { connectToLab, openPlanScreen } from './connect-flow';
import { screenshot, useAppPage } from './harness';

/**
 * History and Compare in the built renderer: two network tests, one over a 1 Gbit/s leg and one
 * over the 200 Mbit/s leg, are saved; History lists them after a reload with what the NAS itself did,
 * Results shows a saved one with its verdict, and Compare names both links, states the difference and
 * lines up what the NAS did in each.
 */
const ui = useAppPage();
let lab: LabInfo;

beforeAll(() => {
  lab = readLab();
});

/** An upload over one leg, from the NAS's tests on Plan, until it is done. */
async function uploadOver(leg: LabLeg): Promise<void> {
  await openPlanScreen(ui.page);
  await ui.page.getByTestId('network-test').waitFor();
  await ui.page.getByTestId('direction-upload').check();
  await ui.page.getByTestId('network-seconds').fill('2');
  // The panel remembers it is open from the first run.
  if (!(await ui.page.getByTestId('legs').isVisible())) await ui.page.getByTestId('several-links').click();
  await ui.page.getByTestId('legs').waitFor();
  if ((await ui.page.getByTestId('remove-leg-2').count()) > 0) await ui.page.getByTestId('remove-leg-2').click();
  await ui.page.getByTestId('leg-1-nas').selectOption(leg.nas);
  await ui.page.getByTestId('leg-1-local').fill(leg.host);
  await ui.page.getByTestId('start-network').click();
  await expect.poll(() => ui.page.getByTestId('run-state').textContent(), { timeout: 60_000 }).toMatch(/done|failed/);
  await expect(ui.page.getByTestId('run-state').textContent()).resolves.toBe('done');
}

describe('History and Compare in browser mode', () => {
  it('keeps both runs after a reload, shows a saved one with its verdict, and compares the two links', async () => {
    await connectToLab(ui.page, ui.app, lab);
    await uploadOver(lab.legs.a);
    await uploadOver(lab.legs.slow);

    // Saved on disk, not only in this page: a reload still lists both.
    await ui.page.reload();
    await ui.page.getByTestId('nav-history').click();
    const runs = ui.page.getByTestId('history-run');
    await expect.poll(() => runs.count(), { timeout: 10_000 }).toBe(2);
    // What the NAS itself did during each upload, in a line of its own (#33).
    for (const run of await runs.all()) {
      await expect(run.getByTestId('history-nas').innerText()).resolves.toMatch(
        /^NAS: processor \d+% busy(, \S+ busiest)?(; [a-z0-9 ,]+)?$/,
      );
    }
    await screenshot(ui.page, 'history');

    // The older run (leg a) opens on Results from the saved file, with its chart and a verdict section.
    await runs.nth(1).getByTestId('history-open').click();
    await ui.page.getByTestId('verdicts').waitFor();
    await expect(ui.page.getByTestId('results-average').textContent()).resolves.toMatch(/^[\d,.]+ MB\/s$/);
    await expect(ui.page.getByTestId('live-chart').getAttribute('data-points')).resolves.not.toBe('0');
    await screenshot(ui.page, 'history-saved-results');

    await ui.page.getByTestId('nav-history').click();
    await runs.nth(0).getByTestId('history-tags').fill('slow leg');
    await runs.nth(0).getByTestId('history-tags').press('Enter');
    await runs.nth(1).getByTestId('history-compare').check();
    await runs.nth(0).getByTestId('history-compare').check();
    const compare = ui.page.getByTestId('compare');
    await compare.waitFor();
    const differences = await compare.getByTestId('compare-differences').innerText();
    // Baseline is the leg-a run (ticked first); the slow leg is far slower, and both links are named.
    expect(differences).toMatch(
      new RegExp(
        `to ${lab.legs.slow.nas} \\(slow leg\\): −\\d+% upload \\(this computer to NAS\\) \\(against .* to ${lab.legs.a.nas}\\)\\.`,
      ),
    );
    const percent = Number(/−(\d+)%/.exec(differences)?.[1]);
    // 200 vs 1000 Mbit/s: about 80% less.
    expect(percent).toBeGreaterThan(70);
    expect(percent).toBeLessThan(90);
    await expect(compare.getByTestId('compare-table').locator('tbody tr').count()).resolves.toBe(1);
    // Beside the figures, what the NAS itself did in each run, per test: its processor, busiest process and drive.
    const nas = compare.getByTestId('compare-nas-table');
    const upload = nas.locator('tbody tr', { hasText: 'Upload (this computer to the NAS)' });
    const cells = upload.locator('td');
    await expect(cells.count()).resolves.toBe(2);
    for (const cell of await cells.all()) {
      expect(Number(await cell.getAttribute('data-cpu-busy'))).toBeGreaterThanOrEqual(0);
      await expect(cell.innerText()).resolves.toMatch(
        /^processor \d+% busy\n\S+ the busiest at .+\ndrive \S+ busy \d+%/,
      );
    }
    await compare.getByTestId('compare-nas').scrollIntoViewIfNeeded();
    await screenshot(ui.page, 'history-compare');
    expect(ui.pageErrors).toEqual([]);
  }, 120_000);
});
