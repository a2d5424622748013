import { expect, test, type Page } from '@playwright/test';
import { navigation, openUnitThroughSelectFarm } from './helpers.ts';
import { signedInAs, type DemoAccount } from './sessions.ts';

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
  const expected: Record<DemoAccount, string[]> = {
    // A dairy plan with nearly everything, from Moorland Vale (which offers Benchmarking).
    'farmer@example.com': [
      'My Dashboard',
      'Data Entry ▾',
      'Surveys',
      'Submissions',
      'Reports ▾',
      'News',
      'Documents ▾',
      'Tools ▾',
      'My Account ▾',
    ],
    // Retailer staff: units list, insights, company news and knowledge exchange; no Survey
    // Responses, as Acme Foods sends no surveys.
    'buyer@example.com': [
      'My Dashboard',
      'Select Farm',
      'Insights',
      'News',
      'Knowledge Exchange',
      'My Account ▾',
    ],
    // Fenland Fresh staff see its survey responses and remittance page; company news only where
    // permitted.
    'processor@example.com': [
      'My Dashboard',
      'Select Farm',
      'Survey Responses',
      'Remittance',
      'News',
      'My Account ▾',
    ],
    // Fenland Fresh's field advisers (sub type 0) do not see what growers are paid (rule remittance).
    'adviser@example.com': ['My Dashboard', 'Select Farm', 'Survey Responses', 'My Account ▾'],
    // Moorland Vale staff (farmer@'s milk buyer): its survey responses and company news.
    'dairy@example.com': [
      'My Dashboard',
      'Select Farm',
      'Survey Responses',
      'News',
      'My Account ▾',
    ],
    // Three units and no unit chosen yet: nothing of a plan shows.
    'multi@example.com': ['My Dashboard', 'My Account ▾'],
  };
  for (const [username, menu] of Object.entries(expected) as [DemoAccount, string[]][]) {
    const page = await browser.newPage();
    await signedInAs(page, username);
    await expect
      .poll(async () => (await entries(page)).map((t) => t.trim()), { message: username })
      .toEqual(menu);
    await page.close();
  }
});

test('Data Entry opens as a dropdown and leads to the record screen', async ({ page }) => {
  await signedInAs(page, 'farmer@example.com');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const dataEntry = nav.getByRole('button', { name: 'Data Entry' });
  await expect(dataEntry).toHaveAttribute('aria-expanded', 'false');
  await dataEntry.click();
  await expect(dataEntry).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('menuitem', { name: 'Monthly Records' }).click();
  await expect(page).toHaveURL(/\/unit\/records\/monthly$/);
  await expect(nav.getByRole('menuitem', { name: 'Monthly Records' })).toHaveCount(0);
});

test('below 768 px the menu is collapsed, toggles, and collapses after a plain link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signedInAs(page, 'buyer@example.com');
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

test("Fenland Fresh's forms: grower returns and QC results for its staff, load passports for sub type 118 only", async ({
  browser,
}) => {
  const processor = await browser.newPage();
  await signedInAs(processor, 'processor@example.com');
  await openUnitThroughSelectFarm(processor, 'Highfield Arable');
  await expect
    .poll(async () => (await entries(processor)).map((t) => t.trim()))
    .toEqual(
      expect.arrayContaining([
        'Current Unit Dashboard',
        'Grower Returns',
        'Load Passports',
        'QC Results',
      ]),
    );
  // Thirteen entries do not fit 1280 px: the bar is collapsed, navigation() opens it.
  await (await navigation(processor)).getByRole('link', { name: 'Grower Returns' }).click();
  await expect(processor).toHaveURL(/\/unit\/records\/forms\/list\/grower-return$/);
  await expect(processor.getByRole('heading', { name: 'Grower Returns' })).toBeVisible();
  await expect(processor.getByRole('button', { name: 'Add grower return' })).toBeVisible();
  await (await navigation(processor)).getByRole('link', { name: 'Farm Contact' }).click();
  await expect(processor.getByRole('heading', { name: 'Sarah Pennington' })).toBeVisible();
  await expect(processor.getByText('SY8 3HJ')).toBeVisible();
  await expect(processor.getByRole('link', { name: '01584 890372' })).toHaveAttribute(
    'href',
    'tel:01584890372',
  );
  await processor.close();

  const adviser = await browser.newPage();
  await signedInAs(adviser, 'adviser@example.com');
  await openUnitThroughSelectFarm(adviser, 'Highfield Arable');
  const nav = await navigation(adviser);
  await expect(nav.getByRole('link', { name: 'Grower Returns' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Load Passports' })).toHaveCount(0);
  await adviser.goto('/unit/records/forms/list/load-passport');
  await expect(adviser.getByRole('heading', { name: 'Not available' })).toBeVisible();
  await adviser.close();
});

test('Reports is a dropdown when several reports are on, with Benchmarking for Moorland Vale', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Reports' }).click();
  // The provider's report (config/benchmarking/insights.json) follows the unit's own reports.
  await expect(nav.getByRole('menuitem')).toContainText([
    'Monthly Reports',
    'Annual Reports',
    'Benchmarking',
  ]);
  await nav.getByRole('menuitem', { name: 'Benchmarking' }).click();
  await expect(page).toHaveURL(/\/moorland-vale-insights$/);
});
