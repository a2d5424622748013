/**
 * What the browser benches share (bench:a11y, bench:lighthouse, bench:form): Debian's Chromium
 * launched for Puppeteer, Lighthouse's own mobile emulation, and the demo farmer logged in through the
 * login form of the tab Lighthouse then audits (the session lives in that tab's sessionStorage).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultConfig, type Flags } from 'lighthouse';
import { launch, type Browser, type Page } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';
import { buildIfStale, DIST_DIR } from './build.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { startServer, type ServerProcess } from './server-process.ts';

export const BENCH_ACCOUNT = 'farmer@example.com';

/** Lighthouse's own mobile emulation (a Moto G Power), as its mobile preset and DevTools use. */
export const MOBILE: Pick<Flags, 'formFactor' | 'screenEmulation' | 'logLevel' | 'output'> = {
  formFactor: 'mobile',
  screenEmulation: defaultConfig.settings?.screenEmulation,
  logLevel: 'error',
  output: 'json',
};

function launchChromium(executablePath: string): Promise<Browser> {
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

/** A build to serve instead of this checkout's: a copy's root (its server runs) and its dist/. */
export interface BuiltCopy {
  root: string;
  staticDir: string;
}

/**
 * Builds when stale (or serves `copy`, built by the caller), starts the production server on a
 * throwaway DATA_DIR and Debian's Chromium, runs `use` with the server and one tab, then stops
 * both and removes the directory, whatever happened.
 */
export async function withServerAndTab<T>(
  bench: string,
  use: (server: ServerProcess, page: Page) => Promise<T>,
  copy?: BuiltCopy,
): Promise<T> {
  const chromium = ensureChromium();
  if (!copy) buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), `fdp-${bench}-`));
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  try {
    console.log(`bench:${bench}: starting the production server…`);
    server = await startServer(
      { DATA_DIR: dataDir, STATIC_DIR: copy?.staticDir ?? DIST_DIR, DATABASE_URL: '' },
      120_000,
      copy?.root,
    );
    browser = await launchChromium(chromium);
    return await use(server, await browser.newPage());
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs a bench and exits with the code it returns, or 1 with the stack when it throws. */
export async function exitWith(main: () => Promise<number>): Promise<never> {
  let code = 1;
  try {
    code = await main();
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(code);
}
