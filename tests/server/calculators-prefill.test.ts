import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MILK_KG_PER_LITRE, type Prefill } from '../../server/calculators/prefill.ts';
import type { ApiSuccess, ApiRecord, AuthResponse } from '../../shared/api.ts';
import { PORTAL_HEADERS, loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

/**
 * GET /api/units/{unitId}/calculators/{name}/prefill (issue 16, point 6): a calculator's
 * baseline from the unit's own records, each input with the record it came from; the seed has
 * no records, so the test writes them through the records API.
 */
describe('calculator prefill from the unit’s records', () => {
  let t: TestApp;
  let farmer: AuthResponse; // Lower Dale Dairy: monthly, annual and animal records; no crop records
  let multi: AuthResponse; // Highfield Arable (crop records), Highfield Sheep (animal, annual)
  const units: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    [farmer, multi] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'multi@example.com'),
    ]);
    const { rows } = await t.db.query<{ id: number; name: string }>(
      "select id, name from units where name in ('Lower Dale Dairy', 'Highfield Arable', 'Highfield Sheep')",
    );
    for (const row of rows) units[row.name] = row.id;
  });
  afterAll(() => t.close());

  const add = async (who: AuthResponse, unit: string, type: string, data: object) => {
    const response = await signedInject(
      t.app,
      who.auth_token,
      'POST',
      `/api/units/${units[unit]}/records/${type}`,
      data,
    );
    expect(response.statusCode, response.body).toBe(201);
    return String(response.json<ApiSuccess<ApiRecord>>().data.id);
  };
  const prefill = (who: AuthResponse, unit: string, name: string) =>
    signedInject(
      t.app,
      who.auth_token,
      'GET',
      `/api/units/${units[unit]}/calculators/${name}/prefill`,
    );
  const prefilled = async (who: AuthResponse, unit: string, name: string) => {
    const response = await prefill(who, unit, name);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApiSuccess<Prefill>>().data;
  };

  it('prefills a dairy baseline: herd from the latest monthly record, milk over 12 months, area from the annual record', async () => {
    expect(await prefilled(farmer, 'Lower Dale Dairy', 'ghg-dairy')).toMatchObject({
      inputs: {},
      sources: {},
    });

    // 14 months, Feb 2025 to Mar 2026: the last 12 (Apr 2025 to Mar 2026) count.
    const ids: string[] = [];
    let litres = 0;
    for (let i = 0; i < 14; i++) {
      const month = new Date(Date.UTC(2025, 1 + i, 1)).toISOString().slice(0, 10);
      const sold = 150_000 + i * 1_000;
      if (i >= 2) litres += sold;
      ids.push(
        await add(farmer, 'Lower Dale Dairy', 'monthly', {
          month,
          milk_sold_litres: sold,
          cows_in_milk: 170 + i,
          ...(i === 13 ? { dry_cows: 25 } : {}),
        }),
      );
    }
    const older = await add(farmer, 'Lower Dale Dairy', 'annual', {
      year_end_date: '2025-03-31',
      total_farmed_ha: 120,
      diesel_litres: 999,
    });
    const latestAnnual = await add(farmer, 'Lower Dale Dairy', 'annual', {
      year_end_date: '2026-03-31',
      total_farmed_ha: 142.5,
      gas_oil_litres: 15_000,
      electricity_kwh: 60_000,
    });
    expect(older).not.toBe(latestAnnual);
    // A crop record the farmer's plan does not let them read (no records_crop): never used.
    await t.db.query(
      `insert into records (unit_id, record_type, data) values ($1, 'crop',
        '{"field_name": "Hidden", "field_area_ha": 10, "crop": "Grass", "drilling_date": "2025-04-01",
          "harvest_date": "2025-08-01", "nitrogen_kg_per_ha": 200}')`,
      [units['Lower Dale Dairy']],
    );

    const data = await prefilled(farmer, 'Lower Dale Dairy', 'ghg-dairy');
    expect(data.inputs).toEqual({
      animals: [{ category: 'dairy_cow', head: 183 + 25 }],
      product: { kind: 'milk_kg', amount: Math.round(litres * MILK_KG_PER_LITRE) },
      area_ha: 142.5,
      // The latest year's fuel and power; the older year's diesel is not mixed in.
      gas_oil_l: 15_000,
      electricity_kwh: 60_000,
    });
    expect(data.sources['animals.0.head']).toMatchObject({
      recordType: 'monthly',
      recordId: ids[13],
      label: 'Monthly record, Mar 2026',
      path: '/unit/records/monthly',
    });
    expect(data.sources['product.amount']).toMatchObject({
      recordType: 'monthly',
      recordId: ids[13],
      recordIds: ids.slice(2),
      path: '/unit/records/monthly',
    });
    expect(data.sources['product.amount']?.label).toMatch(/Apr 2025 to Mar 2026/);
    expect(data.sources['product.amount']?.note).toMatch(/litres .* × 1\.03 kg\/litre/);
    expect(data.sources.area_ha).toMatchObject({
      recordType: 'annual',
      recordId: latestAnnual,
      path: '/unit/records/annual',
    });
    for (const input of ['gas_oil_l', 'electricity_kwh']) {
      expect(data.sources[input]).toMatchObject({
        recordType: 'annual',
        recordId: latestAnnual,
        label: expect.stringMatching(/^Annual record, year ending /) as unknown,
      });
    }
    expect(data.inputs).not.toHaveProperty('synthetic_n_kg');
    expect(data.notes.join(' ')).toMatch(/fertiliser N/);

    // The screens' name is the same calculator; the prefill is valid input to evaluate.
    expect(await prefilled(farmer, 'Lower Dale Dairy', 'ghg-what-if-dairy')).toEqual(data);
    const evaluated = await signedInject(
      t.app,
      farmer.auth_token,
      'POST',
      '/api/calculators/ghg-dairy/evaluate',
      { inputs: data.inputs },
    );
    expect(evaluated.statusCode, evaluated.body).toBe(200);
  });

  it('prefills an arable baseline from the crop records of the latest harvest year', async () => {
    const wheat = await add(multi, 'Highfield Arable', 'crop', {
      field_name: 'Top Field',
      field_area_ha: 12.5,
      crop: 'Winter wheat',
      drilling_date: '2024-10-05',
      harvest_date: '2025-08-10',
      yield_t_per_ha: 8.4,
      nitrogen_kg_per_ha: 190,
    });
    const potatoes = await add(multi, 'Highfield Arable', 'crop', {
      field_name: 'Long Acre',
      field_area_ha: 7.5,
      crop: 'Potatoes',
      drilling_date: '2025-04-02',
      harvest_date: '2025-09-20',
      yield_t_per_ha: 45,
      nitrogen_kg_per_ha: 160,
    });
    await add(multi, 'Highfield Arable', 'crop', {
      field_name: 'Top Field',
      field_area_ha: 12.5,
      crop: 'Oilseed rape',
      drilling_date: '2023-08-20',
      harvest_date: '2024-07-25',
      yield_t_per_ha: 3.5,
      nitrogen_kg_per_ha: 200,
    });
    const data = await prefilled(multi, 'Highfield Arable', 'ghg-arable');
    expect(data.inputs).toEqual({
      synthetic_n_kg: 12.5 * 190 + 7.5 * 160,
      area_ha: 20,
      product: { kind: 'grain_t', amount: 105 },
    });
    expect(data.sources.synthetic_n_kg).toMatchObject({
      recordType: 'crop',
      recordIds: [wheat, potatoes],
      label: 'Crop records, harvest 2025',
      path: '/unit/records/crop',
    });
    expect(data.sources['product.amount']).toMatchObject({ recordId: wheat });
  });

  it('prefills a flock from the animal records on farm', async () => {
    const on = [];
    for (const [tag, status] of [
      ['UK 123456 700121', 'On farm'],
      ['UK 123456 700122', 'On farm'],
      ['UK 123456 700123', 'Sold'],
      ['UK 123456 700124', 'On farm'],
    ] as const) {
      const id = await add(multi, 'Highfield Sheep', 'animal', {
        ear_tag: tag,
        sex: 'Female',
        date_of_birth: '2023-03-01',
        status,
      });
      if (status === 'On farm') on.push(id);
    }
    const data = await prefilled(multi, 'Highfield Sheep', 'ghg-sheep');
    expect(data.inputs.animals).toEqual([{ category: 'sheep', head: 3 }]);
    expect(data.sources['animals.0.head']).toMatchObject({
      recordType: 'animal',
      recordIds: on,
      path: '/unit/records/animal',
    });
  });

  it('prefills nothing it has no record for, and says so', async () => {
    const stir = await prefilled(multi, 'Highfield Arable', 'stir');
    expect(stir.inputs).toEqual({});
    expect(stir.notes[0]).toMatch(/tillage/);
  });

  it('is guarded like the calculator: 401 unsigned, 403 without its feature, 403/404 on another farm, 404 for no calculator', async () => {
    const unsigned = await t.app.inject({
      method: 'GET',
      url: `/api/units/${units['Lower Dale Dairy']}/calculators/ghg-dairy/prefill`,
      headers: PORTAL_HEADERS,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await prefill(farmer, 'Lower Dale Dairy', 'ghg-arable')).statusCode).toBe(403);
    const other = await prefill(multi, 'Lower Dale Dairy', 'ghg-dairy');
    expect([403, 404]).toContain(other.statusCode);
    expect(other.body).not.toMatch(/dairy_cow/);
    expect((await prefill(farmer, 'Lower Dale Dairy', 'ghg-pigs')).statusCode).toBe(404);
  });
});
