/**
 * The overflow sweep (issue 15, point 1): no page scrolls sideways, and no control is cut off or
 * covered, at 1280, 1024, 768, 390 and 360 px wide. Used by e2e/every-screen.spec.ts on each
 * screen the walk reaches, then on every route the walk did not reach.
 */
import { expect, type Page, type TestInfo } from '@playwright/test';
import { PORTAL_ROUTES } from '../../shared/access/portal-config.ts';
import { misfits, settledLayout, SWEEP_VIEWPORTS } from './fit.ts';
import { ApiWatcher } from './portal-walk.ts';

export const WALK_VIEWPORT = SWEEP_VIEWPORTS[0];

/** Routes the sweep opens by address, as they are reached there. */
const ADDRESS_OF: Record<string, string | null> = {
  '*': '/no-such-page',
  // These end the session or are where a signed-out user goes; a signed-in sweep skips them.
  '/logout': null,
  '/auth': null,
  '/login': null,
  '/': null,
};

/** Each route's screen, for the views a screen opens in place (SCREEN_PARTS). */
const SCREEN_OF = new Map(
  PORTAL_ROUTES.map((route) => [route.path, 'screen' in route ? route.screen : undefined]),
);

/** The addresses of the routes a visitor who is not signed in may open (and Page Not Found). */
export const PUBLIC_ADDRESSES = PORTAL_ROUTES.flatMap((route) => {
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

/**
 * Measures screens at every width of the sweep (e2e/lib/fit.ts): a misfit fails the test softly
 * (the walk goes on) and leaves a screenshot of the page at that width, attached to the report
 * and kept in test-results/e2e/ as an artefact.
 *
 * A path met again in a later state of the same account (the same screen of another unit) is
 * measured again at the phone widths only, where its data can still make it misfit; the desktop
 * and tablet widths of that screen were measured in the first state.
 */
export class Sweep {
  private shots = 0;
  /** Paths measured, so that the routes left over can be opened afterwards. */
  readonly measured = new Set<string>();
  /** The screens measured at every width (path, and the form opened on it). */
  private readonly seen = new Set<string>();

  constructor(
    private readonly page: Page,
    private readonly testInfo: TestInfo,
  ) {}

  /**
   * Measures the page as it is now at every width (the phone widths only for a path measured
   * before), then goes back to the walk's width.
   */
  async measure(
    where: string,
    {
      part = '',
      extra,
    }: {
      /** What is open on the screen, if not the screen itself ("Add monthly record"). */
      part?: string;
      /** Done at each width before measuring (opening the phone menu). */
      extra?: (width: number) => Promise<void>;
    } = {},
  ): Promise<void> {
    const { page } = this;
    const path = new URL(page.url()).pathname;
    const key = `${path} ${part}`;
    const viewports = this.seen.has(key)
      ? SWEEP_VIEWPORTS.filter((viewport) => viewport.width < 768)
      : SWEEP_VIEWPORTS;
    this.seen.add(key);
    for (const viewport of viewports) {
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
    await this.measure(where, {
      extra: path === '/dashboard' ? (width) => this.openPhoneMenu(width) : undefined,
    });
    const screen = SCREEN_OF.get(path);
    if (screen === 'records') await this.openRecordForms(where);
    if (screen === 'articles') await this.openFirstArticle(where);
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

  /** A record list's Add form, where the account may add, and its first record's Edit form. */
  private async openRecordForms(where: string): Promise<void> {
    const main = this.page.getByRole('main');
    // The record form (the list has a search form too): the one with Cancel.
    const form = main
      .locator('form')
      .filter({ has: this.page.getByRole('button', { name: 'Cancel' }) });
    for (const name of [/^Add /, /^Edit$/]) {
      const open = main.getByRole('button', { name }).first();
      if ((await open.count()) === 0) continue;
      const label = (await open.textContent())?.trim() ?? 'form';
      await open.click();
      await expect(form).toBeVisible();
      await this.measure(`${where} → ${label}`, { part: label });
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(form).toBeHidden();
    }
  }

  /** A news or knowledge article, opened from the list (?article=). */
  private async openFirstArticle(where: string): Promise<void> {
    const first = this.page.getByRole('main').locator('a[href*="?article="]').first();
    if ((await first.count()) === 0) return;
    const title = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(this.page.locator('main h1').first()).toHaveText(title);
    await this.measure(`${where} → ${title}`, { part: 'article' });
  }

  /** Opens every route of config/routes.json not measured yet, by its address. */
  async routesLeft(who: string): Promise<void> {
    for (const route of PORTAL_ROUTES) {
      const address = route.path in ADDRESS_OF ? ADDRESS_OF[route.path] : route.path;
      if (address == null || this.measured.has(route.path)) continue;
      await this.openAndMeasure(address, who);
    }
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
