import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { quietChromiumFlags } from '../../electron/engine/report/chromium-pdf';
import { tempDir } from '../unit/helpers';

/**
 * Browser mode and Chromium for the e2e tests and the UI benchmarks (tests/bench/history-ui.mts): no vitest
 * here, so a plain script can use it; harness.ts adds the per-test fixture.
 */

/** Screenshots and other artifacts of the e2e tests (kept by CI, ignored by git). */
export const artifactsDir = path.resolve('test-results/e2e');

export interface WebApp {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts browser mode exactly as `npm run web` does after its build step, with a fresh data
 * folder, and returns the URL it prints (with its one-time token). `prepare` fills the data folder
 * first, as a user's would be when the app starts (saved runs, say).
 */
export async function startWebApp(prepare?: (dataDir: string) => Promise<void> | void): Promise<WebApp> {
  const dataDir = await tempDir('e2e');
  await prepare?.(dataDir);
  // Browser mode runs in the host's namespace: the Devices screen must not search the real LAN from here.
  await writeFile(
    path.join(dataDir, 'settings.json'),
    JSON.stringify({ schemaVersion: 1, settings: { discoveryEnabled: false } }),
  );
  const child = spawn(
    path.resolve('node_modules/.bin/tsx'),
    ['electron/web/index.ts', '--port', '0', '--data-dir', dataDir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await urlOfWebApp(child);
  return { url, dataDir, stop: () => stopChild(child) };
}

/** The URL browser mode prints as it starts (with its one-time token), from its output. */
export function urlOfWebApp(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`browser mode did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}:\n${output}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Debian's Chromium, headless, with the flags that keep it off the network (facts/platform.md).
 * Playwright gives every launch a fresh, empty profile of its own.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: quietChromiumFlags });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
