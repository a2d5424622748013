import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedInAs } from './sessions.ts';

/**
 * The axe-core rules Lighthouse's accessibility category (12) runs besides WCAG 2 A and AA
 * (core/gather/gatherers/accessibility.js): touch targets, heading order, the viewport meta,
 * skip links, landmarks and the rest. `npm run bench:a11y` runs Lighthouse itself.
 */
const LIGHTHOUSE_RULES = [
  'accesskeys',
  'aria-allowed-role',
  'aria-conditional-attr',
  'aria-deprecated-role',
  'aria-dialog-name',
  'aria-prohibited-attr',
  'aria-text',
  'aria-treeitem-name',
  'empty-heading',
  'heading-order',
  'html-xml-lang-mismatch',
  'identical-links-same-purpose',
  'image-redundant-alt',
  'input-button-name',
  'label-content-name-mismatch',
  'landmark-one-main',
  'link-in-text-block',
  'meta-viewport',
  'select-name',
  'skip-link',
  'tabindex',
  'table-duplicate-name',
  'table-fake-caption',
  'target-size',
  'td-has-header',
];

/** WCAG 2.1 A and AA rules that axe-core can check automatically, and any rules added. */
async function violations(page: Page, addedRules: readonly string[] = []) {
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(addedRules.map((rule) => [rule, { enabled: true }])) })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}

test('the public pages pass axe-core WCAG 2.1 AA checks', async ({ page }) => {
  for (const path of [
    '/login',
    '/contact-us',
    '/help-and-support',
    '/legal/privacy-policy',
    '/no-such-page',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
});

test("a farm user's pages pass axe-core WCAG 2.1 AA checks", async ({ page }) => {
  // Seven screens and a form, each loaded and checked by axe: over 30 s on a busy 2-core machine.
  test.slow();
  await signedInAs(page, 'farmer@example.com');
  await expect(page.getByRole('heading', { name: 'Unit summary' })).toBeVisible();
  expect(await violations(page), '/dashboard').toEqual([]);
  for (const path of [
    '/unit/records/monthly',
    '/unit/documents/farm',
    '/news',
    '/unit/reporting/monthly',
    '/my-account/change-password',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The screen's data has arrived when no loading indicator is left.
    await expect(page.getByText('Loading…')).toHaveCount(0);
    expect(await violations(page), path).toEqual([]);
  }
  await page.goto('/unit/records/monthly');
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await expect(page.getByLabel('Milk sold')).toBeVisible();
  expect(await violations(page), 'monthly record form').toEqual([]);
});

test("a company user's units list and the style guide pass axe-core WCAG 2.1 AA checks", async ({
  page,
}) => {
  await signedInAs(page, 'buyer@example.com');
  await page.goto('/units/list');
  await expect(page.getByRole('list', { name: 'Units' })).toBeVisible();
  expect(await violations(page), '/units/list').toEqual([]);
  await page.goto('/style-guide');
  await expect(page.getByRole('table', { name: 'Feed deliveries' })).toBeVisible();
  expect(await violations(page), '/style-guide').toEqual([]);
});

test('branded login pages pass axe-core WCAG 2.1 AA checks in their own colours', async ({
  page,
  baseURL,
}) => {
  for (const brand of ['northdale-meats', 'wolds-poultry', 'sperrin-college', 'demo']) {
    const url = new URL('/login', baseURL ?? 'http://localhost');
    url.hostname = `${brand}.localhost`;
    await page.goto(url.href);
    await expect(page.locator('html')).toHaveAttribute('data-brand', brand.replaceAll('-', '_'));
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    expect(await violations(page), brand).toEqual([]);
  }
});

test.describe("on Lighthouse's phone, with its accessibility rules", () => {
  // Lighthouse's mobile screen (a Moto G Power), as `npm run bench:a11y` audits.
  test.use({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });

  test('the login page passes', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    expect(await violations(page, LIGHTHOUSE_RULES), '/login').toEqual([]);
  });

  test("the farmer's dashboard, a record list with rows and a report pass", async ({ page }) => {
    await signedInAs(page, 'farmer@example.com');
    await expect(page.getByRole('heading', { name: 'Unit summary' })).toBeVisible();
    expect(await violations(page, LIGHTHOUSE_RULES), '/dashboard').toEqual([]);

    // A record in January 2019, a month no other test uses, so the list and report have a row.
    await page.goto('/unit/records/monthly');
    await expect(page.getByRole('heading', { name: 'Monthly Records', level: 1 })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    if ((await page.getByRole('row', { name: /Jan 2019/ }).count()) === 0) {
      await page.getByRole('button', { name: 'Add monthly record' }).click();
      await page.getByLabel(/^Month\*?$/).fill('01/01/2019');
      await page.getByLabel('Milk sold').fill('171000');
      await page.getByLabel('Cows in milk (average)').fill('205');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status')).toContainText('The monthly record was added.');
      await page.reload();
    }
    await expect(page.getByRole('row', { name: /Jan 2019/ })).toBeVisible();
    expect(await violations(page, LIGHTHOUSE_RULES), '/unit/records/monthly').toEqual([]);

    await page.goto('/unit/reporting/monthly');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    expect(await violations(page, LIGHTHOUSE_RULES), '/unit/reporting/monthly').toEqual([]);
  });
});
