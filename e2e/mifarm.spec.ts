import { expect, test, type Page } from '@playwright/test';
import { navigation } from './helpers.ts';
import { signedInAs } from './sessions.ts';

/**
 * MiFarm (issue 20 point 2) as farmer@example.com on Lower Dale Dairy (its plan includes MiFarm
 * and the unit supports it): the profile with its CPH, an import of real-shaped field boundaries
 * near Gunnerside, Swaledale (e2e/fixtures/lower-dale-fields.geojson), the map drawn from them
 * with areas in ha and its table, a field's page with the records naming it, and the phone layout;
 * and Who sees my data, the consent screen's own section.
 */

const FIXTURE = new URL('./fixtures/lower-dale-fields.geojson', import.meta.url).pathname;

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function openMiFarm(page: Page) {
  const nav = await navigation(page);
  await nav.getByRole('button', { name: 'Tools' }).click();
  await nav.getByRole('menuitem', { name: 'MiFarm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'MiFarm' })).toBeVisible();
}

test('farmer@ sees the profile, imports field boundaries, opens a field from the map and finds its lab result', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, 'farmer@example.com');

  // A soil sample of Low Ing, named with the field picker (April 2020: no other test adds one).
  await page.goto('/unit/records/lab-results');
  await page.getByRole('button', { name: 'Add lab result' }).click();
  await page.getByLabel(/^Sample date\*?$/).fill('15/04/2020');
  await page.getByLabel(/^Sample type\*?$/).selectOption({ label: 'Soil' });
  await page.getByLabel('Laboratory').fill('Swaledale Soil Lab');
  await page.getByLabel('Field', { exact: true }).fill('Low Ing');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('The lab result was added.');

  await openMiFarm(page);
  const profile = page.getByRole('region', { name: 'Farm profile' });
  await expect(profile).toContainText('48/212/0417');
  await expect(profile).toContainText('Lower Dale Farm');
  await expect(profile).toContainText('Tom Hargreaves, farmer@example.com');
  await expect(profile).toContainText('Moorland Vale Dairies');
  // Who sees my data, managed from MiFarm too: the provider of the plan with what it may see.
  const consent = page.getByRole('region', { name: 'Who sees my data' });
  await expect(
    consent
      .getByRole('region', { name: 'Moorland Vale Dairies' })
      .getByRole('button', { name: 'Stop sharing Farm documents with Moorland Vale Dairies' }),
  ).toBeVisible();
  await expect(consent.getByRole('region', { name: 'Access log' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);

  await page.getByLabel('Import field boundaries (GeoJSON)').setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(/(Added|Updated) 4/);

  const map = page.getByRole('group', { name: "Map of Lower Dale Dairy's fields" });
  for (const name of [
    'Low Ing, 5.06 ha, Permanent grassland',
    'High Pasture, 5.20 ha, Rough grazing',
    'Barn Close, 2.89 ha, Temporary grassland',
    'Gill Head, 2.43 ha, Permanent grassland',
  ]) {
    await expect(map.getByRole('link', { name })).toBeVisible();
  }
  const table = page.getByRole('table', { name: "Lower Dale Dairy's fields" });
  await expect(table.getByRole('row', { name: /Low Ing/ })).toContainText('5.06');

  // A field shape is a link reached with the keyboard like any other.
  await map.getByRole('link', { name: /^Low Ing/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/unit\/mifarm\/fields\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Low Ing' })).toBeVisible();
  await expect(page.getByText('5.06 ha')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Low Ing, 5\.06 ha/ })).toBeVisible();
  // Lower Dale Dairy's plan keeps no crop records: the page says so.
  await expect(page.getByRole('region', { name: 'Crop history' })).toContainText(
    "Crop records are not part of this unit's plans.",
  );
  const lab = page.getByRole('table', { name: 'Lab results' });
  await expect(lab.getByRole('row', { name: /15 Apr 2020/ }).first()).toContainText(
    'Swaledale Soil Lab',
  );

  // On a phone: the map and the page fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Back to MiFarm' }).click();
  await expect(map).toBeVisible();
  const box = await map.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  expect(await noSidewaysScroll(page)).toBe(true);
});
