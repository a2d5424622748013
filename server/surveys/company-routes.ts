import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  CompanyResponse,
  CompanyResponseAction,
  CompanySurvey,
  CompanySurveySummary,
  SurveyStatus,
} from '../../shared/surveys/types.ts';
import { SURVEY_STATUSES } from '../../shared/surveys/types.ts';
import { assertUnitVisible, positiveId } from '../accounts/access.ts';
import type { RouteGuard } from '../access/route-rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Queryable } from '../db/index.ts';
import { exportFileName, sendCsv } from '../export/csv-export.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import { logReadsNow, noteRead } from '../consent/access-log.ts';
import { unitsWithholding } from '../consent/store.ts';
import { locked } from './answers.ts';
import {
  countUnits,
  responseRowOf,
  selectUnits,
  statusCounts,
  type UnitFilter,
  type UnitRow,
} from './company-query.ts';
import { currentVersion, definitionOf, versionOf, type Survey } from './definitions.ts';
import { commentOf, pinnedVersion, type SurveyDeps } from './farm-routes.ts';
import { allowedActions, refusalOf, STATUS_CHANGES } from './response-actions.ts';
import { responseCsvColumns } from './responses-csv.ts';
import { nowIso, phaseOf, todayOf } from './status.ts';
import {
  actorOf,
  addComment,
  findResponse,
  fullResponse,
  keepVersion,
  reminderNotice,
} from './store.ts';

interface Params {
  surveyId: string;
  unitId: string;
}

interface Provider {
  id: number;
  reference: string;
  name: string;
}

/** The category of a unit's data its survey answers are (config/consent.json). */
const SURVEYS = 'surveys';
const RESPONSE_WHAT = 'Survey Responses: a return';
const CSV_WHAT = 'Survey Responses: the responses file';

/**
 * Company staff's side of surveys (issue 18, point 4): their own provider's surveys with counts
 * by status, the units each is addressed to, a unit's response, and accept, query, reopen and
 * remind. Rule `survey-responses`; another provider's survey answers 404 as if it did not exist,
 * a unit the staff may not see 403, a unit the survey is not addressed to 404.
 */
export function registerCompanySurveyRoutes(app: FastifyInstance, deps: SurveyDeps): void {
  const { db, surveys } = deps;
  const guard: RouteGuard = { rule: 'survey-responses', scope: 'none' };

  async function providerOf(request: FastifyRequest, q: Queryable = db): Promise<Provider> {
    const { user } = authOf(request);
    if (!user.provider) throw notFound('Your organisation sends no surveys.');
    const { rows } = await q.query<Provider>(
      'select id, reference, name from providers where id = $1',
      [user.provider.id],
    );
    const provider = rows[0];
    if (!provider) throw notFound('Your organisation sends no surveys.');
    return provider;
  }

  /** Of these rows, the units whose farm withholds its survey answers from the provider. */
  const withholding = (
    rows: readonly UnitRow[],
    provider: Provider,
    today: string,
    q: Queryable = db,
  ) =>
    unitsWithholding(
      q,
      rows.map((r) => r.unit_id),
      provider.id,
      [SURVEYS],
      today,
    );

  const ownSurveys = (provider: Provider) =>
    [...surveys.values()].filter((s) => currentVersion(s).file.provider === provider.reference);

  function ownSurvey(provider: Provider, surveyId: string): Survey {
    const survey = surveys.get(surveyId);
    if (!survey || currentVersion(survey).file.provider !== provider.reference) {
      throw notFound(`There is no survey "${surveyId}" of yours.`);
    }
    return survey;
  }

  async function summaryOf(
    survey: Survey,
    provider: Provider,
    today: string,
  ): Promise<CompanySurveySummary> {
    const file = currentVersion(survey).file;
    const definition = definitionOf(currentVersion(survey), provider);
    return {
      id: survey.id,
      currentVersion: file.version,
      versions: survey.versions.map((v) => v.file.version),
      title: file.title,
      description: definition.description,
      provider: definition.provider,
      targets: definition.targets,
      opensOn: file.opensOn,
      closesOn: file.closesOn,
      lateUntil: file.lateUntil ?? null,
      phase: phaseOf(file, today),
      counts: await statusCounts(db, survey, provider.id, today),
    };
  }

  function filterOf(query: { status?: string; search?: string }): UnitFilter {
    if (query.status !== undefined && !SURVEY_STATUSES.includes(query.status as SurveyStatus)) {
      throw badRequest(`status must be one of: ${SURVEY_STATUSES.join(', ')}.`, {
        status: 'is invalid',
      });
    }
    if (query.search !== undefined && query.search.length > 100) {
      throw badRequest('search is at most 100 characters.', { search: 'is too long' });
    }
    return {
      ...(query.status === undefined ? {} : { status: query.status as SurveyStatus }),
      ...(query.search === undefined ? {} : { search: query.search }),
    };
  }

  app.get<{ Querystring: { phase?: string; page?: string; per_page?: string } }>(
    '/surveys',
    { config: { access: 'user', guard } },
    async (request) => {
      const provider = await providerOf(request);
      const page = pageRequest(request.query);
      const phase = request.query.phase;
      if (phase !== undefined && !['upcoming', 'open', 'late', 'closed'].includes(phase)) {
        throw badRequest('phase must be one of: upcoming, open, late, closed.', {
          phase: 'is invalid',
        });
      }
      const today = todayOf(deps.clock);
      const chosen = ownSurveys(provider)
        .filter((s) => phase === undefined || phaseOf(currentVersion(s).file, today) === phase)
        .sort(
          (a, b) =>
            currentVersion(b).file.closesOn.localeCompare(currentVersion(a).file.closesOn) ||
            a.id.localeCompare(b.id),
        );
      const shown = chosen.slice(page.offset, page.offset + page.perPage);
      const records = [];
      for (const survey of shown) records.push(await summaryOf(survey, provider, today));
      return ok(pagedResult(page, chosen.length, records));
    },
  );

  app.get<{ Params: { surveyId: string }; Querystring: { version?: string } }>(
    '/surveys/:surveyId',
    { config: { access: 'user', guard } },
    async (request) => {
      const provider = await providerOf(request);
      const survey = ownSurvey(provider, request.params.surveyId);
      const wanted =
        request.query.version === undefined
          ? currentVersion(survey)
          : versionOf(survey, positiveId(request.query.version, 'version'));
      if (!wanted) throw notFound(`Survey "${survey.id}" has no such version.`);
      const answer: CompanySurvey = {
        summary: await summaryOf(survey, provider, todayOf(deps.clock)),
        survey: definitionOf(wanted, provider),
      };
      return ok(answer);
    },
  );

  app.get<{
    Params: { surveyId: string };
    Querystring: { status?: string; search?: string; page?: string; per_page?: string };
  }>('/surveys/:surveyId/responses', { config: { access: 'user', guard } }, async (request) => {
    const provider = await providerOf(request);
    const survey = ownSurvey(provider, request.params.surveyId);
    const page = pageRequest(request.query);
    const filter = filterOf(request.query);
    const today = todayOf(deps.clock);
    const total = await countUnits(db, survey, provider.id, today, filter);
    const rows = await selectUnits(
      db,
      survey,
      provider.id,
      today,
      filter,
      page.perPage,
      page.offset,
    );
    const dates = currentVersion(survey).file;
    const withheld = await withholding(rows, provider, today);
    return ok(
      pagedResult(
        page,
        total,
        rows.map((r) => responseRowOf(r, dates, today, !withheld.has(r.unit_id))),
      ),
    );
  });

  app.get<{ Params: { surveyId: string }; Querystring: { status?: string; search?: string } }>(
    '/surveys/:surveyId/responses.csv',
    { config: { access: 'user', guard } },
    async (request, reply) => {
      const provider = await providerOf(request);
      const survey = ownSurvey(provider, request.params.surveyId);
      const filter = filterOf(request.query);
      const today = todayOf(deps.clock);
      const total = await countUnits(db, survey, provider.id, today, filter);
      return sendCsv(
        reply,
        {
          name: exportFileName([survey.id, 'responses'], new Date(deps.clock())),
          totalRows: total,
        },
        responseCsvColumns(survey),
        async (limit, offset) => {
          const rows = await selectUnits(db, survey, provider.id, today, filter, limit, offset);
          const withheld = await withholding(rows, provider, today);
          // A farm that withholds its answers is listed with its status and no answers.
          const shown = rows.map((r) => (withheld.has(r.unit_id) ? { ...r, answers: null } : r));
          await logReadsNow(
            db,
            request,
            shown
              .filter((r) => r.answers !== null)
              .map((r) => ({ unitId: r.unit_id, categories: [SURVEYS], what: CSV_WHAT })),
            deps.clock,
          );
          return shown;
        },
      );
    },
  );

  /** The survey, the unit (visible to the staff and addressed by the survey) and its response. */
  async function target(request: FastifyRequest<{ Params: Params }>, tx: Queryable = db) {
    const { user } = authOf(request);
    const provider = await providerOf(request, tx);
    const survey = ownSurvey(provider, request.params.surveyId);
    const unitId = positiveId(request.params.unitId, 'unitId');
    await assertUnitVisible(tx, user, unitId);
    const today = todayOf(deps.clock);
    const [unit] = await selectUnits(tx, survey, provider.id, today, { unitId }, 1, 0);
    if (!unit) throw notFound(`Survey "${survey.id}" is not addressed to unit ${String(unitId)}.`);
    if ((await withholding([unit], provider, today, tx)).size > 0)
      throw await deps.access.refused(user, 'survey-responses', { unitId }, [SURVEYS], tx);
    noteRead(request, { unitId, categories: [SURVEYS], what: RESPONSE_WHAT });
    return { user, provider, survey, unitId, unit, today };
  }

  async function answerOf(request: FastifyRequest<{ Params: Params }>): Promise<CompanyResponse> {
    const { provider, survey, unitId, unit, today } = await target(request);
    const row = await findResponse(db, unitId, survey.id);
    const dates = currentVersion(survey).file;
    return {
      row: responseRowOf(unit, dates, today),
      survey: definitionOf(pinnedVersion(survey, row), provider),
      response: row ? await fullResponse(db, row, dates, today) : null,
    };
  }

  app.get<{ Params: Params }>(
    '/surveys/:surveyId/responses/:unitId',
    { config: { access: 'user', guard } },
    async (request) => ok(await answerOf(request)),
  );

  /** 409 unless the return's row offers the action (allowedActions, the list's rule too). */
  function assertAllowed(
    action: CompanyResponseAction,
    survey: Survey,
    status: SurveyStatus,
    today: string,
  ) {
    const phase = phaseOf(currentVersion(survey).file, today);
    if (!allowedActions(status, phase).includes(action)) {
      throw locked(refusalOf(action, status, phase));
    }
  }

  /** accept, query and reopen: a change of status kept in the history, with a comment. */
  for (const action of STATUS_CHANGES) {
    app.post<{ Params: Params }>(
      `/surveys/:surveyId/responses/:unitId/${action.kind}`,
      { config: { access: 'user', guard } },
      async (request) => {
        const comment = commentOf(request.body, action.commentRequired);
        await db.transaction(async (tx) => {
          const { user, survey, unitId, unit, today } = await target(request, tx);
          const at = nowIso(deps.clock);
          assertAllowed(action.kind, survey, unit.status, today);
          const { rows } = await tx.query<{ id: number }>(
            `update survey_responses set status = $3, updated_at = $5::timestamptz
             where unit_id = $1 and survey_id = $2 and status = any($4::text[]) returning id`,
            [unitId, survey.id, action.to, action.from, at],
          );
          const id = rows[0]?.id;
          if (id === undefined) throw locked('The return changed meanwhile: reload it.');
          const by = actorOf(user);
          await keepVersion(tx, id, action.to, by, at);
          if (comment) await addComment(tx, id, action.kind, comment, by, at);
        });
        return ok(await answerOf(request));
      },
    );
  }

  app.post<{ Params: Params }>(
    '/surveys/:surveyId/responses/:unitId/remind',
    { config: { access: 'user', guard } },
    async (request) => {
      const { user, provider, survey, unitId, unit, today } = await target(request);
      assertAllowed('remind', survey, unit.status, today);
      const notice = reminderNotice(provider.name, currentVersion(survey).file);
      await db.query(
        `insert into notices (unit_id, provider_id, kind, survey_id, title, message, path, created_by,
           created_by_name, created_at)
         values ($1, $2, 'survey-reminder', $3, $4, $5, $6, $7, $8, $9::timestamptz)`,
        [
          unitId,
          provider.id,
          survey.id,
          notice.title,
          notice.message,
          notice.path,
          user.id,
          `${user.first_name} ${user.last_name}`,
          nowIso(deps.clock),
        ],
      );
      return ok(await answerOf(request));
    },
  );
}
