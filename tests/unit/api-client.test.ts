import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex, signRequest, wirePathWithQuery } from '../../shared/signing.ts';
import {
  apiDelete,
  apiGet,
  apiGetPaged,
  apiPost,
  apiRequest,
  APPLICATION_KEY_HEADER,
  toQueryString,
} from '../../src/core/api/client.ts';
import { linkSession } from '../../src/core/api/credentials.ts';
import { serverClock } from '../../src/core/api/server-clock.ts';
import { ApiError, NetworkError } from '../../src/core/api/errors.ts';
import { appConfig } from '../../src/core/config.ts';

function answer(status: number, body: unknown) {
  return vi.fn<typeof fetch>().mockImplementation(() =>
    Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=cookie-token; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('anti-forgery token', () => {
  it('is fetched from the health check before the first write when the cookie is missing', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const fetchMock = vi.fn<typeof fetch>().mockImplementation((input) => {
      if (input === '/api/health') {
        document.cookie = 'XSRF-TOKEN=fresh-token; path=/';
        return Promise.resolve(new Response('{"status":true,"data":{}}'));
      }
      return Promise.resolve(new Response('{"status":true,"data":1}'));
    });
    vi.stubGlobal('fetch', fetchMock);
    await apiPost('/thing', {});
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/health', '/api/thing']);
    expect((fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>)['x-xsrf-token']).toBe(
      'fresh-token',
    );
  });

  it('is not sent on reads', async () => {
    const fetchMock = answer(200, { status: true, data: 1 });
    vi.stubGlobal('fetch', fetchMock);
    await apiGet('/thing');
    expect(fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).not.toHaveProperty(
      'x-xsrf-token',
    );
  });
});

describe('toQueryString', () => {
  it('stringifies numbers and booleans, sends objects as JSON and leaves out empty values', () => {
    expect(
      toQueryString({ id: 12, active: true, filter: { a: 1 }, none: null, gone: undefined }),
    ).toBe('?id=12&active=true&filter=%7B%22a%22%3A1%7D');
    expect(toQueryString({})).toBe('');
  });
});

describe('apiRequest', () => {
  it('sends the application key, JSON body and query, and unwraps {status: true, data}', async () => {
    const fetchMock = answer(200, { status: true, data: { id: 7 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiPost('/authenticate', { username: 'a' }, { api_action: 'login' }),
    ).resolves.toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/authenticate?api_action=login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"a"}');
    expect((init?.headers as Record<string, string>)[APPLICATION_KEY_HEADER]).toBe(
      appConfig.applicationKey,
    );
  });

  it('passes a 204 through as undefined', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 })),
    );
    await expect(apiPost('/log')).resolves.toBeUndefined();
  });

  it('throws ApiError carrying the server error object', async () => {
    const body = {
      status: false,
      type: 'Security_InvalidCredentials',
      type_label: 'x',
      code: 403,
      msg: 'No.',
      errors: [],
    };
    vi.stubGlobal('fetch', answer(403, body));
    const error = await apiPost('/authenticate').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).type).toBe('Security_InvalidCredentials');
    expect((error as ApiError).message).toBe('No.');
  });

  it('throws ApiError with no body when the server sent none it could read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response('<html>', { status: 502 })),
    );
    const error = (await apiPost('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
  });

  it('turns a failed connection into a NetworkError with a readable message', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed')));
    await expect(apiPost('/x')).rejects.toBeInstanceOf(NetworkError);
  });
});

function refusal(type: string, extra: object = {}): Response {
  return new Response(
    JSON.stringify({
      status: false,
      type,
      type_label: 'Unauthorised',
      code: 401,
      msg: 'Refused.',
      errors: [],
      ...extra,
    }),
    { status: 401 },
  );
}

describe('signed requests', () => {
  const token = { key: 'key-1', secret: 'secret-1', expires_at: 4_102_444_800 };
  afterEach(() => {
    linkSession({ token: () => null, unauthorised: () => undefined });
    // Each test starts with the clock agreeing with the server's.
    serverClock.correct(Date.now() / 1000, Date.now(), Date.now());
  });

  it('carry the timestamp, a fresh nonce, the key and the HMAC the server checks', async () => {
    linkSession({ token: () => token, unauthorised: () => undefined });
    const fetchMock = answer(200, { status: true, data: 1 });
    vi.stubGlobal('fetch', fetchMock);
    await apiGet('/accounts/units?x=1', { search: "O'Brien" });
    await apiPost('/units/4/records/monthly', { month: '2026-10-01' });
    const sent = fetchMock.mock.calls.map(([url, init]) => ({
      url: url as string,
      method: String(init?.method),
      body: typeof init?.body === 'string' ? init.body : '',
      headers: init?.headers as Record<string, string>,
    }));
    const nonces = sent.map((s) => s.headers['x-auth-nonce']);
    expect(nonces[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(nonces[1]).not.toBe(nonces[0]);
    for (const s of sent) {
      expect(s.headers['x-auth-key']).toBe('key-1');
      expect(Math.abs(Number(s.headers['x-auth-timestamp']) - Date.now() / 1000)).toBeLessThan(2);
      const expected = await signRequest('secret-1', {
        timestamp: Number(s.headers['x-auth-timestamp']),
        nonce: s.headers['x-auth-nonce'] ?? '',
        method: s.method,
        pathWithQuery: wirePathWithQuery(s.url),
        bodySha256: await sha256Hex(s.body),
      });
      expect(s.headers['x-auth-signature']).toBe(expected);
    }
    // The quote goes on the wire percent-encoded, and that is what was signed.
    expect(wirePathWithQuery(sent[0]?.url ?? '')).toContain('O%27Brien');
  });

  it('sign the idempotency key a write carries', async () => {
    linkSession({ token: () => token, unauthorised: () => undefined });
    const fetchMock = answer(200, { status: true, data: 1 });
    vi.stubGlobal('fetch', fetchMock);
    const key = '0f8e2c1a-5b7d-4e9f-a1c3-2d4b6f8a0c1e';
    await apiRequest('POST', '/units/4/records/monthly', { body: { a: 1 }, idempotencyKey: key });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = init?.headers as Record<string, string>;
    expect(headers['idempotency-key']).toBe(key);
    const signedParts = {
      timestamp: Number(headers['x-auth-timestamp']),
      nonce: headers['x-auth-nonce'] ?? '',
      method: 'POST',
      pathWithQuery: wirePathWithQuery(url as string),
      bodySha256: await sha256Hex('{"a":1}'),
    };
    expect(headers['x-auth-signature']).toBe(
      await signRequest('secret-1', { ...signedParts, idempotencyKey: key }),
    );
    expect(headers['x-auth-signature']).not.toBe(await signRequest('secret-1', signedParts));
  });

  it('are not signed when nobody is logged in', async () => {
    const fetchMock = answer(200, { status: true, data: 1 });
    vi.stubGlobal('fetch', fetchMock);
    await apiGet('/branding/default');
    expect(fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).not.toHaveProperty(
      'x-auth-signature',
    );
  });

  it('end the session when a signed request is answered 401', async () => {
    const unauthorised = vi.fn();
    linkSession({ token: () => token, unauthorised });
    vi.stubGlobal(
      'fetch',
      answer(401, {
        status: false,
        type: 'Security_Unauthorised',
        type_label: 'Unauthorised',
        code: 401,
        msg: 'Expired',
        errors: [],
      }),
    );
    await expect(apiGet('/users/me')).rejects.toBeInstanceOf(ApiError);
    expect(unauthorised).toHaveBeenCalledOnce();
  });

  it('re-signs with a fresh nonce when the server says the request was used, without logging out', async () => {
    const unauthorised = vi.fn();
    linkSession({ token: () => token, unauthorised });
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(refusal('Security_ReplayedRequest'))
      .mockResolvedValueOnce(new Response('{"status":true,"data":42}'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiGet('/users/me')).resolves.toBe(42);
    const nonces = fetchMock.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['x-auth-nonce'],
    );
    expect(nonces[1]).not.toBe(nonces[0]);
    expect(unauthorised).not.toHaveBeenCalled();
  });

  it('sign by the server clock learnt from the Date of earlier answers, and keep it across reloads', async () => {
    linkSession({ token: () => token, unauthorised: () => undefined });
    const tenMinutesBehindUs = new Date(Date.now() - 10 * 60_000).toUTCString();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(() =>
        Promise.resolve(
          new Response('{"status":true,"data":1}', { headers: { Date: tenMinutesBehindUs } }),
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    await apiGet('/users/me');
    await apiGet('/users/me');
    const stamps = fetchMock.mock.calls.map(([, init]) =>
      Number((init?.headers as Record<string, string>)['x-auth-timestamp']),
    );
    const serverSeconds = Date.now() / 1000 - 600;
    expect(Math.abs((stamps[1] ?? 0) - serverSeconds)).toBeLessThan(3);
    expect(Number(window.localStorage.getItem('fdp.serverClockOffset'))).toBeCloseTo(-600_000, -4);
  });

  it('correct the clock from a Security_ClockSkew answer and retry once, never ending the session', async () => {
    const unauthorised = vi.fn();
    linkSession({ token: () => token, unauthorised });
    const serverTime = Math.floor(Date.now() / 1000) + 3600;
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(refusal('Security_ClockSkew', { server_time: serverTime }))
      .mockResolvedValueOnce(new Response('{"status":true,"data":7}'))
      .mockResolvedValueOnce(refusal('Security_ClockSkew', { server_time: serverTime }))
      .mockResolvedValueOnce(refusal('Security_ClockSkew', { server_time: serverTime }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiGet('/users/me')).resolves.toBe(7);
    const stamps = fetchMock.mock.calls.map(([, init]) =>
      Number((init?.headers as Record<string, string>)['x-auth-timestamp']),
    );
    expect(Math.abs((stamps[1] ?? 0) - serverTime)).toBeLessThan(2);
    // A clock refused even after correcting is an error to show, not a reason to log out.
    await expect(apiGet('/users/me')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(unauthorised).not.toHaveBeenCalled();
  });
});

describe('paged GET', () => {
  it('adds page and per_page with the spec defaults', async () => {
    const fetchMock = answer(200, {
      status: true,
      data: { total_records: 0, current_page: 1, records_per_page: 10, records: [] },
    });
    vi.stubGlobal('fetch', fetchMock);
    await apiGetPaged('/accounts/units', {}, { search: 'dale' });
    await apiGetPaged('/accounts/units', { page: 3, perPage: 25 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/accounts/units?search=dale&page=1&per_page=10',
      '/api/accounts/units?page=3&per_page=25',
    ]);
  });

  it('DELETE sends its params and the anti-forgery header', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiDelete('/units/4/documents/9', { reason: 'duplicate' }),
    ).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/units/4/documents/9?reason=duplicate');
    expect(init?.method).toBe('DELETE');
    expect((init?.headers as Record<string, string>)['x-xsrf-token']).toBe('cookie-token');
  });
});
