import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { likePattern } from '../../server/http/paging.ts';
import type { ApiSuccess, ApiUnitsPage, AuthResponse } from '../../shared/api.ts';
import { loginAs, signedInject, startTestApp, type TestApp } from './test-app.ts';

/**
 * The units search of issue 21 point 4 on 600 generated farms: whether the server finds a term's
 * units through the trigram indexes or, for a term too short for a trigram, by testing the user's
 * units, the list holds exactly what ILIKE '%term%' on the four columns found before, in the list's
 * order (farm name, farm, unit name, unit); pages by cursor hold the list without a gap or a
 * repeat; a total past the cap says so.
 */
describe('GET /api/accounts/units: search, cursor and capped total', () => {
  let t: TestApp;
  /** Counts stop at 10. */
  let capped: FastifyInstance;
  let buyer: AuthResponse;
  let processor: AuthResponse;

  beforeAll(async () => {
    t = await startTestApp({ farms: 600 });
    capped = await buildApp({ db: t.db, production: false, unitsSearch: { totalCap: 10 } });
    await capped.ready();
    [buyer, processor] = await Promise.all([
      loginAs(t.app, 'buyer@example.com'),
      loginAs(t.app, 'processor@example.com'),
    ]);
  }, 180_000);
  afterAll(async () => {
    await capped.close();
    await t.close();
  });

  const page = async (app: FastifyInstance, who: AuthResponse, query: string) => {
    const response = await signedInject(app, who.auth_token, 'GET', `/api/accounts/units?${query}`);
    return { status: response.statusCode, body: response.json<ApiSuccess<ApiUnitsPage>>() };
  };

  /** Every unit id of the list, page by page by number. */
  const listed = async (app: FastifyInstance, who: AuthResponse, search: string) => {
    const ids: number[] = [];
    for (let n = 1; ; n++) {
      const { body } = await page(
        app,
        who,
        `per_page=100&page=${n}&search=${encodeURIComponent(search)}`,
      );
      ids.push(...body.data.records.map((r) => r.unit_id));
      if (body.data.next_after === null) return { ids, first: body.data };
    }
  };

  /** What the list held before issue 21: the provider's units ILIKE the term, in list order. */
  const before = async (provider: string, search: string) => {
    const term = search.trim();
    const { rows } = await t.db.query<{ id: number }>(
      `select un.id from units un join farms f on f.id = un.farm_id
       where exists (select 1 from unit_packages up join packages p on p.id = up.package_id
                     join providers pr on pr.id = p.provider_id
                     where up.unit_id = un.id and pr.reference = $1)
         and ($2 = '' or un.name ilike $3 or f.name ilike $3 or f.contact_last_name ilike $3
              or replace(f.postcode, ' ', '') ilike $4)
       order by f.name, f.id, un.name, un.id`,
      [provider, term, likePattern(term), likePattern(term.replace(/\s+/g, ''))],
    );
    return rows.map((r) => r.id);
  };

  /** Terms made from the users' own units, as people type them, and some awkward ones. */
  const termsFor = async (provider: string) => {
    const { rows } = await t.db.query<{
      unit: string;
      farm: string;
      surname: string;
      postcode: string;
    }>(
      `select un.name as unit, f.name as farm, f.contact_last_name as surname, f.postcode
       from units un join farms f on f.id = un.farm_id
       join unit_packages up on up.unit_id = un.id join packages p on p.id = up.package_id
       join providers pr on pr.id = p.provider_id
       where pr.reference = $1 order by un.id`,
      [provider],
    );
    const terms = ['', 'farm', 'FARM', ' farm ', 'a', 'LN', 'ee', 'y', 'Dairy', 'Farm Dairy'];
    terms.push('%', '_', '\\', "'", 'zzqx', '@@@', 'dl11 6');
    for (const row of [rows[0], rows[Math.floor(rows.length / 2)], rows.at(-1)]) {
      if (!row) continue;
      terms.push(row.unit.toUpperCase(), row.farm.toLowerCase(), row.farm.slice(2, 6));
      terms.push(row.surname, row.postcode, row.postcode.replace(' ', '').toLowerCase());
      terms.push(row.postcode.split(' ')[0] ?? '');
    }
    return terms;
  };

  it('finds exactly what ILIKE on the four columns found, in the same order', async () => {
    for (const [who, provider] of [
      [buyer, 'acme_foods'],
      [processor, 'fenland_fresh'],
    ] as const) {
      for (const term of await termsFor(provider)) {
        const expected = await before(provider, term);
        const { ids, first } = await listed(t.app, who, term);
        expect(ids, `${provider} "${term}"`).toEqual(expected);
        expect(first.total_records, `${provider} "${term}"`).toBe(expected.length);
        expect(first.total_capped).toBe(false);
      }
    }
  });

  it('pages by cursor through the whole list, each unit once, as the numbered pages do', async () => {
    for (const search of ['', 'farm', 'e']) {
      const expected = await before('acme_foods', search);
      expect(expected.length, search).toBeGreaterThan(14);
      const seen: number[] = [];
      let after: string | null = null;
      for (let n = 1; ; n++) {
        const query: string = `per_page=7&search=${search}${after === null ? '' : `&after=${after}`}`;
        const { status, body } = await page(t.app, buyer, query);
        expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
        expect(body.data.current_page).toBe(n);
        expect(body.data.total_records).toBe(expected.length);
        const numbered = await page(t.app, buyer, `per_page=7&page=${n}&search=${search}`);
        expect(body.data.records).toEqual(numbered.body.data.records);
        seen.push(...body.data.records.map((r) => r.unit_id));
        after = body.data.next_after;
        if (after === null) break;
        expect(body.data.records).toHaveLength(7);
      }
      expect(seen, search).toEqual(expected);
    }
  });

  it('refuses a cursor it did not give, or one sent with a page number', async () => {
    const first = await page(t.app, buyer, 'per_page=2');
    const after = first.body.data.next_after ?? '';
    expect(after).not.toBe('');
    const both = await page(t.app, buyer, `per_page=2&page=2&after=${after}`);
    expect(both.status).toBe(400);
    expect((both.body as unknown as { msg: string }).msg).toBe('Send page or after, not both.');
    for (const bad of [
      'nonsense',
      Buffer.from('[1,"a","b",0]').toString('base64url'),
      'x'.repeat(2001),
    ]) {
      const refused = await page(t.app, buyer, `after=${bad}`);
      expect(refused.status, bad).toBe(400);
      expect((refused.body as unknown as { msg: string }).msg).toBe(
        'after must be the next_after of a page of this list.',
      );
    }
  });

  it('caps the unsearched total and says so; the last page knows it all; a search counts all', async () => {
    const all = await before('acme_foods', '');
    expect(all.length).toBeGreaterThan(10);
    const first = (await page(capped, buyer, 'per_page=5')).body.data;
    expect(first).toMatchObject({ total_records: 10, total_capped: true, current_page: 1 });
    expect(first.records.map((r) => r.unit_id)).toEqual(all.slice(0, 5));
    const beyond = (await page(capped, buyer, 'per_page=5&page=999')).body.data;
    expect(beyond).toMatchObject({ records: [], total_records: 10, total_capped: true });
    // A page that holds the end of the list has counted every row before it and its own.
    const whole = (await page(capped, buyer, 'per_page=100')).body.data;
    expect(whole).toMatchObject({ total_records: all.length, total_capped: false });
    // Few matches are counted exactly.
    const postcode = (await listed(t.app, buyer, '')).first.records[0]?.address.postcode ?? '';
    const few = await before('acme_foods', postcode);
    expect(few.length).toBeLessThanOrEqual(10);
    const found = (await page(capped, buyer, `per_page=1&search=${encodeURIComponent(postcode)}`))
      .body.data;
    expect(found).toMatchObject({ total_records: few.length, total_capped: false });
    // A search collects its matches before it sorts them, so it counts them all, past the cap
    // too, whether found through the indexes ("farm") or tested one by one ("a"); and so does a
    // page past its end.
    for (const term of ['farm', 'a']) {
      const matching = await before('acme_foods', term);
      expect(matching.length, term).toBeGreaterThan(10);
      const common = (await page(capped, buyer, `per_page=3&search=${term}`)).body.data;
      expect(common, term).toMatchObject({ total_records: matching.length, total_capped: false });
      expect(common.records.map((r) => r.unit_id)).toEqual(matching.slice(0, 3));
      const past = (await page(capped, buyer, `per_page=3&page=999&search=${term}`)).body.data;
      expect(past, term).toMatchObject({ records: [], total_records: matching.length });
    }
  });

  it('pages a search past the cap in order, by number or by cursor, its total exact', async () => {
    const all = await before('acme_foods', 'farm');
    expect(all.length).toBeGreaterThan(20);
    const pages = async (query: string) => (await page(capped, buyer, query)).body.data;
    const first = await pages('per_page=4&search=farm');
    expect(first).toMatchObject({ total_records: all.length, total_capped: false });
    expect(first.records.map((r) => r.unit_id)).toEqual(all.slice(0, 4));
    const next = await pages(`per_page=4&search=farm&after=${first.next_after ?? ''}`);
    expect(next).toMatchObject({ current_page: 2, total_records: all.length, total_capped: false });
    expect(next.records.map((r) => r.unit_id)).toEqual(all.slice(4, 8));
    const third = await pages('per_page=4&page=3&search=farm');
    expect(third.records.map((r) => r.unit_id)).toEqual(all.slice(8, 12));
    // A few matches: the page is the list's, after a cursor too. The term: a main contact's
    // surname that two to ten of the buyer's units have.
    const { rows } = await t.db.query<{ surname: string }>(
      `select distinct f.contact_last_name as surname from farms f join units un on un.farm_id = f.id
       where un.id = any($1::int[]) order by 1`,
      [all],
    );
    let term = '';
    let few: number[] = [];
    for (const { surname } of rows) {
      few = await before('acme_foods', surname);
      term = surname;
      if (few.length >= 2 && few.length <= 10) break;
    }
    expect(few.length, term).toBeGreaterThanOrEqual(2);
    expect(few.length, term).toBeLessThanOrEqual(10);
    const one = await pages(`per_page=1&search=${encodeURIComponent(term)}`);
    expect(one).toMatchObject({ total_records: few.length, total_capped: false });
    expect(one.records.map((r) => r.unit_id)).toEqual(few.slice(0, 1));
    const rest = await pages(
      `per_page=10&search=${encodeURIComponent(term)}&after=${one.next_after ?? ''}`,
    );
    expect(rest).toMatchObject({
      total_records: few.length,
      total_capped: false,
      next_after: null,
    });
    expect(rest.records.map((r) => r.unit_id)).toEqual(few.slice(1));
  });
});
