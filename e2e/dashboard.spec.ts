import { expect, test, type Page } from '@playwright/test';
import { pick } from './helpers.ts';
import { signedInAs } from './sessions.ts';

/**
 * The dashboard's key figures are the reports' own (issue 17): the farmer's litres per cow per
 * day over the latest 12 months recorded agree with the Monthly Reports' yields of the same
 * months, and a beef unit's dashboard shows its herd.
 */

/**
 * Three months of the farmer's own, August to October 2026 (months no other test uses), added
 * through the form where they are not there yet: 30.0, 27.5 and 27.5 l/cow/day.
 */
const MONTHS = [
  { label: 'Aug 2026', date: '01/08/2026', litres: '186000' },
  { label: 'Sep 2026', date: '01/09/2026', litres: '165000' },
  { label: 'Oct 2026', date: '01/10/2026', litres: '170500' },
];

async function withMonths(page: Page) {
  await page.goto('/unit/records/monthly');
  const table = page.getByRole('table', { name: /monthly records?$/ });
  await expect(table.or(page.getByText('No monthly records yet.'))).toBeVisible();
  for (const month of MONTHS) {
    if ((await page.getByRole('row', { name: new RegExp(month.label) }).count()) > 0) continue;
    await page.getByRole('button', { name: 'Add monthly record' }).click();
    await page.getByLabel(/^Month\*?$/).fill(month.date);
    await page.getByLabel('Milk sold').fill(month.litres);
    await page.getByLabel('Cows in milk (average)').fill('200');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row', { name: new RegExp(month.label) })).toBeVisible();
  }
}

const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
/** "Dec 2025" → "2025-12". */
const monthKey = (label: string) => {
  const [name = '', year = ''] = label.split(' ');
  return `${year}-${String(MONTH_NAMES.indexOf(name) + 1).padStart(2, '0')}`;
};

test("the farmer's dashboard litres per cow per day agree with the monthly report's yields for the same months", async ({
  page,
}) => {
  test.slow();
  await signedInAs(page, 'farmer@example.com');
  await withMonths(page);

  // Other tests may add or remove a month meanwhile: the two are read again until they agree.
  await expect(async () => {
    await page.goto('/dashboard');
    const card = page.getByRole('article', { name: 'Litres per cow per day' });
    await expect(card).toBeVisible();
    const figure = Number(
      /([\d.]+) l\/cow\/day/.exec(
        await card
          .getByText(/l\/cow\/day$/)
          .first()
          .innerText(),
      )?.[1],
    );
    const period = /^(\w{3} \d{4}) to (\w{3} \d{4}), (\d+) of 12 months recorded$/.exec(
      await card.getByText(/months recorded$/).innerText(),
    );
    expect(period).not.toBeNull();
    const [, from = '', to = '', recorded = ''] = period ?? [];
    await expect(card.getByText(/on the year before|for the year before/)).toBeVisible();

    await card.getByRole('link', { name: /see Monthly Reports/ }).click();
    await expect(page).toHaveURL(/\/unit\/reporting\/monthly$/);
    const picker = page.getByRole('form', { name: 'Periods shown' });
    await picker.getByLabel('From').fill(monthKey(from));
    await picker.getByLabel('To').fill(monthKey(to));
    await picker.getByRole('button', { name: 'Show' }).click();
    const months = page.getByRole('table', { name: 'Month by month, newest first' });
    await expect(months.getByRole('row', { name: /Oct 2026/ })).toBeVisible();
    const rows = months.getByRole('row').filter({ has: page.getByRole('cell') });
    expect(await rows.count()).toBe(Number(recorded));
    const yields = await Promise.all(
      (await rows.all()).map(async (row) => Number(await row.getByRole('cell').nth(2).innerText())),
    );
    // The KPI is the months' mean; each month shows to 0.1, so they agree to rounding.
    const mean = yields.reduce((a, b) => a + b, 0) / yields.length;
    expect(Math.abs(mean - figure)).toBeLessThanOrEqual(0.06);
    expect(yields).toEqual(expect.arrayContaining([30, 27.5]));
  }).toPass({ timeout: 90_000 });
});

test("a beef unit's dashboard shows its herd, each figure linked to the herd report, with no sideways scroll at 360 px", async ({
  page,
}) => {
  await signedInAs(page, 'multi@example.com');
  await page.goto('/dashboard');
  await pick(page, 'Unit', 'Highfield Beef');
  const figures = page.getByRole('region', { name: 'Key figures' });
  // The seeded herd (server/seed/demo-records.ts) has had 6 head since March 2026.
  const head = figures.getByRole('article', { name: 'Head on the holding' });
  await expect(head).toContainText('6 head');
  await expect(figures.getByRole('article')).toHaveCount(5);
  // Two steers and a heifer weighed in February and March 2026 (by hand in demo-records.ts).
  await expect(
    figures.getByRole('article', { name: 'Daily liveweight gain from birth' }),
  ).toContainText('0.78 kg/day');
  for (const name of [
    'Births',
    'Deaths',
    'Sold or slaughtered',
    'Daily liveweight gain from birth',
  ]) {
    const card = figures.getByRole('article', { name });
    await expect(
      card.getByRole('link', { name: `${name}: see Herd and Flock Report` }),
    ).toHaveAttribute('href', '/unit/reporting/herd');
  }
  // The plan has a medicine book: its withdrawals are listed, or said to be none.
  await expect(page.getByRole('region', { name: 'Open actions' })).toContainText(
    'Medicine withdrawals in force',
  );
  // The unit summary and the feature grid follow.
  await expect(page.getByRole('heading', { name: 'Unit summary' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Features' })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(head).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a reload of the dashboard asks for the farm, the key figures and the unit summary once each', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Unit summary' })).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  await page.reload();
  const figures = page.getByRole('region', { name: 'Key figures' });
  await expect(figures.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unit summary' })).toBeVisible();
  const count = (pattern: RegExp) => asked.filter((path) => pattern.test(path)).length;
  expect(count(/^\/api\/accounts\/farms\/$/)).toBe(1);
  expect(count(/^\/api\/units\/\d+\/dashboard$/)).toBe(1);
  expect(count(/^\/api\/accounts\/units\/\d+\/summary\/\d+$/)).toBe(1);
});
