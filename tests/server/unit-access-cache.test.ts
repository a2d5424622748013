import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, AuthToken } from '../../shared/api.ts';
import {
  loginAs,
  otherServer,
  signedInject,
  startTestApp,
  type TestApp,
  unitIdNamed,
} from './test-app.ts';

/**
 * Each server holds what the access check reads of a unit (its plans, who may see it, what its
 * farm withholds) until the database announces a change. A change made on one server, or by SQL
 * on none, must be refused on every server sharing the database: a cache must never let a
 * withdrawn consent or a removed plan through.
 */
describe('the access check held in memory', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let closeOther: () => Promise<void>;
  let multi: AuthResponse;
  let processor: AuthResponse;
  let arable: number;
  let fenland: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ app: other, close: closeOther } = await otherServer(t, { production: true }));
    multi = await loginAs(t.app, 'multi@example.com');
    processor = await loginAs(t.app, 'processor@example.com');
    arable = await unitIdNamed(t.db, 'Highfield Arable');
    const { rows } = await t.db.query<{ id: number }>(
      "select id from providers where reference = 'fenland_fresh'",
    );
    fenland = rows[0]?.id ?? 0;
  });
  afterAll(async () => {
    await closeOther();
    await t.close();
  });

  /** PostgreSQL delivers a notice a moment after the commit; PGlite before it returns. */
  async function statusSoon(
    app: FastifyInstance,
    token: AuthToken,
    url: string,
    expected: number,
  ): Promise<number> {
    const until = Date.now() + 5_000;
    for (;;) {
      const { statusCode } = await signedInject(app, token, 'GET', url);
      if (statusCode === expected || Date.now() > until) return statusCode;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const documents = () => `/api/units/${String(arable)}/documents`;

  it('refuses on the same server, at once, a category the farm has just withheld', async () => {
    expect((await signedInject(t.app, processor.auth_token, 'GET', documents())).statusCode).toBe(
      200,
    );
    const withheld = await signedInject(
      t.app,
      multi.auth_token,
      'PUT',
      `/api/units/${String(arable)}/consent/${String(fenland)}/documents`,
      { shared: false },
    );
    expect(withheld.statusCode).toBe(200);
    expect((await signedInject(t.app, processor.auth_token, 'GET', documents())).statusCode).toBe(
      403,
    );
  });

  it('refuses it on another server too, and shows it again there once shared again', async () => {
    expect(await statusSoon(other, processor.auth_token, documents(), 403)).toBe(403);
    const shared = await signedInject(
      t.app,
      multi.auth_token,
      'PUT',
      `/api/units/${String(arable)}/consent/${String(fenland)}/documents`,
      { shared: true },
    );
    expect(shared.statusCode).toBe(200);
    expect(await statusSoon(other, processor.auth_token, documents(), 200)).toBe(200);
  });

  it("refuses on every server a unit whose provider's plan was taken off it by SQL", async () => {
    for (const app of [t.app, other]) {
      expect((await signedInject(app, processor.auth_token, 'GET', documents())).statusCode).toBe(
        200,
      );
    }
    const { rows } = await t.db.query<{ unit_id: number; package_id: number; joined_on: string }>(
      `delete from unit_packages up using packages p
       where up.unit_id = $1 and p.id = up.package_id and p.provider_id = $2
       returning up.unit_id, up.package_id, up.joined_on::text`,
      [arable, fenland],
    );
    expect(rows.length).toBeGreaterThan(0);
    try {
      for (const app of [t.app, other]) {
        expect(await statusSoon(app, processor.auth_token, documents(), 403)).toBe(403);
      }
    } finally {
      for (const row of rows) {
        await t.db.query(
          'insert into unit_packages (unit_id, package_id, joined_on) values ($1, $2, $3::date)',
          [row.unit_id, row.package_id, row.joined_on],
        );
      }
    }
    expect(await statusSoon(other, processor.auth_token, documents(), 200)).toBe(200);
  });
});
