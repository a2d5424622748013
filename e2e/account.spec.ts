import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { login, pick, signedCallInPage } from './helpers.ts';
import { signedInAs } from './sessions.ts';

/** A single sign-on token minted through the running server's operator call. */
async function ssoToken(page: Page, username: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests with npm run test:e2e');
  const adminKey = readFileSync(path.join(dataDir, 'admin.key'), 'utf8').trim();
  const health = await page.request.get('/api/health');
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers()['set-cookie'] ?? '')?.[1] ?? '';
  const response = await page.request.post('/api/internal/sso-tokens', {
    headers: {
      'x-application-key': 'fdp-web-2026',
      'x-admin-key': adminKey,
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
    },
    data: { username },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

test('multi@example.com switches unit and plan, and the brand follows the plan', async ({
  page,
}) => {
  await signedInAs(page, 'multi@example.com');
  await expect(page.getByText('Choose a unit from the Unit list')).toBeVisible();

  await pick(page, 'Unit', 'Highfield Beef');
  const banner = page.getByLabel('Current account');
  await expect(banner).toContainText('Highfield Beef');
  await expect(page.getByRole('heading', { name: 'Unit summary' })).toBeVisible();

  await pick(page, 'Unit', 'Highfield Arable');
  await expect(page.getByText('Choose a plan from the Plan list')).toBeVisible();
  await pick(page, 'Plan', 'Tillwell Agronomy: Tillwell Agronomy Service');
  await expect(banner).toContainText('Agronomy Service');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'tillwell_agronomy');
  await pick(page, 'Plan', 'Fenland Fresh Produce: Fenland Fresh Grower Scheme');
  await expect(banner).toContainText('Grower Scheme 2026');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'fenland_fresh');
});

test('buyer@example.com finds a farm by search and paging and opens its unit', async ({ page }) => {
  await signedInAs(page, 'buyer@example.com');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Select Farm' })
    .click();
  await expect(page).toHaveURL(/\/units\/list$/);
  const units = page.getByRole('list', { name: 'Units' });
  await expect(units.getByRole('listitem').first()).toBeVisible();

  const pages = page.getByRole('navigation', { name: 'Units pages' });
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const firstName = await units.getByRole('heading').first().innerText();
  await page.getByLabel('Search units').fill(firstName);
  await expect(page.getByText(new RegExp(`matching “${firstName}”`))).toBeVisible();
  await units
    .getByRole('button', { name: `Open ${firstName}` })
    .first()
    .click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Current Unit Dashboard' })).toBeVisible();
  await expect(page.getByLabel('Current account')).toContainText(firstName);

  // Home clears the unit for company users.
  await page.getByRole('link', { name: /home/ }).click();
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await expect(page.getByLabel('Current account')).toHaveCount(0);
});

test('single sign-on: a valid token lands on the dashboard; a used or missing one goes to login', async ({
  page,
}) => {
  const token = await ssoToken(page, 'farmer@example.com');
  await page.goto(`/auth?token=${token}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Logged in as Tom Hargreaves')).toBeVisible();

  const fresh = await page.context().newPage();
  await fresh.goto(`/auth?token=${token}`);
  await expect(fresh).toHaveURL(/\/login$/);
  await expect(fresh.getByRole('alert')).toHaveCount(0);
  await fresh.goto('/auth');
  await expect(fresh).toHaveURL(/\/login$/);
});

test('an expired stored session is discarded on reload', async ({ page }) => {
  await signedInAs(page, 'farmer@example.com');
  await page.evaluate(() => {
    const key = 'fdp.auth';
    const stored = JSON.parse(sessionStorage.getItem(key) ?? '{}') as {
      auth_token: { expires_at: number };
    };
    stored.auth_token.expires_at = Math.floor(Date.now() / 1000) - 60;
    sessionStorage.setItem(key, JSON.stringify(stored));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard$/);
  expect(await page.evaluate(() => sessionStorage.getItem('fdp.auth'))).toBeNull();
});

test('contact, help and the legal pages answer logged out', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText('support@farmdata.example')).toBeVisible();
  await page.goto('/help-and-support');
  await expect(page.getByRole('heading', { name: 'Help & Support' })).toBeVisible();
  await expect(page.getByText('Help coming soon...')).toBeVisible();
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: /Cookie/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Cookie Policy', level: 1 })).toBeVisible();
});

test('the quick-login panel is absent from the production build', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fail Login' })).toHaveCount(0);
  // Not hidden but gone: no file of the build the server serves carries it.
  const assets = readdirSync('dist/assets').filter((name) => name.endsWith('.js'));
  expect(assets.length).toBeGreaterThan(0);
  for (const name of assets) {
    expect(readFileSync(path.join('dist/assets', name), 'utf8'), name).not.toContain('Fail Login');
  }
});

test("a brand's host shows its login message beside a half-width form", async ({
  page,
  baseURL,
}) => {
  const branded = new URL(baseURL ?? 'http://localhost');
  branded.hostname = 'fenland-fresh.localhost';
  await page.goto(new URL('/login', branded).href);
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'fenland_fresh');
  const message = page.getByRole('complementary', { name: 'Message from your provider' });
  await expect(message).toContainText('Grower returns for the 2026 season are due by 31 March.');
  const form = page.getByRole('region', { name: 'Login' });
  const [formBox, messageBox] = [await form.boundingBox(), await message.boundingBox()];
  const viewport = page.viewportSize()?.width ?? 0;
  expect(formBox?.width ?? 0).toBeLessThan(viewport / 2);
  expect(messageBox?.x ?? 0).toBeGreaterThan((formBox?.x ?? 0) + (formBox?.width ?? 0) - 1);

  // The product's own host has no message and a full form.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('complementary')).toHaveCount(0);
});

test('a session ended on the server logs the portal out at its next request', async ({ page }) => {
  await login(page, 'buyer@example.com');
  // End the session from outside the page, as an administrator or another device would.
  const { status } = await signedCallInPage(page, 'POST', '/api/authenticate/logout');
  expect(status).toBe(200);

  // The dashboard may still have a read to make (its screen and data load after the header): that
  // read is then the next request, and logs the portal out before any click. Otherwise the
  // click on Select Farm makes it.
  const selectFarm = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Select Farm' });
  await expect(async () => {
    if (!/\/login$/.test(page.url())) await selectFarm.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('fdp.auth'))).toBeNull();
});
