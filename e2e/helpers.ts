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
