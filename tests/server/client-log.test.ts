import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { clientKey, ClientRateLimiter } from '../../server/http/rate-limit.ts';
import {
  LOG_RATE,
  LOG_RATE_MESSAGE,
  MAX_LOG_ADDITIONAL_BYTES,
} from '../../server/telemetry/routes.ts';
import type { ApiErrorBody } from '../../shared/api.ts';
import { PORTAL_HEADERS, startTestApp, type TestApp } from './test-app.ts';

/**
 * POST /api/log takes anonymous writes (the application key is public): each address may send
 * only so many entries, each only so large, and whatever arrives answers a documented status.
 */
describe('POST /api/log limits', () => {
  let t: TestApp;
  /** The same API behind a load balancer (TRUST_PROXY=1). */
  let proxied: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp({ production: true });
    proxied = await buildApp({ db: t.db, production: true, trustProxy: true });
    await proxied.ready();
  });
  afterAll(async () => {
    await proxied.close();
    await t.close();
  });

  const send = (
    payload: unknown,
    options: {
      app?: FastifyInstance;
      remoteAddress?: string;
      headers?: Record<string, string>;
    } = {},
  ) =>
    (options.app ?? t.app).inject({
      method: 'POST',
      url: '/api/log?app=test',
      headers: { ...PORTAL_HEADERS, 'content-type': 'application/json', ...options.headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      remoteAddress: options.remoteAddress ?? '192.0.2.1',
    });

  const entry = { message: 'something broke', level: 5 };

  it(`stores ${LOG_RATE.burst} entries from one address at once, then answers 429 with Retry-After`, async () => {
    const statuses = [];
    for (let i = 0; i < LOG_RATE.burst; i += 1) {
      statuses.push((await send(entry, { remoteAddress: '192.0.2.10' })).statusCode);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);

    const refused = await send(entry, { remoteAddress: '192.0.2.10' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiErrorBody>()).toMatchObject({
      status: false,
      code: 429,
      type: 'Security_TooManyRequests',
      msg: LOG_RATE_MESSAGE,
      errors: [],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Refused before the body is even read: an oversized one is refused the same way.
    expect((await send('x'.repeat(100_000), { remoteAddress: '192.0.2.10' })).statusCode).toBe(429);
    // Another address is not affected.
    expect((await send(entry, { remoteAddress: '192.0.2.11' })).statusCode).toBe(200);

    const { rows } = await t.db.query<{ n: number }>(
      "select count(*)::int as n from client_logs where app_name = 'test'",
    );
    expect(rows[0]?.n).toBe(LOG_RATE.burst + 1);
  });

  it('counts X-Forwarded-For as the client only behind a trusted proxy', async () => {
    const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
    for (let i = 0; i < LOG_RATE.burst; i += 1) {
      await send(entry, { remoteAddress: '192.0.2.20', headers: spoofed(i) });
    }
    // Not trusted: every entry came from 192.0.2.20, whatever the header claimed.
    expect(
      (await send(entry, { remoteAddress: '192.0.2.20', headers: spoofed(99) })).statusCode,
    ).toBe(429);

    // Trusted: each client behind the proxy has an allowance of its own.
    for (let i = 0; i < LOG_RATE.burst; i += 1) {
      const answer = await send(entry, {
        app: proxied,
        remoteAddress: '10.1.1.1',
        headers: spoofed(1),
      });
      expect(answer.statusCode).toBe(200);
    }
    const limited = await send(entry, {
      app: proxied,
      remoteAddress: '10.1.1.1',
      headers: spoofed(1),
    });
    expect(limited.statusCode).toBe(429);
    const neighbour = await send(entry, {
      app: proxied,
      remoteAddress: '10.1.1.1',
      headers: spoofed(2),
    });
    expect(neighbour.statusCode).toBe(200);
  });

  it('answers 413 for a body over 16 KB and 400 for an "additional" over 8 KB', async () => {
    const large = await send(
      { ...entry, message: 'x'.repeat(9_000), additional: 'y'.repeat(9_000) },
      {
        remoteAddress: '192.0.2.30',
      },
    );
    expect(large.statusCode).toBe(413);
    expect(large.json<ApiErrorBody>()).toMatchObject({
      type: 'Request_TooLarge',
      msg: 'The request is larger than the 16 KB this call accepts.',
    });

    const additional = await send(
      { ...entry, additional: ['z'.repeat(MAX_LOG_ADDITIONAL_BYTES)] },
      { remoteAddress: '192.0.2.30' },
    );
    expect(additional.statusCode).toBe(400);
    expect(additional.json<ApiErrorBody>().errors).toEqual({
      additional: 'must be at most 8 KB as JSON',
    });
  });

  it('refuses a line number or session out of PostgreSQL integer range with 400, not 500', async () => {
    const answer = await send(
      { ...entry, lineNumber: 99_999_999_999 },
      { remoteAddress: '192.0.2.40' },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json<ApiErrorBody>().errors).toEqual([expect.stringContaining('lineNumber')]);
  });

  it('stores the client time as the server reads it, or not at all', async () => {
    for (const timestamp of ['1', 'March 7', '2026-02-30T00:00:00Z', '+275760-09-13T00:00:00Z']) {
      const answer = await send({ ...entry, timestamp }, { remoteAddress: '192.0.2.50' });
      expect(answer.statusCode, `${timestamp}: ${answer.body}`).toBe(200);
    }
  });
});

describe('client rate limiting', () => {
  it('treats an IPv6 /64 as one client, and IPv4-mapped addresses as IPv4', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
  });

  it('refills at the sustained rate and forgets the least recently seen past its size', () => {
    let now = 0;
    const limiter = new ClientRateLimiter({ perMinute: 60, burst: 2, maxClients: 2 }, () => now);
    expect(limiter.take('192.0.2.1')).toBeUndefined();
    expect(limiter.take('192.0.2.1')).toBeUndefined();
    expect(limiter.take('192.0.2.1')).toBe(1);
    now += 1_000;
    expect(limiter.take('192.0.2.1')).toBeUndefined();
    expect(limiter.take('2001:db8:1:2::a')).toBeUndefined();
    expect(limiter.take('2001:db8:1:2::b')).toBeUndefined();
    expect(limiter.take('2001:db8:1:2::c')).toBe(1);
    expect(limiter.take('192.0.2.2')).toBeUndefined();
    // 192.0.2.1 was the least recently seen of three: forgotten, so it starts afresh.
    expect(limiter.take('192.0.2.1')).toBeUndefined();
  });
});
