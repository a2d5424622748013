import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResponse } from '../../shared/api.ts';
import { readConfig } from '../../server/config.ts';
import { loginAs, PORTAL_HEADERS, signedInject, startTestApp, type TestApp } from './test-app.ts';

/**
 * The spec's error object (section 3) for each status the API answers with: type, type_label,
 * code, msg and errors always; thrown_from and backtrace only when NODE_ENV is not production.
 */
describe.each([
  ['production', true],
  ['development', false],
] as const)('error objects in %s', (_, production) => {
  let t: TestApp;
  let farmer: AuthResponse;
  let unitId: number;

  beforeAll(async () => {
    t = await startTestApp({ production });
    farmer = await loginAs(t.app, 'farmer@example.com');
    unitId =
      (await t.db.query<{ id: number }>("select id from units where name = 'Lower Dale Dairy'"))
        .rows[0]?.id ?? -1;
  });
  afterAll(() => t.close());

  function expectErrorObject(
    response: { statusCode: number; body: string },
    code: number,
    type: string,
  ): ApiErrorBody {
    expect(response.statusCode, response.body).toBe(code);
    const body = JSON.parse(response.body) as ApiErrorBody;
    expect(body).toMatchObject({ status: false, code, type });
    expect(body.type_label).toEqual(expect.any(String));
    expect(body.msg).toEqual(expect.any(String));
    expect(body.errors).toBeDefined();
    if (production) {
      expect(body.thrown_from).toBeUndefined();
      expect(body.backtrace).toBeUndefined();
    }
    return body;
  }

  it('answers 400, 401, 403, 404 and 406 with their types', async () => {
    expectErrorObject(
      await signedInject(t.app, farmer.auth_token, 'GET', '/api/accounts/units?page=0'),
      403,
      'Security_PermissionDenied',
    );
    const bad = expectErrorObject(
      await signedInject(
        t.app,
        farmer.auth_token,
        'GET',
        `/api/units/${unitId}/records/monthly?page=0`,
      ),
      400,
      'Request_BadRequest',
    );
    expect(bad.errors).toEqual({ page: 'is invalid' });
    expectErrorObject(
      await t.app.inject({ method: 'GET', url: '/api/users/me', headers: PORTAL_HEADERS }),
      401,
      'Security_Unauthorised',
    );
    expectErrorObject(
      await signedInject(
        t.app,
        farmer.auth_token,
        'GET',
        `/api/units/${unitId}/records/monthly/987654`,
      ),
      404,
      'Request_NotFound',
    );
    const invalid = expectErrorObject(
      await signedInject(t.app, farmer.auth_token, 'POST', `/api/units/${unitId}/records/monthly`, {
        month: 'soon',
      }),
      406,
      'Request_ValidationFailed',
    );
    expect(Object.keys(invalid.errors)).toEqual(
      expect.arrayContaining(['month', 'milk_sold_litres', 'cows_in_milk']),
    );
  });

  it('answers a failure inside the server with 500, and only outside production says where', async () => {
    // A broken database: the query fails the way a lost table or connection would.
    await t.db.query('alter table articles rename to articles_gone');
    try {
      const response = await signedInject(t.app, farmer.auth_token, 'GET', '/api/articles/news');
      const body = expectErrorObject(response, 500, 'Server_InternalError');
      expect(body.msg).toBe('An unexpected error occurred on the server.');
      expect(response.body).not.toMatch(/relation|select |does not exist|articles_gone/i);
      if (!production) {
        expect(body.thrown_from).toMatch(/^server\/.+\.ts:\d+$/);
        const top = body.backtrace?.[0];
        expect(typeof top?.action).toBe('string');
        expect(top?.file).toMatch(/^server\//);
        expect(Number.isInteger(top?.line)).toBe(true);
      }
    } finally {
      await t.db.query('alter table articles_gone rename to articles');
    }
  });
});

describe('FAIL_REQUESTS_MATCHING, the switch for testing server failures end to end', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  beforeAll(async () => {
    t = await startTestApp({
      production: true,
      failRequestsMatching: readConfig({
        FAIL_REQUESTS_MATCHING: '[?&]search=fail-on-purpose(&|$)',
      }).failRequestsMatching,
    });
    farmer = await loginAs(t.app, 'farmer@example.com');
  });
  afterAll(() => t.close());

  it('is off unless the variable is set', () => {
    expect(readConfig({}).failRequestsMatching).toBeUndefined();
  });

  it('fails only the matching requests, with the generic 500 error object', async () => {
    const failed = await signedInject(
      t.app,
      farmer.auth_token,
      'GET',
      '/api/articles/news?search=fail-on-purpose',
    );
    expect(failed.statusCode).toBe(500);
    expect(JSON.parse(failed.body)).toMatchObject({
      type: 'Server_InternalError',
      msg: 'An unexpected error occurred on the server.',
    });
    expect(failed.body).not.toContain('FAIL_REQUESTS_MATCHING');
    const fine = await signedInject(t.app, farmer.auth_token, 'GET', '/api/articles/news');
    expect(fine.statusCode).toBe(200);
  });
});
