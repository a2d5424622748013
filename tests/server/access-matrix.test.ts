import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSuccess, AuthResponse } from '../../shared/api.ts';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../shared/signing.ts';
import type { RouteGuard } from '../../server/access/route-rules.ts';
import { serverRuleBook } from '../../server/access/rules.ts';
import { loadRecordTypes } from '../../server/records/record-types.ts';
import { PDF } from './fixtures/files.ts';
import { loginAs, signedInject, signedUpload, startTestApp, type TestApp } from './test-app.ts';

/**
 * Route by route: nothing of Highfield Estate (multi@example.com's farm) reaches the user of
 * another farm (farmer@example.com) or the staff of a provider with no plan there
 * (buyer@example.com, Acme Foods). Every signed route must appear here, so a new route cannot
 * skip the check.
 */
interface Target {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  upload?: Buffer;
}

/** How an outsider's call must end: its status, and text its answer must not contain. */
interface Expectation {
  status: readonly number[];
  without: RegExp;
}

interface Case {
  route: string;
  target: Target;
  farmer: Expectation;
  buyer: Expectation;
}

/** Highfield's own names, which must not appear in an outsider's answer. */
const HIGHFIELD = /Highfield|Pennington/;
const REFUSED: Expectation = { status: [403, 404], without: HIGHFIELD };
const ANSWERED: Expectation = { status: [200], without: HIGHFIELD };
/** Refused by the rule itself: the staff of a provider that sends no surveys. */
const NOT_SURVEY_STAFF: Expectation = {
  status: [403],
  without: /Highfield|Pennington|Fenland|Grower Return/,
};
/** Fenland Fresh's grower-return survey, addressed to Highfield Arable's plan. */
const SURVEY = 'fenland-fresh-grower-return-2026';

describe('no farm data crosses farms or providers (every signed route)', () => {
  let t: TestApp;
  const signedRoutes = new Set<string>();
  const guards = new Map<string, RouteGuard | undefined>();
  let farmer: AuthResponse;
  let buyer: AuthResponse;
  let cases: Case[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      onRoute: (route) => {
        if (route.config?.access !== 'user') return;
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') {
            signedRoutes.add(`${method} ${route.url}`);
            guards.set(`${method} ${route.url}`, route.config.guard);
          }
        }
      },
    });
    const multi = await loginAs(t.app, 'multi@example.com');
    farmer = await loginAs(t.app, 'farmer@example.com');
    buyer = await loginAs(t.app, 'buyer@example.com');

    const one = async <T>(sql: string): Promise<T> => {
      const row = (await t.db.query<T & object>(sql)).rows[0];
      if (!row) throw new Error(`no row for ${sql}`);
      return row;
    };
    const farmId = multi.user.business.id;
    const unit = await one<{ id: number; name: string }>(
      "select id, name from units where name = 'Highfield Arable'",
    );
    const plan = await one<{ id: number; provider_id: number }>(
      "select id, provider_id from packages where reference = 'fenland_fresh_grower_scheme'",
    );
    // Written straight to the table: whether Highfield's plans hold monthly records is beside the point.
    const recordId = (
      await one<{ id: number }>(
        `insert into records (unit_id, record_type, data)
         values (${unit.id}, 'monthly', '{"month": "2026-09-01", "notes": "Highfield only"}') returning id`,
      )
    ).id;
    // Written straight to the table too: a saved calculation of Highfield Arable.
    const calculationId = (
      await one<{ id: number }>(
        `insert into calculations (unit_id, calculator, name, role, method_version, inputs, result, tables)
         values (${unit.id}, 'ghg-arable', 'Highfield wheat', 'baseline', 'ghg-2019t1-desnz2024@1',
                 '{}', '{"totals": {"co2e": 0}}', '{}') returning id`,
      )
    ).id;
    const document = (
      await signedUpload(
        t.app,
        multi.auth_token,
        `/api/units/${unit.id}/documents?name=Highfield%20tenancy.pdf`,
        PDF,
      )
    ).json<ApiSuccess<{ id: number }>>().data;
    const article = await one<{ id: number }>(
      `select id from articles where provider_id = ${plan.provider_id} and kind = 'news' limit 1`,
    );
    const session = (
      await signedInject(t.app, multi.auth_token, 'POST', '/api/analytics/browser', {
        uid: multi.user.id,
        bt: 'farm',
        ua: 'x',
        ww: 1,
        wh: 1,
        sw: 1,
        sh: 1,
      })
    ).json<ApiSuccess<{ id: number }>>().data;

    // A grower return sent by Highfield Arable, and a survey reminder to it, straight to the tables.
    const returnId = (
      await one<{ id: number }>(
        `insert into records (unit_id, record_type, data)
         values (${unit.id}, 'grower-return', '{"season": "2026", "submitted_date": "2026-10-01", "crop": "Vining peas", "variety": "Span", "field_name": "Highfield Top"}') returning id`,
      )
    ).id;
    const noticeId = (
      await one<{ id: number }>(
        `insert into notices (unit_id, provider_id, kind, survey_id, title, message, path, created_by_name)
         values (${unit.id}, ${plan.provider_id}, 'survey-reminder', '${SURVEY}', 'Reminder',
                 'Highfield, please answer', '/unit/surveys/${SURVEY}', 'Priya Shah') returning id`,
      )
    ).id;
    // A remittance statement of Highfield Arable from Fenland Fresh (seeded, server/seed/intake.ts).
    const statement = await one<{ id: number }>(
      `select id from remittance_statements where unit_id = ${unit.id} order by id limit 1`,
    );
    // A field of Highfield Arable (MiFarm, issue 20 point 2), straight to the table.
    const fieldId = (
      await one<{ id: number }>(
        `insert into fields (unit_id, name, land_use) values (${unit.id}, 'Highfield Top', 'Arable') returning id`,
      )
    ).id;
    // A Vet Vision assessment of Highfield Beef with an action, straight to the tables: no plan of
    // Highfield's has vetvision, and neither outsider may reach it whatever its plans.
    const beefUnit = await one<{ id: number }>(
      "select id from units where name = 'Highfield Beef'",
    );
    const assessment = await one<{ id: number }>(
      `insert into assessments (unit_id, template_id, template_version, visit_date, vet_name, practice, created_by)
       values (${beefUnit.id}, 'beef-herd-health', 1, '2026-10-01', 'Highfield vet', 'Pennington Vets', ${multi.user.id}) returning id`,
    );
    const assessmentAction = await one<{ id: number }>(
      `insert into assessment_actions (assessment_id, position, description, owner, due_on)
       values (${assessment.id}, 1, 'Highfield action', 'Sarah', '2026-12-01') returning id`,
    );
    const records = `/api/units/${unit.id}/records/monthly`;
    const documents = `/api/units/${unit.id}/documents`;
    const calculations = `/api/units/${unit.id}/calculations`;
    cases = [
      {
        route: 'GET /api/accounts/farms/',
        target: {
          method: 'GET',
          url: `/api/accounts/farms/?api_action=get_farm_unit_and_package_details&id=${farmId}`,
        },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      {
        route: 'GET /api/accounts/units',
        target: { method: 'GET', url: '/api/accounts/units?search=highfield&per_page=100' },
        farmer: REFUSED,
        buyer: ANSWERED,
      },
      {
        route: 'GET /api/accounts/units.csv',
        target: { method: 'GET', url: '/api/accounts/units.csv?search=highfield' },
        farmer: REFUSED,
        buyer: ANSWERED,
      },
      {
        route: 'GET /api/accounts/units/:unitId/summary/:planId',
        target: { method: 'GET', url: `/api/accounts/units/${unit.id}/summary/${plan.id}` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      ...(['GET', 'POST'] as const).map((method) => ({
        route: `${method} /api/units/:unitId/records/:type`,
        target: {
          method,
          url: records,
          body: method === 'POST' ? { month: '2026-01-01' } : undefined,
        },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      {
        route: 'GET /api/units/:unitId/records/:type.csv',
        target: { method: 'GET', url: `${records}.csv` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      ...(['GET', 'PUT', 'DELETE'] as const).map((method) => ({
        route: `${method} /api/units/:unitId/records/:type/:recordId`,
        target: {
          method,
          url: `${records}/${recordId}`,
          body: method === 'PUT' ? { month: '2026-01-01' } : undefined,
        },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      {
        route: 'GET /api/units/:unitId/documents',
        target: { method: 'GET', url: documents },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      {
        route: 'GET /api/units/:unitId/documents.csv',
        target: { method: 'GET', url: `${documents}.csv` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      {
        route: 'POST /api/units/:unitId/documents',
        target: { method: 'POST', url: `${documents}?name=x.pdf`, upload: PDF },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      {
        route: 'GET /api/units/:unitId/documents/:documentId/content',
        target: { method: 'GET', url: `${documents}/${document.id}/content` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      {
        route: 'DELETE /api/units/:unitId/documents/:documentId',
        target: { method: 'DELETE', url: `${documents}/${document.id}` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      {
        route: 'GET /api/articles/:kind',
        target: { method: 'GET', url: '/api/articles/news?per_page=100' },
        farmer: { status: [200], without: /Fenland Fresh/ },
        buyer: { status: [200], without: /Fenland Fresh/ },
      },
      {
        route: 'GET /api/articles/:kind/:id',
        target: { method: 'GET', url: `/api/articles/news/${article.id}` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      ...(['GET', 'PUT'] as const).map((method) => ({
        route: `${method} /api/users/me/notifications/:providerId`,
        target: {
          method,
          url: `/api/users/me/notifications/${plan.provider_id}`,
          body:
            method === 'PUT'
              ? {
                  email_news: false,
                  email_documents: false,
                  email_deadlines: false,
                  email_results: false,
                  sms_urgent: false,
                  survey_reminders: false,
                }
              : undefined,
        },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      {
        // A calculator computes from the call's inputs alone; naming Highfield's unit is refused.
        route: 'POST /api/calculators/:name/evaluate',
        target: {
          method: 'POST',
          url: `/api/calculators/stir/evaluate?unit=${unit.id}`,
          body: { inputs: { operations: [{ preset: 'chisel' }] } },
        },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      // Saved calculations: each guarded by its calculator's rule for the unit in the path.
      ...(['GET', 'POST'] as const).map((method) => ({
        route: `${method} /api/units/:unitId/calculations`,
        target: {
          method,
          url: method === 'GET' ? `${calculations}?calculator=ghg-arable` : calculations,
          body:
            method === 'POST'
              ? { calculator: 'ghg-arable', name: 'Mine', role: 'baseline', inputs: {} }
              : undefined,
        },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      ...(['GET', 'PUT', 'DELETE'] as const).map((method) => ({
        route: `${method} /api/units/:unitId/calculations/:id`,
        target: {
          method,
          url: `${calculations}/${calculationId}`,
          body: method === 'PUT' ? { name: 'Mine' } : undefined,
        },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      {
        route: 'GET /api/units/:unitId/calculators/:name/prefill',
        target: { method: 'GET', url: `/api/units/${unit.id}/calculators/ghg-arable/prefill` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      {
        route: 'GET /api/units/:unitId/reports/:id.csv',
        target: { method: 'GET', url: `/api/units/${unit.id}/reports/lab.csv` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      {
        route: 'GET /api/units/:unitId/reports/:id',
        target: { method: 'GET', url: `/api/units/${unit.id}/reports/lab` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      {
        route: 'GET /api/units/:unitId/dashboard',
        target: { method: 'GET', url: `/api/units/${unit.id}/dashboard` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      {
        route: 'GET /api/accounts/activity',
        target: { method: 'GET', url: '/api/accounts/activity' },
        farmer: REFUSED,
        buyer: ANSWERED,
      },
      ...(['copy', 'recompute'] as const).map((action) => ({
        route: `POST /api/units/:unitId/calculations/:id/${action}`,
        target: {
          method: 'POST' as const,
          url: `${calculations}/${calculationId}/${action}`,
          body: action === 'copy' ? { name: 'Mine' } : undefined,
        },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      {
        route: 'POST /api/analytics/activity',
        target: {
          method: 'POST',
          url: '/api/analytics/activity',
          body: {
            sn: session.id,
            uid: multi.user.id,
            bt: 'farm',
            activities: [{ path: '/x', act: 'interaction' }],
          },
        },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      // Surveys and submissions (issue 18): Highfield Arable's grower return to Fenland Fresh.
      ...(
        [
          ['GET', 'surveys', undefined],
          ['GET', `surveys/${SURVEY}`, undefined],
          ['PUT', `surveys/${SURVEY}/draft`, { answers: {} }],
          ['POST', `surveys/${SURVEY}/submit`, { answers: {} }],
          ['GET', 'submissions', undefined],
          ['GET', 'submissions.csv', undefined],
          ['GET', `submissions/records/${returnId}`, undefined],
          ['GET', 'notices', undefined],
          ['POST', `notices/${noticeId}/read`, undefined],
        ] as const
      ).map(([method, path, body]) => ({
        route: `${method} /api/units/:unitId/${path
          .replace(SURVEY, ':surveyId')
          .replace(String(returnId), ':recordId')
          .replace(String(noticeId), ':noticeId')}`,
        target: { method, url: `/api/units/${unit.id}/${path}`, body },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      // Survey Responses: Acme Foods sends no surveys, so its staff are refused by the rule
      // (provider_sends_surveys) on every endpoint, before any survey is looked up.
      ...(
        [
          ['GET', 'surveys'],
          ['GET', `surveys/${SURVEY}`],
          ['GET', `surveys/${SURVEY}/responses`],
          ['GET', `surveys/${SURVEY}/responses.csv`],
          ['GET', `surveys/${SURVEY}/responses/${unit.id}`],
          ['POST', `surveys/${SURVEY}/responses/${unit.id}/accept`],
          ['POST', `surveys/${SURVEY}/responses/${unit.id}/query`],
          ['POST', `surveys/${SURVEY}/responses/${unit.id}/reopen`],
          ['POST', `surveys/${SURVEY}/responses/${unit.id}/remind`],
        ] as const
      ).map(([method, path]) => ({
        route: `${method} /api/${path.replace(SURVEY, ':surveyId').replace(`/${unit.id}`, '/:unitId')}`,
        target: {
          method,
          url: `/api/${path}`,
          body: path.endsWith('/query') ? { comment: 'Why?' } : undefined,
        },
        farmer: REFUSED,
        buyer: NOT_SURVEY_STAFF,
      })),
      // Remittance advice (issue 19 point 4): Fenland Fresh's statements to Highfield Arable. The
      // staff's API is refused to the farmer and to Acme's staff by the rule remittance, the
      // farm's to both by farm-remittance.
      ...(
        [
          'remittance/statements',
          'remittance/statements.csv',
          'remittance/growers',
          `remittance/statements/${statement.id}`,
          `remittance/statements/${statement.id}.csv`,
          `units/${unit.id}/remittance/statements`,
          `units/${unit.id}/remittance/statements.csv`,
          `units/${unit.id}/remittance/statements/${statement.id}`,
          `units/${unit.id}/remittance/statements/${statement.id}.csv`,
        ] as const
      ).map((path) => ({
        route: `GET /api/${path
          .replace(`units/${unit.id}/`, 'units/:unitId/')
          .replace(`/${statement.id}`, '/:statementId')}`,
        target: { method: 'GET' as const, url: `/api/${path}` },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      // Benchmarking (issue 19): Highfield Arable's benchmark is refused to both (another farm's
      // unit; no Moorland Vale plan on it). Customer Insights is staff's alone; Acme's staff get
      // their own suppliers' figures, never Highfield's (it supplies Fenland Fresh and others).
      {
        route: 'GET /api/units/:unitId/benchmarks/:provider',
        target: { method: 'GET', url: `/api/units/${unit.id}/benchmarks/moorland_vale` },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      ...(['insights', 'insights.csv'] as const).map((path) => ({
        route: `GET /api/${path}`,
        target: { method: 'GET' as const, url: `/api/${path}?per_page=100` },
        farmer: REFUSED,
        buyer: ANSWERED,
      })),
      // MiFarm (issue 20 point 2): the farm's own area, refused to another farm's user and to
      // company staff (rule mifarm: farm users only).
      ...(
        [
          ['GET', 'mifarm/profile', undefined],
          ['PUT', 'mifarm/profile', { sbi: '123456789' }],
          ['GET', 'fields', undefined],
          ['POST', 'fields', { name: 'Mine', land_use: 'Arable' }],
          ['GET', `fields/${fieldId}`, undefined],
          ['PUT', `fields/${fieldId}`, { name: 'Mine', land_use: 'Arable' }],
          ['DELETE', `fields/${fieldId}`, undefined],
        ] as const
      ).map(([method, path, body]) => ({
        route: `${method} /api/units/:unitId/${path.replace(String(fieldId), ':fieldId')}`,
        target: { method, url: `/api/units/${unit.id}/${path}`, body },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      {
        route: 'POST /api/units/:unitId/fields/import',
        target: {
          method: 'POST',
          url: `/api/units/${unit.id}/fields/import`,
          upload: Buffer.from('{"type": "FeatureCollection", "features": []}'),
        },
        farmer: REFUSED,
        buyer: REFUSED,
      },
      // Vet Vision (issue 20 point 1): Highfield Beef's assessment, refused to both by the rule
      // vet-vision (or vet-vision-actions): another farm's unit, and no Acme plan on it.
      ...(
        [
          ['GET', 'assessments/templates', 'assessments/templates'],
          ['GET', 'assessments', 'assessments'],
          ['POST', 'assessments', 'assessments'],
          ['GET', `assessments/${assessment.id}`, 'assessments/:assessmentId'],
          ['PUT', `assessments/${assessment.id}`, 'assessments/:assessmentId'],
          ['POST', `assessments/${assessment.id}/sign`, 'assessments/:assessmentId/sign'],
          [
            'POST',
            `assessments/${assessment.id}/actions/${assessmentAction.id}/done`,
            'assessments/:assessmentId/actions/:actionId/done',
          ],
        ] as const
      ).map(([method, path, route]) => ({
        route: `${method} /api/units/:unitId/${route}`,
        target: {
          method,
          url: `/api/units/${beefUnit.id}/${path}`,
          body:
            method === 'GET' || path.endsWith('/sign') || path.endsWith('/done')
              ? undefined
              : {
                  template: 'beef-herd-health',
                  visitDate: '2026-11-01',
                  vetName: 'x',
                  practice: 'x',
                  answers: {},
                  actions: [],
                },
        },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      // Consent (issue 20 point 3): Highfield Arable's "Who sees my data" and its access log are
      // its farm's alone (rule consent: farm users), refused to another farm's user and to staff.
      ...(
        [
          ['GET', 'consent', 'consent', undefined],
          [
            'PUT',
            `consent/${plan.provider_id}/documents`,
            'consent/:providerId/:category',
            { shared: false },
          ],
          ['GET', 'access-log', 'access-log', undefined],
          ['GET', 'access-log.csv', 'access-log.csv', undefined],
        ] as const
      ).map(([method, path, route, body]) => ({
        route: `${method} /api/units/:unitId/${route}`,
        target: { method, url: `/api/units/${unit.id}/${path}`, body },
        farmer: REFUSED,
        buyer: REFUSED,
      })),
      // The caller's own resources: they can only ever name the caller. Logout comes last.
      {
        route: 'GET /api/users/me',
        target: { method: 'GET', url: '/api/users/me' },
        farmer: ANSWERED,
        buyer: ANSWERED,
      },
      {
        // Each caller gets their own key, never Highfield's: the server test of the route checks
        // that keys differ between users (tests/server/local-key.test.ts).
        route: 'GET /api/users/me/local-key',
        target: { method: 'GET', url: '/api/users/me/local-key' },
        farmer: ANSWERED,
        buyer: ANSWERED,
      },
      {
        route: 'POST /api/users/me/password',
        target: {
          method: 'POST',
          url: '/api/users/me/password',
          body: { current_password: 'not-mine', new_password: 'Another-Password-2026' },
        },
        farmer: { status: [406], without: HIGHFIELD },
        buyer: { status: [406], without: HIGHFIELD },
      },
      {
        route: 'POST /api/analytics/browser',
        target: {
          method: 'POST',
          url: '/api/analytics/browser',
          body: { uid: multi.user.id, bt: 'farm', ua: 'x', ww: 1, wh: 1, sw: 1, sh: 1 },
        },
        farmer: ANSWERED,
        buyer: ANSWERED,
      },
      {
        route: 'POST /api/authenticate/logout',
        target: { method: 'POST', url: '/api/authenticate/logout' },
        farmer: ANSWERED,
        buyer: ANSWERED,
      },
    ];
  });
  afterAll(() => t.close());

  it("names, on every signed route, the config rule it enforces or why it is the caller's own", () => {
    const book = serverRuleBook([...loadRecordTypes().values()]);
    const unguarded = [...guards].filter(([, guard]) => guard === undefined).map(([r]) => r);
    expect(unguarded).toEqual([]);
    for (const [route, guard] of guards) {
      if (guard && 'rule' in guard && typeof guard.rule === 'string') {
        expect(book.get(guard.rule), `${route} enforces "${guard.rule}"`).toBeDefined();
      }
    }
  });

  it('has a case for every signed route', () => {
    expect(signedRoutes.size).toBeGreaterThan(15);
    const covered = new Set(cases.map((c) => c.route));
    expect([...signedRoutes].filter((r) => !covered.has(r))).toEqual([]);
  });

  it("answers Fenland Fresh's intake staff and Highfield's own farm user on the remittance routes, and refuses Fenland Fresh's adviser", async () => {
    // Beside the outsiders above: processor@ (sub type 118) is answered by the staff's routes,
    // adviser@ (the same provider's field advisory, sub type 0) is refused by the rule
    // remittance, and multi@ receives Highfield Arable's statements only, by the farm's routes.
    const processor = await loginAs(t.app, 'processor@example.com');
    const adviser = await loginAs(t.app, 'adviser@example.com');
    const multi = await loginAs(t.app, 'multi@example.com');
    const arable = (
      await t.db.query<{ id: number }>("select id from units where name = 'Highfield Arable'")
    ).rows[0]?.id;
    const remittance = cases.filter((c) => c.route.includes('/remittance/'));
    expect(remittance).toHaveLength(9);
    for (const c of remittance) {
      const farmRoute = c.route.includes('/units/:unitId/');
      const get = (who: AuthResponse) => signedInject(t.app, who.auth_token, 'GET', c.target.url);
      const staff = await get(processor);
      expect(staff.statusCode, `processor@: ${c.route}`).toBe(farmRoute ? 403 : 200);
      expect((await get(adviser)).statusCode, `adviser@: ${c.route}`).toBe(403);
      const farm = await get(multi);
      expect(farm.statusCode, `multi@: ${c.route}`).toBe(farmRoute ? 200 : 403);
      if (farmRoute && c.route.endsWith('/statements')) {
        const units = farm
          .json<ApiSuccess<{ records: { unit: { id: number } }[] }>>()
          .data.records.map((r) => r.unit.id);
        expect(units.length).toBeGreaterThan(0);
        expect(new Set(units)).toEqual(new Set([arable]));
      }
    }
    // Highfield Beef holds no Fenland Fresh plan: its statements are refused to its own farm.
    const beef = (
      await t.db.query<{ id: number }>("select id from units where name = 'Highfield Beef'")
    ).rows[0]?.id;
    const other = await signedInject(
      t.app,
      multi.auth_token,
      'GET',
      `/api/units/${beef}/remittance/statements`,
    );
    expect(other.statusCode).toBe(403);
  });

  it("gives no outsider Highfield's stored answer for an Idempotency-Key: keys are per user, and the route's rule comes first", async () => {
    const multi = await loginAs(t.app, 'multi@example.com');
    const arable = (
      await t.db.query<{ id: number }>("select id from units where name = 'Highfield Arable'")
    ).rows[0]?.id;
    const url = `/api/units/${String(arable)}/documents?name=Highfield%20lease.pdf`;
    const key = crypto.randomUUID();
    const upload = (who: AuthResponse) =>
      signedUpload(t.app, who.auth_token, url, PDF, { idempotencyKey: key });
    const own = await upload(multi);
    expect(own.statusCode).toBe(201);
    for (const outsider of [farmer, buyer]) {
      const answer = await upload(outsider);
      expect(REFUSED.status).toContain(answer.statusCode);
      expect(answer.body).not.toMatch(HIGHFIELD);
      expect(answer.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    }
    const again = await upload(multi);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.body).toBe(own.body);
  });

  it.each(['farmer', 'buyer'] as const)('gives %s nothing of Highfield Estate', async (who) => {
    const caller = who === 'farmer' ? farmer : buyer;
    const held = () =>
      t.db.query<{ n: number }>(
        `select (select count(*) from documents)::int + (select count(*) from records)::int
           + (select count(*) from calculations where name = 'Highfield wheat')::int
           + (select count(*) from survey_responses)::int + (select count(*) from notices)::int
           + (select count(*) from survey_comments)::int
           + (select count(*) from fields where name = 'Highfield Top')::int
           + (select count(*) from units where sbi is not null)::int as n`,
      );
    // The document, record and calculation made above, and the seeded records (Highfield Beef's herd).
    const before = (await held()).rows[0]?.n;
    expect(before).toBeGreaterThanOrEqual(3);
    for (const c of cases) {
      const { method, url, body, upload } = c.target;
      const response = upload
        ? await signedUpload(t.app, caller.auth_token, url, upload)
        : await signedInject(t.app, caller.auth_token, method, url, body);
      const { status, without } = c[who];
      const label = `${who}: ${c.route} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(status, label).toContain(response.statusCode);
      expect(response.body, label).not.toMatch(without);
    }
    // Nothing was changed or removed on Highfield's behalf.
    expect((await held()).rows[0]?.n).toBe(before);
  });
});
