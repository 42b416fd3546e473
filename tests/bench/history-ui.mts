/**
 * `npm run bench:history-ui`: issue #34's History figure in browser mode. The built app (`npm run build`
 * first) on a data folder with N saved runs (tests/helpers/make-history.ts, the index built beforehand as
 * years of use leave it); each round a fresh page opens the app, History is clicked, and the page itself
 * says how many ms passed from the click to the frame that draws the first row, and which main-thread
 * tasks over 50 ms (the browser's long tasks) ran from the click until the count of every run is shown.
 * The engine stays up between rounds, so only the first round also reads the index file. Not a CI gate:
 * timings on a shared two-core machine vary; run a few rounds.
 *
 *   npm run bench:history-ui -- [--runs 10000] [--rounds 5] [--slowdown 3] [--profile DIR]
 *
 * `--slowdown N` has Chromium run the page's main thread N times slower (DevTools' CPU throttling), as
 * on a busy or older machine, without loading this one.
 * `--profile DIR` saves each round's CPU profile (click to full count) as DIR/round-N.cpuprofile, which
 * Chrome DevTools' Performance panel opens; build with `minify: false` to read the function names.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { RunStore } from '../../electron/engine/store';
import { median } from '../../shared/util/spread';
import { launchChromium, startWebApp } from '../e2e/web-app';
import { makeHistory } from '../helpers/make-history';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '5' },
    slowdown: { type: 'string', default: '1' },
    profile: { type: 'string' },
  },
});
const count = Number(values.runs);
const rounds = Number(values.rounds);
const slowdown = Number(values.slowdown);
const fullCount = `${count.toLocaleString('en-US')} saved tests, newest first.`;

/**
 * Runs in the page before the app: notes the click on History, the first frame with a row in it, the
 * moment the full count appears, and every long task with its start, all on the page's own clock.
 */
const watchOpening = `
  const seen = { longTasks: [], clickAt: null, firstRowAt: null, fullAt: null };
  window.historyBench = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-testid="nav-history"]')) seen.clickAt = event.timeStamp;
  }, true);
  new MutationObserver(() => {
    if (seen.clickAt === null) return;
    if (seen.firstRowAt === null && document.querySelector('[data-testid="history-run"]')) {
      seen.firstRowAt = -1;
      requestAnimationFrame(() => { seen.firstRowAt = performance.now(); });
    }
    if (seen.fullAt === null && document.querySelector('[data-testid="history-count"]')?.textContent === ${JSON.stringify(fullCount)})
      seen.fullAt = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

interface Opening {
  clickAt: number;
  firstRowAt: number;
  fullAt: number;
  longTasks: { start: number; ms: number }[];
}

interface Round {
  firstRowMs: number;
  fullMs: number;
  /** Each long task: how long, and when it started (ms after the click). */
  longTasks: { ms: number; at: number }[];
}

async function openHistory(browser: Browser, url: string, round: number): Promise<Round> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.addInitScript({ content: watchOpening });
    if (slowdown > 1) {
      const session = await page.context().newCDPSession(page);
      await session.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    await page.goto(url);
    await page.getByTestId('nav-devices').waitFor();
    // The app's own start is not History's: let it settle before the click.
    await page.waitForTimeout(1000);
    const profiler = values.profile ? await startProfile(page) : undefined;
    await page.getByTestId('nav-history').click();
    await page.waitForFunction(
      () => {
        const seen = (globalThis as unknown as { historyBench: Opening }).historyBench;
        return seen.fullAt !== null && seen.firstRowAt !== null && seen.firstRowAt > 0;
      },
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    if (profiler) await profiler.save(round);
    // Long tasks are reported after they end: give the last one a moment to arrive.
    await page.waitForTimeout(300);
    const seen = await page.evaluate(() => (globalThis as unknown as { historyBench: Opening }).historyBench);
    return {
      firstRowMs: seen.firstRowAt - seen.clickAt,
      fullMs: seen.fullAt - seen.clickAt,
      longTasks: seen.longTasks
        .filter((task) => task.start + task.ms > seen.clickAt && task.start <= seen.fullAt)
        .map((task) => ({ ms: task.ms, at: task.start - seen.clickAt })),
    };
  } finally {
    await page.close();
  }
}

/** DevTools' sampling profiler on the page, from the click on; `save` writes what it saw. */
async function startProfile(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  return {
    async save(round: number) {
      const { profile } = await session.send('Profiler.stop');
      const dir = values.profile as string;
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `round-${round}.cpuprofile`), JSON.stringify(profile));
    },
  };
}

const whole = (ms: number) => Math.round(ms);
const app = await startWebApp(async (dataDir) => {
  const started = performance.now();
  makeHistory(dataDir, count);
  await new RunStore(dataDir).list();
  console.log(`${count} runs made and indexed in ${whole(performance.now() - started)} ms`);
});
const browser = await launchChromium();
try {
  const results: Round[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const result = await openHistory(browser, app.url, round);
    results.push(result);
    console.log(
      `round ${round}: first rows ${whole(result.firstRowMs)} ms, all ${count} listed ${whole(result.fullMs)} ms; ` +
        `long tasks: ${result.longTasks.map((task) => `${whole(task.ms)} (at ${whole(task.at)})`).join(', ') || 'none'}`,
    );
  }
  const firstRows = median(results.map((result) => result.firstRowMs));
  const longest = results.map((result) => Math.max(0, ...result.longTasks.map((task) => task.ms)));
  console.log(
    `median of ${rounds}: first rows ${whole(firstRows)} ms, all listed ${whole(median(results.map((result) => result.fullMs)))} ms, ` +
      `longest task ${whole(median(longest))} ms (worst round ${whole(Math.max(...longest))} ms)`,
  );
  console.log(
    `target: first rows < 500 ms: ${firstRows < 500 ? 'yes' : 'NO'}; longest task < 50 ms: ${median(longest) < 50 ? 'yes' : 'NO'}`,
  );
} finally {
  await browser.close();
  await app.stop();
  await rm(app.dataDir, { recursive: true, force: true });
}
