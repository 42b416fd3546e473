import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { nasExec, nasPids, readLab, type LabInfo } from '../lab/lab';
import { connectToLab, openConnectScreen, openPlanScreen, submitPassword } from './connect-flow';
import { artifactsDir, screenshot, useAppPage } from './harness';
import { bySize, expectCellsPlaced, reportHeatmapCells } from '../helpers/heatmap-cells';
import { readByteSize } from '../../shared/util/units';
import { seriousViolations } from './axe';
import { expectOneAnswer } from './one-answer';

/**
 * The NAS disk test from the Plan screen of the connected NAS, in the built renderer against the lab NAS:
 * fio's Quick check in the lab's share (small and short, so it runs in seconds), then a folder
 * the NAS must refuse. Each test gets a fresh data folder and browser.
 */
const ui = useAppPage();
let lab: LabInfo;

beforeAll(() => {
  lab = readLab();
});

/** Picks "Another folder…" when the probe listed volumes (else the field is already a text box) and types the path. */
async function typeFolder(folder: string): Promise<void> {
  await ui.page.getByTestId('disk-test').waitFor();
  // The guided plans above share this folder choice; the disk test's own field is the one typed in here.
  const panel = ui.page.getByTestId('disk-test');
  const select = panel.getByTestId('disk-folder');
  if ((await select.count()) > 0 && (await select.inputValue()) !== 'another') {
    await select.selectOption('another');
    // The keyboard follows to the new field, where the user will type.
    await expect.poll(() => panel.locator('[data-testid="disk-folder-typed"]:focus').count()).toBe(1);
  }
  await panel.getByTestId('disk-folder-typed').fill(folder);
}

async function smallQuickCheck(): Promise<void> {
  await ui.page.getByTestId('disk-preset-quick').check();
  await expect(ui.page.getByTestId('disk-uncached').isChecked()).resolves.toBe(true);
  await ui.page.getByTestId('disk-advanced').click();
  await ui.page.getByTestId('disk-size').fill('32');
  // Two seconds: a one-second fio test can end with a single rate sample, too few for a spread (it then shows no ±).
  await ui.page.getByTestId('disk-seconds').fill('2');
}

/** Sorts the app's size labels ("16 MiB", "4k") smallest first. */
const byLabelledSize = (a: string, b: string) => (readByteSize(a) ?? 0) - (readByteSize(b) ?? 0);

/** axe-core on the page as it is, in both themes (the accessibility test covers the other screens). */
async function expectNoSeriousViolations(screen: string): Promise<void> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await ui.page.emulateMedia({ colorScheme: scheme });
    found.push(...(await seriousViolations(ui.page, `${screen} (${scheme})`)));
  }
  await ui.page.emulateMedia({ colorScheme: 'light' });
  expect(found).toEqual([]);
}

async function runState(): Promise<string | null> {
  return ui.page.getByTestId('run-state').textContent();
}

/**
 * A Quick check long enough to interrupt (8 tests of 5 s), started in the lab share; returns once
 * the chart has a few readings, when fio is running in the run's scratch folder (its path).
 */
async function startLongQuickCheck(): Promise<string> {
  await connectToLab(ui.page, ui.app, lab);
  await openPlanScreen(ui.page);
  await typeFolder(lab.share);
  await ui.page.getByTestId('disk-preset-quick').check();
  await ui.page.getByTestId('disk-advanced').click();
  await ui.page.getByTestId('disk-size').fill('64');
  await ui.page.getByTestId('disk-seconds').fill('5');
  await ui.page.getByTestId('start-disk').click();
  await expect
    .poll(async () => Number(await ui.page.getByTestId('live-chart').getAttribute('data-points')), {
      timeout: 60_000,
    })
    .toBeGreaterThan(3);
  const scratch = nasExec(['find', lab.share, '-maxdepth', '1', '-name', '.nasbench-*']).stdout.trim();
  expect(scratch).not.toBe('');
  return scratch;
}

describe('the NAS disk test in browser mode', () => {
  it('runs the Quick check in the lab share and shows CrystalDiskMark’s table', async () => {
    await connectToLab(ui.page, ui.app, lab);
    await openPlanScreen(ui.page);
    await typeFolder(lab.share);
    await smallQuickCheck();
    await ui.page.getByTestId('start-disk').click();

    // The Run screen names each test as it comes: "Test 3 of 8: RND4K Q32T1 read".
    const step = ui.page.getByTestId('run-step');
    await step.waitFor();
    const seen = new Set<string>();
    let live = false;
    await expect
      .poll(
        async () => {
          const text = (await step.textContent()) ?? '';
          if (text) seen.add(text.replace(/ \((finished|started)\)$/, ''));
          if (!live && seen.size >= 2 && (await runState()) === 'running') {
            live = true;
            await screenshot(ui.page, 'disk-live');
          }
          return runState();
        },
        { timeout: 80_000, interval: 100 },
      )
      .toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');
    const labels = [...seen];
    expect(labels.length, labels.join(' | ')).toBeGreaterThanOrEqual(3);
    for (const label of labels) expect(label).toMatch(/^Test [1-8] of 8: (SEQ1M|RND4K) Q\d+T1 (read|write)$/);
    await expect(step.textContent()).resolves.toBe('Test 8 of 8: RND4K Q1T1 write (finished)');
    await expect(ui.page.locator('progress').getAttribute('value')).resolves.toBe('1');
    // Beside the chart, what the NAS itself did each second: its CPU, the busiest process, the lab share's drive.
    const nas = ui.page.getByTestId('nas-panel');
    await expect(nas.getByTestId('nas-panel-cpu').innerText()).resolves.toMatch(/^\d+% busy \(busiest core \d+%\)$/);
    // Under a tenth of a core it says tenths ("8.8% of a core": the lab NAS shares this machine, whose
    // chromium may be its busiest process).
    await expect(nas.getByTestId('nas-panel-process').innerText()).resolves.toMatch(
      /^\S.*, ([\d.]+% of a core|[\d.]+ cores)$/,
    );
    await expect(nas.getByTestId('nas-panel-disks').innerText()).resolves.toMatch(/\bvda \d+% busy/);

    await ui.page.getByRole('button', { name: 'See results' }).click();
    const table = ui.page.getByTestId('disk-results');
    await table.waitFor();
    const shapes = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-shape')));
    expect(shapes).toEqual(['SEQ1M Q8T1', 'SEQ1M Q1T1', 'RND4K Q32T1', 'RND4K Q1T1']);
    await expect(table.locator('thead th').allTextContents()).resolves.toEqual(['Test', 'Read', 'Write']);
    const cells = table.locator('td[data-bytes-per-second]');
    await expect(cells.count()).resolves.toBe(8);
    for (const cell of await cells.all()) {
      expect(Number(await cell.getAttribute('data-bytes-per-second'))).toBeGreaterThan(0);
      expect(Number(await cell.getAttribute('data-iops'))).toBeGreaterThan(0);
      await expect(cell.innerText()).resolves.toMatch(/^[\d,.]+ MB\/s ±[\d.]+%\n[\d,.]+ IOPS\np99 [\d.]+ (µs|ms|s)$/);
    }
    await expect(ui.page.getByTestId('disk-measured-with').innerText()).resolves.toMatch(/fio \d+\.\d+/);

    await ui.page.getByTestId('disk-commands').click();
    const commands = ui.page.getByTestId('disk-command');
    await expect(commands.count()).resolves.toBe(8);
    await expect(commands.first().textContent()).resolves.toMatch(/^'?(\/usr\/bin\/)?fio'? .*--name=seq1m-q8t1-read/);
    await screenshot(ui.page, 'disk-results');
    await expectNoSeriousViolations('disk results with the CrystalDiskMark tile');
    await ui.page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(ui.page, 'disk-results-dark');
    expect(ui.pageErrors).toEqual([]);
  });

  it('refuses /proc with a plain message and what to do instead', async () => {
    await connectToLab(ui.page, ui.app, lab);
    await openPlanScreen(ui.page);
    await screenshot(ui.page, 'disk-panel');
    await typeFolder('/proc');
    await ui.page.getByTestId('start-disk').click();
    await expect.poll(runState, { timeout: 60_000 }).toBe('failed');
    const notice = ui.page.getByTestId('run-error');
    await expect(notice.getAttribute('data-code')).resolves.toBe('INVALID_INPUT');
    const text = await notice.innerText();
    expect(text).toContain('/proc');
    expect(text).toMatch(/system folder/);
    expect(text).toMatch(/Choose a folder inside a shared folder/);
    // Words for people: no stack trace, no error class names.
    expect(text).not.toMatch(/\bat \S+:\d+|Error:|NasbenchError/);
    await screenshot(ui.page, 'disk-refused');

    // Results says the same, and that no test ran.
    await ui.page.getByRole('button', { name: 'See results' }).click();
    await expect(ui.page.getByTestId('results-error').getAttribute('data-code')).resolves.toBe('INVALID_INPUT');
    expect(ui.pageErrors).toEqual([]);
  });

  it('says so when the NAS has no fio, and measures with dd instead', async () => {
    const user = lab.users.notools;
    await openConnectScreen(ui.page, ui.app, lab);
    await ui.page.getByTestId('username').fill(user.name);
    await submitPassword(ui.page, user.password);
    await ui.page.getByTestId('trust-host').click();
    await ui.page.getByTestId('nas-details').waitFor({ timeout: 30_000 });
    await openPlanScreen(ui.page);
    const missing = ui.page.getByTestId('disk-fio-missing');
    await expect(missing.innerText()).resolves.toMatch(
      /fio is not installed on this NAS[\s\S]*dd test will run instead/,
    );
    await expect(missing.innerText()).resolves.toMatch(/apt install fio/);
    await typeFolder(user.home);
    await ui.page.getByTestId('disk-advanced').click();
    await ui.page.getByTestId('disk-size').fill('32');
    await ui.page.getByTestId('disk-test').screenshot({ path: `${artifactsDir}/disk-panel-no-fio.png` });
    await ui.page.getByTestId('start-disk').click();
    await expect.poll(runState, { timeout: 60_000 }).toMatch(/done|failed/);
    await expect(runState()).resolves.toBe('done');

    await ui.page.getByRole('button', { name: 'See results' }).click();
    const cells = ui.page.locator('[data-testid="disk-results"] td[data-bytes-per-second]');
    await expect(cells.count()).resolves.toBe(2);
    for (const cell of await cells.all()) {
      expect(Number(await cell.getAttribute('data-bytes-per-second'))).toBeGreaterThan(0);
      // dd counts no operations and times no requests: only the throughput is shown.
      await expect(cell.innerText()).resolves.toMatch(/^[\d,.]+ MB\/s ±[\d.]+%$/);
    }
    await expect(ui.page.getByTestId('disk-measured-with').innerText()).resolves.toContain('dd fallback');
    await expect(ui.page.getByTestId('disk-notes').innerText()).resolves.toMatch(/fio is not installed/);
    await screenshot(ui.page, 'disk-results-dd');
    expect(ui.pageErrors).toEqual([]);
  });

  it('says what to fix before starting, and starts nothing', async () => {
    await connectToLab(ui.page, ui.app, lab);
    await openPlanScreen(ui.page);
    await typeFolder('/srv');
    await ui.page.getByTestId('disk-advanced').click();
    await ui.page.getByTestId('disk-seconds').fill('0');
    // Folded away again: the check must unfold it to show what is wrong there.
    await ui.page.getByTestId('disk-advanced').click();
    await ui.page.getByTestId('start-disk').click();
    await expect.poll(() => ui.page.locator('[data-testid="disk-seconds"]:focus').count()).toBe(1);
    await expect(ui.page.getByTestId('disk-seconds').getAttribute('aria-invalid')).resolves.toBe('true');
    await typeFolder('share');
    await ui.page.getByTestId('start-disk').click();
    const folder = ui.page.getByTestId('disk-test').getByTestId('disk-folder-typed');
    await expect(folder.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect
      .poll(() => ui.page.locator('[data-testid="disk-test"] [data-testid="disk-folder-typed"]:focus').count())
      .toBe(1);
    await expect(ui.page.getByTestId('disk-seconds').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(ui.page.getByTestId('disk-test').innerText()).resolves.toContain('starting with /');
    await ui.page.emulateMedia({ colorScheme: 'dark' });
    await ui.page.getByTestId('disk-test').screenshot({ path: `${artifactsDir}/disk-panel-problems-dark.png` });
    await expect(ui.page.getByTestId('nav-run').textContent()).resolves.toBe('Run');
  });

  it('runs a sweep and shows a heatmap per jobs value on one colour scale', async () => {
    await connectToLab(ui.page, ui.app, lab);
    await openPlanScreen(ui.page);
    await typeFolder(lab.share);
    await ui.page.getByTestId('disk-preset-sweep').check();
    await ui.page.getByTestId('disk-uncached').uncheck();
    await ui.page.getByTestId('sweep-block-sizes').fill('4k, 1M');
    await ui.page.getByTestId('sweep-file-sizes').fill('16M, 32M');
    await ui.page.getByTestId('sweep-jobs').fill('1, 2');
    // Fixed two-second cells: what is checked here is what the app draws; settling is the integration sweep's.
    await ui.page.getByTestId('sweep-steady-state').uncheck();
    await ui.page.getByTestId('sweep-max-seconds').fill('2');
    await ui.page.getByTestId('disk-test').screenshot({ path: `${artifactsDir}/disk-sweep-panel.png` });
    await ui.page.getByTestId('start-disk').click();
    await expect.poll(runState, { timeout: 120_000, interval: 250 }).toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');
    await expect(ui.page.getByTestId('run-step').textContent()).resolves.toMatch(
      // In words, not fio's options: the last cell of the grid.
      /^Cell 8 of 8: 1M blocks on 32(\.0)? MiB files, 2 jobs, writing \(finished\)$/,
    );

    await ui.page.getByRole('button', { name: 'See results' }).click();
    const panels = ui.page.getByTestId('sweep-heatmap');
    await panels.first().waitFor();
    // Disks alone: the answer names what they can do and no copy rate.
    await expectOneAnswer(ui.page);
    await expect(
      panels.evaluateAll((figures) => figures.map((figure) => figure.getAttribute('data-jobs'))),
    ).resolves.toEqual(['1', '2']);
    await expect(panels.locator('figcaption').allTextContents()).resolves.toEqual([
      '1 job, writing',
      '2 jobs, writing',
    ]);
    await expect(ui.page.getByTestId('sweep-summary').textContent()).resolves.toMatch(
      /^Fastest: (4k|1M) blocks on (16|32)(\.0)? MiB files with [12] jobs?, writing \([\d,.]+ MB\/s\)\.$/,
    );
    // Each 2 × 2 panel draws its 4 cells at 4 distinct places: a column per file size (larger to the right),
    // a row per block size (larger on top), read back from where the chart put them.
    for (const canvas of await panels.locator('canvas').all()) {
      const cells = ((await canvas.getAttribute('data-cells')) ?? '').split(';').map((entry) => {
        const [file = '', block = '', x, y] = entry.split('|');
        return { file, block, x: Number(x), y: Number(y) };
      });
      expectCellsPlaced(cells, 4, byLabelledSize);
    }
    await expect(ui.page.getByTestId('sweep-scale').textContent()).resolves.toMatch(
      /palest [\d,.]+ MB\/s, darkest [\d,.]+ MB\/s/,
    );
    // Each panel is drawn: its canvas has coloured pixels, not a blank box.
    for (const canvas of await panels.locator('canvas').all()) {
      const inked = await canvas.evaluate((element) => {
        // This file is type-checked without the DOM library: the canvas as far as this needs it.
        const canvasElement = element as unknown as {
          width: number;
          height: number;
          getContext(kind: '2d'): { getImageData(...box: number[]): { data: Uint8ClampedArray } } | null;
        };
        const { width, height } = canvasElement;
        const pixels =
          canvasElement.getContext('2d')?.getImageData(0, 0, width, height).data ?? new Uint8ClampedArray();
        let count = 0;
        for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) count += 1;
        return count / (width * height);
      });
      expect(inked).toBeGreaterThan(0.1);
    }
    await ui.page.getByText('Sweep figures as a table').click();
    const rows = ui.page.locator('[data-testid="sweep-table"] tbody tr');
    await expect(rows.count()).resolves.toBe(4);
    // A row per block size and jobs value, a figure per file size.
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/^(4k|1M)(\t[\d,.]+ MB\/s ±[\d.]+%){2}$/);
    await screenshot(ui.page, 'disk-sweep-results');
    await expectNoSeriousViolations('sweep results');

    // How more jobs help, read off the measured cells of the largest file size, and what each job got.
    await expect(ui.page.getByTestId('sweep-saturation').first().innerText()).resolves.toMatch(
      /^Writing (4k|1M) blocks to 32\.0 MiB files: /,
    );
    await expect(ui.page.getByTestId('sweep-per-job-table').innerText()).resolves.toMatch(
      /B\/s ±\d+(\.\d)?%\s+[\d,.]+ [MG]B\/s per job/,
    );
    // IOPS carries its throughput's ± (at one block size it moves with it); a p99 none (fio gives one a cell).
    await ui.page.getByTestId('sweep-metric-iops').check();
    await expect.poll(() => rows.first().innerText()).toMatch(/IOPS ±[\d.]+%/);
    await ui.page.getByTestId('sweep-metric-p99').check();
    await expect.poll(() => rows.first().innerText()).toMatch(/[\d.]+ (µs|ms)/);
    expect((await rows.allInnerTexts()).join('\n')).not.toMatch(/±/);

    // The report draws the same panels with the same placement, as throughput, per job, IOPS and p99.
    await ui.page.getByTestId('export-report').click();
    const preview = ui.page.getByTestId('report-preview-html');
    const reportPanels = preview.locator('svg:has(rect[data-file-size])');
    await expect.poll(() => reportPanels.count(), { timeout: 10_000 }).toBe(8);
    for (const svg of await reportPanels.all())
      expectCellsPlaced(reportHeatmapCells(await svg.evaluate((element) => element.outerHTML)), 4, bySize);
    await reportPanels.first().scrollIntoViewIfNeeded();
    await ui.page.getByTestId('export-dialog').screenshot({ path: `${artifactsDir}/disk-sweep-report.png` });
    expect(ui.pageErrors).toEqual([]);
  }, 150_000);

  it('runs Cached vs uncached, whose Results give one answer and never set a write against a read', async () => {
    await connectToLab(ui.page, ui.app, lab);
    await openPlanScreen(ui.page);
    const plan = ui.page.getByTestId('plan-panel');
    await plan.getByTestId('plan-cached-vs-uncached').check();
    await expect(plan.getByTestId('disk-folder').inputValue()).resolves.toBe(lab.share);
    // The NAS's disks through its cache and past it, one second a test; no share chosen, so no cache wall.
    await plan.locator('summary', { hasText: 'Advanced' }).click();
    await plan.getByTestId('plan-disk-seconds').fill('1');
    await expect.poll(() => plan.getByTestId('plan-step').count(), { timeout: 15_000 }).toBe(2);
    await plan.getByTestId('start-plan').click();
    await expect.poll(runState, { timeout: 120_000, interval: 250 }).toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');
    await ui.page.getByRole('button', { name: 'See results' }).click();
    await expectOneAnswer(ui.page);
    await expect(ui.page.getByTestId('disk-results').count()).resolves.toBe(2);
  }, 180_000);

  it('cancels mid-run: says cancelled, keeps the readings so far, and leaves nothing on the NAS', async () => {
    const scratch = await startLongQuickCheck();
    await ui.page.getByTestId('cancel-run').click();
    await expect.poll(runState, { timeout: 30_000 }).toBe('cancelled');
    const kept = Number(await ui.page.getByTestId('live-chart').getAttribute('data-points'));
    expect(kept).toBeGreaterThan(3);
    await screenshot(ui.page, 'disk-cancelled');
    await ui.page.getByRole('button', { name: 'See results' }).click();
    await expect(ui.page.getByTestId('live-chart').getAttribute('data-points')).resolves.toBe(String(kept));
    // The scratch folder and fio are gone from the NAS.
    expect(nasExec(['test', '-e', scratch]).code).not.toBe(0);
    // No fio of this run is left (other test runs on this machine may have their own).
    const left = nasPids().filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(scratch);
      } catch {
        return false; // ended meanwhile
      }
    });
    expect(left).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  }, 120_000);

  it('reload mid-run: the Run screen follows the run again within 2 s, and its Cancel ends it cleanly', async () => {
    const scratch = await startLongQuickCheck();
    const points = async () => Number(await ui.page.getByTestId('live-chart').getAttribute('data-points'));

    await ui.page.reload();
    const reloaded = performance.now();
    await ui.page.getByTestId('run-state').waitFor({ timeout: 5_000 });
    expect(performance.now() - reloaded).toBeLessThan(2_000);
    await expect(runState()).resolves.toMatch(/running/i);
    // What the run measured before the reload is on the chart again, and it keeps growing.
    const replayed = await points();
    expect(replayed).toBeGreaterThan(3);
    await expect.poll(points, { timeout: 10_000 }).toBeGreaterThan(replayed);
    await screenshot(ui.page, 'disk-after-reload');

    await ui.page.getByTestId('cancel-run').click();
    await expect.poll(runState, { timeout: 30_000 }).toBe('cancelled');
    expect(nasExec(['test', '-e', scratch]).code).not.toBe(0);

    // A reload on Results stays on Results, on the same run, and keeps the NAS session: the next
    // test starts from the Plan screen without a login.
    await ui.page.getByRole('button', { name: 'See results' }).click();
    const title = await ui.page.locator('#results-title').textContent();
    await ui.page.reload();
    await expect.poll(() => ui.page.locator('#results-title').textContent(), { timeout: 10_000 }).toBe(title);
    await openPlanScreen(ui.page);
    await expect(ui.page.getByText('Connect to a NAS first', { exact: false }).count()).resolves.toBe(0);
    await typeFolder(lab.share);
    await smallQuickCheck();
    await ui.page.getByTestId('start-disk').click();
    await expect.poll(runState, { timeout: 30_000 }).toMatch(/running|done/);
    await ui.page
      .getByTestId('cancel-run')
      .click()
      .catch(() => undefined);
    await expect.poll(runState, { timeout: 60_000 }).toMatch(/cancelled|done/);

    // When the engine no longer has the session (the NAS dropped it), a reload lands on the login with
    // the user name filled in and the password field focused: one field and a click away.
    await openPlanScreen(ui.page);
    await ui.page.evaluate(async () => {
      // This file is type-checked without the DOM library: the page's globals as far as this needs them.
      const page = globalThis as unknown as {
        sessionStorage: { getItem(key: string): string | null };
        nasbench: { disconnectNas(input: unknown): Promise<unknown> };
      };
      const kept = JSON.parse(page.sessionStorage.getItem('nasbench.session') ?? '{}') as {
        connection?: { sessionId: string };
      };
      await page.nasbench.disconnectNas({ sessionId: kept.connection?.sessionId });
    });
    await ui.page.reload();
    await expect
      .poll(() => ui.page.getByTestId('username').inputValue(), { timeout: 10_000 })
      .toBe(lab.users.test.name);
    await expect.poll(() => ui.page.locator('[data-testid="password"]:focus').count()).toBe(1);
    expect(ui.pageErrors).toEqual([]);
  }, 180_000);
});
