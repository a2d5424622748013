import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAs } from './sessions.ts';

/**
 * Issue 15, point 5: feedback on every wait. At phone size, a document of a few MB uploaded on a
 * slow line shows its progress (bytes sent of the total) and then the saved toast, which lies
 * within the viewport, clear of the Menu button, and moves none of the page's content.
 */

const MB = 1024 * 1024;

/** A PDF (by its signature, which is what the server checks) of about `size` bytes. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n% feedback e2e\n');
  const tail = Buffer.from('\ntrailer <</Root 1 0 R>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** Slows this page's uploads to `bytesPerSecond` (Chromium's network emulation). */
async function slowUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

test('at 390 × 844 an upload shows bytes sent, then a toast that moves nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/unit/documents/farm');
  const heading = page.getByRole('heading', { name: 'Farm Documents', level: 1 });
  await expect(heading).toBeVisible();
  await expect(
    page.getByText('No documents have been uploaded yet.').or(page.getByRole('table')).first(),
  ).toBeVisible();

  const name = `soil-survey-${String(Date.now())}.pdf`;
  await page
    .getByLabel('Upload a document')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: pdfOf(3 * MB) });
  const headingBefore = await boxOf(heading);

  const restore = await slowUploads(page, 1 * MB);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Uploading…' })).toHaveAttribute(
    'aria-busy',
    'true',
  );

  // Past a second the bar shows, named by the file, its value in words: bytes sent of the total.
  const bar = page.getByRole('progressbar', { name: `Uploading “${name}”` });
  await expect(bar).toBeVisible();
  // Part of the way: the throttled line sends about 1 MB a second.
  await expect(bar).toHaveAttribute('aria-valuetext', /^(?!3 MB )[\d.,]+ (bytes|KB|MB) of 3 MB$/);
  await expect(page.getByRole('button', { name: 'Cancel upload' })).toBeVisible();

  const toast = page.getByRole('status').filter({ hasText: `“${name}” was uploaded.` });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await restore();
  await expect(bar).toBeHidden();

  // Within the viewport, clear of the Menu button, and the heading has not moved.
  const box = await boxOf(toast);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  const menu = await boxOf(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }),
  );
  const overlaps =
    box.x < menu.x + menu.width &&
    menu.x < box.x + box.width &&
    box.y < menu.y + menu.height &&
    menu.y < box.y + box.height;
  expect(overlaps).toBe(false);
  expect(await boxOf(heading)).toEqual(headingBefore);

  // A success closes by itself; the new document is listed.
  await page.getByLabel('Search documents').fill(name.slice(0, -4));
  await expect(
    page
      .getByRole('row', { name: new RegExp(name) })
      .or(page.getByText(name))
      .first(),
  ).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 10_000 });
});
