import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSuccess, AuthResponse } from '../../shared/api.ts';
import type { CustomerInsights, FarmBenchmark } from '../../shared/benchmarking/api.ts';
import { POPULATION_TTL_MS } from '../../server/benchmarks/service.ts';
import {
  loginAs,
  signedInject as signedAtNow,
  startTestApp,
  type TestApp,
  unitIdNamed,
} from './test-app.ts';

/**
 * Benchmarking on a real database (issue 19): the seeded records are set aside and a known
 * population of dairy farms is written, so every group's size is known: 24 farms of 150 cows in
 * North Yorkshire, Lower Dale Dairy (farmer@) of 400, all with 2025 complete.
 */
describe('benchmarking API', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let buyer: AuthResponse;
  let processor: AuthResponse;
  let lowerDale: number;
  let now = Date.parse('2026-06-01T09:00:00Z');
  const made: number[] = [];

  async function dairyFarm(name: string, county: string, plans: string[]): Promise<number> {
    const { rows: b } = await t.db.query<{ id: number }>(
      `insert into businesses (name, type) values ($1, 'farm') returning id`,
      [name],
    );
    const { rows: f } = await t.db.query<{ id: number }>(
      `insert into farms (business_id, name, contact_first_name, contact_last_name, contact_email,
         contact_phone, address_line1, town, county, postcode)
       values ($1, $2, 'Test', 'Farmer', 'test@example.com', '01000 000000', $2, 'Town', $3, 'AB1 2CD')
       returning id`,
      [b[0]?.id, name, county],
    );
    const { rows: u } = await t.db.query<{ id: number }>(
      `insert into units (farm_id, name, unit_type_id, holding_number)
       select $1, $2, id, '99/999/9999' from unit_types where name = 'Dairy' returning id`,
      [f[0]?.id, `${name} Dairy`],
    );
    const unit = u[0]?.id ?? -1;
    for (const plan of plans)
      await t.db.query(
        `insert into unit_packages (unit_id, package_id, joined_on)
         select $1, id, '2020-01-01' from packages where reference = $2`,
        [unit, plan],
      );
    return unit;
  }

  /** Twelve months of 2025: `cows` in milk, `litresPerCow` a month each. */
  async function year2025(unit: number, cows: number, litresPerCow: number) {
    for (let m = 1; m <= 12; m++)
      await t.db.query(
        `insert into records (unit_id, record_type, data) values ($1, 'monthly', $2::jsonb)`,
        [
          unit,
          JSON.stringify({
            month: `2025-${String(m).padStart(2, '0')}-01`,
            milk_sold_litres: cows * litresPerCow,
            cows_in_milk: cows,
            dry_cows: 0,
            somatic_cell_count: 150,
            milk_price_ppl: 40,
            concentrate_fed_tonnes: (cows * litresPerCow * 0.3) / 1000,
          }),
        ],
      );
  }

  /** Signed at the app's clock, which the test moves on past the population's lifetime. */
  const signedInject = (...args: Parameters<typeof signedAtNow>) =>
    signedAtNow(args[0], args[1], args[2], args[3], args[4], {
      timestamp: Math.floor(now / 1000),
    });

  const farmBenchmark = async (who: AuthResponse, unit: number) =>
    signedInject(
      t.app,
      who.auth_token,
      'GET',
      `/api/units/${String(unit)}/benchmarks/moorland_vale`,
    );

  beforeAll(async () => {
    t = await startTestApp({ clock: () => now });
    [farmer, buyer, processor] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'buyer@example.com'),
      loginAs(t.app, 'processor@example.com'),
    ]);
    // A known population: the seed's own dairy records and calculations are set aside.
    await t.db.query(`delete from records where record_type in ('monthly', 'annual')`);
    await t.db.query('delete from calculations');
    lowerDale = await unitIdNamed(t.db, 'Lower Dale Dairy');
    await year2025(lowerDale, 400, 700);
    const { rows: acme } = await t.db.query<{ reference: string }>(
      `select pk.reference from packages pk join providers p on p.id = pk.provider_id
       where p.reference = 'acme_foods' order by pk.id limit 1`,
    );
    const acmePlan = acme[0]?.reference ?? '';
    for (let i = 0; i < 24; i++) {
      // The first 22 also supply Acme Foods.
      const plans = ['moorland_vale_milk_premium', ...(i < 22 ? [acmePlan] : [])];
      const unit = await dairyFarm(`Benchmark ${String(i + 1)}`, 'North Yorkshire', plans);
      made.push(unit);
      await year2025(unit, 150, 600 + i * 5);
    }
  });
  afterAll(() => t.close());

  it('gives the farm its own KPIs against the released national group, with n and band', async () => {
    const response = await farmBenchmark(farmer, lowerDale);
    expect(response.statusCode).toBe(200);
    const body = response.json<ApiSuccess<FarmBenchmark>>().data;
    expect(body.periods).toEqual(['2025']);
    expect(body.period).toBe('2025');
    expect(body.ownComplete).toBe(true);
    expect(body.sizeBand).toBe('350 cows or more');
    expect(body.groups.map((g) => g.id)).toEqual(['national', 'region', 'size', 'region-size']);
    const litres = body.kpis.find((k) => k.id === 'litres_per_cow');
    expect(litres?.unit).toBe('l/cow');
    expect(litres?.own).toEqual([{ period: '2025', value: 8400 }]);
    const national = litres?.groups.find((g) => g.group === 'national')?.statistic;
    // 24 farms of 7,200 to 8,580 l/cow and Lower Dale's 8,400.
    expect(national).toMatchObject({ status: 'released', n: 25, band: 'Indicative' });
    if (national?.status === 'released') {
      expect(national.q1).toBeGreaterThan(7200);
      expect(national.q3).toBeLessThan(8580);
    }
    expect(litres?.position).toEqual({ group: 'national', quarter: 'top' });
  });

  it('never releases a group of one: the farm alone in its herd-size band', async () => {
    const body = (await farmBenchmark(farmer, lowerDale)).json<ApiSuccess<FarmBenchmark>>().data;
    for (const kpi of body.kpis) {
      for (const id of ['size', 'region-size']) {
        const statistic = kpi.groups.find((g) => g.group === id)?.statistic;
        expect(statistic).toEqual({ status: 'suppressed', reason: 'too-few', minGroupSize: 20 });
      }
    }
  });

  it('refuses the national group once one farm has joined it since it was released', async () => {
    const joined = await dairyFarm('Benchmark late', 'Devon', ['moorland_vale_milk_premium']);
    await year2025(joined, 150, 650);
    now += POPULATION_TTL_MS + 1000;
    const body = (await farmBenchmark(farmer, lowerDale)).json<ApiSuccess<FarmBenchmark>>().data;
    const national = body.kpis
      .find((k) => k.id === 'litres_per_cow')
      ?.groups.find((g) => g.group === 'national')?.statistic;
    expect(national).toEqual({ status: 'suppressed', reason: 'differencing', minGroupSize: 20 });
  });

  it("refuses a farm user another farm's unit, and staff another provider's report", async () => {
    expect((await farmBenchmark(farmer, made[0] ?? -1)).statusCode).toBe(403);
    expect((await farmBenchmark(buyer, lowerDale)).statusCode).toBe(403);
    const unknown = await signedInject(
      t.app,
      farmer.auth_token,
      'GET',
      `/api/units/${String(lowerDale)}/benchmarks/acme_foods`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("gives a retailer's staff their suppliers only, and refuses staff without insights", async () => {
    const response = await signedInject(
      t.app,
      buyer.auth_token,
      'GET',
      '/api/insights?per_page=100',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<ApiSuccess<CustomerInsights>>().data;
    expect(body.enterprise.id).toBe('dairy');
    expect(body.total_records).toBe(22);
    // Acme's suppliers only: Lower Dale Dairy (Moorland Vale alone) is not among them.
    expect(body.units.map((u) => u.unitId).sort((a, b) => a - b)).toEqual(made.slice(0, 22));
    expect(body.units.some((u) => u.unitId === lowerDale)).toBe(false);
    // 22 suppliers beside a released national group of 25 or 26: differencing refuses them.
    const litres = body.kpis.find((k) => k.id === 'litres_per_cow');
    expect(litres?.suppliers[0]?.statistic).toMatchObject({ status: 'suppressed' });
    expect(body.uptake.suppliers).toBe(22);

    for (const who of [processor, farmer]) {
      const refused = await signedInject(t.app, who.auth_token, 'GET', '/api/insights');
      expect(refused.statusCode).toBe(403);
    }
  });

  it('exports one CSV row per supplying unit', async () => {
    const response = await signedInject(t.app, buyer.auth_token, 'GET', '/api/insights.csv');
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Milk sold per cow (l/cow)');
    expect(lines).toHaveLength(23);
  });
});
