import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { misfits, settledLayout } from './lib/fit.ts';
import { navigation } from './helpers.ts';
import { signedInAs, type DemoAccount } from './sessions.ts';

/**
 * The farm's Benchmarking report (issue 19 point 2) against the seeded records of ~2,000 dairy
 * farms (server/seed/benchmark-records.ts): farmer@'s Lower Dale Dairy opens it from Reports and
 * reads its KPIs against its groups, each with n and band; a group too small says "fewer than"
 * rather than a figure; the quartiles chart's table alternative lists the quartiles. Accounts
 * whose units are not with Moorland Vale are not offered it.
 */

const PHONE = { width: 390, height: 844 };

async function openBenchmarking(page: Page) {
  await signedInAs(page, 'farmer@example.com');
  const nav = await navigation(page);
  await nav.getByRole('button', { name: 'Reports' }).click();
  await nav.getByRole('menuitem', { name: 'Benchmarking' }).click();
  await expect(page).toHaveURL(/\/moorland-vale-insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Benchmarking' })).toBeVisible();
}

test("farmer@ reads Lower Dale Dairy's KPIs against its groups, each with n and band", async ({
  page,
}) => {
  test.slow();
  await openBenchmarking(page);
  await expect(page.getByText(/^Dairy benchmarks from Moorland Vale Dairies for/)).toContainText(
    'Lower Dale Dairy',
  );
  const year = page.getByRole('combobox', { name: 'Year' });
  await expect(year).toBeVisible();

  // Each group of the year with how many farms and the accuracy band.
  const groups = page.getByRole('heading', { name: /^Your groups in \d{4}$/ }).locator('+ ul');
  await expect(groups.getByRole('listitem').first()).toContainText(
    /\d+(–\d+)? farms · (Indicative|Good|Excellent)/,
  );

  const litres = page.getByRole('region', { name: 'Milk sold per cow' });
  await expect(litres.getByRole('definition').first()).toHaveText(/ l\/cow$|^No figure/);
  const table = litres.getByRole('table', { name: /^Milk sold per cow \(l\/cow\): groups in / });
  await expect(
    table.getByRole('cell', { name: /^\d[\d,]* farms · (Indicative|Good|Excellent)$/ }).first(),
  ).toBeVisible();
  for (const kpi of ['Milk price', 'Somatic cell count', 'Concentrate per litre'])
    await expect(page.getByRole('region', { name: kpi })).toBeVisible();

  // The quartiles chart, drawn, with its figures as a table: the quartiles by group.
  const spread = litres.getByRole('figure', {
    name: /^Milk sold per cow: your farm in each group/,
  });
  await expect(spread.locator('canvas')).toBeVisible();
  await spread.getByText('Show the figures as a table').click();
  const figures = spread.getByRole('table');
  await expect(figures.getByRole('columnheader')).toContainText([
    'Lower quartile',
    'Median',
    'Upper quartile',
    'Top 25% average',
    'Your farm',
  ]);
  await expect(figures.getByRole('cell', { name: / l\/cow$/ }).first()).toBeVisible();

  // Some year has too few farms for some figure (few saved GHG baselines in the oldest): the
  // group's cell says so, never a figure or a blank. Years are looked at newest first.
  const suppressed = page.getByRole('cell', { name: 'Not shown: fewer than 20 farms' });
  for (const option of await year.locator('option').allTextContents()) {
    await year.selectOption(option);
    await expect(page.getByRole('heading', { name: `Your groups in ${option}` })).toBeVisible();
    await expect(litres.getByRole('table').first()).toBeVisible();
    if ((await suppressed.count()) > 0) break;
  }
  await expect(suppressed.first()).toBeVisible();

  await expect(
    page.getByRole('region', { name: 'How we keep figures confidential' }),
  ).toContainText('at least 20 farms');

  // The farm's KPIs against its groups as CSV, built in the browser from the page's answer.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV of Benchmarking' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^benchmarking-\d{4}-lower-dale-dairy-[\d-]+\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv).toContain(
    'KPI,Unit,Better,Period,Your farm,Your position,Group,Group description,Farms (n),',
  );
  expect(csv).toMatch(
    /\r\nMilk sold per cow,l\/cow,higher is better,\d{4},[^,]*,[^,]*,All dairy farms,/,
  );

  // On paper (A4): the print header, the figures, no buttons or chooser.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-header')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print Benchmarking' })).toBeHidden();
  await expect(year).toBeHidden();
  await expect(table).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // A phone: nothing scrolls sideways or is cut off.
  await page.setViewportSize(PHONE);
  await settledLayout(page);
  expect(await misfits(page)).toEqual([]);
});

for (const account of ['multi@example.com', 'buyer@example.com'] as DemoAccount[]) {
  test(`${account} is not offered Benchmarking, and its address is not available`, async ({
    page,
  }) => {
    await signedInAs(page, account);
    const nav = await navigation(page);
    await expect(nav.getByRole('link', { name: 'Benchmarking' })).toHaveCount(0);
    const reports = nav.getByRole('button', { name: 'Reports' });
    if ((await reports.count()) > 0) {
      await reports.click();
      await expect(nav.getByRole('menuitem', { name: 'Benchmarking' })).toHaveCount(0);
    }
    await page.goto('/moorland-vale-insights');
    await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  });
}
