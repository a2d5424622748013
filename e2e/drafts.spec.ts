import { expect, test, type Page } from '@playwright/test';
import { login, openUnitThroughSelectFarm, signedCallInPage } from './helpers.ts';
import { signedInAs } from './sessions.ts';

/**
 * Issue 22's drafts: what is typed into a record form is kept on the device, sealed with the
 * user's key, and offered back after a reload, after the server ended the session, and never to
 * another user of the same browser.
 */

/** How many drafts the browser holds, of anyone (the database is 'fdp-drafts'). */
function storedDrafts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('fdp-drafts');
        open.onerror = () => reject(new Error('fdp-drafts did not open'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('drafts').objectStore('drafts').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );
}

/** Types into a new monthly record's form and waits until its draft is stored. */
async function typeMonthly(page: Page, litres: string, notes: string) {
  await page.goto('/unit/records/monthly');
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await page.getByLabel('Milk sold').fill(litres);
  await page.getByLabel('Notes').fill(notes);
  await page.getByLabel('Notes').blur();
  await expect.poll(() => storedDrafts(page), { timeout: 15_000 }).toBe(1);
}

const offer = (page: Page) => page.getByRole('region', { name: 'Unsaved draft', exact: true });

test('a monthly record typed and not saved is offered back after a reload', async ({ page }) => {
  await signedInAs(page, 'farmer@example.com');
  await typeMonthly(page, '98765', 'Typed before the reload');

  await page.reload();
  const listed = page.getByRole('region', { name: 'Unsaved drafts' });
  await expect(listed).toContainText(/New monthly record, from \d\d:\d\d/);
  await listed.getByRole('button', { name: 'Open: New monthly record' }).click();
  await expect(offer(page)).toContainText(
    /You have an unsaved monthly record from \d\d:\d\d — resume or discard\./,
  );
  await expect(page.getByLabel('Milk sold')).toHaveValue('');
  await offer(page).getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByLabel('Milk sold')).toHaveValue('98765');
  await expect(page.getByLabel('Notes')).toHaveValue('Typed before the reload');
  await expect(offer(page)).toHaveCount(0);
});

test('a draft survives the server ending the session, for the same user only', async ({ page }) => {
  // Three logins through the form, each scrypt-bound: more than the default 30 s when busy.
  test.setTimeout(120_000);
  // A session of its own: the server ends it.
  await login(page, 'farmer@example.com');
  await typeMonthly(page, '45678', 'Typed before the session ended');

  // Ended from elsewhere; the next request (the reload's) is refused and logs the portal out,
  // which also forgets the key of the drafts on this device.
  expect((await signedCallInPage(page, 'POST', '/api/authenticate/logout')).status).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('fdp.localKey'))).toBeNull();
  expect(await storedDrafts(page)).toBe(1);

  await login(page, 'farmer@example.com');
  await page.goto('/unit/records/monthly');
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await offer(page).getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByLabel('Milk sold')).toHaveValue('45678');

  // Another user of the same browser, on the same unit, is offered nothing.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, 'dairy@example.com');
  await openUnitThroughSelectFarm(page, 'Lower Dale Dairy');
  await page.goto('/unit/records/monthly');
  await expect(page.getByRole('heading', { name: 'Monthly Records', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  // The notice's live region is busy until the form's draft has been looked for.
  await expect(
    page
      .getByRole('region', { name: 'Add monthly record' })
      .locator('[aria-live="polite"][aria-busy="false"]'),
  ).toBeAttached();
  await expect(offer(page)).toHaveCount(0);
  expect(await storedDrafts(page)).toBe(1);
});
