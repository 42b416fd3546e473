import type { Page } from 'playwright-core';
import type { LabInfo } from '../lab/lab';
import type { WebApp } from './harness';

/**
 * The steps a person takes to reach the lab NAS in the built renderer: Devices → Connect →
 * the host-key question → the NAS's details. Shared by every e2e test that needs a connected NAS;
 * it waits with Playwright rather than asserting, so it can drive a page outside a test too.
 */

/**
 * The app as it starts, on Devices: what this tab kept for a reload (its screen, the NAS session) is
 * not what a new start has, so it is cleared first when the tab already shows the app.
 */
export async function openFreshWindow(page: Page, app: WebApp): Promise<void> {
  if (page.url().startsWith(new URL(app.url).origin)) {
    await page.evaluate(() => (globalThis as unknown as { sessionStorage: { clear(): void } }).sessionStorage.clear());
  }
  await page.goto(app.url);
}

/** Types the lab NAS's address (leg A) on Devices and the test user's name on Connect. */
export async function openConnectScreen(page: Page, app: WebApp, lab: LabInfo): Promise<void> {
  await openFreshWindow(page, app);
  await page.getByTestId('nas-address').fill(lab.legs.a.nas);
  await page.getByTestId('add-nas').click();
  await page.getByTestId('connect-host').getByText(lab.legs.a.nas, { exact: true }).waitFor();
  await page.getByTestId('username').fill(lab.users.test.name);
}

/** Sends a password to a NAS this data folder has never seen: the host-key question must come. */
export async function submitPassword(page: Page, password: string): Promise<void> {
  await page.getByTestId('password').fill(password);
  await page.getByTestId('connect').click();
  await page.getByTestId('fingerprint-dialog').waitFor();
}

/** Logs in as the lab's test user, trusts the lab's key and waits for the NAS's details. */
export async function connectToLab(page: Page, app: WebApp, lab: LabInfo): Promise<void> {
  await openConnectScreen(page, app, lab);
  await submitPassword(page, lab.users.test.password);
  await page.getByTestId('trust-host').click();
  await page.getByTestId('nas-details').waitFor({ timeout: 30_000 });
}

/** From anywhere, once connected: the Plan screen with the NAS's tests on it (the guided plans first). */
export async function openPlanScreen(page: Page): Promise<void> {
  await page.getByTestId('nav-plan').click();
  await page.getByTestId('plan-panel').waitFor();
  // The guided plan's preview arrives a moment later and pushes the tests below it down: a click
  // aimed at them before then can land on whatever moved into its place (CI: the UDP choice "did not
  // change its state").
  await page.locator('[data-testid="plan-preview"], [data-testid="plan-preview-error"]').first().waitFor();
}
