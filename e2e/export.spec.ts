import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signedInAs } from './sessions.ts';

/**
 * RFC 4180 as a spreadsheet reads it (csv-parse), after checking the BOM Excel needs and that
 * every line, the last included, ends with CRLF (no seeded value holds a line end).
 */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF'), 'the file starts with the UTF-8 BOM').toBe(true);
  expect(/(^|[^\r])\n/.test(text), 'every line ends with CRLF').toBe(false);
  expect(text.endsWith('\r\n'), 'the file ends with CRLF').toBe(true);
  return parse(text.slice(1), { record_delimiter: '\r\n' });
}

async function downloaded(
  page: Page,
  click: () => Promise<void>,
): Promise<{
  file: Download;
  rows: string[][];
}> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { file, rows: parseCsv(await readFile(await file.path(), 'utf8')) };
}

/**
 * A test's own month on the farmer's unit ("Jul 2011", "01/07/2011"), added through the form
 * unless already there; the list is left searched for it.
 */
async function withMonth(page: Page, shown: string, day: string) {
  await page.goto('/unit/records/monthly');
  await page.getByLabel('Search').fill(shown);
  const mine = page.getByRole('table', { name: /monthly records?$/ }).getByRole('row', {
    name: new RegExp(shown),
  });
  await expect(mine.or(page.getByText(`No monthly records match “${shown}”.`))).toBeVisible();
  if (await mine.isVisible()) return;
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await page.getByLabel(/^Month\*?$/).fill(day);
  await page.getByLabel('Milk sold').fill('1234567');
  await page.getByLabel('Cows in milk (average)').fill('1250');
  await page.getByLabel('Butterfat').fill('4.12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toBeVisible();
}

test('a farmer downloads the monthly records as CSV: the columns and values of the screen, with ids and ISO dates', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await withMonth(page, 'Jul 2011', '01/07/2011');
  const table = page.getByRole('table', { name: /monthly records?$/ });
  const row = table.getByRole('row', { name: /Jul 2011/ });
  await expect(row).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  // The column headers as shown: each a sort button (the actions column has none).
  const headers = await table.getByRole('columnheader').getByRole('button').allInnerTexts();
  const cells = await row.getByRole('cell').allInnerTexts();

  const { file, rows } = await downloaded(page, () =>
    page.getByRole('button', { name: 'Download CSV of Monthly Records' }).click(),
  );
  expect(file.suggestedFilename()).toMatch(/^lower-dale-dairy-monthly-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header = [], ...records] = rows;
  // The ids, then the columns the screen shows, titled the same.
  expect(header).toEqual(['Record ID', 'Unit ID', ...headers.map((h) => h.trim())]);
  // The search on screen holds for the file too: the one record of July 2011.
  expect(records).toHaveLength(1);
  const record = records[0] ?? [];
  expect(record[0]).toMatch(/^\d+$/);
  expect(cells[0]).toContain('Jul 2011');
  expect(record[2]).toBe('2011-07-01');
  expect(cells[1]).toContain('1,234,567');
  expect(record[3]).toBe('1234567');
  await expect(
    page.getByRole('status').filter({ hasText: 'was downloaded: 1 row.' }),
  ).toBeVisible();
});

test('a buyer downloads the units list as CSV: every unit of the list, in its order', async ({
  page,
}) => {
  await signedInAs(page, 'buyer@example.com');
  await page.goto('/units/list');
  const units = page.getByRole('list', { name: 'Units' });
  await expect(units).toBeVisible();
  const count = Number(
    /^([\d,]+) units?/
      .exec(await page.getByText(/^[\d,]+ units?$/).innerText())?.[1]
      ?.replace(/,/g, ''),
  );
  expect(count).toBeGreaterThan(0);
  const first = await units.getByRole('heading', { level: 2 }).first().innerText();

  const { file, rows } = await downloaded(page, () =>
    page.getByRole('button', { name: 'Download CSV of units' }).click(),
  );
  expect(file.suggestedFilename()).toMatch(/^acme-foods-units-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header = [], ...listed] = rows;
  expect(header.slice(0, 4)).toEqual(['Unit ID', 'Unit', 'Farm ID', 'Farm']);
  expect(listed).toHaveLength(count);
  expect(listed[0]?.[1]).toBe(first);
});

test('printed, a records list is the table under the brand’s logo and the printed-from line, without the navigation or buttons', async ({
  page,
}, testInfo) => {
  await signedInAs(page, 'farmer@example.com');
  await withMonth(page, 'Aug 2011', '01/08/2011');
  await page.getByLabel('Search').fill('');
  const table = page.getByRole('table', { name: /monthly records?$/ });
  await expect(table).toBeVisible();
  await expect(page.getByTestId('print-header')).toBeHidden();

  await page.emulateMedia({ media: 'print' });
  const header = page.getByTestId('print-header');
  await expect(header).toBeVisible();
  await expect(header.getByRole('img')).toBeVisible();
  expect(
    await header.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
  ).toBeGreaterThan(0);
  await expect(header).toContainText('Lower Dale Dairy');
  await expect(
    header.getByText(
      /^Printed from FarmData Portal http:\/\/[^ ]+\/unit\/records\/monthly by Tom Hargreaves on \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} UTC$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV of Monthly Records' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print Monthly Records' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add monthly record' })).toBeHidden();
  await expect(table).toBeVisible();
  // Header rows repeat on each page, and no row is cut across two.
  const paper = await table.evaluate((t) => ({
    head: getComputedStyle(t.querySelector('thead') ?? t).display,
    row: getComputedStyle(t.querySelector('tbody tr') ?? t).breakInside,
  }));
  expect(paper).toEqual({ head: 'table-header-group', row: 'avoid' });

  await testInfo.attach('monthly-records-print.png', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  const pdf = await page.pdf({ preferCSSPageSize: true });
  await testInfo.attach('monthly-records.pdf', { body: pdf, contentType: 'application/pdf' });
  // A4 portrait: 595 × 842 points.
  const boxes = [...pdf.toString('latin1').matchAll(/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
  expect(boxes.length).toBeGreaterThan(0);
  for (const [, width, height] of boxes) {
    expect(Math.round(Number(width))).toBe(595);
    expect(Math.round(Number(height))).toBe(842);
  }
});
