import { expect, type Page } from '@playwright/test';

/**
 * The production build's service worker registers once the page is idle (src/core/pwa.ts); a
 * reload then puts the page under it, so that a reload offline is served the shell.
 */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
    })
    .toBe(true);
}
