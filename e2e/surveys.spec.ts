import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signedInAs } from './sessions.ts';

/**
 * The farm's side of issue 18: farmer@example.com (Lower Dale Dairy, Moorland Vale's Milk Pool
 * Premium) answers the annual dairy sustainability survey, which the seed leaves unanswered for
 * the demo accounts: prefilled answers from the unit's records, a draft saved as they type, a
 * reload on a phone that resumes on the same page with nothing lost, the review and Submit; the
 * return is then read-only and listed under Submissions.
 */

const SURVEY = JSON.parse(
  readFileSync(
    new URL('../config/surveys/moorland-vale-dairy-sustainability-2026@2.json', import.meta.url),
    'utf8',
  ),
) as { id: string; title: string };

const PHONE = { width: 390, height: 844 };

/** The draft is on the server: the live region says "Saved hh:mm". */
async function saved(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Saved \d\d:\d\d$/ })).toBeVisible({
    timeout: 10_000,
  });
}

const yes = (page: Page, question: RegExp) =>
  page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'Yes' }).check();

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

test('the farmer answers a survey with prefilled answers, resumes on a phone and submits', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, 'farmer@example.com');
  // The unit's monthly record that the survey's first page draws on (none is seeded for it), in
  // May 2026, a month no other test adds (the dashboard's adds August to October).
  await page.goto('/unit/records/monthly');
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await page.getByLabel(/^Month\*?$/).fill('01/05/2026');
  await page.getByLabel('Milk sold').fill('190000');
  await page.getByLabel('Cows in milk (average)').fill('212');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('The monthly record was added.');

  await page.goto('/unit/surveys');
  await expect(page.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: SURVEY.title });
  await expect(row).toContainText('Moorland Vale');
  await expect(row).toContainText('Not started');
  await row.getByRole('link', { name: SURVEY.title }).click();
  await expect(page).toHaveURL(new RegExp(`/unit/surveys/${SURVEY.id}$`));

  // Page 1: the farm's figures come from its monthly and annual records, each saying so.
  const progress = page.getByRole('navigation', { name: 'Survey progress' });
  await expect(progress).toContainText('Page 1 of 6');
  await expect(progress.locator('[aria-current="step"]')).toHaveText('Your farm');
  const cows = page.getByRole('textbox', { name: /Cows in milk/ });
  await expect(cows).not.toHaveValue('');
  await expect(
    page.getByRole('textbox', { name: /Milk sold in the last 12 months/ }),
  ).not.toHaveValue('');
  const from = page.getByRole('link', { name: /Monthly record/ }).first();
  await expect(from).toBeVisible();
  await expect(from).toHaveAttribute('href', /\/unit\/records\//);

  // A prefilled answer stays editable; the change is saved as a draft.
  await cows.fill('182');
  await expect(page.getByText(/Changed by you; your records give/)).toBeVisible();
  // No annual record gives the farmed area: answered by hand.
  await page.getByRole('textbox', { name: /Total farmed area/ }).fill('145');
  await saved(page);
  await next(page, 'Carbon footprint');
  await expect(progress).toContainText('Page 2 of 6');

  // Next checks the page: the required question is said on its field.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText(/carbon footprint done in the last 12 months\? is required/).first(),
  ).toBeVisible();
  await yes(page, /carbon footprint done/);
  await next(page, 'Nutrient management');
  await yes(page, /nutrient management plan/);
  // The page's answers reach the server (the "Saved" of an earlier page may still be showing;
  // answers the server has not got yet would be offered back from this device instead).
  const nutrientsSaved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/draft') &&
      response.ok() &&
      /"slurry_storage_months":5\.5\b.*"trailing_shoe"|"trailing_shoe".*"slurry_storage_months":5\.5\b/.test(
        response.request().postData() ?? '',
      ),
  );
  await page.getByRole('textbox', { name: /Slurry storage capacity/ }).fill('5.5');
  await page.getByRole('combobox', { name: /How is most slurry spread/ }).selectOption({
    label: 'Trailing shoe',
  });
  await nutrientsSaved;
  await saved(page);

  // A phone, and a reload: the same page, with what was typed.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Nutrient management' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Slurry storage capacity/ })).toHaveValue('5.5');
  await expect(
    page
      .getByRole('radiogroup', { name: /nutrient management plan/ })
      .getByRole('radio', { name: 'Yes' }),
  ).toBeChecked();
  await expect(
    page.getByRole('combobox', { name: /How is most slurry spread/ }).locator('option:checked'),
  ).toHaveText('Trailing shoe');
  const sideways = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await sideways()).toBeLessThanOrEqual(0);

  await next(page, 'Water');
  await page.getByRole('combobox', { name: /Main water source/ }).selectOption({ label: 'Mains' });
  await yes(page, /water use metered/);
  await next(page, 'Biodiversity');
  await page.getByRole('combobox', { name: /Agri-environment scheme/ }).selectOption({
    label: 'Sustainable Farming Incentive',
  });
  await next(page, 'Renewable energy');
  await page
    .getByRole('combobox', { name: /Renewable generation/ })
    .selectOption({ label: 'Solar PV' });
  await page.getByRole('button', { name: 'Review answers' }).click();

  // The review: every page, with its Edit link; the earlier answers kept.
  await expect(page.getByRole('heading', { level: 2, name: 'Review your answers' })).toBeVisible();
  for (const title of [
    'Your farm',
    'Carbon footprint',
    'Nutrient management',
    'Water',
    'Biodiversity',
    'Renewable energy',
  ])
    await expect(page.getByRole('link', { name: `Edit ${title}` })).toBeVisible();
  const farm = page.getByRole('region', { name: 'Your farm' });
  await expect(farm).toContainText('182');
  await expect(page.getByRole('region', { name: 'Nutrient management' })).toContainText(
    'Trailing shoe',
  );
  expect(await sideways()).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Submit this survey?' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/These answers are locked/)).toBeVisible();
  await expect(page.getByText(/^Submitted by Tom Hargreaves on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    'Version 1: Submitted by Tom Hargreaves',
  );

  // Submissions lists the return, linked back to it.
  await page.goto('/unit/submissions');
  const submitted = page.getByRole('row').filter({ hasText: SURVEY.title });
  await expect(submitted).toContainText('Survey return');
  await expect(submitted).toContainText('Submitted');
  await expect(
    submitted.getByRole('link', { name: new RegExp(`^${SURVEY.title}`) }),
  ).toHaveAttribute('href', `/unit/surveys/${SURVEY.id}`);
  await page.goto('/unit/surveys');
  await expect(page.getByRole('row').filter({ hasText: SURVEY.title })).toContainText('Submitted');
});
