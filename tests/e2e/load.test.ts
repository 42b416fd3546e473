// lab: needs a quiet machine — each computer's figure against its 1 Gbit/s leg, under a shared CPU
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodputBytesPerSecond } from '../../shared/verdicts';
import { nasExec, readLab, type LabInfo } from '../lab/lab';
import { leftOnNas, loadHelpers, loadHelpersDown, loadHelpersUp } from '../lab/load-helpers';
import { connectToLab, openPlanScreen } from './connect-flow';
import { screenshot, useAppPage } from './harness';
import { measureAgainIfOff } from '../helpers/measure-again';
import { expectOneAnswer } from './one-answer';

/**
 * "Load from several computers" on the Plan screen, in the built renderer: two other computers
 * (namespaces with their own 1 Gbit/s legs to the lab NAS, each running fio --server) write to the
 * lab share at once; a live line per computer and their total, then each figure and the total.
 */
const ui = useAppPage();
const folder = 'load-e2e';
let lab: LabInfo;

beforeAll(() => {
  lab = readLab();
  loadHelpersUp(lab, folder);
}, 60_000);
afterAll(() => loadHelpersDown(lab, folder));

/** Points per live line, from the chart ("helper-0:5 total:4"). */
async function pointsPerLine(): Promise<Record<string, number>> {
  const text = (await ui.page.getByTestId('live-chart').getAttribute('data-series-points')) ?? '';
  return Object.fromEntries(
    text
      .split(' ')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.lastIndexOf(':')), Number(entry.slice(entry.lastIndexOf(':') + 1))]),
  );
}

describe('load from several computers, in browser mode', () => {
  it('draws a live line per computer and their total, then shows each figure and the total', async () => {
    await ui.page.goto(ui.app.url);
    await ui.page.getByTestId('nav-plan').click();
    const panel = ui.page.getByTestId('load-test');
    await panel.waitFor();
    await panel
      .getByTestId('load-helpers')
      .fill(loadHelpers.map((helper) => `${helper.control} ${helper.mount}/${folder}`).join('\n'));
    // Asked first: both answer, with the same fio as this computer, and see their folders.
    await panel.getByTestId('load-check').click();
    const answers = panel.getByTestId('load-check-result');
    await expect.poll(() => answers.count(), { timeout: 20_000 }).toBe(2);
    for (const answer of await answers.all()) {
      await expect(answer.getAttribute('data-ok')).resolves.toBe('true');
      await expect(answer.innerText()).resolves.toMatch(/ready — fio-[\d.]+ on Linux, sees its folder\./);
    }
    const table = ui.page.getByTestId('load-results');
    /** One load run from the panel, to its results table: each computer's figure. */
    const runLoad = async () => {
      await panel.getByTestId('load-seconds').fill('6');
      await panel.getByTestId('load-size').fill('256');
      await panel.getByTestId('start-load').click();

      // Every line moves while the computers write.
      await expect
        .poll(async () => Object.values(await pointsPerLine()).every((count) => count >= 2), { timeout: 30_000 })
        .toBe(true);
      expect(Object.keys(await pointsPerLine()).sort()).toEqual(['helper-0', 'helper-1', 'total']);
      await screenshot(ui.page, 'load-live');
      const runState = () => ui.page.getByTestId('run-state').textContent();
      await expect.poll(runState, { timeout: 60_000, interval: 250 }).toMatch(/done|failed|cancelled/);
      await expect(runState()).resolves.toBe('done');
      // Stepped up (the default): one computer, then both.
      await expect(ui.page.getByTestId('run-step').textContent()).resolves.toMatch(/Measuring with 2 of 2 computers/);

      await ui.page.getByRole('button', { name: 'See results' }).click();
      await table.waitFor();
      return table
        .locator('[data-testid="load-client"] td[data-bytes-per-second]')
        .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-bytes-per-second'))));
    };
    // Each on its own 1 Gbit/s leg: more than half a leg (two computers sharing one leg could not both reach that),
    // never more than the leg. How close each comes to its leg is held in tests/integration/load-lab.test.ts, with a
    // second look; a 6 s run here read 0.75 of its leg once in CI, and 0.44 in a full run whose host was busy
    // (the same run's Quick check took 1.37× its estimate): a run with a computer under that is run once more, from
    // the Plan screen, and the better run's page is the one checked below.
    const leg = goodputBytesPerSecond(1e9, 1500);
    let attempts = 0;
    const figures = await measureAgainIfOff(
      'load from the panel, each computer against its leg',
      async () => {
        if ((attempts += 1) > 1) {
          await ui.page.getByTestId('nav-plan').click();
          await panel.waitFor();
        }
        return runLoad();
      },
      (run) => 0.55 - Math.min(...run.map((figure) => figure / leg)),
      (run) => run.map((figure) => `${((100 * figure) / leg).toFixed(0)}%`).join(' and '),
    );
    expect(figures).toHaveLength(2);
    for (const figure of figures) {
      expect(figure / leg).toBeGreaterThan(0.55);
      expect(figure / leg).toBeLessThan(1.05);
    }
    // The total is the sum of the figures on the page (the last run's, which is the better one whenever it counts).
    const shown = await table
      .locator('[data-testid="load-client"] td[data-bytes-per-second]')
      .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-bytes-per-second'))));
    const total = Number(await table.getByTestId('load-total').getAttribute('data-bytes-per-second'));
    expect(total).toBeCloseTo(
      shown.reduce((sum, figure) => sum + figure, 0),
      0,
    );
    // The answer: each computer on its own leg, so two carry well over what one does (about twice; one shared leg
    // would give about 1×). At least 1.5×, as the figures above allow a slow computer down to 0.55 of its leg.
    // (Upward there is no bound to say: CI once read 3.07× when the lone computer ran slow beside busy neighbours.)
    const answer = await ui.page.getByTestId('plan-answer').innerText();
    const grew =
      /The total grows with each computer writing to the NAS \(1 computer: 1\.00×; 2 computers: (\d+\.\d\d)×/.exec(
        answer,
      );
    expect(grew, answer).not.toBeNull();
    expect(Number(grew?.[1])).toBeGreaterThanOrEqual(1.5);
    await expectOneAnswer(ui.page);
    await screenshot(ui.page, 'load-results');
    expect(leftOnNas(lab, folder)).toBe('');
    // The computers are offered again next time (kept in the window's storage).
    await ui.page.reload();
    await ui.page.getByTestId('nav-plan').click();
    await expect(ui.page.getByTestId('load-helpers').inputValue()).resolves.toContain(loadHelpers[0].control);
    expect(ui.pageErrors).toEqual([]);
  }, 180_000);

  it('with a NAS connected, the NAS itself can join: its own line and row, its fio stopped and nothing left', async () => {
    await connectToLab(ui.page, ui.app, lab);
    await openPlanScreen(ui.page);
    const panel = ui.page.getByTestId('load-test');
    const [first] = loadHelpers;
    await panel.getByTestId('load-helpers').fill(`${first.control} ${first.mount}/${folder}`);
    await panel.getByTestId('load-also-nas').check();
    // Where on the NAS: the session's folder choice, shown here once the NAS takes part.
    const select = panel.getByTestId('disk-folder');
    if ((await select.count()) > 0) await select.selectOption('another');
    await panel.getByTestId('disk-folder-typed').fill(`${lab.share}/${folder}`);
    await panel.getByTestId('load-seconds').fill('4');
    await panel.getByTestId('load-size').fill('64');
    await panel.getByTestId('start-load').click();

    // The NAS's own fio serves on a socket in a private folder of its own, reached only through the SSH login.
    const nasServer = /--server=sock:\/\S*\/nasbench-fio\.\w{6}\/fio\.sock/;
    await expect.poll(() => nasExec(['pgrep', '-af', 'fio --server']).stdout, { timeout: 30_000 }).toMatch(nasServer);
    const runState = () => ui.page.getByTestId('run-state').textContent();
    await expect.poll(runState, { timeout: 60_000, interval: 250 }).toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');
    expect(Object.keys(await pointsPerLine()).sort()).toEqual(['helper-0', 'helper-1', 'total']);

    await ui.page.getByRole('button', { name: 'See results' }).click();
    const table = ui.page.getByTestId('load-results');
    await table.waitFor();
    const names = await table.locator('[data-testid="load-client"] th').allInnerTexts();
    expect(names).toEqual([first.control, 'The NAS itself (its own fio)']);
    await expect(table.locator('tfoot th').innerText()).resolves.toBe('All one computer and the NAS itself together');
    const figures = await table
      .locator('[data-testid="load-client"] td[data-bytes-per-second]')
      .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-bytes-per-second'))));
    expect(figures).toHaveLength(2);
    for (const figure of figures) expect(figure).toBeGreaterThan(0);
    // Its own figure says its caches as a disk test on the NAS does (the lab share is on ext4, direct I/O).
    const nasCache = await table.getByTestId('load-nas-cache').innerText();
    expect(nasCache.trim()).toBe('The NAS itself: uncached');
    await expect(table.locator('caption').innerText()).resolves.toMatch(/from one computer and the NAS itself at once/);
    await screenshot(ui.page, 'load-with-nas');
    expect(nasExec(['pgrep', '-af', 'fio --server']).stdout).not.toMatch(nasServer);
    expect(leftOnNas(lab, folder)).toBe('');
    expect(ui.pageErrors).toEqual([]);
  }, 120_000);
});
