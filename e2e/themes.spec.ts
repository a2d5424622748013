import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chooseUnitAndPlan, login, pick } from './helpers.ts';
import { signedInAs } from './sessions.ts';

interface ThemeJson {
  displayName: string;
  colours: { primary: { base: string } };
  layout: { navBackground: string };
}

const theme = (name: string) =>
  JSON.parse(readFileSync(path.join('themes', name, 'theme.json'), 'utf8')) as ThemeJson;

/** The page's URL on another host name of the same server (NAME.localhost is loopback). */
function onHost(baseURL: string | undefined, host: string, pathname: string): string {
  const url = new URL(pathname, baseURL ?? 'http://localhost');
  url.hostname = host;
  return url.href;
}

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${String(n >> 16)}, ${String((n >> 8) & 255)}, ${String(n & 255)})`;
};

/** The theme's primary colour as the page computes it, and the navigation bar's background. */
async function wornColours(page: Page) {
  return {
    primary: await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    ),
    nav: await page
      .getByRole('navigation', { name: 'Main' })
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  };
}

async function expectWearing(page: Page, name: string) {
  const expected = theme(name);
  await expect(page.locator('html')).toHaveAttribute('data-brand', name);
  await expect(page.getByRole('img', { name: `${expected.displayName} home` })).toBeVisible();
  await expect
    .poll(() => wornColours(page))
    .toEqual({
      primary: expected.colours.primary.base.toLowerCase(),
      nav: rgb(expected.layout.navBackground.toLowerCase()),
    });
}

test('each brand host wears its theme: logo, colours and data-brand', async ({ page, baseURL }) => {
  for (const [host, name] of [
    ['fenland-fresh.localhost', 'fenland_fresh'],
    ['moorland-vale.localhost', 'moorland_vale'],
    ['coleg-bryn-teg.localhost', 'coleg_bryn_teg'],
    ['no-such-brand.localhost', 'default'],
    ['portal.localhost', 'default'],
    ['localhost', 'default'],
  ] as const) {
    await page.goto(onHost(baseURL, host, '/login'));
    await expectWearing(page, name);
  }
});

test('only the active theme is downloaded', async ({ page, baseURL }) => {
  const themeFiles: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').at(-1) ?? '';
    if (file.startsWith('theme-')) themeFiles.push(file);
  });
  await page.goto(onHost(baseURL, 'wolds-poultry.localhost', '/login'));
  await expectWearing(page, 'wolds_poultry');
  expect(themeFiles).toHaveLength(1);
  expect(themeFiles[0]).toMatch(/^theme-wolds_poultry-/);
});

test('a company user wears their provider, and a farm user the brand of the plan they choose', async ({
  browser,
}) => {
  const processor = await browser.newPage();
  await login(processor, 'processor@example.com');
  await expectWearing(processor, 'fenland_fresh');
  // Logged out, the portal wears its host's brand again.
  await processor.getByRole('button', { name: 'My Account' }).click();
  await processor.getByRole('menuitem', { name: 'Logout' }).click();
  await processor
    .getByRole('alertdialog', { name: 'Logout?' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(processor).toHaveURL(/\/login$/);
  await expectWearing(processor, 'default');
  await processor.close();

  const page = await browser.newPage();
  await signedInAs(page, 'multi@example.com');
  await chooseUnitAndPlan(page, 'Highfield Arable', 'Tillwell Agronomy: Tillwell Agronomy Service');
  await expectWearing(page, 'tillwell_agronomy');
  await pick(page, 'Plan', 'Fenland Fresh Produce: Fenland Fresh Grower Scheme');
  await expectWearing(page, 'fenland_fresh');
  await page.close();
});

test("a reload wears the remembered plan's theme from the app's first render, not a moment later", async ({
  page,
}) => {
  await signedInAs(page, 'farmer@example.com');
  await page.goto('/dashboard');
  await expectWearing(page, 'moorland_vale');
  // The primary colour at the moment the app's navigation bar first appears.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('nav[aria-label="Main"]')) return;
      seen.disconnect();
      document.documentElement.dataset.firstPrimary = getComputedStyle(document.documentElement)
        .getPropertyValue('--color-primary')
        .trim();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expectWearing(page, 'moorland_vale');
  await expect(page.locator('html')).toHaveAttribute(
    'data-first-primary',
    theme('moorland_vale').colours.primary.base.toLowerCase(),
  );
});

test('the demo brand, once active, cannot be left', async ({ page, baseURL }) => {
  await page.goto(onHost(baseURL, 'demo.localhost', '/style-guide'));
  await expectWearing(page, 'demo');
  await expect(page.getByLabel('Theme')).toBeDisabled();
  await page.goto(onHost(baseURL, 'demo.localhost', '/login'));
  await page.getByLabel('Username').fill('processor@example.com');
  await page.getByLabel('Password').fill('Harvest-Demo-2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectWearing(page, 'demo');
});

test('the style guide shows every component in six themes (screenshots kept as artefacts)', async ({
  page,
}, testInfo) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/style-guide');
  await expect(page.getByRole('heading', { name: 'Style guide' })).toBeVisible();
  await expect(page.getByText('The monthly record for March was added.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Herd' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Feed deliveries' })).toBeVisible();
  await expect(page.getByLabel(/Quantity/)).toBeVisible();
  // A required choice starts empty rather than quietly taking its first option.
  await expect(page.getByLabel(/Feed type/)).toHaveValue('');
  await expect(
    page
      .getByLabel(/Feed type/)
      .locator('option')
      .first(),
  ).toHaveText('Please select an option');

  for (const name of [
    'default',
    'fenland_fresh',
    'moorland_vale',
    'acme_foods',
    'crookdale_vets',
    'greywell_college',
    'demo',
  ]) {
    await page.getByLabel('Theme').selectOption(name);
    await expectWearing(page, name);
    const file = testInfo.outputPath(`style-guide-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`style guide: ${name}`, { path: file, contentType: 'image/png' });
  }

  await page.getByRole('tab', { name: 'Herd' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Feed' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Open a confirm dialog' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete this feed delivery?' })).toBeVisible();
  expect(violations).toEqual([]);
});

test("a theme's embedded font is fetched only where that theme is worn", async ({
  page,
  baseURL,
}) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.woff2')) fonts.push(new URL(request.url()).pathname);
  });
  await page.goto(onHost(baseURL, 'moorland-vale.localhost', '/login'));
  await expectWearing(page, 'moorland_vale');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(fonts).toEqual([]);

  await page.goto(onHost(baseURL, 'greywell-college.localhost', '/login'));
  await expectWearing(page, 'greywell_college');
  const heading = page.getByRole('heading', { name: 'Login' });
  await expect(heading).toHaveCSS('font-family', /^Merriweather/);
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('700 32px Merriweather')))
    .toBe(true);
  expect(fonts).toHaveLength(1);
  expect(fonts[0]).toMatch(/merriweather-latin-700-normal.*\.woff2$/);
});

test("a theme's desktop css applies from 768 px and its other-device css below", async ({
  page,
  baseURL,
}) => {
  await page.goto(onHost(baseURL, 'castlegate-foodhalls.localhost', '/login'));
  await expectWearing(page, 'castlegate_foodhalls');
  const navLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Login' });
  await expect(navLink).toHaveCSS('text-transform', 'uppercase');
  await expect(navLink).toHaveCSS('letter-spacing', '0.96px'); // 0.06em of 16px

  await page.setViewportSize({ width: 767, height: 800 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(navLink).toHaveCSS('text-transform', 'none');
  await expect(navLink).toHaveCSS('letter-spacing', '0.32px'); // 0.02em of 16px
});
