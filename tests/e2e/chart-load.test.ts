// lab: needs a quiet machine — no long task while the live chart draws an hour of samples
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import sirv from 'sirv';
import { build } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../unit/helpers';
import { launchChromium } from './harness';

/**
 * The Run screen's live chart under an hour of samples (4 series, one sample each per second:
 * 14,400 in all), timed in Chromium with PerformanceObserver long tasks. The page (chart-load/)
 * mounts the app's own LiveChart and runs store; samples arrive one task each, 50 times faster
 * than a real run sends them, so a chart that keeps up here keeps up anywhere.
 */
/** What chart-load/main.tsx puts on the page's window. */
interface PageWindow {
  chartLoad: {
    prefillAndShow(count: number): void;
    stream(count: number, gapMs: number): Promise<void>;
    plotted(): number;
  };
}

let outDir: string;
let server: Server;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  outDir = await tempDir('chart-load');
  await build({
    root: path.join(__dirname, 'chart-load'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, minify: true },
  });
  const serve = sirv(outDir);
  server = createServer((request, response) => serve(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(outDir, { recursive: true, force: true });
});

/** One measurement on a freshly loaded page: 50 minutes shown at once, then the last 10 streamed in. */
async function measureOnce(port: number) {
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => 'chartLoad' in globalThis);
  // The first 50 minutes before the chart is shown (a run opened late), then the last 10 streaming in.
  await page.evaluate(() => (globalThis as unknown as PageWindow).chartLoad.prefillAndShow(12_000));
  await page.waitForTimeout(1000);
  return page.evaluate(async () => {
    const { chartLoad } = globalThis as unknown as PageWindow;
    const durations: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(entry.duration);
    });
    // Chromium's long tasks: any task over 50 ms on the page's main thread.
    observer.observe({ type: 'longtask' as 'mark' });
    await chartLoad.stream(2_400, 5);
    await new Promise((resolve) => setTimeout(resolve, 500));
    observer.disconnect();
    return { worst: Math.max(0, ...durations), longTasks: durations.length, plotted: chartLoad.plotted() };
  });
}

/**
 * A long task is wall-clock time on the page's main thread, so a stall of the whole machine
 * (another process's burst, memory reclaim) shows up as one even when the chart is quick. Up to
 * three fresh measurements are taken and every one is printed; the chart passes when one of them
 * is clean. A chart that is really too slow is slow every time (the first version of this chart:
 * 38 long tasks, worst 246 ms, on every run).
 */
const attempts = 3;

describe('the live chart under an hour of samples', () => {
  it('keeps every long task short after the first second (goal 50 ms, bound 150 ms)', async () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const runs: Awaited<ReturnType<typeof measureOnce>>[] = [];
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const run = await measureOnce(port);
      runs.push(run);
      console.log(
        `live chart, 14,400 samples, measurement ${attempt}: worst long task ${run.worst.toFixed(1)} ms (${run.longTasks} over 50 ms), ${run.plotted} points plotted`,
      );
      // Old samples are thinned (SampleHistory): the chart never draws all 14,400.
      expect(run.plotted).toBeGreaterThan(1000);
      expect(run.plotted).toBeLessThanOrEqual(4 * 1200);
      if (run.worst < 150) break;
    }
    // The goal is 50 ms (printed above); on a shared two-core machine a test holds the page to a bound with room.
    expect(Math.min(...runs.map((run) => run.worst))).toBeLessThan(150);
  }, 300_000);
});
