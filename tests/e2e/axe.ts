import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Evaluated through the DevTools protocol: the app's CSP (rightly) refuses an injected <script>.
const axeSource = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings on the page as it is now, as "screen: rule (help) at where" lines. */
export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  if ((await page.evaluate(() => 'axe' in globalThis)) === false) await page.evaluate(axeSource);
  const { violations, passes } = await page.evaluate(async () => {
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
