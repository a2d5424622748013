import { expect, test, type Page } from '@playwright/test';
import { signedInAs } from './sessions.ts';

/**
 * Every dialog of the error catalogue (spec section 8), each answered by the real server, for a
 * failed action; a failed read says so inline with a Retry instead, and opens no dialog.
 * 401 (logged out) and 404 (a record deleted meanwhile) are in account.spec.ts and
 * records.spec.ts.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

async function openDocuments(page: Page) {
  await signedInAs(page, 'farmer@example.com');
  await page.getByRole('link', { name: 'Farm Documents' }).first().click();
  await expect(page.getByRole('heading', { name: 'Farm Documents' })).toBeVisible();
}

async function closeDialog(page: Page, title: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}

test('400: a search holding a NUL character says so inline with the server message, no dialog', async ({
  page,
}) => {
  await openDocuments(page);
  await page.getByLabel('Search documents').fill('lease\u0000');
  const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(alert).toContainText(
    'The documents could not be loaded. Text may not contain NUL characters.',
  );
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('403: settings for a provider the user has no plan with say so inline, no dialog', async ({
  page,
}) => {
  // A stale or tampered plan: the farm details now name a provider the farmer does not belong to.
  await page.route('**/api/accounts/farms/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { units: { packages: { provider_id: number }[] }[] };
    };
    // Any other provider's id will do: the farmer's only plan is with one provider.
    for (const unit of body.data.units)
      for (const plan of unit.packages) plan.provider_id = plan.provider_id === 1 ? 2 : 1;
    await route.fulfill({ response, json: body });
  });
  await signedInAs(page, 'farmer@example.com');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Notification Settings' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Your settings could not be loaded. None of your plans is with this provider.',
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('406: an SVG upload shows "Validation Error(s)" with the field list', async ({ page }) => {
  await openDocuments(page);
  await page
    .getByLabel('Upload a document')
    .setInputFiles({ name: 'map.svg', mimeType: 'image/svg+xml', buffer: SVG });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Validation Error(s)' });
  await expect(dialog.getByRole('listitem')).toHaveText([
    'file must be an image, office document or PDF under 5Mb',
  ]);
  await closeDialog(page, 'Validation Error(s)');
  await expect(page.getByRole('cell', { name: /map\.svg/ })).toHaveCount(0);
});

test('406: a wrong current password shows "Validation Error(s)" and changes nothing', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await page.getByLabel('Current password').fill('not-the-password');
  await page.getByLabel('New password', { exact: true }).fill('a-new-long-password-2026');
  await page.getByLabel('Repeat the new password').fill('a-new-long-password-2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Validation Error(s)' });
  await expect(dialog).toContainText('The password could not be changed.');
  await expect(dialog.getByRole('listitem')).toHaveText([
    'current_password is not your current password',
  ]);
});

test('500: a read that fails inside the server says so inline with a Retry, no dialog', async ({
  page,
}) => {
  const failing = process.env.E2E_FAILING_SEARCH ?? 'fail-on-purpose';
  await openDocuments(page);
  await page.getByLabel('Search documents').fill(failing);
  const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(alert).toContainText(
    'The documents could not be loaded. An unexpected error occurred on the server.',
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // A search that works again brings the list back.
  await page.getByLabel('Search documents').fill('');
  await expect(alert).toHaveCount(0);
});

test('any other status shows "Unknown Error" with its type and message', async ({ page }) => {
  await openDocuments(page);
  // The upload leaves with the wrong media type; the server answers 415, outside the catalogue.
  await page.route('**/api/units/*/documents?name=*', (route) =>
    route.continue({
      headers: { ...route.request().headers(), 'content-type': 'application/x-farm-data' },
    }),
  );
  await page
    .getByLabel('Upload a document')
    .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unknown Error' });
  await expect(dialog).toContainText('Please contact the System Administrator');
  await expect(dialog.getByRole('listitem')).toHaveText([
    'Type: Request_UnsupportedMediaType',
    'Message: This call does not accept a body of type application/x-farm-data.',
  ]);
});
