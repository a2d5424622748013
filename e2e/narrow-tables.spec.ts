import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseUnitAndPlan } from './helpers.ts';
import { signedInAs } from './sessions.ts';

/**
 * Issue 15, point 3: tables that work on a phone and on paper. Record lists, documents and the
 * calculators become a card per row at 390 px, reports scroll in a named region with their first
 * column kept in view; printed on A4, no column is cut.
 */

const PHONE = { width: 390, height: 844 };
/** A4 portrait's printable width in CSS pixels: 210 mm less Chromium's default 10 mm margins. */
const A4_PORTRAIT = { width: Math.floor(((210 - 2 * 10) / 25.4) * 96), height: 1000 };

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * The farmer's Monthly Records hold a record for the month (dd/mm/yyyy, a month no other test
 * uses), added through the form if it is not there yet, with every figure the report shows.
 */
async function withMonthlyRecord(page: Page, day: string, shown: RegExp) {
  await page.goto('/unit/records/monthly');
  const table = page.getByRole('table', { name: /monthly records?$/ });
  await expect(table.or(page.getByText('No monthly records yet.'))).toBeVisible();
  if (await table.isVisible()) {
    // Oldest first: this test's months come before any other test's.
    await table.getByRole('button', { name: 'Month' }).click();
    await expect(table.getByRole('columnheader', { name: 'Month' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    if ((await page.getByRole('row', { name: shown }).count()) > 0) return;
  }
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await page.getByLabel(/^Month\*?$/).fill(day);
  await page.getByLabel('Milk sold').fill('1234567');
  await page.getByLabel('Cows in milk (average)').fill('1250');
  await page.getByLabel('Butterfat').fill('4.12');
  await page.getByLabel('Milk price').fill('42.55');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: shown })).toBeVisible();
}

/** The control lies whole within the viewport's width. */
async function expectWithinWidth(page: Page, control: Locator) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/**
 * How far the table's furthest cell reaches past its container's right edge and past the
 * viewport's, in pixels (0 or less: every cell is inside both), and whether the container
 * scrolls.
 */
function overhang(table: Locator) {
  return table.evaluate((element) => {
    const container = element.parentElement ?? element;
    const right = container.getBoundingClientRect().right;
    const cells = [...element.querySelectorAll('th, td')].filter(
      (cell) => getComputedStyle(cell).display !== 'none',
    );
    const furthest = Math.max(...cells.map((cell) => cell.getBoundingClientRect().right));
    return {
      pastContainer: furthest - right,
      pastViewport: furthest - window.innerWidth,
      scrolls: container.scrollWidth > container.clientWidth,
      cells: cells.length,
    };
  });
}

test('at 390 × 844 a record list is a card per row, its Edit and Delete buttons on screen', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await withMonthlyRecord(page, '01/03/2018', /Mar 2018/);
  await page.setViewportSize(PHONE);
  await page.goto('/unit/records/monthly');
  const table = page.getByRole('table', { name: /monthly records?$/ });
  await expect(table).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);

  const row = table.getByRole('row').nth(1);
  // The card labels each value; a screen reader hears the column header instead.
  await expect(row.getByRole('cell').nth(1)).toContainText('Milk sold (litres)');
  for (const name of ['Edit', 'Delete']) {
    await expectWithinWidth(page, row.getByRole('button', { name }));
  }
  // The sort buttons stay, as a row of their own above the cards.
  await expectWithinWidth(page, table.getByRole('button', { name: 'Milk sold (litres)' }));
  expect(await noHorizontalScroll(page)).toBe(true);
});

test('at 390 × 844 the monthly report scrolls in its own region, the month column staying in view', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await withMonthlyRecord(page, '01/04/2018', /Apr 2018/);
  await page.setViewportSize(PHONE);
  await page.goto('/unit/reporting/monthly');
  const region = page.getByRole('region', { name: 'Month by month, newest first' });
  await expect(region).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectWithinWidth(page, region);

  const table = region.getByRole('table', { name: 'Month by month, newest first' });
  const month = table.getByRole('rowheader').first();
  const before = await month.boundingBox();
  // The region is reached by the keyboard and scrolls to the last column, Income.
  await region.focus();
  await expect(region).toBeFocused();
  await region.evaluate((element) => (element.scrollLeft = element.scrollWidth));
  await expectWithinWidth(page, table.getByRole('columnheader', { name: 'Income' }));
  const after = await month.boundingBox();
  expect(after?.x).toBe(before?.x);
  expect(await noHorizontalScroll(page)).toBe(true);
});

test('at 1280 px the monthly report shows every column, Income included, without scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs(page, 'farmer@example.com');
  await withMonthlyRecord(page, '01/05/2018', /May 2018/);
  await page.goto('/unit/reporting/monthly');
  const table = page.getByRole('table', { name: 'Month by month, newest first' });
  await expect(table).toBeVisible();
  // Below the report's headlines and chart: brought into view, then not scrolled sideways.
  await table.scrollIntoViewIfNeeded();
  const fit = await overhang(table);
  expect(fit.scrolls).toBe(false);
  expect(fit.pastContainer).toBeLessThanOrEqual(0);
  await expect(table.getByRole('columnheader', { name: 'Income' })).toBeInViewport({ ratio: 1 });
});

test('at 390 × 844 the documents list is a card per document, Download and Delete on screen', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/unit/documents/farm');
  const name = `narrow-screen-check-${String(Date.now())}-with-a-long-file-name.pdf`;
  await page.getByLabel('Upload a document').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(`“${name}” was uploaded.`)).toBeVisible();
  await page.getByLabel('Search documents').fill(name.slice(0, -4));
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Tom Hargreaves');
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectWithinWidth(page, row.getByRole('cell', { name, exact: true }));
  await expectWithinWidth(page, row.getByRole('button', { name: `Download ${name}` }));
  await expectWithinWidth(page, row.getByRole('button', { name: `Delete ${name}` }));

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`No documents match “${name.slice(0, -4)}”.`)).toBeVisible();
});

test('at 390 × 844 the STIR and EIQ calculators edit a card per row, every field on screen', async ({
  page,
}) => {
  await signedInAs(page, 'multi@example.com');
  await chooseUnitAndPlan(
    page,
    'Highfield Arable',
    'Fenland Fresh Produce: Fenland Fresh Grower Scheme',
  );
  await page.setViewportSize(PHONE);

  await page.goto('/stir-calculator');
  await expect(page.getByRole('heading', { name: 'STIR Calculator' })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  for (const field of [
    'Name of operation 1',
    'Operation: Mouldboard plough',
    'Kind of tillage: Mouldboard plough',
    'Speed in km/h: Mouldboard plough',
    'Depth in cm: Mouldboard plough',
    'Surface disturbed in %: Mouldboard plough',
  ]) {
    await expectWithinWidth(page, page.getByLabel(field, { exact: true }));
  }
  await expectWithinWidth(page, page.getByRole('button', { name: 'Remove Rolls' }));
  await page.getByLabel('Depth in cm: Mouldboard plough').fill('30');
  await expect(page.getByRole('row', { name: /Mouldboard plough/ })).toContainText('STIR');
  await expect(page.getByRole('status')).not.toHaveText('STIR for the year: 82.4');
  expect(await noHorizontalScroll(page)).toBe(true);

  await page.goto('/eiq-calculator');
  await expect(page.getByRole('heading', { name: 'EIQ Calculator' })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  const label = 'Glyphosate 360 g/l';
  for (const field of [
    'Product of spray 1',
    `Active ingredient: ${label}`,
    `Content in g per litre or kg: ${label}`,
    `Rate per hectare: ${label}`,
  ]) {
    await expectWithinWidth(page, page.getByLabel(field, { exact: true }));
  }
  await expectWithinWidth(page, page.getByRole('button', { name: `Remove ${label}` }));
  // The EIQ comes from the shipped table, with its source, which wraps within the card.
  await expectWithinWidth(page, page.getByText(/^Source: /).first());
  await expectWithinWidth(page, page.getByRole('status'));
  expect(await noHorizontalScroll(page)).toBe(true);
});

test('printed on A4 portrait, a record list and the monthly report cut no column', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await withMonthlyRecord(page, '01/06/2018', /Jun 2018/);
  await page.setViewportSize(A4_PORTRAIT);
  await page.emulateMedia({ media: 'print' });

  await page.goto('/unit/records/monthly');
  const records = page.getByRole('table', { name: /monthly records?$/ });
  await expect(records).toBeVisible();
  const list = await overhang(records);
  expect(list.cells).toBeGreaterThan(6);
  expect(list.scrolls).toBe(false);
  expect(list.pastContainer).toBeLessThanOrEqual(0);
  expect(list.pastViewport).toBeLessThanOrEqual(0);
  // A real table on paper, without the buttons of the screen.
  await expect(records.getByRole('button', { name: 'Edit' }).first()).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Monthly Records pages' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/unit/reporting/monthly');
  const report = page.getByRole('table', { name: 'Month by month, newest first' });
  await expect(report).toBeVisible();
  const figures = await overhang(report);
  expect(figures.scrolls).toBe(false);
  expect(figures.pastContainer).toBeLessThanOrEqual(0);
  expect(figures.pastViewport).toBeLessThanOrEqual(0);
  const income = await report.getByRole('columnheader', { name: 'Income' }).boundingBox();
  expect((income?.x ?? Infinity) + (income?.width ?? 0)).toBeLessThanOrEqual(A4_PORTRAIT.width);
  // It fits portrait: every page of the PDF is A4 portrait (595 × 842 points).
  const reportPdf = (await page.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1');
  expect(reportPdf.startsWith('%PDF-')).toBe(true);
  const pages = [...reportPdf.matchAll(/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
  expect(pages.length).toBeGreaterThan(0);
  for (const [, width, height] of pages) expect(Number(width)).toBeLessThan(Number(height));
});

test('at 360 px the units list, a list of cards rather than a table, fits with its Open buttons', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signedInAs(page, 'buyer@example.com');
  await page.goto('/units/list');
  const units = page.getByRole('list', { name: 'Units' });
  await expect(units).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  for (const open of await units.getByRole('button', { name: /^Open / }).all()) {
    await expectWithinWidth(page, open);
  }
});
