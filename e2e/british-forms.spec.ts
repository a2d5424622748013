import { expect, test, type Locator } from '@playwright/test';
import { signedInAs } from './sessions.ts';

// An American browser: the portal's forms are British whatever the browser's language.
test.use({ locale: 'en-US' });

/** Pastes text into a field as the browser does: a paste event carrying the clipboard's text. */
async function paste(field: Locator, text: string) {
  await field.focus();
  await field.evaluate((element, data) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', data);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }),
    );
  }, text);
}

// November 2023: a month of its own (monthly records are unique per month; no other test uses it).
test('in an en-US browser, a monthly record takes dd/mm/yyyy and a decimal comma', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/unit/records/monthly');
  await expect(page.getByRole('heading', { name: 'Monthly Records', level: 1 })).toBeVisible();
  await expect(page.evaluate(() => navigator.language)).resolves.toBe('en-US');

  await page.getByRole('button', { name: 'Add monthly record' }).click();
  const month = page.getByLabel(/^Month\*?$/);
  await expect(month).toHaveAttribute('type', 'text');
  await expect(month).toHaveAttribute('inputmode', 'numeric');
  await expect(month).toHaveAccessibleDescription('dd/mm/yyyy');

  // An impossible day is refused in words, and the form is not sent.
  await month.pressSequentially('31/02/2026');
  await page.getByLabel('Milk sold').focus();
  await expect(month).toHaveAccessibleDescription('dd/mm/yyyy 31/02/2026 is not a date');
  await month.fill('');
  await month.pressSequentially('14/11/2023');
  await expect(month).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Milk sold').fill('176,500');
  await page.getByLabel('Cows in milk (average)').fill('198');
  const butterfat = page.getByLabel('Butterfat');
  await paste(butterfat, '4,05');
  await expect(butterfat).toHaveValue('4.05');
  await expect(butterfat).toHaveAccessibleDescription('%');
  await page.getByLabel('Protein').pressSequentially('3,3');
  await expect(page.getByLabel('Protein')).toHaveValue('3.3');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('status')).toContainText('The monthly record was added.');
  const row = page.getByRole('row', { name: /Nov 2023/ });
  await expect(row).toContainText('176,500');
  await expect(row).toContainText('4.05');
  await expect(row).toContainText('3.3');

  // Stored on the server as 4.05 and 2023-11-14: the form shows them back the British way.
  await page.reload();
  await page
    .getByRole('row', { name: /Nov 2023/ })
    .getByRole('button', { name: 'Edit' })
    .click();
  await expect(page.getByLabel(/^Month\*?$/)).toHaveValue('14/11/2023');
  await expect(page.getByLabel('Butterfat')).toHaveValue('4.05');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page
    .getByRole('row', { name: /Nov 2023/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Delete this monthly record?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('row', { name: /Nov 2023/ })).toHaveCount(0);
});
