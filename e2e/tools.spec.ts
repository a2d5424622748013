import { expect, test } from '@playwright/test';
import { chooseUnitAndPlan, navigation } from './helpers.ts';
import { signedInAs } from './sessions.ts';

test('the STIR calculator rates a year of tillage and follows every change', async ({ page }) => {
  await signedInAs(page, 'multi@example.com');
  await chooseUnitAndPlan(
    page,
    'Highfield Arable',
    'Fenland Fresh Produce: Fenland Fresh Grower Scheme',
  );
  // With this plan the bar does not fit 1280 px and is collapsed: navigation() opens it.
  const nav = await navigation(page);
  await nav.getByRole('button', { name: 'Tools' }).click();
  await nav.getByRole('menuitem', { name: 'STIR Calculator' }).click();
  await expect(page.getByRole('heading', { name: 'STIR Calculator' })).toBeVisible();

  // The total, not the saved list's loading status beside it.
  const total = page.getByRole('status').filter({ hasText: 'STIR for the year' });
  // Plough 61.2 + power harrow 13.4 + drill 6.7 + rolls 1.2 (NRCS equation, metric inputs).
  await expect(total).toHaveText(
    'STIR for the year: 82.4 — above the NRCS no-till threshold of 20',
  );
  await page.getByRole('button', { name: 'Remove Mouldboard plough' }).click();
  await expect(total).toHaveText(
    'STIR for the year: 21.2 — above the NRCS no-till threshold of 20',
  );

  await page.getByRole('button', { name: 'Add an operation' }).click();
  await page.getByLabel('Name of operation 4').fill('Subsoiler');
  await page
    .getByLabel('Kind of tillage: Subsoiler')
    .selectOption({ label: 'Lifting and fracturing (e.g. subsoiler)' });
  await page.getByLabel('Depth in cm: Subsoiler').fill('35');
  await page.getByLabel('Speed in km/h: Subsoiler').fill('6');
  // 0.5 × (6 / 1.609344) × 3.25 × 0.4 × (35 / 2.54) × 1 = 33.4
  await expect(page.getByRole('row', { name: /Subsoiler/ })).toContainText('33.4');
  await expect(total).toHaveText(
    'STIR for the year: 54.6 — above the NRCS no-till threshold of 20',
  );

  // A RUSLE2 preset: its rating replaces the measured fields.
  await page.getByRole('button', { name: 'Add an operation' }).click();
  await page
    .getByLabel('Operation: Operation 5')
    .selectOption({ label: 'No-till drill (drill or air seeder, double disc): 6' });
  const drill = page.getByRole('row', { name: /No-till drill/ });
  await expect(drill).toContainText('6');
  await expect(page.getByLabel(/^Speed in km\/h: No-till drill/)).toHaveCount(0);
  await expect(total).toHaveText(
    'STIR for the year: 60.6 — above the NRCS no-till threshold of 20',
  );
  for (const name of ['Power harrow', 'Seed drill', 'Rolls', 'Subsoiler']) {
    await page.getByRole('button', { name: `Remove ${name}` }).click();
  }
  await expect(total).toHaveText('STIR for the year: 6 — within the NRCS no-till threshold (≤ 20)');
});

test('the EIQ calculator rates a season of sprays as Field Use EIQ', async ({ page }) => {
  await signedInAs(page, 'multi@example.com');
  await chooseUnitAndPlan(
    page,
    'Highfield Arable',
    'Fenland Fresh Produce: Fenland Fresh Grower Scheme',
  );
  // With this plan the bar does not fit 1280 px and is collapsed: navigation() opens it.
  const nav = await navigation(page);
  await nav.getByRole('button', { name: 'Tools' }).click();
  await nav.getByRole('menuitem', { name: 'EIQ Calculator' }).click();
  const total = page.getByRole('status').filter({ hasText: 'Field Use EIQ for the season' });
  // Glyphosate from the table: 15.33 × 3 l/ha × 360 g/l = 15.33 × 1.08 kg/ha; per acre × 0.892179.
  await expect(page.getByLabel('Active ingredient: Glyphosate 360 g/l')).toHaveValue('glyphosate');
  await expect(total).toHaveText(
    'Field Use EIQ for the season: 16.6 per hectare (kg a.i./ha), 14.8 per acre (lb a.i./acre)',
  );
  await page.getByRole('button', { name: 'Add a spray' }).click();
  await page.getByLabel('Product of spray 2').fill('Fungicide X');
  await page.getByLabel('EIQ: Fungicide X').fill('20');
  await page.getByLabel('Content in g per litre or kg: Fungicide X').fill('250');
  await page.getByLabel('Rate per hectare: Fungicide X').fill('1');
  await expect(page.getByRole('row', { name: /Fungicide X/ })).toContainText('0.25');
  await expect(total).toHaveText(
    'Field Use EIQ for the season: 21.6 per hectare (kg a.i./ha), 19.2 per acre (lb a.i./acre)',
  );

  // An ingredient of the shipped table fills its EIQ and shows its source.
  await page.getByRole('button', { name: 'Add a spray' }).click();
  await page.getByLabel('Product of spray 3').fill('Bravo');
  await page.getByLabel('Active ingredient: Bravo').selectOption({ label: 'Chlorothalonil' });
  await expect(page.getByLabel('EIQ: Bravo')).toHaveCount(0);
  await page.getByLabel('Content in g per litre or kg: Bravo').fill('500');
  await page.getByLabel('Rate per hectare: Bravo').fill('2');
  const bravo = page.getByRole('row', { name: /Bravo/ });
  await expect(bravo).toContainText('37.42');
  await expect(bravo).toContainText('Source: Environmental Impact Quotient');
  await expect(bravo).toContainText('Unconfirmed: Single source.');
  // 37.42 × 1 kg/ha = 37.4 per ha, 33.4 per acre.
  await expect(bravo).toContainText('33.4');
  await expect(total).toHaveText(
    'Field Use EIQ for the season: 59 per hectare (kg a.i./ha), 52.6 per acre (lb a.i./acre)',
  );
});
