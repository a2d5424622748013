import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  ApiPaged,
  ApiRecord,
  ApiSuccess,
  AuthResponse,
} from '../../shared/api.ts';
import { toCharPattern } from '../../server/records/display.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

/** A test app, farmer@ logged in, and the id of their dairy unit. */
async function farmerOnTheirDairy(): Promise<{
  t: TestApp;
  farmer: AuthResponse;
  dairyUnit: number;
}> {
  const t = await startTestApp();
  const farmer = await loginAs(t.app, 'farmer@example.com');
  const { rows } = await t.db.query<{ id: number }>('select id from units where name = $1', [
    'Lower Dale Dairy',
  ]);
  return { t, farmer, dairyUnit: rows[0]?.id ?? -1 };
}

/** Records that cannot contradict themselves: config/records/*.json "uniqueKey". */
describe('record uniqueness keys', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let dairyUnit: number;

  beforeAll(async () => {
    ({ t, farmer, dairyUnit } = await farmerOnTheirDairy());
  });
  afterAll(() => t.close());

  const url = (type: string, rest = '') => `/api/units/${dairyUnit}/records/${type}${rest}`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    signedInject(t.app, farmer.auth_token, method, path, body);
  const monthly = (month: string, litres = 180_000) => ({
    month,
    milk_sold_litres: litres,
    cows_in_milk: 210,
  });
  const created = async (type: string, body: unknown) => {
    const response = await call('POST', url(type), body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiSuccess<ApiRecord>>().data;
  };
  const countOf = async (type: string, field: string, prefix: string) =>
    (
      await t.db.query<{ n: number }>(
        `select count(*)::int as n from records
         where unit_id = $1 and record_type = $2 and data->>$3 like $4`,
        [dairyUnit, type, field, `${prefix}%`],
      )
    ).rows[0]?.n;

  it('refuses a second monthly record for the same month with a 406 naming the month', async () => {
    await created('monthly', monthly('2026-03-01'));
    const again = await call('POST', url('monthly'), monthly('2026-03-01', 1));
    expect(again.statusCode).toBe(406);
    const body = again.json<ApiErrorBody>();
    expect(body).toMatchObject({
      status: false,
      type: 'Request_ValidationFailed',
      code: 406,
      msg: 'A monthly record for Mar 2026 already exists on this unit: edit that one instead.',
    });
    expect(body.errors).toEqual({ month: ['A monthly record for Mar 2026 already exists'] });
    expect(await countOf('monthly', 'month', '2026-03')).toBe(1);
  });

  it('compares a month by its month: another day of March 2026 is the same record', async () => {
    const sameMonth = await call('POST', url('monthly'), monthly('2026-03-15'));
    expect(sameMonth.statusCode).toBe(406);
    expect(sameMonth.json<ApiErrorBody>().msg).toContain('A monthly record for Mar 2026');
    // The monthly forecast of that month is another record type: no conflict.
    await created('monthly-forecast', {
      month: '2026-03-20',
      forecast_milk_litres: 175_000,
      forecast_cows_in_milk: 208,
    });
    const forecastAgain = await call('POST', url('monthly-forecast'), {
      month: '2026-03-02',
      forecast_milk_litres: 1,
      forecast_cows_in_milk: 1,
    });
    expect(forecastAgain.json<ApiErrorBody>().msg).toBe(
      'A monthly forecast for Mar 2026 already exists on this unit: edit that one instead.',
    );
  });

  it('refuses a PUT that moves a record onto another’s month, and lets a record keep its own', async () => {
    const april = await created('monthly', monthly('2026-04-01'));
    const onto = await call('PUT', url('monthly', `/${april.id}`), monthly('2026-03-09'));
    expect(onto.statusCode).toBe(406);
    expect(onto.json<ApiErrorBody>().errors).toEqual({
      month: ['A monthly record for Mar 2026 already exists'],
    });
    const unchanged = await call('GET', url('monthly', `/${april.id}`));
    expect(unchanged.json<ApiSuccess<ApiRecord>>().data.data.month).toBe('2026-04-01');

    // The same record, its figures changed, even its day within April: still itself.
    const kept = await call('PUT', url('monthly', `/${april.id}`), monthly('2026-04-30', 190_000));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<ApiSuccess<ApiRecord>>().data.data).toMatchObject({
      month: '2026-04-30',
      milk_sold_litres: 190_000,
    });
    // Moving to a month no record has is fine; the old month is free again afterwards.
    const may = await call('PUT', url('monthly', `/${april.id}`), monthly('2026-05-01'));
    expect(may.statusCode).toBe(200);
    await created('monthly', monthly('2026-04-11'));
  });

  it('lets exactly one of several simultaneous POSTs of one month through', async () => {
    const responses = await Promise.all(
      [1, 5, 9, 13, 17, 21].map((day) =>
        call('POST', url('monthly'), monthly(`2026-08-${String(day).padStart(2, '0')}`)),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 406, 406, 406, 406, 406]);
    expect(await countOf('monthly', 'month', '2026-08')).toBe(1);
  });

  it('frees the key when the record is deleted', async () => {
    const june = await created('monthly', monthly('2026-06-01'));
    expect((await call('DELETE', url('monthly', `/${june.id}`))).statusCode).toBe(204);
    await created('monthly', monthly('2026-06-02'));
  });

  it('compares text ignoring case and spaces, and names the field in the message', async () => {
    const cow = {
      ear_tag: 'UK 123456 700123',
      sex: 'Female',
      date_of_birth: '2022-02-11',
      status: 'On farm',
    };
    await created('animal', cow);
    const twin = await call('POST', url('animal'), { ...cow, ear_tag: 'UK123456700123' });
    expect(twin.statusCode).toBe(406);
    expect(twin.json<ApiErrorBody>().msg).toBe(
      'An animal record with ear tag UK 123456 700123 already exists on this unit: edit that one instead.',
    );
  });

  it('keys a feed mixer load by its day and number, and leaves loads without a number alone', async () => {
    const load = {
      load_date: '2026-03-03',
      ration_name: 'Milkers TMR',
      group_fed: 'high_yielders',
      actual_weight_kg: 8_200,
    };
    await created('feed-mixer-history', { ...load, load_number: 1 });
    await created('feed-mixer-history', { ...load, load_number: 2 });
    await created('feed-mixer-history', load);
    await created('feed-mixer-history', load);
    const again = await call('POST', url('feed-mixer-history'), { ...load, load_number: 1 });
    expect(again.statusCode).toBe(406);
    const body = again.json<ApiErrorBody>();
    expect(body.msg).toBe(
      'A feed mixer load with date 03/03/2026 and load number 1 already exists on this unit: edit that one instead.',
    );
    expect(Object.keys(body.errors as Record<string, string[]>).sort()).toEqual([
      'load_date',
      'load_number',
    ]);
  });
});

describe('records search matches what the list shows', () => {
  let t: TestApp;
  let farmer: AuthResponse;
  let dairyUnit: number;

  beforeAll(async () => {
    ({ t, farmer, dairyUnit } = await farmerOnTheirDairy());
    for (const [month, litres] of [
      ['2026-03-01', 183_420],
      ['2025-03-14', 150_000],
      ['2026-02-01', 170_500.5],
    ] as const) {
      const response = await signedInject(
        t.app,
        farmer.auth_token,
        'POST',
        `/api/units/${dairyUnit}/records/monthly`,
        { month, milk_sold_litres: litres, cows_in_milk: 200 },
      );
      expect(response.statusCode, response.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const search = async (term: string) => {
    const response = await signedInject(
      t.app,
      farmer.auth_token,
      'GET',
      `/api/units/${dairyUnit}/records/monthly?search=${encodeURIComponent(term)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<ApiSuccess<ApiPaged<ApiRecord>>>()
      .data.records.map((r) => r.data.month as string);
  };

  it('finds "Mar" in the months shown "Mar 2026" and "Mar 2025", in any case', async () => {
    expect(await search('Mar')).toEqual(['2026-03-01', '2025-03-14']);
    expect(await search('mar 2026')).toEqual(['2026-03-01']);
    expect(await search('FEB')).toEqual(['2026-02-01']);
    // The stored form still matches.
    expect(await search('2026-02')).toEqual(['2026-02-01']);
  });

  it('finds numbers as shown ("183,420", "170,500.5") and as typed', async () => {
    expect(await search('183,420')).toEqual(['2026-03-01']);
    expect(await search('183420')).toEqual(['2026-03-01']);
    expect(await search('170,500.5')).toEqual(['2026-02-01']);
  });

  it('takes the term as data, never as SQL or a pattern', async () => {
    expect(await search("Mar' or 1=1 --")).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('_ar')).toEqual([]);
  });

  it('turns the configured date formats into to_char patterns', () => {
    expect(toCharPattern('MMM yyyy')).toBe('Mon" "YYYY');
    expect(toCharPattern('dd/MM/yyyy')).toBe('DD"/"MM"/"YYYY');
    expect(toCharPattern('dd MMMM yyyy')).toBe('DD" "FMMonth" "YYYY');
  });
});
