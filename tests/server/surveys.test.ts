import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiPaged, ApiSuccess, AuthResponse } from '../../shared/api.ts';
import type {
  CompanyResponse,
  CompanyResponseRow,
  CompanySurvey,
  CompanySurveySummary,
  PortalNotice,
  SubmissionItem,
  SubmissionRecordReturn,
  SurveyForUnit,
  SurveyResponse,
  SurveySummary,
} from '../../shared/surveys/types.ts';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { parse } from 'yaml';
import { loginAs, signedInject, startTestApp, type TestApp, unitIdNamed } from './test-app.ts';

/**
 * Every answer of the Surveys paths this file receives is checked against docs/openapi.yaml: its
 * status documented, its JSON body valid against the documented schema, so that the portal's
 * screens can rely on the contract (shared/surveys/types.ts says the same in TypeScript).
 */
interface Operation {
  tags?: string[];
  responses: Record<string, { $ref?: string }>;
}
const openapi = parse(
  readFileSync(new URL('../../docs/openapi.yaml', import.meta.url), 'utf8'),
) as {
  paths: Record<string, Record<string, Operation>>;
};
const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(openapi, 'openapi');
const SURVEY_PATHS = Object.entries(openapi.paths)
  .filter(([, item]) => Object.values(item).some((op) => op.tags?.includes('Surveys')))
  .map(([path]) => ({
    path,
    pattern: new RegExp(`^/api${path.replace(/\{[^}]+\}/g, '[^/]+').replaceAll('.', '\\.')}$`),
  }));
let documentedAnswers = 0;

function expectDocumented(response: LightMyRequestResponse, method: string, url: string) {
  const found = SURVEY_PATHS.find((p) => p.pattern.test(url.split('?')[0] ?? ''));
  if (!found) return;
  const verb = method.toLowerCase();
  const operation = openapi.paths[found.path]?.[verb];
  const status = String(response.statusCode);
  const documented = operation?.responses[status];
  expect(documented, `${method} ${found.path} documents ${status}`).toBeDefined();
  if (!documented || !String(response.headers['content-type']).includes('json')) return;
  const pointer = documented.$ref
    ? documented.$ref.replace('#', '')
    : `/paths/${found.path.replaceAll('~', '~0').replaceAll('/', '~1')}/${verb}/responses/${status}`;
  const validate = ajv.compile({ $ref: `openapi#${pointer}/content/application~1json/schema` });
  validate(response.json());
  expect(
    validate.errors ?? [],
    `${method} ${url} ${status}: ${response.body.slice(0, 300)}`,
  ).toEqual([]);
  documentedAnswers++;
}

/**
 * Surveys and submissions (issue 18) on a real server and database, with the server's clock set
 * to 24 November 2026: targeting by plan and plan feature, autosaved drafts, submit (validated,
 * then locked), version pinning, the provider's query, reopen and accept with the history kept,
 * reminders as in-portal notices, the CSV of answers, the submissions list, and refusals across
 * providers.
 */
const SUSTAINABILITY = 'moorland-vale-dairy-sustainability-2026';
const ANTIBIOTICS = 'moorland-vale-antibiotic-use-2026';
const HERD_HEALTH = 'moorland-vale-herd-health-2026';
const GROWER_RETURN = 'fenland-fresh-grower-return-2026';

const GROWER_ANSWERS = {
  crops: {
    crops: [
      { crop: 'vining_peas', variety: 'Span', field_name: 'Top Field', area_ha: 12.5 },
      { crop: 'green_beans', variety: 'Naches', area_ha: 6 },
    ],
  },
  sprays: {
    sprays: [{ product: 'Nirvana', mapp_number: '15127', applied_on: '2026-05-02' }],
    sprayer_tested: true,
    operator_certified: true,
  },
  delivery: { delivered_tonnes: 104.2, assured: true },
};

describe('surveys and submissions', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-24T10:00:00Z');
  let farmer: AuthResponse;
  let multi: AuthResponse;
  let processor: AuthResponse;
  let buyer: AuthResponse;
  let lowerDale: number;
  let arable: number;
  let beef: number;

  const call = <T = unknown>(
    who: AuthResponse,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) =>
    signedInject(t.app, who.auth_token, method, url, body, {
      timestamp: Math.floor(now / 1000),
    })
      .then((r) => {
        expectDocumented(r, method, url);
        return r;
      })
      .then((r) => ({
        status: r.statusCode,
        data:
          r.statusCode < 300 && r.headers['content-type']?.toString().includes('json')
            ? r.json<ApiSuccess<T>>().data
            : (undefined as T),
        error: r.statusCode >= 400 ? r.json<ApiErrorBody>() : undefined,
        body: r.body,
        headers: r.headers,
      }));

  const unitId = (name: string) => unitIdNamed(t.db, name);

  beforeAll(async () => {
    t = await startTestApp({ clock: () => now });
    // One after another: each login's scrypt work is the slow part either way.
    farmer = await loginAs(t.app, 'farmer@example.com');
    multi = await loginAs(t.app, 'multi@example.com');
    processor = await loginAs(t.app, 'processor@example.com');
    buyer = await loginAs(t.app, 'buyer@example.com');
    lowerDale = await unitId('Lower Dale Dairy');
    arable = await unitId('Highfield Arable');
    beef = await unitId('Highfield Beef');
  });
  afterAll(async () => {
    await t.close();
    // The checks above ran on every call: make sure they did.
    expect(documentedAnswers).toBeGreaterThan(60);
  });

  describe('targeting', () => {
    it("lists for farmer@'s dairy the Moorland Vale surveys its plan is addressed, soonest due first", async () => {
      const { status, data } = await call<ApiPaged<SurveySummary>>(
        farmer,
        'GET',
        `/api/units/${lowerDale}/surveys`,
      );
      expect(status).toBe(200);
      expect(data.records.map((s) => [s.id, s.status, s.daysToClose])).toEqual([
        // Past its due date (20 Nov), still taking late answers until 31 Dec.
        [HERD_HEALTH, 'late', -4],
        // Due within 14 days, addressed through the plan's medicine book feature.
        [ANTIBIOTICS, 'not-started', 10],
        [SUSTAINABILITY, 'not-started', 52],
      ]);
      const sustainability = data.records[2];
      expect(sustainability).toMatchObject({
        version: 2,
        currentVersion: 2,
        provider: { reference: 'moorland_vale', name: 'Moorland Vale Dairies' },
        plans: ['moorland_vale_milk_premium'],
        closesOn: '2027-01-15',
        pageCount: 6,
        pagesAnswered: 0,
        updatedAt: null,
      });
      const late = await call<ApiPaged<SurveySummary>>(
        farmer,
        'GET',
        `/api/units/${lowerDale}/surveys?status=late`,
      );
      expect(late.data.records.map((s) => s.id)).toEqual([HERD_HEALTH]);
    });

    it("lists for multi@'s Highfield Arable only Fenland Fresh's grower return", async () => {
      const { data } = await call<ApiPaged<SurveySummary>>(
        multi,
        'GET',
        `/api/units/${arable}/surveys`,
      );
      expect(data.records.map((s) => [s.id, s.status, s.provider.name])).toEqual([
        [GROWER_RETURN, 'not-started', 'Fenland Fresh Produce'],
      ]);
    });

    it('refuses a unit whose plans have no surveys, and a survey not addressed to the unit', async () => {
      expect((await call(multi, 'GET', `/api/units/${beef}/surveys`)).status).toBe(403);
      expect(
        (await call(multi, 'GET', `/api/units/${arable}/surveys/${SUSTAINABILITY}`)).status,
      ).toBe(404);
      expect(
        (await call(farmer, 'GET', `/api/units/${lowerDale}/surveys/${GROWER_RETURN}`)).status,
      ).toBe(404);
      expect((await call(farmer, 'GET', `/api/units/${arable}/surveys`)).status).toBe(403);
    });
  });

  describe("a farm's draft and submit", () => {
    it('opens a survey with its pages, no response yet and the prefill of what its records give', async () => {
      await call(farmer, 'POST', `/api/units/${lowerDale}/records/monthly`, {
        month: '2026-10-01',
        milk_sold_litres: 180_000,
        cows_in_milk: 190,
        somatic_cell_count: 150,
      });
      await call(farmer, 'POST', `/api/units/${lowerDale}/records/monthly`, {
        month: '2026-09-01',
        milk_sold_litres: 170_000,
        cows_in_milk: 186,
        somatic_cell_count: 170,
      });
      const { status, data } = await call<SurveyForUnit>(
        farmer,
        'GET',
        `/api/units/${lowerDale}/surveys/${SUSTAINABILITY}`,
      );
      expect(status).toBe(200);
      expect(data.response).toBeNull();
      expect(data.editable).toBe(true);
      expect(data.survey.version).toBe(2);
      expect(data.survey.pages.map((p) => p.id)).toEqual([
        'farm',
        'carbon',
        'nutrients',
        'water',
        'biodiversity',
        'energy',
      ]);
      expect(data.prefill.answers.farm).toEqual({ milking_herd: 190, milk_sold_litres: 350_000 });
      expect(data.prefill.sources['/farm/milking_herd']).toMatchObject({
        kind: 'record',
        recordType: 'monthly',
        label: 'Monthly record, Oct 2026',
        path: '/unit/records/monthly',
      });
      expect(data.prefill.sources['/farm/milk_sold_litres']?.recordIds).toHaveLength(2);

      const health = await call<SurveyForUnit>(
        farmer,
        'GET',
        `/api/units/${lowerDale}/surveys/${HERD_HEALTH}`,
      );
      expect(health.data.prefill.answers.udder).toEqual({ average_scc: 160 });
    });

    it('keeps a draft on the server, pinned to the version it started on, and refuses answers the survey does not ask', async () => {
      const url = `/api/units/${lowerDale}/surveys/${SUSTAINABILITY}/draft`;
      const saved = await call<SurveyResponse>(farmer, 'PUT', url, {
        answers: { farm: { milking_herd: 190 }, carbon: { footprint_done: true } },
      });
      expect(saved.status).toBe(200);
      expect(saved.data).toMatchObject({
        status: 'draft',
        surveyVersion: 2,
        answers: { farm: { milking_herd: 190 }, carbon: { footprint_done: true } },
        submittedAt: null,
        history: [],
        updatedBy: { id: farmer.user.id, name: 'Tom Hargreaves', side: 'farm' },
      });
      // "Another device": the next read has the draft.
      const again = await call<SurveyForUnit>(
        farmer,
        'GET',
        `/api/units/${lowerDale}/surveys/${SUSTAINABILITY}`,
      );
      expect(again.data.response?.answers.carbon).toEqual({ footprint_done: true });
      expect(again.data.summary).toMatchObject({ status: 'draft', pagesAnswered: 2 });

      const wrong = await call(farmer, 'PUT', url, {
        answers: { farm: { colour: 'red' }, extras: {} },
      });
      expect(wrong.status).toBe(406);
      expect(Object.keys(wrong.error?.errors ?? {})).toEqual(['/farm/colour', '/extras']);
      expect((await call(farmer, 'PUT', url, { answers: [] })).status).toBe(400);
    });

    it('makes one response of two first saves at once (a phone and a PC)', async () => {
      const url = `/api/units/${lowerDale}/surveys/${ANTIBIOTICS}/draft`;
      const [a, b] = await Promise.all([
        call<SurveyResponse>(farmer, 'PUT', url, { answers: { use: { mg_per_pcu: 12 } } }),
        call<SurveyResponse>(farmer, 'PUT', url, { answers: { use: { mg_per_pcu: 13 } } }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const { rows } = await t.db.query<{ n: number }>(
        'select count(*)::int as n from survey_responses where unit_id = $1 and survey_id = $2',
        [lowerDale, ANTIBIOTICS],
      );
      expect(rows[0]?.n).toBe(1);
    });

    it('submits only a complete, valid return (406 by question pointer), then locks it', async () => {
      const submit = `/api/units/${lowerDale}/surveys/${SUSTAINABILITY}/submit`;
      const incomplete = await call(farmer, 'POST', submit, {
        answers: { farm: { milking_herd: 190, milk_sold_litres: -5 } },
      });
      expect(incomplete.status).toBe(406);
      const errors = incomplete.error?.errors as Record<string, string[]>;
      expect(errors['/farm/milk_sold_litres']).toEqual([
        'Milk sold in the last 12 months (litres) must be at least 0',
      ]);
      expect(errors['/farm/farmed_area_ha']).toBeDefined();
      expect(errors['/carbon/footprint_done']).toBeDefined();
      // Nothing was saved by the refused submit.
      const kept = await call<SurveyForUnit>(
        farmer,
        'GET',
        `/api/units/${lowerDale}/surveys/${SUSTAINABILITY}`,
      );
      expect(kept.data.response?.answers.farm).toEqual({ milking_herd: 190 });

      const answers = {
        farm: { milking_herd: 190, milk_sold_litres: 2_100_000, farmed_area_ha: 142 },
        carbon: { footprint_done: true, footprint_tool: 'agrecalc', kg_co2e_per_kg_fpcm: 1.12 },
        nutrients: {
          nutrient_plan: true,
          slurry_storage_months: 5,
          low_emission_spreading: 'trailing_shoe',
        },
        water: { water_source: 'borehole', water_metered: true },
        biodiversity: { agri_environment_scheme: 'sfi' },
        energy: { renewable_generation: 'solar_pv', solar_kwp: 50 },
      };
      const done = await call<SurveyResponse>(farmer, 'POST', submit, {
        answers,
        comment: 'Footprint from our Agrecalc report of October.',
      });
      expect(done.status).toBe(200);
      expect(done.data).toMatchObject({ status: 'submitted', surveyVersion: 2, answers });
      expect(done.data.submittedBy?.name).toBe('Tom Hargreaves');
      expect(done.data.history.map((v) => [v.number, v.event, v.surveyVersion])).toEqual([
        [1, 'submitted', 2],
      ]);
      expect(done.data.comments.map((c) => [c.kind, c.by.side])).toEqual([['submit', 'farm']]);

      const draft = await call(
        farmer,
        'PUT',
        `/api/units/${lowerDale}/surveys/${SUSTAINABILITY}/draft`,
        {
          answers,
        },
      );
      expect(draft.status).toBe(409);
      expect(draft.error?.type).toBe('Survey_Locked');
      expect((await call(farmer, 'POST', submit, { answers })).status).toBe(409);
      const read = await call<SurveyForUnit>(
        farmer,
        'GET',
        `/api/units/${lowerDale}/surveys/${SUSTAINABILITY}`,
      );
      expect(read.data.editable).toBe(false);
      expect(read.data.prefill).toEqual({ answers: {}, sources: {}, notes: [] });
    });

    it('keeps a response started on version 1 on version 1 after version 2 is published', async () => {
      // As if Lower Dale's return had been begun before version 2 (which added solar_kwp and
      // footprint_year) was published.
      await t.db.query(
        `update survey_responses set survey_version = 1, status = 'draft', submitted_at = null
         where unit_id = $1 and survey_id = $2`,
        [lowerDale, SUSTAINABILITY],
      );
      const pinned = await call<SurveyForUnit>(
        farmer,
        'GET',
        `/api/units/${lowerDale}/surveys/${SUSTAINABILITY}`,
      );
      expect(pinned.data.survey.version).toBe(1);
      expect(pinned.data.summary).toMatchObject({ version: 1, currentVersion: 2 });
      const energy = pinned.data.survey.pages.find((p) => p.id === 'energy');
      expect(Object.keys(energy?.schema.properties as object)).not.toContain('solar_kwp');
      const v2Only = await call(
        farmer,
        'PUT',
        `/api/units/${lowerDale}/surveys/${SUSTAINABILITY}/draft`,
        { answers: { energy: { solar_kwp: 50 } } },
      );
      expect(v2Only.status).toBe(406);
      expect(v2Only.error?.errors).toEqual({
        '/energy/solar_kwp': ['solar_kwp is not a question of this page'],
      });
      const saved = await call<SurveyResponse>(
        farmer,
        'PUT',
        `/api/units/${lowerDale}/surveys/${SUSTAINABILITY}/draft`,
        { answers: { energy: { renewable_generation: 'wind' } } },
      );
      expect(saved.data.surveyVersion).toBe(1);
    });

    it('takes no answers from company staff, and none once a survey has closed', async () => {
      expect(
        (
          await call(processor, 'PUT', `/api/units/${arable}/surveys/${GROWER_RETURN}/draft`, {
            answers: {},
          })
        ).status,
      ).toBe(403);
      const before = now;
      now = Date.parse('2027-01-02T10:00:00Z'); // past the herd health review's lateUntil
      // The session would have expired by then: keep it, the clock is what is being moved.
      await t.db.query(
        "update auth_tokens set expires_at = expires_at + interval '1 year' where key = $1",
        [farmer.auth_token.key],
      );
      try {
        const closed = await call(
          farmer,
          'PUT',
          `/api/units/${lowerDale}/surveys/${HERD_HEALTH}/draft`,
          {
            answers: {},
          },
        );
        expect(closed.status).toBe(409);
        const inbox = await call<ApiPaged<SurveySummary>>(
          farmer,
          'GET',
          `/api/units/${lowerDale}/surveys`,
        );
        expect(inbox.data.records.find((s) => s.id === HERD_HEALTH)?.status).toBe('closed');
      } finally {
        now = before;
      }
    });
  });

  describe("the provider's view", () => {
    const responses = `/api/surveys/${GROWER_RETURN}/responses`;

    it("lists only the staff's own provider's surveys, with counts of its units by status", async () => {
      const { status, data } = await call<ApiPaged<CompanySurveySummary>>(
        processor,
        'GET',
        '/api/surveys',
      );
      expect(status).toBe(200);
      expect(data.records.map((s) => s.id)).toEqual([GROWER_RETURN]);
      const counts = data.records[0]?.counts;
      const { rows } = await t.db.query<{ n: number }>(
        `select count(distinct up.unit_id)::int as n from unit_packages up
           join packages p on p.id = up.package_id where p.reference = 'fenland_fresh_grower_scheme'`,
      );
      expect(counts?.targeted).toBe(rows[0]?.n);
      const { targeted, ...byStatus } = counts ?? { targeted: 0 };
      expect(Object.values(byStatus).reduce((a, b) => a + b, 0)).toBe(targeted);
      expect(data.records[0]?.phase).toBe('open');

      // Acme Foods sends no surveys: the rule itself refuses its staff (provider_sends_surveys).
      expect((await call(buyer, 'GET', '/api/surveys')).status).toBe(403);
      expect((await call(buyer, 'GET', `/api/surveys/${GROWER_RETURN}`)).status).toBe(403);
      expect((await call(processor, 'GET', `/api/surveys/${SUSTAINABILITY}`)).status).toBe(404);
      expect((await call(farmer, 'GET', '/api/surveys')).status).toBe(403);
      const one = await call<CompanySurvey>(processor, 'GET', `/api/surveys/${GROWER_RETURN}`);
      expect(one.data.survey.pages.map((p) => p.id)).toEqual(['crops', 'sprays', 'delivery']);
    });

    it('follows a return from submit through query, resubmit, reopen and accept, keeping every version', async () => {
      const row = async () =>
        (
          await call<ApiPaged<CompanyResponseRow>>(
            processor,
            'GET',
            `${responses}?search=${encodeURIComponent('Highfield Arable')}`,
          )
        ).data.records[0];
      expect(await row()).toMatchObject({ status: 'not-started', surveyVersion: null });

      const submitted = await call<SurveyResponse>(
        multi,
        'POST',
        `/api/units/${arable}/surveys/${GROWER_RETURN}/submit`,
        { answers: GROWER_ANSWERS },
      );
      expect(submitted.status).toBe(200);
      expect((await row())?.status).toBe('submitted');
      const filtered = await call<ApiPaged<CompanyResponseRow>>(
        processor,
        'GET',
        `${responses}?status=submitted`,
      );
      expect(filtered.data.records.every((r) => r.status === 'submitted')).toBe(true);
      expect(filtered.data.records.map((r) => r.unit.name)).toContain('Highfield Arable');

      const one = `${responses}/${arable}`;
      const read = await call<CompanyResponse>(processor, 'GET', one);
      expect(read.data.row.actions).toEqual(['accept', 'query', 'reopen']);
      expect(read.data.response?.answers).toEqual(GROWER_ANSWERS);

      expect((await call(processor, 'POST', `${one}/query`, {})).status).toBe(406);
      const queried = await call<CompanyResponse>(processor, 'POST', `${one}/query`, {
        comment: 'Please give the green beans field name.',
      });
      expect(queried.data.response?.status).toBe('queried');
      // The farm sees the query and may change its answers.
      const farmView = await call<SurveyForUnit>(
        multi,
        'GET',
        `/api/units/${arable}/surveys/${GROWER_RETURN}`,
      );
      expect(farmView.data.editable).toBe(true);
      expect(farmView.data.response?.comments.at(-1)).toMatchObject({
        kind: 'query',
        text: 'Please give the green beans field name.',
        by: { name: 'Priya Shah', side: 'provider' },
      });
      const fixed = structuredClone(GROWER_ANSWERS);
      (fixed.crops.crops[1] as Record<string, unknown>).field_name = 'Fen Piece';
      const resubmitted = await call<SurveyResponse>(
        multi,
        'POST',
        `/api/units/${arable}/surveys/${GROWER_RETURN}/submit`,
        { answers: fixed, comment: 'Added: Fen Piece.' },
      );
      expect(resubmitted.data.status).toBe('submitted');

      const reopened = await call<CompanyResponse>(processor, 'POST', `${one}/reopen`, {
        comment: 'Reopened for the delivered tonnes after the last load.',
      });
      expect(reopened.data.response?.status).toBe('reopened');
      expect(
        (
          await call(multi, 'POST', `/api/units/${arable}/surveys/${GROWER_RETURN}/submit`, {
            answers: fixed,
          })
        ).status,
      ).toBe(200);
      const accepted = await call<CompanyResponse>(processor, 'POST', `${one}/accept`, {});
      expect(accepted.data.response?.status).toBe('accepted');
      expect((await call(processor, 'POST', `${one}/accept`, {})).status).toBe(409);

      const history = accepted.data.response?.history ?? [];
      expect(history.map((v) => v.event)).toEqual([
        'submitted',
        'queried',
        'submitted',
        'reopened',
        'submitted',
        'accepted',
      ]);
      // Both versions of the answers are kept.
      expect(history[0]?.answers).toEqual(GROWER_ANSWERS);
      expect(history[2]?.answers).toEqual(fixed);
      expect(accepted.data.response?.comments.map((c) => c.kind)).toEqual([
        'query',
        'submit',
        'reopen',
      ]);
      // Only the provider's staff reopen.
      expect((await call(multi, 'POST', `${one}/reopen`, {})).status).toBe(403);
      // Accepted: read-only for the farm.
      expect(
        (
          await call(multi, 'PUT', `/api/units/${arable}/surveys/${GROWER_RETURN}/draft`, {
            answers: fixed,
          })
        ).status,
      ).toBe(409);
    });

    it('records a reminder as an in-portal notice that the farm sees unless it turned them off', async () => {
      const target = (
        await call<ApiPaged<CompanyResponseRow>>(
          processor,
          'GET',
          `${responses}?status=not-started&per_page=1`,
        )
      ).data.records[0];
      expect(target).toBeDefined();
      const reminded = await call<CompanyResponse>(
        processor,
        'POST',
        `${responses}/${target?.unit.id}/remind`,
      );
      expect(reminded.status).toBe(200);
      expect(reminded.data.row.lastReminder).toMatchObject({
        by: { id: processor.user.id, name: 'Priya Shah' },
        at: '2026-11-24T10:00:00Z',
      });
      // A return already accepted needs no reminder.
      expect((await call(processor, 'POST', `${responses}/${arable}/remind`)).status).toBe(409);

      // Highfield Arable's own reminder, for multi@ to see.
      await t.db.query(
        `update survey_responses set status = 'reopened' where unit_id = $1 and survey_id = $2`,
        [arable, GROWER_RETURN],
      );
      expect((await call(processor, 'POST', `${responses}/${arable}/remind`)).status).toBe(200);
      const notices = await call<ApiPaged<PortalNotice>>(
        multi,
        'GET',
        `/api/units/${arable}/notices`,
      );
      expect(notices.data.records).toHaveLength(1);
      const notice = notices.data.records[0] as PortalNotice;
      expect(notice).toMatchObject({
        kind: 'survey-reminder',
        title: 'Reminder: Grower Return: 2026 Season',
        from: { reference: 'fenland_fresh' },
        by: { name: 'Priya Shah' },
        path: `/unit/surveys/${GROWER_RETURN}`,
        readAt: null,
      });
      const read = await call<PortalNotice>(
        multi,
        'POST',
        `/api/units/${arable}/notices/${notice.id}/read`,
      );
      expect(read.data.readAt).not.toBeNull();
      const unread = await call<ApiPaged<PortalNotice>>(
        multi,
        'GET',
        `/api/units/${arable}/notices?unread=true`,
      );
      expect(unread.data.total_records).toBe(0);

      const fenland = (
        await t.db.query<{ id: number }>(
          "select id from providers where reference = 'fenland_fresh'",
        )
      ).rows[0]?.id;
      const settings = await call<Record<string, boolean>>(
        multi,
        'GET',
        `/api/users/me/notifications/${fenland}`,
      );
      expect(settings.data.survey_reminders).toBe(true);
      const off = await call(multi, 'PUT', `/api/users/me/notifications/${fenland}`, {
        ...settings.data,
        survey_reminders: false,
      });
      expect(off.status).toBe(200);
      const hidden = await call<ApiPaged<PortalNotice>>(
        multi,
        'GET',
        `/api/units/${arable}/notices`,
      );
      expect(hidden.data.total_records).toBe(0);
      await call(multi, 'PUT', `/api/users/me/notifications/${fenland}`, settings.data);
      // Another farm's user sees none of it.
      expect((await call(farmer, 'GET', `/api/units/${arable}/notices`)).status).toBe(403);
    });

    it('exports every answer as CSV: one row per unit, one column per question, with the version', async () => {
      const response = await signedInject(
        t.app,
        processor.auth_token,
        'GET',
        `${responses}.csv`,
        undefined,
        {
          timestamp: Math.floor(now / 1000),
        },
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(
        `${GROWER_RETURN}-responses-2026-11-24.csv`,
      );
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(
        /^Unit ID,Unit,Farm,Holding number,Status,Survey version,Submitted at,Crops and areas: Crops grown for Fenland Fresh,/,
      );
      expect(lines[0]).toContain(
        'Sprays applied: Has the sprayer passed its NSTS test within its due date?',
      );
      expect(lines).toHaveLength(1 + Number(response.headers['x-total-count']));
      const highfield = lines.find((l) => l.startsWith(`${arable},Highfield Arable,`));
      expect(highfield).toContain(',1,'); // the survey version
      // A list of crops: each crop's answers in the order asked, choices by their titles.
      expect(highfield).toContain(
        '"Vining peas, Span, Top Field, 12.5; Green beans, Naches, Fen Piece, 6"',
      );
    });

    it("refuses the staff another provider's units and surveys", async () => {
      expect(
        (await call(processor, 'GET', `/api/surveys/${GROWER_RETURN}/responses/${lowerDale}`))
          .status,
      ).toBe(403);
      expect(
        (await call(processor, 'GET', `/api/surveys/${SUSTAINABILITY}/responses/${lowerDale}`))
          .status,
      ).toBe(404);
      expect(
        (
          await call(
            processor,
            'POST',
            `/api/surveys/${SUSTAINABILITY}/responses/${lowerDale}/reopen`,
            {},
          )
        ).status,
      ).toBe(404);
      expect((await call(buyer, 'GET', `${responses}/${arable}`)).status).toBe(403);
    });

    it("shows dairy@ (Moorland Vale Dairies) its own surveys and farmer@'s Lower Dale Dairy among the units asked", async () => {
      const dairy = await loginAs(t.app, 'dairy@example.com');
      const list = await call<ApiPaged<CompanySurveySummary>>(dairy, 'GET', '/api/surveys');
      expect(list.status).toBe(200);
      expect(list.data.records.map((s) => s.id).sort()).toEqual(
        [ANTIBIOTICS, SUSTAINABILITY, HERD_HEALTH].sort(),
      );
      const units = await call<ApiPaged<CompanyResponseRow>>(
        dairy,
        'GET',
        `/api/surveys/${HERD_HEALTH}/responses?search=${encodeURIComponent('Lower Dale')}`,
      );
      expect(units.data.records.map((r) => r.unit.id)).toEqual([lowerDale]);
      expect((await call(dairy, 'GET', `/api/surveys/${GROWER_RETURN}`)).status).toBe(404);
      expect((await call(dairy, 'GET', `${responses}/${arable}`)).status).toBe(404);
    });

    it('lists on each row exactly the actions its endpoints take, the others refused with 409', async () => {
      const actions = ['remind', 'accept', 'query', 'reopen'] as const;
      // A unit that has not answered, so that no other test's return is touched.
      const unit = (
        await call<ApiPaged<CompanyResponseRow>>(
          processor,
          'GET',
          `${responses}?status=not-started&per_page=1`,
        )
      ).data.records[0]?.unit;
      if (!unit) throw new Error('no unit has yet to answer');
      const clear = () =>
        t.db.query('delete from survey_responses where unit_id = $1 and survey_id = $2', [
          unit.id,
          GROWER_RETURN,
        ]);
      /** The unit's return put in a stored status (or none), as its row then reads. */
      const inStatus = async (stored: string | null) => {
        await clear();
        if (stored !== null) {
          await t.db.query(
            `insert into survey_responses (unit_id, survey_id, survey_version, status, answers, submitted_at)
             values ($1, $2, 1, $3, $4, case when $3 = 'draft' then null else now() end)`,
            [unit.id, GROWER_RETURN, stored, JSON.stringify(GROWER_ANSWERS)],
          );
        }
        const page = await call<ApiPaged<CompanyResponseRow>>(
          processor,
          'GET',
          `${responses}?search=${encodeURIComponent(unit.holdingNumber)}`,
        );
        const row = page.data.records.find((r) => r.unit.id === unit.id);
        if (!row) throw new Error(`${unit.name} is not on the list`);
        return row;
      };
      const stored = [null, 'draft', 'submitted', 'accepted', 'queried', 'reopened'] as const;
      /** Each action tried on a fresh copy of the status: 200 when the row lists it, else 409. */
      const check = async () => {
        const seen: string[] = [];
        for (const status of stored) {
          for (const action of actions) {
            const row = await inStatus(status);
            seen.push(`${row.status}: ${row.actions.join(' ')}`);
            const answer = await call(
              processor,
              'POST',
              `${responses}/${unit.id}/${action}`,
              action === 'query' ? { comment: 'Please check the areas.' } : {},
            );
            expect(answer.status, `${action} on a ${row.status} return`).toBe(
              row.actions.includes(action) ? 200 : 409,
            );
          }
        }
        return [...new Set(seen)];
      };
      // While the survey is open.
      expect(await check()).toEqual([
        'not-started: remind',
        'draft: remind',
        'submitted: accept query reopen',
        'accepted: query reopen',
        'queried: remind',
        'reopened: remind',
      ]);
      // After its late window: an unanswered unit is closed and takes nothing, while a return
      // sent back by a query or reopen may still be reminded (the farm may still answer it).
      const saved = now;
      now = Date.parse('2027-02-15T10:00:00Z');
      // The session would have expired by then: keep it, the clock is what is being moved.
      await t.db.query(
        "update auth_tokens set expires_at = expires_at + interval '1 year' where key = $1",
        [processor.auth_token.key],
      );
      try {
        expect(await check()).toEqual([
          'closed: ',
          'submitted: accept query reopen',
          'accepted: query reopen',
          'queried: remind',
          'reopened: remind',
        ]);
      } finally {
        now = saved;
        await clear();
      }
    });
  });

  describe('submissions', () => {
    it('lists survey returns and sent records together, filtered by provider, year and type, and as CSV', async () => {
      // Highfield Arable's seeded loads and QC results (server/seed/intake.ts) are set aside:
      // this test counts only the records it writes.
      await t.db.query(
        `delete from records where unit_id = $1 and record_type in ('load-passport', 'qc-result')`,
        [arable],
      );
      await t.db.query(
        `insert into records (unit_id, record_type, data) values
           ($1, 'grower-return', '{"season": "2025", "submitted_date": "2025-09-30", "crop": "Vining peas", "variety": "Span", "field_name": "Top Field", "area_planted_ha": 12}'),
           ($1, 'load-passport', '{"passport_number": "FF-26-0412", "load_date": "2026-07-14", "crop": "Vining peas"}')`,
        [arable],
      );
      const url = `/api/units/${arable}/submissions`;
      const all = await call<ApiPaged<SubmissionItem>>(multi, 'GET', url);
      expect(all.status).toBe(200);
      expect(all.data.records.map((i) => [i.type, i.date, i.status, i.provider.reference])).toEqual(
        [
          ['survey', '2026-11-24', 'reopened', 'fenland_fresh'],
          ['load-passport', '2026-07-14', 'submitted', 'fenland_fresh'],
          ['grower-return', '2025-09-30', 'submitted', 'fenland_fresh'],
        ],
      );
      expect(all.data.records[0]).toMatchObject({
        title: 'Grower Return: 2026 Season',
        path: `/unit/surveys/${GROWER_RETURN}`,
        surveyVersion: 1,
      });
      const passport = all.data.records[1] as SubmissionItem;
      expect(passport.title).toBe('Load passport: FF-26-0412 · Vining peas');
      const year = await call<ApiPaged<SubmissionItem>>(multi, 'GET', `${url}?year=2025`);
      expect(year.data.records.map((i) => i.type)).toEqual(['grower-return']);
      const type = await call<ApiPaged<SubmissionItem>>(multi, 'GET', `${url}?type=survey`);
      expect(type.data.records.map((i) => i.type)).toEqual(['survey']);
      const other = await call<ApiPaged<SubmissionItem>>(
        multi,
        'GET',
        `${url}?provider=tillwell_agronomy`,
      );
      expect(other.data.total_records).toBe(0);
      expect((await call(multi, 'GET', `${url}?year=twenty`)).status).toBe(400);

      const csv = await signedInject(
        t.app,
        multi.auth_token,
        'GET',
        `${url}.csv?year=2026`,
        undefined,
        {
          timestamp: Math.floor(now / 1000),
        },
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['x-total-count']).toBe('2');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Type,Title,Provider,Date,Status,Survey version,Link');
      expect(lines[1]).toBe(
        `Survey,Grower Return: 2026 Season,Fenland Fresh Produce,2026-11-24,reopened,1,/unit/surveys/${GROWER_RETURN}`,
      );

      const record = await call<SubmissionRecordReturn>(
        multi,
        'GET',
        `/api/units/${arable}${passport.path.replace('/unit', '')}`,
      );
      expect(record.status).toBe(200);
      expect(record.data.record.data.passport_number).toBe('FF-26-0412');
      expect(record.data.recordType.name).toBe('load-passport');
      expect((await call(farmer, 'GET', url)).status).toBe(403);
    });
  });
});
