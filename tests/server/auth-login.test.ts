import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiSuccess, AuthResponse } from '../../shared/api.ts';
import { INVALID_CREDENTIALS_MESSAGE } from '../../server/auth/routes.ts';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';
import { login, PORTAL_HEADERS, startTestApp, type TestApp } from './test-app.ts';

describe('POST /api/authenticate?api_action=login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers the user and a fresh auth token for the right password', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await login(t.app, 'farmer@example.com', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<ApiSuccess<AuthResponse>>();
    expect(body.status).toBe(true);
    expect(body.data.user).toMatchObject({
      type: 'farm_employee',
      first_name: 'Tom',
      last_name: 'Hargreaves',
      username: 'farmer@example.com',
      business: { name: 'Hargreaves Farming Ltd', type: 'farm', sub_type: 0 },
      provider: null,
      accessTo: {},
    });
    expect(body.data.user.id).toBeGreaterThan(0);
    const token = body.data.auth_token;
    expect(token.key).toMatch(/^[0-9a-f]{32}$/);
    expect(token.secret.length).toBeGreaterThanOrEqual(40);
    expect(token.expires_at).toBeGreaterThanOrEqual(before + 12 * 3600);
    expect(token.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 12 * 3600);

    const { rows } = await t.db.query<{ user_id: number }>(
      'select user_id from auth_tokens where key = $1',
      [token.key],
    );
    expect(rows).toEqual([{ user_id: body.data.user.id }]);
  });

  it('gives company staff their provider, business sub type and permitted features', async () => {
    const response = await login(t.app, 'processor@example.com', DEMO_PASSWORD);
    const { user } = response.json<ApiSuccess<AuthResponse>>().data;
    expect(user.type).toBe('company_employee');
    expect(user.business.sub_type).toBe(118);
    expect(user.provider).toMatchObject({ reference: 'fenland_fresh' });
    expect(user.accessTo.listUnits).toBe(true);
  });

  it('matches the username without regard to case or surrounding spaces', async () => {
    const response = await login(t.app, '  Farmer@Example.COM ', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
  });

  it('issues a different token on every login', async () => {
    const a = (await login(t.app, 'buyer@example.com', DEMO_PASSWORD)).json<
      ApiSuccess<AuthResponse>
    >();
    const b = (await login(t.app, 'buyer@example.com', DEMO_PASSWORD)).json<
      ApiSuccess<AuthResponse>
    >();
    expect(a.data.auth_token.key).not.toBe(b.data.auth_token.key);
    expect(a.data.auth_token.secret).not.toBe(b.data.auth_token.secret);
  });

  it('refuses a wrong password with the invalid-credentials error object', async () => {
    const response = await login(t.app, 'farmer@example.com', 'not-the-password');
    expect(response.statusCode).toBe(403);
    const body = response.json<ApiErrorBody>();
    expect(body).toMatchObject({
      status: false,
      type: 'Security_InvalidCredentials',
      code: 403,
      msg: INVALID_CREDENTIALS_MESSAGE,
      errors: [],
    });
    expect(body.type_label).toBeTruthy();
  });

  it('answers an unknown username exactly as a wrong password, revealing no accounts', async () => {
    const unknown = await login(t.app, 'nobody@example.com', 'whatever');
    const wrong = await login(t.app, 'farmer@example.com', 'whatever');
    const strip = (b: ApiErrorBody) => ({ ...b, backtrace: undefined, thrown_from: undefined });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(strip(unknown.json())).toEqual(strip(wrong.json()));
  });

  it('answers 400 with per-field errors when the username or password is missing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate?api_action=login',
      headers: PORTAL_HEADERS,
      payload: { username: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toMatchObject({
      status: false,
      type: 'Request_BadRequest',
      code: 400,
      errors: { username: 'is required', password: 'is required' },
    });
  });

  it('answers 400 for malformed JSON and for an unknown api_action', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate?api_action=login',
      headers: { ...PORTAL_HEADERS, 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ApiErrorBody>().status).toBe(false);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate?api_action=selfdestruct',
      headers: PORTAL_HEADERS,
      payload: {},
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiErrorBody>().msg).toContain('selfdestruct');
  });
});
