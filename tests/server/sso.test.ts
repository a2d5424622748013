import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY_HEADER } from '../../server/auth/internal-routes.ts';
import { mintSsoToken, SSO_INVALID_MESSAGE } from '../../server/auth/sso.ts';
import type { ApiErrorBody, ApiSuccess, AuthResponse } from '../../shared/api.ts';
import { PORTAL_HEADERS, signedInject, startTestApp, type TestApp } from './test-app.ts';

const ADMIN_KEY = 'test-admin-key-0123456789';

describe('single sign-on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminKey: ADMIN_KEY });
  });
  afterAll(() => t.close());

  const redeem = (token: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authenticate?api_action=validatessotoken',
      headers: PORTAL_HEADERS,
      payload: { token },
    });

  it('signs the user in once with the same answer as a login, then refuses the token', async () => {
    const token = await mintSsoToken(t.db, 'multi@example.com');
    const first = await redeem(token);
    expect(first.statusCode).toBe(200);
    const auth = first.json<ApiSuccess<AuthResponse>>().data;
    expect(auth.user).toMatchObject({ username: 'multi@example.com', type: 'farm_employee' });
    expect(auth.auth_token.key).toMatch(/^[0-9a-f]{32}$/);
    expect((await signedInject(t.app, auth.auth_token, 'GET', '/api/users/me')).statusCode).toBe(
      200,
    );

    const again = await redeem(token);
    expect(again.statusCode).toBe(403);
    expect(again.json<ApiErrorBody>()).toMatchObject({
      type: 'Security_InvalidCredentials',
      msg: SSO_INVALID_MESSAGE,
    });
  });

  it('refuses a token older than five minutes, an unknown token and a missing one', async () => {
    const token = await mintSsoToken(t.db, 'farmer@example.com');
    await t.db.query(
      "update sso_tokens set expires_at = now() - interval '1 second' where used_at is null",
    );
    expect((await redeem(token)).statusCode).toBe(403);
    expect((await redeem('made-up-token')).statusCode).toBe(403);
    expect((await redeem(undefined)).statusCode).toBe(400);
  });

  it('keeps only a hash of the token in the database', async () => {
    const token = await mintSsoToken(t.db, 'buyer@example.com');
    const { rows } = await t.db.query<{ token_hash: string }>('select token_hash from sso_tokens');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('mints tokens for operators holding the admin key, and for nobody else', async () => {
    const call = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/internal/sso-tokens',
        headers: { ...PORTAL_HEADERS, [ADMIN_KEY_HEADER]: key },
        payload: { username: 'adviser@example.com' },
      });
    expect((await call('wrong-key')).statusCode).toBe(403);
    const minted = await call(ADMIN_KEY);
    expect(minted.statusCode).toBe(200);
    const { token } = minted.json<ApiSuccess<{ token: string }>>().data;
    expect((await redeem(token)).json<ApiSuccess<AuthResponse>>().data.user.username).toBe(
      'adviser@example.com',
    );
  });
});
