import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiPaged, ApiSuccess, AuthResponse } from '../../shared/api.ts';
import type { AccessLogEntry, ConsentProvider, UnitConsent } from '../../shared/consent/types.ts';
import { PDF } from './fixtures/files.ts';
import {
  loginAs,
  signedInject,
  signedUpload,
  startTestApp,
  type TestApp,
  unitIdNamed,
} from './test-app.ts';

/**
 * Consent the farm controls (issue 20 point 3) on a real server and the seeded database: multi@
 * (Highfield Estate) sees who sees Highfield Arable's data (Fenland Fresh through its grower
 * scheme, Tillwell through its agronomy service), withholds a category from one provider, shares
 * it until a date that then passes, and reads the access log of processor@'s reads.
 */
describe('consent and the access log', () => {
  let t: TestApp;
  const today = () => new Date().toISOString().slice(0, 10);
  const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
  let multi: AuthResponse;
  let processor: AuthResponse;
  let farmer: AuthResponse;
  let arable: number;
  let fenland: number;
  let tillwell: number;

  const get = <T>(who: AuthResponse, url: string) =>
    signedInject(t.app, who.auth_token, 'GET', url).then((r) => ({
      status: r.statusCode,
      // A success carries data, a refusal its message.
      body: r.json<{ data: T; msg?: string }>(),
    }));
  const choose = (provider: number, category: string, body: unknown) =>
    signedInject(
      t.app,
      multi.auth_token,
      'PUT',
      `/api/units/${arable}/consent/${provider}/${category}`,
      body,
    );
  const providerOf = (consent: UnitConsent, id: number): ConsentProvider => {
    const found = consent.providers.find((p) => p.provider.id === id);
    if (!found) throw new Error(`provider ${id} not listed`);
    return found;
  };

  beforeAll(async () => {
    t = await startTestApp();
    multi = await loginAs(t.app, 'multi@example.com');
    processor = await loginAs(t.app, 'processor@example.com');
    farmer = await loginAs(t.app, 'farmer@example.com');
    arable = await unitIdNamed(t.db, 'Highfield Arable');
    const ids = await t.db.query<{ id: number; reference: string }>(
      "select id, reference from providers where reference in ('fenland_fresh', 'tillwell')",
    );
    fenland = ids.rows.find((r) => r.reference === 'fenland_fresh')?.id ?? 0;
    const till = await t.db.query<{ id: number }>(
      "select provider_id as id from packages where reference = 'tillwell_agronomy_service'",
    );
    tillwell = till.rows[0]?.id ?? 0;
    await signedUpload(
      t.app,
      multi.auth_token,
      `/api/units/${arable}/documents?name=Spray%20plan.pdf`,
      PDF,
    );
  });
  afterAll(() => t.close());

  it("lists each provider of the unit's plans, the companies working for it and what its plans cover, all shared by default", async () => {
    const { status, body } = await get<UnitConsent>(multi, `/api/units/${arable}/consent`);
    expect(status).toBe(200);
    const names = body.data.providers.map((p) => p.provider.name);
    expect(names).toContain('Fenland Fresh Produce');
    const fresh = providerOf(body.data, fenland);
    expect(fresh.plans.map((p) => p.name)).toEqual(['Grower Scheme 2026']);
    expect(fresh.companies).toEqual(
      expect.arrayContaining(['Fenland Fresh Field Advisory', 'Fenland Fresh Produce']),
    );
    const ids = fresh.categories.map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'documents',
        'surveys',
        'records:crop',
        'records:grower-return',
        'records:load-passport',
        'calculations',
      ]),
    );
    // Nothing its plan leaves out: no monthly records, no herd health assessments.
    expect(ids).not.toContain('records:monthly');
    expect(ids).not.toContain('assessments');
    expect(fresh.categories.every((c) => c.shared && c.changed === null)).toBe(true);
    expect(fresh.categories.find((c) => c.id === 'documents')?.title).toBe('Farm documents');
    expect(providerOf(body.data, tillwell).categories.length).toBeGreaterThan(0);
  });

  it('answers company staff while shared, and logs each of their reads for the farm, not the farm’s own', async () => {
    const documents = `/api/units/${arable}/documents`;
    expect((await get(processor, documents)).status).toBe(200);
    expect((await get(multi, documents)).status).toBe(200);
    const log = await get<ApiPaged<AccessLogEntry>>(multi, `/api/units/${arable}/access-log`);
    expect(log.status).toBe(200);
    const entries = log.body.data.records;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      user: 'Priya Shah',
      provider: { id: fenland, name: 'Fenland Fresh Produce' },
      category: { id: 'documents', title: 'Farm documents' },
      what: 'Farm Documents',
      action: 'viewed',
    });
    expect(entries[0]?.at).toMatch(ISO_TIME);
  });

  it('refuses company staff a withheld category with a message saying the farm has not shared it, and nothing else', async () => {
    const withheld = await choose(fenland, 'documents', { shared: false });
    expect(withheld.statusCode).toBe(200);
    const after = withheld.json<ApiSuccess<ConsentProvider>>().data;
    expect(after.categories.find((c) => c.id === 'documents')).toMatchObject({
      shared: false,
      until: null,
      changed: { by: 'Sarah Pennington' },
    });
    const refused = await get(processor, `/api/units/${arable}/documents`);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(
      'Highfield Estate has not shared Farm documents with Fenland Fresh Produce.',
    );
    // The farm's own users, and the other provider's staff, are not concerned.
    expect((await get(multi, `/api/units/${arable}/documents`)).status).toBe(200);
    // Other categories stay shared with Fenland Fresh.
    expect((await get(processor, `/api/units/${arable}/records/grower-return`)).status).toBe(200);
    // A refusal is not a read: the log holds the earlier read and the grower returns only.
    const log = await get<ApiPaged<AccessLogEntry>>(multi, `/api/units/${arable}/access-log`);
    expect(log.body.data.records.map((e) => e.category.id)).toEqual([
      'records:grower-return',
      'documents',
    ]);
  });

  it('shares a category until a date, after which it lapses by itself', async () => {
    // Shared until today: the last day it is shared is today.
    expect((await choose(fenland, 'documents', { shared: true, until: today() })).statusCode).toBe(
      200,
    );
    expect((await get(processor, `/api/units/${arable}/documents`)).status).toBe(200);
    // The day after, as the server's clock will see it: the grant has lapsed by itself.
    await t.db.query(
      `update consent_grants set until = until - 1 where unit_id = $1 and category = 'documents'`,
      [arable],
    );
    const lapsed = await get(processor, `/api/units/${arable}/documents`);
    expect(lapsed.status).toBe(403);
    expect(lapsed.body.msg).toMatch(/has not shared Farm documents/);
    const consent = await get<UnitConsent>(multi, `/api/units/${arable}/consent`);
    expect(
      providerOf(consent.body.data, fenland).categories.find((c) => c.id === 'documents'),
    ).toMatchObject({ shared: false, lapsed: true });
    expect((await choose(fenland, 'documents', { shared: true })).statusCode).toBe(200);
    expect((await get(processor, `/api/units/${arable}/documents`)).status).toBe(200);
  });

  it('refuses a choice it cannot keep, naming what is wrong', async () => {
    const past = await choose(fenland, 'documents', { shared: true, until: '2020-11-01' });
    expect(past.statusCode).toBe(406);
    expect(past.json<ApiErrorBody>().errors).toMatchObject({ until: ['must be today or later'] });
    const withdrawnUntil = await choose(fenland, 'documents', {
      shared: false,
      until: '2027-01-01',
    });
    expect(withdrawnUntil.statusCode).toBe(406);
    expect((await choose(fenland, 'documents', { shared: 'no' })).statusCode).toBe(406);
    expect((await choose(fenland, 'records:monthly', { shared: false })).statusCode).toBe(406);
    expect((await choose(fenland, 'nonsense', { shared: false })).statusCode).toBe(404);
    const acme = await t.db.query<{ id: number }>(
      "select id from providers where reference = 'acme_foods'",
    );
    expect(
      (await choose(acme.rows[0]?.id ?? 999_999, 'documents', { shared: false })).statusCode,
    ).toBe(404);
  });

  it('is the farm’s alone: company staff and another farm’s user are refused', async () => {
    for (const who of [processor, farmer]) {
      expect((await get(who, `/api/units/${arable}/consent`)).status).toBe(403);
      expect((await get(who, `/api/units/${arable}/access-log`)).status).toBe(403);
      const put = await signedInject(
        t.app,
        who.auth_token,
        'PUT',
        `/api/units/${arable}/consent/${fenland}/documents`,
        { shared: true },
      );
      expect(put.statusCode).toBe(403);
    }
  });

  it('filters the log by provider and gives it as a file', async () => {
    const one = await get<ApiPaged<AccessLogEntry>>(
      multi,
      `/api/units/${arable}/access-log?provider=${tillwell}`,
    );
    expect(one.body.data.total_records).toBe(0);
    const csv = await signedInject(
      t.app,
      multi.auth_token,
      'GET',
      `/api/units/${arable}/access-log.csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Priya Shah');
    expect(csv.body.split('\n')[0]).toContain('Organisation');
  });
});
