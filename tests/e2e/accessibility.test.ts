import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readLab } from '../lab/lab';
import { openConnectScreen, openPlanScreen, submitPassword } from './connect-flow';
import { useAppPage } from './harness';

/**
 * axe-core, injected into the built renderer, on every screen in both themes: no serious or
 * critical violation (missing labels, contrast, ARIA misuse, keyboard traps it can detect).
 */
const ui = useAppPage();
// Evaluated through the DevTools protocol: the app's CSP (rightly) refuses an injected <script>.
const axeSource = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Serious and critical findings on the page as it is now, as "rule: where" lines. */
async function seriousViolations(screen: string): Promise<string[]> {
  if ((await ui.page.evaluate(() => 'axe' in globalThis)) === false) await ui.page.evaluate(axeSource);
  const { violations, passes } = await ui.page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[]; passes: unknown[] }> } })
      .axe;
    const results = await axe.run();
    return { violations: results.violations, passes: results.passes.length };
  });
  // axe really looked: a rendered screen passes dozens of its rules.
  expect(passes, screen).toBeGreaterThan(10);
  return (violations as Violation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.help}) at ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical violation on any screen, light or dark', async () => {
    const found: string[] = [];
    const lab = readLab();
    await ui.page.goto(ui.app.url);
    await ui.page.getByTestId('nas-address').waitFor();
    found.push(...(await seriousViolations('devices')));
    await openConnectScreen(ui.page, ui.app, lab);
    found.push(...(await seriousViolations('connect')));
    await submitPassword(ui.page, lab.users.test.password);
    found.push(...(await seriousViolations('host-key question')));
    await ui.page.getByTestId('trust-host').click();
    await ui.page.getByTestId('nas-details').waitFor({ timeout: 30_000 });
    for (const scheme of ['light', 'dark'] as const) {
      await ui.page.emulateMedia({ colorScheme: scheme });
      found.push(...(await seriousViolations(`devices with the NAS's details (${scheme})`)));
      // The NAS's tests: the guided plans, the network, disk and share copy forms.
      await openPlanScreen(ui.page);
      found.push(...(await seriousViolations(`plan (${scheme})`)));
      // A short loopback test fills Run and Results.
      await ui.page.getByTestId('nav-devices').click();
      await ui.page.getByTestId('start-demo').click();
      await expect.poll(() => ui.page.getByTestId('run-state').textContent(), { timeout: 60_000 }).toBe('done');
      found.push(...(await seriousViolations(`run (${scheme})`)));
      await ui.page.getByRole('button', { name: 'See results' }).click();
      await ui.page.getByTestId('verdicts').waitFor();
      found.push(...(await seriousViolations(`results (${scheme})`)));
      await ui.page.getByTestId('nav-history').click();
      await ui.page.getByTestId('history-list').waitFor();
      found.push(...(await seriousViolations(`history (${scheme})`)));
      await ui.page.getByTestId('nav-settings').click();
      found.push(...(await seriousViolations(`settings (${scheme})`)));
    }
    expect(found).toEqual([]);
  }, 180_000);
});
