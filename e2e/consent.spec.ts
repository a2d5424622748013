import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseUnitAndPlan, navigation, openUnitThroughSelectFarm } from './helpers.ts';
import { signedInAs, type DemoAccount } from './sessions.ts';

/**
 * "Who sees my data" (issue 20 point 3): multi@ (Highfield Estate) stops sharing Highfield
 * Arable's farm documents with Fenland Fresh Produce; processor@ (Priya Shah, Fenland Fresh) is
 * refused them in the farm's words; multi@'s access log lists Priya Shah's reads from before;
 * then the farm shares them again. It changes what the other tests' walks read, so it runs in a
 * project of its own after them (playwright.config.ts).
 */

const UNIT = 'Highfield Arable';
const PROVIDER = 'Fenland Fresh Produce';
const TILLWELL = 'Tillwell Agronomy';
const REFUSAL = 'Highfield Estate has not shared Farm documents with Fenland Fresh Produce.';

async function pageAs(browser: Browser, account: DemoAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signedInAs(page, account);
  return page;
}

async function openFarmDocuments(page: Page) {
  const nav = await navigation(page);
  await nav.getByRole('button', { name: 'Documents' }).click();
  await nav.getByRole('menuitem', { name: 'Farm Documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Farm Documents' })).toBeVisible();
}

/**
 * multi@ on Highfield Arable opens Who sees my data from My Account (any plan: the rule needs a
 * unit; with a plan chosen too, a reload keeps the unit).
 */
async function openWhoSeesMyData(page: Page) {
  await chooseUnitAndPlan(page, UNIT, `${PROVIDER}: Fenland Fresh Grower Scheme`);
  await (await navigation(page)).getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Who sees my data' }).click();
  await expect(page).toHaveURL(/\/unit\/consent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Who sees my data' })).toBeVisible();
}

/** axe-core's WCAG 2.1 A and AA checks, with heading order, target size and label in name. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({
      rules: {
        'heading-order': { enabled: true },
        'target-size': { enabled: true },
        'label-content-name-mismatch': { enabled: true },
      },
    })
    .analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/** The polite status toast that says what a choice did. */
const said = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

const documentsRow = (page: Page) =>
  page
    .getByRole('region', { name: PROVIDER })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /^Farm documents/ }) });

test('multi@ stops sharing farm documents with Fenland Fresh, whose staff are refused them and whose earlier reads the access log lists; then shares them again', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Priya Shah reads the unit's farm documents while they are shared.
  const staff = await pageAs(browser, 'processor@example.com');
  await openUnitThroughSelectFarm(staff, UNIT);
  await openFarmDocuments(staff);
  await expect(staff.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  await expect(staff.getByText(REFUSAL)).toBeHidden();

  const farm = await pageAs(browser, 'multi@example.com');
  await openWhoSeesMyData(farm);
  const fresh = farm.getByRole('region', { name: PROVIDER });
  await expect(fresh).toContainText('Processor');
  await expect(fresh).toContainText('Fenland Fresh Field Advisory');
  const row = documentsRow(farm);
  await expect(row).toContainText('Shared');

  // Stop sharing, through the confirm, with the keyboard.
  const stop = row.getByRole('button', { name: `Stop sharing Farm documents with ${PROVIDER}` });
  await stop.focus();
  await farm.keyboard.press('Enter');
  const confirm = farm.getByRole('alertdialog', {
    name: `Stop sharing Farm documents with ${PROVIDER}?`,
  });
  await confirm.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(said(farm, `${PROVIDER}'s staff can no longer see Farm documents.`)).toBeVisible();
  await expect(row).toContainText('Not shared');
  await expect(row).toContainText('Sarah Pennington');
  const again = row.getByRole('button', { name: `Share again Farm documents with ${PROVIDER}` });
  await expect(again).toBeFocused();

  // Priya Shah opens the unit's farm documents again: the farm's refusal, in its words.
  await staff.reload();
  await expect(staff.getByRole('heading', { level: 1, name: 'Farm Documents' })).toBeVisible();
  await expect(staff.getByRole('alert')).toContainText(REFUSAL);

  // The access log lists her read from before, and only Fenland Fresh's staff with the filter.
  await farm.reload();
  const log = farm.getByRole('region', { name: 'Access log' });
  await expect(log).toContainText(/Entries are kept for [\d,]+ days\./);
  const read = log
    .getByRole('row')
    .filter({ hasText: 'Priya Shah' })
    .filter({ hasText: 'Farm documents' })
    .first();
  await expect(read).toContainText(PROVIDER);
  await expect(read).toContainText('Farm Documents');
  await expect(read).toContainText('Viewed');
  await log.getByRole('combobox', { name: 'Organisation' }).selectOption({ label: PROVIDER });
  await expect(log.getByRole('row').filter({ hasText: 'Priya Shah' }).first()).toBeVisible();

  // Share them again: the plan's default is back for the other tests.
  await documentsRow(farm)
    .getByRole('button', { name: `Share again Farm documents with ${PROVIDER}` })
    .click();
  await expect(said(farm, `${PROVIDER}'s staff can see Farm documents again.`)).toBeVisible();
  await expect(documentsRow(farm)).not.toContainText('Not shared');
  await staff.reload();
  await expect(staff.getByRole('heading', { level: 1, name: 'Farm Documents' })).toBeVisible();
  await expect(staff.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  await expect(staff.getByText(REFUSAL)).toBeHidden();
});

// Tillwell's share, so that the test above, run beside it, sees Fenland Fresh's alone change.
test('multi@ shares a category until a day on a phone, with the day typed in British form; the screen and its dialog pass axe-core', async ({
  browser,
}) => {
  const farm = await pageAs(browser, 'multi@example.com');
  await farm.setViewportSize({ width: 360, height: 780 });
  await openWhoSeesMyData(farm);
  await expect(farm.getByRole('region', { name: 'Access log' })).toBeVisible();
  await expect(farm.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  expect(await violations(farm)).toEqual([]);
  const row = farm
    .getByRole('region', { name: TILLWELL })
    .getByRole('row')
    .filter({ has: farm.getByRole('rowheader', { name: /^Farm documents/ }) });
  const shareUntil = row.getByRole('button', {
    name: `Share until… Farm documents with ${TILLWELL}`,
  });
  await shareUntil.click();
  const dialog = farm.getByRole('dialog', { name: `Share Farm documents with ${TILLWELL} until…` });
  const day = dialog.getByRole('textbox', { name: /^Last day shared/ });
  await expect(day).toBeFocused();
  expect(await violations(farm)).toEqual([]);
  await day.fill('01/01/2020');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(day).toHaveAccessibleDescription(/The last day shared must be today or later\./);
  await expect(day).toBeFocused();
  await day.fill('31/12/2099');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Shared until 31 December 2099');
  await expect(shareUntil).toBeFocused();
  expect(
    await farm.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
  // Back to the plan's default share, with no end.
  await shareUntil.click();
  await day.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Shared', { exact: true })).toBeVisible();
  await expect(
    said(farm, `${TILLWELL}'s staff can see Farm documents with no end date.`),
  ).toBeVisible();
});
