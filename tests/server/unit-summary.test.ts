import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSuccess, ApiUnitSummary, AuthResponse } from '../../shared/api.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

describe('GET /api/accounts/units/{unitId}/summary/{planId}', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let processor: AuthResponse;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    [farmer, processor] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'processor@example.com'),
    ]);
    const { rows } = await t.db.query<{ key: string; id: number }>(
      `select 'dairy' as key, id from units where name = 'Lower Dale Dairy'
       union all select 'arable', id from units where name = 'Highfield Arable'
       union all select 'dairy_plan', up.package_id from unit_packages up join units u on u.id = up.unit_id where u.name = 'Lower Dale Dairy'
       union all select 'fenland_plan', id from packages where reference = 'fenland_fresh_grower_scheme'
       union all select 'tillwell_plan', id from packages where reference = 'tillwell_agronomy_service'`,
    );
    for (const r of rows) ids[r.key] = r.id;
  });
  afterAll(() => t.close());

  const id = (key: string) => ids[key] ?? -1;
  const summary = (who: AuthResponse, unit: number, plan: number) =>
    signedInject(t.app, who.auth_token, 'GET', `/api/accounts/units/${unit}/summary/${plan}`);

  it('answers the unit, its farm, the plan and counts with the latest entry per record type', async () => {
    const post = (data: object) =>
      signedInject(
        t.app,
        farmer.auth_token,
        'POST',
        `/api/units/${id('dairy')}/records/monthly`,
        data,
      );
    await post({ month: '2026-09-01', milk_sold_litres: 170_000, cows_in_milk: 210 });
    await post({ month: '2026-10-01', milk_sold_litres: 182_000, cows_in_milk: 212 });

    const response = await summary(farmer, id('dairy'), id('dairy_plan'));
    expect(response.statusCode).toBe(200);
    const data = response.json<ApiSuccess<ApiUnitSummary>>().data;
    expect(data.unit).toMatchObject({
      name: 'Lower Dale Dairy',
      unit_type_name: 'Dairy',
      supports: { mifarm: true },
    });
    expect(data.unit.holding_number).toMatch(/^\d{2}\/\d{3}\/\d{4}$/);
    expect(data.farm).toMatchObject({
      name: 'Lower Dale Farm',
      main_contact: { last_name: expect.any(String) as unknown },
    });
    expect(data.plan).toMatchObject({
      id: id('dairy_plan'),
      provider_name: expect.any(String) as unknown,
    });
    expect(data.plan.joined_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const monthly = data.records.find((r) => r.record_type === 'monthly');
    expect(monthly).toMatchObject({ title: 'Monthly Records', count: 2 });
    expect(monthly?.latest?.data).toMatchObject({ month: '2026-10-01' });
    expect(data.last_updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('lists only the record types the plan includes', async () => {
    const data = (await summary(processor, id('arable'), id('fenland_plan'))).json<
      ApiSuccess<ApiUnitSummary>
    >().data;
    expect(data.plan.provider_reference).toBe('fenland_fresh');
    expect(data.records.map((r) => r.record_type)).not.toContain('monthly');
    // Its newest entry is one of the seeded loads or QC results (server/seed/intake.ts).
    expect(data.last_updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("counts a provider's forms only for the staff they are for", async () => {
    const types = async (who: AuthResponse, unit: number, plan: number) =>
      (await summary(who, unit, plan))
        .json<ApiSuccess<ApiUnitSummary>>()
        .data.records.map((r) => r.record_type);
    // Fenland Fresh staff of sub type 118 see its three forms on its own plan…
    expect(await types(processor, id('arable'), id('fenland_plan'))).toEqual(
      expect.arrayContaining(['grower-return', 'load-passport', 'qc-result']),
    );
    // …the farmer's dairy plan includes submissions, but the forms are not the farm's.
    const farm = await types(farmer, id('dairy'), id('dairy_plan'));
    expect(farm).toContain('monthly');
    for (const form of ['grower-return', 'load-passport', 'qc-result']) {
      expect(farm).not.toContain(form);
    }
  });

  it("refuses a plan that is not the user's to see, another farm's unit and a plan the unit lacks", async () => {
    expect((await summary(processor, id('arable'), id('tillwell_plan'))).statusCode).toBe(403);
    expect((await summary(farmer, id('arable'), id('fenland_plan'))).statusCode).toBe(403);
    expect((await summary(farmer, id('dairy'), id('fenland_plan'))).statusCode).toBe(404);
    expect((await summary(farmer, 999_999, id('dairy_plan'))).statusCode).toBe(404);
  });
});
