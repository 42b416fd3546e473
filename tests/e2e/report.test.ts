import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine';
import { RunStore } from '../../electron/engine/store';
import type { PaperSize } from '../../shared/report';
import { testRows } from '../../shared/report/report-model';
import type { RunRecord } from '../../shared/contract/runs';
import { formatRate } from '../../shared/util/units';
import { hostileRun } from '../fixtures/report/hostile-run';
import { allSeededSecrets, seededPrivateRun } from '../fixtures/report/seeded-private-run';
import { tempDir } from '../unit/helpers';
import { launchChromium, screenshot } from './harness';
import { labQuickCheck } from './report-lab-run';

/**
 * Reports of a real lab Quick check, read the way a recipient reads them: the HTML in Chromium
 * (every request intercepted: there must be none), the PDF through poppler's pdfinfo and pdftotext.
 */
let engine: Engine;
let record: RunRecord;
let cleanup: () => Promise<void>;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  ({ engine, record, cleanup } = await labQuickCheck('report-e2e'));
  browser = await launchChromium();
  dir = await tempDir('report-e2e');
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await cleanup?.();
});

/** Opens HTML with scripts on (the worst case) and every request refused and counted. */
async function openReport(html: string): Promise<{ page: Page; requests: string[]; dialogs: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  const requests: string[] = [];
  const dialogs: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route('**/*', (route) => {
    requests.push(route.request().url());
    return route.abort();
  });
  await page.setContent(html, { waitUntil: 'load' });
  return { page, requests, dialogs };
}

const pdfPages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
const pdfInfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });

async function exportPdf(runId: string, paperSize: PaperSize, from: Engine = engine): Promise<string> {
  const report = await from.handlers.exportReport({ runId, format: 'pdf', anonymize: true, paperSize });
  const file = path.join(dir, `${runId}-${paperSize}.pdf`);
  await writeFile(file, Buffer.from(report.base64 ?? '', 'base64'));
  return file;
}

describe('the HTML report of a lab Quick check', () => {
  it('makes no request at all, and shows the summary, the verdict and the charts', async () => {
    expect(record).toMatchObject({ plan: 'quick', status: 'completed' });
    expect(record.results.map((result) => result.kind).sort()).toEqual(['copy', 'disk', 'network', 'network']);
    const { text: html } = await engine.handlers.exportReport({
      runId: record.id,
      format: 'html',
      anonymize: true,
      paperSize: 'a4',
    });
    const { page, requests } = await openReport(html ?? '');
    await expect.poll(() => page.locator('#summary h1').textContent()).toBe('Quick check');
    const verdicts = page.locator('#summary .verdict');
    expect(await verdicts.count()).toBeGreaterThan(0);
    await expect.poll(() => verdicts.first().isVisible()).toBe(true);
    expect(await verdicts.first().textContent()).toMatch(/MB\/s/);
    // The bars of every test, the throughput over time.
    const charts = page.locator('figure svg');
    expect(await charts.count()).toBeGreaterThanOrEqual(2);
    for (const index of [0, 1]) {
      const box = await charts.nth(index).boundingBox();
      expect(box?.width).toBeGreaterThan(300);
      expect(box?.height).toBeGreaterThan(100);
    }
    expect(await charts.first().locator('rect').count()).toBeGreaterThanOrEqual(testRows(record).length);
    // No label or figure runs off its chart (a bar's "1,415 MB/s ±73%" was once clipped): measured
    // by the browser's own text layout against each SVG's drawing box.
    const clipped = await charts.evaluateAll((svgs) =>
      svgs.flatMap((svg) => {
        type Box = { x: number; width: number };
        const view = (svg as unknown as { viewBox: { baseVal: Box } }).viewBox.baseVal;
        return [...svg.querySelectorAll('text')].flatMap((element) => {
          const box = (element as unknown as { getBBox: () => Box }).getBBox();
          const inside = box.x >= view.x - 0.5 && box.x + box.width <= view.x + view.width + 0.5;
          return inside
            ? []
            : [`${element.textContent ?? ''} (${Math.round(box.x)}–${Math.round(box.x + box.width)} of ${view.width})`];
        });
      }),
    );
    expect(clipped).toEqual([]);
    const headline = await page.locator('#summary .headline').textContent();
    expect(headline).toContain('Network to the NAS');
    await screenshot(page, 'report-quick-check');
    expect(requests).toEqual([]);
    await page.close();
  });

  it('opened from its file, as the person it was sent to opens it, loads nothing but itself', async () => {
    const { text: html, fileName } = await engine.handlers.exportReport({
      runId: record.id,
      format: 'html',
      anonymize: true,
      paperSize: 'a4',
    });
    const file = path.join(dir, fileName);
    await writeFile(file, html ?? '');
    const own = pathToFileURL(file).href;
    const page = await browser.newPage();
    const requests: string[] = [];
    await page.route('**/*', (route) => {
      if (route.request().url() === own) return route.continue();
      requests.push(route.request().url());
      return route.abort();
    });
    await page.goto(own);
    expect(await page.locator('#summary h1').textContent()).toBe('Quick check');
    expect(await page.locator('figure svg').count()).toBeGreaterThanOrEqual(2);
    expect(requests).toEqual([]);
    await page.close();
  });

  it('would have seen a request: the interception works (control page)', async () => {
    const { page, requests } = await openReport('<img src="http://127.0.0.1:9/pixel.png">');
    await expect.poll(() => requests.length).toBeGreaterThan(0);
    await page.close();
  });

  it('runs none of the hostile strings in the data, even with scripts on', async () => {
    const dataDir = await tempDir('report-hostile');
    const run = hostileRun();
    await new RunStore(dataDir).save(run);
    const { createEngine } = await import('../../electron/engine');
    const other = createEngine({ dataDir, mode: 'cli' });
    const { text: html } = await other.handlers.exportReport({
      runId: run.id,
      format: 'html',
      anonymize: false,
      paperSize: 'a4',
    });
    await other.shutdown();
    const { page, requests, dialogs } = await openReport(html ?? '');
    expect(await page.locator('img').count()).toBe(0);
    expect(
      await page.locator('script').evaluateAll((scripts) => scripts.map((script) => script.getAttribute('type'))),
    ).toEqual(['application/json']);
    expect(await page.locator('#summary h1').textContent()).toBe('Quick <script>alert(1)</script>');
    expect(dialogs).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  });
});

describe('the PDF of a lab Quick check', () => {
  it.each(['a4', 'letter'] as const)(
    '%s: each report section starts a page, with every figure in its text',
    async (paperSize) => {
      const file = await exportPdf(record.id, paperSize);
      const { text: html } = await engine.handlers.exportReport({
        runId: record.id,
        format: 'html',
        anonymize: true,
        paperSize,
      });
      const sections = (html ?? '').match(/<section class="page"/g)?.length ?? 0;
      expect(sections).toBe(5);
      // Each section starts a page of its own; a long one (eight disk tests, their notes and commands) goes on
      // over the next page rather than being cut.
      const text = pdfText(file);
      const pages = text.split('\f').filter((page) => page.trim() !== '');
      expect(pages).toHaveLength(pdfPages(file));
      const firstLines = pages.map((page) => page.trim().split('\n')[0]?.trim());
      for (const heading of ['Quick check', 'Charts', 'Every test (MB/s)', 'The NAS', 'Exactly what ran']) {
        expect(firstLines).toContain(heading);
      }
      expect(pages.length).toBeLessThanOrEqual(2 * sections);
      expect(pdfInfo(file)).toMatch(paperSize === 'a4' ? /\(A4\)/ : /\(letter\)/i);
      expect(text).toContain('Quick check');
      for (const row of testRows(record)) expect(text).toContain(formatRate(row.bytesPerSecond, 'MB/s'));
    },
  );
});

describe('the built command (out/main/cli.js)', () => {
  it('prints a PDF with the Chromium on this machine (playwright-core loaded at run time, not bundled)', async () => {
    const dataDir = await tempDir('report-built');
    const run = seededPrivateRun();
    await new RunStore(dataDir).save(run);
    const out = path.join(dataDir, 'report.pdf');
    const stdout = execFileSync(
      process.execPath,
      [
        'out/main/cli.js',
        '--json',
        '--data-dir',
        dataDir,
        'report',
        run.id,
        '--format',
        'pdf',
        '--paper',
        'letter',
        '--out',
        out,
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, kind: 'report', format: 'pdf', out, anonymized: true });
    expect(pdfInfo(out)).toMatch(/\(letter\)/i);
    expect(pdfPages(out)).toBeGreaterThanOrEqual(4);
  });
});

describe('the anonymised PDF of a run seeded with private details', () => {
  it('shows none of them, in its text or its properties, while the figures are there', async () => {
    const dataDir = await tempDir('report-private');
    const run = seededPrivateRun();
    await new RunStore(dataDir).save(run);
    const { createEngine } = await import('../../electron/engine');
    const other = createEngine({ dataDir, mode: 'cli' });
    const file = await exportPdf(run.id, 'a4', other);
    await other.shutdown();
    const everything = `${pdfText(file)}\n${pdfInfo(file)}`.toLowerCase();
    expect(allSeededSecrets().filter((secret) => everything.includes(secret.toLowerCase()))).toEqual([]);
    for (const row of testRows(run)) expect(everything).toContain(formatRate(row.bytesPerSecond, 'MB/s').toLowerCase());
  });
});
