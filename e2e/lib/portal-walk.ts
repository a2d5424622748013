/**
 * The walk through the portal that the golden navigation matrix and the overflow sweep share.
 *
 * For one demo account it visits each state the account can be in (no unit selected; each unit;
 * each plan of each unit, reached through the portal's own Unit and Plan pickers and, for company
 * staff, the Select Farm list), reads the menu of each state (every link of the navigation bar,
 * the dropdowns opened, and the account menu) and follows every link once per state. After each
 * screen has rendered and its /api/ calls have answered, the walk hands it to its caller's
 * `onScreen`, which checks what that test is about.
 *
 * The menu is read as shown: where the bar is collapsed behind its Menu toggle (a phone, or a
 * desktop whose items do not fit one row), the walk opens the toggle first.
 *
 * Company staff have thousands of units; they get one unit or two from Select Farm that hold
 * their provider's plans (COMPANY_UNITS below, from the deterministic seed in server/seed/), and
 * every other unit the Unit picker then offers on that farm.
 */
import { expect, type Page, type Request } from '@playwright/test';
import { PORTAL_MENUS, PORTAL_ROUTES } from '../../shared/access/portal-config.ts';
import { navigation, pick, pickerButton } from '../helpers.ts';
import { signedInAs, type DemoAccount } from '../sessions.ts';

/** Units company staff open through Select Farm (seeded; each holds its provider's plans). */
export const COMPANY_UNITS: Partial<Record<DemoAccount, string[]>> = {
  // Acme Foods: a Livestock Partnership plan (news and technical resources), and a farm of two
  // units with Produce Standard plans, the second reached through the Unit picker.
  'buyer@example.com': ['Birkenhill Sheep', 'Holly Bank Farm Produce'],
  // Fenland Fresh: the Grower Scheme (grower returns, QC results, load passports for sub type
  // 118) on multi@'s farm, and a farm of two units: a Potato Partnership plan (news, documents),
  // and the Grower Scheme on the other unit, reached through the Unit picker.
  'processor@example.com': ['Highfield Arable', 'Woodhouse Farm Arable Unit'],
  'adviser@example.com': ['Highfield Arable', 'Woodhouse Farm Arable Unit'],
  // Moorland Vale: farmer@'s Lower Dale Dairy (Milk Pool Premium, surveys and all), and a farm's
  // Milk Pool Standard unit beside another provider's sheep unit, which it may not open.
  'dairy@example.com': ['Lower Dale Dairy', 'Woodhouse Farm Dairy Unit'],
};

/** Headings that mean the screen did not render. */
export const FAILED_HEADINGS = [
  'Not available',
  'Page Not Found',
  'Something went wrong',
  'A new version is available',
];

export type MenuEntry = string | Record<string, string[]>;
export interface StateMenu {
  main: MenuEntry[];
  account: MenuEntry[];
}
export type AccountMatrix = Record<string, StateMenu>;

/** A link as the navigation bar shows it, and how to reach it (through a dropdown or not). */
export interface ShownLink {
  list: 'main' | 'account';
  dropdown: string | null;
  label: string;
  path: string;
}

interface ReadEntry {
  kind: 'link' | 'action' | 'dropdown' | 'picker';
  label: string;
  path?: string;
}

/** Labels of the links that deselect a company user's unit (config/menus.json clearsUnit). */
const CLEARS_UNIT = new Set(
  [...PORTAL_MENUS.main, ...PORTAL_MENUS.account].flatMap((item) =>
    'clearsUnit' in item && item.clearsUnit && 'label' in item ? [item.label] : [],
  ),
);

const ROUTE_TITLES = new Map(
  PORTAL_ROUTES.flatMap((route) => ('title' in route ? [[route.path, route.title] as const] : [])),
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Watches the page's /api/ calls: which are in flight, and every answer since the last take().
 * POST /api/log is left out: the logger sends it fire-and-forget (src/core/logging/logger.ts,
 * errors swallowed, and off in config/app.json), and the server answers 429 past its rate limit
 * by design; a telemetry answer never changes what the screen shows.
 */
export class ApiWatcher {
  private readonly pending = new Set<Request>();
  private answers: string[] = [];
  private readonly failures: string[] = [];
  private lastActivity = Date.now();

  constructor(page: Page) {
    const isApi = (request: Request) => {
      const { pathname } = new URL(request.url());
      return pathname.startsWith('/api/') && pathname !== '/api/log';
    };
    const describe = (request: Request) => {
      const url = new URL(request.url());
      return `${request.method()} ${url.pathname}${url.search}`;
    };
    page.on('request', (request) => {
      if (!isApi(request)) return;
      this.pending.add(request);
      this.lastActivity = Date.now();
    });
    page.on('requestfinished', (request) => {
      if (!this.pending.delete(request)) return;
      this.lastActivity = Date.now();
    });
    page.on('requestfailed', (request) => {
      if (!this.pending.delete(request)) return;
      this.lastActivity = Date.now();
      const line = `${describe(request)} → failed (${request.failure()?.errorText ?? 'no answer'})`;
      this.answers.push(line);
      this.failures.push(line);
    });
    page.on('response', (response) => {
      if (!isApi(response.request())) return;
      const line = `${describe(response.request())} → ${response.status()}`;
      this.answers.push(line);
      if (response.status() < 200 || response.status() > 299) this.failures.push(line);
    });
  }

  /** Until no /api/ call has been in flight for a moment (the screen's own calls, not idle network). */
  async settled(): Promise<void> {
    await expect
      .poll(() => this.pending.size === 0 && Date.now() - this.lastActivity >= 150, {
        intervals: [50],
        message: 'the /api/ calls of the screen to finish',
      })
      .toBe(true);
  }

  /** The answers since the last take(), as "GET /api/... → 200". */
  take(): string[] {
    const answers = this.answers;
    this.answers = [];
    return answers;
  }

  /** Every non-2xx answer of the whole test. */
  allFailures(): string[] {
    return [...this.failures];
  }
}

/** Reads the navigation bar: the main list and the account list, dropdowns opened one by one. */
async function readMenu(page: Page): Promise<{ menu: StateMenu; links: ShownLink[] }> {
  await navigation(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const lists = nav.locator(':scope > div > ul');
  const readList = (ul: Element): ReadEntry[] =>
    Array.from(ul.children).map((li): ReadEntry => {
      const own = (selector: string) => li.querySelector(`:scope > ${selector}`);
      const link = own('a');
      if (link) {
        return {
          kind: 'link',
          label: link.textContent.trim(),
          path: link.getAttribute('href') ?? '',
        };
      }
      const button = own('button');
      if (button) {
        const dropdown = button.hasAttribute('aria-expanded');
        return {
          kind: dropdown ? 'dropdown' : 'action',
          label: button.textContent.replace('▾', '').trim(),
        };
      }
      // A Unit or Plan picker: its label, then a menu button whose menu holds its options.
      return {
        kind: 'picker',
        label: (li.querySelector('[data-picker-label]')?.textContent ?? '?').trim(),
      };
    });

  const menu: StateMenu = { main: [], account: [] };
  const links: ShownLink[] = [];
  const listNames = ['main', 'account'] as const;
  const listCount = await lists.count();
  for (let index = 0; index < listCount; index++) {
    const listName = listNames[index] ?? 'account';
    const list = lists.nth(index);
    for (const entry of await list.evaluate(readList)) {
      if (entry.kind === 'link' && entry.path !== undefined) {
        menu[listName].push(`${entry.label} → ${entry.path}`);
        links.push({ list: listName, dropdown: null, label: entry.label, path: entry.path });
      } else if (entry.kind === 'action') {
        menu[listName].push(`${entry.label} (action)`);
      } else if (entry.kind === 'picker') {
        const button = pickerButton(page, entry.label as 'Unit' | 'Plan');
        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        const options = await list
          .locator(`#${await button.getAttribute('aria-controls')}`)
          .getByRole('menuitemradio')
          .allInnerTexts();
        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        menu[listName].push({ [`${entry.label} (picker)`]: options.map((o) => o.trim()) });
      } else {
        const button = list.getByRole('button', { name: entry.label, exact: true });
        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        const items = await list
          .locator(`#${await button.getAttribute('aria-controls')}`)
          .evaluate(readList);
        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        menu[listName].push({
          [`${entry.label} ▾`]: items.map((item) =>
            item.kind === 'link' ? `${item.label} → ${item.path}` : `${item.label} (action)`,
          ),
        });
        for (const item of items) {
          if (item.kind === 'link' && item.path !== undefined) {
            links.push({
              list: listName,
              dropdown: entry.label,
              label: item.label,
              path: item.path,
            });
          }
        }
      }
    }
  }
  return { menu, links };
}

/** Clicks a link of the navigation bar, opening its dropdown first. */
async function follow(page: Page, link: ShownLink): Promise<void> {
  await navigation(page);
  const list = page
    .getByRole('navigation', { name: 'Main' })
    .locator(':scope > div > ul')
    .nth(link.list === 'main' ? 0 : 1);
  if (link.dropdown !== null) {
    await list.getByRole('button', { name: link.dropdown, exact: true }).click();
  }
  await list
    .getByRole(link.dropdown === null ? 'link' : 'menuitem', { name: link.label, exact: true })
    .and(page.locator(`[href="${link.path}"]`))
    .click();
}

/** What a test does with each screen the walk reaches, once it has rendered and loaded. */
export type ScreenCheck = (screen: { path: string; where: string }) => Promise<void>;

/**
 * A walk for one account: the states it has been in with their menus, and what went wrong where.
 * Every screen is checked to have rendered (soft: the walk goes on): its address and title, a
 * heading that is not an error page's, nothing left loading, no dialog or alert, every /api/ call
 * answered 2xx and nothing thrown; then it goes to `onScreen`.
 */
export class PortalWalk {
  /** Each state reached → the menu it shows. */
  readonly matrix: AccountMatrix = {};
  private readonly api: ApiWatcher;
  private readonly pageErrors: string[] = [];
  state = '(signing in)';

  constructor(
    readonly page: Page,
    readonly account: DemoAccount,
    private readonly onScreen: ScreenCheck = async () => {},
  ) {
    this.api = new ApiWatcher(page);
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
  }

  get company(): boolean {
    return this.account in COMPANY_UNITS;
  }

  /** Waits for the screen at `path` to render and load, then checks it (soft: the run goes on). */
  async checkScreen(path: string, how: string): Promise<void> {
    const { page } = this;
    const where = `${this.account}, ${this.state}: ${how}`;
    const pathRegExp = new RegExp(`^[^?#]*://[^/]+${escapeRegExp(path)}([?#].*)?$`);
    await expect.soft(page, `${where}: the address`).toHaveURL(pathRegExp);
    // The title is set once the route's screen has rendered (src/ui/layout/Layout.tsx).
    const title = ROUTE_TITLES.get(path);
    if (title) {
      await expect
        .soft(page, `${where}: the page title`)
        .toHaveTitle(new RegExp(`^${escapeRegExp(title)}( · |$)`));
    }
    const heading = page.locator('main h1').first();
    await expect.soft(heading, `${where}: the heading`).toBeVisible();
    if (!(await heading.isVisible())) {
      const shown = (await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(0, 300);
      expect.soft(shown, `${where}: no heading; the screen shows`).toBe('a heading');
    }
    await expect
      .soft(page.getByRole('status').filter({ hasText: 'Loading…' }), `${where}: still loading`)
      .toHaveCount(0);
    await this.api.settled();
    const text = ((await heading.textContent({ timeout: 1000 }).catch(() => null)) ?? '').trim();
    expect.soft(FAILED_HEADINGS, `${where}: the screen shows "${text}"`).not.toContain(text);
    // A dialog that opened is reported with its text, then closed, so that the run goes on.
    const dialogs = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    const opened: string[] = [];
    for (let count = 0; count < 5 && (await dialogs.count()) > 0; count++) {
      opened.push((await dialogs.first().innerText()).replace(/\s+/g, ' ').trim());
      await page.keyboard.press('Escape');
    }
    expect.soft(opened, `${where}: a dialog opened`).toEqual([]);
    await expect.soft(page.getByRole('alert'), `${where}: an alert shows`).toHaveCount(0);
    const answers = this.api.take();
    expect
      .soft(
        answers.filter((answer) => !/ → 2\d\d$/.test(answer)),
        `${where}: /api/ answers that are not 2xx (all: ${answers.join('; ') || 'none'})`,
      )
      .toEqual([]);
    expect.soft(this.pageErrors.splice(0), `${where}: uncaught errors`).toEqual([]);
    await this.onScreen({ path, where });
  }

  private get banner() {
    return this.page.getByLabel('Current account').locator('span').first();
  }

  /** A fact of the dashboard's unit summary ("Unit", "Plan"). */
  private fact(name: string) {
    return this.page
      .getByRole('region', { name: 'Unit summary' })
      .locator('dt', { hasText: new RegExp(`^${name}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /**
   * Waits for the dashboard to show the state just entered: the unit in the banner and either
   * its summary under the plan or the request to choose a plan.
   */
  async awaitDashboard(expected: { unit?: string; plan?: string } = {}): Promise<void> {
    const { page } = this;
    if (expected.unit !== undefined) await expect(this.banner).toHaveText(expected.unit);
    if ((await this.banner.count()) === 0) return;
    const unit = (await this.banner.textContent()) ?? '';
    const summary = page.getByRole('region', { name: 'Unit summary' });
    await expect(summary.or(page.getByText('Choose a plan from the Plan list'))).toBeVisible();
    if (await summary.isVisible()) await expect(this.fact('Unit')).toContainText(unit);
    if (expected.plan !== undefined) await expect(this.fact('Plan')).toContainText(expected.plan);
  }

  /**
   * Names the state the portal is in now, on the dashboard: the unit in the banner, and the
   * plan as the unit summary names it ("Provider: Plan").
   */
  async nameState(): Promise<string> {
    if ((await this.banner.count()) === 0) return 'no unit selected';
    const unit = ((await this.banner.textContent()) ?? '?').trim();
    if (await this.page.getByText('Choose a plan from the Plan list').isVisible()) {
      return `${unit} · no plan chosen`;
    }
    const plan = (await this.fact('Plan').textContent()) ?? '?';
    return `${unit} · ${plan.replace(/\s*\(since [^)]*\)$/, '').trim()}`;
  }

  /**
   * In the state just entered (on the dashboard, checked): names it, reads its menu and follows
   * every link once, the dashboard's own links and the links that deselect the unit excepted.
   * Returns the links, for the way out.
   */
  async visitState(): Promise<ShownLink[]> {
    this.state = await this.nameState();
    expect(this.matrix, `${this.account} reached "${this.state}" twice`).not.toHaveProperty([
      this.state,
    ]);
    const { menu, links } = await readMenu(this.page);
    this.matrix[this.state] = menu;
    const visited = new Set(['/dashboard']);
    for (const link of links) {
      if (visited.has(link.path) || this.leavesUnit(link)) continue;
      visited.add(link.path);
      await follow(this.page, link);
      await this.checkScreen(link.path, `${link.label} → ${link.path}`);
    }
    return links;
  }

  /** A link that deselects the unit of a company user in one (My Dashboard). */
  leavesUnit(link: ShownLink): boolean {
    return this.company && !this.state.startsWith('no unit') && CLEARS_UNIT.has(link.label);
  }

  /** Back to the dashboard of the same state, through its link. */
  async toDashboard(links: ShownLink[]): Promise<void> {
    const link = links.find((l) => l.path === '/dashboard' && !this.leavesUnit(l));
    expect(link, `${this.account}, ${this.state}: a link to the dashboard`).toBeDefined();
    if (!link) return;
    await follow(this.page, link);
    await this.checkScreen('/dashboard', `${link.label} → /dashboard`);
  }

  /** Chooses an option of the Unit or Plan picker, then checks the dashboard in the new state. */
  async pick(picker: 'Unit' | 'Plan', option: string): Promise<void> {
    const { page } = this;
    await navigation(page);
    await pick(page, picker, option);
    await this.awaitDashboard(picker === 'Unit' ? { unit: option } : { plan: option });
    await this.checkScreen('/dashboard', `${picker} picker → ${option}`);
  }

  /** The options of a picker the current state shows (none when it shows no such picker). */
  pickerOptions(picker: 'Unit' | 'Plan'): string[] {
    const menu = this.matrix[this.state];
    const entry = [...(menu?.main ?? []), ...(menu?.account ?? [])].find(
      (e): e is Record<string, string[]> => typeof e === 'object' && `${picker} (picker)` in e,
    );
    return entry?.[`${picker} (picker)`] ?? [];
  }

  /**
   * This state, then through the Plan picker every plan of the unit not yet seen, and (with
   * `units`) through the Unit picker every other unit of the farm, each in the same way.
   */
  async visitFarm(units: boolean): Promise<ShownLink[]> {
    let links = await this.visitState();
    const startUnit = this.state.split(' · ')[0] ?? '';
    const visitPlans = async (unit: string) => {
      for (const plan of this.pickerOptions('Plan')) {
        if (`${unit} · ${plan}` in this.matrix) continue;
        await this.toDashboard(links);
        await this.pick('Plan', plan);
        links = await this.visitState();
      }
    };
    await visitPlans(startUnit);
    if (!units) return links;
    for (const unit of this.pickerOptions('Unit')) {
      if (unit === startUnit) continue;
      await this.toDashboard(links);
      await this.pick('Unit', unit);
      links = await this.visitState();
      await visitPlans(unit);
    }
    return links;
  }

  /** Company staff: Select Farm, search the unit, open it; lands on its dashboard. */
  async openThroughSelectFarm(links: ShownLink[], unit: string): Promise<void> {
    const { page } = this;
    const selectFarm = links.find((l) => l.path === '/units/list');
    expect(selectFarm, `${this.account}, ${this.state}: Select Farm`).toBeDefined();
    if (!selectFarm) return;
    await follow(page, selectFarm);
    await this.checkScreen('/units/list', `${selectFarm.label} → /units/list`);
    await page.getByLabel('Search units').fill(unit);
    const open = page
      .getByRole('list', { name: 'Units' })
      .getByRole('button', { name: `Open ${unit}`, exact: true });
    await open.click();
    await this.awaitDashboard({ unit });
    await this.checkScreen('/dashboard', `Select Farm → Open ${unit}`);
  }

  /** The unit's link that deselects it (My Dashboard), back to the company's own dashboard. */
  async leaveUnit(links: ShownLink[]): Promise<ShownLink[]> {
    const exit = links.find((l) => this.leavesUnit(l));
    expect(exit, `${this.account}, ${this.state}: a link that leaves the unit`).toBeDefined();
    if (!exit) return links;
    await follow(this.page, exit);
    this.state = 'no unit selected';
    await this.checkScreen('/dashboard', `${exit.label} → /dashboard (leaves the unit)`);
    await expect(this.page.getByLabel('Current account')).toHaveCount(0);
    return (await readMenu(this.page)).links;
  }

  async run(): Promise<void> {
    await signedInAs(this.page, this.account);
    this.state = 'as the portal starts';
    await this.awaitDashboard();
    await this.checkScreen('/dashboard', 'signed in');
    const companyUnits = COMPANY_UNITS[this.account];
    if (!companyUnits) {
      await this.visitFarm(true);
      return;
    }
    let links = await this.visitState();
    for (const unit of companyUnits) {
      await this.openThroughSelectFarm(links, unit);
      links = await this.visitFarm(true);
      links = await this.leaveUnit(links);
    }
  }

  /** Every non-2xx /api/ answer of the run, wherever it came. */
  apiFailures(): string[] {
    return this.api.allFailures();
  }
}
