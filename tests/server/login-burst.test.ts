import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import {
  LOGIN_WINDOW_MINUTES,
  MAX_FAILURES_PER_CLIENT,
  MAX_FAILURES_PER_USERNAME,
  THROTTLED_MESSAGE,
} from '../../server/auth/login-throttle.ts';
import {
  BUSY_MESSAGE,
  limitsFromEnv,
  setPasswordWorkLimits,
} from '../../server/auth/password-work.ts';
import { mintSsoToken } from '../../server/auth/sso.ts';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';
import type { ApiErrorBody } from '../../shared/api.ts';
import { loginAs, PORTAL_HEADERS, signedInject, startTestApp, type TestApp } from './test-app.ts';

/**
 * Password guesses sent all at once: each is counted before its hash starts, so a burst gets no
 * more checks than the limit allows, and the hashing is bounded so that a burst cannot starve
 * the rest of the API. Every test here fails on a server that counts failures after the hash.
 */
describe('login bursts', () => {
  let t: TestApp;
  /** A second server on the same database, as behind a load balancer. */
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp({ production: true });
    other = await buildApp({ db: t.db, production: true });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });
  afterEach(() => setPasswordWorkLimits(limitsFromEnv()));

  const attempt = (
    app: FastifyInstance,
    username: string,
    password: string,
    remoteAddress = '127.0.0.1',
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/authenticate?api_action=login',
      headers: PORTAL_HEADERS,
      payload: { username, password },
      remoteAddress,
    });

  const counted = async (username: string) =>
    (
      await t.db.query<{ n: number }>(
        'select count(*)::int as n from login_failures where username = $1',
        [username],
      )
    ).rows[0]?.n;

  it(`checks at most ${MAX_FAILURES_PER_USERNAME} of 30 simultaneous guesses at one username, across servers`, async () => {
    // Room in the queue for every guess, so that the throttle alone decides.
    setPasswordWorkLimits({ concurrency: 2, queue: 30 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt(i % 2 === 0 ? t.app : other, 'multi@example.com', `wrong-${i}`, `10.0.0.${i}`),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 403)).toHaveLength(MAX_FAILURES_PER_USERNAME);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX_FAILURES_PER_USERNAME);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json<ApiErrorBody>()).toMatchObject({
        type: 'Security_TooManyRequests',
        msg: THROTTLED_MESSAGE,
      });
      expect(refused.headers['retry-after']).toBe(String(LOGIN_WINDOW_MINUTES * 60));
    }
    expect(await counted('multi@example.com')).toBe(MAX_FAILURES_PER_USERNAME);

    const right = await attempt(other, 'multi@example.com', DEMO_PASSWORD, '10.0.1.1');
    expect(right.statusCode).toBe(429);
  });

  it('answers 503 with Retry-After past the queue, uncounted, while signed calls still answer', async () => {
    const farmer = await loginAs(t.app, 'farmer@example.com');
    setPasswordWorkLimits({ concurrency: 1, queue: 2 });
    const burst = Array.from({ length: 12 }, (_, i) => {
      const started = performance.now();
      return attempt(t.app, `nobody-${i}@example.com`, 'guess', `10.0.2.${i}`).then((a) => ({
        answer: a,
        ms: performance.now() - started,
      }));
    });
    const started = performance.now();
    const me = await signedInject(t.app, farmer.auth_token, 'GET', '/api/users/me');
    const meMs = performance.now() - started;
    const logins = await Promise.all(burst);

    expect(me.statusCode).toBe(200);
    expect(meMs).toBeLessThan(Math.max(...logins.map((l) => l.ms)));
    expect(meMs).toBeLessThan(1000);

    const busy = logins.filter((l) => l.answer.statusCode === 503).map((l) => l.answer);
    const checked = logins.filter((l) => l.answer.statusCode === 403);
    expect(busy.length).toBeGreaterThanOrEqual(12 - 3);
    expect(busy.length + checked.length).toBe(12);
    for (const answer of busy) {
      expect(answer.json<ApiErrorBody>()).toMatchObject({
        status: false,
        code: 503,
        type: 'Server_Busy',
        msg: BUSY_MESSAGE,
      });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // A guess that was never checked is not held against the username.
    const { rows } = await t.db.query<{ n: number }>(
      "select count(*)::int as n from login_failures where username like 'nobody-%'",
    );
    expect(rows[0]?.n).toBe(checked.length);
  });

  it('counts guesses at the current password in a password change like login guesses', async () => {
    setPasswordWorkLimits({ concurrency: 2, queue: 30 });
    const adviser = await loginAs(t.app, 'adviser@example.com');
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        signedInject(t.app, adviser.auth_token, 'POST', '/api/users/me/password', {
          current_password: `wrong-guess-${i}`,
          new_password: 'A-New-Password-2026',
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 406)).toHaveLength(MAX_FAILURES_PER_USERNAME);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15 - MAX_FAILURES_PER_USERNAME);
    expect(
      (await attempt(t.app, 'adviser@example.com', DEMO_PASSWORD, '10.0.3.1')).statusCode,
    ).toBe(429);
  });

  it(`refuses sign-in tokens from an address after ${MAX_FAILURES_PER_CLIENT} bad ones`, async () => {
    const redeem = (token: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authenticate?api_action=validatessotoken',
        headers: PORTAL_HEADERS,
        payload: { token },
        remoteAddress,
      });
    const bad = await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_CLIENT + 5 }, (_, i) =>
        redeem(`made-up-token-${i}`, '10.0.4.1'),
      ),
    );
    const statuses = bad.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 403)).toHaveLength(MAX_FAILURES_PER_CLIENT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);

    const token = await mintSsoToken(t.db, 'buyer@example.com');
    expect((await redeem(token, '10.0.4.1')).statusCode).toBe(429);
    expect((await redeem(token, '10.0.4.2')).statusCode).toBe(200);
  });
});
