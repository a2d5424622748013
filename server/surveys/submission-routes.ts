import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  SubmissionItem,
  SubmissionRecordReturn,
  SubmissionType,
} from '../../shared/surveys/types.ts';
import { SUBMISSION_TYPES } from '../../shared/surveys/types.ts';
import { recordsCategory } from '../../shared/consent/types.ts';
import { authOf } from '../auth/request-auth.ts';
import { noteRead } from '../consent/access-log.ts';
import { positiveId } from '../accounts/access.ts';
import { grantsOf, type RouteGuard } from '../access/route-rules.ts';
import { exportFileName, sendCsv, type CsvColumn } from '../export/csv-export.ts';
import { unitName } from '../export/unit-name.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { pagedResult, pageRequest } from '../http/paging.ts';
import { ok } from '../http/respond.ts';
import type { SurveyDeps } from './farm-routes.ts';
import {
  recordItem,
  submissionsOf,
  SUBMITTED_RECORD_TYPES,
  type SubmissionFilter,
} from './submissions.ts';
import { plansById } from './targeting.ts';

interface Query {
  provider?: string;
  year?: string;
  type?: string;
  page?: string;
  per_page?: string;
}

const TYPE_TITLES: Record<SubmissionType, string> = {
  survey: 'Survey',
  'grower-return': 'Grower return',
  'load-passport': 'Load passport',
  'qc-result': 'QC result',
};

const COLUMNS: CsvColumn<SubmissionItem>[] = [
  { title: 'Type', value: (i) => TYPE_TITLES[i.type] },
  { title: 'Title', value: (i) => i.title },
  { title: 'Provider', value: (i) => i.provider.name },
  { title: 'Date', value: (i) => i.date },
  { title: 'Status', value: (i) => i.status },
  { title: 'Survey version', value: (i) => i.surveyVersion },
  { title: 'Link', value: (i) => i.path },
];

/** The category of the unit's data a submission is (config/consent.json, or records:<type>). */
const categoryOf = (type: SubmissionType) =>
  type === 'survey' ? 'surveys' : recordsCategory(type);

function filterOf(query: Query): SubmissionFilter {
  const filter: SubmissionFilter = {};
  if (query.provider !== undefined && query.provider !== '') {
    if (!/^[a-z0-9_]{1,80}$/.test(query.provider)) {
      throw badRequest('provider must be a provider reference.', { provider: 'is invalid' });
    }
    filter.provider = query.provider;
  }
  if (query.year !== undefined && query.year !== '') {
    const year = Number(query.year);
    if (!/^\d{4}$/.test(query.year) || year < 2000 || year > 2100) {
      throw badRequest('year must be a year from 2000 to 2100.', { year: 'is invalid' });
    }
    filter.year = year;
  }
  if (query.type !== undefined && query.type !== '') {
    if (!SUBMISSION_TYPES.includes(query.type as SubmissionType)) {
      throw badRequest(`type must be one of: ${SUBMISSION_TYPES.join(', ')}.`, {
        type: 'is invalid',
      });
    }
    filter.type = query.type as SubmissionType;
  }
  return filter;
}

/**
 * /unit/submissions (issue 18, point 3): one list of what the unit has sent its providers, its
 * CSV, and a submitted record read-only. Rule `submissions`, with the unit's plans that include
 * it: only those plans' providers' returns are listed.
 */
export function registerSubmissionRoutes(app: FastifyInstance, deps: SurveyDeps): void {
  const { db } = deps;
  const guard: RouteGuard = { rule: 'submissions', scope: 'unit' };
  const plansOf = (request: FastifyRequest) =>
    plansById(
      db,
      grantsOf(request)
        .map((g) => g.plan?.id)
        .filter((id): id is number => id !== undefined),
    );

  /** What the farm withholds from company staff's provider (issue 20 point 3); farms: none. */
  const withheldOf = (request: FastifyRequest) =>
    new Set(grantsOf(request).flatMap((g) => g.state.withheld ?? []));

  async function list(request: FastifyRequest<{ Params: { unitId: string }; Querystring: Query }>) {
    const unitId = positiveId(request.params.unitId, 'unitId');
    const filter = filterOf(request.query);
    const withheld = withheldOf(request);
    const items = (
      await submissionsOf(
        db,
        unitId,
        await plansOf(request),
        deps.surveys,
        deps.recordTypes,
        filter,
      )
    ).filter((item) => !withheld.has(categoryOf(item.type)));
    noteRead(request, {
      unitId,
      categories: [...new Set(items.map((item) => categoryOf(item.type)))],
      what: 'Submissions',
    });
    return { unitId, items };
  }

  app.get<{ Params: { unitId: string }; Querystring: Query }>(
    '/units/:unitId/submissions',
    { config: { access: 'user', guard } },
    async (request) => {
      const page = pageRequest(request.query);
      const { items } = await list(request);
      return ok(
        pagedResult(page, items.length, items.slice(page.offset, page.offset + page.perPage)),
      );
    },
  );

  app.get<{ Params: { unitId: string }; Querystring: Query }>(
    '/units/:unitId/submissions.csv',
    { config: { access: 'user', guard } },
    async (request, reply) => {
      const { unitId, items } = await list(request);
      const unit = await unitName(db, unitId);
      return sendCsv(
        reply,
        {
          name: exportFileName([unit, 'submissions'], new Date(deps.clock())),
          totalRows: items.length,
        },
        COLUMNS,
        async (limit, offset) => items.slice(offset, offset + limit),
      );
    },
  );

  app.get<{ Params: { unitId: string; recordId: string } }>(
    '/units/:unitId/submissions/records/:recordId',
    { config: { access: 'user', guard } },
    async (request) => {
      const unitId = positiveId(request.params.unitId, 'unitId');
      const recordId = positiveId(request.params.recordId, 'recordId');
      const { rows } = await db.query<{
        id: number;
        unit_id: number;
        record_type: string;
        data: Record<string, unknown>;
      }>(
        `select id, unit_id, record_type, data from records
         where id = $1 and unit_id = $2 and record_type = any($3::text[])`,
        [recordId, unitId, SUBMITTED_RECORD_TYPES],
      );
      const record = rows[0];
      const type = record && deps.recordTypes.get(record.record_type);
      const item = record && type && recordItem(type, record, await plansOf(request));
      if (!record || !type || !item) {
        throw notFound(`There is no submitted return ${String(recordId)} on this unit.`);
      }
      const category = categoryOf(item.type);
      if (withheldOf(request).has(category))
        throw await deps.access.refused(authOf(request).user, 'submissions', { unitId }, [
          category,
        ]);
      noteRead(request, { unitId, categories: [category], what: 'Submissions: a return' });
      const answer: SubmissionRecordReturn = {
        item,
        record,
        recordType: {
          name: type.name,
          title: type.title,
          itemTitle: type.itemTitle ?? type.name,
          schema: type.schema,
          uiSchema: type.uiSchema,
        },
      };
      return ok(answer);
    },
  );
}
