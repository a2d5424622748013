import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAs } from './sessions.ts';

/**
 * Issue 16: GHG What If? and BPS What If? as a farmer uses them. The farmer's unit is a dairy
 * unit whose plan includes GHG What If? (Dairy) and BPS What If? (brown_co_bps_what_if).
 */

const PHONE = { width: 390, height: 844 };

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The farmer's newest monthly record, for November 2026 (a month no other test uses, after
 * theirs): 170 cows in milk and 12 dry cows, added through the form if it is not there yet.
 */
async function withNewestMonthlyRecord(page: Page) {
  await page.goto('/unit/records/monthly');
  const table = page.getByRole('table', { name: /monthly records?$/ });
  await expect(table.or(page.getByText('No monthly records yet.'))).toBeVisible();
  if ((await page.getByRole('row', { name: /Nov 2026/ }).count()) > 0) return;
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await page.getByLabel(/^Month\*?$/).fill('01/11/2026');
  await page.getByLabel('Milk sold').fill('150000');
  await page.getByLabel('Cows in milk (average)').fill('170');
  await page.getByLabel('Dry cows (average)').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Nov 2026/ })).toBeVisible();
}

/** "705,600 kg CO2e" → 705600. */
const figureOf = async (cell: Locator) => {
  const match = /-?[\d,]+(\.\d+)?/.exec(await cell.innerText());
  return Number((match?.[0] ?? 'NaN').replace(/,/g, ''));
};

/** The comparison's row for a source: its baseline, scenario and change cells. */
function resultRow(page: Page, measure: RegExp) {
  const table = page.getByRole('table', { name: 'Emissions per year: baseline and scenario' });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: measure }) });
  return {
    row,
    baseline: row.getByRole('cell').nth(0),
    scenario: row.getByRole('cell').nth(1),
    change: row.getByRole('cell').nth(2),
  };
}

test('a farmer starts a dairy baseline from the records, tries a scenario with fewer cows, saves both, and reopens them after a reload', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await withNewestMonthlyRecord(page);
  await page.goto('/ghg-what-if-dairy');
  await expect(page.getByRole('heading', { level: 1, name: 'GHG What If? (Dairy)' })).toBeVisible();
  // The herd comes from the newest monthly record: 170 cows in milk + 12 dry cows.
  const baselinePanel = page.getByRole('tabpanel', { name: 'Baseline' });
  await expect(baselinePanel.getByLabel(/^Head/)).toHaveValue('182');
  const from = baselinePanel.getByRole('link', { name: /Nov 2026/ }).first();
  await expect(from).toHaveAttribute('href', '/unit/records/monthly');
  await expect(page.getByText(/ghg-2019t1-desnz2024@1/).first()).toBeVisible();
  await expect(page.getByText(/do not change with the GWP set chosen/).first()).toBeVisible();

  const enteric = resultRow(page, /Enteric fermentation/);
  const baselineEnteric = await figureOf(enteric.baseline);
  // 182 cows × 126 kg CH4 × 28 (AR5).
  expect(baselineEnteric).toBe(642096);
  // The scenario starts as the baseline's copy.
  expect(await figureOf(enteric.scenario)).toBe(baselineEnteric);

  await page.getByRole('tab', { name: 'Scenario' }).click();
  const head = page.getByRole('tabpanel', { name: 'Scenario' }).getByLabel(/^Head/);
  await expect(head).toHaveValue('182');
  await head.fill('172');
  // 10 cows × 126 kg CH4 × 28 (AR5) fewer.
  await expect(enteric.change).toContainText('-35,280 kg CO2e');
  const scenarioEnteric = await figureOf(enteric.scenario);
  expect(scenarioEnteric).toBeLessThan(baselineEnteric);
  expect(await figureOf(enteric.baseline)).toBe(baselineEnteric);
  const total = resultRow(page, /^Total emissions($| \(unconfirmed)/);
  const totals = [await total.baseline.innerText(), await total.scenario.innerText()];

  const name = `Herd ${String(Date.now())}`;
  const nameField = page.getByLabel('Name', { exact: true });
  await nameField.fill(`${name} now`);
  await page.getByRole('button', { name: 'Save baseline' }).click();
  await expect(page.getByText(`The baseline “${name} now” was saved.`)).toBeVisible();
  await nameField.fill(`${name} fewer cows`);
  await page.getByRole('button', { name: 'Save scenario' }).click();
  await expect(page.getByText(`The scenario “${name} fewer cows” was saved.`)).toBeVisible();
  const saved = page.getByRole('table', { name: 'Saved baselines and scenarios' });
  await expect(saved.getByRole('row', { name: new RegExp(`${name} fewer cows`) })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'GHG What If? (Dairy)' })).toBeVisible();
  await page.getByRole('button', { name: `Open ${name} fewer cows` }).click();
  await expect(
    page.getByRole('heading', { name: `Opened: ${name} fewer cows (scenario)` }),
  ).toBeVisible();
  expect(await figureOf(enteric.baseline)).toBe(baselineEnteric);
  expect(await figureOf(enteric.scenario)).toBe(scenarioEnteric);
  expect([await total.baseline.innerText(), await total.scenario.innerText()]).toEqual(totals);
  await expect(page.getByText(/As computed then/)).toContainText(totals[1] ?? '');
});

test('at 390 × 844 GHG What If? does not scroll sideways', async ({ page }) => {
  await signedInAs(page, 'farmer@example.com');
  await page.setViewportSize(PHONE);
  await page.goto('/ghg-what-if-dairy');
  await expect(page.getByRole('heading', { level: 1, name: 'GHG What If? (Dairy)' })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Emissions by source, kg CO2e per year' });
  await expect(chart.locator('canvas')).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.getByRole('tab', { name: 'Scenario' }).click();
  expect(await noHorizontalScroll(page)).toBe(true);
});

test('GHG What If? prints its inputs as a summary table without the form, and downloads a CSV of inputs and results', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/ghg-what-if-dairy');
  await expect(page.getByRole('heading', { level: 1, name: 'GHG What If? (Dairy)' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Baseline' }).getByLabel(/^Head/)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ghg-dairy-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(path, 'utf8');
  expect(csv.startsWith('\uFEFFGHG What If? (Dairy)\r\n')).toBe(true);
  expect(csv).toContain('\r\nInputs,Unit,Baseline,Scenario\r\n');
  expect(csv).toMatch(/\r\nDairy cows: head,head,\d+,\d+\r\n/);
  expect(csv).toMatch(/\r\nBy source: Enteric fermentation,kg CO2e,\d+/);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('tablist', { name: 'Baseline and scenario' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Inputs' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Emissions per year: baseline and scenario' }),
  ).toBeVisible();
});

test('a farmer works out a delinked payment from three BPS payments, saves it, downloads it as CSV and reopens it after a reload', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/unit/records/bps-what-if');
  await expect(page.getByRole('heading', { level: 1, name: 'BPS What If?' })).toBeVisible();
  await page.getByLabel('Scheme year').selectOption('2024');
  await page.getByLabel(/Work it out from my 2020, 2021 and 2022/).check();
  await page.getByLabel('BPS payment received for 2020').fill('104850');
  await page.getByLabel('BPS payment received for 2021').fill('90380');
  await page.getByLabel('BPS payment received for 2022').fill('74653');
  // Facts file §2.3, example 1 (AHDB's arable farm).
  await expect(page.getByTestId('bps-payment')).toHaveText('£37,986.35');

  const name = `Delinked 2024 ${String(Date.now())}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save calculation' }).click();
  const saved = page.getByRole('table', { name: 'Saved calculations' });
  await expect(saved.getByRole('row', { name: new RegExp(name) })).toContainText('£37,986.35');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bps-lower-dale-dairy-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.startsWith('\uFEFFBPS What If?\r\n')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines).toContain('Scheme year,2024');
  expect(lines).toContain('"Up to £30,000.00",30000,50,15000,15000');
  expect(lines).toContain('Payment,37986.35');

  await page.reload();
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Opened: ${name}` })).toBeVisible();
  await expect(page.getByText(/As computed then/)).toContainText('£37,986.35');
  await expect(page.getByLabel('BPS payment received for 2022')).toHaveValue('74653');
  await expect(page.getByTestId('bps-payment')).toHaveText('£37,986.35');
});
