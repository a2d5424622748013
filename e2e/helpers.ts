import { expect, type Page } from '@playwright/test';
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
  await expect(page).toHaveURL(/\/dashboard$/);
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

/** With the Unit and Plan pickers of the navigation bar, chooses a unit and one of its plans. */
export async function chooseUnitAndPlan(page: Page, unit: string, plan: string): Promise<void> {
  await page.getByLabel('Unit', { exact: true }).selectOption({ label: unit });
  await page.getByLabel('Plan').selectOption({ label: plan });
}
