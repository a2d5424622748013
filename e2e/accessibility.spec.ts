import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedInAs } from './sessions.ts';

/** WCAG 2.1 A and AA rules that axe-core can check automatically. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
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
