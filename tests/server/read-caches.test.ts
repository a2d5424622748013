import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiUnitSummary, ApiUnitsPage, AuthResponse, AuthToken } from '../../shared/api.ts';
import {
  loginAs,
  onceHeard,
  otherServer,
  signedInject,
  startTestApp,
  type TestApp,
  unitIdNamed,
} from './test-app.ts';

/**
 * Each server holds the units list's pages and the unit summaries it has read until the database
 * announces a change to what they were read from. A change made on one server, or by SQL on none,
 * must show on every server sharing the database, at once on the server that made it; and two
 * users share what is held only where the database would answer them the same.
 */
describe('the units list and unit summary held in memory', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let closeOther: () => Promise<void>;
  let buyer: AuthResponse;
  let processor: AuthResponse;
  let farmer: AuthResponse;
  let unit: number;
  let plan: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ app: other, close: closeOther } = await otherServer(t, { production: true }));
    buyer = await loginAs(t.app, 'buyer@example.com');
    processor = await loginAs(t.app, 'processor@example.com');
    farmer = await loginAs(t.app, 'farmer@example.com');
    unit = await unitIdNamed(t.db, 'Lower Dale Dairy');
    const { rows } = await t.db.query<{ package_id: number }>(
      'select package_id from unit_packages where unit_id = $1 order by 1 limit 1',
      [unit],
    );
    plan = rows[0]?.package_id ?? 0;
  });
  afterAll(async () => {
    await closeOther();
    await t.close();
  });

  async function data<T>(app: FastifyInstance, token: AuthToken, url: string): Promise<T> {
    const answer = await signedInject(app, token, 'GET', url);
    expect(answer.statusCode, answer.body).toBe(200);
    return (JSON.parse(answer.body) as { data: T }).data;
  }

  const search = (term: string) => `/api/accounts/units?search=${encodeURIComponent(term)}`;
  const names = (page: ApiUnitsPage) => page.records.map((r) => r.unit_name);
  const summaryUrl = () => `/api/accounts/units/${String(unit)}/summary/${String(plan)}`;
  const monthlyCount = (summary: ApiUnitSummary) =>
    summary.records.find((r) => r.record_type === 'monthly')?.count ?? 0;

  // First: a change to units (the next test's) would drop what the other server holds.
  it('counts a record in the summary on every server: at once on the one that saved it', async () => {
    const before = monthlyCount(await data(t.app, farmer.auth_token, summaryUrl()));
    expect(monthlyCount(await data(other, farmer.auth_token, summaryUrl()))).toBe(before);
    const summaryOn = (app: FastifyInstance) =>
      data<ApiUnitSummary>(app, farmer.auth_token, summaryUrl());
    const month = (day: string) => ({
      month: `1990-01-${day}`,
      milk_sold_litres: 100_000,
      cows_in_milk: 150,
      butterfat_percent: 4,
    });

    // With the database's notice silenced, only the saving server's own word can make its next
    // summary right; the other server, never told, still shows what it holds.
    await t.db.query('alter table records disable trigger records_added_notify');
    try {
      const saved = await signedInject(
        t.app,
        farmer.auth_token,
        'POST',
        `/api/units/${String(unit)}/records/monthly`,
        month('01'),
      );
      expect(saved.statusCode, saved.body).toBe(201);
      expect(monthlyCount(await summaryOn(t.app))).toBe(before + 1);
      expect(monthlyCount(await summaryOn(other))).toBe(before);
    } finally {
      await t.db.query('alter table records enable trigger records_added_notify');
    }

    // A record added by SQL, on no server: every server counts both, then neither once removed.
    await t.db.query(
      "insert into records (unit_id, record_type, data) values ($1, 'monthly', $2)",
      [unit, JSON.stringify(month('02'))],
    );
    for (const app of [t.app, other]) {
      await onceHeard(async () => expect(monthlyCount(await summaryOn(app))).toBe(before + 2));
    }
    await t.db.query(
      "delete from records where unit_id = $1 and record_type = 'monthly' and data->>'month' like '1990-01-%'",
      [unit],
    );
    for (const app of [t.app, other]) {
      await onceHeard(async () => expect(monthlyCount(await summaryOn(app))).toBe(before));
    }
  });

  it('shows a unit renamed by SQL on every server, and no other provider sees it', async () => {
    const first = (await data<ApiUnitsPage>(t.app, buyer.auth_token, search(''))).records[0];
    if (!first) throw new Error('The buyer lists no units.');
    const renamed = `${first.unit_name} Parlour`;
    let processorSees = false;
    for (const app of [t.app, other]) {
      expect(names(await data(app, buyer.auth_token, search(first.unit_name)))).toContain(
        first.unit_name,
      );
      const theirs = await data<ApiUnitsPage>(app, processor.auth_token, search(first.unit_name));
      processorSees = theirs.records.some((r) => r.unit_id === first.unit_id);
    }
    const processorsBefore = await data<ApiUnitsPage>(t.app, processor.auth_token, search(''));
    await t.db.query('update units set name = $2 where id = $1', [first.unit_id, renamed]);
    try {
      for (const app of [t.app, other]) {
        await onceHeard(async () => {
          const page = await data<ApiUnitsPage>(app, buyer.auth_token, search(first.unit_name));
          expect(names(page)).toContain(renamed);
          expect(names(page)).not.toContain(first.unit_name);
        });
      }
      // Staff of another provider: their own units, as before the change, the renamed one only
      // where a plan of theirs is on it.
      const processors = await data<ApiUnitsPage>(t.app, processor.auth_token, search(''));
      expect(processors.total_records).toBe(processorsBefore.total_records);
      const asked = await data<ApiUnitsPage>(t.app, processor.auth_token, search(renamed));
      expect(asked.records.some((r) => r.unit_id === first.unit_id)).toBe(processorSees);
    } finally {
      await t.db.query('update units set name = $2 where id = $1', [
        first.unit_id,
        first.unit_name,
      ]);
    }
  });
});
