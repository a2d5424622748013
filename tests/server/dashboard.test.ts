import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiSuccess, AuthResponse } from '../../shared/api.ts';
import type { DashboardOverview, DashboardResult } from '../../shared/dashboard/result.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

/** GET /api/units/{unit}/dashboard and /api/accounts/activity, on PGlite. */
describe('dashboard API', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let multi: AuthResponse;
  let buyer: AuthResponse;
  let dairy: number;
  let beef: number;

  const call = (who: AuthResponse, path: string, method: 'GET' | 'POST' = 'GET', body?: unknown) =>
    signedInject(t.app, who.auth_token, method, path, body);
  const dashboard = async (who: AuthResponse, unit: number, query = '') => {
    const response = await call(who, `/api/units/${String(unit)}/dashboard${query}`);
    return { status: response.statusCode, response };
  };
  const add = async (who: AuthResponse, unit: number, type: string, data: object) => {
    const r = await call(who, `/api/units/${String(unit)}/records/${type}`, 'POST', data);
    expect(r.statusCode).toBe(201);
    return r.json<ApiSuccess<{ id: number }>>().data.id;
  };
  const isoDay = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApp();
    [farmer, multi, buyer] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'multi@example.com'),
      loginAs(t.app, 'buyer@example.com'),
    ]);
    const unitNamed = async (name: string) =>
      (await t.db.query<{ id: number }>('select id from units where name = $1', [name])).rows[0]
        ?.id ?? -1;
    [dairy, beef] = await Promise.all([unitNamed('Lower Dale Dairy'), unitNamed('Highfield Beef')]);
  });
  afterAll(() => t.close());

  it("works out a dairy's KPIs over the newest 12 months recorded and the 12 before, by hand", async () => {
    await t.db.query("delete from records where unit_id = $1 and record_type like 'monthly%'", [
      dairy,
    ]);
    // The newest month is June 2025: the window is Jul 2024–Jun 2025, the one before Jul 2023–Jun 2024.
    const month = (m: string, litres: number, price: number, scc: number, tonnes: number) =>
      add(farmer, dairy, 'monthly', {
        month: `${m}-01`,
        milk_sold_litres: litres,
        cows_in_milk: 200,
        milk_price_ppl: price,
        somatic_cell_count: scc,
        concentrate_fed_tonnes: tonnes,
      });
    await month('2025-06', 180_000, 40, 150, 36);
    await month('2025-04', 155_000, 38, 250, 31);
    await month('2024-06', 150_000, 35, 200, 36);
    await month('2023-06', 1, 1, 1, 1); // before both windows: counted in neither
    await add(farmer, dairy, 'monthly-forecast', {
      month: '2025-06-01',
      forecast_milk_litres: 200_000,
      forecast_cows_in_milk: 200,
    });

    const { status, response } = await dashboard(farmer, dairy);
    expect(status).toBe(200);
    const result = response.json<ApiSuccess<DashboardResult>>().data;
    expect(result.unit).toMatchObject({ id: dairy, enterprise: 'Dairy' });
    const kpi = (id: string) => result.kpis.find((k) => k.id === id);
    expect(result.kpis.map((k) => k.id)).toEqual([
      'milk-yield',
      'milk-price',
      'scc',
      'concentrate',
    ]);

    // Yield: June 180,000 / 200 / 30 = 30.0, April 155,000 / 200 / 30 = 25.83; their mean 27.92
    // against June 2024's 150,000 / 200 / 30 = 25.0: up 2.92, 11.67 %.
    const yieldKpi = kpi('milk-yield');
    expect(yieldKpi).toMatchObject({
      title: 'Litres per cow per day',
      unit: 'l/cow/day',
      decimals: 1,
      report: { id: 'monthly', title: 'Monthly Reports' },
      recordTypes: ['monthly'],
      current: { from: '2024-07', to: '2025-06', recorded: 2, periods: 12 },
      previous: { from: '2023-07', to: '2024-06', recorded: 1, periods: 12 },
    });
    expect(yieldKpi?.current.value).toBeCloseTo(27.916_667, 5);
    expect(yieldKpi?.previous.value).toBeCloseTo(25, 9);
    expect(yieldKpi?.change.absolute).toBeCloseTo(2.916_667, 5);
    expect(yieldKpi?.change.percent).toBeCloseTo(11.666_667, 5);

    // Price weighted by litres: (180,000 × 40 + 155,000 × 38) / 335,000 = 39.07 against 35.
    expect(kpi('milk-price')?.current.value).toBeCloseTo(39.074_627, 5);
    expect(kpi('milk-price')?.change.percent).toBeCloseTo(11.641_791, 5);
    // SCC: the mean of 150 and 250 is 200, as the year before: no change, not a missing one.
    expect(kpi('scc')?.change).toEqual({ absolute: 0, percent: 0 });
    // Concentrate: 67 t over 335,000 l = 0.20 kg/l against 36 t / 150,000 l = 0.24: down 16.7 %.
    expect(kpi('concentrate')?.current.value).toBeCloseTo(0.2, 9);
    expect(kpi('concentrate')?.change.percent).toBeCloseTo(-16.666_667, 5);

    // Forecast against actual, for June 2025, the newest month with an actual figure.
    expect(result.forecasts[0]).toEqual({
      title: 'Milk sold',
      report: { id: 'forecast-monthly', title: 'Monthly Forecast vs Actual' },
      grain: 'month',
      period: '2025-06',
      unit: 'l',
      decimals: 0,
      actual: 180_000,
      forecast: 200_000,
      difference: { absolute: -20_000, percent: -10 },
      recordTypes: ['monthly', 'monthly-forecast'],
    });
    // No annual records nor forecasts: this year's figures are missing, not 0.
    expect(result.forecasts[1]).toMatchObject({
      title: 'Net profit',
      period: result.today.slice(0, 4),
      actual: null,
      forecast: null,
      difference: { absolute: null, percent: null },
      recordTypes: ['annual', 'annual-forecast'],
    });
  });

  it("shows a beef unit's herd KPIs and the withdrawals in force, and none of a report its plan lacks", async () => {
    const treated = isoDay(-3);
    const id = await add(multi, beef, 'medicine-book', {
      treatment_date: treated,
      animal_id: 'UK 391040 200011',
      product_name: 'Alamycin LA',
      batch_number: 'B123',
      dose: 10,
      dose_unit: 'ml',
      administered_by: 'Sam',
      meat_withdrawal_end: isoDay(25),
    });
    // Over: not an open action.
    await add(multi, beef, 'medicine-book', {
      treatment_date: isoDay(-60),
      animal_id: 'UK 391040 200012',
      product_name: 'Metacam',
      batch_number: 'M1',
      dose: 5,
      dose_unit: 'ml',
      administered_by: 'Sam',
      meat_withdrawal_end: isoDay(-2),
    });
    const { status, response } = await dashboard(multi, beef);
    expect(status).toBe(200);
    const result = response.json<ApiSuccess<DashboardResult>>().data;
    expect(result.unit.enterprise).toBe('Beef');
    expect(result.kpis.map((k) => k.id)).toEqual(['head', 'births', 'deaths', 'sales', 'dlwg']);
    // The demo herd (server/seed/demo-records.ts) ends March 2026 with 6 head, and has had no change since.
    expect(result.kpis[0]).toMatchObject({
      title: 'Head on the holding',
      unit: 'head',
      report: { id: 'herd' },
      current: { value: 6 },
    });
    // A beef plan has no monthly records: no dairy figures, no forecasts.
    expect(result.forecasts).toEqual([]);
    // Highfield Beef's plan has no surveys: only the medicine book's source.
    expect(result.actionSources).toEqual([
      {
        id: 'medicine-withdrawals',
        title: 'Medicine withdrawals in force',
        empty: 'None in force today.',
      },
    ]);
    expect(result.actions).toEqual([
      {
        source: 'medicine-withdrawals',
        title: 'Meat withdrawal: Alamycin LA',
        detail: `UK 391040 200011, treated ${treated}`,
        due: isoDay(25),
        recordType: 'medicine-book',
        recordId: id,
      },
    ]);
  });

  it("refuses a unit that is not the caller's and a plan the unit does not hold; omits what the plan's rules do not allow", async () => {
    expect([403, 404]).toContain((await dashboard(farmer, beef)).status);
    expect([403, 404]).toContain((await dashboard(multi, dairy)).status);
    const plans = await t.db.query<{ package_id: number }>(
      'select package_id from unit_packages where unit_id = $1',
      [dairy],
    );
    const plan = plans.rows[0]?.package_id ?? -1;
    const other = await dashboard(farmer, dairy, '?plan=999999');
    expect(other.status).toBe(404);
    expect(other.response.json<ApiErrorBody>().msg).toContain('is not held by unit');
    // With the dairy's plan named, the figures are those of its rules.
    const named = await dashboard(farmer, dairy, `?plan=${String(plan)}`);
    expect(named.status).toBe(200);
    // Company staff see the dashboard of a unit of their provider only.
    expect([403, 404]).toContain((await dashboard(buyer, beef)).status);
  });

  it('gives company staff the count of units they may open and the newest changes they may see', async () => {
    const response = await call(buyer, '/api/accounts/activity');
    expect(response.statusCode).toBe(200);
    const overview = response.json<ApiSuccess<DashboardOverview>>().data;
    const listed = await call(buyer, '/api/accounts/units?per_page=1');
    expect(overview.units).toBe(
      listed.json<ApiSuccess<{ total_records: number }>>().data.total_records,
    );
    expect(overview.activity.length).toBeLessThanOrEqual(5);
    // A farm user has no units list: no overview either.
    expect((await call(farmer, '/api/accounts/activity')).statusCode).toBe(403);
  });
});

/** The dashboard's surveys due (issue 18, point 5), on a server whose clock says 24 Nov 2026. */
describe('dashboard: surveys due', () => {
  const NOW = Date.parse('2026-11-24T09:00:00Z');
  let t: TestApp;
  let farmer: AuthResponse;
  let dairy: number;

  beforeAll(async () => {
    t = await startTestApp({ clock: () => NOW });
    farmer = await loginAs(t.app, 'farmer@example.com');
    dairy =
      (await t.db.query<{ id: number }>("select id from units where name = 'Lower Dale Dairy'"))
        .rows[0]?.id ?? -1;
  });
  afterAll(() => t.close());

  it('lists the surveys waiting for answers that are overdue or due within 14 days, linked to each', async () => {
    const response = await signedInject(
      t.app,
      farmer.auth_token,
      'GET',
      `/api/units/${String(dairy)}/dashboard`,
      undefined,
      { timestamp: Math.floor(NOW / 1000) },
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ApiSuccess<DashboardResult>>().data;
    expect(result.actionSources).toContainEqual({
      id: 'surveys-due',
      title: 'Surveys due',
      empty: 'None due in the next 14 days.',
    });
    // The herd health review closed on 20 Nov (answers taken late until 31 Dec); the antibiotic
    // return closes on 4 Dec; the sustainability survey, due 15 Jan 2027, is not due yet.
    expect(result.actions.filter((a) => a.source === 'surveys-due')).toEqual([
      {
        source: 'surveys-due',
        title: 'Herd Health and Welfare Review 2026',
        detail: 'Moorland Vale Dairies · Overdue by 4 days',
        due: '2026-11-20',
        dueLabel: 'Due',
        recordType: '',
        recordId: 0,
        path: '/unit/surveys/moorland-vale-herd-health-2026',
      },
      {
        source: 'surveys-due',
        title: 'Antibiotic Use Return 2026',
        detail: 'Moorland Vale Dairies · Due in 10 days',
        due: '2026-12-04',
        dueLabel: 'Due',
        recordType: '',
        recordId: 0,
        path: '/unit/surveys/moorland-vale-antibiotic-use-2026',
      },
    ]);
  });
});
