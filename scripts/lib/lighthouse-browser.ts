/**
 * What the Lighthouse benches share (bench:a11y, bench:lighthouse): Debian's Chromium launched
 * for Puppeteer, Lighthouse's own mobile emulation, and the demo farmer logged in through the
 * login form of the tab Lighthouse then audits (the session lives in that tab's sessionStorage).
 */
import { defaultConfig, type Flags } from 'lighthouse';
import { launch, type Browser, type Page } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';

export const BENCH_ACCOUNT = 'farmer@example.com';

/** Lighthouse's own mobile emulation (a Moto G Power), as its mobile preset and DevTools use. */
export const MOBILE: Pick<Flags, 'formFactor' | 'screenEmulation' | 'logLevel' | 'output'> = {
  formFactor: 'mobile',
  screenEmulation: defaultConfig.settings?.screenEmulation,
  logLevel: 'error',
  output: 'json',
};

export function launchChromium(executablePath: string): Promise<Browser> {
  return launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/** Logs the demo farmer in through the login form of this tab and waits for the dashboard. */
export async function logIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="username"]').fill(BENCH_ACCOUNT);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await Promise.all([
    // A string: the scripts are typed without the DOM.
    page.waitForFunction('location.pathname === "/dashboard"', { timeout: 30_000 }),
    page.locator('button[type="submit"]').click(),
  ]);
}
