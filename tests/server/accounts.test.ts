import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  ApiFarm,
  ApiSuccess,
  AuthResponse,
  BrandingContent,
} from '../../shared/api.ts';
import { loginAs, PORTAL_HEADERS, signedInject, startTestApp, type TestApp } from './test-app.ts';

const farmUrl = (id: number | string) =>
  `/api/accounts/farms/?api_action=get_farm_unit_and_package_details&id=${id}`;

describe('accounts, branding and telemetry', () => {
  let t: TestApp;
  const sessions: Record<string, AuthResponse> = {};
  const farmOf: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp({ production: true });
    for (const name of ['farmer', 'multi', 'buyer', 'processor', 'adviser']) {
      sessions[name] = await loginAs(t.app, `${name}@example.com`);
    }
    const { rows } = await t.db.query<{ username: string; farm_id: number }>(
      `select u.username, f.id as farm_id from users u join farms f on f.business_id = u.business_id`,
    );
    for (const r of rows) farmOf[r.username.split('@')[0] ?? ''] = r.farm_id;
  });
  afterAll(() => t.close());

  const session = (who: string): AuthResponse => {
    const found = sessions[who];
    if (!found) throw new Error(`no session for ${who}`);
    return found;
  };
  const farmIdOf = (who: string): number => {
    const id = farmOf[who];
    if (id === undefined) throw new Error(`no farm for ${who}`);
    return id;
  };

  const get = (who: string, url: string) =>
    signedInject(t.app, session(who).auth_token, 'GET', url);

  describe('farm details', () => {
    it('give a farm user their farm with its one unit and one plan, every package field filled', async () => {
      const response = await get('farmer', farmUrl(farmIdOf('farmer')));
      expect(response.statusCode).toBe(200);
      const farm = response.json<ApiSuccess<ApiFarm>>().data;
      expect(farm).toMatchObject({ id: farmIdOf('farmer'), name: 'Lower Dale Farm' });
      expect(farm.units).toHaveLength(1);
      const [unit] = farm.units;
      if (!unit) throw new Error('no unit');
      expect(unit).toMatchObject({
        name: 'Lower Dale Dairy',
        unit_type_id: 1,
        supports: { mifarm: true, bcms_cts: true },
      });
      expect(unit.packages).toHaveLength(1);
      const [plan] = unit.packages;
      expect(Object.keys(plan ?? {}).sort()).toEqual(
        [
          'features',
          'id',
          'name',
          'provider_id',
          'provider_name',
          'provider_reference',
          'reference',
          'visible_name',
        ].sort(),
      );
      expect(plan?.features).toContain('records_monthly');
    });

    it("load a farm user's farm by their business id, as the portal's landing does", async () => {
      for (const who of ['farmer', 'multi']) {
        const businessId = session(who).user.business.id;
        const response = await get(who, farmUrl(businessId));
        expect(response.statusCode).toBe(200);
        expect(response.json<ApiSuccess<ApiFarm>>().data.id).toBe(businessId);
      }
    });

    it('list every unit of a multi-unit farm, with two providers on one unit', async () => {
      const farm = (await get('multi', farmUrl(farmIdOf('multi')))).json<ApiSuccess<ApiFarm>>()
        .data;
      expect(farm.units).toHaveLength(3);
      const twoPlans = farm.units.find((u) => u.packages.length === 2);
      expect(new Set(twoPlans?.packages.map((p) => p.provider_reference)).size).toBe(2);
    });

    it("refuse a farm user another farm's details", async () => {
      const response = await get('farmer', farmUrl(farmIdOf('multi')));
      expect(response.statusCode).toBe(403);
      expect(response.json<ApiErrorBody>()).toMatchObject({
        type: 'Security_PermissionDenied',
        code: 403,
      });
    });

    it("show company staff only their provider's units and plans on a farm", async () => {
      const farm = (await get('processor', farmUrl(farmIdOf('multi')))).json<ApiSuccess<ApiFarm>>()
        .data;
      expect(farm.units.length).toBeGreaterThanOrEqual(1);
      for (const unit of farm.units) {
        expect(unit.packages.length).toBeGreaterThan(0);
        for (const p of unit.packages) expect(p.provider_reference).toBe('fenland_fresh');
      }
      // Staff of the same provider see the same; a retailer with no plan there sees nothing.
      expect((await get('adviser', farmUrl(farmIdOf('multi')))).statusCode).toBe(200);
      expect((await get('buyer', farmUrl(farmIdOf('multi')))).statusCode).toBe(403);
    });

    it('answer 404 for a farm that does not exist and 400 for a malformed id or action', async () => {
      expect((await get('farmer', farmUrl(999_999))).statusCode).toBe(404);
      for (const id of ['abc', '-1', '0', '1.5', ''])
        expect((await get('farmer', farmUrl(id))).statusCode).toBe(400);
      expect(
        (await get('farmer', '/api/accounts/farms/?api_action=drop_tables&id=1')).statusCode,
      ).toBe(400);
    });

    it('need a signed-in user', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: farmUrl(farmIdOf('farmer')),
        headers: PORTAL_HEADERS,
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('branding content', () => {
    it("answers a provider's own pages without a login", async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/branding/fenland_fresh',
        headers: PORTAL_HEADERS,
      });
      expect(response.statusCode).toBe(200);
      const content = response.json<ApiSuccess<BrandingContent>>().data;
      expect(content.contact_us_page_content).toContain('Fenland Fresh');
    });

    it('answers no content for the default brand and unknown names', async () => {
      for (const name of ['default', 'demo', 'no_such_brand']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/branding/${name}`,
          headers: PORTAL_HEADERS,
        });
        expect(response.json<ApiSuccess<BrandingContent>>().data).toEqual({
          contact_us_page_content: null,
          help_page_content: null,
          login_message: null,
        });
      }
    });
  });

  describe('analytics and logs', () => {
    it("store a session and its activities for the signed-in user, and refuse another user's session", async () => {
      const browser = await signedInject(
        t.app,
        session('farmer').auth_token,
        'POST',
        '/api/analytics/browser',
        {
          uid: 12345,
          bt: 'farm',
          ua: 'Mozilla/5.0 test',
          ww: 1280,
          wh: 800,
          sw: 1920,
          sh: 1080,
        },
      );
      expect(browser.statusCode).toBe(200);
      const { id } = browser.json<ApiSuccess<{ id: number }>>().data;
      const stored = await t.db.query<{ user_id: number }>(
        'select user_id from analytics_sessions where id = $1',
        [id],
      );
      expect(stored.rows[0]?.user_id).toBe(session('farmer').user.id); // not the uid the body claimed

      const activities = [
        { unit: 1, path: '/dashboard', act: 'navigated-to', info: null },
        { unit: 1, path: '/dashboard', act: 'interaction', info: { button: 'Monthly Records' } },
      ];
      const activity = await signedInject(
        t.app,
        session('farmer').auth_token,
        'POST',
        '/api/analytics/activity',
        {
          sn: id,
          uid: session('farmer').user.id,
          bt: 'farm',
          activities,
        },
      );
      expect(activity.json<ApiSuccess<{ recorded: number }>>().data.recorded).toBe(2);

      const foreign = await signedInject(
        t.app,
        session('buyer').auth_token,
        'POST',
        '/api/analytics/activity',
        {
          sn: id,
          uid: session('buyer').user.id,
          bt: 'company',
          activities,
        },
      );
      expect(foreign.statusCode).toBe(404);
    });

    it('refuse malformed analytics with 400', async () => {
      const response = await signedInject(
        t.app,
        session('farmer').auth_token,
        'POST',
        '/api/analytics/browser',
        {
          uid: 1,
          bt: 'farm',
        },
      );
      expect(response.statusCode).toBe(400);
    });

    it('store a browser log entry with its app name', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/log?app=demo',
        headers: PORTAL_HEADERS,
        payload: {
          message: 'Valid date not supplied',
          additional: { value: 'x' },
          level: 4,
          timestamp: '2026-11-23T10:00:00.000Z',
          fileName: 'date-field.tsx',
          lineNumber: 42,
        },
      });
      expect(response.statusCode).toBe(200);
      const { rows } = await t.db.query<{ app_name: string; level: number; message: string }>(
        'select app_name, level, message from client_logs',
      );
      expect(rows).toEqual([{ app_name: 'demo', level: 4, message: 'Valid date not supplied' }]);
    });
  });
});
