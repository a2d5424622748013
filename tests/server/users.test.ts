import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/dataset.ts';
import {
  NOTIFICATION_DEFAULTS,
  type ApiErrorBody,
  type ApiSuccess,
  type AuthResponse,
} from '../../shared/api.ts';
import { login, loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

describe('account settings', () => {
  let t: TestApp;
  const provider: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp();
    const { rows } = await t.db.query<{ reference: string; id: number }>(
      'select reference, id from providers',
    );
    for (const r of rows) provider[r.reference] = r.id;
  });
  afterAll(() => t.close());

  describe('change password', () => {
    it('needs the current password and a new one of at least 12 characters', async () => {
      const farmer = await loginAs(t.app, 'farmer@example.com');
      const change = (body: object) =>
        signedInject(t.app, farmer.auth_token, 'POST', '/api/users/me/password', body);

      const wrong = await change({
        current_password: 'not-it',
        new_password: 'a-long-new-password',
      });
      expect(wrong.statusCode).toBe(406);
      expect(wrong.json<ApiErrorBody>().errors).toEqual({
        current_password: ['is not your current password'],
      });

      const short = await change({ current_password: DEMO_PASSWORD, new_password: 'short' });
      expect(short.statusCode).toBe(406);
      expect(
        (short.json<ApiErrorBody>().errors as Record<string, string[]>).new_password?.[0],
      ).toContain('12');

      const same = await change({ current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD });
      expect(same.statusCode).toBe(406);
    });

    it('changes it, keeps this session and ends the others', async () => {
      const mine = await loginAs(t.app, 'adviser@example.com');
      const other = await loginAs(t.app, 'adviser@example.com');
      const response = await signedInject(
        t.app,
        mine.auth_token,
        'POST',
        '/api/users/me/password',
        {
          current_password: DEMO_PASSWORD,
          new_password: 'Silage-Clamp-2027!',
        },
      );
      expect(response.statusCode).toBe(200);
      expect((await login(t.app, 'adviser@example.com', DEMO_PASSWORD)).statusCode).toBe(403);
      expect((await login(t.app, 'adviser@example.com', 'Silage-Clamp-2027!')).statusCode).toBe(
        200,
      );
      expect((await signedInject(t.app, mine.auth_token, 'GET', '/api/users/me')).statusCode).toBe(
        200,
      );
      expect((await signedInject(t.app, other.auth_token, 'GET', '/api/users/me')).statusCode).toBe(
        401,
      );
    });
  });

  describe('notification settings', () => {
    it("refuse staff of a provider that sends no notices, as the menu hides them (config/rules.json's notifications rule)", async () => {
      const buyer = await loginAs(t.app, 'buyer@example.com');
      const response = await signedInject(
        t.app,
        buyer.auth_token,
        'GET',
        `/api/users/me/notifications/${String(provider.acme_foods)}`,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json<ApiErrorBody>().msg).toBe(
        'You do not have access to Notification Settings.',
      );
    });

    const url = (id: number | undefined) => `/api/users/me/notifications/${String(id)}`;

    it('start from the defaults and keep what the user saves, per provider', async () => {
      const processor = await loginAs(t.app, 'processor@example.com');
      const initial = await signedInject(
        t.app,
        processor.auth_token,
        'GET',
        url(provider.fenland_fresh),
      );
      expect(initial.json<ApiSuccess<unknown>>().data).toEqual(NOTIFICATION_DEFAULTS);
      const chosen = { ...NOTIFICATION_DEFAULTS, email_news: false, sms_urgent: true };
      expect(
        (
          await signedInject(
            t.app,
            processor.auth_token,
            'PUT',
            url(provider.fenland_fresh),
            chosen,
          )
        ).statusCode,
      ).toBe(200);
      const again = await signedInject(
        t.app,
        processor.auth_token,
        'GET',
        url(provider.fenland_fresh),
      );
      expect(again.json<ApiSuccess<unknown>>().data).toEqual(chosen);
    });

    it("let farm users set them for their plans' providers only, and staff for their own", async () => {
      const multi: AuthResponse = await loginAs(t.app, 'multi@example.com');
      expect(
        (await signedInject(t.app, multi.auth_token, 'GET', url(provider.fenland_fresh)))
          .statusCode,
      ).toBe(200);
      expect(
        (await signedInject(t.app, multi.auth_token, 'GET', url(provider.acme_foods))).statusCode,
      ).toBe(403);
      const buyer = await loginAs(t.app, 'buyer@example.com');
      expect(
        (await signedInject(t.app, buyer.auth_token, 'GET', url(provider.fenland_fresh)))
          .statusCode,
      ).toBe(403);
    });

    it('refuse unknown or missing settings with 406', async () => {
      const processor = await loginAs(t.app, 'processor@example.com');
      const response = await signedInject(
        t.app,
        processor.auth_token,
        'PUT',
        url(provider.fenland_fresh),
        {
          email_news: 'yes',
          carrier_pigeon: true,
        },
      );
      expect(response.statusCode).toBe(406);
      const errors = response.json<ApiErrorBody>().errors as Record<string, string[]>;
      expect(errors.email_news).toEqual(['must be true or false']);
      expect(errors.carrier_pigeon).toEqual(['is not a notification setting']);
      expect(errors.sms_urgent).toEqual(['is required']);
    });
  });
});
