import { expect, test, type Browser, type Page } from '@playwright/test';
import { navigation, openUnitThroughSelectFarm } from './helpers.ts';
import { signedInAs, type DemoAccount } from './sessions.ts';

/**
 * Vet Vision (issue 20 point 1): Moorland Vale's staff (dairy@, the company side: Fenland Fresh's
 * adviser@ has no plan with vetvision and is refused by the server) open farmer@'s Lower Dale
 * Dairy through Select Farm, complete and sign a dairy herd health assessment with an action;
 * farmer@ reads it signed and read-only with its headline scores, closes the action, and the
 * lameness trend's table lists the visit.
 */

async function pageAs(browser: Browser, account: DemoAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signedInAs(page, account);
  await page.goto('/');
  return page;
}

async function openVetVision(page: Page) {
  const nav = await navigation(page);
  await nav.getByRole('button', { name: 'Tools' }).click();
  await nav.getByRole('menuitem', { name: 'Vet Vision' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vet Vision' })).toBeVisible();
}

const number = (page: Page, name: RegExp, value: string) =>
  page.getByRole('textbox', { name }).fill(value);
const answer = (page: Page, question: RegExp, choice: 'Yes' | 'No') =>
  page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: choice }).check();

// A visit day no other test records, so that this run's visit is found by its date.
const VISIT = { typed: '17/03/2026', shown: '17 Mar 2026' };

test('dairy@ completes and signs an assessment with an action; farmer@ reads it signed, closes the action and sees the visit in the trend', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const staff = await pageAs(browser, 'dairy@example.com');
  await openUnitThroughSelectFarm(staff, 'Lower Dale Dairy');
  await openVetVision(staff);
  await staff.getByRole('combobox', { name: 'Template' }).selectOption({
    label: 'Dairy herd health assessment',
  });
  await staff.getByRole('button', { name: 'New assessment' }).click();
  await expect(
    staff.getByRole('heading', { level: 1, name: 'New dairy herd health assessment' }),
  ).toBeVisible();

  await staff.getByRole('textbox', { name: /^Visit date/ }).fill(VISIT.typed);
  await staff.getByRole('textbox', { name: 'Vet', exact: true }).fill('Ruth Ellison');
  await staff.getByRole('textbox', { name: 'Practice' }).fill('Dale Vets');
  await number(staff, /^Average cows in the herd/, '200');
  await number(staff, /^Cows scoring 0/, '60');
  await number(staff, /^Cows scoring 1/, '25');
  await number(staff, /^Cows scoring 2/, '12');
  await number(staff, /^Cows scoring 3/, '3');
  await number(staff, /^Cows below 2.5/, '10');
  await number(staff, /^Cows 2.5 to 3.5/, '80');
  await number(staff, /^Cows above 3.5/, '10');
  await number(staff, /^Clinical mastitis cases/, '40');
  await number(staff, /^Average bulk milk somatic cell count/, '180');
  await number(staff, /^Calves born alive/, '190');
  await number(staff, /^Calves that died/, '9');
  await number(staff, /^Adult cows that died/, '6');
  await number(staff, /^Antibiotics used/, '12.4');
  await answer(staff, /HP-CIAs/, 'No');
  for (const measure of [/^BVD status/, /^Bought-in cattle/, /^Boundaries/, /^Visitors/])
    await answer(staff, measure, 'Yes');
  await answer(staff, /^Routine footbathing/, 'No');
  await answer(staff, /^Vaccination plan/, 'Yes');
  await staff.getByRole('textbox', { name: 'Findings' }).fill('Lameness down since the spring.');
  // The headline scores are worked out as the form is filled in.
  await expect(staff.getByRole('group', { name: 'Lame cows (mobility 2 and 3)' })).toContainText(
    '15.0 %',
  );

  await staff.getByRole('button', { name: 'Add action' }).click();
  const action = staff.getByRole('group', { name: 'Action 1' });
  await action
    .getByRole('textbox', { name: 'What is to be done' })
    .fill('Trim cows scoring 2 or 3');
  await action.getByRole('textbox', { name: 'Who' }).fill('Tom');
  await action.getByRole('textbox', { name: /^Due/ }).fill('15/12/2026');

  await staff.getByRole('button', { name: 'Sign' }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Sign' }).click();
  await expect(staff.getByText(/^Signed by Helen Metcalfe \(the programme\) on /)).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Save draft' })).toHaveCount(0);

  // The farm: the visit in its list, read-only once opened, and the action closed.
  const farm = await pageAs(browser, 'farmer@example.com');
  await openVetVision(farm);
  const row = farm.getByRole('row').filter({ hasText: VISIT.shown });
  await expect(row).toContainText('Ruth Ellison, Dale Vets');
  await expect(row).toContainText('Lame cows (mobility 2 and 3): 15.0 %');
  await row.getByRole('link', { name: /^Open/ }).click();
  await expect(farm.getByText(/^Signed by Helen Metcalfe \(the programme\) on /)).toBeVisible();
  await expect(farm.getByRole('button', { name: 'Sign' })).toHaveCount(0);
  await expect(farm.getByRole('textbox')).toHaveCount(0);
  await expect(farm.getByRole('group', { name: 'Somatic cell count' })).toContainText(
    "180 '000 cells/ml",
  );
  await farm.getByRole('button', { name: /^Mark done/ }).click();
  await expect(farm.getByRole('cell', { name: /^Done .* by Tom Hargreaves$/ })).toBeVisible();

  await farm.getByRole('link', { name: 'All assessments' }).click();
  const trend = farm.getByRole('figure', { name: /^Lame cows \(mobility 2 and 3\)/ });
  await trend.getByText('Show the figures as a table').click();
  await expect(
    trend.getByRole('table').getByRole('row', { name: new RegExp(VISIT.shown) }),
  ).toContainText('15.0');
});
