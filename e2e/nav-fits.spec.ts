import { expect, test, type Locator, type Page } from '@playwright/test';
import { navigation, openUnitThroughSelectFarm, pick, pickerButton } from './helpers.ts';
import { signedInAs } from './sessions.ts';

/**
 * Issue 15, point 2: the navigation bar never wraps into a second row. At every width its items
 * sit on one row, or the bar is collapsed behind its Menu toggle; the Unit and Plan pickers and
 * their menus lie within the viewport, and nothing scrolls sideways.
 */

const WIDTHS = [768, 1024, 1280, 1440];

/** What the bar looks like now: collapsed behind Menu, or the tops of its top-level entries. */
const barLayout = (page: Page) =>
  page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Main"]');
    const toggle = nav?.querySelector<HTMLElement>(':scope > button');
    const collapsed =
      !!toggle && toggle.offsetParent !== null && toggle.getAttribute('aria-expanded') === 'false';
    const entries = Array.from(
      nav?.querySelectorAll<HTMLElement>(':scope > div > ul > li') ?? [],
    ).filter((li) => li.offsetParent !== null);
    return {
      collapsed,
      tops: [...new Set(entries.map((li) => Math.round(li.getBoundingClientRect().top)))],
      entries: entries.length,
      scrolls: document.documentElement.scrollWidth > window.innerWidth,
    };
  });

async function expectWithinViewport(page: Page, what: string, box: Locator) {
  await box.scrollIntoViewIfNeeded();
  const rect = await box.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(rect, what).not.toBeNull();
  if (!rect) return;
  expect(rect.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width, `${what}: right edge`).toBeLessThanOrEqual(width);
}

/** At each width: one row or collapsed, no sideways scroll, pickers and their menus in view. */
async function expectBarFitsAtEveryWidth(page: Page, pickers: ('Unit' | 'Plan')[]) {
  const shown: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 720 });
    // The bar settles after a resize (a ResizeObserver measures it again).
    await expect
      .poll(
        async () => {
          const layout = await barLayout(page);
          return layout.collapsed || layout.tops.length === 1;
        },
        { message: `${width} px: the bar is on one row or collapsed behind Menu` },
      )
      .toBe(true);
    const layout = await barLayout(page);
    shown.push(`${width}: ${layout.collapsed ? 'collapsed' : `one row of ${layout.entries}`}`);
    expect(layout.scrolls, `${width} px: no horizontal scroll`).toBe(false);

    // The pickers stay in view, collapsed or not, and so do their menus.
    for (const picker of pickers) {
      const button = pickerButton(page, picker);
      await expect(button).toBeVisible();
      await expectWithinViewport(page, `${width} px: the ${picker} picker`, button);
      await button.click();
      const menu = page.getByRole('menu', { name: picker });
      await expect(menu).toBeVisible();
      await expectWithinViewport(page, `${width} px: the ${picker} menu`, menu);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
    // Opened, a collapsed bar's panel lies within the viewport too.
    const nav = await navigation(page);
    await expectWithinViewport(page, `${width} px: the navigation`, nav);
    expect((await barLayout(page)).scrolls, `${width} px: no horizontal scroll`).toBe(false);
    // Close the panel again (if it is open) for the next width.
    const toggle = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Menu', exact: true });
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'true') {
      await toggle.click();
    }
  }
  return shown;
}

test('farmer@: the bar is on one row or collapsed at 768, 1024, 1280 and 1440 px', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByText('Data Entry'),
  ).toBeAttached();
  const shown = await expectBarFitsAtEveryWidth(page, []);
  test.info().annotations.push({ type: 'layout', description: shown.join('; ') });
});

test('processor@ with a unit opened through Select Farm: one row or collapsed at every width', async ({
  page,
}) => {
  await signedInAs(page, 'processor@example.com');
  await openUnitThroughSelectFarm(page, 'Highfield Arable');
  const shown = await expectBarFitsAtEveryWidth(page, []);
  test.info().annotations.push({ type: 'layout', description: shown.join('; ') });
  // 13 entries do not fit 1280 px: the bar is collapsed there.
  expect(shown).toContain('1280: collapsed');
});

test('multi@ with a unit and a plan: the Unit and Plan pickers and their menus always in view', async ({
  page,
}) => {
  await signedInAs(page, 'multi@example.com');
  await pick(page, 'Unit', 'Highfield Arable');
  await expect(page.getByLabel('Current account')).toContainText('Highfield Arable');
  await pick(page, 'Plan', 'Fenland Fresh Produce: Fenland Fresh Grower Scheme');
  await expect(page.getByLabel('Current account')).toContainText('Grower Scheme');
  const shown = await expectBarFitsAtEveryWidth(page, ['Unit', 'Plan']);
  test.info().annotations.push({ type: 'layout', description: shown.join('; ') });
});

test('collapsed at 1280 px, the Menu toggle opens the panel; a link collapses it, Escape closes it', async ({
  page,
}) => {
  await signedInAs(page, 'processor@example.com');
  await openUnitThroughSelectFarm(page, 'Highfield Arable');

  const nav = page.getByRole('navigation', { name: 'Main' });
  const toggle = nav.getByRole('button', { name: 'Menu', exact: true });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const panelId = await toggle.getAttribute('aria-controls');
  expect(panelId).toBeTruthy();
  const grower = nav.getByRole('link', { name: 'Grower Returns' });
  await expect(grower).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
  // Still two lists to assistive technology (the account list steps aside in the layout only).
  await expect(nav.getByRole('list')).toHaveCount(2);
  await expect(nav.getByRole('listitem').filter({ hasText: 'Grower Returns' })).toBeVisible();
  await grower.click();
  await expect(page).toHaveURL(/\/unit\/records\/forms\/list\/grower-return$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(grower).toBeHidden();

  // Escape closes the panel and gives the focus back to the toggle; an open dropdown in it
  // closes first.
  await toggle.click();
  const account = nav.getByRole('button', { name: 'My Account' });
  await account.click();
  await expect(nav.getByRole('menuitem', { name: 'Change Password' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('menuitem', { name: 'Change Password' })).toBeHidden();
  await expect(account).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(grower).toBeHidden();
});
