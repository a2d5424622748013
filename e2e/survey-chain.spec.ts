import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { navigation } from './helpers.ts';
import { signedInAs, type DemoAccount } from './sessions.ts';

/**
 * Issue 18's chain end to end, both sides with their own demo account: farmer@example.com (Lower
 * Dale Dairy, Moorland Vale's Milk Pool Premium) answers the herd health review, which is overdue
 * and which the seed and the other tests leave alone (surveys.spec.ts answers the sustainability
 * survey); dairy@example.com (Moorland Vale Dairies' staff) sees it submitted and queries it;
 * the farmer sees the query, changes an answer and submits again; the farm's Submissions and the
 * staff's Survey Responses say the same status at each step.
 */

const SURVEY = JSON.parse(
  readFileSync(
    new URL('../config/surveys/moorland-vale-herd-health-2026@1.json', import.meta.url),
    'utf8',
  ),
) as { id: string; title: string };
const UNIT = 'Lower Dale Dairy';
const PHONE = { width: 390, height: 844 };
const QUERY = 'Mastitis at 41 cases per 100 cows is well above last year: please check the count.';

/** A page of its own, in a browser context of its own, signed in with the account's session. */
async function pageAs(browser: Browser, account: DemoAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signedInAs(page, account);
  return page;
}

/** The draft is on the server: the live region says "Saved hh:mm". */
async function saved(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Saved \d\d:\d\d$/ })).toBeVisible({
    timeout: 10_000,
  });
}

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

/** Review answers, then Submit and its confirmation, with a note to the provider if any. */
async function submit(page: Page, note?: string) {
  await page.getByRole('button', { name: 'Review answers' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Review your answers' })).toBeVisible();
  if (note !== undefined) await page.getByLabel(/^Note to Moorland Vale Dairies/).fill(note);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('alertdialog', { name: 'Submit this survey?' })
    .getByRole('button', { name: 'Submit' })
    .click();
  await expect(page.getByText(/These answers are locked/)).toBeVisible();
}

/** The farm's Submissions row of the survey: its status in words. */
async function farmStatus(page: Page): Promise<string> {
  await page.goto('/unit/submissions');
  const row = page.getByRole('row').filter({ hasText: SURVEY.title });
  await expect(row).toContainText('Survey return');
  return (await row.getByRole('cell').allInnerTexts()).join(' | ');
}

/** The staff's row of the unit in the survey's units asked. */
async function staffRow(page: Page) {
  await page.goto(`/survey-responses?survey=${SURVEY.id}`);
  await expect(page.getByRole('heading', { level: 1, name: SURVEY.title })).toBeVisible();
  await page.getByLabel('Search units').fill(UNIT);
  const row = page
    .getByRole('table', { name: /matching “Lower Dale Dairy”/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${UNIT}`) }) });
  await expect(row).toHaveCount(1);
  return row;
}

test('farmer@ answers the overdue herd health review with a prefilled answer, dairy@ queries it, farmer@ answers the query, and both lists agree', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const farm = await pageAs(browser, 'farmer@example.com');

  // The answer the review draws from the records: the somatic cell count of the monthly records
  // (none is seeded for Lower Dale, and no other test records one), in June 2021, a month no
  // other test adds. The 12 months end with the newest record that has it: this one alone.
  await farm.goto('/unit/records/monthly');
  await farm.getByRole('button', { name: 'Add monthly record' }).click();
  await farm.getByLabel(/^Month\*?$/).fill('01/06/2021');
  await farm.getByLabel('Milk sold').fill('184000');
  await farm.getByLabel('Cows in milk (average)').fill('205');
  await farm.getByLabel('Somatic cell count (000s/ml)').fill('186');
  await farm.getByRole('button', { name: 'Save' }).click();
  await expect(farm.getByRole('status')).toContainText('The monthly record was added.');

  // The inbox: the review is overdue, not started.
  await farm.goto('/unit/surveys');
  const inboxRow = farm.getByRole('row').filter({ hasText: SURVEY.title });
  await expect(inboxRow).toContainText('Moorland Vale Dairies');
  await expect(inboxRow).toContainText(/overdue/i);
  await inboxRow.getByRole('link', { name: SURVEY.title }).click();
  await expect(farm).toHaveURL(new RegExp(`/unit/surveys/${SURVEY.id}$`));
  await expect(farm.getByRole('heading', { level: 1, name: SURVEY.title })).toBeVisible();

  // Page 1, by hand.
  await expect(farm.getByRole('heading', { level: 2, name: 'Mobility' })).toBeVisible();
  await farm
    .getByRole('radiogroup', { name: /mobility scored/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await farm.getByRole('combobox', { name: /Scored by/ }).selectOption({ label: 'The vet' });
  await farm.getByRole('textbox', { name: /Lame cows/ }).fill('14.5');
  await next(farm, 'Udder health');

  // Page 2: the cell count comes from the monthly record, which it names and links to.
  const scc = farm.getByRole('textbox', { name: /Average somatic cell count/ });
  await expect(scc).toHaveValue('186');
  const source = farm.getByRole('link', { name: /^Monthly records, .*2021/ });
  await expect(source).toHaveAttribute('href', /\/unit\/records\/monthly/);
  // The page's answers reach the server (the "Saved" of page 1 may still be showing; answers the
  // server has not got yet would be offered back from this device instead).
  const udderSaved = farm.waitForResponse(
    (response) =>
      response.url().endsWith('/draft') &&
      response.ok() &&
      /"mastitis_cases_per_100":41\b/.test(response.request().postData() ?? ''),
  );
  await farm.getByRole('textbox', { name: /Clinical mastitis cases/ }).fill('41');
  await udderSaved;
  await saved(farm);

  // A phone-sized window and a reload: the draft resumes on the same page, nothing lost.
  await farm.setViewportSize(PHONE);
  await farm.reload();
  await expect(farm.getByRole('heading', { level: 2, name: 'Udder health' })).toBeVisible();
  await expect(farm.getByRole('textbox', { name: /Clinical mastitis cases/ })).toHaveValue('41');
  await expect(scc).toHaveValue('186');
  const sideways = await farm.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, 'no sideways scroll at 390 px').toBeLessThanOrEqual(0);
  await next(farm, 'Calves');
  await farm.getByRole('textbox', { name: /Calf mortality/ }).fill('4.5');
  await next(farm, 'Herd health plan');
  await farm.getByRole('textbox', { name: /Date the herd health plan/ }).fill('12/03/2026');
  await farm.getByRole('textbox', { name: /^Vet practice/ }).fill('Dales Farm Vets');
  await submit(farm);
  await expect(farm.getByText(/^Submitted by Tom Hargreaves on/)).toBeVisible();
  expect(await farmStatus(farm)).toContain('Submitted');

  // dairy@, Moorland Vale's staff: Survey Responses from the menu; the unit's return submitted,
  // with the actions the server offers a submitted return.
  const staff = await pageAs(browser, 'dairy@example.com');
  await (await navigation(staff)).getByRole('link', { name: 'Survey Responses' }).click();
  const card = staff
    .getByRole('list', { name: 'Surveys' })
    .getByRole('listitem')
    .filter({ hasText: SURVEY.title });
  await expect(card).toContainText(/\d+ of \d+ submitted/);
  let row = await staffRow(staff);
  await expect(row).toContainText('Submitted');
  await expect(row.getByRole('button', { name: `Accept the return of ${UNIT}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Remind ${UNIT}` })).toHaveCount(0);

  // Query it with a comment the farm sees.
  await row.getByRole('button', { name: `Query the return of ${UNIT}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Query the return of ${UNIT}` });
  await dialog.getByLabel('Comment to the farm (required)').fill(QUERY);
  await dialog.getByRole('button', { name: 'Query' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText(`The return of ${UNIT} was queried.`)).toBeVisible();
  row = await staffRow(staff);
  await expect(row).toContainText('Queried');
  await expect(row.getByRole('button', { name: `Query the return of ${UNIT}` })).toHaveCount(0);
  // Both lists say queried.
  expect(await farmStatus(farm)).toContain('Queried');

  // The farmer sees the query on the survey, which opens for answers again, changes the count
  // and submits again with a note.
  await farm.goto('/unit/surveys');
  await expect(farm.getByRole('row').filter({ hasText: SURVEY.title })).toContainText('Queried');
  await farm
    .getByRole('row')
    .filter({ hasText: SURVEY.title })
    .getByRole('link', { name: SURVEY.title })
    .click();
  const comments = farm.getByRole('region', { name: 'Comments' });
  await expect(comments).toContainText('Queried by Helen Metcalfe');
  await expect(comments).toContainText(QUERY);
  await expect(farm.getByRole('heading', { level: 2, name: 'Mobility' })).toBeVisible();
  await next(farm, 'Udder health');
  await expect(farm.getByRole('textbox', { name: /Clinical mastitis cases/ })).toHaveValue('41');
  await farm.getByRole('textbox', { name: /Clinical mastitis cases/ }).fill('14');
  await next(farm, 'Calves');
  await next(farm, 'Herd health plan');
  await submit(farm, 'Sorry: 14 cases, not 41.');
  await expect(farm.getByRole('region', { name: 'History' })).toContainText(
    'Version 1: Submitted by Tom Hargreaves',
  );

  // Submitted once more, on both sides; the staff read the corrected answer and the note.
  expect(await farmStatus(farm)).toContain('Submitted');
  row = await staffRow(staff);
  await expect(row).toContainText('Submitted');
  await row.getByRole('link', { name: `Read the response of ${UNIT}` }).click();
  await expect(
    staff.getByRole('heading', { level: 1, name: `${UNIT}: ${SURVEY.title}` }),
  ).toBeVisible();
  await expect(
    staff.getByRole('region', { name: 'Answers' }).getByRole('region', { name: 'Udder health' }),
  ).toContainText(/Clinical mastitis cases per 100 cows per year\s*14\b/);
  await expect(staff.getByRole('region', { name: 'Comments' })).toContainText(
    'Sorry: 14 cases, not 41.',
  );

  await farm.context().close();
  await staff.context().close();
});
