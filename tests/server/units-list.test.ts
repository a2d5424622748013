import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPaged, ApiSuccess, ApiUnitListing, AuthResponse } from '../../shared/api.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

describe('GET /api/accounts/units', () => {
  let t: TestApp;
  let buyer: AuthResponse;
  let processor: AuthResponse;
  let farmer: AuthResponse;
  let acmeUnitIds: number[];

  beforeAll(async () => {
    t = await startTestApp();
    [buyer, processor, farmer] = await Promise.all([
      loginAs(t.app, 'buyer@example.com'),
      loginAs(t.app, 'processor@example.com'),
      loginAs(t.app, 'farmer@example.com'),
    ]);
    const { rows } = await t.db.query<{ id: number }>(
      `select distinct up.unit_id as id from unit_packages up
       join packages p on p.id = up.package_id join providers pr on pr.id = p.provider_id
       where pr.reference = 'acme_foods' order by 1`,
    );
    acmeUnitIds = rows.map((r) => r.id);
  });
  afterAll(() => t.close());

  const list = async (who: AuthResponse, query = '') => {
    const response = await signedInject(
      t.app,
      who.auth_token,
      'GET',
      `/api/accounts/units${query}`,
    );
    return {
      status: response.statusCode,
      data: response.json<ApiSuccess<ApiPaged<ApiUnitListing>>>().data,
    };
  };

  it("lists exactly the units that hold a plan of the user's provider", async () => {
    const { status, data } = await list(buyer, '?per_page=100');
    expect(status).toBe(200);
    expect(acmeUnitIds.length).toBeGreaterThan(0);
    expect(data.total_records).toBe(acmeUnitIds.length);
    expect(data.records.map((r) => r.unit_id).sort((a, b) => a - b)).toEqual(acmeUnitIds);
  });

  it("shows the badges, main contact's last name and postal address of each unit", async () => {
    const { data } = await list(processor);
    const row = data.records[0];
    expect(row?.main_contact_last_name).toBeTruthy();
    expect(row?.address.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
    expect(row?.badges[0]?.kind).toBe('unit_type');
    const planBadges = data.records.flatMap((r) =>
      r.badges.filter((b) => b.kind === 'plan').map((b) => b.label),
    );
    expect(planBadges.length).toBeGreaterThan(0);
    const { rows } = await t.db.query<{ visible_name: string }>(
      `select p.visible_name from packages p join providers pr on pr.id = p.provider_id where pr.reference = 'fenland_fresh'`,
    );
    for (const label of planBadges) expect(rows.map((r) => r.visible_name)).toContain(label);
  });

  it('pages with the default of 10, page and per_page', async () => {
    const all = (await list(processor, '?per_page=100')).data;
    const first = (await list(processor, '?page=1&per_page=2')).data;
    const second = (await list(processor, '?page=2&per_page=2')).data;
    expect(first).toMatchObject({
      current_page: 1,
      records_per_page: 2,
      total_records: all.total_records,
    });
    expect(second.current_page).toBe(2);
    expect([...first.records, ...second.records].map((r) => r.unit_id)).toEqual(
      all.records.slice(0, 4).map((r) => r.unit_id),
    );
    expect((await list(processor)).data.records_per_page).toBe(10);
    const beyond = (await list(processor, '?page=999')).data;
    expect(beyond.records).toEqual([]);
    expect(beyond.total_records).toBe(all.total_records);
  });

  it('searches unit name, farm name, contact last name and postcode, ignoring case and spaces', async () => {
    const all = (await list(processor, '?per_page=100')).data.records;
    const sample = all[all.length - 1];
    if (!sample) throw new Error('no units');
    const cases = [
      sample.unit_name.toUpperCase(),
      sample.farm_name.toLowerCase(),
      sample.main_contact_last_name,
      sample.address.postcode.replace(' ', '').toLowerCase(),
    ];
    for (const term of cases) {
      const found = (await list(processor, `?per_page=100&search=${encodeURIComponent(term)}`))
        .data;
      expect(
        found.records.map((r) => r.unit_id),
        term,
      ).toContain(sample.unit_id);
      expect(found.total_records).toBeLessThanOrEqual(all.length);
    }
    const none = (await list(processor, `?search=${encodeURIComponent('%')}`)).data;
    expect(none.total_records).toBe(0);
  });

  it('refuses farm users and malformed paging', async () => {
    expect((await list(farmer)).status).toBe(403);
    for (const q of ['?page=0', '?per_page=0', '?per_page=101', '?page=abc']) {
      expect((await list(buyer, q)).status, q).toBe(400);
    }
  });
});
