import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSuccess, ApiUser, AuthResponse } from '../../shared/api.ts';
import { ServerClock } from '../../shared/server-clock.ts';
import { signedFetch } from '../../shared/signed-fetch.ts';
import { PORTAL_HEADERS, startTestApp, type TestApp } from './test-app.ts';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';

/**
 * The API's clients (the portal, the scripts) send through shared/signed-fetch.ts. Here that
 * client talks to a real server whose clock the test moves, so a minute of traffic or a clock
 * ten minutes out runs in a moment; every request the server saw is counted by its answer.
 */

interface Seen {
  status: number;
  type?: string;
}

/** fetch() onto the app, recording what the server answered to each request it was sent. */
function fetchInto(app: FastifyInstance, seen: Seen[]): typeof fetch {
  return async (input, init) => {
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      headers: init?.headers as Record<string, string>,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const type = response.statusCode >= 400 ? response.json<{ type: string }>().type : undefined;
    seen.push({ status: response.statusCode, ...(type === undefined ? {} : { type }) });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers,
    });
  };
}

describe('clients signing through shared/signed-fetch.ts', () => {
  let t: TestApp;
  /** The server's clock, moved by the tests. */
  let serverNow = Date.now();
  let auth: AuthResponse;

  beforeAll(async () => {
    t = await startTestApp({ production: true, clock: () => serverNow });
  });
  afterAll(() => t.close());

  async function logIn(clock: ServerClock, seen: Seen[]): Promise<AuthResponse> {
    const response = await signedFetch(
      {
        method: 'POST',
        url: '/api/authenticate?api_action=login',
        headers: { ...PORTAL_HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'farmer@example.com', password: DEMO_PASSWORD }),
      },
      { clock, token: null, fetch: fetchInto(t.app, seen) },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as ApiSuccess<AuthResponse>).data;
  }

  const me = (clock: ServerClock, seen: Seen[]) =>
    signedFetch(
      { method: 'GET', url: '/api/users/me', headers: PORTAL_HEADERS },
      { clock, token: auth.auth_token, fetch: fetchInto(t.app, seen) },
    );

  it('are never refused at 20 requests a second for a minute', async () => {
    const seen: Seen[] = [];
    const clock = new ServerClock(() => serverNow);
    auth = await logIn(clock, seen);
    for (let second = 0; second < 60; second += 1) {
      // Twenty requests within the second, each 50 ms after the last.
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const response = await me(clock, seen);
          expect(response.status, `second ${String(second)}, request ${String(i)}`).toBe(200);
        }),
      );
      serverNow += 1000;
    }
    expect(seen.filter((s) => s.status !== 200)).toEqual([]);
    expect(seen).toHaveLength(1 + 60 * 20);
  });

  it('sign by the server clock learnt at login when their own is ten minutes fast', async () => {
    const seen: Seen[] = [];
    const tenMinutesFast = new ServerClock(() => serverNow + 10 * 60_000);
    auth = await logIn(tenMinutesFast, seen);
    for (let i = 0; i < 20; i += 1) {
      const response = await me(tenMinutesFast, seen);
      expect(response.status).toBe(200);
      expect(((await response.json()) as ApiSuccess<ApiUser>).data.username).toBe(
        'farmer@example.com',
      );
      serverNow += 3000;
    }
    // The login's Date header taught the clock: not one request was refused for it.
    expect(seen.filter((s) => s.status !== 200)).toEqual([]);
    expect(Math.abs(tenMinutesFast.offsetMs + 10 * 60_000)).toBeLessThan(2_500);
  });

  it('correct their clock from a Security_ClockSkew answer and succeed on the one retry', async () => {
    const seen: Seen[] = [];
    // A session restored after a reload, whose clock went wrong since: nothing learnt yet.
    const anHourSlow = new ServerClock(() => serverNow - 60 * 60_000);
    const response = await me(anHourSlow, seen);
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ status: 401, type: 'Security_ClockSkew' }, { status: 200 }]);
    expect((await me(anHourSlow, seen)).status).toBe(200);
    expect(seen).toHaveLength(3);
  });

  it('give up after one retry, so a server whose clock runs away is not hammered', async () => {
    const seen: Seen[] = [];
    const clock = new ServerClock(() => serverNow);
    const fetchSkewing = fetchInto(t.app, seen);
    const response = await signedFetch(
      { method: 'GET', url: '/api/users/me', headers: PORTAL_HEADERS },
      {
        clock,
        token: auth.auth_token,
        // Each time the client corrects itself, the server's clock has moved on by an hour.
        fetch: async (input, init) => {
          serverNow += 60 * 60_000;
          return fetchSkewing(input, init);
        },
      },
    );
    expect(response.status).toBe(401);
    expect(seen.map((s) => s.type)).toEqual(['Security_ClockSkew', 'Security_ClockSkew']);
  });
});
