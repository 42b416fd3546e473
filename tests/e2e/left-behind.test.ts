import type { Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { RunStore } from '../../electron/engine/store';
import { sampleRunRecord } from '../helpers/run-records';
import { launchChromium, screenshot, startWebApp, type WebApp } from './harness';

/**
 * A run that could not remove its test folders (#31) says so on Results, named, with what to do —
 * the same page whether the run just ended or is opened again from History.
 */
let app: WebApp | undefined;
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  await app?.stop();
});

describe('test folders a run left behind', () => {
  it('are named on Results, with what to do', async () => {
    app = await startWebApp();
    const run = {
      ...sampleRunRecord(),
      leftBehind: [
        { path: '/volume1/test/.nasbench-0b9d4c1e-5a57-4f6e-9d1e-2f6c1a3b7c11', where: 'nas' as const },
        { path: '/mnt/nas/.nasbench-0b9d4c1e-5a57-4f6e-9d1e-2f6c1a3b7c11', where: 'share' as const },
      ],
    };
    await new RunStore(app.dataDir).save(run);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(app.url);
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-run').first().getByTestId('history-open').click();
    const notice = page.getByTestId('results-left-behind');
    await notice.waitFor();
    const said = await notice.innerText();
    expect(said).toContain(
      'NASBench could not remove its test folder /volume1/test/.nasbench-0b9d4c1e-5a57-4f6e-9d1e-2f6c1a3b7c11 on the NAS.',
    );
    expect(said).toContain('/mnt/nas/.nasbench-0b9d4c1e-5a57-4f6e-9d1e-2f6c1a3b7c11 on the share');
    expect(said).toContain('NASBench removes it after a day');
    await screenshot(page, 'results-left-behind');
  });
});
