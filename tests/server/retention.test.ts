import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredData } from '../../server/maintenance/retention.ts';
import { loginAs, startTestApp, type TestApp } from './test-app.ts';

describe('retention sweep (what the Privacy Policy promises)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const count = async (table: string) =>
    (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;

  it('removes expired sessions, spent sign-on tokens, analytics past 14 months, logs past 90 days and access log entries past their retention', async () => {
    const farmer = await loginAs(t.app, 'farmer@example.com');
    const userId = farmer.user.id;
    await t.db.query(
      `insert into auth_tokens (key, user_id, secret, expires_at) values ('old', $1, 's', now() - interval '1 minute')`,
      [userId],
    );
    await t.db.query(
      `insert into sso_tokens (token_hash, user_id, expires_at, used_at) values
         ('spent', $1, now() + interval '1 minute', now()),
         ('stale', $1, now() - interval '1 minute', null),
         ('live', $1, now() + interval '5 minutes', null)`,
      [userId],
    );
    await t.db.query(
      `insert into analytics_sessions (user_id, business_type, user_agent, window_width, window_height,
         screen_width, screen_height, created_at) values
         ($1, 'farm', 'x', 1, 1, 1, 1, now() - interval '15 months'),
         ($1, 'farm', 'x', 1, 1, 1, 1, now() - interval '13 months')`,
      [userId],
    );
    await t.db.query(
      `insert into client_logs (app_name, level, message, received_at) values
         ('demo', 5, 'old', now() - interval '91 days'), ('demo', 5, 'recent', now() - interval '89 days')`,
    );

    const unitId = (await t.db.query<{ id: number }>('select id from units order by id limit 1'))
      .rows[0]?.id;
    await t.db.query(
      `insert into data_access_log (unit_id, user_name, provider_name, category, what, action, at)
       values ($1, 'A', 'B', 'documents', 'Farm Documents', 'viewed', now() - interval '731 days'),
              ($1, 'A', 'B', 'documents', 'Farm Documents', 'viewed', now() - interval '729 days')`,
      [unitId],
    );

    expect(await sweepExpiredData(t.db)).toBe(6);
    expect(await count('auth_tokens')).toBe(1); // the farmer's live session
    expect((await t.db.query('select token_hash from sso_tokens')).rows).toEqual([
      { token_hash: 'live' },
    ]);
    expect(await count('analytics_sessions')).toBe(1);
    expect((await t.db.query('select message from client_logs')).rows).toEqual([
      { message: 'recent' },
    ]);
    expect(await count('data_access_log')).toBe(1);
    expect(await sweepExpiredData(t.db)).toBe(0);
  });
});
