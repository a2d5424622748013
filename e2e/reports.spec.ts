import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { navigation, pick } from './helpers.ts';
import { signedInAs } from './sessions.ts';

/** Shows the periods from and to (yyyy-MM for a monthly report, yyyy otherwise). */
async function showPeriods(page: Page, from: string, to: string) {
  const picker = page.getByRole('form', { name: 'Periods shown' });
  await picker.getByLabel('From').fill(from);
  await picker.getByLabel('To').fill(to);
  await picker.getByRole('button', { name: 'Show' }).click();
}

test("a beef unit's Reports offer the herd report, worked out from its animal records", async ({
  page,
}) => {
  await signedInAs(page, 'multi@example.com');
  await pick(page, 'Unit', 'Highfield Beef');
  const nav = await navigation(page);
  await nav.getByRole('button', { name: 'Reports' }).click();
  // The plan has animal records and a medicine book, no monthly records: no monthly report.
  await expect(nav.getByRole('menuitem')).toHaveText(['Herd and Flock Report', 'Medicine Report']);
  await nav.getByRole('menuitem', { name: 'Herd and Flock Report' }).click();
  await expect(page).toHaveURL(/\/unit\/reporting\/herd$/);
  await expect(page.getByRole('heading', { name: 'Herd and Flock Report' })).toBeVisible();

  // The seeded herd (server/seed/demo-records.ts), January to March 2026, by hand.
  await showPeriods(page, '2026-01', '2026-03');
  const months = page.getByRole('table', { name: 'Month by month, newest first' });
  // The last 12 months stay on screen until the three asked for have come (a busy server).
  await expect(months.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(3);
  const headlines = page.getByRole('definition');
  await expect(headlines).toContainText([
    '6 head',
    '7 head',
    '3 head',
    '2 head',
    '2 head',
    '28.6 %',
    // (0.824 + 0.873 + 0.642) / 3 kg a day, the three weighed in February and March.
    '0.78 kg/day',
  ]);
  // Head at start, births, moved on, deaths, sold or slaughtered, head at end, mortality,
  // weighed and daily liveweight gain from birth (a steer and a heifer weighed on 10 March).
  await expect(months.getByRole('row', { name: /Mar 2026/ }).getByRole('cell')).toHaveText([
    '5',
    '2',
    '0',
    '0',
    '1',
    '6',
    '0.0',
    '2',
    '0.76',
  ]);
  await expect(months.getByRole('row', { name: /Jan 2026/ }).getByRole('cell')).toHaveText([
    '7',
    '1',
    '0',
    '1',
    '0',
    '7',
    '14.3',
    '0',
    '—',
  ]);
  await expect(
    page.getByRole('figure', { name: /Head on the holding at each month end, by sex/ }),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // The same report as a file from the server: the periods on screen, one row per figure.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV of Herd and Flock Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^highfield-beef-herd-2026-01-to-2026-03-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = (await readFile(await file.path(), 'utf8')).split('\r\n');
  expect(lines[0]).toBe('\uFEFFPart,Period,Group,Figure,Value,Unit');
  expect(lines).toContain('Headlines,2026-01/2026-03,,Mortality,28.6,%');
  expect(lines).toContain('"Month by month, newest first",2026-03,,Head at end,6,head');
  expect(lines).toContain('"By sex, month by month",2026-03,Female,Head at end,4,head');

  // On paper: the figures without the picker and the buttons; the picture kept as an artefact.
  await page.emulateMedia({ media: 'print' });
  await expect(
    page.getByRole('button', { name: 'Download CSV of Herd and Flock Report' }),
  ).toBeHidden();
  await expect(page.getByRole('form', { name: 'Periods shown' })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('herd-report-print.png'), fullPage: true });
});

test('the annual records check flags a net profit that differs from the figures beside it', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/unit/records/annual');
  await page.getByRole('button', { name: 'Add annual record' }).click();
  await page.getByLabel(/^Year end date\*?$/).fill('31/03/2019');
  await page.getByLabel(/^Total farmed area\*?$/).fill('250');
  await page.getByLabel('Total output').fill('900000');
  await page.getByLabel('Variable costs').fill('400000');
  await page.getByLabel('Fixed costs').fill('45000');
  await page.getByLabel('Net profit').fill('330000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The annual record was added.')).toBeVisible();

  const nav = await navigation(page);
  await nav.getByRole('button', { name: 'Reports' }).click();
  await nav.getByRole('menuitem', { name: 'Annual Records Check' }).click();
  await expect(page.getByRole('heading', { name: 'Annual Records Check' })).toBeVisible();
  await showPeriods(page, '2019', '2019');
  // 900,000 − 400,000 = 500,000 gross margin; less 45,000 fixed costs = 455,000; 330,000 entered.
  const check = page.getByRole('table', { name: 'Check: Net profit' });
  await expect(check.getByRole('row', { name: /2019/ })).toContainText(
    'Differs: £455,000 worked out, £330,000 entered',
  );
  await expect(check.getByRole('row', { name: /2019/ })).toContainText('-£125,000');
});

test('the monthly report works out yield, income and price from the monthly records', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/unit/records/monthly');
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await page.getByLabel(/^Month\*?$/).fill('15/01/2024');
  await page.getByLabel('Milk sold').fill('186000');
  await page.getByLabel('Cows in milk (average)').fill('200');
  await page.getByLabel('Milk price').fill('42.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The monthly record was added.')).toBeVisible();

  const nav = await navigation(page);
  await nav.getByRole('button', { name: 'Reports' }).click();
  await nav.getByRole('menuitem', { name: 'Monthly Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Monthly Reports' })).toBeVisible();
  await showPeriods(page, '2024-01', '2024-01');
  await expect(page.getByRole('figure', { name: /Milk sold each month/ })).toBeVisible();
  // 186,000 litres ÷ 200 cows ÷ 31 days; 186,000 × 42.5p.
  const january = page.getByRole('row', { name: /Jan 2024/ });
  await expect(january).toContainText('186,000');
  await expect(january).toContainText('30.0');
  await expect(january).toContainText('£79,050');
});
