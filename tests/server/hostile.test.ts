import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResponse } from '../../shared/api.ts';
import {
  login,
  loginAs,
  PORTAL_HEADERS,
  signedHeaders,
  signedInject,
  startTestApp,
  type TestApp,
} from './test-app.ts';

/**
 * Requests an attacker or a broken client might send. Whatever arrives, the answer is one of the
 * documented error objects, never a 500, a stack trace, SQL or another farm's data.
 */
describe('hostile requests (production mode)', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let buyer: AuthResponse;
  let dairyUnit: number;

  beforeAll(async () => {
    t = await startTestApp({ production: true });
    farmer = await loginAs(t.app, 'farmer@example.com');
    buyer = await loginAs(t.app, 'buyer@example.com');
    dairyUnit =
      (await t.db.query<{ id: number }>("select id from units where name = 'Lower Dale Dairy'"))
        .rows[0]?.id ?? -1;
  });
  afterAll(() => t.close());

  /** The answer is a well-formed error object with nothing of the server's insides in it. */
  function expectCleanError(response: { statusCode: number; body: string }, status: number) {
    expect(response.statusCode, response.body).toBe(status);
    const body = JSON.parse(response.body) as ApiErrorBody;
    expect(body).toMatchObject({ status: false, code: status });
    expect(typeof body.msg).toBe('string');
    expect(body.backtrace).toBeUndefined();
    expect(body.thrown_from).toBeUndefined();
    expect(response.body).not.toMatch(/select |insert |syntax error|at .*\.ts:\d+|node_modules/i);
    return body;
  }

  const get = (who: AuthResponse, url: string) => signedInject(t.app, who.auth_token, 'GET', url);

  it.each([
    ['a quote and SQL in a search', "' or 1=1; drop table units; --"],
    ['LIKE wildcards alone', '%_%'],
    ['ten thousand characters', 'x'.repeat(10_000)],
    ['right-to-left and emoji', '\u202eelad 🐄'],
  ])('treats %s in every search as text to look for', async (_, term) => {
    const q = encodeURIComponent(term);
    for (const [who, url] of [
      [buyer, `/api/accounts/units?search=${q}`],
      [farmer, `/api/units/${dairyUnit}/records/monthly?search=${q}`],
      [farmer, `/api/units/${dairyUnit}/documents?search=${q}`],
    ] as const) {
      const response = await get(who, url);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.json<{ data: { total_records: number } }>().data.total_records).toBe(0);
    }
    expect((await t.db.query('select count(*) from units')).rows).toHaveLength(1);
  });

  it.each([['-1'], ['0'], ['1e3'], ['1.5'], ['9999999999'], ['1 or 1=1'], ['0x10'], ['']])(
    'refuses %j as an id with 400, or 404 where it names nothing',
    async (id) => {
      const farm = await get(
        farmer,
        `/api/accounts/farms/?api_action=get_farm_unit_and_package_details&id=${encodeURIComponent(id)}`,
      );
      expectCleanError(farm, 400);
      const record = await get(
        farmer,
        `/api/units/${dairyUnit}/records/monthly/${encodeURIComponent(id)}`,
      );
      expect([400, 404]).toContain(record.statusCode);
      expectCleanError(record, record.statusCode);
    },
  );

  it.each([['page=-1'], ['page=0'], ['per_page=101'], ['per_page=abc'], ['page=1&page=2']])(
    'refuses the paging %s with 400',
    async (query) => {
      expectCleanError(await get(buyer, `/api/accounts/units?${query}`), 400);
    },
  );

  it('reads bytes that are not UTF-8 in a search as text, not as an error', async () => {
    const response = await get(buyer, '/api/accounts/units?search=dale%ED%A0%80%FF');
    expect(response.statusCode).toBe(200);
  });

  it('answers a NUL in a query, a path or a JSON body with 400', async () => {
    expectCleanError(await get(buyer, '/api/accounts/units?search=dale%00farm'), 400);
    expectCleanError(
      await t.app.inject({
        method: 'GET',
        url: '/api/branding/acme%00foods',
        headers: PORTAL_HEADERS,
      }),
      400,
    );
    const response = await signedInject(
      t.app,
      farmer.auth_token,
      'POST',
      `/api/units/${dairyUnit}/records/monthly`,
      { month: '2026-10-01', milk_sold_litres: 1, cows_in_milk: 1, notes: 'a\u0000b' },
    );
    expectCleanError(response, 400);
    expect(response.json<ApiErrorBody>().msg).toBe('Text may not contain NUL characters.');
  });

  /** A JSON body sent as written, so that an escape such as \ud800 reaches the parser as is. */
  async function sendJson(method: 'POST' | 'PUT', url: string, text: string, who = farmer) {
    const headers = await signedHeaders(who.auth_token, method, url, text);
    return t.app.inject({
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: text,
    });
  }
  const anonymous = (url: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...PORTAL_HEADERS, 'content-type': 'application/json' },
      payload: text,
    });
  const SURROGATE = 'Text must be valid Unicode';

  it('answers a lone surrogate in any JSON string or key with 400 naming the field', async () => {
    const records = `/api/units/${dairyUnit}/records/monthly`;
    const month = '"month":"2026-10-01","milk_sold_litres":1,"cows_in_milk":1';
    const cases: [Promise<{ statusCode: number; body: string }>, string][] = [
      [sendJson('POST', records, `{${month},"notes":"a\\ud800b"}`), 'notes'],
      [sendJson('PUT', `${records}/1`, `{${month},"notes":"\\udc00"}`), 'notes'],
      [anonymous('/api/log?app=hostile', '{"message":"\\ud800","level":1}'), 'message'],
      [
        anonymous(
          '/api/log?app=hostile',
          '{"message":"m","level":1,"additional":["ok","\\udfff"]}',
        ),
        'additional.1',
      ],
      [
        anonymous('/api/log?app=hostile', '{"message":"m","level":1,"additional":{"k\\ud800":1}}'),
        'additional.k\uFFFD',
      ],
      [
        sendJson(
          'POST',
          '/api/analytics/browser',
          '{"uid":1,"bt":"farm\\ud83d","ua":"x","ww":1,"wh":1,"sw":1,"sh":1}',
        ),
        'bt',
      ],
      [
        sendJson(
          'POST',
          '/api/analytics/activity',
          '{"sn":1,"uid":1,"bt":"farm","activities":[{"path":"/","act":"interaction","info":{"k":"\\ud83d"}}]}',
        ),
        'activities.0.info.k',
      ],
      [
        anonymous(
          '/api/authenticate?api_action=login',
          '{"username":"farmer@example.com\\ud800","password":"x"}',
        ),
        'username',
      ],
    ];
    for (const [sent, field] of cases) {
      const body = expectCleanError(await sent, 400);
      expect(body.msg).toContain(SURROGATE);
      expect(body.errors).toEqual({ [field]: 'contains an unpaired surrogate' });
    }
    // A proper pair (an emoji) is text like any other.
    const cow = await sendJson('POST', records, `{${month},"notes":"\\ud83d\\udc04"}`);
    expect(cow.statusCode, cow.body).toBe(201);
  });

  it('answers JSON nested past 64 levels with 400 naming where, however deep', async () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const log = (levels: number) =>
      anonymous('/api/log?app=hostile', `{"message":"m","level":1,"additional":${nested(levels)}}`);
    expect((await log(63)).statusCode).toBe(200);
    for (const levels of [64, 5_000]) {
      const body = expectCleanError(await log(levels), 400);
      expect(body.msg).toBe('The JSON body may be nested at most 64 levels deep.');
      expect(body.errors).toEqual({
        [`additional${'.0'.repeat(63)}`]: 'is nested more than 64 levels deep',
      });
    }
    // Past /api/log's 16 KB, a record (up to 1 MB) holds 100,000 levels.
    for (const deep of [nested(100_000), `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`]) {
      const record = await sendJson(
        'POST',
        `/api/units/${dairyUnit}/records/monthly`,
        `{"month":"2026-10-01","notes":${deep}}`,
      );
      expect(Object.keys(expectCleanError(record, 400).errors)).toEqual([
        expect.stringMatching(/^notes(\.(0|a)){63}$/),
      ]);
    }
  });

  it('answers a NUL in a query key, and numbers past PostgreSQL integers, with 400', async () => {
    expectCleanError(await get(buyer, '/api/accounts/units?se%00arch=dale'), 400);
    expectCleanError(
      await anonymous('/api/log?app=hostile', '{"message":"m","level":1,"lineNumber":1e12}'),
      400,
    );
    for (const body of [
      '{"sn":99999999999,"uid":1,"bt":"farm","activities":[]}',
      '{"sn":1,"uid":1,"bt":"farm","activities":[{"unit":99999999999,"path":"/","act":"interaction"}]}',
    ]) {
      expectCleanError(await sendJson('POST', '/api/analytics/activity', body), 400);
    }
    // A percent-encoding that is not UTF-8 stays text in a query.
    const search = await get(farmer, `/api/units/${dairyUnit}/records/monthly?search=%ED%A0%80`);
    expect(search.statusCode).toBe(200);
  });

  it('refuses repeated query values instead of guessing', async () => {
    expectCleanError(await get(buyer, '/api/accounts/units?search=dale&search=hill'), 400);
    expectCleanError(
      await t.app.inject({
        method: 'POST',
        url: '/api/authenticate?api_action=login&api_action=validatessotoken',
        headers: PORTAL_HEADERS,
        payload: { username: 'farmer@example.com', password: 'x' },
      }),
      400,
    );
  });

  it.each([
    ['an unknown record type', 'no-such-type'],
    ['an encoded path traversal', '..%2F..%2Fapp'],
    ['a prototype key', '__proto__'],
    ['a constructor key', 'constructor'],
  ])('answers 404 for %s as a record type', async (_, type) => {
    expectCleanError(await get(farmer, `/api/units/${dairyUnit}/records/${type}`), 404);
  });

  it('refuses bodies that are not a record: arrays, strings, numbers, null, prototype keys', async () => {
    const url = `/api/units/${dairyUnit}/records/monthly`;
    for (const body of [[1, 2], 'month', 42, null]) {
      const response = await signedInject(t.app, farmer.auth_token, 'POST', url, body);
      expect([400, 406]).toContain(response.statusCode);
      expectCleanError(response, response.statusCode);
    }
    const polluted = await signedInject(
      t.app,
      farmer.auth_token,
      'POST',
      url,
      JSON.parse(
        '{"month":"2026-10-01","milk_sold_litres":1,"cows_in_milk":1,"__proto__":{"admin":true}}',
      ),
    );
    expectCleanError(polluted, 406);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers malformed, oversized and mistyped bodies with 400, 413 and 415', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/authenticate?api_action=login',
        headers: { ...PORTAL_HEADERS, 'content-type': contentType },
        payload,
      });
    expectCleanError(await post('{"username": "farmer@example.com", '), 400);
    expectCleanError(await post('[]'), 400);
    expectCleanError(await post(`{"username":"${'a'.repeat(2 * 1024 * 1024)}"}`), 413);
    expectCleanError(await post('username=farmer', 'application/x-www-form-urlencoded'), 415);
    expect(expectCleanError(await post('<xml/>', 'application/xml'), 415).msg).toBe(
      'This call does not accept a body of type application/xml.',
    );
    const long = expectCleanError(await post('x', `application/${'x'.repeat(5000)}`), 415);
    expect(long.msg.length).toBeLessThan(200);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expectCleanError(await post(deep), 400);
  });

  it('answers wrong types in the login body with 400, never a 500', async () => {
    for (const payload of [
      { username: { $ne: '' }, password: 'x' },
      { username: ['farmer@example.com'], password: 'x' },
      { username: 'farmer@example.com', password: { toString: 1 } },
      { username: 'farmer@example.com', password: 12345 },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/authenticate?api_action=login',
        headers: PORTAL_HEADERS,
        payload,
      });
      expectCleanError(response, 400);
    }
  });

  it('refuses every malformed signature header with 401', async () => {
    const url = '/api/users/me';
    const good = await signedHeaders(farmer.auth_token, 'GET', url);
    const variants: Record<string, string>[] = [
      { 'x-auth-signature': 'not-hex' },
      { 'x-auth-signature': '' },
      { 'x-auth-signature': `${good['x-auth-signature'] ?? ''}00` },
      { 'x-auth-timestamp': '-5' },
      { 'x-auth-timestamp': `${good['x-auth-timestamp'] ?? ''}.0` },
      { 'x-auth-timestamp': ' 1' },
      { 'x-auth-timestamp': '99999999999999999999' },
      { 'x-auth-key': "' or 1=1 --" },
      { 'x-auth-key': 'k'.repeat(10_000) },
    ];
    for (const change of variants) {
      const response = await t.app.inject({ method: 'GET', url, headers: { ...good, ...change } });
      expectCleanError(response, 401);
    }
  });

  it('ignores method-override headers', async () => {
    const url = `/api/units/${dairyUnit}/records/monthly`;
    const headers = await signedHeaders(farmer.auth_token, 'GET', url);
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'x-http-method-override': 'DELETE' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('keeps the login answer the same for unknown users, wrong passwords and odd usernames', async () => {
    const answers = await Promise.all(
      [
        'farmer@example.com',
        'nobody@example.com',
        "farmer@example.com' --",
        'FARMER@EXAMPLE.COM ',
      ].map((username) => login(t.app, username, 'Wrong-Password-2026')),
    );
    const bodies = answers.map((a) => {
      const { type, msg, code } = a.json<ApiErrorBody>();
      return { status: a.statusCode, type, msg, code };
    });
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ status: 403, type: 'Security_InvalidCredentials' });
  });
});

describe("the router's own refusals", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ production: true });
  });
  afterAll(() => t.close());

  it('answer a path whose percent-encoding is not UTF-8 with the API error object', async () => {
    for (const path of ['/api/branding/a%ED%A0%80', '/api/branding/%FF', '/api/branding/%C0%AF']) {
      const answer = await t.app.inject({ method: 'GET', url: path, headers: PORTAL_HEADERS });
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json<ApiErrorBody>()).toEqual({
        status: false,
        type: 'Request_BadRequest',
        type_label: 'Bad Request',
        code: 400,
        msg: 'The path is not valid: it has a percent-encoding that is not UTF-8.',
        errors: { path: 'is not valid UTF-8' },
      });
    }
  });
});
