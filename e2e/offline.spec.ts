import { expect, test, type Page } from '@playwright/test';
import { underServiceWorker } from './lib/service-worker.ts';
import { signedInAs } from './sessions.ts';

/**
 * Issue 22's honest offline state, in the production build: the service worker serves the shell
 * on a reload offline, the banner says so with the last sync's time, the pages already read show
 * their data "as of" then, and nothing claims a feature is missing because a request failed.
 */

const MONTHLY = '/unit/records/monthly';
const FALSE_CLAIMS = /not part of your current plan|No features of/;

/** How many reads this device keeps (src/core/read-cache/read-cache.ts). */
const keptReads = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('fdp-reads');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('reads')) {
            resolve(0);
            return;
          }
          const count = db.transaction('reads').objectStore('reads').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
        open.onerror = () => resolve(0);
      }),
  );

/**
 * The farmer's Monthly Records hold one for February 2022 (a month no other test uses, after
 * e2e/narrow-tables.spec.ts's and before the dashboard's 12 months), added if it is not there.
 */
async function withAMonthlyRecord(page: Page) {
  await page.goto(MONTHLY);
  const table = page.getByRole('table', { name: /monthly records?$/ });
  await expect(table.or(page.getByText('No monthly records yet.'))).toBeVisible({
    timeout: 30_000,
  });
  if ((await page.getByRole('row', { name: /Feb 2022/ }).count()) > 0) return;
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await page.getByLabel(/^Month\*?$/).fill('01/02/2022');
  await page.getByLabel('Milk sold').fill('120000');
  await page.getByLabel('Cows in milk (average)').fill('150');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Feb 2022/ })).toBeVisible({ timeout: 30_000 });
}

/** Offline by the browser's word or by a failed request: which comes first varies. */
const offlineBanner = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^(You are offline\.|The portal cannot reach its server\.)/ });

test('offline, a reload shows the pages already read, as of the last sync, and back online they refresh', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signedInAs(page, 'farmer@example.com');
  const figures = page.getByRole('region', { name: 'Key figures' });
  await expect(figures).toBeVisible({ timeout: 30_000 });
  await underServiceWorker(page);
  await expect(figures).toBeVisible({ timeout: 30_000 });
  // The brand's theme, fetched under the worker, is kept for offline (vite.config.ts).
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('themes')).keys()).length))
    .toBeGreaterThan(0);

  await withAMonthlyRecord(page);
  await page.goto(MONTHLY);
  const table = page.getByRole('table', { name: /monthly records?$/ });
  await expect(table).toBeVisible({ timeout: 30_000 });
  const rows = await table.getByRole('row').count();
  await page.goto('/dashboard');
  await expect(figures).toBeVisible({ timeout: 30_000 });
  // The copies are written on the side: wait until both pages' reads are on the device.
  await expect.poll(() => keptReads(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

  await context.setOffline(true);
  await page.reload();
  // The shell came from the service worker, the account from this device.
  await expect(offlineBanner(page)).toContainText(/Last synced today at \d\d:\d\d\./, {
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { name: 'My Dashboard', level: 1 })).toBeVisible();
  await expect(figures).toBeVisible();
  await expect(
    page.getByText(/^Saved on this device: shown as of today at \d\d:\d\d\.$/),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Features' })).toBeVisible();
  await expect(page.getByText(FALSE_CLAIMS)).toHaveCount(0);

  // A route reloaded offline is the shell too (the worker's navigation fallback).
  await page.goto(MONTHLY);
  await expect(offlineBanner(page)).toBeVisible({ timeout: 30_000 });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(rows);
  await expect(table.getByRole('row', { name: /Feb 2022/ })).toBeVisible();
  await expect(page.getByText(/^Saved on this device: shown as of today at/)).toBeVisible();
  await expect(page.getByText(FALSE_CLAIMS)).toHaveCount(0);

  // On a phone the banner fits, below the navigation, covering none of it or the page.
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  const banner = await offlineBanner(page).boundingBox();
  const main = await page.locator('main').boundingBox();
  expect(nav && banner && main).toBeTruthy();
  if (nav && banner && main) {
    expect(banner.y).toBeGreaterThanOrEqual(nav.y + nav.height - 1);
    expect(main.y).toBeGreaterThanOrEqual(banner.y + banner.height - 1);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await context.setOffline(false);
  // Back online once the server answers (the browser's online event asks it at once).
  await expect(offlineBanner(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(/^Saved on this device/)).toHaveCount(0, { timeout: 30_000 });
  await expect(table).toBeVisible();
});

test('offline, a page never opened on this device says so instead of failing', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, 'farmer@example.com');
  await expect(page.getByRole('region', { name: 'Key figures' })).toBeVisible({
    timeout: 30_000,
  });
  await underServiceWorker(page);
  await context.setOffline(true);
  // Within the app: the worker has precached the code of every screen.
  await page
    .getByRole('navigation', { name: 'Features' })
    .getByRole('link', { name: 'Monthly Records' })
    .click();
  await expect(
    page.getByText(
      'This page has not been opened on this device yet. It will load when you are back online.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(FALSE_CLAIMS)).toHaveCount(0);
  await context.setOffline(false);
});
