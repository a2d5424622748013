import { defineConfig, devices } from '@playwright/test';

/** scripts/run-e2e.ts starts the production server and passes its address here. */
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';

/** Debian's Chromium (no browser download works here), with no background network traffic. */
export const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

/** The spec that changes what a farm shares (e2e/consent.spec.ts): a project of its own, last. */
const CONSENT_SPEC = /consent\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // Two workers on the 2-core machine npm test runs on (Playwright's default would be one): the
  // long walks of e2e/every-screen.spec.ts spend most of their time waiting on the browser.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/e2e.json' }],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
  ],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Logs each demo account in once; the tests reuse those sessions (e2e/sessions.ts).
    { name: 'sessions', testMatch: /sessions\.setup\.ts$/, use: { ...chromium } },
    {
      name: 'chromium',
      dependencies: ['sessions'],
      testIgnore: CONSENT_SPEC,
      use: { ...chromium },
    },
    // Withholds Highfield Arable's farm documents from Fenland Fresh, which processor@'s walk of
    // every screen reads: it runs once every other test has finished.
    { name: 'consent', dependencies: ['chromium'], testMatch: CONSENT_SPEC, use: { ...chromium } },
  ],
});
