import { defineConfig } from '@playwright/test';
import base, { chromium } from './playwright.config.ts';

/**
 * The config-only record type proof (e2e-config/): the main e2e settings, another folder and
 * report. scripts/e2e-config-only.ts builds a copy of the repository with a record type added
 * by config, starts its server and passes its address in E2E_BASE_URL.
 */
export default defineConfig({
  ...base,
  testDir: 'e2e-config',
  outputDir: 'test-results/e2e-config',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-config.json' }]],
  projects: [{ name: 'chromium', use: { ...chromium } }],
});
