import { expect, test, type Locator, type Page } from '@playwright/test';
import { pick, pickerButton } from './helpers.ts';
import { signedInAs } from './sessions.ts';

/** Issue 15, point 2: the header and the navigation fit a phone, and the pickers' menus show whole. */

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectInViewport(page: Page, box: Locator) {
  const rect = await box.boundingBox();
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  expect(rect).not.toBeNull();
  if (!rect) return;
  expect(rect.x).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width).toBeLessThanOrEqual(width);
  expect(rect.y).toBeGreaterThanOrEqual(0);
  expect(rect.y + rect.height).toBeLessThanOrEqual(height);
}

test('at 390 × 844 the header reflows with no horizontal scroll, and the Plan menu lies within the viewport', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs(page, 'multi@example.com');
  expect(await noHorizontalScroll(page)).toBe(true);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await pick(page, 'Unit', 'Highfield Arable');
  await expect(page.getByLabel('Current account')).toContainText('Highfield Arable');
  await expect(page).toHaveURL(/\/dashboard$/);
  await pick(page, 'Plan', 'Fenland Fresh Produce: Fenland Fresh Grower Scheme');
  await expect(page.getByLabel('Current account')).toContainText('Grower Scheme 2026');
  expect(await noHorizontalScroll(page)).toBe(true);

  // The header's texts are whole or cut with an ellipsis, their title holding them whole.
  const banner = page.getByLabel('Current account');
  await expectInViewport(page, banner);
  await expect(banner.locator('span').first()).toHaveAttribute('title', 'Highfield Arable');
  await expectInViewport(page, page.getByText(/^Logged in as /));

  const plan = pickerButton(page, 'Plan');
  await plan.click();
  const menu = page.getByRole('menu', { name: 'Plan' });
  await expect(menu).toBeVisible();
  await menu.scrollIntoViewIfNeeded();
  await expectInViewport(page, menu);
  expect(await noHorizontalScroll(page)).toBe(true);

  // Escape closes the menu and gives the focus back to its button.
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(plan).toBeFocused();
  await expect(plan).toHaveAttribute('aria-expanded', 'false');
});

test('just above the narrow breakpoint the Plan menu opens within the viewport, and the keyboard works it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 700 });
  await signedInAs(page, 'multi@example.com');
  await pick(page, 'Unit', 'Highfield Arable');
  await expect(page.getByLabel('Current account')).toContainText('Highfield Arable');
  const plan = pickerButton(page, 'Plan');
  await plan.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Plan' });
  await expect(menu).toBeVisible();
  await expectInViewport(page, menu);
  const items = menu.getByRole('menuitemradio');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(plan).toBeFocused();
  expect(await noHorizontalScroll(page)).toBe(true);
});
