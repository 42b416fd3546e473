import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { nasExec, readLab, type LabInfo } from '../lab/lab';
import { connectToLab, openPlanScreen } from './connect-flow';
import { readByteSize } from '../../shared/util/units';
import { artifactsDir, screenshot, useAppPage } from './harness';

/**
 * An adaptive sweep (issues #21, #35) from the Plan screen against the lab NAS, at seed 002's scale
 * as far as a CI run allows: 10 block sizes × 5 file sizes × 4 job counts = 200 cells of one-second
 * fixed runs on the lab's RAM folder. The budget preview says what will be measured, fewer cells run
 * than the grid has, and every cell the sweep reports is drawn — measured, or inferred and marked: "≈"
 * and paler with a dashed outline in the report, marked in the app's chart and its table, never drawn
 * as measured — and the report's heatmaps hold the same cells as the app's. Seed 002's views: how more
 * jobs help (per job), IOPS and p99 per cell (p99 only where measured), and the whole grid as CSV.
 * (The steady-state sweep's form and heatmaps are in disk.test.ts.)
 */
const ui = useAppPage();
let lab: LabInfo;
beforeAll(() => {
  lab = readLab();
});

const runState = () => ui.page.getByTestId('run-state').textContent();
const cellsInGrid = 200;

/** A panel's cells as "file bytes|block bytes|measured or inferred", sorted: the same in the app and the report. */
const signature = (cells: { file: number; block: number; inferred: boolean }[]) =>
  cells
    .map((cell) => `${cell.file}|${cell.block}|${cell.inferred ? 'inferred' : 'measured'}`)
    .sort()
    .join(';');

describe('the adaptive sweep, in browser mode', () => {
  it('at scale: 200 cells on the RAM folder, each drawn as measured or inferred, the table, report and CSV alike', async () => {
    await connectToLab(ui.page, ui.app, lab);
    await openPlanScreen(ui.page);
    const panel = ui.page.getByTestId('disk-test');
    await panel.waitFor();
    const select = panel.getByTestId('disk-folder');
    if ((await select.count()) > 0) await select.selectOption('another');
    await panel.getByTestId('disk-folder-typed').fill(lab.ram);
    await ui.page.getByTestId('disk-preset-sweep').check();
    await ui.page.getByTestId('disk-uncached').uncheck();
    await ui.page.getByTestId('sweep-block-sizes').fill('4k, 8k, 16k, 32k, 64k, 128k, 256k, 512k, 1M, 2M');
    await ui.page.getByTestId('sweep-file-sizes').fill('2M, 4M, 8M, 16M, 32M');
    await ui.page.getByTestId('sweep-jobs').fill('1, 2, 4, 8');
    await ui.page.getByTestId('sweep-rw-read').check();
    // Fixed one-second cells: the steady-state check needs six at least.
    await ui.page.getByTestId('sweep-steady-state').uncheck();
    await ui.page.getByTestId('sweep-max-seconds').fill('1');
    await ui.page.getByTestId('sweep-adaptive').check();
    await ui.page.getByTestId('sweep-budget').fill('2');
    await expect(ui.page.getByTestId('sweep-budget-preview').innerText()).resolves.toMatch(
      /^Within 2 min: at least \d+ of 200 cells measured \(.+\), more where neighbouring cells differ; up to \d+ inferred from them and marked ≈\.$/,
    );
    await ui.page.getByTestId('start-disk').click();
    await expect.poll(runState, { timeout: 600_000, interval: 1000 }).toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');

    await ui.page.getByRole('button', { name: 'See results' }).click();
    const note = await ui.page.getByTestId('sweep-summary').innerText();
    expect(note).toMatch(/Adaptive sweep: \d+ of 200 cells measured; the other \d+ are inferred/);
    const measured = Number(/(\d+) of 200/.exec(note)?.[1]);
    const inferred = cellsInGrid - measured;
    expect(measured).toBeLessThan(cellsInGrid);
    // Every cell the sweep reports is drawn, one panel per job count, and marked as it was reported.
    const panels = ui.page.getByTestId('sweep-heatmap');
    await expect.poll(() => panels.count()).toBe(4);
    const appPanels: string[][] = await panels
      .locator('canvas')
      .evaluateAll((canvases) =>
        canvases.map((canvas) => (canvas.getAttribute('data-cells') ?? '').split(';').filter(Boolean)),
      );
    const appCells = appPanels.flat();
    expect(appCells).toHaveLength(cellsInGrid);
    expect(appCells.filter((cell) => cell.endsWith('|inferred'))).toHaveLength(inferred);
    await panels.first().scrollIntoViewIfNeeded();
    await screenshot(ui.page, 'sweep-adaptive-results');

    // Where more jobs stopped helping, read off measured cells; what each job got, with each total's ±.
    const saturation = await ui.page.getByTestId('sweep-saturation').allInnerTexts();
    expect(saturation.length).toBeGreaterThan(0);
    for (const line of saturation)
      expect(line).toMatch(
        /^Reading \S+ blocks to [\d.]+ [KMG]iB files: (one job already gets the most|\d parallel jobs saturate this pool|still faster at \d parallel jobs)/,
      );
    // (A one-second cell has one reading, so no ±: disk.test.ts's steady-state sweep shows each cell's.)
    await expect(ui.page.getByTestId('sweep-per-job-table').innerText()).resolves.toMatch(
      /B\/s\s+[\d,.]+ [MG]B\/s per job/,
    );

    // IOPS per cell, inferred ones too (≈); p99 only where fio measured it.
    const table = ui.page.getByTestId('sweep-table');
    await ui.page.getByText('Sweep figures as a table').click();
    await ui.page.getByTestId('sweep-metric-iops').check();
    await expect.poll(() => table.first().innerText()).toMatch(/IOPS/);
    const inferredCells = ui.page.locator('[data-testid="sweep-table"] td[data-inferred]');
    expect(await inferredCells.count()).toBe(inferred);
    for (const cell of await inferredCells.allTextContents()) expect(cell).toMatch(/^≈ [\d,.]+ IOPS \(inferred\)/);
    await ui.page.getByTestId('sweep-metric-p99').check();
    await expect.poll(() => inferredCells.allTextContents()).toEqual(Array<string>(inferred).fill('not measured'));
    expect((await table.allInnerTexts()).join('\n')).toMatch(/[\d.]+ (µs|ms)/);

    // The report's heatmaps hold the same cells, each measured or inferred as in the app: paler, outlined
    // dashed and written "≈" there, and the report says what "≈" means.
    const fromApp = appPanels.map((cells) =>
      signature(
        cells.map((cell) => {
          const [file = '', block = ''] = cell.split('|');
          return {
            file: readByteSize(file) ?? -1,
            block: readByteSize(block) ?? -1,
            inferred: cell.endsWith('|inferred'),
          };
        }),
      ),
    );
    await ui.page.getByTestId('export-report').click();
    const preview = ui.page.getByTestId('report-preview-html');
    const svgs = preview.locator('svg:has(rect[data-file-size])');
    // Four panels, each as throughput, per job, IOPS and p99 latency.
    await expect.poll(() => svgs.count(), { timeout: 20_000 }).toBe(16);
    const fromReport = await svgs.evaluateAll((elements) =>
      elements.map((svg) =>
        [...svg.querySelectorAll('rect[data-file-size]')].map((rect) => ({
          file: Number(rect.getAttribute('data-file-size')),
          block: Number(rect.getAttribute('data-block-size')),
          inferred: rect.getAttribute('data-inferred') === 'true',
        })),
      ),
    );
    const reportSignatures = fromReport.map(signature);
    expect([...new Set(reportSignatures)].sort()).toEqual([...new Set(fromApp)].sort());
    // Four charts a panel; two job counts may draw the same pattern (all inferred alike), so count per pattern.
    for (const each of fromApp)
      expect(reportSignatures.filter((found) => found === each)).toHaveLength(
        4 * fromApp.filter((found) => found === each).length,
      );
    const outlines = await preview
      .locator('rect[data-file-size]')
      .evaluateAll((rects) => rects.map((rect) => rect.getAttribute('stroke-dasharray')));
    expect(outlines.filter((dash) => dash !== null)).toHaveLength(4 * inferred);
    await expect(svgs.allTextContents()).resolves.toContainEqual(expect.stringMatching(/≈/));
    await ui.page.getByTestId('export-dialog').screenshot({ path: `${artifactsDir}/sweep-adaptive-report.png` });
    // The whole grid as CSV: a row per cell, the inferred ones marked.
    await ui.page.getByTestId('export-dialog').locator('input[value="csv-grid"]').check();
    const csv = ui.page.getByTestId('report-preview-text');
    await expect.poll(() => csv.textContent()).toMatch(/^run_id,direction,block_size_bytes/);
    // The preview shows the file's start; the saved file holds every row.
    const previewed = (await csv.textContent()) ?? '';
    const [download] = await Promise.all([
      ui.page.waitForEvent('download'),
      ui.page.getByTestId('export-save').click(),
    ]);
    const saved = await readFile(await download.path(), 'utf8');
    expect(saved.startsWith(previewed.slice(0, 2000))).toBe(true);
    const rows = saved.trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(cellsInGrid);
    expect(rows.filter((row) => row.split(',')[5] === 'inferred')).toHaveLength(inferred);
    // Nothing left in the folder.
    expect(nasExec(['sh', '-c', `ls -A ${lab.ram} | grep -c '^\\.nasbench-' || true`]).stdout.trim()).toBe('0');
    expect(ui.pageErrors).toEqual([]);
  }, 700_000);
});
