import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiSuccess, AuthResponse } from '../../shared/api.ts';
import type { ReportResult } from '../../shared/reports/result.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

/** GET /api/units/{unit}/reports/{id}: config/reports/ worked out on the server, on PGlite. */
describe('reports API', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let multi: AuthResponse;
  let dairy: number;
  let beef: number;
  let arable: number;

  const call = (who: AuthResponse, method: 'GET' | 'POST', path: string, body?: unknown) =>
    signedInject(t.app, who.auth_token, method, path, body);
  const report = async (who: AuthResponse, unit: number, id: string, query = '') => {
    const response = await call(who, 'GET', `/api/units/${String(unit)}/reports/${id}${query}`);
    return { status: response.statusCode, response };
  };
  const add = async (who: AuthResponse, unit: number, type: string, data: object) => {
    const r = await call(who, 'POST', `/api/units/${String(unit)}/records/${type}`, data);
    expect(r.statusCode).toBe(201);
  };

  beforeAll(async () => {
    t = await startTestApp();
    [farmer, multi] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'multi@example.com'),
    ]);
    const unitNamed = async (name: string) =>
      (await t.db.query<{ id: number }>('select id from units where name = $1', [name])).rows[0]
        ?.id ?? -1;
    [dairy, beef, arable] = await Promise.all([
      unitNamed('Lower Dale Dairy'),
      unitNamed('Highfield Beef'),
      unitNamed('Highfield Arable'),
    ]);
  });
  afterAll(() => t.close());

  it("works out a beef unit's herd report from its animal records", async () => {
    // Without the demo herd (server/seed/demo-records.ts): these three animals only.
    await t.db.query('delete from records where unit_id = $1', [beef]);
    const animals = [
      {
        ear_tag: 'UK 123456 700001',
        sex: 'Female',
        date_of_birth: '2020-03-01',
        status: 'On farm',
      },
      {
        ear_tag: 'UK 123456 700002',
        sex: 'Female',
        date_of_birth: '2021-04-01',
        status: 'Died',
        date_off_holding: '2026-02-10',
      },
      { ear_tag: 'UK 123456 700003', sex: 'Male', date_of_birth: '2026-01-15', status: 'On farm' },
    ];
    for (const a of animals) await add(multi, beef, 'animal', a);
    const { status, response } = await report(multi, beef, 'herd', '?from=2026-01&to=2026-02');
    expect(status).toBe(200);
    const result = response.json<ApiSuccess<ReportResult>>().data;
    expect(result).toMatchObject({
      id: 'herd',
      title: 'Herd and Flock Report',
      range: { from: '2026-01', to: '2026-02' },
      sources: [{ recordType: 'animal', records: 3 }],
      empty: false,
    });
    const months = result.tables[0];
    expect(months?.columns.map((c) => c.key)).toEqual([
      'opening',
      'births',
      'arrivals',
      'deaths',
      'sales',
      'head',
      'mortality',
      'weighed',
      'dlwg',
    ]);
    // February: 3 at the start, a cow died (33.3 %), 2 at the end; January: 2, a calf born, 3.
    expect(months?.rows).toEqual([
      // No one weighed with a birth weight: no liveweight gain, not 0.
      {
        key: '2026-02',
        dimensions: ['2026-02'],
        values: [3, 0, 0, 1, 0, 2, (1 / 3) * 100, 0, null],
      },
      { key: '2026-01', dimensions: ['2026-01'], values: [2, 1, 0, 0, 0, 3, 0, 0, null] },
    ]);
    expect(result.headlines.find((h) => h.id === 'head')).toMatchObject({
      value: 2,
      unit: 'head',
    });
  });

  it('gives the report as CSV, one row per figure, with a byte order mark and ISO periods', async () => {
    const response = await call(
      multi,
      'GET',
      `/api/units/${String(beef)}/reports/herd.csv?from=2026-01&to=2026-02`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="highfield-beef-herd-2026-01-to-2026-02-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFPart,Period,Group,Figure,Value,Unit');
    expect(lines).toContain('Headlines,2026-01/2026-02,,Head on the holding,2,head');
    expect(lines).toContain('"Month by month, newest first",2026-02,,Mortality,33.3,%');
    expect(lines).toContain('"By sex, month by month",2026-01,Male,Births,1,head');
    expect(Number(response.headers['x-total-count'])).toBe(lines.length - 2);
    expect(
      (await call(multi, 'GET', `/api/units/${String(beef)}/reports/monthly.csv`)).statusCode,
    ).toBe(403);
  });

  it('refuses a report whose record type the plan lacks, and a unit that is not the user’s', async () => {
    // A beef plan has no monthly records: the monthly report is not offered, nor answered.
    const monthly = await report(multi, beef, 'monthly');
    expect(monthly.status).toBe(403);
    expect(monthly.response.json<ApiErrorBody>().msg).toBe(
      'You do not have access to Monthly Reports on this unit.',
    );
    expect((await report(multi, arable, 'herd')).status).toBe(403);
    expect([403, 404]).toContain((await report(farmer, beef, 'herd')).status);
    expect((await report(multi, beef, 'nonsense')).status).toBe(404);
    // The plan named must be the unit's and hold the report.
    const plans = await t.db.query<{ package_id: number }>(
      'select package_id from unit_packages where unit_id = $1',
      [beef],
    );
    const plan = plans.rows[0]?.package_id ?? -1;
    expect((await report(multi, beef, 'herd', `?plan=${String(plan)}`)).status).toBe(200);
    expect((await report(multi, beef, 'monthly', `?plan=${String(plan)}`)).status).toBe(403);
  });

  it('flags an annual net profit that differs from gross margin less fixed costs', async () => {
    await add(farmer, dairy, 'annual', {
      year_end_date: '2026-03-31',
      total_farmed_ha: 250,
      total_output_gbp: 900_000,
      variable_costs_gbp: 400_000,
      fixed_costs_gbp: 45_000,
      net_profit_gbp: 330_000,
    });
    const { status, response } = await report(farmer, dairy, 'annual-check');
    expect(status).toBe(200);
    const result = response.json<ApiSuccess<ReportResult>>().data;
    // The default range ends with the newest year recorded.
    expect(result.range.to).toBe('2026');
    expect(result.checks[0]?.rows[0]).toEqual({
      period: '2026',
      computed: 455_000,
      entered: 330_000,
      difference: -125_000,
      flagged: true,
    });
  });

  it('reads only the records of the periods asked for, and refuses a period of the wrong form', async () => {
    await add(farmer, dairy, 'monthly', {
      month: '2026-10-01',
      milk_sold_litres: 186_000,
      cows_in_milk: 200,
    });
    await add(farmer, dairy, 'monthly', {
      month: '2024-01-01',
      milk_sold_litres: 1,
      cows_in_milk: 1,
    });
    const { response } = await report(farmer, dairy, 'monthly', '?from=2026-01&to=2026-12');
    const result = response.json<ApiSuccess<ReportResult>>().data;
    expect(result.sources).toEqual([{ recordType: 'monthly', records: 1 }]);
    expect(result.tables[0]?.rows[0]?.values[2]).toBeCloseTo(30, 6); // 186,000 / 200 / 31
    const bad = await report(farmer, dairy, 'monthly', '?from=2026');
    expect(bad.status).toBe(400);
    expect(bad.response.json<ApiErrorBody>().msg).toBe(
      'from must be a period of this report: yyyy-MM (2026-03).',
    );
    expect((await report(farmer, dairy, 'monthly', '?from=2026-05&to=2026-01')).status).toBe(400);
  });
});
