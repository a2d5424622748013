/**
 * The Chart component (issue 17, point 4) in the production build, under its strict
 * Content-Security-Policy, on the public style guide: each kind drawn by Chart.js fetched on
 * demand, the figures as a table, a phone's width, print, and a library that cannot be fetched.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { misfits, settledLayout } from './lib/fit.ts';

const LINE = 'Milk per cow per day, actual and forecast';
const GROUPED = 'Emissions by source, baseline and scenario';
const STACKED = 'Area by crop';
const LIBRARY_CHUNK = /\/assets\/ChartCanvas-[^/]+\.js$/;

/** Every CSP violation the page reports, by its event and by the console's message. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    )),
  ];
}

/** The chart's canvas has a drawn size and some painted pixels. */
async function expectDrawn(page: Page, title: string): Promise<void> {
  const canvas = page.getByRole('figure', { name: title }).locator('canvas');
  await expect(canvas).toBeVisible();
  await expect
    .poll(() =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const context = element.getContext('2d');
        if (!context || element.width === 0 || element.height === 0) return 0;
        const { data } = context.getImageData(0, 0, element.width, element.height);
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted += 1;
        return painted;
      }),
    )
    .toBeGreaterThan(1000);
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);
  expect(box?.height ?? 0).toBeGreaterThan(150);
}

test('the style guide draws each kind of chart under the CSP, with the library fetched on demand and the figures as a table', async ({
  page,
}, testInfo) => {
  const violations = await watchPolicy(page);
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (LIBRARY_CHUNK.test(request.url())) chunks.push(request.url());
  });

  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(chunks, 'the chart library is not part of a page without charts').toEqual([]);

  await page.goto('/style-guide');
  for (const title of [LINE, GROUPED, STACKED]) await expectDrawn(page, title);
  expect(chunks).toHaveLength(1);
  const file = testInfo.outputPath('charts.png');
  await page.getByRole('region', { name: 'Charts' }).screenshot({ path: file });
  await testInfo.attach('charts', { path: file, contentType: 'image/png' });

  const line = page.getByRole('figure', { name: LINE });
  await expect(line).toContainText(
    'Actual ranged from 28.1 to 31.4 litres; highest in Mar 2026, lowest in Nov 2025. No figure for Jan 2026, Apr 2026, May 2026 and Jun 2026.',
  );
  await line.getByText('Show the figures as a table').click();
  const table = line.getByRole('table', { name: `${LINE} (litres)` });
  await expect(table).toBeVisible();
  const january = table.getByRole('row', { name: /Jan 2026/ });
  await expect(january.getByRole('cell', { name: '—', exact: true })).toHaveCount(1);
  await expect(january.getByRole('cell', { name: '29.5 litres', exact: true })).toHaveCount(1);

  const stacked = page.getByRole('figure', { name: STACKED });
  await stacked.getByText('Show the figures as a table').click();
  await expect(
    stacked.getByRole('table', { name: `${STACKED} (ha)` }).getByRole('columnheader'),
  ).toHaveText(['Category', 'Wheat', 'Oilseed rape', 'Spring barley', 'Beans', 'Total']);

  // Drawn, with two tables open: the charts pass axe-core's WCAG 2.1 A and AA checks.
  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="sg-charts"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  expect(await violations()).toEqual([]);
});

test('on a 360 px phone the charts fit without sideways scroll, and follow their container', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/style-guide');
  for (const title of [LINE, GROUPED, STACKED]) await expectDrawn(page, title);
  await page
    .getByRole('figure', { name: GROUPED })
    .getByText('Show the figures as a table')
    .click();
  await settledLayout(page);
  expect(await misfits(page)).toEqual([]);
  const file = testInfo.outputPath('charts-360.png');
  await page.getByRole('region', { name: 'Charts' }).screenshot({ path: file });
  await testInfo.attach('charts at 360 px', { path: file, contentType: 'image/png' });

  const canvas = page.getByRole('figure', { name: LINE }).locator('canvas');
  const narrow = (await canvas.boundingBox())?.width ?? 0;
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(narrow);
});

test('printed, each chart is an image drawn at three times the resolution (screenshot kept)', async ({
  page,
}, testInfo) => {
  const violations = await watchPolicy(page);
  await page.goto('/style-guide');
  for (const title of [LINE, GROUPED, STACKED]) await expectDrawn(page, title);
  await page.emulateMedia({ media: 'print' });
  const figure = page.getByRole('figure', { name: LINE });
  await expect(figure.locator('canvas')).toBeHidden();
  const image = figure.locator('img');
  await expect(image).toBeVisible();
  const { natural, shown } = await image.evaluate((element: HTMLImageElement) => ({
    natural: element.naturalWidth,
    shown: element.getBoundingClientRect().width,
  }));
  expect(natural).toBeGreaterThanOrEqual(shown * 2);
  const file = testInfo.outputPath('charts-print.png');
  await figure.screenshot({ path: file });
  await testInfo.attach('charts in print', { path: file, contentType: 'image/png' });
  expect(await violations()).toEqual([]);
});

test("printed to PDF, Chromium's beforeprint swaps each canvas for its image (PDF kept)", async ({
  page,
}, testInfo) => {
  await page.goto('/style-guide');
  for (const title of [LINE, GROUPED, STACKED]) await expectDrawn(page, title);
  const file = testInfo.outputPath('charts.pdf');
  await page.pdf({ path: file, format: 'A4', printBackground: true });
  await testInfo.attach('style guide printed', { path: file, contentType: 'application/pdf' });
  await expect(page.getByRole('region', { name: 'Charts' }).locator('figure img')).toHaveCount(3);
});

test('a chart takes the colours of the theme worn, and changes with it', async ({ page }) => {
  await page.goto('/style-guide');
  await expectDrawn(page, LINE);
  const swatch = page.getByRole('figure', { name: LINE }).locator('li span').first();
  const colour = () => swatch.evaluate((element) => getComputedStyle(element).borderTopColor);
  const primary = () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
  const before = await colour();
  await page.getByLabel('Theme').selectOption('fenland_fresh');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'fenland_fresh');
  await expect.poll(colour).not.toBe(before);
  const hex = await primary();
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ');
  expect(await colour()).toBe(`rgb(${rgb})`);
  await expectDrawn(page, LINE);
});

test('when the chart library cannot be fetched, the figures show as a table', async ({ page }) => {
  await page.route(LIBRARY_CHUNK, (route) => route.abort());
  await page.goto('/style-guide');
  const figure = page.getByRole('figure', { name: LINE });
  await expect(figure.getByText('The chart could not be drawn.')).toBeVisible();
  await expect(figure.getByRole('table', { name: `${LINE} (litres)` })).toBeVisible();
  await expect(figure.locator('canvas')).toHaveCount(0);
});
