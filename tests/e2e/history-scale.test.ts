// lab: needs a quiet machine — no long task while History opens and scrolls
import type { Browser, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { RunStore } from '../../electron/engine/store';
import { historyNases, makeHistory } from '../helpers/make-history';
import { launchChromium, screenshot, startWebApp, type WebApp } from './harness';

/**
 * History with 10,000 saved runs (made from the recorded lab Quick check, tests/helpers/make-history.ts):
 * the first rows soon after History is opened, opening it (the list's loading included) and scrolling
 * to the oldest run without a long task (the browser's own PerformanceObserver), and the filters
 * narrowing the list. Timings go to the log for the closing note; the bounds are the issues' (#19, #34).
 */
const count = 10_000;

/** Collects the page's long tasks (over 50 ms of main-thread work) from its first moment on. */
const watchLongTasks = `
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

/** This test's app, started on a data folder that already holds the history, and its page. */
const ui = { pageErrors: [] as string[] } as { app: WebApp; browser: Browser; page: Page; pageErrors: string[] };
afterEach(async () => {
  await ui.browser?.close();
  await ui.app?.stop();
});

/** The long tasks since the last call, in ms. */
const longTasks = () => ui.page.evaluate(() => (globalThis as unknown as { longTasks: number[] }).longTasks.splice(0));

/**
 * Two screenfuls further down per frame, to the end (each frame draws a screenful it has not drawn
 * before, as at one screenful a frame, in half the time); how many screens that went past.
 */
const scrollToTheEnd = () =>
  ui.page.getByTestId('history-scroller').evaluate(async (scroller) => {
    const nextFrame = () =>
      new Promise((resolve) =>
        (globalThis as unknown as { requestAnimationFrame(done: () => void): void }).requestAnimationFrame(() =>
          resolve(undefined),
        ),
      );
    let screens = 0;
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += 2 * scroller.clientHeight;
      screens += 2;
      await nextFrame();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    return screens;
  });

describe('History with years of runs', () => {
  it('shows its first rows before the rest has come and scrolls to the oldest run with no long task', async () => {
    let ids: string[] = [];
    // As after years of use: the runs and History's index (each listing keeps it up to date) are there when the app starts.
    ui.app = await startWebApp(async (dataDir) => {
      ids = makeHistory(dataDir, count);
      expect((await new RunStore(dataDir).list()).runs).toHaveLength(count);
    });
    ui.browser = await launchChromium();
    ui.page = await ui.browser.newPage({ viewport: { width: 1280, height: 900 } });
    ui.page.on('pageerror', (error) => ui.pageErrors.push(error.message));
    await ui.page.addInitScript({ content: watchLongTasks });
    await ui.page.goto(ui.app.url);
    await ui.page.getByTestId('nav-devices').waitFor();
    // The app's own start is not History's: its long tasks are let go before the click.
    await ui.page.waitForTimeout(500);
    await longTasks();

    const opened = Date.now();
    await ui.page.getByTestId('nav-history').click();
    await ui.page.getByTestId('history-run').first().waitFor();
    const firstRowsMs = Date.now() - opened;
    console.log(`History with ${count} runs: first rows after ${firstRowsMs} ms`);
    // The goal (first rows in 0.5 s) is bench:history-ui's figure; on a shared two-core machine a test only holds
    // the page to a bound with room (one CI run measured 533 ms while the machine did other work).
    expect(firstRowsMs).toBeLessThan(5000);
    // The rest came right after the first screenful.
    await expect
      .poll(() => ui.page.getByTestId('history-count').innerText(), { timeout: 10_000 })
      .toBe(`${count.toLocaleString('en-US')} saved tests, newest first.`);
    // Only what is in view is drawn.
    expect(await ui.page.getByTestId('history-run').count()).toBeLessThan(40);

    const opening = await longTasks();
    console.log(`long tasks while History opened: ${opening.map(Math.round).join(', ') || 'none'}`);
    // Loading included: the list comes in pages, each read and drawn in a task of its own. The goal is none over
    // 50 ms (bench:history-ui); the bound has room for a shared two-core machine. One message with every run was a
    // single task of 80–140 ms on a quiet machine and 310 ms on a busy one (issue #34).
    expect(Math.max(0, ...opening)).toBeLessThan(150);
    const screens = await scrollToTheEnd();
    const scrolling = await longTasks();
    console.log(
      `scrolled ${screens} screens; long tasks while scrolling: ${scrolling.map(Math.round).join(', ') || 'none'}`,
    );
    expect(screens).toBeGreaterThan(100);
    // No frame held long while scrolling: the goal is none over 50 ms (bench:history-ui), the bound has room for a
    // shared two-core machine (one CI run saw 82 and 56 ms while other work ran).
    expect(Math.max(0, ...scrolling)).toBeLessThan(150);
    // The oldest run is the last row.
    await expect(ui.page.getByTestId('history-run').last().getAttribute('data-run-id')).resolves.toBe(ids[0]);
    await screenshot(ui.page, 'history-10000-end');

    // One NAS, whatever address it had: the second NAS's runs, then the first's at one of its two addresses.
    await ui.page.getByTestId('history-filter-nas').selectOption(`host key ${historyNases[1].fingerprint}`);
    await expect(ui.page.getByTestId('history-count').innerText()).resolves.toBe(
      `${(count / 5).toLocaleString('en-US')} of ${count.toLocaleString('en-US')} saved tests, newest first.`,
    );
    await ui.page.getByTestId('history-filter-nas').selectOption(`host key ${historyNases[0].fingerprint}`);
    await ui.page.getByTestId('history-search').fill('nas.local');
    await expect(ui.page.getByTestId('history-count').innerText()).resolves.toBe(
      `${((count * 4) / 5 / 2).toLocaleString('en-US')} of ${count.toLocaleString('en-US')} saved tests, newest first.`,
    );
    expect(Math.max(0, ...(await longTasks()))).toBeLessThan(150);

    // How each NAS changed: asked for, the figures of every run come, a chart per figure and link kind.
    await ui.page.getByTestId('trends-section').locator('summary').click();
    const trends = ui.page.getByTestId('trend');
    await expect.poll(() => trends.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(ui.page.getByTestId('trend-nas').locator('option').count()).resolves.toBe(2);
    /** Points per figure: the runs on its charts (one chart per figure and kind of link), over the six figures. */
    const pointsPerFigure = async () => {
      const points = await trends.evaluateAll((charts) =>
        charts.map((chart) => Number(chart.getAttribute('data-points'))),
      );
      return points.reduce((sum, each) => sum + each, 0) / 6;
    };
    // The NAS of the latest run first: the second NAS's 2,000 runs.
    expect(await pointsPerFigure()).toBe(count / 5);
    // The first NAS, reached at two addresses: all its 8,000 runs in one NAS's trends.
    await ui.page.getByTestId('trend-nas').selectOption(`host key ${historyNases[0].fingerprint}`);
    await expect.poll(pointsPerFigure, { timeout: 10_000 }).toBe((count * 4) / 5);
    await screenshot(ui.page, 'history-10000-trends');
    expect(ui.pageErrors).toEqual([]);
  }, 120_000);
});
