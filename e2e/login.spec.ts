import { expect, test } from '@playwright/test';
import { login, PASSWORD } from './helpers.ts';

test.describe('login', () => {
  test('the empty path redirects to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });

  test('farmer@example.com logs in and reaches the dashboard showing who is logged in', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('farmer@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
    await expect(page.getByText('Logged in as Tom Hargreaves')).toBeVisible();
    // One farm, one unit, one plan: all selected without asking.
    const banner = page.getByLabel('Current account');
    await expect(banner).toContainText('Lower Dale Dairy');
    await expect(banner).toContainText('Milk Pool Premium');
    await expect(page.getByRole('heading', { name: 'Unit summary' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'moorland_vale');

    // The session and the account survive a reload within the tab.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
    await expect(page.getByLabel('Current account')).toContainText('Lower Dale Dairy');
  });

  test('a browser whose clock runs ten minutes fast logs in, works and stays logged in', async ({
    page,
  }) => {
    // The clock flows on from ten minutes ahead of the server's, as a badly set PC's would.
    await page.clock.install({ time: Date.now() + 10 * 60_000 });
    const refusals: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refusals.push(response.url());
    });
    await login(page, 'farmer@example.com');
    await expect(page.getByRole('heading', { name: 'Unit summary' })).toBeVisible();

    // Signed writes and reads work, before and after a reload, without a single refusal.
    await page.goto('/unit/records/monthly');
    await page.getByRole('button', { name: 'Add monthly record' }).click();
    await page.getByLabel(/^Month\*?$/).fill('01/02/2024');
    await page.getByLabel('Milk sold').fill('171000');
    await page.getByLabel('Cows in milk (average)').fill('205');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toContainText('The monthly record was added.');
    await page.reload();
    await expect(page.getByRole('row', { name: /Feb 2024/ })).toContainText('171,000');
    await expect(page.getByText('Logged in as Tom Hargreaves')).toBeVisible();
    expect(refusals).toEqual([]);
  });

  test('a wrong password shows the server message in red and re-enables the button', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('farmer@example.com');
    await page.getByLabel('Password').fill('definitely-wrong');

    // Hold the answer back so the in-progress state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/authenticate*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: /Logging in/ })).toBeDisabled();
    release();

    const error = page.getByRole('alert');
    await expect(error).toHaveText('The username or password you entered is incorrect.');
    const colour = await error.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a protected page sends the visitor to login and back again', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard$/);
    await page.getByLabel('Username').fill('buyer@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Logged in as James Okafor')).toBeVisible();
  });

  test('logout asks for confirmation and only then returns to login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('adviser@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'My Account' }).click();
    await nav.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Logout?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Are you sure you want to logout?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await nav.getByRole('button', { name: 'My Account' }).click();
    await nav.getByRole('menuitem', { name: 'Logout' }).click();
    await page
      .getByRole('alertdialog', { name: 'Logout?' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?returnUrl=/);
  });
});

test('/logout logs a signed-in user out, and sends anyone else to the root', async ({ page }) => {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill('processor@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard$/);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(
    page.getByText('Sorry, the page you are trying to access could not be found.'),
  ).toBeVisible();
});

test('the production page runs under the strict Content-Security-Policy without violations', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(violations).toEqual([]);
});
