import { expect, type Locator, type Page } from '@playwright/test';
import appConfig from '../config/app.json' with { type: 'json' };
import { AuthHeader, signatureHeaders } from '../shared/signing.ts';

/** The shared password of the demo accounts (server/seed/dataset.ts). */
export const PASSWORD = 'Harvest-Demo-2026';

/** Logs in through the login form and waits for the dashboard. */
export async function login(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  // The password check is scrypt-bound and the signed-in shell loads after it: on a busy 2-core
  // machine the two have taken more than the default 10 s.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

/**
 * Calls the API from inside the page with the page's own session, signed as every client signs
 * (shared/signing.ts, here in the test runner), e.g. to end a session "from elsewhere".
 */
export async function signedCallInPage(
  page: Page,
  method: 'GET' | 'POST',
  apiPath: string,
): Promise<{ status: number; body: unknown }> {
  const { token, xsrf } = await page.evaluate(() => ({
    token: (
      JSON.parse(sessionStorage.getItem('fdp.auth') ?? '{}') as {
        auth_token: { key: string; secret: string };
      }
    ).auth_token,
    xsrf: decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? ''),
  }));
  const headers = {
    [AuthHeader.ApplicationKey]: appConfig.applicationKey,
    [AuthHeader.AntiForgery]: xsrf,
    ...(await signatureHeaders(token, { method, url: apiPath, serverNowMs: Date.now() })),
  };
  return page.evaluate(
    async ({ method, path, headers }) => {
      const response = await fetch(path, { method, headers });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
    { method, path: apiPath, headers },
  );
}

/**
 * The Main navigation, ready to use: when its items do not fit on one row the bar is collapsed
 * behind its Menu toggle (src/app/NavBar.tsx), which this opens first (a no-op when the bar is on
 * one row or the panel is already open). Use it before following a link of the bar.
 */
export async function navigation(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toggle = nav.getByRole('button', { name: 'Menu', exact: true });
  // Wait for the bar either way: its first list on one row, or its toggle.
  await expect(nav.locator(':scope > div > ul').first().or(toggle).first()).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  return nav;
}

/** Company staff: opens a unit through Select Farm, as they do; lands on its dashboard. */
export async function openUnitThroughSelectFarm(page: Page, unitName: string): Promise<void> {
  await (await navigation(page)).getByRole('link', { name: 'Select Farm' }).click();
  await page.getByLabel('Search units').fill(unitName);
  await page
    .getByRole('list', { name: 'Units' })
    .getByRole('button', { name: `Open ${unitName}`, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Current Unit Dashboard' })).toBeVisible();
}

/**
 * The button of the navigation bar's Unit or Plan picker (a menu button named by its label and
 * the current choice, "Unit Highfield Beef").
 */
export function pickerButton(page: Page, picker: 'Unit' | 'Plan') {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: new RegExp(`^${picker}\\b`) });
}

/**
 * Opens the Unit or Plan picker and chooses the option of that text (the pickers stay in view
 * when the bar is collapsed behind its Menu toggle).
 */
export async function pick(page: Page, picker: 'Unit' | 'Plan', option: string): Promise<void> {
  const button = pickerButton(page, picker);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('menuitemradio', { name: option, exact: true }).click();
  await expect(pickerButton(page, picker)).toHaveAttribute('aria-expanded', 'false');
}

/** With the Unit and Plan pickers of the navigation bar, chooses a unit and one of its plans. */
export async function chooseUnitAndPlan(page: Page, unit: string, plan: string): Promise<void> {
  await pick(page, 'Unit', unit);
  await pick(page, 'Plan', plan);
}
