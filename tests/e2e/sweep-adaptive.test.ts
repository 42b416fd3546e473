import { beforeAll, describe, expect, it } from 'vitest';
import { nasExec, readLab, type LabInfo } from '../lab/lab';
import { connectToLab, openPlanScreen } from './connect-flow';
import { artifactsDir, screenshot, useAppPage } from './harness';

/**
 * An adaptive sweep (issue #21) from the Plan screen against the lab NAS: the budget preview says
 * what will be measured, fewer cells run than the grid has, and the inferred ones are marked — "≈"
 * and paler with a dashed outline in the report, marked in the app's chart and its table — never
 * drawn as measured. Seed 002's views: how more jobs help (per job), IOPS and p99 per cell (p99 only
 * where measured), and the whole grid as CSV.
 */
const ui = useAppPage();
let lab: LabInfo;
beforeAll(() => {
  lab = readLab();
});

const runState = () => ui.page.getByTestId('run-state').textContent();

describe('the adaptive sweep, in browser mode', () => {
  it('measures part of the grid and marks every inferred cell in the heatmap and the report', async () => {
    await connectToLab(ui.page, ui.app, lab);
    await openPlanScreen(ui.page);
    const panel = ui.page.getByTestId('disk-test');
    await panel.waitFor();
    const select = panel.getByTestId('disk-folder');
    if ((await select.count()) > 0) await select.selectOption('another');
    await panel.getByTestId('disk-folder-typed').fill(lab.share);
    await ui.page.getByTestId('disk-preset-sweep').check();
    await ui.page.getByTestId('disk-uncached').uncheck();
    await ui.page.getByTestId('sweep-block-sizes').fill('4k, 1M');
    await ui.page.getByTestId('sweep-file-sizes').fill('8M, 16M, 32M');
    await ui.page.getByTestId('sweep-jobs').fill('1, 2, 4');
    await ui.page.getByTestId('sweep-max-seconds').fill('6');
    await ui.page.getByTestId('sweep-adaptive').check();
    await ui.page.getByTestId('sweep-budget').fill('2');
    await expect(ui.page.getByTestId('sweep-budget-preview').innerText()).resolves.toMatch(
      /^Within 2 min: at least \d+ of 18 cells measured \(\d+ min when the cells settle\), more where neighbouring cells differ; up to \d+ inferred from them and marked ≈\.$/,
    );
    await ui.page.getByTestId('start-disk').click();
    await expect.poll(runState, { timeout: 240_000, interval: 500 }).toMatch(/done|failed|cancelled/);
    await expect(runState()).resolves.toBe('done');

    await ui.page.getByRole('button', { name: 'See results' }).click();
    const panels = ui.page.getByTestId('sweep-heatmap');
    await panels.first().waitFor();
    // The chart says which cells it drew as inferred; the table writes them "≈ … (inferred)".
    const marks = (
      await panels
        .locator('canvas')
        .evaluateAll((canvases) => canvases.map((canvas) => canvas.getAttribute('data-cells')))
    )
      .join(';')
      .split(';');
    const inferred = marks.filter((cell) => cell.endsWith('|inferred')).length;
    expect(marks).toHaveLength(18);
    expect(inferred).toBeGreaterThan(0);
    expect(inferred).toBeLessThan(18);
    await expect(ui.page.getByTestId('sweep-summary').textContent()).resolves.toBeTruthy();
    await panels.first().scrollIntoViewIfNeeded();
    await screenshot(ui.page, 'sweep-adaptive-results');
    // The summary says how many were measured; where more jobs stopped helping is read off measured cells.
    const note = await ui.page.getByTestId('sweep-summary').innerText();
    expect(note).toMatch(/Adaptive sweep: \d+ of 18 cells measured; the other \d+ are inferred/);
    const measured = Number(/(\d+) of 18/.exec(note)?.[1]);
    expect(measured + inferred).toBe(18);
    const saturation = await ui.page.getByTestId('sweep-saturation').allInnerTexts();
    expect(saturation.length).toBeGreaterThan(0);
    for (const line of saturation)
      expect(line).toMatch(
        /^Writing (4k|1M) blocks to 32\.0 MiB files: (one job already gets the most|\d parallel jobs saturate this pool|still faster at 4 parallel jobs)/,
      );
    // Each measured total with how much it varied (±), and what each job got.
    await expect(ui.page.getByTestId('sweep-per-job-table').innerText()).resolves.toMatch(
      /B\/s ±\d+(\.\d)?%\s+[\d,.]+ [MG]B\/s per job/,
    );

    // IOPS per cell, inferred ones too (≈); p99 only where fio measured it.
    const table = ui.page.getByTestId('sweep-table');
    await ui.page.getByText('Sweep figures as a table').click();
    await ui.page.getByTestId('sweep-metric-iops').check();
    await expect.poll(() => table.first().innerText()).toMatch(/IOPS/);
    const inferredCells = ui.page.locator('[data-testid="sweep-table"] td[data-inferred]');
    expect(await inferredCells.count()).toBe(inferred);
    for (const cell of await inferredCells.allTextContents()) expect(cell).toMatch(/^≈ [\d,.]+ IOPS \(inferred\)/);
    // A measured cell's IOPS carries its throughput's ±; its p99 none (fio gives one p99 per cell).
    await expect(table.first().innerText()).resolves.toMatch(/IOPS\s*±/);
    await ui.page.getByTestId('sweep-metric-p99').check();
    await expect.poll(() => inferredCells.allTextContents()).toEqual(Array<string>(inferred).fill('not measured'));
    await expect(table.first().innerText()).resolves.toMatch(/[\d.]+ (µs|ms)/);
    await expect(table.first().innerText()).resolves.not.toMatch(/±/);

    // The report draws inferred cells paler, outlined dashed and written "≈", and says what "≈" means.
    await ui.page.getByTestId('export-report').click();
    const preview = ui.page.getByTestId('report-preview-html');
    const svgs = preview.locator('svg:has(rect[data-file-size])');
    // Three panels, each as throughput, per job, IOPS and p99 latency.
    await expect.poll(() => svgs.count(), { timeout: 10_000 }).toBe(12);
    const dashed = await preview.locator('rect[data-inferred="true"]').count();
    expect(dashed).toBe(4 * inferred);
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
    const rows = ((await csv.textContent()) ?? '').trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(18);
    expect(rows.filter((row) => row.split(',')[5] === 'inferred')).toHaveLength(inferred);
    // Nothing left in the share.
    expect(nasExec(['sh', '-c', `ls -A ${lab.share} | grep -c '^\\.nasbench-' || true`]).stdout.trim()).toBe('0');
    expect(ui.pageErrors).toEqual([]);
  }, 300_000);
});
