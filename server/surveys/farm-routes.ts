import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorType } from '../../shared/api.ts';
import { positiveId } from '../accounts/access.ts';
import type { SurveyForUnit, SurveyStatus, SurveySummary } from '../../shared/surveys/types.ts';
import { SURVEY_STATUSES } from '../../shared/surveys/types.ts';
import { grantsOf, type RouteGuard } from '../access/route-rules.ts';
import type { AccessRules } from '../access/rules.ts';
import { authOf } from '../auth/request-auth.ts';
import type { Db, Queryable } from '../db/index.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import type { RecordType } from '../records/record-types.ts';
import { assertSubmittable, draftAnswers, locked, pagesAnswered } from './answers.ts';
import {
  currentVersion,
  definitionOf,
  versionOf,
  type Survey,
  type SurveyVersion,
} from './definitions.ts';
import { surveyPrefill } from './prefill.ts';
import { daysBetween, farmMayEdit, nowIso, phaseOf, statusOf, todayOf } from './status.ts';
import {
  actorOf,
  addComment,
  findResponse,
  fullResponse,
  keepVersion,
  RESPONSE_COLUMNS,
  RESPONSE_FROM,
  submittedLate,
  type ResponseRow,
} from './store.ts';
import {
  addressedSurvey,
  addressedSurveys,
  plansById,
  type Addressed,
  type TargetPlan,
} from './targeting.ts';

interface Params {
  unitId: string;
  surveyId: string;
}

export interface SurveyDeps {
  db: Db;
  surveys: ReadonlyMap<string, Survey>;
  access: AccessRules;
  recordTypes: ReadonlyMap<string, RecordType>;
  clock: () => number;
}

/** The version a response is pinned to, or the current one before any is started. */
export function pinnedVersion(survey: Survey, row: ResponseRow | null): SurveyVersion {
  return (row && versionOf(survey, row.survey_version)) ?? currentVersion(survey);
}

/** A survey as a unit's inbox lists it. */
export function summaryOf(
  addressed: Addressed,
  row: ResponseRow | null,
  today: string,
): SurveySummary {
  const { survey, plans } = addressed;
  const current = currentVersion(survey);
  const shown = pinnedVersion(survey, row);
  const provider = plans[0];
  const dates = current.file;
  return {
    id: survey.id,
    version: shown.file.version,
    currentVersion: current.file.version,
    title: shown.file.title,
    description: shown.file.description ?? null,
    provider: {
      reference: provider?.provider_reference ?? '',
      name: provider?.provider_name ?? '',
    },
    plans: plans.map((p) => p.reference),
    opensOn: dates.opensOn,
    closesOn: dates.closesOn,
    lateUntil: dates.lateUntil ?? null,
    status: statusOf(row?.status ?? null, dates, today),
    daysToClose: daysBetween(today, dates.closesOn),
    submittedLate: submittedLate(row?.submitted_at ?? null, dates),
    updatedAt: row?.updated_at ?? null,
    submittedAt: row?.submitted_at ?? null,
    pageCount: shown.file.pages.length,
    pagesAnswered: row ? pagesAnswered(row.answers, shown) : 0,
  };
}

/** Those still to answer first (soonest due first), then the rest (latest due first). */
const ORDER: Record<SurveyStatus, number> = {
  late: 0,
  'not-started': 1,
  draft: 1,
  queried: 0,
  reopened: 0,
  submitted: 2,
  accepted: 2,
  closed: 3,
};

/**
 * A farm unit's surveys (issue 18, point 2): the inbox, one survey with its prefill, autosaved
 * drafts and submit. The rule `surveys` (reads) or `survey-answers` (writes: farm users only)
 * holds with the unit's plans that include surveys; a survey is the unit's when one of those
 * plans is one it targets, else 404 as if it did not exist.
 */
export function registerFarmSurveyRoutes(app: FastifyInstance, deps: SurveyDeps): void {
  const { db, surveys } = deps;
  const read: RouteGuard = { rule: 'surveys', scope: 'unit' };
  const write: RouteGuard = { rule: 'survey-answers', scope: 'unit' };

  /** The plans the rule held with (each grant's plan). */
  const grantedPlans = (request: FastifyRequest) =>
    plansById(
      db,
      grantsOf(request)
        .map((g) => g.plan?.id)
        .filter((id): id is number => id !== undefined),
    );

  async function theSurvey(request: FastifyRequest<{ Params: Params }>) {
    const unitId = positiveId(request.params.unitId, 'unitId');
    const addressed = addressedSurvey(
      surveys,
      await grantedPlans(request),
      request.params.surveyId,
    );
    return { unitId, addressed };
  }

  app.get<{
    Params: { unitId: string };
    Querystring: { status?: string; page?: string; per_page?: string };
  }>('/units/:unitId/surveys', { config: { access: 'user', guard: read } }, async (request) => {
    const unitId = positiveId(request.params.unitId, 'unitId');
    const page = pageRequest(request.query);
    const wanted = request.query.status;
    if (wanted !== undefined && !SURVEY_STATUSES.includes(wanted as SurveyStatus)) {
      throw badRequest(`status must be one of: ${SURVEY_STATUSES.join(', ')}.`, {
        status: 'is invalid',
      });
    }
    const today = todayOf(deps.clock);
    const inbox = await inboxOf(db, surveys, await grantedPlans(request), unitId, today);
    const list = inbox
      .filter((s) => wanted === undefined || s.status === wanted)
      .sort(
        (a, b) =>
          ORDER[a.status] - ORDER[b.status] ||
          (ORDER[a.status] < 2
            ? a.closesOn.localeCompare(b.closesOn)
            : b.closesOn.localeCompare(a.closesOn)) ||
          a.title.localeCompare(b.title),
      );
    return ok(pagedResult(page, list.length, list.slice(page.offset, page.offset + page.perPage)));
  });

  app.get<{ Params: Params }>(
    '/units/:unitId/surveys/:surveyId',
    { config: { access: 'user', guard: read } },
    async (request) => {
      const { user } = authOf(request);
      const { unitId, addressed } = await theSurvey(request);
      const today = todayOf(deps.clock);
      const row = await findResponse(db, unitId, addressed.survey.id);
      const summary = summaryOf(addressed, row, today);
      const version = pinnedVersion(addressed.survey, row);
      const editable = farmMayEdit(summary.status) && user.type === 'farm_employee';
      const answer: SurveyForUnit = {
        summary,
        survey: definitionOf(version, summary.provider),
        response: row
          ? await fullResponse(db, row, currentVersion(addressed.survey).file, today)
          : null,
        prefill: editable
          ? await surveyPrefill(
              { db, user, unitId, access: deps.access, recordTypes: deps.recordTypes },
              version.file,
            )
          : { answers: {}, sources: {}, notes: [] },
        editable,
      };
      return ok(answer);
    },
  );

  /** The response, locked for the rest of the transaction; 409 when the farm may not change it. */
  async function editableResponse(
    tx: Queryable,
    unitId: number,
    addressed: Addressed,
    today: string,
  ): Promise<ResponseRow | null> {
    const { rows } = await tx.query<ResponseRow>(
      `select ${RESPONSE_COLUMNS} from ${RESPONSE_FROM}
       where r.unit_id = $1 and r.survey_id = $2 for update of r`,
      [unitId, addressed.survey.id],
    );
    const row = rows[0] ?? null;
    const dates = currentVersion(addressed.survey).file;
    if (phaseOf(dates, today) === 'upcoming') {
      throw locked(`This survey opens on ${dates.opensOn}.`);
    }
    const status = statusOf(row?.status ?? null, dates, today);
    if (status === 'closed') {
      throw locked('This survey has closed: it no longer takes answers.');
    }
    if (!farmMayEdit(status)) {
      throw locked(
        status === 'accepted'
          ? 'This return has been accepted: it is read-only.'
          : 'This return has been submitted: it is read-only unless the provider queries or reopens it.',
      );
    }
    return row;
  }

  /**
   * Saves the answers on the response, made at the current version when there is none. Two first
   * saves at once (a phone and a PC) make one response: the second finds the first's row when it
   * is committed, and is checked against it as any later save.
   */
  async function saveAnswers(
    tx: Queryable,
    unitId: number,
    addressed: Addressed,
    row: ResponseRow | null,
    answers: Record<string, unknown>,
    userId: number,
    at: string,
    today: string,
  ): Promise<number> {
    let existing = row;
    if (!existing) {
      const { rows } = await tx.query<{ id: number }>(
        `insert into survey_responses (unit_id, survey_id, survey_version, status, answers, created_by,
           updated_by, created_at, updated_at)
         values ($1, $2, $3, 'draft', $4, $5, $5, $6::timestamptz, $6::timestamptz)
         on conflict (unit_id, survey_id) do nothing returning id`,
        [
          unitId,
          addressed.survey.id,
          currentVersion(addressed.survey).file.version,
          JSON.stringify(answers),
          userId,
          at,
        ],
      );
      const made = rows[0]?.id;
      if (made !== undefined) return made;
      existing = await editableResponse(tx, unitId, addressed, today);
      if (!existing) throw new Error('A response that conflicted on insert is missing.');
    }
    await tx.query(
      `update survey_responses set answers = $2, updated_by = $3, updated_at = $4::timestamptz where id = $1`,
      [existing.id, JSON.stringify(answers), userId, at],
    );
    return existing.id;
  }

  async function answerWith(unitId: number, addressed: Addressed, today: string) {
    const row = await findResponse(db, unitId, addressed.survey.id);
    if (!row) throw new Error('The response just saved is missing.');
    return fullResponse(db, row, currentVersion(addressed.survey).file, today);
  }

  app.put<{ Params: Params }>(
    '/units/:unitId/surveys/:surveyId/draft',
    // Committed with its Idempotency-Key's answer (server/idempotency/install.ts).
    { config: { access: 'user', guard: write, idempotency: 'joined' } },
    async (request) => {
      const { user } = authOf(request);
      const { unitId, addressed } = await theSurvey(request);
      const today = todayOf(deps.clock);
      await db.transaction(async (tx) => {
        const row = await editableResponse(tx, unitId, addressed, today);
        const answers = draftAnswers(request.body, pinnedVersion(addressed.survey, row));
        await saveAnswers(tx, unitId, addressed, row, answers, user.id, nowIso(deps.clock), today);
      });
      return ok(await answerWith(unitId, addressed, today));
    },
  );

  app.post<{ Params: Params }>(
    '/units/:unitId/surveys/:surveyId/submit',
    { config: { access: 'user', guard: write, idempotency: 'joined' } },
    async (request) => {
      const { user } = authOf(request);
      const { unitId, addressed } = await theSurvey(request);
      const today = todayOf(deps.clock);
      const comment = commentOf(request.body, false);
      await db.transaction(async (tx) => {
        const row = await editableResponse(tx, unitId, addressed, today);
        const version = pinnedVersion(addressed.survey, row);
        const answers = draftAnswers(request.body, version);
        assertSubmittable(answers, version);
        const at = nowIso(deps.clock);
        const id = await saveAnswers(tx, unitId, addressed, row, answers, user.id, at, today);
        await tx.query(
          `update survey_responses set status = 'submitted', submitted_at = $3::timestamptz, submitted_by = $2 where id = $1`,
          [id, user.id, at],
        );
        const by = actorOf(user);
        await keepVersion(tx, id, 'submitted', by, at);
        if (comment) await addComment(tx, id, 'submit', comment, by, at);
      });
      return ok(await answerWith(unitId, addressed, today));
    },
  );
}

/** A comment from a body {"comment"}: trimmed, at most 2000 characters; required or optional. */
export function commentOf(body: unknown, required: boolean): string | null {
  const value = (body as { comment?: unknown } | null | undefined)?.comment;
  if (value !== undefined && value !== null && typeof value !== 'string') {
    throw badRequest('comment must be text.', { comment: 'is not text' });
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length > 2000) {
    throw badRequest('A comment is at most 2000 characters.', { comment: 'is too long' });
  }
  if (required && text === '') {
    throw new HttpError(
      406,
      'Write the question for the farm in the comment.',
      ErrorType.Validation,
      {
        comment: ['Comment is required'],
      },
    );
  }
  return text === '' ? null : text;
}

/**
 * The unit's inbox: the surveys addressed to it through these plans, each as it stands today;
 * one not yet open is left out until its opening day, unless already answered. The inbox route
 * and the dashboard's surveys due both read it.
 */
export async function inboxOf(
  db: Queryable,
  surveys: ReadonlyMap<string, Survey>,
  plans: readonly TargetPlan[],
  unitId: number,
  today: string,
): Promise<SurveySummary[]> {
  const addressed = addressedSurveys(surveys, plans);
  const rows = await responsesOf(
    db,
    unitId,
    addressed.map((a) => a.survey.id),
  );
  return addressed
    .map((a) => summaryOf(a, rows.get(a.survey.id) ?? null, today))
    .filter((s) => s.opensOn <= today || s.updatedAt !== null);
}

/** The unit's responses to these surveys, by survey id. */
async function responsesOf(
  db: Queryable,
  unitId: number,
  surveyIds: readonly string[],
): Promise<Map<string, ResponseRow>> {
  if (surveyIds.length === 0) return new Map();
  const { rows } = await db.query<ResponseRow>(
    `select ${RESPONSE_COLUMNS} from ${RESPONSE_FROM} where r.unit_id = $1 and r.survey_id = any($2::text[])`,
    [unitId, surveyIds],
  );
  return new Map(rows.map((r) => [r.survey_id, r]));
}
