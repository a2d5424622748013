import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers.ts';

/** The top-level entries of the main navigation, in order. */
const entries = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .locator(':scope > div > ul > li > :is(a, button)')
    .allInnerTexts();

test('logged out, the menu offers Login only (the default brand has no help or contact content)', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect((await entries(page)).map((t) => t.trim())).toEqual(['Login']);
});

test('each demo account sees its own menu', async ({ browser }) => {
  const expected: Record<string, string[]> = {
    'farmer@example.com': ['My Dashboard', 'Data Entry ▾', 'My Account ▾'],
    'buyer@example.com': ['My Dashboard', 'Select Farm', 'My Account ▾'],
    'multi@example.com': ['My Dashboard', 'My Account ▾'],
  };
  for (const [username, menu] of Object.entries(expected)) {
    const page = await browser.newPage();
    await login(page, username);
    await expect
      .poll(async () => (await entries(page)).map((t) => t.trim()), { message: username })
      .toEqual(menu);
    await page.close();
  }
});

test('Data Entry opens as a dropdown and leads to the record screen', async ({ page }) => {
  await login(page, 'farmer@example.com');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const dataEntry = nav.getByRole('button', { name: 'Data Entry' });
  await expect(dataEntry).toHaveAttribute('aria-expanded', 'false');
  await dataEntry.click();
  await expect(dataEntry).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Monthly Records' }).click();
  await expect(page).toHaveURL(/\/unit\/records\/monthly$/);
  await expect(nav.getByRole('link', { name: 'Monthly Records' })).toHaveCount(0);
});

test('below 768 px the menu is collapsed, toggles, and collapses after a plain link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await login(page, 'buyer@example.com');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toggle = nav.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Select Farm' })).toBeHidden();
  await toggle.click();
  await expect(nav.getByRole('link', { name: 'Select Farm' })).toBeVisible();
  await nav.getByRole('link', { name: 'Select Farm' }).click();
  await expect(page).toHaveURL(/\/units\/list$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Select Farm' })).toBeHidden();
});
