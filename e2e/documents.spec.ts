import { expect, test } from '@playwright/test';
import { signedInAs } from './sessions.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

test('farmer@example.com uploads, finds, downloads and deletes a farm document', async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await page.getByRole('link', { name: 'Farm Documents' }).first().click();
  await expect(page.getByText('An image, office document or PDF under 5Mb.')).toBeVisible();

  const name = `tenancy-${String(Date.now())}.pdf`;
  await page
    .getByLabel('Upload a document')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(`“${name}” was uploaded.`)).toBeVisible();

  await page.getByLabel('Search documents').fill(name.slice(0, -4));
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Tom Hargreaves');
  await expect(page.getByRole('row')).toHaveCount(2);

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`No documents match “${name.slice(0, -4)}”.`)).toBeVisible();
});

test('a file of 5 MiB or more is refused before it is sent', async ({ page }) => {
  await signedInAs(page, 'farmer@example.com');
  await page.getByRole('link', { name: 'Farm Documents' }).first().click();
  await page.getByLabel('Upload a document').setInputFiles({
    name: 'drone-survey.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(5 * 1024 * 1024),
  });
  await expect(page.getByText('This file is 5 MB: files must be under 5Mb.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
});
