import { expect, type Page } from '@playwright/test';

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
 * Calls the API from inside the page with the page's own session, signed as the portal's client
 * signs (shared/signing.ts), e.g. to end a session "from elsewhere" or to read what was stored.
 * Its timestamp is `stampAgeSeconds` in the past, clear of the ones the portal itself uses.
 */
export async function signedCallInPage(
  page: Page,
  method: 'GET' | 'POST',
  apiPath: string,
  stampAgeSeconds = 120,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, age }) => {
      const auth = JSON.parse(sessionStorage.getItem('fdp.auth') ?? '{}') as {
        auth_token: { key: string; secret: string };
      };
      const hex = (buffer: ArrayBuffer) =>
        Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
      const encoder = new TextEncoder();
      const stamp = Math.floor(Date.now() / 1000) - age;
      const bodyHash = hex(await crypto.subtle.digest('SHA-256', encoder.encode('')));
      const key = await crypto.subtle.importKey(
        'raw',
        encoder.encode(auth.auth_token.secret),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      const canonical = `${String(stamp)}\n${method}\n${path}\n${bodyHash}`;
      const signature = hex(await crypto.subtle.sign('HMAC', key, encoder.encode(canonical)));
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(path, {
        method,
        headers: {
          'x-application-key': 'fdp-web-2026',
          'x-xsrf-token': decodeURIComponent(xsrf),
          'x-auth-timestamp': String(stamp),
          'x-auth-key': auth.auth_token.key,
          'x-auth-signature': signature,
        },
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
    { method, path: apiPath, age: stampAgeSeconds },
  );
}

/** With the Unit and Plan pickers of the navigation bar, chooses a unit and one of its plans. */
export async function chooseUnitAndPlan(page: Page, unit: string, plan: string): Promise<void> {
  await page.getByLabel('Unit', { exact: true }).selectOption({ label: unit });
  await page.getByLabel('Plan').selectOption({ label: plan });
}
