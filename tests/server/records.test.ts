import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  ApiPaged,
  ApiRecord,
  ApiSuccess,
  AuthResponse,
} from '../../shared/api.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

const valid = {
  month: '2026-10-01',
  milk_sold_litres: 182_450,
  cows_in_milk: 212,
  butterfat_percent: 4.12,
};

describe('records API', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let multi: AuthResponse;
  let processor: AuthResponse;
  let adviser: AuthResponse;
  let buyer: AuthResponse;
  let dairyUnit: number;
  let arableUnit: number;

  beforeAll(async () => {
    t = await startTestApp();
    [farmer, multi, processor, adviser, buyer] = await Promise.all([
      loginAs(t.app, 'farmer@example.com'),
      loginAs(t.app, 'multi@example.com'),
      loginAs(t.app, 'processor@example.com'),
      loginAs(t.app, 'adviser@example.com'),
      loginAs(t.app, 'buyer@example.com'),
    ]);
    const unitNamed = async (name: string) =>
      (await t.db.query<{ id: number }>('select id from units where name = $1', [name])).rows[0]
        ?.id ?? -1;
    dairyUnit = await unitNamed('Lower Dale Dairy');
    arableUnit = await unitNamed('Highfield Arable');
  });
  afterAll(() => t.close());

  const url = (unit: number, rest = '') => `/api/units/${unit}/records/monthly${rest}`;
  const call = (
    who: AuthResponse,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ) => signedInject(t.app, who.auth_token, method, path, body);

  it('creates, reads, updates and deletes a record, stored on the server', async () => {
    const created = await call(farmer, 'POST', url(dairyUnit), valid);
    expect(created.statusCode).toBe(201);
    const record = created.json<ApiSuccess<ApiRecord>>().data;
    expect(record).toMatchObject({ unit_id: dairyUnit, record_type: 'monthly', data: valid });

    const { rows } = await t.db.query<{ data: unknown }>('select data from records where id = $1', [
      record.id,
    ]);
    expect(rows[0]?.data).toEqual(valid);

    const read = await call(farmer, 'GET', url(dairyUnit, `/${record.id}`));
    expect(read.json<ApiSuccess<ApiRecord>>().data.data).toEqual(valid);

    const changed = { ...valid, cows_in_milk: 215, notes: 'Two heifers calved early.' };
    const updated = await call(farmer, 'PUT', url(dairyUnit, `/${record.id}`), changed);
    expect(updated.statusCode).toBe(200);
    expect(updated.json<ApiSuccess<ApiRecord>>().data.data).toEqual(changed);

    expect((await call(farmer, 'DELETE', url(dairyUnit, `/${record.id}`))).statusCode).toBe(204);
    expect((await call(farmer, 'GET', url(dairyUnit, `/${record.id}`))).statusCode).toBe(404);
  });

  it('answers 406 with per-field errors when the data breaks the record type schema', async () => {
    const response = await call(farmer, 'POST', url(dairyUnit), {
      month: 'last October',
      milk_sold_litres: -5,
      butterfat_percent: 'high',
      colour: 'blue',
    });
    expect(response.statusCode).toBe(406);
    const body = response.json<ApiErrorBody>();
    expect(body).toMatchObject({ status: false, type: 'Request_ValidationFailed', code: 406 });
    // Plain words, named by each field's title (shared/field-messages.ts), never ajv's text.
    expect(body.errors).toEqual({
      cows_in_milk: ['Cows in milk (average) is required'],
      milk_sold_litres: ['Milk sold must be at least 0'],
      month: ['Month must be a date'],
      butterfat_percent: ['Butterfat must be a number'],
      colour: ['colour is not a field of this record type'],
    });
    const { rows } = await t.db.query<{ n: number }>(
      "select count(*)::int as n from records where data->>'colour' = 'blue'",
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('sorts numbers as numbers, pages, and searches the list', async () => {
    for (const litres of [900, 10_000, 95]) {
      await call(farmer, 'POST', url(dairyUnit), {
        ...valid,
        month: `2025-0${String(litres).length}-01`,
        milk_sold_litres: litres,
      });
    }
    const asc = (
      await call(farmer, 'GET', url(dairyUnit, '?sort=milk_sold_litres&direction=asc'))
    ).json<ApiSuccess<ApiPaged<ApiRecord>>>().data;
    expect(asc.records.map((r) => r.data.milk_sold_litres)).toEqual([95, 900, 10_000]);
    const paged = (
      await call(
        farmer,
        'GET',
        url(dairyUnit, '?per_page=2&page=2&sort=milk_sold_litres&direction=asc'),
      )
    ).json<ApiSuccess<ApiPaged<ApiRecord>>>().data;
    expect(paged).toMatchObject({ total_records: 3, current_page: 2, records_per_page: 2 });
    expect(paged.records.map((r) => r.data.milk_sold_litres)).toEqual([10_000]);
    const byDefault = (await call(farmer, 'GET', url(dairyUnit))).json<
      ApiSuccess<ApiPaged<ApiRecord>>
    >().data;
    expect(byDefault.records.map((r) => r.data.month)).toEqual([
      '2025-05-01',
      '2025-03-01',
      '2025-02-01',
    ]);
    const found = (await call(farmer, 'GET', url(dairyUnit, '?search=2025-05'))).json<
      ApiSuccess<ApiPaged<ApiRecord>>
    >().data;
    expect(found.records.map((r) => r.data.milk_sold_litres)).toEqual([10_000]);
    expect((await call(farmer, 'GET', url(dairyUnit, '?sort=password'))).statusCode).toBe(400);
    expect((await call(farmer, 'GET', url(dairyUnit, '?direction=sideways'))).statusCode).toBe(400);
  });

  it("keeps every farm's records from other farms' users and other providers' staff", async () => {
    const mine = (await call(farmer, 'POST', url(dairyUnit), valid)).json<ApiSuccess<ApiRecord>>()
      .data;
    for (const [who, path] of [
      [multi, url(dairyUnit)],
      [multi, url(dairyUnit, `/${mine.id}`)],
      [processor, url(dairyUnit)],
    ] as const) {
      const response = await call(who, 'GET', path);
      expect(response.statusCode, path).toBe(403);
      expect(JSON.stringify(response.json())).not.toContain('182450');
    }
    expect((await call(multi, 'PUT', url(dairyUnit, `/${mine.id}`), valid)).statusCode).toBe(403);
    expect((await call(multi, 'DELETE', url(dairyUnit, `/${mine.id}`))).statusCode).toBe(403);
  });

  it("refuses a record type the unit's plan does not include, and unknown units, types and ids", async () => {
    const response = await call(multi, 'GET', url(arableUnit));
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiErrorBody>().msg).toBe(
      'You do not have access to Monthly Records on this unit.',
    );
    expect((await call(farmer, 'GET', url(999_999))).statusCode).toBe(404);
    expect(
      (await call(farmer, 'GET', `/api/units/${dairyUnit}/records/no-such-type`)).statusCode,
    ).toBe(404);
    expect((await call(farmer, 'GET', url(dairyUnit, '/999999'))).statusCode).toBe(404);
    expect((await call(farmer, 'GET', url(dairyUnit, '/abc'))).statusCode).toBe(400);
  });

  describe("a record type's access rules (provider forms)", () => {
    const growerReturn = {
      season: '2026',
      submitted_date: '2026-10-30',
      crop: 'potatoes',
      variety: 'Maris Piper',
      field_name: 'Long Acre',
      area_planted_ha: 12.4,
    };
    const loadPassport = {
      passport_number: 'FF-2026-000417',
      load_date: '2026-10-02',
      crop: 'potatoes',
      field_name: 'Long Acre',
      phi_met: 'yes',
    };
    const forms = (type: string) => `/api/units/${arableUnit}/records/${type}`;

    it('lets Fenland Fresh staff keep grower returns on a unit with a Fenland Fresh plan', async () => {
      for (const who of [processor, adviser]) {
        const created = await call(who, 'POST', forms('grower-return'), growerReturn);
        expect(created.statusCode).toBe(201);
      }
      const list = await call(adviser, 'GET', forms('grower-return'));
      expect(list.statusCode).toBe(200);
      expect(list.json<ApiSuccess<ApiPaged<ApiRecord>>>().data.total_records).toBe(2);
    });

    it('keeps load passports to staff of business sub types 118, 119, 120 and 136', async () => {
      expect((await call(processor, 'POST', forms('load-passport'), loadPassport)).statusCode).toBe(
        201,
      );
      const denied = await call(adviser, 'GET', forms('load-passport'));
      expect(denied.statusCode).toBe(403);
      expect(denied.json<ApiErrorBody>().msg).toBe(
        'You do not have access to Load Passports on this unit.',
      );
      expect((await call(adviser, 'POST', forms('load-passport'), loadPassport)).statusCode).toBe(
        403,
      );
    });

    it('refuses the forms to farm users and to other providers’ staff', async () => {
      // The farm's own user sees the unit, but the forms are the packer's.
      const farm = await call(multi, 'GET', forms('qc-result'));
      expect(farm.statusCode).toBe(403);
      expect(farm.json<ApiErrorBody>().msg).toBe(
        'You do not have access to QC Results on this unit.',
      );
      // Acme's buyer cannot see this unit at all.
      expect((await call(buyer, 'GET', forms('grower-return'))).statusCode).toBe(403);
    });
  });
});
