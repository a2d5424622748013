/**
 * Runs only through scripts/e2e-config-only.ts, against a build of a repository copy whose only
 * change is config: config/records/hedge-cutting.json, its route and its Data Entry menu item.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ApiPaged, ApiRecord } from '../shared/api.ts';
import { login, signedCallInPage } from '../e2e/helpers.ts';

const RECORDS_PATH = /\/api\/units\/(\d+)\/records\/hedge-cutting(\?|$)/;

/** Data Entry → Hedge Cutting, as a user finds it. */
async function openHedgeCutting(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Data Entry' }).click();
  await nav.getByRole('menuitem', { name: 'Hedge Cutting' }).click();
  await expect(page).toHaveURL(/\/unit\/records\/hedge-cutting$/);
  await expect(
    page.getByRole('heading', { name: 'Hedge Cutting Records', level: 1 }),
  ).toBeVisible();
}

test('a record type added by config only is in the menu, validates, saves and stays', async ({
  page,
  browser,
}) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && RECORDS_PATH.test(new URL(request.url()).pathname)) {
      posts.push(request.url());
    }
  });
  const boundary = `Long Meadow north hedge ${String(Date.now())}`;

  await login(page, 'farmer@example.com');
  await openHedgeCutting(page);

  await page.getByRole('button', { name: 'Add hedge cutting record' }).click();
  await expect(page.getByRole('heading', { name: 'Add hedge cutting record' })).toBeVisible();
  await page.getByLabel(/^Cut date\*?$/).fill('14/02/2026');
  await page.getByLabel(/^Hedge or field boundary\*?$/).fill(boundary);
  await page.getByLabel('Cutting method').selectOption('Flail');
  await page.getByLabel(/bird-nesting window/).selectOption('No');
  await page.getByLabel('Contractor').fill('Fen Edge Hedging Ltd');

  // The length is required: the validators compiled from the new config refuse the form in the
  // browser and nothing goes to the server.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Length cut is required').first()).toBeVisible();

  // Its maximum (50,000 m) comes from the config too.
  await page.getByLabel(/^Length cut\*?$/).fill('60000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Length cut must be at most 50,?000/).first()).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByLabel(/^Length cut\*?$/).fill('1,250');
  await expect(page.getByLabel(/^Length cut\*?$/)).toHaveValue('1250');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && RECORDS_PATH.test(new URL(response.url()).pathname),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  expect(posts).toHaveLength(1);
  const unitId = RECORDS_PATH.exec(new URL(response.url()).pathname)?.[1];
  expect(unitId).toBeDefined();

  await expect(page.getByRole('status')).toContainText('The hedge cutting record was added.');
  const row = page.getByRole('row', { name: new RegExp(boundary) });
  await expect(row).toContainText('1,250');
  await expect(row).toContainText('Flail');
  await expect(row).toContainText('Fen Edge Hedging Ltd');

  // Still listed after a reload.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Hedge Cutting Records', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(boundary) })).toContainText('1,250');

  // Stored on the server: the API lists it with the values as typed and converted.
  const listed = await signedCallInPage(
    page,
    'GET',
    `/api/units/${String(unitId)}/records/hedge-cutting?search=${encodeURIComponent(boundary)}`,
  );
  expect(listed.status).toBe(200);
  const { data } = listed.body as { status: boolean; data: ApiPaged<ApiRecord> };
  expect(data.total_records).toBe(1);
  expect(data.records[0]?.record_type).toBe('hedge-cutting');
  expect(data.records[0]?.data).toEqual({
    cut_date: '2026-02-14',
    boundary_name: boundary,
    length_cut_m: 1250,
    cutting_method: 'Flail',
    in_nesting_window: 'No',
    contractor: 'Fen Edge Hedging Ltd',
  });

  // And a fresh session (a new browser context, logged in again) finds it too.
  const context = await browser.newContext();
  try {
    const fresh = await context.newPage();
    await login(fresh, 'farmer@example.com');
    await openHedgeCutting(fresh);
    await expect(fresh.getByRole('row', { name: new RegExp(boundary) })).toContainText('Flail');
  } finally {
    await context.close();
  }
});
