import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse as parseCsv } from 'csv-parse/sync';
import { chooseUnitAndPlan, navigation } from './helpers.ts';
import { signedInAs } from './sessions.ts';

/**
 * Remittance advice (issue 19 point 4), on the seeded intake of Fenland Fresh (server/seed/
 * intake.ts): processor@ lists statements, filters to a grower and months, opens one, and its
 * totals equal its lines added up, on screen and in the CSV; multi@ follows the dashboard's link
 * to Highfield Arable's own statement. Nothing scrolls sideways on a phone.
 */

/** "£4,445.70" or "-£182.70" as whole pence, read from the text the screen shows. */
function pence(text: string): number {
  const match = /(-?)£([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const [, sign, pounds, pennies] = match;
  const value = Number((pounds ?? '').replace(/,/g, '')) * 100 + Number(pennies);
  return sign === '-' ? -value : value;
}

/** The amounts of a table's body rows: each row's last cell. */
async function amounts(table: Locator): Promise<number[]> {
  const rows = table.locator('tbody tr');
  const out: number[] = [];
  for (const row of await rows.all()) {
    out.push(pence((await row.getByRole('cell').last().textContent()) ?? ''));
  }
  return out;
}

async function totalOf(page: Page, name: RegExp): Promise<number> {
  const row = page
    .getByRole('table', { name: 'Worked out from the lines' })
    .getByRole('row', { name });
  return pence((await row.getByRole('cell').last().textContent()) ?? '');
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('processor@ lists the statements, filters to a grower and months, opens one whose totals are its lines added up, and downloads it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, 'processor@example.com');
  await (await navigation(page)).getByRole('link', { name: 'Remittance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remittance Advice' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^[\d,]+ statements$/ })).toBeVisible();

  // Highfield Arable's statements from August 2026 on.
  await page
    .getByRole('combobox', { name: 'Grower' })
    .selectOption({ label: 'Highfield Arable (Highfield Estate)' });
  await page.getByRole('combobox', { name: 'From' }).selectOption('2026-08');
  const list = page.getByRole('table', { name: /^\d+ statements?$/ });
  await expect(list.locator('tbody tr').first()).toContainText('Highfield Arable');
  await expect(list.locator('tbody tr').filter({ hasNotText: 'Highfield Arable' })).toHaveCount(0);
  await expect(list.locator('tbody tr').filter({ hasText: /Jul 2026|2025/ })).toHaveCount(0);
  const rows = await list.locator('tbody tr').count();
  expect(rows).toBeGreaterThan(0);

  // The newest opens with its lines; the totals are the lines added up.
  const first = list.locator('tbody tr').first();
  const listed = pence((await first.getByRole('cell').last().textContent()) ?? '');
  await first.getByRole('link').click();
  await expect(
    page.getByRole('heading', { level: 1, name: /^Remittance statement FFR-\d{6}-\d{5}$/ }),
  ).toBeVisible();
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(
    'Remittance statement ',
    '',
  );
  const lines = page.getByRole('table', { name: /lines of statement/ });
  const lineAmounts = await amounts(lines);
  expect(lineAmounts.length).toBeGreaterThan(1);
  const netBeforeVat = await totalOf(page, /^Net before VAT/);
  expect(lineAmounts.reduce((s, a) => s + a, 0)).toBe(netBeforeVat);
  const vat = await totalOf(page, /^VAT -?£/);
  expect(await totalOf(page, /^Net paid/)).toBe(netBeforeVat + vat);
  expect(await totalOf(page, /^Net paid/)).toBe(listed);
  await expect(page.getByRole('table', { name: /^QC reconciliation of \d+ loads$/ })).toContainText(
    /Agrees with the QC result|Differs from the QC result/,
  );

  // Its CSV: one row per line, then the totals; the lines add up to the net before VAT.
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: `Download CSV of Remittance statement ${number}` })
    .click();
  const csv = parseCsv<Record<string, string>>(
    (await readFile(await (await download).path(), 'utf8')).replace(/^\uFEFF/, ''),
    { columns: true },
  );
  const csvLines = csv.filter((r) => r.Kind !== 'total');
  expect(csvLines).toHaveLength(lineAmounts.length);
  expect(csvLines.every((r) => r.Statement === number)).toBe(true);
  const csvPence = (text: string | undefined) => Math.round(Number(text) * 100);
  expect(csvLines.reduce((s, r) => s + csvPence(r['Amount (£)']), 0)).toBe(netBeforeVat);
  expect(csvPence(csv.find((r) => r.Description === 'Net paid')?.['Amount (£)'])).toBe(
    netBeforeVat + vat,
  );

  // On a phone the lines are cards and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole('heading', { level: 1, name: `Remittance statement ${number}` }),
  ).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.getByRole('link', { name: 'All statements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remittance Advice' })).toBeVisible();
  await expect(page.getByRole('table', { name: /statements$/ })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
});

test("multi@ follows the dashboard's link to Highfield Arable's own statement", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInAs(page, 'multi@example.com');
  await chooseUnitAndPlan(
    page,
    'Highfield Arable',
    'Fenland Fresh Produce: Fenland Fresh Grower Scheme',
  );
  await page.goto('/dashboard');
  const actions = page.getByRole('region', { name: 'Open actions' });
  await expect(actions.getByRole('heading', { name: 'Remittance statements' })).toBeVisible();
  const link = actions.getByRole('link', { name: /^Statement FFR-\d{6}-\d{5}: / }).first();
  const title = (await link.textContent()) ?? '';
  await link.click();
  const number = /FFR-\d{6}-\d{5}/.exec(title)?.[0] ?? '';
  await expect(
    page.getByRole('heading', { level: 1, name: `Remittance statement ${number}` }),
  ).toBeVisible();
  await expect(
    page.getByText(/^Fenland Fresh Produce to Highfield Arable \(Highfield Estate/),
  ).toBeVisible();
  const lineAmounts = await amounts(page.getByRole('table', { name: /lines of statement/ }));
  expect(lineAmounts.reduce((s, a) => s + a, 0)).toBe(await totalOf(page, /^Net before VAT/));

  // All of the unit's statements, and only its own.
  await page.getByRole('link', { name: 'All statements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remittance Advice' })).toBeVisible();
  await expect(page.getByText('What your buyer has paid Highfield Arable')).toBeVisible();
  const list = page.getByRole('table', { name: /^\d+ statements?$/ });
  await expect(
    list.getByRole('link', { name: new RegExp(`^Statement ${number}, Highfield Arable`) }),
  ).toBeVisible();
  const links = await list.getByRole('link').count();
  await expect(list.getByRole('link', { name: /, Highfield Arable, / })).toHaveCount(links);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
});
