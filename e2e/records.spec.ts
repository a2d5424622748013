import { expect, test } from '@playwright/test';
import { signedInAs } from './sessions.ts';

test('farmer@example.com adds, edits and deletes a monthly record, kept on the server', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');

  await page
    .getByRole('navigation', { name: 'Features' })
    .getByRole('link', { name: 'Monthly Records' })
    .click();
  await expect(page).toHaveURL(/\/unit\/records\/monthly$/);
  await expect(page.getByRole('heading', { name: 'Monthly Records', level: 1 })).toBeVisible();

  // The browser checks the form against the schema before anything is sent.
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Month is required').first()).toBeVisible();

  await page.getByLabel(/^Month\*?$/).fill('01/07/2026');
  await page.getByLabel('Milk sold').fill('183,420');
  await expect(page.getByLabel('Milk sold')).toHaveValue('183420');
  await page.getByLabel('Cows in milk (average)').fill('214');
  await page.getByLabel('Butterfat').fill('4.137');
  await expect(page.getByLabel('Butterfat')).toHaveValue('4.13');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('status')).toContainText('The monthly record was added.');
  const row = page.getByRole('row', { name: /Jul 2026/ });
  await expect(row).toContainText('183,420');
  await expect(row).toContainText('4.13');

  // Still there after a reload: it is stored on the server.
  await page.reload();
  await expect(page.getByRole('row', { name: /Jul 2026/ })).toContainText('214');

  await page
    .getByRole('row', { name: /Jul 2026/ })
    .getByRole('button', { name: 'Edit' })
    .click();
  await page.getByLabel('Cows in milk (average)').fill('220');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Jul 2026/ })).toContainText('220');

  await page
    .getByRole('row', { name: /Jul 2026/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this monthly record?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /Jul 2026/ })).toHaveCount(0);
});

test('the record screen runs under the strict CSP with validators compiled at build time', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text()))
      violations.push(message.text());
  });
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/unit/records/monthly');
  await page.getByRole('button', { name: 'Add monthly record' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Month is required').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('a farm user whose plan lacks the records sees Not available, not a blank page', async ({
  page,
}) => {
  await signedInAs(page, 'buyer@example.com');
  await page.goto('/unit/records/monthly');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
});

test('saving a record another session deleted shows "Error: Not Found" from the server', async ({
  browser,
}) => {
  /** Another window of the farmer's, on the Monthly Records screen. */
  const openRecords = async () => {
    const page = await browser.newPage();
    await signedInAs(page, 'farmer@example.com');
    await page.goto('/unit/records/monthly');
    return page;
  };
  const first = await openRecords();
  await first.getByRole('button', { name: 'Add monthly record' }).click();
  await first.getByLabel(/^Month\*?$/).fill('01/03/2025');
  await first.getByLabel('Milk sold').fill('150000');
  await first.getByLabel('Cows in milk (average)').fill('200');
  await first.getByRole('button', { name: 'Save' }).click();
  await first
    .getByRole('row', { name: /Mar 2025/ })
    .getByRole('button', { name: 'Edit' })
    .click();

  const second = await openRecords();
  await second
    .getByRole('row', { name: /Mar 2025/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await second.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(second.getByRole('row', { name: /Mar 2025/ })).toHaveCount(0);

  await first.getByLabel('Cows in milk (average)').fill('201');
  await first.getByRole('button', { name: 'Save' }).click();
  const dialog = first.getByRole('alertdialog', { name: 'Error: Not Found' });
  await expect(dialog).toContainText(/There is no monthly record \d+ on this unit\./);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the medicine cabinet keeps stock with its batch, expiry and withdrawal periods', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Data Entry' }).click();
  await nav.getByRole('menuitem', { name: 'Medicine Cabinet' }).click();
  await expect(page.getByRole('heading', { name: 'Medicine Cabinet', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add medicine' }).click();
  const batch = `B${String(Date.now()).slice(-6)}`;
  await page.getByLabel(/^Product\*?$/).fill('Metacam 20 mg/ml');
  await page.getByLabel(/^Batch number\*?$/).fill(batch);
  await page.getByLabel(/^Expiry date\*?$/).fill('30/06/2027');
  await page.getByLabel(/^Quantity in stock\*?$/).fill('100');
  await page.getByLabel(/^Unit\*?$/).selectOption({ label: 'ml' });
  await page.getByLabel('Meat withdrawal').fill('15');
  await page.getByLabel('Milk withdrawal').fill('120');
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: new RegExp(batch) });
  await expect(row).toContainText('30/06/2027');
  await expect(row).toContainText('ml');
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(batch) })).toContainText('120');
});
