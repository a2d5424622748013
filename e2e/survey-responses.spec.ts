import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import appConfig from '../config/app.json' with { type: 'json' };
import { AuthHeader, signatureHeaders } from '../shared/signing.ts';
import type { SurveyForUnit } from '../shared/surveys/types.ts';
import { chooseUnitAndPlan, navigation } from './helpers.ts';
import { signedInAs, type DemoAccount } from './sessions.ts';

const SURVEY = 'fenland-fresh-grower-return-2026';
const TITLE = 'Grower Return: 2026 Season';
const UNIT = 'Highfield Arable';

/** Highfield Arable's season return, valid against the survey's version 1 (config/surveys/). */
const ANSWERS = {
  crops: {
    crops: [{ crop: 'vining_peas', variety: 'Span', area_ha: 31.5, field_name: 'Long Acre' }],
    total_area_ha: 212,
  },
  sprays: { sprays: [], sprayer_tested: true, operator_certified: true },
  delivery: { delivered_tonnes: 157.5, rejected_tonnes: 2, assured: true },
};

const QUERY =
  'Delivered 157.5 t from 31.5 ha is 5 t/ha; our intake says 6.1 t/ha. Please check the area.';

/** A page of its own, in a browser context of its own, signed in with the account's session. */
async function pageAs(browser: Browser, account: DemoAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signedInAs(page, account);
  return page;
}

/** Calls the API from the page with its session, signed as the portal signs, with a JSON body. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const url = `/api${path}`;
  const { token, xsrf } = await page.evaluate(() => ({
    token: (
      JSON.parse(sessionStorage.getItem('fdp.auth') ?? '{}') as {
        auth_token: { key: string; secret: string };
      }
    ).auth_token,
    xsrf: decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? ''),
  }));
  const headers: Record<string, string> = {
    [AuthHeader.ApplicationKey]: appConfig.applicationKey,
    [AuthHeader.AntiForgery]: xsrf,
    ...(await signatureHeaders(token, { method, url, body: text, serverNowMs: Date.now() })),
    ...(text === undefined ? {} : { 'Content-Type': 'application/json' }),
  };
  const answer = await page.evaluate(
    async ({ method, path, headers, text }) => {
      const response = await fetch(path, { method, headers, body: text });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, path: url, headers, text },
  );
  expect(answer.status, `${method} ${path}`).toBe(200);
  return (answer.body as { data: T }).data;
}

/** "143 of 200 submitted" of the survey's card or heading: the submitted count and the targeted. */
async function submittedCount(page: Page): Promise<[number, number]> {
  const sentence = page.getByText(/^\d[\d,]* of \d[\d,]* submitted/).first();
  const [, done, of] =
    /^([\d,]+) of ([\d,]+) submitted/.exec((await sentence.textContent()) ?? '') ?? [];
  return [Number(done?.replace(/,/g, '')), Number(of?.replace(/,/g, ''))];
}

const rowOf = (page: Page, unit: string) =>
  page
    .getByRole('table', { name: /^Units asked/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${unit}`) }) });

test('processor@ sees who answered the grower return, multi@ submits it, processor@ queries it and both sides agree', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await pageAs(browser, 'processor@example.com');

  // Survey Responses from the menu: the provider's surveys with their counts.
  await (await navigation(staff)).getByRole('link', { name: 'Survey Responses' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Survey Responses' })).toBeVisible();
  const surveys = staff.getByRole('list', { name: 'Surveys' });
  const card = surveys.getByRole('listitem').filter({ hasText: TITLE });
  await expect(card).toContainText(/\d+ of \d+ submitted/);
  await expect(card).toContainText('Version 1');
  await card.getByRole('link', { name: TITLE }).click();
  await expect(staff.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const [before, targeted] = await submittedCount(staff);

  // The farm's unit among the units asked, not answered yet (the seed leaves demo units alone).
  await staff.getByLabel('Search units').fill(UNIT);
  const row = rowOf(staff, UNIT);
  await expect(row).toContainText('Not started');
  const href = await row
    .getByRole('link', { name: `Read the response of ${UNIT}` })
    .getAttribute('href');
  const unitId = Number(/unit=(\d+)/.exec(href ?? '')?.[1]);
  expect(unitId).toBeGreaterThan(0);

  // multi@ answers and submits through the API, as the wizard does.
  const farm = await pageAs(browser, 'multi@example.com');
  const surveyPath = `/units/${String(unitId)}/surveys/${SURVEY}`;
  await api(farm, 'POST', `${surveyPath}/submit`, { answers: ANSWERS });
  expect((await api<SurveyForUnit>(farm, 'GET', surveyPath)).summary.status).toBe('submitted');

  // processor@ sees it submitted, and the count one more.
  await staff.reload();
  await expect(staff.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  expect(await submittedCount(staff)).toEqual([before + 1, targeted]);
  await staff.getByLabel('Status', { exact: true }).selectOption('submitted');
  await staff.getByLabel('Search units').fill(UNIT);
  await expect(rowOf(staff, UNIT)).toContainText('Submitted');

  // The response reads every answer by page, through the survey's own words.
  await rowOf(staff, UNIT)
    .getByRole('link', { name: `Read the response of ${UNIT}` })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: `${UNIT}: ${TITLE}` })).toBeVisible();
  const answers = staff.getByRole('region', { name: 'Answers' });
  await expect(answers.getByRole('region', { name: 'Crops and areas' })).toContainText(
    'Crop: Vining peas, Variety: Span',
  );
  await expect(answers.getByRole('region', { name: 'Yields and quality' })).toContainText('157.5');

  // Query it with a comment the farm sees: required, so an empty one is refused first.
  await staff.getByRole('button', { name: `Query the return of ${UNIT}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Query the return of ${UNIT}` });
  await dialog.getByRole('button', { name: 'Query' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Write what you are asking the farm.');
  await dialog.getByLabel('Comment to the farm (required)').fill(QUERY);
  await dialog.getByRole('button', { name: 'Query' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText(`The return of ${UNIT} was queried.`)).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Comments' })).toContainText(QUERY);
  await expect(staff.getByRole('region', { name: 'History' })).toContainText(
    /Queried by Priya Shah/,
  );

  // The farm sees the query on the survey, and its status agrees with the staff's list.
  const seen = await api<SurveyForUnit>(farm, 'GET', surveyPath);
  expect(seen.summary.status).toBe('queried');
  expect(seen.response?.comments.map((c) => [c.kind, c.text])).toContainEqual(['query', QUERY]);
  await chooseUnitAndPlan(farm, UNIT, 'Fenland Fresh Produce: Fenland Fresh Grower Scheme');
  await farm.goto('/unit/surveys');
  const inbox = farm.getByRole('row').filter({ hasText: TITLE });
  await expect(inbox).toContainText('Queried');
  await inbox.getByRole('link', { name: TITLE }).click();
  await expect(farm.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(farm.getByRole('region', { name: 'Comments' })).toContainText(
    `Queried by Priya Shah`,
  );
  await expect(farm.getByRole('region', { name: 'Comments' })).toContainText(QUERY);
  await staff.getByRole('link', { name: 'All units asked' }).click();
  await staff.getByLabel('Status', { exact: true }).selectOption('queried');
  await staff.getByLabel('Search units').fill(UNIT);
  await expect(rowOf(staff, UNIT)).toContainText('Queried');
  expect(await submittedCount(staff)).toEqual([before, targeted]);

  // The CSV of all answers: one row per unit, the survey version, a column per question.
  await staff.getByLabel('Status', { exact: true }).selectOption('');
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download CSV of responses' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Unit ID,Unit,Farm,Holding number,Status,Survey version,Submitted at,/);
  expect(lines[0]).toContain('Yields and quality: Total tonnes delivered');
  const mine = lines.find((line) => line.startsWith(`${String(unitId)},`));
  expect(mine).toContain(`${UNIT},`);
  expect(mine).toMatch(/,queried,1,|,Queried,1,/);
  expect(mine).toContain('157.5');

  // The farm answers the query and submits again; the staff see it submitted once more, with the
  // first return kept in its history.
  await api(farm, 'POST', `${surveyPath}/submit`, { answers: ANSWERS });
  const resubmitted = await api<SurveyForUnit>(farm, 'GET', surveyPath);
  expect(resubmitted.summary.status).toBe('submitted');
  expect(resubmitted.response?.history.length).toBeGreaterThanOrEqual(2);
  await staff.reload();
  await staff.getByLabel('Status', { exact: true }).selectOption('submitted');
  await staff.getByLabel('Search units').fill(UNIT);
  await expect(rowOf(staff, UNIT)).toContainText('Submitted');
  expect(await submittedCount(staff)).toEqual([before + 1, targeted]);

  // On a phone the list reads without sideways scrolling.
  await staff.setViewportSize({ width: 360, height: 740 });
  await expect(rowOf(staff, UNIT)).toBeVisible();
  const overflow = await staff.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scroll at 360 px').toBeLessThanOrEqual(0);

  await farm.context().close();
  await staff.context().close();
});

/** Whether the page scrolls sideways: the document wider than the window. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('on a phone (360 px) the staff’s survey views and the comment dialog do not scroll sideways', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signedInAs(page, 'processor@example.com');
  await page.goto('/survey-responses');
  const card = page.getByRole('list', { name: 'Surveys' }).getByRole('listitem').first();
  await expect(card).toContainText(/\d+ of \d+ submitted/);
  expect(await sideways(page), 'the surveys').toBeLessThanOrEqual(0);

  await page.goto(`/survey-responses?survey=${SURVEY}`);
  await page.getByLabel('Status', { exact: true }).selectOption('accepted');
  const first = page.getByRole('table', { name: /^Units asked: \d+, accepted/ }).getByRole('row');
  await expect(first.nth(1)).toContainText('Accepted');
  expect(await sideways(page), 'the units asked').toBeLessThanOrEqual(0);

  // A seeded return, accepted: its answers, and the Reopen dialog over them.
  await first
    .nth(1)
    .getByRole('link', { name: /^Read the response of / })
    .click();
  await expect(page.getByRole('region', { name: 'Answers' })).toContainText('Crop:');
  expect(await sideways(page), 'one response').toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: /^Reopen the return of / }).click();
  const dialog = page.getByRole('dialog', { name: /^Reopen the return of / });
  await expect(dialog.getByLabel('Comment to the farm (optional)')).toBeVisible();
  expect(await sideways(page), 'the Reopen dialog').toBeLessThanOrEqual(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
