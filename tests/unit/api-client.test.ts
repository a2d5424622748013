import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiGet,
  apiPost,
  APPLICATION_KEY_HEADER,
  toQueryString,
} from '../../src/core/api/client.ts';
import { ApiError, NetworkError } from '../../src/core/api/errors.ts';
import { appConfig } from '../../src/core/config.ts';

function answer(status: number, body: unknown) {
  return vi.fn<typeof fetch>().mockResolvedValue(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
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
