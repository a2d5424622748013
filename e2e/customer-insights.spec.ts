import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { misfits, settledLayout } from './lib/fit.ts';
import { navigation } from './helpers.ts';
import { signedInAs, type DemoAccount } from './sessions.ts';

/**
 * Customer Insights (issue 19 point 3) against the seeded farms' records: buyer@ (Acme Foods,
 * with `insights`) opens it from the menu, reads each KPI with n and band, pages its supplying
 * units, downloads a CSV with a row per unit and opens a unit as Select Farm does; staff without
 * `insights` and farm users are not offered it, and its address is not available to them.
 */

const PHONE = { width: 390, height: 844 };

async function openInsights(page: Page) {
  await signedInAs(page, 'buyer@example.com');
  await (await navigation(page)).getByRole('link', { name: 'Insights', exact: true }).click();
  await expect(page).toHaveURL(/\/customer-insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
}

/** "Your supplying dairy farms: 123 units, figures for 2025" → 123. */
async function unitsCount(page: Page): Promise<number> {
  const caption = page.getByRole('table', { name: /^Your supplying dairy farms: / });
  await expect(caption).toBeVisible();
  const name = (await caption.locator('caption').textContent()) ?? '';
  return Number(/: ([\d,]+) units/.exec(name)?.[1]?.replace(/,/g, '') ?? NaN);
}

test('buyer@ reads its suppliers’ KPIs with n and band, pages its units and downloads a row per unit', async ({
  page,
}, testInfo) => {
  test.slow();
  await openInsights(page);
  await expect(page.getByRole('combobox', { name: 'Enterprise' })).toHaveValue('dairy');
  await expect(page.getByRole('combobox', { name: 'Year' })).toBeVisible();

  // Each KPI: the comparison group's median with its n and band; the suppliers' too, or why not.
  const litres = page.getByRole('article', { name: 'Milk sold per cow (l/cow)' });
  await expect(litres.getByRole('definition').nth(1)).toContainText(
    /Median [\d,]+ l\/cown = [\d,]+ farms · (Indicative|Good|Excellent) accuracy/,
  );
  await expect(litres.getByRole('definition').first()).toContainText(
    /n = [\d,]+ farms · (Indicative|Good|Excellent) accuracy|Not shown: /,
  );
  for (const kpi of ['Milk price', 'Somatic cell count', 'Concentrate per litre'])
    await expect(page.getByRole('article', { name: new RegExp(`^${kpi} `) })).toBeVisible();

  // The spread chart is drawn, and its figures are a table of quartiles by group.
  const spread = litres.getByRole('figure', { name: /^Milk sold per cow, \d{4}: spread/ });
  await expect(spread.locator('canvas')).toBeVisible();
  await spread.getByText('Show the figures as a table').click();
  await expect(spread.getByRole('table').getByRole('columnheader')).toContainText([
    'Lower quartile',
    'Median',
    'Upper quartile',
    'Top 25% average',
  ]);
  await expect(
    spread.getByRole('row', { name: /All dairy farms/ }).getByRole('cell', { name: / l\/cow$/ }),
  ).toHaveCount(4);

  // Survey completion and calculator uptake.
  await expect(page.getByRole('heading', { name: 'Surveys and calculators' })).toBeVisible();

  // The supplying units, 20 a page from the server.
  const total = await unitsCount(page);
  expect(total).toBeGreaterThan(20);
  const table = page.getByRole('table', { name: /^Your supplying dairy farms: / });
  await expect(table.locator('tbody tr')).toHaveCount(20);
  const firstOnPage1 = await table.locator('tbody th').first().textContent();
  await page
    .getByRole('navigation', { name: 'Supplying units pages' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect(table.locator('tbody th').first()).not.toHaveText(firstOnPage1 ?? '');
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(20, total - 20));

  // The CSV: one row per supplying unit, every unit and not just the page.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download CSV of Insights for Dairy/ }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const rows = parse<Record<string, string>>(csv.slice(1), { columns: true });
  expect(rows).toHaveLength(total);
  expect(Object.keys(rows[0] ?? {})).toEqual(
    expect.arrayContaining(['Farm', 'Unit', 'Region', 'Milk sold per cow (l/cow)']),
  );

  await testInfo.attach('customer-insights.png', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  // A phone: nothing scrolls sideways or is cut off.
  await page.setViewportSize(PHONE);
  await settledLayout(page);
  expect(await misfits(page)).toEqual([]);
  await testInfo.attach('customer-insights-phone.png', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
});

test('buyer@ prints Insights: the units table on A4 landscape, no buttons', async ({
  page,
}, testInfo) => {
  test.slow();
  await openInsights(page);
  const table = page.getByRole('table', { name: /^Your supplying dairy farms: / });
  await expect(table).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-header')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Download CSV/ })).toBeHidden();
  await expect(table).toBeVisible();
  await expect(table.getByRole('button', { name: /^Open / }).first()).toBeHidden();
  const pdf = await page.pdf({ preferCSSPageSize: true });
  await testInfo.attach('customer-insights.pdf', { body: pdf, contentType: 'application/pdf' });
  // A4 pages: portrait (595 × 842 points) for the figures, landscape (842 × 595) for the table.
  const boxes = [...pdf.toString('latin1').matchAll(/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map(
    ([, w, h]) => `${String(Math.round(Number(w)))}x${String(Math.round(Number(h)))}`,
  );
  expect(boxes).toContain('842x595');
  expect(boxes.every((box) => box === '842x595' || box === '595x842')).toBe(true);
});

test('Insights passes axe-core WCAG 2.1 AA checks, a chart’s table open', async ({ page }) => {
  test.slow();
  await openInsights(page);
  await expect(page.getByRole('table', { name: /^Your supplying dairy farms: / })).toBeVisible();
  await page.getByText('Show the figures as a table').first().click();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'heading-order': { enabled: true }, 'target-size': { enabled: true } } })
    .analyze();
  expect(
    results.violations.map((v) => ({
      rule: v.id,
      targets: v.nodes.map((n) => n.target.join(' ')),
    })),
  ).toEqual([]);
});

test('buyer@ opens a supplying unit from Insights as Select Farm opens it', async ({ page }) => {
  test.slow();
  await openInsights(page);
  const table = page.getByRole('table', { name: /^Your supplying dairy farms: / });
  const unit = ((await table.locator('tbody th').first().textContent()) ?? '').trim();
  await table.getByRole('button', { name: `Open ${unit}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Current Unit Dashboard' }),
  ).toBeVisible();
});

for (const account of [
  'processor@example.com',
  'adviser@example.com',
  'farmer@example.com',
] as DemoAccount[]) {
  test(`${account} is not offered Insights, and its address is not available`, async ({ page }) => {
    await signedInAs(page, account);
    const nav = await navigation(page);
    await expect(nav.getByRole('link', { name: 'Insights', exact: true })).toHaveCount(0);
    await page.goto('/customer-insights');
    await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  });
}
