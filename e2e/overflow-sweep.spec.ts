/**
 * The overflow sweep (issue 15, point 1): no page of any demo account scrolls sideways, and no
 * control is cut off or covered, at 1280, 1024, 768, 390 and 360 px wide.
 *
 * Each signed-in account walks the portal as the navigation matrix does (e2e/lib/portal-walk.ts:
 * every state, every link of its menu), and each screen is measured at every width
 * (e2e/lib/fit.ts). On a record list the sweep also opens its Add form; on the dashboard it also
 * opens the collapsed menu of a phone. Then every route of config/routes.json the walk did not
 * reach (a screen the menu does not offer, a route the account may not open) is opened by its
 * address and measured too; and the public routes as nobody signed in.
 *
 * A misfit fails the test softly (the sweep goes on) and leaves a screenshot of the page at that
 * width, attached to the report and kept in test-results/e2e/ as an artefact.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import routesJson from '../config/routes.json' with { type: 'json' };
import { misfits, settledLayout, SWEEP_VIEWPORTS } from './lib/fit.ts';
import { ApiWatcher, PortalWalk } from './lib/portal-walk.ts';
import { DEMO_ACCOUNTS } from './sessions.ts';

const WALK_VIEWPORT = SWEEP_VIEWPORTS[0];

/** Routes the sweep opens by address, as they are reached there. */
const ADDRESS_OF: Record<string, string | null> = {
  '*': '/no-such-page',
  // These end the session or are where a signed-out user goes; a signed-in sweep skips them.
  '/logout': null,
  '/auth': null,
  '/login': null,
  '/': null,
};

const RECORD_LIST_PATHS = new Set(
  routesJson.routes.flatMap((route) => (route.screen === 'records' ? [route.path] : [])),
);

/** The addresses of the routes a visitor who is not signed in may open (and Page Not Found). */
const PUBLIC_ADDRESSES = routesJson.routes.flatMap((route) => {
  if (!('access' in route) || route.access !== 'public') return [];
  if (route.path === '*') return [ADDRESS_OF['*'] ?? '/no-such-page'];
  return ['/logout', '/auth'].includes(route.path) ? [] : [route.path];
});

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

class Sweep {
  private shots = 0;
  /** Paths measured, so that the routes left over can be opened afterwards. */
  readonly measured = new Set<string>();

  constructor(
    private readonly page: Page,
    private readonly testInfo: TestInfo,
  ) {}

  /** Measures the page as it is now at every width, then goes back to the walk's width. */
  async measure(where: string, extra?: (width: number) => Promise<void>): Promise<void> {
    const { page } = this;
    const path = new URL(page.url()).pathname;
    for (const viewport of SWEEP_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await settledLayout(page);
      await extra?.(viewport.width);
      const found = await misfits(page);
      if (found.length > 0) {
        await this.screenshot(`${where} at ${viewport.width} px`, `${viewport.width}px${path}`);
      }
      expect.soft(found, `${where} at ${viewport.width} px`).toEqual([]);
    }
    await page.setViewportSize(WALK_VIEWPORT);
    await settledLayout(page);
  }

  /** A screenshot of the whole page, named in the report by `name`, on disk by `fileName`. */
  private async screenshot(name: string, fileName: string): Promise<void> {
    this.shots += 1;
    const file = this.testInfo.outputPath(
      `${String(this.shots).padStart(3, '0')}-${slug(fileName)}.png`,
    );
    await this.page.screenshot({ path: file, fullPage: true });
    await this.testInfo.attach(name, { path: file, contentType: 'image/png' });
  }

  /** The walk's check of each screen it reaches. */
  readonly onScreen = async ({ path, where }: { path: string; where: string }) => {
    this.measured.add(path);
    await this.measure(where, path === '/dashboard' ? (w) => this.openPhoneMenu(w) : undefined);
    if (RECORD_LIST_PATHS.has(path)) await this.openAddForm(where);
  };

  /** On a phone the navigation is a panel behind Menu: measured open. */
  private async openPhoneMenu(width: number): Promise<void> {
    const toggle = this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Menu', exact: true });
    if (width >= 768 || !(await toggle.isVisible())) return;
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await settledLayout(this.page);
  }

  /** A record list's Add form, where the account may add. */
  private async openAddForm(where: string): Promise<void> {
    const add = this.page.getByRole('main').getByRole('button', { name: /^Add / });
    if ((await add.count()) === 0) return;
    const name = (await add.first().textContent()) ?? 'Add';
    await add.first().click();
    await expect(this.page.getByRole('main').locator('form').first()).toBeVisible();
    await this.measure(`${where} → ${name.trim()}`);
  }

  /** Opens a route by its address and measures what it shows. */
  async openAndMeasure(address: string, who: string): Promise<void> {
    const { page } = this;
    const api = new ApiWatcher(page);
    await page.goto(address);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
    await api.settled();
    await this.measure(`${who}: ${address}`);
  }
}

test.describe('overflow sweep', () => {
  test.use({ viewport: WALK_VIEWPORT });

  for (const account of DEMO_ACCOUNTS) {
    test(`${account}: every screen of every state and every route fits 1280 to 360 px`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(420_000);
      const sweep = new Sweep(page, testInfo);
      const walk = new PortalWalk(page, account, sweep.onScreen);
      await walk.run();
      for (const route of routesJson.routes) {
        const address = route.path in ADDRESS_OF ? ADDRESS_OF[route.path] : route.path;
        if (address == null || sweep.measured.has(route.path)) continue;
        await sweep.openAndMeasure(address, `${account}, ${walk.state}`);
      }
    });
  }

  test('signed out: the public routes fit 1280 to 360 px', async ({ page }, testInfo) => {
    const sweep = new Sweep(page, testInfo);
    for (const address of PUBLIC_ADDRESSES) await sweep.openAndMeasure(address, 'signed out');
  });
});
