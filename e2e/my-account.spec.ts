import { expect, test } from '@playwright/test';
import { chooseUnitAndPlan, navigation } from './helpers.ts';
import { signedInAs } from './sessions.ts';

test('notification settings are kept per provider on the server', async ({ page }) => {
  await signedInAs(page, 'multi@example.com');
  await chooseUnitAndPlan(
    page,
    'Highfield Arable',
    'Fenland Fresh Produce: Fenland Fresh Grower Scheme',
  );
  // With this plan the bar does not fit 1280 px and is collapsed: navigation() opens it.
  await (await navigation(page)).getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Notification Settings' }).click();
  const sms = page.getByRole('checkbox', { name: /Text me urgent notices/ });
  await expect(
    page.getByRole('group', { name: 'Notices from Fenland Fresh Produce' }),
  ).toBeVisible();
  const before = await sms.isChecked();
  await sms.setChecked(!before);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Your notification settings were saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Text me urgent notices/ })).toBeChecked({
    checked: !before,
  });
});

test('change password checks that the two new passwords match before sending anything', async ({
  page,
}) => {
  await signedInAs(page, 'buyer@example.com');
  let sent = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/users/me/password')) sent = true;
  });
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await page.getByLabel('Current password').fill('Harvest-Demo-2026');
  await page.getByLabel('New password', { exact: true }).fill('hedgerow-barley-tractor');
  await page.getByLabel('Repeat the new password').fill('hedgerow-barley-tractr');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two new passwords are not the same.');
  expect(sent).toBe(false);
});

test('news lists the provider’s articles and opens one, with a way back', async ({ page }) => {
  await signedInAs(page, 'farmer@example.com');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();
  const list = page.getByRole('list', { name: 'News' });
  const first = list.getByRole('link').first();
  const title = await first.innerText();
  await first.click();
  await expect(page).toHaveURL(/\/news\?article=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Back to News' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(list).toBeVisible();
});

test('company staff set the notices of their own provider, named as the organisation', async ({
  page,
}) => {
  await signedInAs(page, 'adviser@example.com');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Notification Settings' }).click();
  await expect(
    page.getByRole('group', { name: 'Notices from Fenland Fresh Produce' }),
  ).toBeVisible();
});
