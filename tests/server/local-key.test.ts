import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';
import type { ApiSuccess, AuthToken } from '../../shared/api.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

describe('GET /api/users/me/local-key (the key for data kept on a device)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function keyWith(token: AuthToken): Promise<string> {
    const response = await signedInject(t.app, token, 'GET', '/api/users/me/local-key');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<ApiSuccess<{ key: string }>>().data.key;
  }

  it('is 256 random bits, the same on every call and in every session of the user', async () => {
    const first = await loginAs(t.app, 'farmer@example.com');
    const key = await keyWith(first.auth_token);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await keyWith(first.auth_token)).toBe(key);
    const second = await loginAs(t.app, 'farmer@example.com');
    expect(await keyWith(second.auth_token)).toBe(key);
  });

  it('differs between users', async () => {
    const farmer = await loginAs(t.app, 'farmer@example.com');
    const multi = await loginAs(t.app, 'multi@example.com');
    expect(await keyWith(multi.auth_token)).not.toBe(await keyWith(farmer.auth_token));
  });

  it('survives a password change, so drafts typed before it still open', async () => {
    const user = await loginAs(t.app, 'buyer@example.com');
    const before = await keyWith(user.auth_token);
    const change = await signedInject(t.app, user.auth_token, 'POST', '/api/users/me/password', {
      current_password: DEMO_PASSWORD,
      new_password: 'Grain-Store-Key-2027',
    });
    expect(change.statusCode).toBe(200);
    expect(await keyWith(user.auth_token)).toBe(before);
  });

  it('is refused without a session, and once the session has ended', async () => {
    const unsigned = await t.app.inject({ method: 'GET', url: '/api/users/me/local-key' });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.body).not.toMatch(/"key"/);

    const user = await loginAs(t.app, 'adviser@example.com');
    await keyWith(user.auth_token);
    const logout = await signedInject(t.app, user.auth_token, 'POST', '/api/authenticate/logout');
    expect(logout.statusCode).toBe(200);
    const after = await signedInject(t.app, user.auth_token, 'GET', '/api/users/me/local-key');
    expect(after.statusCode).toBe(401);
    expect(after.body).not.toMatch(/"key"/);
  });
});
