/**
 * Every screen of every demo account: its menus, that it renders, and that it fits.
 *
 * For each demo account this test walks the portal (e2e/lib/portal-walk.ts): every state the
 * account can be in (no unit selected; each unit; each plan of each unit, reached through the
 * portal's own Unit and Plan pickers and, for company staff, the Select Farm list), the menu of
 * each as shown, and every link of it once per state. On each screen:
 *
 * - it must render its heading (no "Not available" gate, no error page, no "Page Not Found"),
 *   open no dialog and show no alert, throw nothing, and every /api/ call made while it loads
 *   must answer 2xx;
 * - the overflow sweep (issue 15, point 1; e2e/lib/sweep.ts) measures it at 1280, 1024, 768,
 *   390 and 360 px wide: no sideways scroll, no control past the edge, cut off or covered; on a
 *   record list also its Add and Edit forms, on an article list its first article, and on the
 *   dashboard the phone's open menu. Every route of
 *   config/routes.json the walk did not reach is then opened by its address and measured too,
 *   and a last test measures the public routes signed out. Each misfit leaves a screenshot.
 *
 * The golden navigation matrix (issue 14, point 3): the menus seen are compared with the reviewed
 * fixture e2e/fixtures/navigation-matrix.json (account → state → menu), so that any change of
 * config that alters a menu shows in its diff. After an intended menu change, rewrite the
 * fixture and review its diff:
 *
 *   UPDATE_NAV_MATRIX=1 npm run test:e2e -- e2e/every-screen.spec.ts
 *
 * The fixture's form: a link is "Label → /path"; an action is "Label (action)"; a dropdown is
 * {"Label ▾": [its entries]}; a Unit or Plan picker is {"Label (picker)": [its options]}.
 * States are named by what the user sees: "no unit selected", "<unit> · no plan chosen" or
 * "<unit> · <provider>: <plan>" (the plan as the dashboard's unit summary names it).
 *
 * One test per account, so that workers can run them side by side; each reuses the account's
 * saved session (sessions.ts). The walk and the sweep share one pass through the portal: a
 * second walk would double the time of the slowest tests.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import * as prettier from 'prettier';
import { PortalWalk, type AccountMatrix } from './lib/portal-walk.ts';
import { PUBLIC_ADDRESSES, Sweep, WALK_VIEWPORT } from './lib/sweep.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from './sessions.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/navigation-matrix.json');
const UPDATE = process.env.UPDATE_NAV_MATRIX === '1';
const UPDATE_COMMAND = 'UPDATE_NAV_MATRIX=1 npm run test:e2e -- e2e/every-screen.spec.ts';

function readFixture(): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Rewrites this account's part of the fixture (under a lock: the accounts run in parallel). */
async function updateFixture(account: DemoAccount, matrix: AccountMatrix): Promise<void> {
  const lock = `${FIXTURE}.lock`;
  mkdirSync(path.dirname(FIXTURE), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (attempt > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    const old = readFixture();
    const next: Record<string, unknown> = {
      $comment: `The golden navigation matrix: account → state → the menu shown (e2e/every-screen.spec.ts). Rewrite with ${UPDATE_COMMAND} and review the diff.`,
    };
    for (const name of DEMO_ACCOUNTS) {
      const value = name === account ? matrix : old[name];
      if (value !== undefined) next[name] = value;
    }
    const text = await prettier.format(JSON.stringify(next), {
      ...(await prettier.resolveConfig(FIXTURE)),
      filepath: FIXTURE,
    });
    writeFileSync(FIXTURE, text);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

test.use({ viewport: WALK_VIEWPORT });

for (const account of DEMO_ACCOUNTS) {
  test(`${account}: the menus of every state, and every screen renders and fits 1280 to 360 px`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(420_000);
    const sweep = new Sweep(page, testInfo);
    const walk = new PortalWalk(page, account, sweep.onScreen);
    await walk.run();
    expect
      .soft(walk.apiFailures(), `${account}: every /api/ answer of the walk is 2xx`)
      .toEqual([]);
    await sweep.routesLeft(`${account}, ${walk.state}`);
    if (UPDATE) {
      await updateFixture(account, walk.matrix);
      return;
    }
    expect(
      walk.matrix,
      `${account}'s menus differ from e2e/fixtures/navigation-matrix.json; if the change is intended, run ${UPDATE_COMMAND} and review the diff`,
    ).toEqual(readFixture()[account]);
  });
}

test('signed out: the public routes fit 1280 to 360 px', async ({ page }, testInfo) => {
  const sweep = new Sweep(page, testInfo);
  for (const address of PUBLIC_ADDRESSES) await sweep.openAndMeasure(address, 'signed out');
});
