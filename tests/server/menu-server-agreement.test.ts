import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesIn, type Condition } from '../../shared/access/conditions.ts';
import {
  shownMenu,
  type MenuItem,
  type MenuSources,
  type MenusConfig,
} from '../../shared/access/menus.ts';
import { screenRoutesByPath, type RouteConfig } from '../../shared/access/routes.ts';
import { stateFlags, type AccessState } from '../../shared/access/state.ts';
import type { ApiUser } from '../../shared/api.ts';
import { AccessRules, serverRuleBook } from '../../server/access/rules.ts';
import { findUserByUsername } from '../../server/auth/users.ts';
import { loadRecordTypes } from '../../server/records/record-types.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

/**
 * The menu and the server read one rule: for every demo account in every state the server can
 * build (no unit; each unit the user may see with each of its plans selected), every link the
 * menu shows (computed with the portal's own shared/access/menus.ts) leads to a screen whose
 * rules the server grants in that same state. Before issue 14, processor@ and adviser@ with a
 * unit were shown Knowledge Exchange (and adviser@ News) that the server then refused.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

const ACCOUNTS = [
  'farmer@example.com',
  'multi@example.com',
  'buyer@example.com',
  'processor@example.com',
  'adviser@example.com',
  'dairy@example.com',
] as const;

describe('the menu offers only what the server grants, for every demo account and state', () => {
  let t: TestApp;
  let access: AccessRules;
  let sources: MenuSources;
  const menus = readJson<MenusConfig>('config/menus.json');
  const routes = screenRoutesByPath(
    readJson<{ routes: RouteConfig[] }>('config/routes.json').routes,
  );

  beforeAll(async () => {
    t = await startTestApp();
    const recordTypes = loadRecordTypes();
    access = new AccessRules(t.db, serverRuleBook([...recordTypes.values()]));
    sources = { route: (p) => routes.get(p)?.route, rules: access.book.lookup };
  });
  afterAll(async () => {
    await t.close();
  });

  /** The links a menu shows, flattened out of its dropdowns. */
  const shownPaths = (items: readonly MenuItem[], flags: ReadonlySet<string>) =>
    shownMenu(items, flags, sources).flatMap((item) =>
      item.kind === 'link'
        ? [item.path]
        : item.kind === 'dropdown'
          ? item.items.flatMap((i) => (i.kind === 'link' ? [i.path] : []))
          : [],
    );

  /** A few units the user may see: all of a farm user's; for company staff, some of each kind. */
  async function unitsOf(user: ApiUser): Promise<number[]> {
    if (user.type === 'farm_employee') {
      const { rows } = await t.db.query<{ id: number }>(
        `select un.id from units un join farms f on f.id = un.farm_id where f.business_id = $1 order by un.id`,
        [user.business.id],
      );
      return rows.map((r) => r.id);
    }
    // One unit per distinct set of the provider's plans, so every kind of plan is tried.
    const { rows } = await t.db.query<{ id: number }>(
      `select min(up.unit_id) as id from unit_packages up join packages p on p.id = up.package_id
       where p.provider_id = $1 group by up.package_id order by 1`,
      [user.provider?.id ?? 0],
    );
    return rows.map((r) => r.id);
  }

  for (const username of ACCOUNTS) {
    it(`${username}: every shown link's rules hold on the server`, async () => {
      const user = (await findUserByUsername(t.db, username))?.user;
      if (!user) throw new Error(`no ${username}`);
      const states: { label: string; state: AccessState; unitId?: number; planId?: number }[] = [];
      if (user.type === 'company_employee') {
        for (const { state } of await access.states(user, {}))
          states.push({ label: 'no unit', state });
      }
      for (const unitId of await unitsOf(user)) {
        for (const { state, plan } of await access.states(user, { unitId })) {
          states.push({
            label: `unit ${String(unitId)}, plan ${String(plan?.id ?? 'none')}`,
            state,
            unitId,
            ...(plan ? { planId: plan.id } : {}),
          });
        }
      }
      expect(states.length).toBeGreaterThan(0);
      const refused: string[] = [];
      let checked = 0;
      for (const { label, state, unitId, planId } of states) {
        const flags = stateFlags(state);
        for (const routePath of shownPaths([...menus.main, ...menus.account], flags)) {
          const condition: Condition | undefined = routes.get(routePath)?.route.condition;
          for (const rule of condition === undefined ? [] : rulesIn(condition)) {
            checked += 1;
            const scope = {
              ...(unitId === undefined ? {} : { unitId }),
              ...(planId === undefined ? {} : { planId }),
            };
            await access.require(user, rule, scope).catch((error: unknown) => {
              refused.push(`${label}: ${routePath} (rule ${rule}): ${(error as Error).message}`);
            });
          }
        }
      }
      expect(refused).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }

  it('lets adviser@ and processor@ read Knowledge Exchange and News of a unit plan that has them, as the menu offers', async () => {
    for (const username of ['adviser@example.com', 'processor@example.com']) {
      const user = (await findUserByUsername(t.db, username))?.user;
      if (!user?.provider) throw new Error(`no ${username}`);
      const { rows } = await t.db.query<{ unit_id: number; package_id: number }>(
        `select up.unit_id, up.package_id from unit_packages up join packages p on p.id = up.package_id
         where p.provider_id = $1 and 'technical_resources' = any (p.features) and 'newsfeed' = any (p.features)
         order by up.unit_id limit 1`,
        [user.provider.id],
      );
      const scope = rows[0];
      if (!scope) throw new Error(`no plan with both for ${username}`);
      const auth = await loginAs(t.app, username);
      for (const kind of ['knowledge-exchange', 'news']) {
        const query = `unit=${String(scope.unit_id)}&plan=${String(scope.package_id)}`;
        const withUnit = await signedInject(
          t.app,
          auth.auth_token,
          'GET',
          `/api/articles/${kind}?${query}`,
        );
        expect(withUnit.statusCode, `${username} ${kind} with the unit`).toBe(200);
      }
      // With no unit selected the menu offers Knowledge Exchange only with the company permission.
      const none = await signedInject(
        t.app,
        auth.auth_token,
        'GET',
        '/api/articles/knowledge-exchange',
      );
      expect(none.statusCode).toBe(403);
      expect(none.json<{ msg: string }>().msg).toBe(
        'You do not have access to Knowledge Exchange.',
      );
    }
  });
});
