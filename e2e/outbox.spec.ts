import { expect, test, type Page } from '@playwright/test';
import { signedCallInPage } from './helpers.ts';
import { signedInAs } from './sessions.ts';
import { underServiceWorker } from './lib/service-worker.ts';

/**
 * Issue 22: what a farmer saves with no signal reaches the server exactly once. Months far in the
 * past, one set per test, so that no other test's records are counted.
 */

interface MonthlyRecord {
  data: { month: string };
}

/** The unit whose records the page shows (the last active account, as the portal keeps it). */
const activeUnit = (page: Page) =>
  page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('fdp.lastActiveFarmAccountUnit') ?? '{}') as {
          unitId: number;
        }
      ).unitId,
  );

/** How many of the unit's monthly records the server holds for each month. */
async function storedMonths(page: Page, months: string[]): Promise<number[]> {
  const unitId = await activeUnit(page);
  const { status, body } = await signedCallInPage(
    page,
    'GET',
    `/api/units/${String(unitId)}/records/monthly?per_page=100&sort=month&direction=asc`,
  );
  expect(status).toBe(200);
  const records = (body as { data: { records: MonthlyRecord[] } }).data.records;
  return months.map((month) => records.filter((r) => r.data.month.startsWith(month)).length);
}

async function addMonthly(page: Page, day: string, litres: string) {
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await page.getByLabel(/^Month\*?$/).fill(day);
  await page.getByLabel('Milk sold').fill(litres);
  await page.getByLabel('Cows in milk (average)').fill('150');
  await page.getByRole('button', { name: 'Save' }).click();
}

/** The outbox's count in the banner (src/ui/outbox/OutboxStatus.tsx). */
const outboxStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /saved on this device (is|are) waiting to be sent/ });

test.beforeEach(async ({ page }) => {
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/unit/records/monthly');
  await expect(page.getByRole('heading', { name: 'Monthly Records', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add monthly record' })).toBeVisible();
});

test('three monthly records saved offline, kept over a reload, reach the server once each', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // The reload offline is served by the service worker.
  await underServiceWorker(page);
  await context.setOffline(true);
  const saved = [
    ['01/01/2011', '2011-01'],
    ['01/02/2011', '2011-02'],
    ['01/03/2011', '2011-03'],
  ] as const;
  const waiting = page
    .getByRole('region', { name: 'Monthly records saved on this device, waiting to be sent' })
    .getByRole('listitem');
  for (const [i, [day]] of saved.entries()) {
    await addMonthly(page, day, '100000');
    await expect(waiting).toHaveCount(i + 1);
  }
  await expect(waiting.first()).toContainText('Monthly record: Jan 2011');
  await expect(outboxStatus(page)).toContainText('3 changes saved on this device are waiting');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Monthly Records', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(outboxStatus(page)).toContainText('3 changes saved on this device are waiting');

  await context.setOffline(false);
  await expect(outboxStatus(page)).toHaveCount(0, { timeout: 30_000 });
  expect(
    await storedMonths(
      page,
      saved.map(([, month]) => month),
    ),
  ).toEqual([1, 1, 1]);
});

test('a record the server stored but whose answer was lost is sent again and stored once', async ({
  page,
}) => {
  let dropped = 0;
  const replays: string[] = [];
  page.on('response', (response) => {
    const replayed = response.headers()['idempotent-replayed'];
    if (replayed) replays.push(replayed);
  });
  await page.route('**/api/units/*/records/monthly', async (route) => {
    if (route.request().method() !== 'POST' || dropped > 0) return route.continue();
    dropped += 1;
    await route.fetch(); // the server stores it...
    await route.abort('connectionreset'); // ...and the answer never arrives
  });
  await addMonthly(page, '01/01/2012', '120000');
  await expect(outboxStatus(page)).toHaveCount(0, { timeout: 30_000 });
  expect(dropped).toBe(1);
  expect(replays).toEqual(['true']);
  expect(await storedMonths(page, ['2012-01'])).toEqual([1]);
});

test('on a network that drops requests at random, exactly the records saved are stored', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A fixed sequence rather than Math.random, so that a failure can be replayed.
  const fate = ['before', 'after', 'pass', 'after', 'before', 'pass', 'after', 'pass'];
  let sent = 0;
  await page.route('**/api/units/*/records/monthly', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const what = fate[sent++ % fate.length];
    if (what === 'before') return route.abort('connectionreset');
    if (what === 'after') {
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  const months = ['2013-01', '2013-02', '2013-03', '2013-04'];
  for (const month of months) {
    const [year, mm] = month.split('-');
    await addMonthly(page, `01/${mm ?? ''}/${year ?? ''}`, '90000');
    await expect(page.getByRole('button', { name: 'Add monthly record' })).toBeVisible();
  }
  await expect(outboxStatus(page)).toHaveCount(0, { timeout: 60_000 });
  expect(await storedMonths(page, months)).toEqual([1, 1, 1, 1]);
});

test('a record deleted with no signal is deleted once the server can be reached', async ({
  page,
  context,
}) => {
  await addMonthly(page, '01/01/2014', '80000');
  // Found by the list's search: far in the past, it is not on the list's first page.
  await expect(page.getByRole('button', { name: 'Add monthly record' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Jan 2014');
  const row = page.getByRole('row', { name: /Jan 2014/ });
  await expect(row).toHaveCount(1);
  await context.setOffline(true);
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this monthly record?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Monthly records saved on this device, waiting to be sent' })
      .getByRole('listitem'),
  ).toContainText('Deletion of Monthly record: Jan 2014');

  await context.setOffline(false);
  await expect(outboxStatus(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(row).toHaveCount(0);
  expect(await storedMonths(page, ['2014-01'])).toEqual([0]);
});
