import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import {
  MAX_FAILURES_PER_CLIENT,
  MAX_FAILURES_PER_USERNAME,
  THROTTLED_MESSAGE,
} from '../../server/auth/login-throttle.ts';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';
import type { FastifyInstance } from 'fastify';
import type {
  ApiErrorBody,
  ApiSuccess,
  ApiUser,
  AuthResponse,
  AuthToken,
} from '../../shared/api.ts';
import { ANTI_FORGERY_COOKIE, AuthHeader } from '../../shared/signing.ts';
import {
  login,
  loginAs,
  otherServer,
  PORTAL_HEADERS,
  signedHeaders,
  signedInject,
  startTestApp,
  type TestApp,
} from './test-app.ts';

describe('request authentication', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  beforeAll(async () => {
    t = await startTestApp({ production: true });
    farmer = await loginAs(t.app, 'farmer@example.com');
  });
  afterAll(() => t.close());

  const errorOf = (response: { json: <T>() => T }) => response.json<ApiErrorBody>();

  describe('application key', () => {
    it('is required on every API request', async () => {
      const { [AuthHeader.ApplicationKey]: _key, ...withoutKey } = PORTAL_HEADERS;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/authenticate?api_action=login',
        headers: withoutKey,
        payload: { username: 'farmer@example.com', password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).type).toBe('Security_InvalidApplicationKey');
    });

    it('must be one the server knows', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { ...PORTAL_HEADERS, [AuthHeader.ApplicationKey]: 'made-up-key' },
      });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).type).toBe('Security_InvalidApplicationKey');
    });

    it('is not needed by the health check', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });

  describe('anti-forgery token', () => {
    it('is handed out as a cookie the page can read', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      const cookie = response.cookies.find((c) => c.name === ANTI_FORGERY_COOKIE);
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(cookie?.sameSite).toBe('Strict');
      expect(cookie?.httpOnly).toBeFalsy();
      expect(cookie?.secure).toBe(true);
    });

    it('must be echoed in a header on writes', async () => {
      for (const headers of [
        { [AuthHeader.ApplicationKey]: PORTAL_HEADERS[AuthHeader.ApplicationKey] },
        { ...PORTAL_HEADERS, [AuthHeader.AntiForgery]: 'something-else' },
        { ...PORTAL_HEADERS, cookie: '' },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/authenticate?api_action=login',
          headers,
          payload: { username: 'farmer@example.com', password: DEMO_PASSWORD },
        });
        expect(response.statusCode).toBe(403);
        expect(errorOf(response).type).toBe('Security_InvalidAntiForgeryToken');
      }
    });
  });

  describe('signatures', () => {
    it('let a signed request through as its user', async () => {
      const response = await signedInject(t.app, farmer.auth_token, 'GET', '/api/users/me');
      expect(response.statusCode).toBe(200);
      expect(response.json<ApiSuccess<ApiUser>>().data.username).toBe('farmer@example.com');
    });

    it('refuse a request with no signature', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: PORTAL_HEADERS,
      });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).type).toBe('Security_Unauthorised');
    });

    it.each([
      ['another path', { pathWithQuery: '/api/users/someone-else' }],
      ['another query', { pathWithQuery: '/api/users/me?x=1' }],
      ['another method', { method: 'POST' }],
      ['another body', { bodySha256: 'ab'.repeat(32) }],
      ['another timestamp', { timestamp: 1 }],
      ['another nonce', { nonce: 'f'.repeat(32) }],
    ])('refuse a signature made over %s', async (_what, signAs) => {
      const response = await signedInject(
        t.app,
        farmer.auth_token,
        'GET',
        '/api/users/me',
        undefined,
        { signAs },
      );
      expect(response.statusCode).toBe(401);
    });

    it('cover the idempotency key: a key the signature did not cover is refused', async () => {
      const key = 'b'.repeat(32);
      const covered = await signedInject(
        t.app,
        farmer.auth_token,
        'GET',
        '/api/users/me',
        undefined,
        {
          idempotencyKey: key,
        },
      );
      expect(covered.statusCode).toBe(200);
      const swapped = await signedInject(
        t.app,
        farmer.auth_token,
        'GET',
        '/api/users/me',
        undefined,
        {
          idempotencyKey: key,
          signAs: { idempotencyKey: 'c'.repeat(32) },
        },
      );
      expect(swapped.statusCode).toBe(401);
      const added = await signedHeaders(farmer.auth_token, 'GET', '/api/users/me');
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { ...added, 'idempotency-key': key },
      });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).msg).toBe('The request signature is not valid.');
    });

    it('refuse a signature made with another secret', async () => {
      const forged = { ...farmer.auth_token, secret: 'guessed-secret' };
      const response = await signedInject(t.app, forged, 'GET', '/api/users/me');
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).msg).toBe('The request signature is not valid.');
    });

    it('refuse a body changed after signing', async () => {
      const headers = await signedHeaders(
        farmer.auth_token,
        'POST',
        '/api/authenticate/logout',
        '{"a":1}',
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/authenticate/logout',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"a":2}',
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuse a timestamp more than 300 s from the server clock, either way, saying the server time', async () => {
      const now = Math.floor(Date.now() / 1000);
      for (const timestamp of [now - 301, now + 301]) {
        const response = await signedInject(
          t.app,
          farmer.auth_token,
          'GET',
          '/api/users/me',
          undefined,
          { timestamp },
        );
        expect(response.statusCode).toBe(401);
        const body = errorOf(response);
        expect(body.type).toBe('Security_ClockSkew');
        expect(body.msg).toContain("seconds from the server's clock");
        expect(body.server_time).toBeGreaterThanOrEqual(now);
        expect(body.server_time).toBeLessThan(now + 5);
      }
      const inside = await signedInject(
        t.app,
        farmer.auth_token,
        'GET',
        '/api/users/me',
        undefined,
        { timestamp: now - 250 },
      );
      expect(inside.statusCode, inside.body).toBe(200);
    });

    it('refuse a request without a nonce, or with one that is not 16 to 64 safe characters', async () => {
      for (const nonce of [undefined, 'short', 'x'.repeat(65), 'has spaces in it ok?']) {
        const headers = await signedHeaders(farmer.auth_token, 'GET', '/api/users/me');
        if (nonce === undefined) delete headers['x-auth-nonce'];
        else headers['x-auth-nonce'] = nonce;
        const response = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
        expect(response.statusCode, String(nonce)).toBe(401);
        expect(errorOf(response).type).toBe('Security_Unauthorised');
      }
    });

    it('refuse a replayed request', async () => {
      const headers = await signedHeaders(farmer.auth_token, 'GET', '/api/users/me');
      const first = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
      const again = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(401);
      expect(errorOf(again).msg).toBe('This request has already been used.');
      expect(errorOf(again).type).toBe('Security_ReplayedRequest');
    });

    it('accept exactly one of a request and its replays sent at the same moment', async () => {
      // Nonces of concurrent requests are recorded in one statement. A first request keeps the
      // database busy so that the copies after it arrive in one batch, where they must still be
      // told apart.
      const get = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/api/users/me', headers });
      const sign = () => signedHeaders(farmer.auth_token, 'GET', '/api/users/me');
      const [first, copied, ...rest] = await Promise.all([sign(), sign(), sign(), sign(), sign()]);
      const answers = await Promise.all([
        get(first),
        ...Array.from({ length: 6 }, () => get(copied)),
        ...rest.map(get),
      ]);
      const statuses = answers.map((a) => a.statusCode);
      expect([statuses[0], ...statuses.slice(7)]).toEqual([200, 200, 200, 200]);
      expect(statuses.slice(1, 7).sort()).toEqual([200, 401, 401, 401, 401, 401]);
      for (const refused of answers.filter((a) => a.statusCode === 401)) {
        expect(errorOf(refused).type).toBe('Security_ReplayedRequest');
      }
    });

    it('refuse a replay sent to another server on the same database', async () => {
      const { app: other, close: closeOther } = await otherServer(t, { production: true });
      try {
        const headers = await signedHeaders(farmer.auth_token, 'GET', '/api/users/me');
        const first = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
        const replay = await other.inject({ method: 'GET', url: '/api/users/me', headers });
        expect(first.statusCode).toBe(200);
        expect(replay.statusCode).toBe(401);
        expect(errorOf(replay).type).toBe('Security_ReplayedRequest');
      } finally {
        await closeOther();
      }
    });

    it('accept any number of requests signed in the same second', async () => {
      const timestamp = Math.floor(Date.now() / 1000);
      const statuses = await Promise.all(
        Array.from(
          { length: 25 },
          async () =>
            (
              await signedInject(t.app, farmer.auth_token, 'GET', '/api/users/me', undefined, {
                timestamp,
              })
            ).statusCode,
        ),
      );
      expect(statuses).toEqual(Array.from({ length: 25 }, () => 200));
    });

    it('refuse an expired token', async () => {
      const session = await loginAs(t.app, 'farmer@example.com');
      await t.db.query(
        "update auth_tokens set expires_at = now() - interval '1 second' where key = $1",
        [session.auth_token.key],
      );
      const response = await signedInject(t.app, session.auth_token, 'GET', '/api/users/me');
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).msg).toBe('Your session has expired. Please log in again.');
    });

    it('refuse a token after logout', async () => {
      const session = await loginAs(t.app, 'farmer@example.com');
      const out = await signedInject(
        t.app,
        session.auth_token,
        'POST',
        '/api/authenticate/logout',
        {},
      );
      expect(out.statusCode).toBe(200);
      const response = await signedInject(t.app, session.auth_token, 'GET', '/api/users/me');
      expect(response.statusCode).toBe(401);
    });

    it('refuse a session once it expires, though the server holds it in memory', async () => {
      let now = Date.now();
      const timed = await startTestApp({ production: true, clock: () => now });
      try {
        const session = await loginAs(timed.app, 'farmer@example.com');
        const me = () =>
          signedInject(timed.app, session.auth_token, 'GET', '/api/users/me', undefined, {
            timestamp: Math.floor(now / 1000),
          });
        expect((await me()).statusCode).toBe(200);
        now = (session.auth_token.expires_at + 1) * 1000;
        const expired = await me();
        expect(expired.statusCode).toBe(401);
        expect(errorOf(expired).msg).toBe('Your session has expired. Please log in again.');
      } finally {
        await timed.close();
      }
    });

    describe('on another server sharing the database', () => {
      // Each server holds sessions in memory; the database tells every one of them of a change.
      let other: FastifyInstance;
      let closeOther: () => Promise<void>;
      beforeAll(async () => {
        ({ app: other, close: closeOther } = await otherServer(t, { production: true }));
      });
      afterAll(async () => {
        await closeOther();
      });

      /** PostgreSQL delivers a notice a moment after the commit; PGlite before it returns. */
      async function statusSoon(token: AuthToken, expected: number): Promise<number> {
        const until = Date.now() + 5_000;
        for (;;) {
          const { statusCode } = await signedInject(other, token, 'GET', '/api/users/me');
          if (statusCode === expected || Date.now() > until) return statusCode;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }

      it('refuse a session logged out on the first', async () => {
        const session = await loginAs(t.app, 'farmer@example.com');
        expect(await statusSoon(session.auth_token, 200)).toBe(200);
        const out = await signedInject(
          t.app,
          session.auth_token,
          'POST',
          '/api/authenticate/logout',
          {},
        );
        expect(out.statusCode).toBe(200);
        expect(await statusSoon(session.auth_token, 401)).toBe(401);
      });

      it('refuse a session ended by a password change on the first', async () => {
        const kept = await loginAs(t.app, 'multi@example.com');
        const ended = await loginAs(t.app, 'multi@example.com');
        expect(await statusSoon(ended.auth_token, 200)).toBe(200);
        const change = (current: string, next: string) =>
          signedInject(t.app, kept.auth_token, 'POST', '/api/users/me/password', {
            current_password: current,
            new_password: next,
          });
        const changed = await change(DEMO_PASSWORD, 'Harvest-Demo-2026-changed');
        expect(changed.statusCode, changed.body).toBe(200);
        try {
          expect(await statusSoon(ended.auth_token, 401)).toBe(401);
          expect(await statusSoon(kept.auth_token, 200)).toBe(200);
        } finally {
          expect((await change('Harvest-Demo-2026-changed', DEMO_PASSWORD)).statusCode).toBe(200);
        }
      });

      it('refuse a session whose token was expired in the database by hand', async () => {
        const session = await loginAs(t.app, 'farmer@example.com');
        expect(await statusSoon(session.auth_token, 200)).toBe(200);
        await t.db.query(
          "update auth_tokens set expires_at = now() - interval '1 second' where key = $1",
          [session.auth_token.key],
        );
        expect(await statusSoon(session.auth_token, 401)).toBe(401);
      });
    });

    it('refuse, after the embedded database recovered from a crash, a request signed before it', async () => {
      // Nonces are unlogged: a crash forgets them, so what was signed before cannot be trusted.
      const from = Date.now();
      const recovered = await buildApp({ db: t.db, production: true, acceptSignaturesFrom: from });
      try {
        const now = Math.floor(from / 1000);
        const before = await signedInject(
          recovered,
          farmer.auth_token,
          'GET',
          '/api/users/me',
          undefined,
          {
            timestamp: now - 5,
          },
        );
        expect(before.statusCode).toBe(401);
        expect(errorOf(before).type).toBe('Security_ClockSkew');
        expect(errorOf(before).server_time).toBeGreaterThanOrEqual(now);
        const after = await signedInject(
          recovered,
          farmer.auth_token,
          'GET',
          '/api/users/me',
          undefined,
          {
            timestamp: now,
          },
        );
        expect(after.statusCode).toBe(200);
      } finally {
        await recovered.close();
      }
    });
  });
});

describe('login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ production: true });
  });
  afterAll(() => t.close());

  it(`locks a username after ${MAX_FAILURES_PER_USERNAME} failures, even for the right password`, async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i += 1) {
      expect((await login(t.app, 'multi@example.com', `wrong-${i}`)).statusCode).toBe(403);
    }
    const locked = await login(t.app, 'multi@example.com', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json<ApiErrorBody>().msg).toBe(THROTTLED_MESSAGE);
    // Other accounts from the same address are not affected below the address limit.
    expect((await login(t.app, 'buyer@example.com', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts the username however it is typed', async () => {
    expect((await login(t.app, ' MULTI@example.com', DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it(`locks a client address after ${MAX_FAILURES_PER_CLIENT} failures across usernames`, async () => {
    await t.db.query(
      `insert into login_failures (username, client_address)
       select 'guess' || g || '@example.com', '127.0.0.1' from generate_series(1, $1::int) g`,
      [MAX_FAILURES_PER_CLIENT],
    );
    expect((await login(t.app, 'adviser@example.com', DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('forgives failures once the right password gets through', async () => {
    await t.db.query('delete from login_failures');
    expect((await login(t.app, 'processor@example.com', 'wrong')).statusCode).toBe(403);
    expect((await login(t.app, 'processor@example.com', DEMO_PASSWORD)).statusCode).toBe(200);
    const { rows } = await t.db.query<{ n: number }>(
      "select count(*)::int as n from login_failures where username = 'processor@example.com'",
    );
    expect(rows[0]?.n).toBe(0);
  });
});
