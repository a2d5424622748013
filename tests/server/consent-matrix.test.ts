import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSuccess, ApiUnitSummary, AuthResponse } from '../../shared/api.ts';
import type { CustomerInsights } from '../../shared/benchmarking/api.ts';
import type { AccessLogEntry } from '../../shared/consent/types.ts';
import type { DashboardOverview, DashboardResult } from '../../shared/dashboard/result.ts';
import type { CompanyResponseRow, SubmissionItem } from '../../shared/surveys/types.ts';
import { loadEnterprises } from '../../server/benchmarks/declarations.ts';
import { enterpriseCategories } from '../../server/consent/catalogue.ts';
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
 * Consent the farm controls (issue 20 point 3), route by route: with a category of a unit's data
 * withheld from a provider, every route that shows it refuses that provider's staff (403, saying
 * the farm has not shared it) or leaves it out of a list that spans more; shared again, the same
 * calls are answered. Every signed route is here, or named with why consent does not bind it, so a
 * new route cannot skip the check.
 *
 * The cases: dairy@ (Moorland Vale) on farmer@'s Lower Dale Dairy, whose plan holds nearly every
 * feature, and processor@ (Fenland Fresh) on multi@'s Highfield Arable for the grower returns.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Who = 'dairy' | 'processor' | 'buyer';

/** A route that shows one category of one unit: refused while it is withheld. */
interface Refuses {
  route: string;
  who: Who;
  farm: 'farmer' | 'multi';
  category: string;
  method: Method;
  url: string;
  body?: unknown;
  upload?: Buffer;
  /**
   * The answer while shared: 200 unless given. A write is sent as one the handler refuses after
   * the rule held (406, 404, 409), so that the check changes nothing.
   */
  sharedStatus?: number | readonly number[];
  /** Where a write is sent once withheld, when the shared check needed a harmless address. */
  withheldUrl?: string;
}

/** A route that lists more than the one unit: it leaves the category out while it is withheld. */
interface Filters {
  route: string;
  /** What it shows of the unit's category: true while shared, false once withheld. */
  shows: () => Promise<boolean>;
  who: Who;
  farm: 'farmer' | 'multi';
  category: string;
}

/** Routes consent does not bind, and why. */
const UNBOUND: Record<string, string> = {
  'GET /api/accounts/farms/': "the caller's own farm, units and plans",
  'GET /api/accounts/units': "Select Farm: the directory of the provider's units, no farm data",
  'GET /api/accounts/units.csv': 'Select Farm as a file',
  'GET /api/articles/:kind': "the provider's own news and resources",
  'GET /api/articles/:kind/:id': "the provider's own news and resources",
  'GET /api/users/me/notifications/:providerId': "the caller's own settings",
  'PUT /api/users/me/notifications/:providerId': "the caller's own settings",
  'GET /api/users/me': "the caller's own account",
  'POST /api/users/me/password': "the caller's own password",
  'GET /api/users/me/local-key': "the caller's own key for the data kept on their device",
  'POST /api/analytics/browser': "the caller's own analytics",
  'POST /api/analytics/activity': "the caller's own analytics",
  'POST /api/authenticate/logout': "the caller's own session",
  'POST /api/calculators/:name/evaluate':
    'works out from the inputs sent alone; withheld calculator results still refuse it on the unit',
  'GET /api/surveys': "the provider's own surveys and counts by status",
  'GET /api/surveys/:surveyId': "the provider's own survey",
  'GET /api/remittance/statements': "the provider's own payment statements to its growers",
  'GET /api/remittance/statements.csv': "the provider's own payment statements",
  'GET /api/remittance/growers': "the provider's own growers",
  'GET /api/remittance/statements/:statementId': "the provider's own payment statement",
  'GET /api/remittance/statements/:statementId.csv': "the provider's own payment statement",
  'GET /api/units/:unitId/remittance/statements': "the farm's own (farm users only)",
  'GET /api/units/:unitId/remittance/statements.csv': "the farm's own (farm users only)",
  'GET /api/units/:unitId/remittance/statements/:statementId': "the farm's own (farm users only)",
  'GET /api/units/:unitId/remittance/statements/:statementId.csv':
    "the farm's own (farm users only)",
  'PUT /api/units/:unitId/surveys/:surveyId/draft': 'answering is for the farm alone',
  'POST /api/units/:unitId/surveys/:surveyId/submit': 'answering is for the farm alone',
  'POST /api/units/:unitId/notices/:noticeId/read': 'marking a notice read is for the farm alone',
  'POST /api/units/:unitId/assessments/:assessmentId/actions/:actionId/done':
    'marking an action done is for the farm alone',
  'GET /api/units/:unitId/mifarm/profile': 'MiFarm is for the farm alone',
  'PUT /api/units/:unitId/mifarm/profile': 'MiFarm is for the farm alone',
  'GET /api/units/:unitId/fields': 'MiFarm is for the farm alone',
  'POST /api/units/:unitId/fields': 'MiFarm is for the farm alone',
  'POST /api/units/:unitId/fields/import': 'MiFarm is for the farm alone',
  'GET /api/units/:unitId/fields/:fieldId': 'MiFarm is for the farm alone',
  'PUT /api/units/:unitId/fields/:fieldId': 'MiFarm is for the farm alone',
  'DELETE /api/units/:unitId/fields/:fieldId': 'MiFarm is for the farm alone',
  'GET /api/units/:unitId/consent': 'consent is for the farm alone',
  'PUT /api/units/:unitId/consent/:providerId/:category': 'consent is for the farm alone',
  'GET /api/units/:unitId/access-log': 'the access log is for the farm alone',
  'GET /api/units/:unitId/access-log.csv': 'the access log is for the farm alone',
};

describe('consent on every company route that shows a unit’s data', () => {
  let t: TestApp;
  const signedRoutes = new Set<string>();
  const users = {} as Record<Who | 'farmer' | 'multi', AuthResponse>;
  const providers = {} as Record<Who, number>;
  const units = {} as Record<'farmer' | 'multi', number>;
  let refuses: Refuses[] = [];
  let filters: Filters[] = [];

  const call = (who: AuthResponse, method: Method, url: string, body?: unknown) =>
    signedInject(t.app, who.auth_token, method, url, body);
  const data = async <T>(who: Who, url: string): Promise<T> => {
    const answer = await call(users[who], 'GET', url);
    expect(answer.statusCode, `${who} GET ${url}`).toBe(200);
    return answer.json<ApiSuccess<T>>().data;
  };
  /** The farm's choice, through its own API. */
  const choose = async (farm: 'farmer' | 'multi', who: Who, category: string, shared: boolean) => {
    const answer = await call(
      users[farm],
      'PUT',
      `/api/units/${units[farm]}/consent/${providers[who]}/${category}`,
      { shared },
    );
    expect(answer.statusCode, `${farm} ${shared ? 'shares' : 'withholds'} ${category}`).toBe(200);
  };
  const send = (c: Refuses, withheld = false) => {
    const url = withheld ? (c.withheldUrl ?? c.url) : c.url;
    return c.upload
      ? signedUpload(t.app, users[c.who].auth_token, url, c.upload)
      : call(users[c.who], c.method, url, c.body);
  };

  beforeAll(async () => {
    t = await startTestApp({
      onRoute: (route) => {
        if (route.config?.access !== 'user') return;
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') signedRoutes.add(`${method} ${route.url}`);
        }
      },
    });
    // processor@ reads Customer Insights here: Fenland Fresh has a supplier with figures in the
    // test data, Acme Foods (buyer@) none.
    await t.db.query(
      `update users set access_to = access_to || '{"insights": true}' where username = 'processor@example.com'`,
    );
    for (const [key, name] of [
      ['dairy', 'dairy@example.com'],
      ['processor', 'processor@example.com'],
      ['buyer', 'buyer@example.com'],
      ['farmer', 'farmer@example.com'],
      ['multi', 'multi@example.com'],
    ] as const) {
      users[key] = await loginAs(t.app, name);
    }
    for (const who of ['dairy', 'processor', 'buyer'] as const) {
      const id = users[who].user.provider?.id;
      if (id === undefined) throw new Error(`${who} has no provider`);
      providers[who] = id;
    }
    units.farmer = await unitIdNamed(t.db, 'Lower Dale Dairy');
    units.multi = await unitIdNamed(t.db, 'Highfield Arable');
    const dale = units.farmer;
    const one = async (sql: string, params: unknown[] = []) => {
      const row = (await t.db.query<{ id: number }>(sql, params)).rows[0];
      if (!row) throw new Error(`no row for ${sql}`);
      return row.id;
    };
    const plan = await one(
      "select id from packages where reference = 'moorland_vale_milk_premium'",
    );
    const monthly = await one(
      `insert into records (unit_id, record_type, data)
       values ($1, 'monthly', '{"month": "2026-10-01", "notes": "Lower Dale only"}') returning id`,
      [dale],
    );
    const growerReturn = await one(
      `insert into records (unit_id, record_type, data)
       values ($1, 'grower-return', '{"season": "2026", "submitted_date": "2026-10-01", "crop": "Vining peas", "variety": "Span", "field_name": "Highfield Top"}') returning id`,
      [units.multi],
    );
    const calculation = await one(
      `insert into calculations (unit_id, calculator, name, role, method_version, inputs, result, tables)
       values ($1, 'ghg-dairy', 'Lower Dale 2025', 'baseline', 'ghg-2019t1-desnz2024@1',
               '{}', '{"totals": {"co2e": 0}}', '{}') returning id`,
      [dale],
    );
    const document = (
      await signedUpload(
        t.app,
        users.farmer.auth_token,
        `/api/units/${dale}/documents?name=Milk%20contract.pdf`,
        PDF,
      )
    ).json<ApiSuccess<{ id: number }>>().data.id;
    const assessment = await one(
      `insert into assessments (unit_id, template_id, template_version, visit_date, vet_name, practice, created_by)
       values ($1, 'dairy-herd-health', 1, '2026-10-01', 'A Vet', 'Dale Vets', $2) returning id`,
      [dale, users.farmer.user.id],
    );
    const survey = 'moorland-vale-herd-health-2026';
    await t.db.query(
      `insert into survey_responses (unit_id, survey_id, survey_version, status, answers)
       values ($1, $2, 1, 'draft', '{"mobility": {"scored_by": "Lower Dale vet only"}}')`,
      [dale, survey],
    );
    await one(
      `insert into notices (unit_id, provider_id, kind, survey_id, title, message, path, created_by_name)
       values ($1, $2, 'survey-reminder', $3, 'Reminder', 'Please answer', '/unit/surveys/x', 'Dale staff')
       returning id`,
      [dale, providers.dairy, survey],
    );

    const onDale = (
      route: string,
      category: string,
      method: Method,
      path: string,
      extra: Partial<Refuses> = {},
    ): Refuses => ({
      route,
      who: 'dairy',
      farm: 'farmer',
      category,
      method,
      url: `/api/units/${dale}/${path}`,
      ...extra,
    });
    const records = 'records/monthly';
    const calculations = 'calculations';
    refuses = [
      onDale('GET /api/units/:unitId/records/:type', 'records:monthly', 'GET', records),
      onDale(
        'GET /api/units/:unitId/records/:type.csv',
        'records:monthly',
        'GET',
        `${records}.csv`,
      ),
      onDale(
        'GET /api/units/:unitId/records/:type/:recordId',
        'records:monthly',
        'GET',
        `${records}/${monthly}`,
      ),
      // Writes: a body the record type refuses shows the rule held (406) while shared.
      onDale('POST /api/units/:unitId/records/:type', 'records:monthly', 'POST', records, {
        body: { month: 'not a month' },
        sharedStatus: 406,
      }),
      onDale(
        'PUT /api/units/:unitId/records/:type/:recordId',
        'records:monthly',
        'PUT',
        `${records}/${monthly}`,
        { body: { month: 'not a month' }, sharedStatus: 406 },
      ),
      onDale(
        'DELETE /api/units/:unitId/records/:type/:recordId',
        'records:monthly',
        'DELETE',
        `${records}/999999`,
        { sharedStatus: 404 },
      ),
      onDale('GET /api/units/:unitId/reports/:id', 'records:monthly', 'GET', 'reports/monthly'),
      onDale(
        'GET /api/units/:unitId/reports/:id.csv',
        'records:monthly',
        'GET',
        'reports/monthly.csv',
      ),
      onDale(
        'GET /api/units/:unitId/benchmarks/:provider',
        'records:annual',
        'GET',
        'benchmarks/moorland_vale',
      ),
      onDale('GET /api/units/:unitId/documents', 'documents', 'GET', 'documents'),
      onDale('GET /api/units/:unitId/documents.csv', 'documents', 'GET', 'documents.csv'),
      onDale(
        'GET /api/units/:unitId/documents/:documentId/content',
        'documents',
        'GET',
        `documents/${document}/content`,
      ),
      onDale('POST /api/units/:unitId/documents', 'documents', 'POST', 'documents?name=x.pdf', {
        upload: PDF,
        sharedStatus: 201,
      }),
      onDale(
        'DELETE /api/units/:unitId/documents/:documentId',
        'documents',
        'DELETE',
        'documents/999999',
        { sharedStatus: 404 },
      ),
      onDale(
        'GET /api/units/:unitId/calculations',
        'calculations',
        'GET',
        `${calculations}?calculator=ghg-dairy`,
      ),
      onDale('POST /api/units/:unitId/calculations', 'calculations', 'POST', calculations, {
        body: { calculator: 'ghg-dairy', name: '', role: 'baseline', inputs: {} },
        sharedStatus: 406,
      }),
      onDale(
        'GET /api/units/:unitId/calculations/:id',
        'calculations',
        'GET',
        `${calculations}/${calculation}`,
      ),
      onDale(
        'PUT /api/units/:unitId/calculations/:id',
        'calculations',
        'PUT',
        `${calculations}/${calculation}`,
        { body: { name: '' }, sharedStatus: 406 },
      ),
      onDale(
        'DELETE /api/units/:unitId/calculations/:id',
        'calculations',
        'DELETE',
        `${calculations}/999999`,
        // The calculation's own calculator decides the rule: a real one once withheld.
        { sharedStatus: 404, withheldUrl: `/api/units/${dale}/${calculations}/${calculation}` },
      ),
      onDale(
        'POST /api/units/:unitId/calculations/:id/copy',
        'calculations',
        'POST',
        `${calculations}/${calculation}/copy`,
        { body: { name: '' }, sharedStatus: 406 },
      ),
      onDale(
        'POST /api/units/:unitId/calculations/:id/recompute',
        'calculations',
        'POST',
        `${calculations}/999999/recompute`,
        {
          sharedStatus: 404,
          withheldUrl: `/api/units/${dale}/${calculations}/${calculation}/recompute`,
        },
      ),
      onDale(
        'GET /api/units/:unitId/calculators/:name/prefill',
        'calculations',
        'GET',
        'calculators/ghg-dairy/prefill',
      ),
      onDale('GET /api/units/:unitId/surveys', 'surveys', 'GET', 'surveys'),
      onDale('GET /api/units/:unitId/surveys/:surveyId', 'surveys', 'GET', `surveys/${survey}`),
      onDale('GET /api/units/:unitId/notices', 'surveys', 'GET', 'notices'),
      onDale('GET /api/units/:unitId/assessments', 'assessments', 'GET', 'assessments'),
      onDale(
        'GET /api/units/:unitId/assessments/templates',
        'assessments',
        'GET',
        'assessments/templates',
      ),
      onDale(
        'GET /api/units/:unitId/assessments/:assessmentId',
        'assessments',
        'GET',
        `assessments/${assessment}`,
      ),
      onDale('POST /api/units/:unitId/assessments', 'assessments', 'POST', 'assessments', {
        body: { template: 'dairy-herd-health' },
        sharedStatus: 406,
      }),
      onDale(
        'PUT /api/units/:unitId/assessments/:assessmentId',
        'assessments',
        'PUT',
        `assessments/${assessment}`,
        { body: { template: 'dairy-herd-health' }, sharedStatus: 406 },
      ),
      onDale(
        'POST /api/units/:unitId/assessments/:assessmentId/sign',
        'assessments',
        'POST',
        `assessments/999999/sign`,
        { sharedStatus: 404 },
      ),
      // The provider's own survey, one unit's return: refused whole while withheld.
      ...(
        [
          ['GET', '', 200],
          ['POST', '/accept', 409],
          ['POST', '/query', 409],
          ['POST', '/reopen', 409],
          // Whether a reminder is due depends on the survey's dates: sent, or refused as not due.
          ['POST', '/remind', [200, 409]],
        ] as const
      ).map(([method, action, sharedStatus]): Refuses => ({
        route: `${method} /api/surveys/:surveyId/responses/:unitId${action}`,
        who: 'dairy',
        farm: 'farmer',
        category: 'surveys',
        method,
        url: `/api/surveys/${survey}/responses/${dale}${action}`,
        body: action === '/query' ? { comment: 'Why?' } : undefined,
        sharedStatus,
      })),
      {
        route: 'GET /api/units/:unitId/submissions/records/:recordId',
        who: 'processor',
        farm: 'multi',
        category: 'records:grower-return',
        method: 'GET',
        url: `/api/units/${units.multi}/submissions/records/${growerReturn}`,
      },
    ];

    const submissions = async (suffix = '') =>
      data<{ records: SubmissionItem[] }>(
        'processor',
        `/api/units/${units.multi}/submissions${suffix}?per_page=100`,
      );
    filters = [
      {
        route: 'GET /api/accounts/units/:unitId/summary/:planId',
        who: 'dairy',
        farm: 'farmer',
        category: 'records:monthly',
        shows: async () =>
          (
            await data<ApiUnitSummary>('dairy', `/api/accounts/units/${dale}/summary/${plan}`)
          ).records.some((r) => r.record_type === 'monthly'),
      },
      {
        route: 'GET /api/units/:unitId/dashboard',
        who: 'dairy',
        farm: 'farmer',
        category: 'records:monthly',
        shows: async () =>
          (await data<DashboardResult>('dairy', `/api/units/${dale}/dashboard`)).kpis.some(
            (k) => k.report.id === 'monthly',
          ),
      },
      {
        route: 'GET /api/accounts/activity',
        who: 'dairy',
        farm: 'farmer',
        category: 'records:monthly',
        shows: async () =>
          (await data<DashboardOverview>('dairy', '/api/accounts/activity')).activity.some(
            (a) => a.unit_id === dale && a.record_type === 'monthly',
          ),
      },
      {
        route: 'GET /api/units/:unitId/submissions',
        who: 'processor',
        farm: 'multi',
        category: 'records:grower-return',
        shows: async () => (await submissions()).records.some((i) => i.type === 'grower-return'),
      },
      {
        route: 'GET /api/units/:unitId/submissions.csv',
        who: 'processor',
        farm: 'multi',
        category: 'records:grower-return',
        shows: async () => {
          const file = await call(
            users.processor,
            'GET',
            `/api/units/${units.multi}/submissions.csv`,
          );
          expect(file.statusCode).toBe(200);
          return file.body.includes('Grower return');
        },
      },
      {
        route: 'GET /api/surveys/:surveyId/responses',
        who: 'dairy',
        farm: 'farmer',
        category: 'surveys',
        shows: async () => {
          const rows = (
            await data<{ records: CompanyResponseRow[] }>(
              'dairy',
              `/api/surveys/${survey}/responses?search=Lower%20Dale`,
            )
          ).records;
          const row = rows.find((r) => r.unit.id === dale);
          expect(row).toBeDefined();
          return row?.shared === true && row.actions.length > 0;
        },
      },
      {
        route: 'GET /api/surveys/:surveyId/responses.csv',
        who: 'dairy',
        farm: 'farmer',
        category: 'surveys',
        shows: async () => {
          const file = await call(
            users.dairy,
            'GET',
            `/api/surveys/${survey}/responses.csv?search=Lower%20Dale`,
          );
          expect(file.statusCode).toBe(200);
          expect(file.body).toContain('Lower Dale Dairy');
          return file.body.includes('Lower Dale vet only');
        },
      },
    ];
  });
  afterAll(() => t.close());

  it('covers every signed route, or says why consent does not bind it', () => {
    const covered = new Set([
      ...refuses.map((c) => c.route),
      ...filters.map((c) => c.route),
      ...Object.keys(UNBOUND),
      // Customer Insights: its own case below, over Fenland Fresh's supplying units.
      'GET /api/insights',
      'GET /api/insights.csv',
    ]);
    expect([...signedRoutes].filter((r) => !covered.has(r))).toEqual([]);
  });

  it('answers each route while shared, refuses or leaves out each withheld category, and answers again once shared', async () => {
    for (const c of refuses) {
      const answer = await send(c);
      expect(
        [c.sharedStatus ?? 200].flat(),
        `shared: ${c.who} ${c.route}: ${answer.body}`,
      ).toContain(answer.statusCode);
    }
    for (const c of filters) expect(await c.shows(), `shared: ${c.route}`).toBe(true);

    const categories = new Set(
      [...refuses, ...filters].map((c) => `${c.farm}|${c.who}|${c.category}`),
    );
    for (const key of categories) {
      const [farm, who, category] = key.split('|') as ['farmer' | 'multi', Who, string];
      await choose(farm, who, category, false);
      for (const c of refuses.filter((r) => r.farm === farm && r.category === category)) {
        const answer = await send(c, true);
        expect(answer.statusCode, `withheld ${category}: ${c.route}`).toBe(403);
        expect(answer.json<{ msg: string }>().msg, c.route).toMatch(/ has not shared .+ with /);
      }
      for (const c of filters.filter((r) => r.farm === farm && r.category === category)) {
        expect(await c.shows(), `withheld ${category}: ${c.route}`).toBe(false);
      }
      await choose(farm, who, category, true);
    }
    for (const c of refuses.filter((r) => r.method === 'GET')) {
      expect((await send(c)).statusCode, `shared again: ${c.route}`).toBe(200);
    }
    for (const c of filters) expect(await c.shows(), `shared again: ${c.route}`).toBe(true);
  });

  it("logs the staff's reads for the farm: who, the category and what it was read through", async () => {
    const log = await call(
      users.farmer,
      'GET',
      `/api/units/${units.farmer}/access-log?per_page=100&provider=${providers.dairy}`,
    );
    const entries = log.json<ApiSuccess<{ records: AccessLogEntry[] }>>().data.records;
    const seen = new Set(entries.map((e) => `${e.category.id} ${e.what} ${e.action}`));
    for (const expected of [
      'records:monthly Monthly Records viewed',
      'records:monthly Monthly Records downloaded',
      'records:monthly Monthly Reports viewed',
      'documents Farm Documents downloaded',
      'calculations GHG What If? (Dairy) viewed',
      'assessments Vet Vision viewed',
      'surveys Survey Responses: a return viewed',
      'surveys Survey Responses: the responses file downloaded',
      'records:monthly Current Unit Dashboard viewed',
    ]) {
      expect(seen, expected).toContain(expected);
    }
    expect(new Set(entries.map((e) => e.user))).toEqual(
      new Set([`${users.dairy.user.first_name} ${users.dairy.user.last_name}`]),
    );
  });

  it("leaves a supplier that withholds its figures out of Customer Insights' figures and file", async () => {
    const read = () =>
      data<CustomerInsights>('processor', '/api/insights?enterprise=arable&per_page=100');
    const before = await read();
    const supplier = before.units.find((u) => Object.values(u.values).some((v) => v !== null));
    if (!supplier) throw new Error('no supplier of Fenland Fresh with figures in the test data');
    expect(supplier.shared).toBe(true);
    // The generated farms have no users of their own: their choice is written straight to the
    // table, as PUT /api/units/{unit}/consent/… writes it.
    const enterprise = loadEnterprises().get(before.enterprise.id);
    const [category] = enterprise ? enterpriseCategories(enterprise) : [];
    await t.db.query(
      'insert into consent_grants (unit_id, provider_id, category, shared) values ($1, $2, $3, false)',
      [supplier.unitId, providers.processor, category],
    );
    const after = (await read()).units.find((u) => u.unitId === supplier.unitId);
    expect(after).toMatchObject({ shared: false, sizeBand: null });
    expect(Object.values(after?.values ?? {}).every((v) => v === null)).toBe(true);
    const file = await call(users.processor, 'GET', '/api/insights.csv?enterprise=arable');
    expect(file.statusCode).toBe(200);
    const line = file.body.split('\r\n').find((l) => l.includes(`,${supplier.unit},`));
    expect(line).toBeDefined();
    expect(
      line
        ?.split(',')
        .slice(5)
        .every((cell) => cell === ''),
    ).toBe(true);
  });
});
